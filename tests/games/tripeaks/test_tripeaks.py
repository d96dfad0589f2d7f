"""TriPeaks: rules properties, native-vs-Python differential play, solver lines replayed by the
rules (its golden fixtures: tests/test_golden.py)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from engine import BOARDS, BadInput, DealCode, IllegalMove, dealer, native, format_code, replay, rules_for, solve
from engine.games.tripeaks import rules as tripeaks

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/: the shared helpers
from rules_helpers import assert_probe, assert_undo_restores, random_play, walk_matches_referee  # noqa: E402

GAME = "tripeaks"

# Every token TriPeaks or Pyramid could ever read (their notations share the p tokens), legal or
# not, plus junk.
TOKENS = (
    ["d", "r", "s", "w", "u", "p0", "p29", "p01", "x", "", "s+s", "p1+p1", "d+d"]
    + [f"p{i}" for i in range(1, 29)]
    + [f"p{i}+p{j}" for i in range(1, 29) for j in range(i + 1, 29)]
    + [f"p{i}+{x}" for i in range(1, 29) for x in "sw"]
    + ["s+w", "w+s", "p5+w+s"]
)


def code_for(game: str, options: dict[str, str], number: int) -> str:
    return format_code(DealCode.numbered(game, options, number))


def _state(game: str, number: int, options: dict[str, str] | None = None):
    d = dealer.deal(code_for(game, options or {}, number))
    rules = rules_for(game)
    return rules, rules.new_state(d.layout, d.options)


# ---- rules properties -------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(number=st.integers(1, 1_000_000), choices=st.lists(st.integers(0, 1000), max_size=80))
def test_cards_conserved_and_undo_restores(number: int, choices: list[int]) -> None:
    rules, state = _state(GAME, number)

    def conserved(state: Any) -> None:
        assert sorted(rules.cards(state)) == list(range(52))

    assert_undo_restores(rules, state, choices, conserved)


@settings(max_examples=40, deadline=None)
@given(number=st.integers(1, 1_000_000), choices=st.lists(st.integers(0, 1000), max_size=60),
       probe=st.sampled_from(TOKENS))
def test_illegal_moves_refused_and_legal_ones_accepted(number: int, choices: list[int], probe: str) -> None:
    rules, state = _state(GAME, number)
    random_play(rules, state, choices)
    assert_probe(rules, state, probe)


def test_tripeaks_wrap_option() -> None:
    # Table all queens but p19 = A; waste K: the ace fits only with wrap.
    rows = [[11] * 3, [24] * 6, [37] * 9, [0] + [4] * 9]
    layout = {"rows": rows, "stock": [[5]], "waste": [[12]]}
    wrap = tripeaks.new_state(layout, {"wrap": "yes"})
    assert "p19" in tripeaks.legal_moves(wrap)
    flat = tripeaks.new_state(layout, {"wrap": "no"})
    assert tripeaks.legal_moves(flat) == ["d"]
    with pytest.raises(IllegalMove):
        tripeaks.play(flat, "p19")
    tripeaks.play(flat, "d")
    with pytest.raises(IllegalMove, match="no redeal"):
        tripeaks.play(flat, "d")
    assert tripeaks.native_options({"wrap": "no"}) == {"wrap": 0}
    with pytest.raises(BadInput):
        tripeaks.native_options({"wrap": "maybe"})


# ---- native vs Python -------------------------------------------------------------------


@pytest.mark.parametrize("options", [{}, {"wrap": "no"}])
def test_native_walk_matches_python_legal_moves(options: dict[str, str]) -> None:
    game = GAME
    rules = rules_for(game)
    checked = 0
    for number in range(1, 31):
        d = dealer.deal(code_for(game, options, number))
        native = rules.native_options(d.options)
        for seed in (1, number * 7919 + 3):
            checked += walk_matches_referee(rules, game, d, native, seed, 120)
    assert checked > 1000


# ---- the solver -------------------------------------------------------------------------


def test_solver_lines_replay() -> None:
    won = 0
    for number in range(1, 61):
        s = solve(code_for(GAME, {}, number), 200_000)
        if s.verdict == "won":
            assert replay(s.code, s.line).ok, s.code
            won += 1
        else:
            assert s.line == []
    assert won > 20


def test_default_budget_decides_and_the_board_exists() -> None:
    assert native.solvable(GAME)
    assert BOARDS[GAME].budget >= 1_000_000
    assert dict(BOARDS[GAME].options) == {"wrap": "yes"}
