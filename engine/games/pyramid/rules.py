"""Pyramid rules for the referee (rules and notation: this folder's README).

28 cards in 7 rows numbered p1..p28 row by row, left to right (p1 the apex, p22..p28 the
bottom row). A table card is free when both cards of the row below that overlap it are
gone; the stock's top card (`s`) and the waste's top card (`w`) are free too. Remove a free
king alone, or two free cards whose ranks sum to 13 (A 1, J 11, Q 12). `d` turns the stock's
top card onto the waste; `r` turns the waste over into a new stock when the stock is empty
and a pass remains. Options: passes 1|2|3|unlimited (default 3), goal pyramid|all (default
pyramid: the 28 table cards; all: every card). The defaults are Microsoft's rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from engine.errors import BadInput
from engine.errors import IllegalMove

TABLE = 28
PASSES = ("1", "2", "3", "unlimited")
GOALS = ("pyramid", "all")


def _position(r: int, j: int) -> int:
    return r * (r + 1) // 2 + j


# COVER[p]: the two positions below p (both must be gone for p to be free).
COVER: tuple[tuple[int, ...], ...] = tuple(
    (_position(r + 1, j), _position(r + 1, j + 1)) if r < 6 else () for r in range(7) for j in range(r + 1)
)


@dataclass
class State:
    """A Pyramid position: table by position (None once gone), stock and waste bottom first."""

    table: list[int | None]
    stock: list[int]
    waste: list[int]
    passes: int  # passes allowed; 0 = unlimited
    goal_all: bool
    recycles: int = 0  # waste turned over so far
    gone: list[int] = field(default_factory=list)  # removed cards, in order


# A list of (where, position or -1, card) for what a move removed, or ("d",..) / ("r",..).
Undo = tuple[str, tuple[tuple[str, int, int], ...]]


def _options(options: Mapping[str, str] | None) -> tuple[int, bool]:
    o = options or {}
    passes = str(o.get("passes", "3")).lower()
    goal = str(o.get("goal", "pyramid")).lower()
    if passes not in PASSES:
        raise BadInput(f"bad value passes={passes} for pyramid; accepted: passes={'|'.join(PASSES)}")
    if goal not in GOALS:
        raise BadInput(f"bad value goal={goal} for pyramid; accepted: goal={'|'.join(GOALS)}")
    return (0 if passes == "unlimited" else int(passes)), goal == "all"


def new_state(layout: Mapping[str, list[list[int]]], options: Mapping[str, str] | None = None,
              seed: bytes | None = None) -> State:  # fmt: skip  (the Rules protocol's seed: this game never redeals)
    """The dealt position (layout from the game's `lay_out`) under the code's options."""
    rows = layout["rows"]
    if [len(r) for r in rows] != list(range(1, 8)):
        raise BadInput("pyramid layout: rows must hold 1..7 cards")
    (stock,) = layout["stock"] or [[]]
    passes, goal_all = _options(options)
    return State([c for row in rows for c in row], list(stock), [], passes, goal_all)


def free(state: State, p: int) -> bool:
    """Whether table position p holds a card with both cards below it gone."""
    return state.table[p] is not None and all(state.table[q] is None for q in COVER[p])


def _rank(card: int) -> int:
    return card % 13 + 1


def _free_cards(state: State) -> list[tuple[str, int]]:
    """Every free card as (token, card): table p1..p28, then s, then w."""
    out = [(f"p{p + 1}", state.table[p]) for p in range(TABLE) if free(state, p)]
    if state.stock:
        out.append(("s", state.stock[-1]))
    if state.waste:
        out.append(("w", state.waste[-1]))
    return out  # type: ignore[return-value]


def is_won(state: State) -> bool:
    table_clear = all(c is None for c in state.table)
    return table_clear and (not state.goal_all or not (state.stock or state.waste))


def can_recycle(state: State) -> bool:
    """The stock is empty, the waste is not, and a pass remains."""
    return not state.stock and bool(state.waste) and (state.passes == 0 or state.recycles + 1 < state.passes)


def legal_moves(state: State) -> list[str]:
    """Every legal move (none once the deal is won); pairs in canonical order (table, s, w)."""
    if is_won(state):
        return []
    free_cards = _free_cards(state)
    moves = [t for t, c in free_cards if _rank(c) == 13]
    for i, (a, ca) in enumerate(free_cards):
        for b, cb in free_cards[i + 1 :]:
            if _rank(ca) + _rank(cb) == 13:
                moves.append(f"{a}+{b}")
    if state.stock:
        moves.append("d")
    if can_recycle(state):
        moves.append("r")
    return moves


def _source(state: State, token: str, move: str) -> int:
    """The card a source token names, if free; IllegalMove otherwise."""
    if token == "s":
        if not state.stock:
            raise IllegalMove(f"{move}: the stock is empty")
        return state.stock[-1]
    if token == "w":
        if not state.waste:
            raise IllegalMove(f"{move}: the waste is empty")
        return state.waste[-1]
    digits = token[1:]  # ASCII digits only: "p²" is no position (int() refuses it) and "p٣" is no canonical one
    if token.startswith("p") and digits.isascii() and digits.isdigit() and not digits.startswith("0") and 1 <= int(digits) <= TABLE:
        p = int(token[1:]) - 1
        if state.table[p] is None:
            raise IllegalMove(f"{move}: {token} is gone")
        if not free(state, p):
            raise IllegalMove(f"{move}: {token} is still covered")
        return state.table[p]  # type: ignore[return-value]
    raise IllegalMove(f"{move!r} is not a Pyramid move; accepted: d, r, p1..p28, s, w, X+Y")


def _take(state: State, token: str) -> tuple[str, int, int]:
    if token == "s":
        card = state.stock.pop()
        where = ("s", -1, card)
    elif token == "w":
        card = state.waste.pop()
        where = ("w", -1, card)
    else:
        p = int(token[1:]) - 1
        card = state.table[p]  # type: ignore[assignment]
        state.table[p] = None
        where = ("p", p, card)
    state.gone.append(card)
    return where


def play(state: State, move: str) -> Undo:
    """Make `move` in place; IllegalMove (naming why) if it is not legal here."""
    if is_won(state):
        raise IllegalMove(f"{move}: the deal is already won")
    if move == "d":
        if not state.stock:
            raise IllegalMove("d: the stock is empty")
        state.waste.append(state.stock.pop())
        return ("d", ())
    if move == "r":
        if not can_recycle(state):
            raise IllegalMove("r: only when the stock is empty, the waste is not, and a pass remains")
        state.stock = state.waste[::-1]
        state.waste = []
        state.recycles += 1
        return ("r", ())
    parts = move.split("+")
    if len(parts) > 2 or len(set(parts)) != len(parts):
        raise IllegalMove(f"{move!r} is not a Pyramid move; accepted: d, r, p1..p28, s, w, X+Y")
    ranks = [_rank(_source(state, t, move)) for t in parts]
    if len(parts) == 1 and ranks[0] != 13:
        raise IllegalMove(f"{move}: only a king goes alone")
    if len(parts) == 2 and sum(ranks) != 13:
        raise IllegalMove(f"{move}: the ranks sum to {sum(ranks)}, not 13")
    return ("x", tuple(_take(state, t) for t in parts))


def undo(state: State, token: Undo) -> None:
    """Take back the move that returned `token` (moves are undone last first)."""
    kind, taken = token
    if kind == "d":
        state.stock.append(state.waste.pop())
    elif kind == "r":
        state.waste = state.stock[::-1]
        state.stock = []
        state.recycles -= 1
    else:
        for where, p, card in reversed(taken):
            state.gone.pop()
            if where == "s":
                state.stock.append(card)
            elif where == "w":
                state.waste.append(card)
            else:
                state.table[p] = card


def _live_by_rank(state: State) -> list[int]:
    n = [0] * 14
    for c in [c for c in state.table if c is not None] + state.stock + state.waste:
        n[_rank(c)] += 1
    return n


def safe_move(state: State) -> str | None:
    """A free king (pairs with nothing), else an exclusive pair: a card every win must remove
    (a table card; any card with goal=all) whose only partner left is free now. Both keep
    every win (engine/native/src/games/pyramid/README.md)."""
    if is_won(state):
        return None
    free_cards = _free_cards(state)
    for t, c in free_cards:
        if _rank(c) == 13:
            return t
    live = _live_by_rank(state)
    for i, (a, ca) in enumerate(free_cards):
        for b, cb in free_cards[i + 1 :]:
            ra, rb = _rank(ca), _rank(cb)
            if ra + rb != 13:
                continue
            must_a = a.startswith("p") or state.goal_all
            must_b = b.startswith("p") or state.goal_all
            if (must_a and live[rb] == 1) or (must_b and live[ra] == 1):
                return f"{a}+{b}"
    return None


def native_options(options: Mapping[str, str] | None) -> dict[str, int]:
    """passes (0 = unlimited) and all (goal=all: 1) as the Rust solver takes them."""
    passes, goal_all = _options(options)
    return {"passes": passes, "all": int(goal_all)}


def cards(state: State) -> list[int]:
    """Every card in the position, removed ones included (for conservation checks)."""
    return [c for c in state.table if c is not None] + state.stock + state.waste + state.gone
