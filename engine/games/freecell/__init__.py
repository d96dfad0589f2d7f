"""FreeCell: options, boards and layout (rules in README.md, referee in rules.py)."""

from __future__ import annotations

from typing import Mapping, Sequence

from engine.gamekit.base import BoardSpec, Game, Layout, Option, deal_rows, numbers
from engine.games.freecell import rules, solvitaire


def lay_out(order: Sequence[int], options: Mapping[str, str]) -> Layout:
    """Eight columns dealt a row at a time: columns 1-4 hold 7 cards, 5-8 hold 6, all face up."""
    return {"tableau": deal_rows(order, [7, 7, 7, 7, 6, 6, 6, 6])}


GAME = Game(
    "freecell",
    "FreeCell",
    (Option("cells", numbers(1, 4), "4"),),
    lay_out,
    boards=(BoardSpec("freecell", 2_000_000, "FreeCell", {"cells": "4"}),),
    rules=rules,
    solvitaire=solvitaire,
    classic=True,
)
