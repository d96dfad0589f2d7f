"""Shared helpers of the pipeline tests: run the CLI in process, read tables."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from pipeline.solver import Solver  # noqa: E402


def run(capsys: pytest.CaptureFixture[str], *argv: str, solver: Solver | None = None) -> tuple[int, str, str]:
    """`dealpool ARGV` in process, on `solver` (the engine by default): (exit status, stdout, stderr)."""
    from pipeline.cli import main

    capsys.readouterr()
    try:
        main(list(argv), solver=solver)
        code = 0
    except SystemExit as e:
        code = int(e.code or 0) if not isinstance(e.code, str) else 1
    out, err = capsys.readouterr()
    return code, out, err


def table_rows(data: Path, table: str, drop: tuple[str, ...] = ("seconds",)) -> list[dict[str, Any]]:
    """Every row of a table, parts in name order, without the non-deterministic columns."""
    from pipeline import store

    t = store.read_table(store.Folder(data), table)
    return [{k: v for k, v in r.items() if k not in drop} for r in t.to_pylist()]


def part_names(data: Path, table: str) -> list[str]:
    d = data / table
    return sorted(p.name for p in d.glob("*.parquet")) if d.is_dir() else []


def fake_cli() -> list[str]:
    """argv prefix that runs the dealpool CLI on a stand-in solver in a subprocess (pipeline_fake.py)."""
    return [sys.executable, str(HERE / "pipeline_fake.py")]


def env() -> dict[str, str]:
    e = dict(os.environ)
    e.pop("DEALPOOL_DATA", None)
    e.pop("DEALPOOL_FAKE_CRASH", None)
    return e
