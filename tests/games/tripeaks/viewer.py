"""What the pool viewer (clients/web) must draw for a referee position of this game: every pile's
cards bottom first and how many lie face down, written from engine/games/tripeaks/rules.py's state, not
from the JS kit's view (tests/test_web_viewer.py compares it with the page's DOM)."""

from __future__ import annotations

from typing import Any

from engine.games.tripeaks import rules


def piles(s: Any) -> dict[str, tuple[list[int], int]]:
    # a card still overlapped lies face down
    table = {f"p{p + 1}": ([-1 if c is None else c], int(c is not None and not rules.free(s, p)))
             for p, c in enumerate(s.table)}  # fmt: skip
    return {**table, "stock": (s.stock, len(s.stock)), "waste": (s.waste, 0)}
