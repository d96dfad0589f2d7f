"""Pyramid's visible-information player: the native player and its Python twin make the same moves
on the same seeds; the policy never reads a hidden card; playouts are deterministic; every move the twin makes is one the
referee accepts, and a won playout is a referee win."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import engine
from engine.games.pyramid import player, rules

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/: the shared helpers
from player_checks import HiddenCardChecks  # noqa: E402


def hide_differently(d: engine.Deal, rng: random.Random) -> dict:
    """The deal's layout with its hidden cards (the stock below its face-up top card) shuffled among their places: what a
    player sees at the start is the same."""
    stock = list(d.layout["stock"][0])
    below = stock[:-1]
    rng.shuffle(below)
    return {"rows": [list(r) for r in d.layout["rows"]], "stock": [below + stock[-1:]]}


class TestPyramidPlayer(HiddenCardChecks):
    """The shared player checks (tests/player_checks.py) on Pyramid."""

    GAME = "pyramid"
    BOARD = "pyramid"
    player = player
    rules = rules
    hide = staticmethod(hide_differently)
