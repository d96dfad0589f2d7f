"""FreeCell rules for the referee: 8 columns, 1..4 free cells, single-card moves plus the usual
multi-card shorthand, in the standard notation (this folder's README, Notation).

Build down in alternating colours; any card may fill an empty column or a free cell; foundations go up
by suit from the ace, and cards never come back from them (the classic game). A multi-card move is
only shorthand for single-card moves through free cells and empty columns, so the referee allows it
only when that many cards could really be carried: (free cells + 1) * 2^(empty columns), the target
not counted when it is an empty column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.errors import BadInput
from engine.errors import IllegalMove

COLUMNS = 8
CELL_NAMES = "abcd"
_TOKEN = re.compile(r"([1-8a-d])([1-8a-dh])(?:v([1-9][0-9]?))?")


def rank(card: int) -> int:
    """1 (ace) .. 13 (king)."""
    return card % 13 + 1


def suit(card: int) -> int:
    """0 spades, 1 hearts, 2 diamonds, 3 clubs."""
    return card // 13


def is_red(card: int) -> bool:
    return suit(card) in (1, 2)


def fits(card: int, on: int) -> bool:
    """Whether `card` may be built on `on`: one rank lower, the other colour."""
    return rank(on) == rank(card) + 1 and is_red(on) != is_red(card)


@dataclass
class State:
    """A FreeCell position. Cells keep their places because the notation names them."""

    columns: list[list[int]]  # bottom first
    cells: list[int | None]  # len = number of free cells
    foundations: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # height per suit


@dataclass(frozen=True)
class Undo:
    """What `undo` needs: where the cards went from and to, and how many."""

    src: str
    dst: str
    count: int
    card: int  # the deepest card moved (its suit, for a foundation move)


def cells_option(options: dict) -> int:
    """The code's `cells` option as an int 1..4 (4 when absent)."""
    raw = options.get("cells", 4) if options else 4
    try:
        n = int(raw)
    except (TypeError, ValueError):
        n = -1
    if not 1 <= n <= 4:
        raise BadInput(f"freecell option cells={raw!r} is not accepted; use 1, 2, 3 or 4")
    return n


def new_state(layout: dict[str, list[list[int]]], options: dict,
              seed: bytes | None = None) -> State:  # fmt: skip  (the Rules protocol's seed: this game never redeals)
    """The position: 8 columns from the layout's `tableau`; in play also `cells` ([[card or -1 a
    cell]]) and `foundation` (four lists, S H D C, each the suit's cards from the ace up)."""
    columns = [list(c) for c in layout["tableau"]]
    if len(columns) != COLUMNS:
        raise BadInput(f"freecell layout needs 8 columns, got {len(columns)}")
    n = cells_option(options)
    held = list(layout.get("cells", [[]])[0]) if layout.get("cells") else []
    if len(held) > n and any(c >= 0 for c in held[n:]):
        raise BadInput(f"the position fills {len(held)} cells; the game has {n}")
    cells: list[int | None] = [c if c >= 0 else None for c in held[:n]] + [None] * max(0, n - len(held))
    found = [0, 0, 0, 0]
    home: list[int] = []
    for s, f in enumerate(layout.get("foundation", [[], [], [], []])):
        if list(f) != list(range(s * 13, s * 13 + len(f))):
            raise BadInput("each foundation must hold one suit from its ace up")
        found[s] = len(f)
        home += list(f)
    cards = sorted([c for col in columns for c in col] + [c for c in cells if c is not None] + home)
    if cards != list(range(52)):
        raise BadInput("freecell layout must hold each of the 52 cards once")
    return State(columns=columns, cells=cells, foundations=found)


def _card_at(state: State, loc: str) -> int | None:
    if loc.isdigit():
        col = state.columns[int(loc) - 1]
        return col[-1] if col else None
    return state.cells[CELL_NAMES.index(loc)]


def _goes_home(state: State, card: int) -> bool:
    return state.foundations[suit(card)] + 1 == rank(card)


def capacity(state: State, to_empty: bool) -> int:
    """Cards one move may carry: (free cells + 1) * 2^(empty columns), less the empty target."""
    free = sum(c is None for c in state.cells)
    empty = sum(not col for col in state.columns) - (1 if to_empty else 0)
    return (free + 1) << empty


def _top_run(col: list[int]) -> int:
    """Length of the run on top of `col` (down by one, alternating colours)."""
    n = 1 if col else 0
    while n < len(col) and fits(col[-n], col[-n - 1]):
        n += 1
    return n


def _parse(state: State, move: str) -> tuple[str, str, int | None]:
    m = _TOKEN.fullmatch(move)
    if not m:
        raise IllegalMove(f"{move!r} is not a FreeCell move (e.g. 3h, 3a, a3, ah, 36, 36v3)")
    src, dst, count = m.group(1), m.group(2), m.group(3)
    for loc in (src, dst):
        if loc in CELL_NAMES and CELL_NAMES.index(loc) >= len(state.cells):
            raise IllegalMove(f"{move}: there is no free cell {loc} with {len(state.cells)} cells")
    return src, dst, None if count is None else int(count)


def _check(state: State, move: str) -> tuple[str, str, int, int]:
    """(src, dst, count, deepest card) of a legal move, or IllegalMove saying why."""
    src, dst, count = _parse(state, move)
    card = _card_at(state, src)
    if card is None:
        raise IllegalMove(f"{move}: {src} is empty")
    if src == dst:
        raise IllegalMove(f"{move}: a move needs two different places")
    if count is not None and (not src.isdigit() or not dst.isdigit()):
        raise IllegalMove(f"{move}: only column-to-column moves carry several cards")
    if dst == "h":
        if not _goes_home(state, card):
            raise IllegalMove(f"{move}: the card is not next on its foundation")
        return src, dst, 1, card
    if dst in CELL_NAMES:
        if not src.isdigit():
            raise IllegalMove(f"{move}: a card moves from a cell only to a column or the foundation")
        if state.cells[CELL_NAMES.index(dst)] is not None:
            raise IllegalMove(f"{move}: free cell {dst} is taken")
        return src, dst, 1, card
    target = state.columns[int(dst) - 1]
    if not src.isdigit():
        if target and not fits(card, target[-1]):
            raise IllegalMove(f"{move}: the card does not go on column {dst}")
        return src, dst, 1, card
    col = state.columns[int(src) - 1]
    run = _top_run(col)
    if count is None:
        if not target:
            count = 1
        else:  # the shorthand: the part of the top run whose deepest card goes on the target
            count = rank(target[-1]) - rank(col[-1])
            if not 1 <= count <= run:
                raise IllegalMove(f"{move}: no card of column {src}'s top run goes on column {dst}")
    if count > run:
        raise IllegalMove(f"{move}: the top {count} cards of column {src} are not a run")
    base = col[-count]
    if target and not fits(base, target[-1]):
        raise IllegalMove(f"{move}: the cards do not go on column {dst}")
    room = capacity(state, to_empty=not target)
    if count > room:
        raise IllegalMove(f"{move}: {count} cards need more room; free cells and empty columns carry {room}")
    return src, dst, count, base


def legal_moves(state: State) -> list[str]:
    """Every legal single-card move (a multi-card move is shorthand for several of these)."""
    out: list[str] = []
    sources = [str(i + 1) for i in range(COLUMNS)] + list(CELL_NAMES[: len(state.cells)])
    for src in sources:
        card = _card_at(state, src)
        if card is None:
            continue
        if _goes_home(state, card):
            out.append(src + "h")
        if src.isdigit():
            out.extend(src + CELL_NAMES[k] for k, c in enumerate(state.cells) if c is None)
        for j, col in enumerate(state.columns):
            dst = str(j + 1)
            if dst != src and (not col or fits(card, col[-1])):
                out.append(src + dst)
    return out


def play(state: State, move: str) -> Undo:
    """Make `move` in place (IllegalMove if it is not legal) and return its undo token."""
    src, dst, count, base = _check(state, move)
    if src.isdigit():
        col = state.columns[int(src) - 1]
        cards = col[-count:]
        del col[-count:]
    else:
        cards = [state.cells[CELL_NAMES.index(src)]]
        state.cells[CELL_NAMES.index(src)] = None
    if dst == "h":
        state.foundations[suit(base)] += 1
    elif dst in CELL_NAMES:
        state.cells[CELL_NAMES.index(dst)] = cards[0]
    else:
        state.columns[int(dst) - 1].extend(cards)
    return Undo(src, dst, count, base)


def undo(state: State, token: Undo) -> None:
    """Take back the move that returned `token`."""
    if token.dst == "h":
        state.foundations[suit(token.card)] -= 1
        cards = [token.card]
    elif token.dst in CELL_NAMES:
        k = CELL_NAMES.index(token.dst)
        cards = [state.cells[k]]
        state.cells[k] = None
    else:
        col = state.columns[int(token.dst) - 1]
        cards = col[-token.count :]
        del col[-token.count :]
    if token.src.isdigit():
        state.columns[int(token.src) - 1].extend(cards)
    else:
        state.cells[CELL_NAMES.index(token.src)] = cards[0]


def is_won(state: State) -> bool:
    return state.foundations == [13, 13, 13, 13]


def safe_move(state: State) -> str | None:
    """A move to the foundation that keeps every win (argued in engine/native/src/games/freecell/README.md): the card is
    next on its foundation and is an ace or a two, or both foundations of the other colour hold its
    rank less one, or they hold its rank less two while the other suit of its colour holds its rank
    less three. Columns 1..8 first, then cells a..d (the solver's order)."""
    sources = [str(i + 1) for i in range(COLUMNS)] + list(CELL_NAMES[: len(state.cells)])
    for src in sources:
        card = _card_at(state, src)
        if card is None or not _goes_home(state, card):
            continue
        r = rank(card)
        others = (0, 3) if is_red(card) else (1, 2)
        low = min(state.foundations[s] for s in others)
        twin = state.foundations[3 - suit(card)]  # the other suit of the same colour (S-C, H-D)
        if r <= 2 or low >= r - 1 or (low >= r - 2 and twin >= r - 3):
            return src + "h"
    return None


def native_options(options: dict) -> dict[str, int]:
    """The solver's options: the number of free cells."""
    return {"cells": cells_option(options)}
