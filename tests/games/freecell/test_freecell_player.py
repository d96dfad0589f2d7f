"""FreeCell's visible-information player: the native player and its Python twin make the same moves
on the same seeds; FreeCell hides nothing (no hidden-card test: the player is the solver's rules played greedily in one pass); playouts are deterministic; every move the twin makes is one the
referee accepts, and a won playout is a referee win."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

import engine
from engine import native
from engine.gamekit.playout import code_seed, playout_seed
from engine.games.freecell import player, rules

BOARD = "freecell"


def _deal(n: int) -> engine.Deal:
    return engine.deal(engine.board_code(BOARD, n))


@pytest.mark.parametrize("policy", player.POLICIES)
def test_native_and_twin_make_the_same_moves(policy: int) -> None:
    """A differential test over 25 deals x 2 seeds: the same line, the same result."""
    lengths = set()
    for n in range(1, 25 + 1):
        d = _deal(n)
        opts = rules.native_options(d.options)
        for i in range(2):
            seed = playout_seed(code_seed(d.code), policy, i)
            won, line = player.playout(d.layout, d.options, seed, policy)
            assert native.playout_line("freecell", d.layout, opts, seed=seed, policy=policy) == (won, line), (d.code, i)
            lengths.add(len(line))
    assert len(lengths) > 5  # the lines differ from deal to deal: the test compares real play


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 1_000_000), st.integers(0, 2**64 - 1), st.sampled_from(player.POLICIES))
def test_native_and_twin_agree_on_any_deal_and_seed(number: int, seed: int, policy: int) -> None:
    d = _deal(number)
    won, line = player.playout(d.layout, d.options, seed, policy)
    assert native.playout_line("freecell", d.layout, rules.native_options(d.options), seed=seed, policy=policy) == (won, line)


def test_won_playouts_agree_with_the_twin() -> None:
    """Wins are rare for some deals: the native player finds won playouts, the twin replays them."""
    checked = 0
    for n in range(1, 41):
        d = _deal(n)
        base = code_seed(d.code)
        results = native.playouts("freecell", d.layout, rules.native_options(d.options), base=base, policy=0, count=100)
        for i, (won, moves) in enumerate(results):
            if won:
                twin_won, line = player.playout(d.layout, d.options, playout_seed(base, 0, i), 0)
                assert (twin_won, len(line)) == (won, moves) and engine.replay(d, line).ok
                checked += 1
                break
        if checked >= 2:
            break
    assert checked >= 2


def test_many_playouts_agree_with_the_twin_one_by_one() -> None:
    d = _deal(7)
    base = code_seed(d.code)
    got = native.playouts("freecell", d.layout, rules.native_options(d.options), base=base, policy=0, count=12)
    assert got == player.playouts(d.layout, d.options, base, 0, 12)



def test_playouts_are_deterministic_and_the_seeds_reach_the_policy() -> None:
    varied = 0
    for n in range(1, 6):
        d = _deal(n)
        opts = rules.native_options(d.options)
        first = native.playouts("freecell", d.layout, opts, base=code_seed(d.code), policy=0, count=50)
        assert first == native.playouts("freecell", d.layout, opts, base=code_seed(d.code), policy=0, count=50)
        varied += len(set(first)) > 1
    assert varied  # different playouts of a deal do differ somewhere (the seeds reach the policy)


def test_the_twins_moves_are_legal_and_a_win_is_a_referee_win() -> None:
    for n in range(1, 21):
        d = _deal(n)
        for policy in player.POLICIES:
            won, line = player.playout(d.layout, d.options, playout_seed(code_seed(d.code), policy, 0), policy)
            assert engine.replay(d, line).ok == won, d.code


def test_a_refused_policy_is_one_clear_error() -> None:
    d = _deal(1)
    with pytest.raises(ValueError, match="policies"):
        native.playouts("freecell", d.layout, rules.native_options(d.options), base=1, policy=9, count=1)
