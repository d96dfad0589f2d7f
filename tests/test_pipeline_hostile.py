"""Hostile entries in a data or export folder (issue 31): a `.lock`, `.tmp/`, table folder, part or
export file that is a symlink, a folder or a FIFO, and data folders named with glob or SQL
characters. Each test fails on the code before the fix: a file outside the folder truncated or
deleted, a traceback, or report/sql reading a sibling folder's tables. Every file a test makes
(the "outside" victims included) is inside its tmp_path.
"""

from __future__ import annotations

import errno
import json
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pipeline_fake import FakeSolver  # noqa: E402
from pipeline_helpers import run  # noqa: E402

NODES = "20000"


def _one_line(err: str, says: str) -> None:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("dealpool: error: "), err
    assert "Traceback" not in err and says in lines[0], lines[0]


def _pool(capsys, data: Path, numbers: str = "1-6") -> None:
    code, out, err = run(capsys, "--data", str(data), "build", "--boards", "klondike-1", "--numbers", numbers,
                         "--budget", NODES, "--workers", "1", "--quiet", solver=FakeSolver())  # fmt: skip
    assert code == 0, err


def _victim(tmp_path: Path) -> Path:
    v = tmp_path / "outside" / "precious.txt"
    v.parent.mkdir(parents=True, exist_ok=True)
    v.write_text("keep me\n")
    return v


@pytest.mark.parametrize("command", [("check", "--solves", "0"), ("solve", "--budget", NODES), ("report",), ("export",)])
def test_a_lock_symlink_is_refused_and_its_target_never_truncated(capsys, tmp_path, command):
    data = tmp_path / "d"
    _pool(capsys, data)
    victim = _victim(tmp_path)
    (data / ".lock").unlink()
    (data / ".lock").symlink_to(victim)
    code, out, err = run(capsys, "--data", str(data), *command, solver=FakeSolver())
    assert code == 2, (out, err)
    _one_line(err, ".lock")
    assert victim.read_text() == "keep me\n"


def test_a_lock_that_is_a_folder_is_one_line(capsys, tmp_path):
    data = tmp_path / "d"
    _pool(capsys, data)
    (data / ".lock").unlink()
    (data / ".lock").mkdir()
    code, out, err = run(capsys, "--data", str(data), "check", "--solves", "0", solver=FakeSolver())
    assert code == 2
    _one_line(err, "is a folder")


@pytest.mark.parametrize("entry", [".tmp", "deals", "verdicts", "ledger", "ledger/verdicts"])
def test_a_symlinked_folder_inside_the_data_folder_is_refused_and_nothing_outside_deleted(capsys, tmp_path, entry):
    data = tmp_path / "d"
    _pool(capsys, data)
    outside = tmp_path / "outside"
    victim = _victim(tmp_path)
    stale = outside / "verdicts~x~1~y.tmp"  # named like a temp part, so the tidying would remove it
    stale.write_text("keep me too\n")
    target = data / entry
    if target.exists():
        os.rename(target, tmp_path / "moved")
    target.symlink_to(outside, target_is_directory=True)
    for command in (("check", "--solves", "0"), ("check", "--repair"), ("solve", "--budget", NODES)):
        code, out, err = run(capsys, "--data", str(data), *command, solver=FakeSolver())
        assert code == 2, (command, out, err)
        _one_line(err, "symlink")
    assert victim.read_text() == "keep me\n" and stale.read_text() == "keep me too\n"


def test_a_part_that_is_a_symlink_is_named_and_repair_removes_only_the_link(capsys, tmp_path):
    data = tmp_path / "d"
    _pool(capsys, data)
    part = sorted((data / "verdicts").glob("*.parquet"))[0]
    outside = tmp_path / "outside"
    outside.mkdir()
    kept = outside / part.name
    os.rename(part, kept)
    part.symlink_to(kept)
    code, out, err = run(capsys, "--data", str(data), "check", "--solves", "0", solver=FakeSolver())
    assert code == 1 and "not a regular file" in err, err
    code, out, err = run(capsys, "--data", str(data), "check", "--repair", solver=FakeSolver())
    assert code == 0, err
    assert kept.is_file() and not os.path.lexists(part)
    assert run(capsys, "--data", str(data), "solve", "--budget", NODES, "--quiet", solver=FakeSolver())[0] == 0
    assert run(capsys, "--data", str(data), "check", "--solves", "0", solver=FakeSolver())[0] == 0


def test_an_export_file_that_is_a_symlink_is_refused_and_its_target_kept(capsys, tmp_path):
    data = tmp_path / "d"
    _pool(capsys, data)
    victim = _victim(tmp_path)
    pool = data / "pool"
    pool.mkdir()
    (pool / "manifest.json").symlink_to(victim)
    code, out, err = run(capsys, "--data", str(data), "export", solver=FakeSolver())
    assert code == 2, (out, err)
    _one_line(err, "symlink")
    assert victim.read_text() == "keep me\n"


@pytest.mark.parametrize("out", [".", "deals", "verdicts", "ledger", "ledger/deals", ".tmp", "fair"])
def test_export_into_the_folders_own_tables_is_refused(capsys, tmp_path, out):
    data = tmp_path / "d"
    _pool(capsys, data)
    before = sorted(p.name for p in (data / "deals").iterdir())
    code, o, err = run(capsys, "--data", str(data), "export", "--out", str(data / out), solver=FakeSolver())
    assert code == 2, (o, err)
    _one_line(err, "--out")
    assert sorted(p.name for p in (data / "deals").iterdir()) == before
    assert run(capsys, "--data", str(data), "check", "--solves", "0", solver=FakeSolver())[0] == 0


def test_a_fair_secret_symlink_is_refused_and_its_target_mode_kept(capsys, tmp_path):
    data = tmp_path / "d"
    _pool(capsys, data)
    outside = tmp_path / "outside"
    outside.mkdir()
    os.chmod(outside, 0o755)
    (data / "fair").mkdir()
    (data / "fair" / "secret").symlink_to(outside, target_is_directory=True)
    code, out, err = run(capsys, "--data", str(data), "fair", "commit")
    assert code == 2, (out, err)
    _one_line(err, "symlink")
    assert (os.stat(outside).st_mode & 0o777) == 0o755 and not list(outside.iterdir())


@pytest.mark.parametrize("name", ["a*b", "a[1]b", "a[b", "q'x", "new\nline", "sp ace"])
def test_report_and_sql_read_only_their_own_folder_whatever_its_name(capsys, tmp_path, name):
    """Siblings that the folder's name would match as a glob hold more deals: the counts must be
    the folder's own (the path is escaped for DuckDB's glob and quoted as SQL)."""
    data = tmp_path / name
    _pool(capsys, data, "1-3")
    for sibling in ("aXb", "a1b", "ab", "a[1]b-x"):
        if sibling != name:
            _pool(capsys, tmp_path / sibling, "1-5")
    code, out, err = run(capsys, "--data", str(data), "report", solver=FakeSolver())
    assert code == 0, err
    code, out, err = run(capsys, "--data", str(data), "sql", "select count(*) AS n from verdicts_all", "--json")
    assert code == 0, err
    assert json.loads(out) == [{"n": 3}]


@pytest.mark.parametrize("name,says", [("a\\b", "backslash"), ("a?b", "question mark")])
def test_a_data_folder_duckdb_cannot_open_is_refused_by_report_in_one_line(capsys, tmp_path, name, says):
    data = tmp_path / name
    _pool(capsys, data, "1-2")
    code, out, err = run(capsys, "--data", str(data), "report", solver=FakeSolver())
    assert code == 2
    _one_line(err, says)


def test_a_read_only_folder_is_still_checked_and_queried(capsys, tmp_path, monkeypatch):
    """The lock cannot be made in a read-only folder (EROFS; root ignores chmod, so the file system's
    answer is simulated): `check` and `sql` only read, so they still work; a writer says so in one line."""
    from pipeline.store import lock

    data = tmp_path / "d"
    _pool(capsys, data)
    assert run(capsys, "--data", str(data), "report", solver=FakeSolver())[0] == 0

    def read_only(folder):
        raise OSError(errno.EROFS, "Read-only file system", str(folder.root / ".lock"))

    monkeypatch.setattr(lock, "open_lock", read_only)
    code, out, err = run(capsys, "--data", str(data), "check", "--solves", "2", solver=FakeSolver())
    assert code == 0 and out.startswith("check: OK"), err
    code, out, err = run(capsys, "--data", str(data), "sql", "select count(*) AS n from verdicts", "--json")
    assert code == 0 and json.loads(out) == [{"n": 6}], err
    code, out, err = run(capsys, "--data", str(data), "solve", "--budget", NODES, solver=FakeSolver())
    assert code == 1
    _one_line(err, "read-only")
