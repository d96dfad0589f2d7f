"""Spider's visible-information player: the native player and its Python twin make the same moves
on the same seeds; the policy never reads a hidden card; playouts are deterministic; every move the twin makes is one the
referee accepts, and a won playout is a referee win."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import engine
from engine import native
from engine.gamekit.playout import code_seed, playout_seed
from engine.games.spider import player, rules

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/: the shared helpers
from player_checks import HiddenCardChecks  # noqa: E402


def hide_differently(d: engine.Deal, rng: random.Random) -> dict:
    """The deal's layout with its hidden cards (the face-down column cards and the stock) shuffled among their places: what a
    player sees at the start is the same."""
    tableau = [list(c) for c in d.layout["tableau"]]
    down = d.layout["down"][0]
    places = [(i, j) for i, c in enumerate(tableau) for j in range(down[i])]
    stock = list(d.layout["stock"][0])
    hidden = [tableau[i][j] for i, j in places] + stock[:-10]  # the first deal kept: views stay equal longer
    rng.shuffle(hidden)
    for (i, j), c in zip(places, hidden):
        tableau[i][j] = c
    return {"tableau": tableau, "down": [list(down)], "stock": [hidden[len(places):] + stock[-10:]]}


class TestSpiderPlayer(HiddenCardChecks):
    """The shared player checks (tests/player_checks.py) on Spider."""

    GAME = "spider"
    BOARD = "spider-1"
    player = player
    rules = rules
    DIFF_DEALS = 25
    hide = staticmethod(hide_differently)


@pytest.mark.parametrize("board", ["spider-2", "spider-4"])
def test_native_and_twin_agree_with_two_and_four_suits(board: str) -> None:
    """Suits change which runs move and go off: the twins agree there too."""
    for n in range(1, 11):
        d = engine.deal(engine.board_code(board, n))
        for policy in player.POLICIES:
            seed = playout_seed(code_seed(d.code), policy, 0)
            won, line = player.playout(d.layout, d.options, seed, policy)
            assert native.playout_line("spider", d.layout, rules.native_options(d.options), seed=seed, policy=policy) == (won, line)
            assert engine.replay(d, line).ok == won
