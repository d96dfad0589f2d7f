"""What the pool viewer (clients/web) must draw for a referee position of this game: every pile's
cards bottom first and how many lie face down, written from engine/games/freecell/rules.py's state, not
from the JS kit's view (tests/test_web_viewer.py compares it with the page's DOM)."""

from __future__ import annotations

from typing import Any

from viewer_helpers import found


def piles(s: Any) -> dict[str, tuple[list[int], int]]:
    return {**{f"cell-{'abcd'[i]}": ([] if c is None else [c], 0) for i, c in enumerate(s.cells)},
            **found(s.foundations), **{f"tableau-{i + 1}": (c, 0) for i, c in enumerate(s.columns)}}  # fmt: skip
