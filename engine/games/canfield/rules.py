"""Canfield's rules for the referee (the solver's half is engine/native/src/canfield.rs).

Standard Canfield as Hoyle gives it (docs/games.md, Canfield): a 13-card reserve with its top card
face up, a base card that starts the first foundation (the other suits' foundations start with a
card of the same rank), four tableau piles built down in alternating colours, ranks wrapping (K then
A) in the tableau and on the foundations, whole piles only moved, a space filled at once from the
reserve while it lasts (then from the waste, when the player likes), the stock dealt three at a time
with unlimited passes, nothing taken back from a foundation.

Cards are ints (suit * 13 + rank - 1); a card's *level* is how far its rank is above the base rank,
0..12, so a foundation holding n cards wants the card of level n next.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

from engine.errors import BadInput
from engine.errors import IllegalMove

PILES = 4
SUITS = "SHDC"
# The suits of the other colour: spades/clubs are black, hearts/diamonds red.
OPPOSITE = {0: (1, 2), 1: (0, 3), 2: (0, 3), 3: (1, 2)}
_PLAY = re.compile(r"^([wx1-4])>([f1-4])$")


def _red(card: int) -> bool:
    return card // 13 in (1, 2)


@dataclass
class State:
    """A Canfield position. Every list is bottom first (its top card is the last element)."""

    reserve: list[int]
    tableau: list[list[int]]
    stock: list[int]
    waste: list[int]
    # Cards on each suit's foundation (0..13), indexed by suit.
    found: list[int]
    base: int  # the base card's rank - 1 (0..12)
    draw: int = 3

    def level(self, card: int) -> int:
        """How far `card`'s rank is above the base rank, counting round the corner (0..12)."""
        return (card % 13 - self.base) % 13


Undo = tuple


def native_options(options: Mapping[str, Any] | None) -> dict[str, int]:
    """The code's options as the Rust solver takes them: draw (1|3), passes (0 = unlimited).

    Canfield is played drawing three with unlimited passes; draw=1 is accepted as a variant.
    """
    opts = dict(options or {})
    draw = str(opts.get("draw", 3))
    passes = str(opts.get("passes", "unlimited"))
    if draw not in ("1", "3"):
        raise BadInput(f"canfield: draw={draw} is not accepted; use draw=3 (or draw=1)")
    if passes not in ("unlimited", "0"):
        raise BadInput(f"canfield: passes={passes} is not accepted; use passes=unlimited")
    return {"draw": int(draw), "passes": 0}


def new_state(layout: Mapping[str, list[list[int]]], options: Mapping[str, Any] | None = None,
              seed: bytes | None = None) -> State:  # fmt: skip  (the Rules protocol's seed: this game never redeals)
    """The dealt position from the game's `lay_out` (`__init__.py`).

    Past the deal (tests), `foundation` may hold each started suit's run from the base card up,
    and an optional `waste` group the waste, bottom first; the native solver reads the same.
    """
    draw = native_options(options)["draw"]
    try:
        (reserve,) = layout["reserve"]
        (stock,) = layout["stock"]
        (waste,) = layout.get("waste", [[]])
        tableau = [list(p) for p in layout["tableau"]]
        foundations = [list(f) for f in layout["foundation"]]
        base = foundations[0][0] % 13
    except (KeyError, ValueError, TypeError, IndexError) as e:
        raise BadInput(f"canfield: layout needs reserve, foundation (the base card first), tableau, stock: {e}") from None
    if len(tableau) != PILES:
        raise BadInput(f"canfield: layout needs {PILES} tableau piles, got {len(tableau)}")
    found = [0, 0, 0, 0]
    for f in foundations:
        suit = f[0] // 13
        if f != [suit * 13 + (base + i) % 13 for i in range(len(f))] or len(f) > 13:
            raise BadInput(f"canfield: foundation {f} is not its suit's run from the base rank")
        found[suit] = len(f)
    cards = [*reserve, *stock, *waste, *(c for p in tableau for c in p), *(c for f in foundations for c in f)]
    if sorted(cards) != list(range(52)):
        raise BadInput("canfield: the layout must hold each of the 52 cards once")
    s = State(list(reserve), tableau, list(stock), list(waste), found, base, draw)
    _fill(s)
    return s


def _fill(s: State) -> list[int]:
    """Fill every space from the reserve (the rules do this, it is no move); the piles filled."""
    filled = []
    for i, pile in enumerate(s.tableau):
        if not pile and s.reserve:
            pile.append(s.reserve.pop())
            filled.append(i)
    return filled


def _fits_foundation(s: State, card: int) -> bool:
    return s.level(card) == s.found[card // 13]


def _fits_pile(card: int, pile: list[int]) -> bool:
    """`card` (as a single card or a moved pile's bottom) on `pile`: down by one, other colour, wrapping."""
    if not pile:
        return False
    top = pile[-1]
    return _red(top) != _red(card) and top % 13 == (card % 13 + 1) % 13


def legal_moves(s: State) -> list[str]:
    """Every legal move here, as notation tokens (this folder's README, Notation)."""
    out: list[str] = []
    if s.stock:
        out.append("d")
    elif s.waste:
        out.append("r")
    for src, card in (("w", s.waste[-1] if s.waste else None), ("x", s.reserve[-1] if s.reserve else None)):
        if card is None:
            continue
        if _fits_foundation(s, card):
            out.append(f"{src}>f")
        for j, pile in enumerate(s.tableau):
            # Only the waste may fill a space, and only once the reserve is gone (else none stays empty).
            if _fits_pile(card, pile) or (src == "w" and not pile and not s.reserve):
                out.append(f"{src}>{j + 1}")
    for i, pile in enumerate(s.tableau):
        if not pile:
            continue
        if _fits_foundation(s, pile[-1]):
            out.append(f"{i + 1}>f")
        for j, other in enumerate(s.tableau):
            if j != i and _fits_pile(pile[0], other):
                out.append(f"{i + 1}>{j + 1}")
    return out


def play(s: State, move: str) -> Undo:
    """Make `move` in place and return its undo token; IllegalMove (saying why) if it is not legal."""
    if move not in legal_moves(s):
        raise IllegalMove(f"canfield: {move!r} is not legal here")
    if move == "d":
        n = min(s.draw, len(s.stock))
        for _ in range(n):
            s.waste.append(s.stock.pop())
        return ("d", n)
    if move == "r":
        s.stock = s.waste[::-1]
        s.waste = []
        return ("r",)
    m = _PLAY.match(move)
    assert m, move
    src, dst = m.groups()
    if src == "w":
        cards = [s.waste.pop()]
    elif src == "x":
        cards = [s.reserve.pop()]
    else:
        i = int(src) - 1
        pile = s.tableau[i]
        cards = [pile.pop()] if dst == "f" else pile[:]
        if dst != "f":
            pile.clear()
    if dst == "f":
        s.found[cards[0] // 13] += 1
    else:
        s.tableau[int(dst) - 1].extend(cards)
    return ("p", src, dst, cards, _fill(s))


def undo(s: State, token: Undo) -> None:
    """Take back the move that returned `token` (moves are undone last first)."""
    if token[0] == "d":
        for _ in range(token[1]):
            s.stock.append(s.waste.pop())
        return
    if token[0] == "r":
        s.waste = s.stock[::-1]
        s.stock = []
        return
    _, src, dst, cards, filled = token
    for i in filled:
        s.reserve.append(s.tableau[i].pop())
    if dst == "f":
        s.found[cards[0] // 13] -= 1
    else:
        del s.tableau[int(dst) - 1][-len(cards):]
    if src == "w":
        s.waste.extend(cards)
    elif src == "x":
        s.reserve.extend(cards)
    else:
        s.tableau[int(src) - 1].extend(cards)


def is_won(s: State) -> bool:
    return sum(s.found) == 52


def is_safe(s: State, card: int) -> bool:
    """Whether putting `card` up keeps every win (engine/native/src/games/canfield/README.md): nothing left could ever sit on it, or what could is as well put up.

    The cards that could sit on a card of level n are the other colour's cards of level n - 1, round
    the corner: for the base rank (level 0) those are the last cards (level 12) of the other colour's
    suits. Each must be up (foundations never give cards back) or lie in a pile above its bottom card:
    such a card only ever leaves to its foundation (a pile moves whole, so it stays above a card
    until it goes up), so it can never be put on this one. Or it fits its foundation now (it stays
    the card its suit waits for until it goes up) and nothing could sit on it in turn (this card's
    colour at level n - 2 is up): wherever a line would put it on this card, it can go up instead.
    """
    level = (s.level(card) + 12) % 13
    for o in OPPOSITE[card // 13]:
        x = o * 13 + (s.base + level) % 13
        if s.found[o] > level or any(x in pile[1:] for pile in s.tableau):
            continue
        if s.found[o] == level and all(s.found[t] > (level + 12) % 13 for t in OPPOSITE[o]):
            continue
        return False
    return True


def safe_move(s: State) -> str | None:
    """The first safe foundation move: the reserve's top, then piles 1..4 (never the waste: see engine/native/src/games/canfield/README.md)."""
    if s.reserve and _fits_foundation(s, s.reserve[-1]) and is_safe(s, s.reserve[-1]):
        return "x>f"
    for i, pile in enumerate(s.tableau):
        if pile and _fits_foundation(s, pile[-1]) and is_safe(s, pile[-1]):
            return f"{i + 1}>f"
    return None


def card_counts(s: State) -> int:
    """Cards accounted for (52 in every position): for the conservation property."""
    return len(s.reserve) + sum(map(len, s.tableau)) + len(s.stock) + len(s.waste) + sum(s.found)
