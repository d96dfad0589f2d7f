"""The HTML report in a real browser (Debian's chromium driven by playwright), and the analysts'
DuckDB file beside it.

One small pool is built and reported once for the module; the report folder is then copied
elsewhere and the copy opened, so a page that reaches back to its old folder (or anywhere) fails.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pipeline_helpers import run  # noqa: E402

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
BOARDS = "klondike-1,klondike-3"


@pytest.fixture(scope="module")
def reported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder with a small pool (2 boards x 6 deals), reported."""
    from pipeline.cli import main

    data = tmp_path_factory.mktemp("browser") / "data"
    for argv in (["build", "--boards", BOARDS, "--numbers", "1-6", "--budget", "20000", "--workers", "1", "--quiet"],
                 ["report"]):  # fmt: skip
        with pytest.raises(SystemExit) as e:
            main(["--data", str(data), *argv])
        assert e.value.code == 0
    return data


def _summary(data: Path) -> tuple[list[str], list[tuple]]:
    from pipeline.report import query_all
    from pipeline.store import Folder

    return query_all(Folder(data))["summary"]


def test_report_in_chromium(reported: Path, tmp_path: Path) -> None:
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail("chromium is missing: `make test` installs it (make browser)")
        pytest.skip("Debian's chromium is not installed (make browser)")
    from playwright.sync_api import sync_playwright

    copy = tmp_path / "elsewhere"
    shutil.copytree(reported, copy)
    errors: list[str] = []
    requests: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("requestfailed", lambda r: errors.append(f"failed: {r.url}"))
            page.on("request", lambda r: requests.append(r.url))
            page.goto((copy / "report.html").as_uri(), wait_until="load")
            images = page.eval_on_selector_all("img", "els => els.map(e => [e.complete, e.naturalWidth, e.src.slice(0, 22)])")
            tables = page.eval_on_selector_all(
                "table", "ts => ts.map(t => [...t.querySelectorAll('tr')].map(r => [...r.cells].map(c => c.textContent)))"
            )
            page.screenshot(path=str(reported / "report.png"), full_page=True)
        finally:
            browser.close()
    assert errors == []
    # Self-contained: the page asked for nothing but itself (images are inline data).
    assert [u for u in requests if not u.startswith("data:")] == [(copy / "report.html").as_uri()]
    assert len(images) == 2 and all(done and width > 0 for done, width, _ in images), images
    assert all(src.startswith("data:image/png;base64") for *_, src in images)
    # The verdict table: a row per board with the figures of the tables.
    cols, rows = _summary(reported)
    head, *body = tables[0]
    assert head == cols
    assert [r[0] for r in body] == [r[0] for r in rows] == BOARDS.split(",")
    for shown, row in zip(body, rows):
        for name in ("deals", "won", "lost", "unknown"):
            assert shown[cols.index(name)] == f"{row[cols.index(name)]:,}"
        assert shown[cols.index("pass_pct")] == f"{row[cols.index('pass_pct')]:.2f}"
    assert (reported / "report.png").read_bytes()[:4] == b"\x89PNG"


def test_duckdb_file_holds_views_that_work_from_anywhere(reported: Path, tmp_path: Path) -> None:
    """The file has only views (no table, so no copy of the data), and a fresh process started in
    another folder reads them; the counting row per deal and the pass rates agree with the report."""
    db = reported / "dealpool.duckdb"
    script = (
        "import duckdb, json, sys; con = duckdb.connect(sys.argv[1], read_only=True); "
        "print(json.dumps({'tables': con.execute(\"SELECT count(*) FROM duckdb_tables() WHERE NOT internal\").fetchone()[0], "
        "'views': sorted(r[0] for r in con.execute(\"SELECT view_name FROM duckdb_views() WHERE NOT internal\").fetchall()), "
        "'per_deal': con.execute('SELECT count(*), count(DISTINCT code) FROM verdicts').fetchone(), "
        "'rates': con.execute('SELECT board, deals, won, pass_pct FROM pass_rates ORDER BY board').fetchall()}))"
    )
    for cwd in (tmp_path, reported):
        out = subprocess.run([sys.executable, "-c", script, str(db.resolve() if cwd == tmp_path else db.name)],
                             cwd=cwd, capture_output=True, text=True)  # fmt: skip
        assert out.returncode == 0, out.stderr
        got = json.loads(out.stdout)
        assert got["tables"] == 0
        assert got["views"] == ["board_counts", "deals", "pass_rates", "published", "verdicts", "verdicts_all"]
        assert got["per_deal"] == [12, 12]
        cols, rows = _summary(reported)
        assert [tuple(r[:3]) for r in got["rates"]] == [(r[0], r[1], r[2]) for r in rows]
        assert [round(r[3], 6) for r in got["rates"]] == [round(r[cols.index("pass_pct")], 6) for r in rows]


def test_sql_command_prints_table_csv_and_json(reported: Path, capsys: pytest.CaptureFixture[str]) -> None:
    q = "SELECT board, won FROM pass_rates ORDER BY board"
    code, out, err = run(capsys, "--data", str(reported), "sql", q, "--json")
    assert code == 0, err
    rows = json.loads(out)
    assert [r["board"] for r in rows] == BOARDS.split(",") and all(isinstance(r["won"], int) for r in rows)
    code, out2, _ = run(capsys, "--data", str(reported), "sql", q, "--csv")
    assert out2.splitlines() == ["board,won"] + [f"{r['board']},{r['won']}" for r in rows]
    code, out3, _ = run(capsys, "--data", str(reported), "sql", q)
    lines = out3.splitlines()
    assert lines[0].split() == ["board", "won"] and lines[-1] == "(2 rows)"
    assert [ln.split() for ln in lines[2:-1]] == [[r["board"], str(r["won"])] for r in rows]


@pytest.mark.parametrize("argv, says", [
    (["sql", "SELEC nonsense"], "bad SQL"),
    (["sql", "SELECT * FROM no_such_view"], "bad SQL"),
    (["sql", "SELECT 1", "--csv", "--json"], "not both"),
])  # fmt: skip
def test_sql_bad_input_is_one_line(reported: Path, capsys: pytest.CaptureFixture[str], argv: list[str], says: str) -> None:
    code, out, err = run(capsys, "--data", str(reported), *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and says in err and "Traceback" not in err


def test_sql_without_report_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--data", str(tmp_path), "sql", "SELECT 1")
    assert code == 2 and "run `dealpool report` first" in err
