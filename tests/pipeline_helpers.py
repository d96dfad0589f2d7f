"""Shared helpers of the pipeline tests: run the CLI in process, pick the engine, read tables."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import pipeline_fake  # noqa: E402


def real_engine() -> bool:
    """Whether the real solver is merged (engine/solve.py exists): then the tests run on it, and
    fail (rather than fall back to the fake) if the native Klondike solver is not built."""
    import importlib.util

    from engine import _native

    if getattr(_native.solvable, "_fake", False):
        return False
    if importlib.util.find_spec("engine.solve") is None:
        return False
    assert _native.solvable("klondike"), "engine/solve.py is merged but the Klondike solver is not built"
    return True


@pytest.fixture()
def engine_mode():
    """The real engine when the Klondike solver is merged and built, else the fake one."""
    if real_engine():
        yield "real"
    else:
        with pipeline_fake.installed():
            yield "fake"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """`dealpool ARGV` in process: (exit status, stdout, stderr)."""
    from pipeline.cli import main

    capsys.readouterr()
    try:
        main(list(argv))
        code = 0
    except SystemExit as e:
        code = int(e.code or 0) if not isinstance(e.code, str) else 1
    out, err = capsys.readouterr()
    return code, out, err


def table_rows(data: Path, table: str, drop: tuple[str, ...] = ("seconds",)) -> list[dict[str, Any]]:
    """Every row of a table, parts in name order, without the non-deterministic columns."""
    from pipeline import storage

    t = storage.read_table(storage.Folder(data), table)
    return [{k: v for k, v in r.items() if k not in drop} for r in t.to_pylist()]


def part_names(data: Path, table: str) -> list[str]:
    d = data / table
    return sorted(p.name for p in d.glob("*.parquet")) if d.is_dir() else []


def fake_cli() -> list[str]:
    """argv prefix that runs the dealpool CLI on the fake engine in a subprocess."""
    return [sys.executable, str(HERE / "pipeline_fake.py")]


def env() -> dict[str, str]:
    e = dict(os.environ)
    e.pop("DEALPOOL_DATA", None)
    e.pop("DEALPOOL_FAKE_CRASH", None)
    return e
