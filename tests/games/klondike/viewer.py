"""What the pool viewer (clients/web) must draw for a referee position of this game: every pile's
cards bottom first and how many lie face down, written from engine/games/klondike/rules.py's state, not
from the JS kit's view (tests/test_web_viewer.py compares it with the page's DOM)."""

from __future__ import annotations

from typing import Any

from viewer_helpers import found


def piles(s: Any) -> dict[str, tuple[list[int], int]]:
    return {"stock": (s.stock, len(s.stock)), "waste": (s.waste, 0), **found(s.found),
            **{f"tableau-{i + 1}": (p, s.down[i]) for i, p in enumerate(s.piles)}}  # fmt: skip
