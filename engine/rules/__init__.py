"""Rules per game: the Python referee's half of the rules (the solver's half is in Rust).

Each game is a module `engine.rules.<game>` with the same functions:

    new_state(layout, options) -> State      # from engine.layouts.lay_out(...) and the code's options
    legal_moves(state) -> list[str]          # every legal move, as notation tokens
    play(state, move: str) -> Undo           # make a move in place; IllegalMove if it is not legal
    undo(state, token: Undo) -> None         # take back the move that returned `token`
    is_won(state) -> bool
    safe_move(state) -> str | None           # the safe auto-move rule (a move that keeps every win)
    native_options(options) -> dict[str, int]  # the code's options as the Rust solver takes them

Rules never read files and never call the native solver: the two implementations are kept
honest by differential tests, not by sharing code.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from engine.errors import DealpoolError


class IllegalMove(ValueError):
    """A move that is not legal here; the message says why (for the referee's report)."""


def rules_for(game: str) -> ModuleType:
    """The rules module of `game`, or DealpoolError if the game has no rules yet."""
    try:
        return importlib.import_module(f"engine.rules.{game}")
    except ModuleNotFoundError as e:
        if e.name != f"engine.rules.{game}":
            raise
        raise DealpoolError(f"no rules for game {game!r} yet") from None
