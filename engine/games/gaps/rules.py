"""Gaps rules for the referee (rules, sources and notation: this folder's README).

Four rows of 13 places; the aces are taken out at the start, leaving four gaps. A gap takes the
card one higher, same suit, than the card to its left (nothing after a king or a gap); a gap at a
row's left end takes any 2. Won when each row holds 2..K of one suit from the left. When no move
is left the player may redeal, twice in a game (`redeal`, below): the cards not in place are
gathered and dealt back in the order of the deal's redeal stream n, so the player knows what each
redeal deals.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from engine.cards import name
from engine.deal import redeal as shuffle_for_redeal
from engine.errors import BadInput, IllegalMove

GAP = -1
"""An empty place in a row (the rules' and redeal's marker, never a card)."""
REDEALS = 2
"""Redeals allowed after the deal: three deals in all."""
ROWS, PLACES = 4, 13


def remove_aces(rows: Sequence[Sequence[int]]) -> list[list[int]]:
    """The first step of Gaps: the four aces are taken out, leaving four gaps."""
    return [[GAP if c != GAP and c % 13 == 0 else c for c in row] for row in rows]


def run(row: Sequence[int]) -> int:
    """How many cards at the row's left are in place: a 2, then the same suit's 3, 4, ..."""
    k = 0
    while k < len(row) and row[k] != GAP and row[k] % 13 == k + 1 and row[k] // 13 == row[0] // 13:
        k += 1
    return k


def redeal(seed: bytes, n: int, rows: Sequence[Sequence[int]]) -> list[list[int]]:
    """Redeal n (1, 2): gather the cards not in place (row 1 first, left to right), shuffle them
    with the redeal stream n, and deal them back row by row into the places right of each row's
    run, leaving one gap just after the run. The aces stay out."""
    if not 1 <= n <= REDEALS:
        raise BadInput(f"gaps has no redeal {n}; accepted: 1..{REDEALS}")
    runs = [run(row) for row in rows]
    gathered = [c for row, k in zip(rows, runs) for c in row[k:] if c != GAP]
    cards = iter(shuffle_for_redeal(seed, n, gathered))
    out = [list(row[:k]) + [GAP] + [next(cards) for _ in range(len(row) - k - 1)] for row, k in zip(rows, runs)]
    if next(cards, None) is not None:
        raise BadInput("gaps redeal: more cards than places; accepted: 4 rows of 13 with the 4 aces out")
    return out


@dataclass
class State:
    """A position: four rows of 13 places (GAP for a gap), the redeals used, the deal's seed."""

    rows: list[list[int]]
    redeals: int
    seed: bytes


# ("m", (from row, from place), (to row, to place)) a fill, ("r", old rows, None) a redeal.
Undo = tuple[str, object, object]


def new_state(layout: Mapping[str, list[list[int]]], options: Mapping[str, str] | None = None,
              seed: bytes | None = None) -> State:  # fmt: skip
    """The dealt position: the layout's rows with the aces taken out, and the deal's `seed` (its
    64 bytes, `Deal.seed`: what the redeals shuffle with)."""
    if options:
        raise BadInput(f"gaps has no options, got {', '.join(options)}; accepted: none")
    rows = layout["rows"]
    if len(rows) != ROWS or any(len(r) != PLACES for r in rows) or sorted(c for r in rows for c in r) != list(range(52)):
        raise BadInput("gaps layout: `rows` must be 4 rows of 13 holding the 52 cards once each")
    if not isinstance(seed, bytes) or len(seed) != 64:
        raise BadInput("gaps redeals from the deal's seed; accepted: seed= its 64 bytes (Deal.seed)")
    return State(remove_aces(rows), 0, seed)


def _where(state: State) -> dict[int, tuple[int, int]]:
    return {c: (r, p) for r, row in enumerate(state.rows) for p, c in enumerate(row) if c != GAP}


def _fills(state: State) -> list[str]:
    """Every fill of a gap, gaps row by row, left to right; the 2s for a left-end gap in suit order."""
    out = []
    for r, row in enumerate(state.rows):
        for p, c in enumerate(row):
            if c != GAP:
                continue
            if p == 0:
                out += [f"{name(s * 13 + 1)}>{r + 1}" for s in range(4)]
                continue
            left = row[p - 1]
            if left != GAP and left % 13 != 12:
                out.append(name(left + 1))
    return out


_CARD_OF = {name(c): c for c in range(52)}


def name_to_card(text: str) -> int:
    """The card a token names (canonical names only: `10H`, not `TH`); -1 if none."""
    return _CARD_OF.get(text, -1)


def is_won(state: State) -> bool:
    return all(run(row) == PLACES - 1 for row in state.rows)


def legal_moves(state: State) -> list[str]:
    """Every fill of a gap; `r` only when none is left (and a redeal is)."""
    if is_won(state):
        return []
    moves = _fills(state)
    if not moves and state.redeals < REDEALS:
        moves.append("r")
    return moves


def play(state: State, move: str) -> Undo:
    """Make `move` in place; IllegalMove (naming why) if it is not legal here."""
    if is_won(state):
        raise IllegalMove(f"{move}: the deal is already won")
    if move == "r":
        if state.redeals >= REDEALS:
            raise IllegalMove(f"r: no redeal left (the game allows {REDEALS})")
        if _fills(state):
            raise IllegalMove("r: a redeal only when no gap can be filled")
        old = state.rows
        state.redeals += 1
        state.rows = redeal(state.seed, state.redeals, old)
        return ("r", old, None)
    text, arrow, dest = move.partition(">") if isinstance(move, str) else ("", "", "")
    card = name_to_card(text)
    if card < 0 or card % 13 == 0 or (arrow and (card % 13 != 1 or dest not in ("1", "2", "3", "4"))) or (
        card % 13 == 1 and not arrow
    ):
        raise IllegalMove(f"{move!r} is not a Gaps move; accepted: a card 3..K (e.g. 7H), a 2 to a row's left end (2H>3), r")
    src = _where(state)[card]
    if arrow:
        to = (int(dest) - 1, 0)
        if state.rows[to[0]][0] != GAP:
            raise IllegalMove(f"{move}: row {dest}'s left end is not a gap")
    else:
        r, p = _where(state).get(card - 1, (-1, -1))
        if r < 0 or p + 1 >= PLACES or state.rows[r][p + 1] != GAP:
            raise IllegalMove(f"{move}: no gap just right of {name(card - 1)} (a gap takes the card one higher in suit than its left neighbour)")
        to = (r, p + 1)
    state.rows[to[0]][to[1]] = card
    state.rows[src[0]][src[1]] = GAP
    return ("m", src, to)


def undo(state: State, token: Undo) -> None:
    """Take back the move that returned `token` (a redeal too: the old rows come back)."""
    kind, a, b = token
    if kind == "r":
        assert isinstance(a, list)
        state.rows = a
        state.redeals -= 1
        return
    assert isinstance(a, tuple) and isinstance(b, tuple)
    state.rows[a[0]][a[1]] = state.rows[b[0]][b[1]]
    state.rows[b[0]][b[1]] = GAP


def safe_move(state: State) -> str | None:
    """None: a fill moves a gap, and where the gaps are decides every later move and what a
    redeal gathers (solver README)."""
    return None


def native_options(options: Mapping[str, str] | None) -> dict[str, int]:
    """No options."""
    return {}


def cards(state: State) -> list[int]:
    """Every card in the position, the four aces (out of play) included, for conservation checks."""
    return sorted([c for row in state.rows for c in row if c != GAP] + [0, 13, 26, 39])
