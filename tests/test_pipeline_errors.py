"""Bad input to the pool commands: one clean line `dealpool: error: ...`, exit 2, no traceback."""

from __future__ import annotations

import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pipeline_helpers import run  # noqa: E402


def _bad(capsys, *argv: str, says: str, status: int = 2) -> str:
    code, out, err = run(capsys, *argv)
    assert code == status, (code, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("dealpool: error: "), err
    assert "Traceback" not in err
    assert says in lines[0], lines[0]
    return lines[0]


@pytest.mark.parametrize(
    "argv, says",
    [
        (("sample", "--boards", "nosuch", "--numbers", "1-5"), "unknown board 'nosuch'"),
        (("build", "--boards", "klondike-1,nosuch", "--numbers", "1-5"), "unknown board 'nosuch'"),
        (("solve", "--board", "nosuch", "5"), "unknown board 'nosuch'"),
        (("sample", "--boards", "klondike-1", "--numbers", "5-2"), "bad range '5-2'"),
        (("sample", "--boards", "klondike-1", "--numbers", "0-10"), "bad range '0-10'"),
        (("sample", "--boards", "klondike-1", "--numbers", "1-1000001"), "1..1,000,000"),
        (("sample", "--boards", "klondike-1", "--numbers", "one-ten"), "bad range 'one-ten'"),
        (("sample", "--boards", "klondike-1"), "give --numbers"),
        (("sample", "--boards", "klondike-1", "--random", "0"), "bad --random 0"),
        (("build", "--boards", "klondike-1", "--numbers", "1-2", "--budget", "0"), "bad --budget 0"),
        (("build", "--boards", "klondike-1", "--numbers", "1-2", "--nodes", "0"), "bad --budget 0"),
        (("deal", "klondike", "007"), "leading zeros"),
        (("replay", "SOL1-nosuch-N1"), "unknown game 'nosuch'"),
        (("build", "--boards", "klondike-1", "--numbers", "1-2", "--workers", "0"), "bad --workers 0"),
        (("solve", "SOL1-klondike-draw=9-N1"), "draw"),
        (("solve", "--board", "klondike-1", "x"), "bad deal number"),
    ],
)
def test_bad_arguments(capsys, tmp_path, argv, says):
    _bad(capsys, "--data", str(tmp_path / "d"), *argv, says=says)


def test_a_round_that_wins_nothing_is_a_failed_run(capsys, tmp_path):
    """A failed run (RunFailed) is one line and exit 1, never a traceback."""
    _bad(capsys, "--data", str(tmp_path / "d"), "build", "--boards", "klondike-3", "--target", "1",
         "--budget", "1", "--quiet", says="won none", status=1)  # fmt: skip


@pytest.mark.parametrize("command", [("solve",), ("check",), ("report",), ("export", "--out", "x")])
def test_missing_data_folder(capsys, tmp_path, command):
    _bad(capsys, "--data", str(tmp_path / "nowhere"), *command, says="does not exist")


def test_verify_missing_or_foreign_folder(capsys, tmp_path):
    _bad(capsys, "verify", str(tmp_path / "nowhere"), says="does not exist")
    _bad(capsys, "verify", str(tmp_path), says="no manifest.json")


def _data_with_deals(capsys, tmp_path: Path) -> Path:
    data = tmp_path / "d"
    assert run(capsys, "--data", str(data), "sample", "--boards", "klondike-1", "--numbers", "1-3")[0] == 0
    return data


def _foreign(data: Path, kind: str) -> str:
    """A Parquet file no dealpool run wrote, in the deals table: garbage, another table, or our tag
    with other columns. Returns what `check --adopt` (the one step that reads an unlisted part) says."""
    if kind == "garbage":
        (data / "deals" / "broken.parquet").write_bytes(b"PAR1 this is not parquet at all")
        return "unreadable Parquet file"
    if kind == "foreign":
        pq.write_table(pa.table({"x": [1, 2, 3]}), data / "deals" / "other.parquet")
        return "foreign Parquet file"
    t = pa.table({"board": ["klondike-1"]}).replace_schema_metadata({"dealpool.table": "deals"})
    pq.write_table(t, data / "deals" / "odd.parquet")
    return "differ from the deals schema"


@pytest.mark.parametrize("kind", ["garbage", "foreign", "tagged"])
@pytest.mark.parametrize("command", [("solve",), ("check",), ("report",), ("export",)])
def test_an_unlisted_parquet_file_is_never_read_only_named(capsys, tmp_path, command, kind):
    """An unlisted part is never read (issue 31: the plan trusted one): every step names it as not
    in the ledger, exit 1; `check --adopt`, which would record it, reads it and refuses it."""
    data = _data_with_deals(capsys, tmp_path)
    adopt_says = _foreign(data, kind)
    _bad(capsys, "--data", str(data), *command, says="not in the ledger", status=1)
    _bad(capsys, "--data", str(data), "check", "--adopt", says=adopt_says)
