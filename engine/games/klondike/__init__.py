"""Klondike: options, boards and layout (rules in README.md, referee in rules.py)."""

from __future__ import annotations

from typing import Mapping, Sequence

from engine.gamekit.base import BoardSpec, Game, Layout, Option, deal_rows
from engine.games.klondike import rules, solvitaire


def lay_out(order: Sequence[int], options: Mapping[str, str]) -> Layout:
    """Seven piles dealt a row at a time (pile p gets p cards, the top one face up); the other 24
    are the stock, order[28] at the bottom, order[51] drawn first."""
    return {"tableau": deal_rows(order, range(1, 8)), "down": [list(range(7))], "stock": [list(order[28:52])]}


GAME = Game(
    "klondike",
    "Klondike",
    (
        Option("draw", ("1", "3"), "1"),
        Option("passes", ("unlimited", "1", "3"), "unlimited"),
        Option("scoring", ("standard",), "standard", solving=False),
    ),
    lay_out,
    boards=(
        BoardSpec("klondike-1", 33_500_000, "Klondike · Draw 1", {"draw": "1"}),
        BoardSpec("klondike-3", 33_500_000, "Klondike · Draw 3", {"draw": "3"}),
    ),
    rules=rules,
    solvitaire=solvitaire,
)
