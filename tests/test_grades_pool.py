"""Grades through the pipeline (issue 33): the `grades` table written after solving, resumed after a
kill mid-grading to the same rows, the same whatever the number of workers, checked by `check`;
graded pool files (dealpool-pool/3) that `verify` refuses when a grade is tampered with; the
`--grade` filters of `export` and `first-winnable`; the report's and DuckDB's grades."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pipeline_fake import FakeSolver  # noqa: E402
from pipeline_helpers import env, fake_cli, part_names, run, table_rows  # noqa: E402

import engine  # noqa: E402

GRADED = [b for b in engine.BOARDS if engine.board_grading(b) is not None]
UNGRADED = [b for b in engine.BOARDS if engine.board_grading(b) is None and engine.solvable(engine.board(b).game)]
pytestmark = pytest.mark.skipif(not GRADED, reason="no board is graded")
BOARDS = ",".join(GRADED[:2] + UNGRADED[:1])
NODES = "20000"


def build(capsys, data: Path, *extra: str, numbers: str = "1-12", workers: str = "2") -> str:
    code, out, err = run(capsys, "--data", str(data), "build", "--boards", BOARDS, "--numbers", numbers,
                         "--budget", NODES, "--workers", workers, "--quiet", *extra, solver=FakeSolver())  # fmt: skip
    assert code == 0, err
    return out


def won(data: Path) -> set[tuple[str, str]]:
    return {(r["board"], r["code"]) for r in table_rows(data, "verdicts") if r["verdict"] == "won"}


def test_a_grade_row_for_every_won_deal_of_a_graded_board_and_none_else(capsys, tmp_path):
    data = tmp_path / "d"
    out = build(capsys, data)
    rows = table_rows(data, "grades")
    want = {k for k in won(data) if k[0] in GRADED}
    assert want and {(r["board"], r["code"]) for r in rows} == want and len(rows) == len(want)
    for r in rows:
        g = engine.board_grading(r["board"])
        assert r["version"] == g.version and r["playouts"] == g.playouts
        assert r["grade"] == g.grade(r["wins"], r["playouts"]) and r["low"] <= r["wins"] / r["playouts"] <= r["high"]
    # the cost per board is printed, and which boards are not graded
    for b in GRADED[:2]:
        assert f"grade: {b}: " in out and "ms a deal" in out
    if UNGRADED:
        assert f"not graded: {UNGRADED[0]}" in out
    code, out, err = run(capsys, "--data", str(data), "check", solver=FakeSolver())
    assert code == 0 and "grades re-graded" in out, err
    # a second run grades nothing again
    assert "grade: 0 deals graded" in build(capsys, data)


def test_check_names_won_deals_without_a_grade_and_a_changed_grade(capsys, tmp_path):
    from pipeline import store

    data = tmp_path / "d"
    build(capsys, data, "--no-grade")
    assert table_rows(data, "grades") == []
    code, _, err = run(capsys, "--data", str(data), "check", solver=FakeSolver())
    assert code == 1 and "have no grade" in err
    build(capsys, data)  # grades what is missing
    assert run(capsys, "--data", str(data), "check", solver=FakeSolver())[0] == 0
    # a grade row rewritten (a grade that is not its wins on the thresholds) through the store
    folder = store.Folder(data)
    part = store.listed_parts(folder, "grades")[0]
    t = store.read_part(part, "grades").to_pylist()
    t[0]["grade"] = next(g for g in engine.GRADES if g != t[0]["grade"])
    store.write_part(folder, "grades", part.name[: -len(".parquet")], t)
    code, _, err = run(capsys, "--data", str(data), "check", solver=FakeSolver())
    assert code == 1 and f"{t[0]['code']}: stored grade" in err


def test_workers_1_and_2_grade_identically(capsys, tmp_path, monkeypatch):
    from pipeline import store

    monkeypatch.setattr(store, "SLICE", 5)  # several grade parts, so chunking matters
    got = []
    for w in ("1", "2"):
        data = tmp_path / f"w{w}"
        build(capsys, data, workers=w)
        got.append((part_names(data, "grades"), table_rows(data, "grades")))
    assert len(got[0][0]) >= 2 and got[0] == got[1]


def test_sigkill_mid_grading_then_resume_equals_uninterrupted(tmp_path):
    """kill -9 a run while it grades; the next run grades what is missing: the same rows, none twice."""
    cli = fake_cli()
    e = env() | {"DEALPOOL_SLICE": "3", "DEALPOOL_FAKE_GRADE_SLEEP": "0.05"}
    board = GRADED[0]
    args = ["--boards", board, "--budget", NODES, "--workers", "2", "--quiet"]
    whole, killed = tmp_path / "whole", tmp_path / "killed"
    for data in (whole, killed):
        subprocess.run(cli + ["--data", str(data), "sample", "--boards", board, "--numbers", "1-40"],
                       check=True, env=e, capture_output=True)  # fmt: skip
    subprocess.run(cli + ["--data", str(whole), "solve"] + args, check=True, env=e, capture_output=True)
    total = len(part_names(whole, "grades"))
    assert total >= 6

    proc = subprocess.Popen(cli + ["--data", str(killed), "solve"] + args, env=e,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    deadline = time.monotonic() + 120
    while len(part_names(killed, "grades")) < 2 and time.monotonic() < deadline:
        time.sleep(0.005)
    assert proc.poll() is None, "the run ended before it could be killed: make grading slower"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    done = len(part_names(killed, "grades"))
    assert 2 <= done < total
    time.sleep(0.3)  # the workers die with their parent

    r = subprocess.run(cli + ["--data", str(killed), "solve"] + args, env=e, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    key = lambda rows: sorted(rows, key=lambda x: (x["board"], x["code"]))  # noqa: E731
    assert key(table_rows(killed, "grades")) == key(table_rows(whole, "grades"))
    assert len(table_rows(killed, "grades")) == len({r["code"] for r in table_rows(killed, "grades")})
    r = subprocess.run(cli + ["--data", str(killed), "check"], env=e, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    """A built, graded and exported folder (the real engine), shared by the export tests."""
    data = tmp_path_factory.mktemp("graded") / "d"
    from pipeline.cli import main

    for argv in (["build", "--boards", BOARDS, "--numbers", "1-15", "--budget", NODES, "--quiet"], ["export"]):
        try:
            main(["--data", str(data), *argv])
        except SystemExit as e:
            assert not e.code
    return data


def manifest(out: Path) -> dict:
    return json.loads((out / "manifest.json").read_text())


def test_the_pool_files_carry_each_deal_s_grade_and_the_boards_grading(pool):
    m = manifest(pool / "pool")
    assert m["format"] == "dealpool-pool/3" and m["grade"] is None
    for b, info in m["boards"].items():
        assert info["redeals_foreseen"] is bool(engine.game(engine.board(b).game).seeded)
        doc = json.loads((pool / "pool" / info["json"]).read_text())
        rows = pq.read_table(pool / "pool" / info["parquet"]).to_pylist()
        g = engine.board_grading(b)
        if g is None:
            assert info["grading"] is None
            assert all((d["grade"], d["wins"], d["playouts"]) == (None, None, None) for d in doc["deals"])
            continue
        assert info["grading"] == {"version": g.version, "playouts": g.playouts, "thresholds": g.thresholds}
        stored = {(r["board"], r["code"]): r for r in table_rows(pool, "grades")}
        for d, r in zip(doc["deals"], rows):
            s = stored[(b, d["code"])]
            assert (d["grade"], d["wins"], d["playouts"]) == (s["grade"], s["wins"], s["playouts"])
            assert (r["grade"], r["wins"], r["playouts"]) == (d["grade"], d["wins"], d["playouts"])


def _rewrite(out: Path, board: str, edit) -> None:
    """Edit a board's first deal in both files and re-hash them in the manifest (so only the grade
    checks can tell)."""
    from pipeline import files

    info = manifest(out)["boards"][board]
    doc = json.loads((out / info["json"]).read_text())
    edit(doc["deals"][0])
    (out / info["json"]).write_text(json.dumps(doc))
    t = pq.read_table(out / info["parquet"])
    rows = t.to_pylist()
    edit(rows[0])
    pq.write_table(pa.Table.from_pylist(rows, schema=t.schema), out / info["parquet"], compression="zstd")
    m = manifest(out)
    for name in (info["json"], info["parquet"]):
        m["files"][name] = files.sha256(out / name)
    (out / "manifest.json").write_text(json.dumps(m))


def test_verify_refuses_a_tampered_grade_python_and_js(capsys, pool, tmp_path):
    import shutil

    b = GRADED[0]
    # a grade that is not its wins on the thresholds
    out = tmp_path / "p1"
    shutil.copytree(pool / "pool", out)
    first = json.loads((out / f"{b}.json").read_text())["deals"][0]
    other = next(g for g in engine.GRADES if g != first["grade"])
    _rewrite(out, b, lambda d: d.update(grade=other))
    code, _, err = run(capsys, "verify", str(out))
    assert code == 1 and f"grade {other} is not {first['wins']}/{first['playouts']} on the board's thresholds" in err
    js = subprocess.run(["node", "clients/js/bin/dealpool.mjs", "verify", str(out)], capture_output=True, text=True,
                        cwd=Path(__file__).resolve().parent.parent)  # fmt: skip
    assert js.returncode == 1 and f"grade {other} is not {first['wins']}/{first['playouts']}" in js.stderr
    # wins and grade changed together, consistent with the thresholds: only playing them again tells
    out = tmp_path / "p2"
    shutil.copytree(pool / "pool", out)
    g = engine.board_grading(b)
    wins = first["playouts"] if first["wins"] < first["playouts"] // 2 else 0
    _rewrite(out, b, lambda d: d.update(wins=wins, grade=g.grade(wins, first["playouts"])))
    code, _, err = run(capsys, "verify", str(out))
    assert code == 1 and "played again it grades" in err


def test_export_grade_keeps_only_that_grade_and_says_so(capsys, pool, tmp_path):
    have = {r["grade"] for r in table_rows(pool, "grades") if r["board"] in GRADED}
    for grade in sorted(have)[:2]:
        out = tmp_path / grade
        code, stdout, err = run(capsys, "--data", str(pool), "export", "--out", str(out), "--grade", grade)
        assert code == 0, err
        m = manifest(out)
        assert m["grade"] == grade and set(m["boards"]) <= set(GRADED)
        want = {(r["board"], r["code"]) for r in table_rows(pool, "grades") if r["grade"] == grade}
        got = set()
        for b, info in m["boards"].items():
            for d in json.loads((out / info["json"]).read_text())["deals"]:
                assert d["grade"] == grade
                got.add((b, d["code"]))
        assert got == want
        assert run(capsys, "verify", str(out))[0] == 0
    code, _, err = run(capsys, "--data", str(pool), "export", "--out", str(tmp_path / "x"), "--grade", "trivial")
    assert code == 2 and "trivial" in err and "Traceback" not in err


def test_first_winnable_grade(capsys, pool):
    rows = sorted(table_rows(pool, "grades"), key=lambda r: r["code"])
    b = GRADED[0]
    mine = [r for r in rows if r["board"] == b]
    target = mine[-1]
    codes = [r["code"] for r in mine]
    code, out, _ = run(capsys, "first-winnable", *codes, "--grade", target["grade"], "--budget", NODES)
    first = next(r["code"] for r in mine if r["grade"] == target["grade"])  # each won at NODES by the build
    assert code == 0 and out.strip() == first
    assert engine.grade(out.strip()).grade == target["grade"]
    absent = [g for g in engine.GRADES if g not in {r["grade"] for r in mine}]
    if absent:
        code, _, err = run(capsys, "first-winnable", *codes, "--grade", absent[0], "--budget", NODES)
        assert code == 1 and "none of the" in err
    if UNGRADED:
        code, _, err = run(capsys, "first-winnable", engine.board_code(UNGRADED[0], 1), "--grade", "easy")
        assert code == 2 and "not graded" in err and "Traceback" not in err


def test_report_and_sql_show_the_grades(capsys, pool):
    code, _, err = run(capsys, "--data", str(pool), "report")
    assert code == 0, err
    md = (pool / "report.md").read_text()
    assert "Grades of the won deals" in md
    import html as html_

    html = html_.unescape((pool / "report.html").read_text())  # a note's apostrophe is escaped in the page
    for b in GRADED[:2]:
        assert f'alt="{b}: grade against line length and positions searched"' in html
    if UNGRADED:
        assert f"Not graded: {engine.grading_note(UNGRADED[0])}" in html
    code, out, err = run(capsys, "--data", str(pool), "sql", "SELECT board, grade, deals FROM grade_counts", "--json")
    assert code == 0, err
    counts = {(r["board"], r["grade"]): r["deals"] for r in json.loads(out)}
    stored: dict[tuple[str, str], int] = {}
    for r in table_rows(pool, "grades"):
        stored[(r["board"], r["grade"])] = stored.get((r["board"], r["grade"]), 0) + 1
    assert counts == stored
