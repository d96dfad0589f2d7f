"""What the pool viewer (clients/web) must draw for a referee position of this game: every pile's
cards bottom first and how many lie face down, written from engine/games/pyramid/rules.py's state, not
from the JS kit's view (tests/test_web_viewer.py compares it with the page's DOM)."""

from __future__ import annotations

from typing import Any


def piles(s: Any) -> dict[str, tuple[list[int], int]]:
    # all face up; the stock's top card too (it is free)
    table = {f"p{p + 1}": ([-1 if c is None else c], 0) for p, c in enumerate(s.table)}
    return {**table, "stock": (s.stock, max(0, len(s.stock) - 1)), "waste": (s.waste, 0), "gone": (s.gone, 0)}
