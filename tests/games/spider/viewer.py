"""What the pool viewer (clients/web) must draw for a referee position of this game: every pile's
cards bottom first and how many lie face down, written from engine/games/spider/rules.py's state, not
from the JS kit's view (tests/test_web_viewer.py compares it with the page's DOM)."""

from __future__ import annotations

from typing import Any


def piles(s: Any) -> dict[str, tuple[list[int], int]]:
    off = {f"off-{i + 1}": ([s.off[i] * 13 + 12 - r for r in range(13)] if i < len(s.off) else [], 0) for i in range(8)}
    return {"stock": (s.stock, len(s.stock)), **off, **{f"tableau-{i + 1}": (c, s.down[i]) for i, c in enumerate(s.cols)}}
