"""La Belle Lucie: boards and layout (rules in README.md, referee and redeal in rules.py)."""

from __future__ import annotations

from typing import Mapping, Sequence

from engine.gamekit.base import BoardSpec, Game, Layout, deal_rows
from engine.games.labellelucie import rules
from engine.games.labellelucie.rules import REDEALS, redeal

__all__ = ["GAME", "REDEALS", "lay_out", "redeal", "rules"]


def lay_out(order: Sequence[int], options: Mapping[str, str]) -> Layout:
    """18 fans dealt row by row: 17 fans of three and the last fan of one; all face up."""
    return {"tableau": deal_rows(order, [3] * 17 + [1])}



GAME = Game(
    "labellelucie",
    "La Belle Lucie",
    (),
    lay_out,
    # Budget: deals 1..1000 need at most 337,744 positions (bench log L1); room so every deal is decided.
    boards=(BoardSpec("labellelucie", 1_000_000, "La Belle Lucie"),),
    rules=rules,
    seeded=True,  # the redeals shuffle with the deal's seed: the layout carries it
)
