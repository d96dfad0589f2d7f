"""La Belle Lucie's visible-information player: the native player and its Python twin make the same moves
on the same seeds; the policy never reads the deal's seed (the next redeal's order); playouts are deterministic; every move the twin makes is one the
referee accepts, and a won playout is a referee win."""

from __future__ import annotations

import sys
from pathlib import Path

from engine.games.labellelucie import player, rules

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/: the shared helpers
from player_checks import RedealChecks  # noqa: E402


class TestLaBelleLuciePlayer(RedealChecks):
    """The shared player checks (tests/player_checks.py) on LaBelleLucie, with its redeals."""

    GAME = "labellelucie"
    BOARD = "labellelucie"
    player = player
    rules = rules
