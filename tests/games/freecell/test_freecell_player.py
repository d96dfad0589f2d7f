"""FreeCell's visible-information player: the native player and its Python twin make the same moves
on the same seeds; FreeCell hides nothing (no hidden-card test: the player is the solver's rules played greedily in one pass); playouts are deterministic; every move the twin makes is one the
referee accepts, and a won playout is a referee win."""

from __future__ import annotations

import sys
from pathlib import Path

import engine
from engine.games.freecell import player, rules

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/: the shared helpers
from player_checks import PlayerChecks  # noqa: E402


class TestFreeCellPlayer(PlayerChecks):
    """The shared player checks (tests/player_checks.py) on FreeCell."""

    GAME = "freecell"
    BOARD = "freecell"
    player = player
    rules = rules
    DIFF_DEALS = 25
