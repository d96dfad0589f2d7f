"""La Belle Lucie rules for the referee (rules, sources and notation: this folder's README).

18 fans, all face up, each fan's top card (its last) playable. A top card goes to its suit's
foundation (up from the ace) or onto the top card of another fan of the same suit one rank higher
(one card at a time); an emptied fan is never refilled. When no such move is left the player may
redeal, twice in a game: the fans are gathered and dealt again in fans of three, the order from
the deal's redeal stream n (this folder's `redeal`), so the player knows what each redeal deals.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping, Sequence

from engine.deal import redeal as shuffle_for_redeal
from engine.errors import BadInput, IllegalMove
from engine.gamekit.base import deal_rows

REDEALS = 2
"""Redeals allowed after the deal: three deals in all."""


def redeal(seed: bytes, n: int, fans: Sequence[Sequence[int]]) -> list[list[int]]:
    """Redeal n (1, 2): gather the fans (fan 1 first, each bottom to top), shuffle with the redeal
    stream n of the deal's seed, and deal them across new fans of three a row at a time (the last
    fan gets the one or two left over)."""
    if not 1 <= n <= REDEALS:
        raise BadInput(f"labellelucie has no redeal {n}; accepted: 1..{REDEALS}")
    gathered = [c for fan in fans for c in fan]
    cards = shuffle_for_redeal(seed, n, gathered)
    k = len(cards)
    return deal_rows(cards, [3] * (k // 3) + ([k % 3] if k % 3 else []))


_MOVE = re.compile(r"([1-9][0-9]*)>(f|[1-9][0-9]*)")


@dataclass
class State:
    """A position: the fans (bottom first, an emptied fan stays as []), the next rank each
    suit's foundation takes (1 = the ace), the redeals used, and the deal's seed (for redeals)."""

    fans: list[list[int]]
    found: list[int]
    redeals: int
    seed: bytes


# ("f", fan, card) to a foundation, ("b", from, to) a build, ("r", old fans, -1) a redeal.
Undo = tuple[str, object, int]


def new_state(layout: Mapping[str, list[list[int]]], options: Mapping[str, str] | None = None,
              seed: bytes | None = None) -> State:  # fmt: skip
    """The dealt position: the layout's 18 fans and the deal's `seed` (its 64 bytes, `Deal.seed`:
    what the redeals shuffle with)."""
    if options:
        raise BadInput(f"labellelucie has no options, got {', '.join(options)}; accepted: none")
    fans = [list(f) for f in layout["tableau"]]
    if not isinstance(seed, bytes) or len(seed) != 64:
        raise BadInput("labellelucie redeals from the deal's seed; accepted: seed= its 64 bytes (Deal.seed)")
    if sorted(c for f in fans for c in f) != list(range(52)):
        raise BadInput("labellelucie layout: the fans must hold the 52 cards once each")
    return State(fans, [1, 1, 1, 1], 0, seed)


def _fits_foundation(state: State, card: int) -> bool:
    return card % 13 + 1 == state.found[card // 13]


def _builds(state: State) -> list[str]:
    """Every foundation move and build, fans in order (foundation first for each fan)."""
    out = []
    tops = [f[-1] if f else -1 for f in state.fans]
    for i, c in enumerate(tops):
        if c < 0:
            continue
        if _fits_foundation(state, c):
            out.append(f"{i + 1}>f")
        for j, d in enumerate(tops):
            if j != i and d >= 0 and d // 13 == c // 13 and d % 13 == c % 13 + 1:
                out.append(f"{i + 1}>{j + 1}")
    return out


def is_won(state: State) -> bool:
    return state.found == [14, 14, 14, 14]


def legal_moves(state: State) -> list[str]:
    """Every legal move: foundation moves and builds; `r` only when none is left (and a redeal is)."""
    if is_won(state):
        return []
    moves = _builds(state)
    if not moves and state.redeals < REDEALS:
        moves.append("r")
    return moves


def _fan(state: State, text: str, move: str) -> int:
    i = int(text) - 1
    if i >= len(state.fans):
        raise IllegalMove(f"{move}: there is no fan {i + 1}; accepted: fans 1..{len(state.fans)}")
    return i


def play(state: State, move: str) -> Undo:
    """Make `move` in place; IllegalMove (naming why) if it is not legal here."""
    if is_won(state):
        raise IllegalMove(f"{move}: the deal is already won")
    if move == "r":
        if state.redeals >= REDEALS:
            raise IllegalMove(f"r: no redeal left (the game allows {REDEALS})")
        if _builds(state):
            raise IllegalMove("r: a redeal only when no other move is left")
        old = state.fans
        state.redeals += 1
        state.fans = redeal(state.seed, state.redeals, old)
        return ("r", old, -1)
    m = _MOVE.fullmatch(move) if isinstance(move, str) else None
    if m is None:
        raise IllegalMove(f"{move!r} is not a La Belle Lucie move; accepted: N>f, N>M (fans N, M), r")
    i = _fan(state, m[1], move)
    if not state.fans[i]:
        raise IllegalMove(f"{move}: fan {i + 1} is empty")
    card = state.fans[i][-1]
    if m[2] == "f":
        if not _fits_foundation(state, card):
            raise IllegalMove(f"{move}: the foundation does not take that card yet")
        state.fans[i].pop()
        state.found[card // 13] += 1
        return ("f", i, card)
    j = _fan(state, m[2], move)
    if j == i:
        raise IllegalMove(f"{move}: a fan cannot build on itself")
    if not state.fans[j]:
        raise IllegalMove(f"{move}: fan {j + 1} is empty and is not refilled")
    top = state.fans[j][-1]
    if top // 13 != card // 13 or top % 13 != card % 13 + 1:
        raise IllegalMove(f"{move}: builds go down in suit, one rank at a time")
    state.fans[j].append(state.fans[i].pop())
    return ("b", i, j)


def undo(state: State, token: Undo) -> None:
    """Take back the move that returned `token` (a redeal too: the old fans come back)."""
    kind, a, b = token
    if kind == "r":
        assert isinstance(a, list)
        state.fans = a
        state.redeals -= 1
    elif kind == "f":
        assert isinstance(a, int)
        state.found[b // 13] -= 1
        state.fans[a].append(b)
    else:
        assert isinstance(a, int)
        state.fans[a].append(state.fans[b].pop())


def safe_move(state: State) -> str | None:
    """The first top card its foundation takes: nothing can build on it (the card below it in
    suit is gone), it can go nowhere else, and it must go before any redeal (a redeal needs a
    position without moves) or win, so moving it first keeps every win (solver README)."""
    for i, f in enumerate(state.fans):
        if f and _fits_foundation(state, f[-1]):
            return f"{i + 1}>f"
    return None


def native_options(options: Mapping[str, str] | None) -> dict[str, int]:
    """No options."""
    return {}


def cards(state: State) -> list[int]:
    """Every card in the position, the foundations' included (for conservation checks)."""
    return [c for f in state.fans for c in f] + [s * 13 + r for s in range(4) for r in range(state.found[s] - 1)]
