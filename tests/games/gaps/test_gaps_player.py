"""Gaps's visible-information player: the native player and its Python twin make the same moves
on the same seeds; the policy never reads the deal's seed (the next redeal's order); playouts are deterministic; every move the twin makes is one the
referee accepts, and a won playout is a referee win."""

from __future__ import annotations

import hashlib
import random

import pytest
from hypothesis import given, settings, strategies as st

import engine
from engine import native
from engine.gamekit.playout import code_seed, playout_seed
from engine.games.gaps import player, rules

BOARD = "gaps"


def _deal(n: int) -> engine.Deal:
    return engine.deal(engine.board_code(BOARD, n))


@pytest.mark.parametrize("policy", player.POLICIES)
def test_native_and_twin_make_the_same_moves(policy: int) -> None:
    """A differential test over 30 deals x 2 seeds: the same line, the same result."""
    lengths = set()
    for n in range(1, 30 + 1):
        d = _deal(n)
        opts = rules.native_options(d.options)
        for i in range(2):
            seed = playout_seed(code_seed(d.code), policy, i)
            won, line = player.playout(d.layout, d.options, seed, policy, d.seed)
            assert native.playout_line("gaps", d.layout, opts, seed=seed, policy=policy, deal_seed=d.seed) == (won, line), (d.code, i)
            lengths.add(len(line))
    assert len(lengths) > 5  # the lines differ from deal to deal: the test compares real play


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 1_000_000), st.integers(0, 2**64 - 1), st.sampled_from(player.POLICIES))
def test_native_and_twin_agree_on_any_deal_and_seed(number: int, seed: int, policy: int) -> None:
    d = _deal(number)
    won, line = player.playout(d.layout, d.options, seed, policy, d.seed)
    assert native.playout_line("gaps", d.layout, rules.native_options(d.options), seed=seed, policy=policy, deal_seed=d.seed) == (won, line)


def test_won_playouts_agree_with_the_twin() -> None:
    """Wins are rare for some deals: the native player finds won playouts, the twin replays them."""
    checked = 0
    for n in range(1, 41):
        d = _deal(n)
        base = code_seed(d.code)
        results = native.playouts("gaps", d.layout, rules.native_options(d.options), base=base, policy=0, count=100, deal_seed=d.seed)
        for i, (won, moves) in enumerate(results):
            if won:
                twin_won, line = player.playout(d.layout, d.options, playout_seed(base, 0, i), 0, d.seed)
                assert (twin_won, len(line)) == (won, moves) and engine.replay(d, line).ok
                checked += 1
                break
        if checked >= 2:
            break
    assert checked >= 2


def test_many_playouts_agree_with_the_twin_one_by_one() -> None:
    d = _deal(7)
    base = code_seed(d.code)
    got = native.playouts("gaps", d.layout, rules.native_options(d.options), base=base, policy=0, count=12, deal_seed=d.seed)
    assert got == player.playouts(d.layout, d.options, base, 0, 12, d.seed)


def test_the_policy_never_reads_the_next_redeal() -> None:
    """The same layout with another seed (other redeals): the moves are equal up to the first redeal,
    in the twin and in the native player; after it they differ (the seed does reach the game)."""
    differ = 0
    for n in range(1, 31):
        d = _deal(n)
        other = hashlib.sha512(d.seed).digest()
        seed = playout_seed(code_seed(d.code), 0, 0)
        la = player.playout(d.layout, d.options, seed, 0, d.seed)[1]
        lb = player.playout(d.layout, d.options, seed, 0, other)[1]
        upto = la.index("r") + 1 if "r" in la else len(la)
        assert la[:upto] == lb[:upto], d.code
        na = native.playout_line("gaps", d.layout, {}, seed=seed, policy=0, deal_seed=d.seed)[1]
        nb = native.playout_line("gaps", d.layout, {}, seed=seed, policy=0, deal_seed=other)[1]
        assert na[:upto] == nb[:upto] == la[:upto]
        differ += la != lb
    assert differ > 10



def test_playouts_are_deterministic_and_the_seeds_reach_the_policy() -> None:
    varied = 0
    for n in range(1, 6):
        d = _deal(n)
        opts = rules.native_options(d.options)
        first = native.playouts("gaps", d.layout, opts, base=code_seed(d.code), policy=0, count=50, deal_seed=d.seed)
        assert first == native.playouts("gaps", d.layout, opts, base=code_seed(d.code), policy=0, count=50, deal_seed=d.seed)
        varied += len(set(first)) > 1
    assert varied  # different playouts of a deal do differ somewhere (the seeds reach the policy)


def test_the_twins_moves_are_legal_and_a_win_is_a_referee_win() -> None:
    for n in range(1, 21):
        d = _deal(n)
        for policy in player.POLICIES:
            won, line = player.playout(d.layout, d.options, playout_seed(code_seed(d.code), policy, 0), policy, d.seed)
            assert engine.replay(d, line).ok == won, d.code


def test_a_refused_policy_is_one_clear_error() -> None:
    d = _deal(1)
    with pytest.raises(ValueError, match="policies"):
        native.playouts("gaps", d.layout, rules.native_options(d.options), base=1, policy=9, count=1, deal_seed=d.seed)
