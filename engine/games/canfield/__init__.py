"""Canfield: boards and layout (rules in README.md, referee in rules.py)."""

from __future__ import annotations

from typing import Mapping, Sequence

from engine.gamekit.base import BoardSpec, Game, Layout
from engine.games.canfield import rules, solvitaire


def lay_out(order: Sequence[int], options: Mapping[str, str]) -> Layout:
    """Reserve of 13 (order[12] on top), order[13] the first foundation's base card, one card on
    each of four tableau piles, the stock of 34 (order[51] drawn first)."""
    return {
        "reserve": [list(order[0:13])],
        "foundation": [[order[13]]],
        "tableau": [[c] for c in order[14:18]],
        "stock": [list(order[18:52])],
    }


GAME = Game(
    "canfield",
    "Canfield",
    (),
    lay_out,
    boards=(BoardSpec("canfield", 32_000_000, "Canfield"),),
    rules=rules,
    solvitaire=solvitaire,
)
