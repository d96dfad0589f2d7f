"""Gaps: boards and layout (rules in README.md, referee and redeal in rules.py)."""

from __future__ import annotations

from typing import Mapping, Sequence

from engine.gamekit.base import BoardSpec, Game, Layout
from engine.games.gaps import rules, solvitaire
from engine.games.gaps.rules import GAP, REDEALS, redeal, remove_aces, run

__all__ = ["GAME", "GAP", "REDEALS", "lay_out", "redeal", "remove_aces", "rules", "run"]


def lay_out(order: Sequence[int], options: Mapping[str, str]) -> Layout:
    """Four rows of 13, left to right, row 1 first; the aces are taken out by the rules' first step."""
    return {"rows": [list(order[r * 13 : r * 13 + 13]) for r in range(4)]}


GAME = Game(
    "gaps",
    "Gaps",
    (),
    lay_out,
    # Budget: deals 1..1000 need at most 420,315 positions (bench log G1); room so every deal is decided.
    boards=(BoardSpec("gaps", 1_000_000, "Gaps"),),
    rules=rules,
    solvitaire=solvitaire,
    seeded=True,  # the redeals shuffle with the deal's seed: the layout carries it
)
