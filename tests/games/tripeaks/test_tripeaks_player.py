"""TriPeaks's visible-information player: the native player and its Python twin make the same moves
on the same seeds; the policy never reads a hidden card; playouts are deterministic; every move the twin makes is one the
referee accepts, and a won playout is a referee win."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import engine
from engine.games.tripeaks import player, rules

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/: the shared helpers
from player_checks import HiddenCardChecks  # noqa: E402


def hide_differently(d: engine.Deal, rng: random.Random) -> dict:
    """The deal's layout with its hidden cards (the face-down table cards and the stock) shuffled among their places: what a
    player sees at the start is the same."""
    rows = [list(r) for r in d.layout["rows"]]
    places = [(i, j) for i in range(3) for j in range(len(rows[i]))]  # rows 1-3 start face down
    stock = list(d.layout["stock"][0])
    hidden = [rows[i][j] for i, j in places] + stock
    rng.shuffle(hidden)
    for (i, j), c in zip(places, hidden):
        rows[i][j] = c
    return {"rows": rows, "stock": [hidden[len(places):]], "waste": [list(d.layout["waste"][0])]}


class TestTriPeaksPlayer(HiddenCardChecks):
    """The shared player checks (tests/player_checks.py) on TriPeaks."""

    GAME = "tripeaks"
    BOARD = "tripeaks"
    player = player
    rules = rules
    hide = staticmethod(hide_differently)
