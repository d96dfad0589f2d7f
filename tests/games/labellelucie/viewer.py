"""What the pool viewer (clients/web) must draw for a referee position of this game: every pile's
cards bottom first and how many lie face down, written from engine/games/labellelucie/rules.py's state, not
from the JS kit's view (tests/test_web_viewer.py compares it with the page's DOM)."""

from __future__ import annotations

from typing import Any

from viewer_helpers import found


def piles(s: Any) -> dict[str, tuple[list[int], int]]:
    # found holds the next rank each suit takes
    return {**found([n - 1 for n in s.found]), **{f"fan-{i + 1}": (f, 0) for i, f in enumerate(s.fans)}}
