"""What the pool viewer (clients/web) must draw for a referee position of this game: every pile's
cards bottom first and how many lie face down, written from engine/games/canfield/rules.py's state, not
from the JS kit's view (tests/test_web_viewer.py compares it with the page's DOM)."""

from __future__ import annotations

from typing import Any

from viewer_helpers import found

# Numbers its test pool wins within a few thousand positions (deals 1-3 are lost, one at 12.6
# million positions): the viewer's pool is built in seconds.
POOL_NUMBERS = "4-4"


def piles(s: Any) -> dict[str, tuple[list[int], int]]:
    return {"stock": (s.stock, len(s.stock)), "waste": (s.waste, 0), **found(s.found, s.base),
            "reserve": (s.reserve, max(0, len(s.reserve) - 1)),
            **{f"tableau-{i + 1}": (p, 0) for i, p in enumerate(s.tableau)}}  # fmt: skip
