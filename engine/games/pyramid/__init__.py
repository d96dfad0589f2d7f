"""Pyramid: options, boards and layout (rules in README.md, referee in rules.py)."""

from __future__ import annotations

from typing import Mapping, Sequence

from engine.gamekit.base import BoardSpec, Game, Layout, Option
from engine.games.pyramid import rules


def lay_out(order: Sequence[int], options: Mapping[str, str]) -> Layout:
    """Seven rows, row r (1..7) the next r cards left to right; the stock of 24 (order[51] drawn first)."""
    rows = [list(order[r * (r - 1) // 2 : r * (r + 1) // 2]) for r in range(1, 8)]
    return {"rows": rows, "stock": [list(order[28:52])]}


GAME = Game(
    "pyramid",
    "Pyramid",
    # The defaults are Microsoft's rules (3 passes, clear the 28 table cards).
    (
        Option("passes", ("3", "1", "2", "unlimited"), "3"),
        Option("goal", ("pyramid", "all"), "pyramid"),
    ),
    lay_out,
    # Budget: deals 1..1000 need at most 4,094,000 positions (bench log); room so every deal is decided.
    boards=(BoardSpec("pyramid", 8_000_000, "Pyramid"),),
    rules=rules,
)
