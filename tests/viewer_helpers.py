"""Shared by each game's tests/games/<game>/viewer.py: the foundations as the pool viewer draws them."""

from __future__ import annotations

SUITS = "SHDC"


def found(heights: list[int], base: int = 0) -> dict[str, tuple[list[int], int]]:
    """Foundation piles `found-S` .. `found-C` holding `heights[s]` cards from rank `base` up."""
    return {f"found-{SUITS[s]}": ([s * 13 + (base + i) % 13 for i in range(h)], 0) for s, h in enumerate(heights)}
