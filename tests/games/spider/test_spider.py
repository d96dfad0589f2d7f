"""Spider: rules properties (cards conserved, undo restores, illegal moves refused), native legal
moves against the referee's on random play, solver lines replayed, bad input (its golden
fixtures: tests/test_golden.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from engine import BadInput, DealCode, IllegalMove, dealer, format_code, native, replay, solve
from engine.games.spider import rules

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/: the shared helpers
from rules_helpers import assert_probe, assert_undo_restores, random_play, walk_matches_referee  # noqa: E402

SUITS = ("1", "2", "4")
# Every shape of token, legal or not, plus junk.
TOKENS = (
    ["d", "u", "", "x", "0>1", "11>1", "1>11", "1>1", "1:1>2", "1:0>2", "1:02>2", "01>2", "1:14>2", ">", "1>"]
    + [f"{a}>{b}" for a in range(1, 11) for b in range(1, 11)]
    + [f"{a}:{k}>{b}" for a in range(1, 11) for b in (1, 5, 10) for k in (2, 3, 5, 13)]
)


def code_for(suits: str, number: int) -> str:
    return format_code(DealCode.numbered("spider", {"suits": suits}, number))


def state_of(suits: str, number: int) -> rules.State:
    d = dealer.deal(code_for(suits, number))
    return rules.new_state(d.layout, d.options)


def pack(suits: str) -> list[int]:
    """The 104 cards of a suits=N pack, sorted."""
    per = {"1": [0], "2": [0, 1], "4": [0, 1, 2, 3]}[suits]
    return sorted(s * 13 + r for s in per for r in range(13) for _ in range(8 // len(per)))


# ---- rules properties -------------------------------------------------------------------


@pytest.mark.parametrize("suits", SUITS)
@settings(max_examples=30, deadline=None)
@given(number=st.integers(1, 1_000_000), choices=st.lists(st.integers(0, 1000), max_size=120))
def test_cards_conserved_and_undo_restores(suits: str, number: int, choices: list[int]) -> None:
    def conserved(state: rules.State) -> None:
        assert sorted(rules.cards(state)) == pack(suits)
        assert all(0 <= d < max(len(col), 1) for d, col in zip(state.down, state.cols))

    assert_undo_restores(rules, state_of(suits, number), choices, conserved)


@pytest.mark.parametrize("suits", SUITS)
@settings(max_examples=30, deadline=None)
@given(number=st.integers(1, 1_000_000), choices=st.lists(st.integers(0, 1000), max_size=80),
       probe=st.sampled_from(TOKENS))
def test_illegal_moves_refused_and_legal_ones_accepted(suits: str, number: int, choices: list[int], probe: str) -> None:
    state = state_of(suits, number)
    random_play(rules, state, choices)
    assert_probe(rules, state, probe)


def test_runs_move_only_in_suit_and_complete_runs_go_off() -> None:
    s = lambda r: r - 1  # noqa: E731  spade of rank r
    h = lambda r: 13 + r - 1  # noqa: E731
    # column 1: 5H down, K..2 of spades up; column 2: AS; column 3: 9H 8S 7S; column 4: 8D
    cols = [[h(5)] + [s(r) for r in range(13, 1, -1)], [s(1)], [h(9), s(8), s(7)], [26 + 7]] + [[h(13)]] * 6
    state = rules.State(cols=[list(c) for c in cols], down=[1] + [0] * 9, stock=list(range(10)), off=[])
    legal = rules.legal_moves(state)
    assert "3:2>1" not in legal and "3>4" in legal and "3:2>5" not in legal
    with pytest.raises(IllegalMove, match="not one suit"):
        rules.play(state, "3:3>5")
    assert "d" in legal
    token = rules.play(state, "2>1")  # AS onto 2S: K..A of spades goes off by itself
    assert state.off == [0] and state.cols[0] == [h(5)] and state.down[0] == 0
    assert state.cols[1] == [] and "d" not in rules.legal_moves(state)  # no deal with an empty column
    with pytest.raises(IllegalMove, match="empty"):
        rules.play(state, "d")
    rules.undo(state, token)
    assert state.off == [] and state.down[0] == 1 and len(state.cols[0]) == 13


def test_the_deal_goes_column_1_first() -> None:
    state = state_of("4", 7)
    top = state.stock[-10:]
    rules.play(state, "d")
    assert [col[-1] for col in state.cols] == top[::-1]
    assert len(state.stock) == 40


def test_native_options_and_bad_suits() -> None:
    assert rules.native_options({"suits": "2"}) == {"suits": 2}
    with pytest.raises(BadInput):
        rules.native_options({"suits": "3"})
    with pytest.raises(BadInput, match="suits=1\\|2\\|4"):
        dealer.deal("SOL1-spider-suits=3-N1")


# ---- native vs Python -------------------------------------------------------------------


@pytest.mark.parametrize("suits", SUITS)
def test_native_walk_matches_python_legal_moves(suits: str) -> None:
    checked = 0
    for number in range(1, 26):
        d = dealer.deal(code_for(suits, number))
        native = rules.native_options(d.options)
        for seed in (1, number * 7919 + 3):
            checked += walk_matches_referee(rules, "spider", d, native, seed, 300)
    assert checked > 5000


def test_python_moves_are_native_moves_both_ways() -> None:
    """The other way: positions the referee reaches by its own random play, handed to the native
    engine as a layout (with the runs gone off), list the same legal moves there."""
    import random

    checked = 0
    for number in range(1, 21):
        for suits in SUITS:
            d = dealer.deal(code_for(suits, number))
            state = rules.new_state(d.layout, d.options)
            rng = random.Random(number * 31 + int(suits))
            for _ in range(150):
                moves = rules.legal_moves(state)
                layout = {"tableau": state.cols, "down": [state.down], "stock": [state.stock], "off": [state.off]}
                walked = native.walk("spider", layout, rules.native_options(d.options), walk_seed=1, steps=0)
                assert walked[0].moves == sorted(moves), (d.code, number)
                checked += 1
                if not moves:
                    break
                rules.play(state, rng.choice(moves))
    assert checked > 5000


# ---- the solver -------------------------------------------------------------------------


@pytest.mark.parametrize("suits", ("1", "2"))
def test_solver_lines_replay(suits: str) -> None:
    won = 0
    for number in range(1, 13):
        s = solve(code_for(suits, number), 100_000)
        if s.verdict == "won":
            r = replay(s.code, s.line)
            assert r.ok, (s.code, r.error)
            won += 1
        else:
            assert s.line == [] and s.verdict == "unknown"
    assert won >= 4


def test_replay_refuses_with_index_and_reason() -> None:
    code = code_for("4", 1)
    r = replay(code, ["d", "d", "3>3"])
    assert not r.ok and r.at == 2 and "onto itself" in (r.error or "")
    r = replay(code, ["1:1>2"])
    assert not r.ok and r.at == 0 and "not a Spider move" in (r.error or "")


def test_cli_bad_input_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    from pipeline_helpers import run

    for argv, says in ((("deal", "--code", "SOL1-spider-suits=3-N1"), "suits=1|2|4"),
                       (("replay", "SOL1-spider-suits=5-N1"), "suits=1|2|4")):
        code, _, err = run(capsys, *argv)
        assert code == 2 and err.count("\n") == 1 and says in err and "Traceback" not in err, err
