"""TriPeaks: options, boards and layout (rules in README.md, referee in rules.py)."""

from __future__ import annotations

from typing import Mapping, Sequence

from engine.gamekit.base import BoardSpec, Game, Layout, Option
from engine.games.tripeaks import rules


def lay_out(order: Sequence[int], options: Mapping[str, str]) -> Layout:
    """Rows of 3, 6, 9 and 10 (the three peaks, then the face-up bottom row); the stock's top card
    starts the waste."""
    return {
        "rows": [list(order[0:3]), list(order[3:9]), list(order[9:18]), list(order[18:28])],
        "stock": [list(order[28:51])],
        "waste": [[order[51]]],
    }


GAME = Game(
    "tripeaks",
    "TriPeaks",
    # K and A neighbours (wrap) or not; stock one at a time, no redeal.
    (Option("wrap", ("yes", "no"), "yes"),),
    lay_out,
    # Budget: deals 1..1000 need at most 683,000 positions (bench log); room so every deal is decided.
    boards=(BoardSpec("tripeaks", 2_000_000, "TriPeaks"),),
    rules=rules,
)
