"""La Belle Lucie: boards, layout and redeals (rules in README.md). Dealt; no referee rules or
solver yet."""

from __future__ import annotations

from typing import Mapping, Sequence

from engine.deal import redeal as shuffle_for_redeal
from engine.errors import BadInput
from engine.games.base import BoardSpec, Game, Layout, deal_rows

REDEALS = 2
"""Redeals allowed after the deal: three deals in all."""


def lay_out(order: Sequence[int], options: Mapping[str, str]) -> Layout:
    """18 fans dealt row by row: 17 fans of three and the last fan of one; all face up."""
    return {"tableau": deal_rows(order, [3] * 17 + [1])}


def redeal(seed: bytes, n: int, fans: Sequence[Sequence[int]]) -> list[list[int]]:
    """Redeal n (1, 2): gather the fans (fan 1 first, each bottom to top), shuffle with the redeal
    stream n of the deal's seed, and deal them across new fans of three a row at a time (the last
    fan gets the one or two left over)."""
    if not 1 <= n <= REDEALS:
        raise BadInput(f"labellelucie has no redeal {n}; accepted: 1..{REDEALS}")
    gathered = [c for fan in fans for c in fan]
    cards = shuffle_for_redeal(seed, n, gathered)
    k = len(cards)
    return deal_rows(cards, [3] * (k // 3) + ([k % 3] if k % 3 else []))


GAME = Game(
    "labellelucie",
    "La Belle Lucie",
    (),
    lay_out,
    boards=(BoardSpec("labellelucie", 1_000_000, "La Belle Lucie"),),
)
