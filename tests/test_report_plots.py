"""The report's PNGs drawn in a helper process (pipeline/report.py's `Painter`, issue 32): the same
bytes as drawn in the report's own process, and the same again when the helper fails (its share
is then drawn at home)."""

from __future__ import annotations

import hashlib
import re
import tempfile
from pathlib import Path

import pytest

from pipeline import report
from pipeline.store import Folder

BOARDS = "freecell,klondike-1,klondike-3"


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small pool (3 boards x 6 deals, graded): 3 board plots and the graded boards' grade plots."""
    from pipeline.cli import main

    data = tmp_path_factory.mktemp("plots") / "data"
    with pytest.raises(SystemExit) as e:
        main(["--data", str(data), "build", "--boards", BOARDS, "--numbers", "1-6", "--budget", "20000", "--workers", "1", "--quiet"])
    assert e.value.code == 0
    return data


def _pngs(data: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted((data / "plots").glob("*.png"))}


def _report(data: Path) -> tuple[dict[str, str], str]:
    for p in (data / "plots").glob("*.png"):
        p.unlink()
    report.write_report(Folder(data))
    html = (data / "report.html").read_text()
    return _pngs(data), re.sub(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", "(date)", html)  # the PNGs are inline too


def _leftovers() -> set[str]:
    return {p.name for p in Path(tempfile.gettempdir()).glob("dealpool-plots-*")}


def test_the_helper_draws_the_same_bytes_and_a_failed_helper_costs_only_time(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = _leftovers()
    monkeypatch.setattr(report, "HELPER_FROM", 10**9)
    alone = _report(data)
    jobs = report.plot_jobs(report.query_all(Folder(data)), report.headline(report.query_all(Folder(data))))
    assert len(jobs) >= 4 and {fn.__name__ for fn, _, _ in jobs} == {"board_plot", "grade_plot"}
    assert len(alone[0]) == len(jobs) + 2  # the two overview plots
    monkeypatch.setattr(report, "HELPER_FROM", 1)
    drawn = []
    real = report.Painter.finish

    def finish(self: report.Painter) -> None:
        drawn.append((self.proc is not None, len(self.theirs), len(self.mine)))
        real(self)

    monkeypatch.setattr(report.Painter, "finish", finish)
    assert _report(data) == alone
    assert drawn[-1] == (True, (len(jobs) + 1) // 2, len(jobs) // 2)  # the helper drew its half
    monkeypatch.setattr(report, "HELPER", "import sys; sys.exit(3)")
    assert _report(data) == alone
    assert drawn[-1][0]
    monkeypatch.setattr(report, "HELPER", "import time; time.sleep(60)")  # a helper that hangs
    monkeypatch.setattr(report, "HELPER_WAIT", 0.5)
    assert _report(data) == alone
    assert _leftovers() <= before  # the jobs' and the helper's temporary files are gone
