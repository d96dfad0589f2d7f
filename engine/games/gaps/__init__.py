"""Gaps: boards, layout and redeals (rules in README.md). Dealt; no referee rules or solver yet."""

from __future__ import annotations

from typing import Mapping, Sequence

from engine.deal import redeal as shuffle_for_redeal
from engine.errors import BadInput
from engine.games.base import BoardSpec, Game, Layout

GAP = -1
"""An empty place in a row (the rules' and redeal's marker, never a card)."""
REDEALS = 2
"""Redeals allowed after the deal: three deals in all."""


def lay_out(order: Sequence[int], options: Mapping[str, str]) -> Layout:
    """Four rows of 13, left to right, row 1 first; the aces are taken out by the rules' first step."""
    return {"rows": [list(order[r * 13 : r * 13 + 13]) for r in range(4)]}


def remove_aces(rows: Sequence[Sequence[int]]) -> list[list[int]]:
    """The first step of Gaps: the four aces are taken out, leaving four gaps."""
    return [[GAP if c != GAP and c % 13 == 0 else c for c in row] for row in rows]


def run(row: Sequence[int]) -> int:
    """How many cards at the row's left are in place: a 2, then the same suit's 3, 4, ..."""
    k = 0
    while k < len(row) and row[k] != GAP and row[k] % 13 == k + 1 and row[k] // 13 == row[0] // 13:
        k += 1
    return k


def redeal(seed: bytes, n: int, rows: Sequence[Sequence[int]]) -> list[list[int]]:
    """Redeal n (1, 2): gather the cards not in place (row 1 first, left to right), shuffle them
    with the redeal stream n, and deal them back row by row into the places right of each row's
    run, leaving one gap just after the run. The aces stay out."""
    if not 1 <= n <= REDEALS:
        raise BadInput(f"gaps has no redeal {n}; accepted: 1..{REDEALS}")
    runs = [run(row) for row in rows]
    gathered = [c for row, k in zip(rows, runs) for c in row[k:] if c != GAP]
    cards = iter(shuffle_for_redeal(seed, n, gathered))
    out = [list(row[:k]) + [GAP] + [next(cards) for _ in range(len(row) - k - 1)] for row, k in zip(rows, runs)]
    if next(cards, None) is not None:
        raise BadInput("gaps redeal: more cards than places; accepted: 4 rows of 13 with the 4 aces out")
    return out


GAME = Game(
    "gaps",
    "Gaps",
    (),
    lay_out,
    boards=(BoardSpec("gaps", 1_000_000, "Gaps"),),
)
