"""Canfield's visible-information player: the native player and its Python twin make the same moves
on the same seeds; the policy never reads a hidden card; playouts are deterministic; every move the twin makes is one the
referee accepts, and a won playout is a referee win."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import engine
from engine.games.canfield import player, rules

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/: the shared helpers
from player_checks import HiddenCardChecks  # noqa: E402


def hide_differently(d: engine.Deal, rng: random.Random) -> dict:
    """The deal's layout with its hidden cards (the reserve below its top card and the stock) shuffled among their places: what a
    player sees at the start is the same."""
    reserve, stock = list(d.layout["reserve"][0]), list(d.layout["stock"][0])
    hidden = reserve[:-1] + stock[:-6]  # the stock's first six cards kept: the views stay equal longer
    rng.shuffle(hidden)
    n = len(reserve) - 1
    return {"reserve": [hidden[:n] + reserve[-1:]], "foundation": [list(f) for f in d.layout["foundation"]],
            "tableau": [list(p) for p in d.layout["tableau"]], "stock": [hidden[n:] + stock[-6:]]}


class TestCanfieldPlayer(HiddenCardChecks):
    """The shared player checks (tests/player_checks.py) on Canfield."""

    GAME = "canfield"
    BOARD = "canfield"
    player = player
    rules = rules
    hide = staticmethod(hide_differently)
