"""TriPeaks rules for the referee (rules and notation: this folder's README).

28 cards in three peaks, rows of 3, 6, 9 and 10, numbered p1..p28 row by row, left to right.
A card is free when no card of the row below overlaps it. A free card goes onto the waste
when its rank is one above or below the waste's top card; with wrap (the default) K and A
are neighbours. `d` turns the stock's top card onto the waste; there is no redeal. The deal
is won when the 28 table cards are gone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from engine.errors import BadInput
from engine.errors import IllegalMove

ROWS = (3, 6, 9, 10)
TABLE = 28
_ROW_START = (0, 3, 9, 18)


def _covers() -> tuple[tuple[int, ...], ...]:
    """COVER[p]: the positions of the row below that overlap p."""
    cover: list[tuple[int, ...]] = []
    for peak in range(3):  # row 1: each peak card sits on two of row 2
        cover.append((3 + 2 * peak, 4 + 2 * peak))
    for k in range(6):  # row 2: each peak's pair sits on three of row 3, sharing the middle
        below = 9 + 3 * (k // 2) + k % 2
        cover.append((below, below + 1))
    for i in range(9):  # row 3 sits on the bottom row of 10
        cover.append((18 + i, 19 + i))
    cover.extend(() for _ in range(10))
    return tuple(cover)


COVER = _covers()


@dataclass
class State:
    """A TriPeaks position: table by position (None once gone), stock and waste bottom first."""

    table: list[int | None]
    stock: list[int]
    waste: list[int]
    wrap: bool


# ("p", position, card) for a play, ("d", card, -1) for a draw.
Undo = tuple[str, int, int]


def _wrap(options: Mapping[str, str] | None) -> bool:
    value = str((options or {}).get("wrap", "yes")).lower()
    if value not in ("yes", "no"):
        raise BadInput(f"bad value wrap={value} for tripeaks; accepted: wrap=yes|no")
    return value == "yes"


def new_state(layout: Mapping[str, list[list[int]]], options: Mapping[str, str] | None = None,
              seed: bytes | None = None) -> State:  # fmt: skip  (the Rules protocol's seed: this game never redeals)
    """The dealt position (layout from the game's `lay_out`) under the code's options."""
    rows = layout["rows"]
    if tuple(len(r) for r in rows) != ROWS:
        raise BadInput("tripeaks layout: rows must hold 3, 6, 9 and 10 cards")
    table: list[int | None] = [c for row in rows for c in row]
    (stock,) = layout["stock"] or [[]]
    (waste,) = layout["waste"]
    return State(table, list(stock), list(waste), _wrap(options))


def free(state: State, p: int) -> bool:
    """Whether position p holds a card no other card overlaps."""
    return state.table[p] is not None and all(state.table[q] is None for q in COVER[p])


def fits(state: State, card: int) -> bool:
    """Whether `card` may go onto the waste: one rank up or down (K-A too, with wrap)."""
    if not state.waste:
        return False
    gap = abs(card % 13 - state.waste[-1] % 13)
    return gap == 1 or (state.wrap and gap == 12)


def is_won(state: State) -> bool:
    return all(c is None for c in state.table)


def legal_moves(state: State) -> list[str]:
    """Every legal move (none once the deal is won)."""
    if is_won(state):
        return []
    moves = [f"p{p + 1}" for p in range(TABLE) if free(state, p) and fits(state, state.table[p])]  # type: ignore[arg-type]
    if state.stock:
        moves.append("d")
    return moves


def _position(move: str) -> int:
    # ASCII digits only: "p²" is no position (int() refuses it) and "p٣" is no canonical one
    if move.startswith("p") and move[1:].isascii() and move[1:].isdigit() and not move[1:].startswith("0"):
        p = int(move[1:]) - 1
        if 0 <= p < TABLE:
            return p
    raise IllegalMove(f"{move!r} is not a TriPeaks move; accepted: d, p1..p28")


def play(state: State, move: str) -> Undo:
    """Make `move` in place; IllegalMove (naming why) if it is not legal here."""
    if is_won(state):
        raise IllegalMove(f"{move}: the deal is already won")
    if move == "d":
        if not state.stock:
            raise IllegalMove("d: the stock is empty (no redeal)")
        card = state.stock.pop()
        state.waste.append(card)
        return ("d", card, -1)
    p = _position(move)
    card = state.table[p]
    if card is None:
        raise IllegalMove(f"{move}: that card is gone")
    if not free(state, p):
        raise IllegalMove(f"{move}: that card is still overlapped")
    if not fits(state, card):
        raise IllegalMove(f"{move}: its rank is not next to the waste's top card")
    state.table[p] = None
    state.waste.append(card)
    return ("p", p, card)


def undo(state: State, token: Undo) -> None:
    """Take back the move that returned `token` (moves are undone last first)."""
    kind, a, card = token
    if kind == "d":
        state.stock.append(state.waste.pop())
    else:
        state.waste.pop()
        state.table[a] = card


def safe_move(state: State) -> str | None:
    """None: every play changes the waste's top card, which another play may have needed."""
    return None


def native_options(options: Mapping[str, str] | None) -> dict[str, int]:
    """wrap=yes|no as the Rust solver takes it (wrap 1|0)."""
    return {"wrap": 1 if _wrap(options) else 0}


def cards(state: State) -> list[int]:
    """Every card in the position (for conservation checks)."""
    return [c for c in state.table if c is not None] + state.stock + state.waste
