"""Spider rules for the referee (rules, sources and notation: this folder's README).

Ten columns, numbered 1..10; in each the bottom `down[c]` cards are face down. A card goes onto a
card one rank higher of any suit, or into an empty column; the top K cards of a column move as a
unit only when they are face up, in one suit and in sequence. `d` deals ten cards from the stock,
one to each column (column 1 first), only when no column is empty. Two things happen by
themselves: a complete K..A run of one suit on top of a column goes off, and a face-down card left
on top turns up. Won when the eight runs are off.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping

from engine.errors import BadInput, IllegalMove

COLS = 10
_MOVE_RE = re.compile(r"^(10|[1-9])(?::([1-9][0-9]*))?>(10|[1-9])$")
SUITS = ("1", "2", "4")


@dataclass
class State:
    """A Spider position: columns bottom first (the first `down[c]` face down), the stock bottom
    first (a deal takes the last ten, the last to column 1), the suits of the runs gone off."""

    cols: list[list[int]]
    down: list[int]
    stock: list[int]
    off: list[int]


Undo = State
"""A move's undo token: the position before it (the referee is not the fast path)."""


def _suits(options: Mapping[str, str] | None) -> str:
    value = str((options or {}).get("suits", "4")).lower()
    if value not in SUITS:
        raise BadInput(f"bad value suits={value} for spider; accepted: suits=1|2|4")
    return value


def new_state(layout: Mapping[str, list[list[int]]], options: Mapping[str, str] | None = None,
              seed: bytes | None = None) -> State:  # fmt: skip  (the Rules protocol's seed: this game never redeals)
    """The dealt position (layout from the game's `lay_out`) under the code's options; a position
    in play (solvitaire.py) may also give `off`, [[the suits of the runs gone off]], as the solver
    reads it."""
    _suits(options)
    cols = [list(c) for c in layout["tableau"]]
    (down,) = layout["down"]
    (stock,) = layout["stock"] or [[]]
    (off,) = layout.get("off") or [[]]
    if len(cols) != COLS or len(down) != COLS:
        raise BadInput("spider layout: tableau and down must have 10 columns")
    if len(off) > 8 or any(s not in range(4) for s in off):
        raise BadInput("spider layout: `off` must be one list of at most 8 suits 0..3")
    return State(cols, list(down), list(stock), list(off))


def rank(card: int) -> int:
    """1 = A .. 13 = K."""
    return card % 13 + 1


def suit(card: int) -> int:
    return card // 13


def run_length(state: State, c: int) -> int:
    """How many top cards of column c move as a unit: face up, one suit, in sequence."""
    col = state.cols[c]
    up = len(col) - state.down[c]
    n = 1 if up > 0 else 0
    while n < up and suit(col[-n - 1]) == suit(col[-n]) and rank(col[-n - 1]) == rank(col[-n]) + 1:
        n += 1
    return n


def _fits(state: State, card: int, to: int) -> bool:
    """Whether `card` (the deepest of a moved run) may go onto column `to`."""
    dest = state.cols[to]
    return not dest or rank(dest[-1]) == rank(card) + 1


def token(src: int, n: int, to: int) -> str:
    """The canonical token: `N>M` for one card, `N:K>M` for K >= 2 (columns 1-based)."""
    return f"{src + 1}>{to + 1}" if n == 1 else f"{src + 1}:{n}>{to + 1}"


def is_won(state: State) -> bool:
    return len(state.off) == 8


def legal_moves(state: State) -> list[str]:
    """Every legal move, each once (none once the deal is won)."""
    if is_won(state):
        return []
    moves = []
    for src in range(COLS):
        for n in range(1, run_length(state, src) + 1):
            card = state.cols[src][-n]
            moves += [token(src, n, to) for to in range(COLS) if to != src and _fits(state, card, to)]
    if state.stock and all(state.cols):
        moves.append("d")
    return moves


def _parse(move: str) -> tuple[int, int, int]:
    m = _MOVE_RE.match(move)
    if not m or m.group(2) == "1":
        raise IllegalMove(f"{move!r} is not a Spider move; accepted: d, N>M, N:K>M (columns 1..10, K >= 2)")
    return int(m.group(1)) - 1, int(m.group(2) or 1), int(m.group(3)) - 1


def _settle(state: State, c: int) -> None:
    """A complete K..A run of one suit on top of column c goes off; a face-down top card turns up."""
    col = state.cols[c]
    if len(col) - state.down[c] >= 13 and rank(col[-1]) == 1 and run_length(state, c) >= 13:
        state.off.append(suit(col[-1]))
        del col[-13:]
    _turn_up(state, c)


def _turn_up(state: State, c: int) -> None:
    if state.down[c] > 0 and len(state.cols[c]) == state.down[c]:
        state.down[c] -= 1


def _copy(state: State) -> State:
    """A copy sharing no list with `state` (every field is a list of ints, or a list of them): what
    `copy.deepcopy` made, without its generic walk, which was nine tenths of replaying a Spider line
    (and so of `verify` and of the referee's replays in `make pool`: bench/log.md P1)."""
    return State([list(c) for c in state.cols], list(state.down), list(state.stock), list(state.off))


def play(state: State, move: str) -> Undo:
    """Make `move` in place; IllegalMove (naming why) if it is not legal here."""
    if is_won(state):
        raise IllegalMove(f"{move}: the deal is already won")
    before = _copy(state)
    if move == "d":
        if not state.stock:
            raise IllegalMove("d: the stock is empty")
        empty = [str(c + 1) for c in range(COLS) if not state.cols[c]]
        if empty:
            raise IllegalMove(f"d: no deal while a column is empty (column {empty[0]})")
        for c in range(COLS):
            state.cols[c].append(state.stock.pop())
        for c in range(COLS):
            _settle(state, c)
        return before
    src, n, to = _parse(move)
    if src == to:
        raise IllegalMove(f"{move}: a column cannot move onto itself")
    col = state.cols[src]
    if not col:
        raise IllegalMove(f"{move}: column {src + 1} is empty")
    if n > len(col) - state.down[src]:
        raise IllegalMove(f"{move}: column {src + 1} has only {len(col) - state.down[src]} face-up cards")
    if n > run_length(state, src):
        raise IllegalMove(f"{move}: the top {n} cards of column {src + 1} are not one suit in sequence")
    if not _fits(state, col[-n], to):
        raise IllegalMove(f"{move}: the run's deepest card is not one rank below column {to + 1}'s top card")
    moved = col[-n:]
    del col[-n:]
    state.cols[to].extend(moved)
    _turn_up(state, src)
    _settle(state, to)
    return before


def undo(state: State, token: Undo) -> None:
    """Take back the move that returned `token` (moves are undone last first)."""
    state.cols, state.down, state.stock, state.off = ([list(c) for c in token.cols], list(token.down),
                                                      list(token.stock), list(token.off))


def safe_move(state: State) -> str | None:
    """None: no Spider move is known to keep every win in general (the solver's README)."""
    return None


def native_options(options: Mapping[str, str] | None) -> dict[str, int]:
    """suits=1|2|4 as the Rust solver takes it."""
    return {"suits": int(_suits(options))}


def cards(state: State) -> list[int]:
    """Every card in the position, the runs gone off included (for conservation checks)."""
    gone = [s * 13 + r for s in state.off for r in range(13)]
    return [c for col in state.cols for c in col] + state.stock + gone
