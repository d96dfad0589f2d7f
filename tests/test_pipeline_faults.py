"""Faults an operator meets (issue 12): a damaged data folder, two writers, a tampered or foreign
export, classic FreeCell codes. Each test fails on the code before the fix: a silent loss, a
traceback, a second writer, a tampered pool that verified.

Retries of `error` rows are in test_pipeline_resume.py, bad options and the fuzz test in
test_pipeline_fuzz.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pipeline_fake import FakeSolver  # noqa: E402
from pipeline_helpers import env, fake_cli, run, table_rows  # noqa: E402

NODES = "20000"


def _one_line_failure(err: str, says: str) -> None:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("dealpool: error: "), err
    assert "Traceback" not in err and says in lines[0], lines[0]


def _pool(capsys, data: Path, boards: str = "klondike-1,klondike-3", numbers: str = "1-10") -> None:
    code, out, err = run(capsys, "--data", str(data), "build", "--boards", boards, "--numbers", numbers,
                         "--budget", NODES, "--workers", "1", "--quiet", solver=FakeSolver())  # fmt: skip
    assert code == 0, err


# ---------------------------------------------------------------- 2. the ledger


def test_a_deleted_deals_part_is_named_refused_and_repaired(capsys, tmp_path):
    data = tmp_path / "d"
    _pool(capsys, data)
    won = sum(r["verdict"] == "won" for r in table_rows(data, "verdicts"))
    deals = table_rows(data, "deals")
    part = sorted((data / "deals").glob("klondike-3.*.parquet"))[0]
    part.unlink()
    code, out, err = run(capsys, "--data", str(data), "check", "--solves", "0", solver=FakeSolver())
    assert code == 1 and f"deals/{part.name} is missing" in err
    for command in ("export", "report"):
        code, out, err = run(capsys, "--data", str(data), command, solver=FakeSolver())
        assert code == 1, (command, out)
        _one_line_failure(err, "check --repair")
        assert not (data / "pool" / "manifest.json").exists()
    code, out, err = run(capsys, "--data", str(data), "check", "--repair")
    # issue 31: the part is rebuilt from the codes its intact verdicts hold (on main the verdicts went too
    # and 10 deals were solved again)
    assert code == 0 and f"rebuilt deals: 1 part(s), 10 row(s)" in out and "nothing to re-solve" in out, out
    assert sorted(table_rows(data, "deals"), key=str) == sorted(deals, key=str)
    code, out, err = run(capsys, "--data", str(data), "solve", "--budget", NODES, "--quiet", solver=FakeSolver())
    assert code == 0 and out.startswith("solve: 0 deals"), (out, err)
    assert run(capsys, "--data", str(data), "check", "--solves", "2", solver=FakeSolver())[0] == 0
    code, out, err = run(capsys, "--data", str(data), "export", solver=FakeSolver())
    assert code == 0, err
    manifest = json.loads((data / "pool" / "manifest.json").read_text())
    assert sum(b["count"] for b in manifest["boards"].values()) == won


def test_solving_into_a_folder_of_another_engine_build_is_refused_before_any_work(capsys, tmp_path, monkeypatch):
    """Rows of two solver builds in one table would break the re-solve check at the end of the run;
    the operator is told at once, and nothing already stored is touched."""
    import engine

    data = tmp_path / "d"
    _pool(capsys, data, boards="klondike-1", numbers="1-4")
    assert run(capsys, "--data", str(data), "sample", "--boards", "klondike-1", "--numbers", "5-8")[0] == 0
    before = table_rows(data, "verdicts")
    mine = engine.engine_version()
    monkeypatch.setattr(engine, "engine_version", lambda: mine + "-next")
    for args in (("solve",), ("build", "--boards", "klondike-1", "--target", "6")):
        code, out, err = run(capsys, "--data", str(data), *args, "--budget", NODES, "--quiet", solver=FakeSolver())
        assert code == 2, (args, out, err)
        _one_line_failure(err, f"engine build {mine}; this is {mine}-next")
        assert "fresh folder" in err
    assert table_rows(data, "verdicts") == before
    monkeypatch.undo()
    code, out, err = run(capsys, "--data", str(data), "solve", "--budget", NODES, "--quiet", solver=FakeSolver())
    assert code == 0 and out.startswith("solve: 4 deals"), (out, err)


def test_a_verdicts_part_missing_a_row_is_named(capsys, tmp_path):
    data = tmp_path / "d"
    _pool(capsys, data)
    part = sorted((data / "verdicts").glob("*.parquet"))[0]
    t = pq.read_table(part)
    pq.write_table(t.slice(0, t.num_rows - 1), part)  # keeps its metadata: a valid part, one row short
    code, out, err = run(capsys, "--data", str(data), "check", "--solves", "0", solver=FakeSolver())
    assert code == 1 and f"verdicts/{part.name} has changed" in err and f"{t.num_rows - 1} rows" in err
    code, out, err = run(capsys, "--data", str(data), "report")
    assert code == 1
    _one_line_failure(err, "incomplete or damaged")
    assert run(capsys, "--data", str(data), "check", "--repair")[0] == 0
    assert not part.exists()
    code, out, err = run(capsys, "--data", str(data), "solve", "--budget", NODES, "--quiet", solver=FakeSolver())
    assert code == 0 and out.startswith(f"solve: {t.num_rows} deals"), out
    assert run(capsys, "--data", str(data), "check", "--solves", "0", solver=FakeSolver())[0] == 0


def test_a_part_no_run_wrote_is_named_and_adopt_records_it(capsys, tmp_path):
    data = tmp_path / "d"
    _pool(capsys, data, boards="klondike-1")
    ledger = data / "ledger" / "deals"
    entry = sorted(ledger.glob("*.json"))[0]
    entry.unlink()  # as a folder written before the ledger existed
    code, out, err = run(capsys, "--data", str(data), "check", "--solves", "0", solver=FakeSolver())
    assert code == 1 and "is not in the ledger" in err
    code, out, err = run(capsys, "--data", str(data), "check", "--solves", "0", "--adopt", solver=FakeSolver())
    assert code == 0 and "1 part(s) recorded" in out, err


# ---------------------------------------------------------------- 3. one writer


def test_a_second_writer_stops_with_a_clear_message(capsys, tmp_path):
    from pipeline import store

    data = tmp_path / "d"
    _pool(capsys, data, boards="klondike-1", numbers="1-3")
    with store.writer(store.Folder(data)):
        for command in (["solve", "--budget", "30000"], ["sample", "--boards", "klondike-1", "--numbers", "4-5"]):
            r = subprocess.run(fake_cli() + ["--data", str(data), *command], env=env(), capture_output=True, text=True)
            assert r.returncode == 1, r
            _one_line_failure(r.stderr, "is being written by another dealpool run")
    r = subprocess.run(fake_cli() + ["--data", str(data), "solve", "--budget", "30000", "--quiet"], env=env(),
                       capture_output=True, text=True)  # fmt: skip
    assert r.returncode == 0 and r.stdout.startswith("solve: "), r  # once the first writer is done


def test_temp_files_are_finished_or_dropped_only_by_the_next_writer(capsys, tmp_path):
    """A kill between a part's ledger entry and its move leaves a temp file the ledger names: the
    next writer moves it into place. Any other temp file is dropped."""
    from pipeline import store

    data = tmp_path / "d"
    _pool(capsys, data, boards="klondike-1", numbers="1-3")
    part = sorted((data / "verdicts").glob("*.parquet"))[0]
    tmp = data / store.TMP
    interrupted = tmp / f"verdicts~{part.name[: -len('.parquet')]}~1~abcd.tmp"
    part.rename(interrupted)
    stale = tmp / "verdicts~other~1~ffff.tmp"
    stale.write_bytes(b"half a part")
    code, out, err = run(capsys, "--data", str(data), "solve", "--budget", NODES, "--quiet", solver=FakeSolver())
    assert code == 0 and out.startswith("solve: 0 deals"), (out, err)
    assert part.is_file() and not interrupted.exists() and not stale.exists()
    assert run(capsys, "--data", str(data), "check", "--solves", "0", solver=FakeSolver())[0] == 0


# ---------------------------------------------------------------- 4. verify


@pytest.fixture
def exported(capsys, tmp_path) -> Path:
    data = tmp_path / "d"
    _pool(capsys, data)
    assert run(capsys, "--data", str(data), "export", solver=FakeSolver())[0] == 0
    out = data / "pool"
    assert run(capsys, "verify", str(out), solver=FakeSolver())[0] == 0
    return out


def _edit_manifest(out: Path, edit) -> None:
    m = json.loads((out / "manifest.json").read_text())
    edit(m)
    (out / "manifest.json").write_text(json.dumps(m))


TAMPERS = {
    "engine_version": (lambda m: m.update(engine_version="9.9.9"), "engine_version"),
    "rules_version": (lambda m: m.update(rules_version="SOL0"), "rules_version"),
    "budgets": (lambda m: m["boards"]["klondike-1"].update(budgets=[1]), "budgets"),
    "count": (lambda m: m["boards"]["klondike-1"].update(count=1), "count"),
    "board removed": (lambda m: m["boards"].pop("klondike-1"), "klondike-1.json"),
    "path outside": (lambda m: m["boards"]["klondike-1"].update(json="../../x"), "named klondike-1.json"),
    "file outside": (lambda m: m["files"].update({"../../x": "0" * 64}), "not a plain file name"),
    "board not an object": (lambda m: m["boards"].update({"klondike-3": "x"}), "klondike-3"),
    "files a list": (lambda m: m.update(files=["a"]), "manifest files"),
    "extra field": (lambda m: m.update(signed_by="me"), "manifest fields"),
}


@pytest.mark.parametrize("name", sorted(TAMPERS))
def test_verify_checks_every_manifest_field(capsys, exported, name):
    edit, says = TAMPERS[name]
    _edit_manifest(exported, edit)
    code, out, err = run(capsys, "verify", str(exported), solver=FakeSolver())
    assert code == 1, (name, out)
    _one_line_failure(err, "verify: FAILED")
    assert says in err, err


def test_verify_refuses_unlisted_files_and_deep_json(capsys, exported):
    (exported / "notes.txt").write_text("hello")
    code, out, err = run(capsys, "verify", str(exported), solver=FakeSolver())
    assert code == 1 and "notes.txt: in the folder but not in the manifest" in err
    (exported / "notes.txt").unlink()
    (exported / "manifest.json").write_text("[" * 100_000 + "]" * 100_000)
    code, out, err = run(capsys, "verify", str(exported), solver=FakeSolver())
    assert code == 1 and "not valid JSON" in err and "Traceback" not in err


def test_signed_pool(capsys, tmp_path):
    data, key, other = tmp_path / "d", tmp_path / "keys" / "op", tmp_path / "keys" / "other"
    _pool(capsys, data, boards="klondike-1")
    for k in (key, other):
        code, out, err = run(capsys, "keygen", str(k))
        assert code == 0 and (k.stat().st_mode & 0o777) == 0o600, err
    assert run(capsys, "keygen", str(key))[0] == 2  # never overwritten
    assert run(capsys, "--data", str(data), "export", "--sign", str(key), solver=FakeSolver())[0] == 0
    pool = data / "pool"
    code, out, err = run(capsys, "verify", str(pool), "--key", f"{key}.pub", solver=FakeSolver())
    assert code == 0 and "signature" in out, err
    code, out, err = run(capsys, "verify", str(pool), "--key", f"{other}.pub", solver=FakeSolver())
    assert code == 1 and "manifest.json.sig" in err
    _edit_manifest(pool, lambda m: m.update(engine_version=m["engine_version"] + " "))
    code, out, err = run(capsys, "verify", str(pool), "--key", f"{key}.pub", solver=FakeSolver())
    assert code == 1 and "manifest.json.sig: not a signature" in err
    # unsigned export: no signature, and --key says so
    assert run(capsys, "--data", str(data), "export", solver=FakeSolver())[0] == 0
    code, out, err = run(capsys, "verify", str(pool), "--key", f"{key}.pub", solver=FakeSolver())
    assert code == 1 and "not signed" in err
    # a private key where a public one is wanted, a missing key: bad input
    for bad in (str(key), str(tmp_path / "nokey")):
        code, out, err = run(capsys, "verify", str(pool), "--key", bad, solver=FakeSolver())
        assert code == 2, err
        _one_line_failure(err, "key")
    code, out, err = run(capsys, "--data", str(data), "export", "--sign", f"{key}.pub", solver=FakeSolver())
    assert code == 2 and "private key" in err


# ---------------------------------------------------------------- 7. classic FreeCell codes


def test_classic_codes_through_every_step(capsys, tmp_path):
    data = tmp_path / "d"
    code, out, err = run(capsys, "--data", str(data), "build", "--boards", "freecell", "--classic", "1-5",
                         "--budget", NODES, "--workers", "1", "--quiet", solver=FakeSolver())  # fmt: skip
    assert code == 0, err
    deals = table_rows(data, "deals")
    assert [r["number"] for r in deals] == [1, 2, 3, 4, 5]
    assert all(r["seed"] is None and r["code"].endswith(f"-C{r['number']}") for r in deals)
    assert len(table_rows(data, "verdicts")) == 5
    code, out, err = run(capsys, "--data", str(data), "check", "--solves", "2", solver=FakeSolver())
    assert code == 0, err
    assert run(capsys, "--data", str(data), "export", solver=FakeSolver())[0] == 0
    doc = json.loads((data / "pool" / "freecell.json").read_text())
    assert doc["deals"] and all("-C" in d["code"] for d in doc["deals"])
    assert run(capsys, "verify", str(data / "pool"), solver=FakeSolver())[0] == 0
    # numbered deals of the same board start after the numbered ones, not after the classic numbers
    from pipeline import sample, store

    assert sample.next_number(store.Folder(data), "freecell") == 1


def test_classic_code_solves_and_is_refused_for_other_boards(capsys, tmp_path):
    code, out, err = run(capsys, "solve", "SOL1-freecell-cells=4-C1", "--budget", NODES)
    assert code == 0 and out.startswith("SOL1-freecell-cells=4-C1  freecell  "), err
    code, out, err = run(capsys, "--data", str(tmp_path / "d"), "sample", "--boards", "klondike-1", "--classic", "1-2")
    assert code == 2
    _one_line_failure(err, "no classic numbering")
