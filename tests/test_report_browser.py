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
BOARDS = "freecell,klondike-1,klondike-3"


@pytest.fixture(scope="module")
def reported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder with a small pool (3 boards x 6 deals), reported."""
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
            url = (copy / "report.html").as_uri()
            page.goto(url, wait_until="load")
            images = page.eval_on_selector_all("#overview img", "els => els.map(e => [e.complete, e.naturalWidth, e.src.slice(0, 22)])")
            tables = page.eval_on_selector_all(
                "#overview table", "ts => ts.map(t => [...t.querySelectorAll('tr')].map(r => [...r.cells].map(c => c.textContent)))"
            )
            # The first screen: a headline card per board, in view without scrolling, and a plot
            # before the first table in the document.
            cards = page.eval_on_selector_all(
                "#headline .card", "cs => cs.map(c => [c.dataset.board, c.innerText, c.getBoundingClientRect().bottom])"
            )
            plot_first = page.evaluate(
                "() => !!(document.querySelector('#overview img').compareDocumentPosition("
                "document.querySelector('#overview table')) & Node.DOCUMENT_POSITION_FOLLOWING)"
            )
            prov = page.inner_text("#provenance")
            page.screenshot(path=str(reported / "report.png"), full_page=True)
            # Sorting: a click on the node table's `max` column sorts its rows by value (as numbers:
            # 9,719 before 12,345), a second click the other way.
            nodes = page.locator("#t-nodes table")
            col = [t.strip() for t in nodes.locator("th").all_inner_texts()].index("max")
            cells = f"tbody tr td:nth-child({col + 1})"
            unsorted = [int(c.replace(",", "")) for c in nodes.locator(cells).all_inner_texts()]
            nodes.locator("th").nth(col).click()
            asc = [int(c.replace(",", "")) for c in nodes.locator(cells).all_inner_texts()]
            nodes.locator("th").nth(col).click()
            desc = [int(c.replace(",", "")) for c in nodes.locator(cells).all_inner_texts()]
            summary = page.locator("#t-summary table")
            # Filtering hides the rows without the text.
            page.locator("#t-summary input.filter").fill(BOARDS.split(",")[0])
            visible = [t for t in summary.locator("tbody tr:not([hidden]) td:first-child").all_inner_texts()]
            # Each board's page: shown alone when the address names it, with its plot and tables.
            pages = {}
            for board in BOARDS.split(","):
                page.goto(f"{url}#board-{board}", wait_until="load")
                pages[board] = page.evaluate(
                    """b => { const s = document.getElementById('board-' + b);
                    return {shown: !!s && s.offsetParent !== null,
                            overview: document.getElementById('overview').offsetParent !== null,
                            img: !!s && s.querySelector('img').naturalWidth > 0,
                            tables: s ? [...s.querySelectorAll('h3')].map(h => h.textContent) : []}; }""",
                    board,
                )
        finally:
            browser.close()
    assert errors == []
    # Self-contained: the page asked for nothing but itself (images are inline data).
    assert [u for u in requests if not u.startswith("data:")] == [url]  # the board pages too
    assert len(images) == 2 and all(done and width > 0 for done, width, _ in images), images
    assert all(src.startswith("data:image/png;base64") for *_, src in images)
    assert plot_first
    cols, rows = _summary(reported)
    assert [c[0] for c in cards] == [r[0] for r in rows]
    for (board, text, bottom), row in zip(cards, rows):
        d = dict(zip(cols, row))
        assert f"{d['pass_pct']:.1f} %" in text and f"{d['pass_lo_pct']:.1f} %" in text and f"{d['deals']} deals" in text
        assert "published: " in text and bottom <= 900  # before any scrolling
    assert "engine" in prov and "commit" in prov and "deal sample" in prov and "budgets" in prov
    assert len(set(unsorted)) > 1 and asc == sorted(unsorted) and desc == sorted(unsorted, reverse=True)
    assert visible == [BOARDS.split(",")[0]]
    for board, got in pages.items():
        assert got["shown"] and not got["overview"] and got["img"], (board, got)
        assert got["tables"][0] == "Verdicts" and any("hardest" in t for t in got["tables"]), got
    # The verdict table: a row per board with the figures of the tables.
    head, *body = tables[0]
    assert head == cols
    assert [r[0] for r in body] == [r[0] for r in rows] == BOARDS.split(",")
    for shown, row in zip(body, rows):
        for name in ("deals", "won", "lost", "unknown"):
            assert shown[cols.index(name)] == f"{row[cols.index(name)]:,}"
        assert shown[cols.index("pass_pct")] == f"{row[cols.index('pass_pct')]:.2f}"
    assert (reported / "report.png").read_bytes()[:4] == b"\x89PNG"


def test_duckdb_file_holds_views_that_resolve_in_their_folder(reported: Path, tmp_path: Path) -> None:
    """The file has only views (no table, so no copy of the data); a fresh process reads them from
    the data folder as it is, or from anywhere with the folder as DuckDB's file_search_path; the
    counting row per deal and the pass rates agree with the report."""
    db = reported / "dealpool.duckdb"
    script = (
        "import duckdb, json, sys; con = duckdb.connect(sys.argv[1], read_only=True, "
        "config={'file_search_path': sys.argv[2]} if sys.argv[2] else {}); "
        "print(json.dumps({'tables': con.execute(\"SELECT count(*) FROM duckdb_tables() WHERE NOT internal\").fetchone()[0], "
        "'views': sorted(r[0] for r in con.execute(\"SELECT view_name FROM duckdb_views() WHERE NOT internal\").fetchall()), "
        "'per_deal': con.execute('SELECT count(*), count(DISTINCT code) FROM verdicts').fetchone(), "
        "'rates': con.execute('SELECT board, deals, won, pass_pct FROM pass_rates ORDER BY board').fetchall()}))"
    )
    for cwd, args in ((tmp_path, [str(db.resolve()), str(reported.resolve())]), (reported, [db.name, ""])):
        out = subprocess.run([sys.executable, "-c", script, *args], cwd=cwd, capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
        got = json.loads(out.stdout)
        assert got["tables"] == 0
        assert got["views"] == ["board_counts", "boards", "deals", "grade_counts", "grades", "grades_all", "gradings",
                                "pass_rates", "published", "verdicts", "verdicts_all"]  # fmt: skip
        assert got["per_deal"] == [18, 18]
        cols, rows = _summary(reported)
        assert [tuple(r[:3]) for r in got["rates"]] == [(r[0], r[1], r[2]) for r in rows]
        assert [round(r[3], 6) for r in got["rates"]] == [round(r[cols.index("pass_pct")], 6) for r in rows]


@pytest.mark.parametrize("name", ["copy", "we*ird [1] o'q"])
def test_copied_folder_counts_its_own_rows(reported: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           name: str) -> None:  # fmt: skip
    """A copied data folder (its name with glob and quote characters too) queries its own files: a
    part deleted in the copy changes the copy's count and not the original's."""
    copy = tmp_path / name
    shutil.copytree(reported, copy)
    part = sorted((copy / "verdicts").glob("*.parquet"))[0]
    import pyarrow.parquet as pq

    lost = pq.read_metadata(part).num_rows
    part.unlink()
    q = "SELECT count(*) AS n FROM verdicts_all"
    code, out, err = run(capsys, "--data", str(copy), "sql", q, "--json")
    assert code == 0, err
    code, orig, err = run(capsys, "--data", str(reported), "sql", q, "--json")
    assert code == 0, err
    assert json.loads(orig)[0]["n"] == 18 and json.loads(out)[0]["n"] == 18 - lost and lost > 0


def test_sql_published_figures_are_numbers(reported: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--data", str(reported), "sql",
                         "SELECT winnable, winnable_pct, source FROM published ORDER BY ordinal", "--json")  # fmt: skip
    assert code == 0, err
    rows = json.loads(out)
    assert rows and all(r["source"] for r in rows)
    for r in rows:  # the number is the text's own, not another figure's
        assert r["winnable_pct"] is None or (isinstance(r["winnable_pct"], float) and str(r["winnable_pct"]) in r["winnable"])


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
    assert lines[0].split() == ["board", "won"] and lines[-1] == "(3 rows)"
    assert [ln.split() for ln in lines[2:-1]] == [[r["board"], str(r["won"])] for r in rows]


@pytest.mark.parametrize("argv, says", [
    (["sql", "SELEC nonsense"], "bad SQL"),
    (["sql", "SELECT * FROM verdict"], 'Did you mean "verdicts'),  # DuckDB's whole message, on one line
    (["sql", "SELECT 1; SELECT 2"], "2 statements"),
    (["sql", "COPY (SELECT * FROM deals) TO 'deals/out.parquet'"], "refused: a COPY statement"),
    (["sql", "SELECT * FROM read_csv('/etc/passwd')"], "disabled by configuration"),
    (["sql", "INSTALL httpfs"], "refused"),
    (["sql", "CREATE TEMP TABLE t AS SELECT 1"], "refused: a CREATE statement"),
    (["sql", "SET enable_external_access = true"], "refused"),
    (["sql", "SELECT 1", "--csv", "--json"], "not both"),
])  # fmt: skip
def test_sql_bad_input_is_one_line(reported: Path, capsys: pytest.CaptureFixture[str], argv: list[str], says: str) -> None:
    code, out, err = run(capsys, "--data", str(reported), *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and says in err and "Traceback" not in err
    assert not (reported / "deals" / "out.parquet").exists()


def test_sql_without_report_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--data", str(tmp_path), "sql", "SELECT 1")
    assert code == 2 and "run `dealpool report` first" in err
