"""Pyramid under the memory cap (docs/solver.md, "The memory cap"): a memory-hungry deal ends
unknown (memory) with its process's resident memory within the bound (tests/memory_helpers.py)."""

from __future__ import annotations

import sys
from pathlib import Path

from engine import board_code

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/: the shared helpers
from memory_helpers import assert_within_the_cap  # noqa: E402


def test_resident_memory_stays_within_the_cap() -> None:
    assert_within_the_cap(board_code("pyramid", 783), 8_000_000, 4)  # the slowest of 1..1000 since P4 (17 now needs 28,448 positions)
