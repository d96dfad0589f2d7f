"""End to end: build a small pool in a temp folder, check it, report it, export and verify it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pipeline_helpers import run, table_rows  # noqa: E402

NODES = "20000"
BOARDS = "klondike-1,klondike-3"


def _build(capsys, data: Path, numbers: str = "1-12", workers: str = "2") -> None:
    code, out, err = run(capsys, "--data", str(data), "build", "--boards", BOARDS, "--numbers", numbers,
                         "--budget", NODES, "--workers", workers, "--quiet")  # fmt: skip
    assert code == 0, err
    assert out.startswith("solve: ")
    assert err == ""  # not a terminal: no progress bar


def test_build_check_report_export_verify(capsys, tmp_path):
    from engine import replay

    data = tmp_path / "data"
    _build(capsys, data)
    deals = table_rows(data, "deals")
    verdicts = table_rows(data, "verdicts")
    assert len(deals) == 24 and len({(r["board"], r["code"]) for r in deals}) == 24
    assert sorted((r["board"], r["code"]) for r in verdicts) == sorted((r["board"], r["code"]) for r in deals)
    for r in verdicts:
        assert r["verdict"] in ("won", "lost", "unknown"), r
        assert r["budget"] == int(NODES) and r["nodes"] <= int(NODES)
        if r["verdict"] == "won":
            assert r["referee"] == "ok" and r["line_length"] == len(r["line"]) > 0
            assert replay(r["code"], r["line"]).ok
    won = sum(r["verdict"] == "won" for r in verdicts)
    assert won > 0

    # the stored Parquet carries its versions and budget
    import pyarrow.parquet as pq

    part = sorted((data / "verdicts").glob("*.parquet"))[0]
    meta = pq.read_schema(part).metadata
    assert meta[b"dealpool.table"] == b"verdicts" and meta[b"budget"] == NODES.encode()
    assert b"engine_version" in meta and b"rules_version" in meta

    code, out, err = run(capsys, "--data", str(data), "check", "--deals", "5", "--solves", "3")
    assert code == 0, err
    assert out.startswith("check: OK") and out.count("\n") == 1

    code, out, err = run(capsys, "--data", str(data), "report")
    assert code == 0, err
    md = (data / "report.md").read_text()
    for board in BOARDS.split(","):
        assert board in md
    assert "81.942" in md and "Wilson" in md
    assert (data / "report.html").read_text().startswith("<!doctype html>")
    for png in ("budget_curve.png", "pass_rate.png"):
        assert (data / "plots" / png).read_bytes()[:4] == b"\x89PNG"

    out_dir = tmp_path / "export"
    code, out, err = run(capsys, "--data", str(data), "export", "--out", str(out_dir))
    assert code == 0, err
    manifest = json.loads((out_dir / "manifest.json").read_text())
    assert sum(b["count"] for b in manifest["boards"].values()) == won
    assert set(manifest["files"]) == {f"{b}.{x}" for b in manifest["boards"] for x in ("json", "parquet")}
    code, out, err = run(capsys, "verify", str(out_dir))
    assert code == 0, err
    assert out.startswith(f"verify: OK, {won} deals")


def test_report_budget_curve_is_exact(capsys, tmp_path):
    """The pass rate at budget b counts exactly the won deals that used at most b positions."""
    from pipeline.report import query_all
    from pipeline.store import Folder

    data = tmp_path / "data"
    _build(capsys, data, numbers="1-10")
    verdicts = table_rows(data, "verdicts")
    cols, rows = query_all(Folder(data))["budget_curve"]
    assert rows
    for board, budget, won, pct in rows:
        mine = [r for r in verdicts if r["board"] == board]
        want = sum(r["verdict"] == "won" and r["nodes"] <= budget for r in mine)
        assert won == want and pct == pytest.approx(100 * want / len(mine))
    cols, rows = query_all(Folder(data))["summary"]
    for r in rows:
        d = dict(zip(cols, r))
        assert d["pass_lo_pct"] <= d["pass_pct"] <= d["pass_hi_pct"]


def test_tampered_export_fails_verify(capsys, tmp_path):
    data, out_dir = tmp_path / "data", tmp_path / "export"
    _build(capsys, data)
    assert run(capsys, "--data", str(data), "export", "--out", str(out_dir))[0] == 0
    assert run(capsys, "verify", str(out_dir))[0] == 0

    # 1. change a line in the JSON and update its hash in the manifest: the replay catches it
    from pipeline.files import sha256

    board_json = sorted(out_dir.glob("*.json"))
    board_json = [p for p in board_json if p.name != "manifest.json"][0]
    doc = json.loads(board_json.read_text())
    doc["deals"][0]["line"] = doc["deals"][0]["line"][:-1]
    board_json.write_text(json.dumps(doc))
    manifest = json.loads((out_dir / "manifest.json").read_text())
    manifest["files"][board_json.name] = sha256(board_json)
    (out_dir / "manifest.json").write_text(json.dumps(manifest))
    code, out, err = run(capsys, "verify", str(out_dir))
    assert code == 1 and "verify: FAILED" in err and len(err.strip().splitlines()) == 1

    # 2. a byte changed in a Parquet file: its SHA-256 no longer matches
    assert run(capsys, "--data", str(data), "export", "--out", str(out_dir))[0] == 0
    pq_file = sorted(out_dir.glob("*.parquet"))[0]
    raw = bytearray(pq_file.read_bytes())
    raw[len(raw) // 2] ^= 0xFF
    pq_file.write_bytes(bytes(raw))
    code, out, err = run(capsys, "verify", str(out_dir))
    assert code == 1 and "SHA-256" in err


def test_solve_one_deal_json(capsys):
    code, out, err = run(capsys, "solve", "--board", "klondike-3", "4711", "--budget", NODES, "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["code"] == "SOL1-klondike-draw=3;passes=unlimited;scoring=standard-N4711"
    assert doc["board"] == "klondike-3" and doc["verdict"] in ("won", "lost", "unknown")
    assert isinstance(doc["nodes"], int) and isinstance(doc["line"], list)
    assert (doc["verdict"] == "won") == bool(doc["line"])
    again = run(capsys, "solve", doc["code"], "--budget", NODES, "--json")
    assert json.loads(again[1]) == doc  # same code, same budget: same verdict, nodes and line


def test_check_detects_a_changed_order(capsys, tmp_path):
    from pipeline import store

    data = tmp_path / "data"
    _build(capsys, data, numbers="1-4")
    folder = store.Folder(data)
    part = folder.parts("deals")[0]
    rows = store.read_part(part, "deals").to_pylist()
    o = bytearray(rows[0]["order"])
    o[0], o[1] = o[1], o[0]
    rows[0]["order"] = bytes(o)
    store.write_part(folder, "deals", store.part_stem(part), rows)
    code, out, err = run(capsys, "--data", str(data), "check", "--deals", "100", "--solves", "1")
    assert code == 1 and "check: FAILED" in err and "re-deal differs" in err


def test_check_detects_a_changed_verdict(capsys, tmp_path):
    from pipeline import store

    data = tmp_path / "data"
    _build(capsys, data, numbers="1-4")
    folder = store.Folder(data)
    part = folder.parts("verdicts")[0]
    rows = store.read_part(part, "verdicts").to_pylist()
    rows[0]["nodes"] += 1
    store.write_part(folder, "verdicts", store.part_stem(part), rows, budget=rows[0]["budget"])
    code, out, err = run(capsys, "--data", str(data), "check", "--deals", "1", "--solves", "100")
    assert code == 1 and "check: FAILED (1 difference(s))" in err and "re-solve gave" in err


def test_memory_cap_is_recorded_as_unknown(capsys, tmp_path):
    """A search past --max-mb ends `unknown` (reason memory) and the run goes on."""
    data = tmp_path / "data"
    code, out, err = run(capsys, "--data", str(data), "build", "--boards", "klondike-3", "--numbers", "41-52",
                         "--max-mb", "1", "--workers", "2", "--quiet")  # fmt: skip
    assert code == 0, err
    rows = table_rows(data, "verdicts")
    assert len(rows) == 12 and all(r["max_mb"] == 1 for r in rows)
    assert {r["verdict"] for r in rows} <= {"won", "lost", "unknown"}
    memory = [r for r in rows if r["reason"] == "memory"]
    assert memory and all(r["verdict"] == "unknown" and r["line"] == [] for r in memory)
    # and it is deterministic: check re-solves at the stored cap and finds the same
    code, out, err = run(capsys, "--data", str(data), "check", "--deals", "2", "--solves", "12")
    assert code == 0, err
