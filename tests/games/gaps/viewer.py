"""What the pool viewer (clients/web) must draw for a referee position of this game: every pile's
cards bottom first and how many lie face down, written from engine/games/gaps/rules.py's state, not
from the JS kit's view (tests/test_web_viewer.py compares it with the page's DOM)."""

from __future__ import annotations

from typing import Any


def piles(s: Any) -> dict[str, tuple[list[int], int]]:
    # GAP is -1 on both sides; the aces are out of play
    return {**{f"row-{r + 1}": (row, 0) for r, row in enumerate(s.rows)}, "out": ([0, 13, 26, 39], 0)}
