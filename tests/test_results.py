"""reports/results.py (docs/results.md, issue 16): its figures are the tables' figures, its interval is
Wilson's, its agreement test counts both samples' errors, and every undecided deal is listed."""

from __future__ import annotations

import importlib.util
import math
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pipeline_fake import FakeSolver  # noqa: E402
from pipeline_helpers import run, table_rows  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def _results():
    spec = importlib.util.spec_from_file_location("results", ROOT / "reports" / "results.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _wilson(won: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    p = won / n
    mid, half = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return 100 * (mid - half) / (1 + z * z / n), 100 * (mid + half) / (1 + z * z / n)


def test_results_page_reports_the_tables(capsys, tmp_path):
    data = tmp_path / "w"
    boards = "klondike-1,klondike-3"
    assert run(capsys, "--data", str(data), "sample", "--boards", boards, "--numbers-from", "16", "--count", "300")[0] == 0
    # A budget under the stand-in's largest need leaves some deals unknown.
    code, out, err = run(capsys, "--data", str(data), "solve", "--budget", "3000", "--quiet", solver=FakeSolver())
    assert code == 0, err
    (data / "run.log").write_text("commit: 0123456789abcdef0123\n" + out)
    rows = table_rows(data, "verdicts")
    page = _results().render(data)
    for board in boards.split(","):
        c = Counter(r["verdict"] for r in rows if r["board"] == board)
        n = sum(c.values())
        assert n == 300 and c["unknown"] > 0
        lo, hi = _wilson(c["won"], n)
        line = next(ln for ln in page.splitlines() if ln.startswith(f"| {board} |"))
        cells = [x.strip() for x in line.strip("|").split("|")]
        assert cells[1:6] == [f"{n:,}", f"{c['won']:,}", f"{c['lost']:,}", f"{c['unknown']:,}", f"{c['error']:,}"]
        assert cells[7] == f"{100 * c['won'] / n:.3f} % ({lo:.3f} – {hi:.3f})"
        assert cells[8] == f"{100 * (c['won'] + c['unknown']) / n:.3f} %"
        pub_p, pub_h = {"klondike-3": (0.81942, 0.0008), "klondike-1": (0.90454, 0.0009)}[board]
        p = c["won"] / n
        z = (p - pub_p) / math.sqrt(p * (1 - p) / n + (pub_h / 1.959963984540054) ** 2)
        said = next(ln for ln in page.splitlines() if ln.startswith(f"- {board}: "))
        assert f"{z:+.2f} standard errors" in said, said
    undecided = {r["code"] for r in rows if r["verdict"] == "unknown"}
    listed = {ln.split("`")[1] for ln in page.split("**Undecided deals**")[1].splitlines() if ln.count("`") == 2}
    assert listed == undecided
    assert "short of that" in page  # 300 deals a board, not 50,000
    m = next(ln for ln in page.splitlines() if ln.startswith("**Speed.**"))
    assert "600 deals solved" in m
    assert "commit `0123456789ab`" in page


def test_agreement_counts_both_errors():
    r = _results()
    assert "agrees" in r._agreement(1.5, 2.0)
    assert "undecided deals" in r._agreement(-2.5, -1.0)
    assert "larger than sampling error" in r._agreement(-3.0, -2.5)
    assert "larger than sampling error" in r._agreement(2.5, 3.0)
