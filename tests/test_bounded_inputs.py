"""Bounded reads and one-line OS errors (issue 31): every input a command reads has a size cap
(pipeline/files.py's read_capped / read_input), and a full disk, a read-only data folder, a nested or
huge input each end in one line and a non-zero exit, never a traceback.

Failed on main (c750337): `solve --position /dev/zero` read without end (killed by the test's
timeout); a 200,000-deep JSON position ended in a RecursionError traceback; a 300-digit
`--numbers-from` went as far as naming a file ("File name too long") after making the data folder;
a full disk said "disk full writing a file" with the free space of the current folder's disk, not the
data folder's, and no size needed; the report's DuckDB on a full disk was a traceback; stdin and
position files were read whole with no cap, a folder as --position said Python's "Is a directory";
--min-sequence took any number; `keygen ""` was a traceback. Held on main
already (kept here as the contract): `verify --key /dev/zero`, `export --sign /dev/zero`, a bad key
path, and the read-only folder (rb's reader lock).
"""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pipeline_fake import FakeSolver  # noqa: E402
from pipeline_helpers import env, part_names, run, table_rows  # noqa: E402

HUGE = "9" * 300
DEEP = "[" * 200_000 + "]" * 200_000


def _one_line(code: int, err: str, status: int, *says: str) -> str:
    lines = err.strip().splitlines()
    assert code == status and len(lines) == 1 and "Traceback" not in err, (code, err[-2000:])
    assert lines[0].startswith("dealpool: error: ") and all(s in lines[0] for s in says), lines[0]
    return lines[0]


def _stdin(monkeypatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


def test_dev_zero_as_position_is_refused_quickly():
    """A subprocess, so that main's endless read is caught by the timeout instead of hanging pytest."""
    t0 = time.monotonic()
    r = subprocess.run([sys.executable, "-m", "pipeline", "solve", "--position", "/dev/zero"], env=env(),
                       capture_output=True, text=True, timeout=60, cwd=Path(__file__).resolve().parent.parent)  # fmt: skip
    assert time.monotonic() - t0 < 60
    _one_line(r.returncode, r.stderr, 2, "/dev/zero", "larger than")


def test_huge_stdin_is_refused(capsys, monkeypatch):
    from pipeline import limits

    for argv in (["replay", "SOL1-klondike-N1"], ["hint", "SOL1-klondike-N1"], ["solve", "--position", "-"]):
        _stdin(monkeypatch, "w>f " * (limits.MAX_INPUT // 4 + 1))
        code, out, err = run(capsys, *argv)
        _one_line(code, err, 2, "stdin", "larger than")


def test_a_deeply_nested_json_position_is_one_line(capsys, monkeypatch, tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text(DEEP)
    code, out, err = run(capsys, "solve", "--position", str(deep))
    _one_line(code, err, 2, "nested too deeply")
    _stdin(monkeypatch, DEEP)
    code, out, err = run(capsys, "solve", "--position", "-")
    _one_line(code, err, 2, "nested too deeply")
    _stdin(monkeypatch, DEEP)
    code, out, err = run(capsys, "replay", "SOL1-klondike-N1")
    _one_line(code, err, 2, "nested too deeply")


def test_position_file_errors(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe{")
    for path, says in ((tmp_path / "none.json", "No such file"), (tmp_path, "a folder"), (bad, "not UTF-8")):
        code, out, err = run(capsys, "solve", "--position", str(path))
        _one_line(code, err, 2, says)


@pytest.mark.parametrize("argv", [
    ["sample", "--boards", "klondike-1", "--numbers-from", HUGE, "--count", "3"],
    ["sample", "--boards", "klondike-1", "--numbers-from", "-" + HUGE, "--count", "3"],
    ["sample", "--boards", "klondike-1", "--numbers-from", "1", "--count", HUGE],
    ["sample", "--boards", "klondike-1", "--random", HUGE],
    ["solve", "--budget", HUGE], ["build", "--target", HUGE], ["check", "--seed", HUGE],
    ["hint", "SOL1-klondike-N1", "--budget", HUGE], ["first-winnable", "SOL1-klondike-N1", "--budget", HUGE],
])  # fmt: skip
def test_300_digit_numeric_options_are_one_line_and_write_nothing(capsys, tmp_path, monkeypatch, argv):
    _stdin(monkeypatch, "")
    data = tmp_path / "d"
    code, out, err = run(capsys, "--data", str(data), *argv)
    line = _one_line(code, err, 2)
    assert len(line) < 300 and not data.exists(), line


def test_verify_min_sequence_out_of_range_is_bad_input(capsys, tmp_path):
    code, out, err = run(capsys, "verify", str(tmp_path), "--min-sequence", HUGE)
    _one_line(code, err, 2, "--min-sequence")


def test_keys_dev_zero_and_bad_paths(capsys, tmp_path):
    data = tmp_path / "d"
    assert run(capsys, "--data", str(data), "build", "--boards", "klondike-1", "--numbers", "1-3", "--budget", "3000",
               "--quiet", solver=FakeSolver())[0] == 0  # fmt: skip
    assert run(capsys, "--data", str(data), "export", solver=FakeSolver())[0] == 0
    junk = tmp_path / "junk.pem"
    junk.write_text("not a key")
    for key, says in (("/dev/zero", "not a regular file"), (str(tmp_path / "none"), "No such file"),
                      (str(tmp_path), "directory"), (str(junk), "not an Ed25519")):  # fmt: skip
        code, out, err = run(capsys, "verify", str(data / "pool"), "--key", key, solver=FakeSolver())
        _one_line(code, err, 2, says)
        code, out, err = run(capsys, "--data", str(data), "export", "--sign", key, solver=FakeSolver())
        _one_line(code, err, 2, says)
    code, out, err = run(capsys, "keygen", "")  # an empty path: a ValueError traceback on main
    _one_line(code, err, 2, "bad key path")
    big = tmp_path / "big.pem"
    big.write_bytes(b"x" * (1 << 20))
    code, out, err = run(capsys, "verify", str(data / "pool"), "--key", str(big), solver=FakeSolver())
    _one_line(code, err, 2, "larger than")


def _fsync_full(monkeypatch) -> None:
    real = os.fsync

    def fsync(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(sys.modules[__name__], "_real_fsync", real, raising=False)


def test_a_full_disk_names_the_path_the_free_space_and_what_is_needed(capsys, tmp_path, monkeypatch):
    data = tmp_path / "d"
    assert run(capsys, "--data", str(data), "sample", "--boards", "klondike-1", "--numbers", "1-6")[0] == 0
    with monkeypatch.context() as m:
        _fsync_full(m)
        code, out, err = run(capsys, "--data", str(data), "solve", "--budget", "3000", "--quiet", solver=FakeSolver())
    line = _one_line(code, err, 1, "disk full writing", str(data), "free there", "needed", "run the command again")
    assert "KiB needed" in line or "bytes needed" in line or "MiB needed" in line, line
    assert not part_names(data, "verdicts") and not list((data / ".tmp").iterdir())  # nothing half-written left
    code, out, err = run(capsys, "--data", str(data), "solve", "--budget", "3000", "--quiet", solver=FakeSolver())
    assert code == 0 and out.startswith("solve: 6 deals")
    for argv, where in ((["report"], str(data)), (["export"], str(data / "pool"))):
        with monkeypatch.context() as m:
            _fsync_full(m)
            code, out, err = run(capsys, "--data", str(data), *argv, solver=FakeSolver())
        _one_line(code, err, 1, "disk full writing", where)
    assert run(capsys, "--data", str(data), "check", "--solves", "1", solver=FakeSolver())[0] == 0


def test_the_reports_duckdb_on_a_full_disk_is_one_line(capsys, tmp_path, monkeypatch):
    import duckdb

    from pipeline import analysts

    data = tmp_path / "d"
    assert run(capsys, "--data", str(data), "build", "--boards", "klondike-1", "--numbers", "1-3", "--budget", "3000",
               "--quiet", solver=FakeSolver())[0] == 0  # fmt: skip

    class Full:
        def execute(self, *a):
            raise duckdb.IOException('Could not write file "x.wal": No space left on device')

        def close(self):
            pass

    real = analysts.connect
    monkeypatch.setattr(analysts, "connect", lambda folder, db=":memory:", *a, **k:
                        Full() if str(db).endswith(".tmp") else real(folder, db, *a, **k))  # its write only
    code, out, err = run(capsys, "--data", str(data), "report")
    _one_line(code, err, 1, "disk full writing", "dealpool.duckdb")


class ReadOnly:
    """Every write under `root` refused as a read-only mount refuses it (EROFS): os.open for writing
    or creating, mkdir, replace, rename, unlink. (Tests run as root, where chmod would not stop a
    write, and cannot mount; the bench's row does the same.)"""

    def __init__(self, root: Path, monkeypatch) -> None:
        self.root = str(root.resolve())
        for name in ("open", "mkdir", "replace", "rename", "unlink"):
            real = getattr(os, name)
            monkeypatch.setattr(os, name, self.wrap(name, real))

    def mine(self, path) -> bool:
        try:
            return os.path.abspath(os.fspath(path)).startswith(self.root)
        except TypeError:
            return False

    def wrap(self, name, real):
        def f(path, *a, **k):
            writes = name != "open" or (a and a[0] & (os.O_WRONLY | os.O_RDWR | os.O_CREAT))
            if self.mine(path) and writes:
                if name == "mkdir" and os.path.isdir(path):
                    raise FileExistsError(errno.EEXIST, "File exists", path)
                raise OSError(errno.EROFS, "Read-only file system", os.fspath(path))
            return real(path, *a, **k)

        return f


def test_a_read_only_folder_is_checked_and_queried_and_writes_are_one_line(capsys, tmp_path, monkeypatch):
    data = tmp_path / "d"
    assert run(capsys, "--data", str(data), "build", "--boards", "klondike-1", "--numbers", "1-4", "--budget", "3000",
               "--quiet", solver=FakeSolver())[0] == 0  # fmt: skip
    assert run(capsys, "--data", str(data), "report", solver=FakeSolver())[0] == 0
    (data / ".lock").unlink()  # as a folder copied read-only: no lock file to open
    before = table_rows(data, "verdicts")
    with monkeypatch.context() as m:
        ReadOnly(data, m)
        code, out, err = run(capsys, "--data", str(data), "check", "--solves", "1", solver=FakeSolver())
        assert code == 0 and out.startswith("check: OK"), err
        code, out, err = run(capsys, "--data", str(data), "sql", "SELECT count(*) AS n FROM verdicts", "--csv")
        assert code == 0 and out.split() == ["n", "4"], (out, err)
        for argv in (["solve", "--budget", "5000"], ["sample", "--boards", "klondike-1", "--numbers", "9-9"], ["report"],
                     ["export"], ["check", "--repair"], ["fair", "commit"],
                     ["build", "--boards", "klondike-1", "--numbers", "1-2"]):  # fmt: skip
            code, out, err = run(capsys, "--data", str(data), *argv, solver=FakeSolver())
            _one_line(code, err, 1, "read-only", "check` and `sql` still read it")
    assert table_rows(data, "verdicts") == before
