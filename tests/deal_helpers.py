"""Shared by the layout tests (tests/test_layouts.py and each game's in tests/games/<game>/): an
order of labels, a game's layout of it, the cards a layout holds."""

from __future__ import annotations

from engine import Layout, game

ORDER = list(range(100, 152))  # labels, not cards: position k holds 100 + k, so positions show


def lay_out(game_id: str, options: dict[str, str], order: list[int]) -> Layout:
    return game(game_id).layout(options, order)


def all_cards(layout: dict[str, list[list[int]]]) -> list[int]:
    """Every card of a layout's groups (a count group, `down`, aside)."""
    return [c for g, lists in layout.items() if g != "down" for cs in lists for c in cs]
