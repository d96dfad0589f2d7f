"""The rules properties every referee shares (cards conserved, undo restores, illegal moves refused),
written once for any module with the `Rules` protocol (engine/gamekit/base.py): `legal_moves`, `play`,
`undo`. Each game's test module supplies its states, its token list and its own invariants."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from engine import IllegalMove


def random_play(rules: Any, state: Any, choices: Sequence[int], check: Callable[[Any], None] | None = None) -> list[Any]:
    """Play choices[i] modulo the legal moves until they run out; `check(state)` after each move.
    Returns the undo records in order."""
    undos = []
    for c in choices:
        moves = rules.legal_moves(state)
        if not moves:
            break
        undos.append(rules.play(state, moves[c % len(moves)]))
        if check is not None:
            check(state)
    return undos


def assert_undo_restores(rules: Any, state: Any, choices: Sequence[int], check: Callable[[Any], None]) -> None:
    """Random play with `check` (the game's conservation invariants) after every move, then every
    undo in reverse: the state must equal the one dealt."""
    fresh = copy.deepcopy(state)
    for u in reversed(random_play(rules, state, choices, check)):
        rules.undo(state, u)
    assert state == fresh


def assert_probe(rules: Any, state: Any, probe: str, same_as: Callable[[str, list[str]], bool] | None = None) -> list[str]:
    """The legal moves hold no repeats; `probe` is played and undone if legal (or `same_as` says it
    is another spelling of a legal move), else refused with IllegalMove; the state is unchanged
    either way. Returns the legal moves for the game's own checks."""
    legal = rules.legal_moves(state)
    assert len(set(legal)) == len(legal)
    before = copy.deepcopy(state)
    if probe in legal or (same_as is not None and same_as(probe, legal)):
        rules.undo(state, rules.play(state, probe))
    else:
        with pytest.raises(IllegalMove):
            rules.play(state, probe)
    assert state == before
    return legal



def walk_matches_referee(rules: Any, game: str, deal: Any, native_options: dict[str, Any], seed: int, steps: int,
                         each: Callable[[Any, list[str]], None] | None = None) -> int:  # fmt: skip
    """Follow the native random walk `engine.native.walk` of `deal` in the referee: at every step the
    referee's legal moves (sorted) must equal the solver's; `each(state, line)` after each step (a
    game's own checks, e.g. redeals dealt alike). Returns the steps compared."""
    from engine import native

    state = rules.new_state(deal.layout, deal.options, seed=deal.seed)
    played = compared = 0
    for step in native.walk(game, deal.layout, native_options, walk_seed=seed, steps=steps, seed=deal.seed):
        line, moves = step.line, step.moves
        for m in line[played:]:
            rules.play(state, m)
        played = len(line)
        assert sorted(rules.legal_moves(state)) == moves, (deal.code, seed, line)
        compared += 1
        if each is not None:
            each(state, line)
    return compared
