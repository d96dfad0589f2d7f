"""Klondike as played, for the referee: draw 1 or 3, passes unlimited / 1 / 3, kings only to empty
piles, any face-up run may move, cards may come back down from the foundations, and a face-down card
turns up by itself. Scoring is ignored.

The notation is this folder's README (Notation); `legal_moves` lists canonical tokens only, sorted,
so the Rust solver's differential test can compare lists as they are. The state is one small mutable
object changed in place by `play` and restored exactly by `undo` (flip and pass counter included),
so the referee can replay thousands of lines quickly.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.cards import RANKS, SUITS, name
from engine.errors import BadInput
from engine.errors import IllegalMove

PILES = 7
KING = 13

# One undo record: (kind, a, b, k, flip).  kind is one of the move kinds below; `a`/`b` are
# source/destination indexes (pile 0..6, suit 0..3) or, for a draw, the number of cards drawn;
# `k` the number of cards moved; `flip` whether the move turned a face-down card up.
Undo = tuple[int, int, int, int, bool]
_DRAW, _REDEAL, _W_F, _W_P, _P_F, _P_P, _F_P = range(7)

_MOVE_RE = re.compile(
    r"^(?:(?P<d>d)|(?P<r>r)|w>(?P<wto>f|[1-7])|(?P<src>[1-7])(?::(?P<k>[0-9]+))?>(?P<to>f|[1-7])"
    r"|f(?P<fs>[SHDC])>(?P<fto>[1-7]))$"
)
_ACCEPTED = "d, r, w>f, w>N, N>f, N>M, N:K>M (K >= 2) or fX>N, with piles N, M in 1..7 and X in S H D C"


def _rank(card: int) -> int:
    return card % 13 + 1


def _red(card: int) -> bool:
    return card // 13 in (1, 2)


def _fits(card: int, onto: int) -> bool:
    """Tableau building: one lower and of the other colour."""
    return _rank(card) + 1 == _rank(onto) and _red(card) != _red(onto)


class State:
    """A Klondike position: piles bottom first (the first `down[i]` cards of pile i face down),
    stock bottom first (last element drawn next), waste bottom first (last element on top),
    foundation heights per suit S H D C, and the redeals used so far against the pass limit."""

    __slots__ = ("piles", "down", "stock", "waste", "found", "draw", "max_redeals", "redeals")

    def __init__(
        self,
        piles: list[list[int]],
        down: list[int],
        stock: list[int],
        waste: list[int],
        found: list[int],
        draw: int,
        max_redeals: int | None,
        redeals: int = 0,
    ) -> None:
        self.piles = piles
        self.down = down
        self.stock = stock
        self.waste = waste
        self.found = found
        self.draw = draw
        self.max_redeals = max_redeals  # None: unlimited passes
        self.redeals = redeals

    def copy(self) -> State:
        return State(
            [list(p) for p in self.piles], list(self.down), list(self.stock), list(self.waste),
            list(self.found), self.draw, self.max_redeals, self.redeals,
        )

    def snapshot(self) -> tuple[Any, ...]:
        """Everything that makes the position, as a comparable value (for tests and keys)."""
        return (
            tuple(tuple(p) for p in self.piles), tuple(self.down), tuple(self.stock),
            tuple(self.waste), tuple(self.found), self.draw, self.max_redeals, self.redeals,
        )

    def cards(self) -> list[int]:
        """Every card of the position, foundations included (52 distinct ones in a sound state)."""
        out = [c for p in self.piles for c in p] + self.stock + self.waste
        for s, n in enumerate(self.found):
            out.extend(range(s * 13, s * 13 + n))
        return out

    def __repr__(self) -> str:
        piles = " | ".join(
            " ".join(("[" + name(c) + "]") if i < self.down[k] else name(c) for i, c in enumerate(p))
            for k, p in enumerate(self.piles)
        )
        found = " ".join(f"{s}{n}" for s, n in zip(SUITS, self.found))
        return (
            f"<Klondike draw={self.draw} piles: {piles}; stock {len(self.stock)}; "
            f"waste {' '.join(name(c) for c in self.waste[-3:])}; found {found}; redeals {self.redeals}>"
        )


# ---------------------------------------------------------------- options

def _draw(options: Mapping[str, Any]) -> int:
    value = options.get("draw", 1)
    if str(value) not in ("1", "3"):
        raise BadInput(f"klondike option draw={value!r} is not accepted (draw=1 or draw=3)")
    return int(value)


def _passes(options: Mapping[str, Any]) -> int:
    """0 for unlimited passes, else 1 or 3."""
    value = options.get("passes", "unlimited")
    text = str(value).strip().lower()
    if text in ("unlimited", "0"):
        return 0
    if text in ("1", "3"):
        return int(text)
    raise BadInput(f"klondike option passes={value!r} is not accepted (passes=unlimited, 1 or 3)")


def native_options(options: Mapping[str, Any]) -> dict[str, int]:
    """The code's options as the Rust solver takes them: draw 1|3, passes 0 (unlimited) | 1 | 3."""
    return {"draw": _draw(options), "passes": _passes(options)}


# ---------------------------------------------------------------- building a state

def new_state(layout: Mapping[str, list[list[int]]], options: Mapping[str, Any],
              seed: bytes | None = None) -> State:  # fmt: skip  (the Rules protocol's seed: this game never redeals)
    """The position of a layout from the game's `lay_out` (tableau, down, stock).

    Positions in play (tests, Solvitaire positions, hints) may also give `waste` ([[cards bottom
    first]]), `foundation` (four lists, S H D C, each the suit's cards from the ace up) and `redeals`
    ([[turn-overs left]], limited passes only). The layout must hold the 52 cards
    once each, with every pile's face-up part a built run; otherwise BadInput.
    """
    piles = [list(p) for p in layout["tableau"]]
    if len(piles) != PILES:
        raise BadInput(f"a klondike layout has {PILES} piles, not {len(piles)}")
    down = list(layout.get("down", [[0] * PILES])[0])
    stock = list(layout.get("stock", [[]])[0])
    waste = list(layout.get("waste", [[]])[0]) if layout.get("waste") else []
    found = [0, 0, 0, 0]
    for s, cards in enumerate(layout.get("foundation", [[], [], [], []])):
        if list(cards) != list(range(s * 13, s * 13 + len(cards))):
            raise BadInput(f"foundation {SUITS[s]} must hold its suit from the ace up")
        found[s] = len(cards)
    draw, passes = _draw(options), _passes(options)
    state = State(piles, down, stock, waste, found, draw, None if passes == 0 else passes - 1)
    if layout.get("redeals") and state.max_redeals is not None:  # a position in play: turn-overs left
        left = layout["redeals"][0][0]
        if not 0 <= left <= state.max_redeals:
            raise BadInput(f"klondike redeals left must be 0..{state.max_redeals}, not {left}")
        state.redeals = state.max_redeals - left
    _check(state)
    # A pile with no face-up card turns its top up, as at the table.
    for i, p in enumerate(state.piles):
        if p and state.down[i] >= len(p):
            state.down[i] = len(p) - 1
    return state


def _check(state: State) -> None:
    cards = state.cards()
    if sorted(cards) != list(range(52)):
        raise BadInput("a klondike position must hold the 52 cards once each")
    if len(state.down) != PILES or any(not 0 <= d <= max(len(p), 0) for d, p in zip(state.down, state.piles)):
        raise BadInput("klondike `down` must give each pile's face-down count (0..pile size)")
    for i, p in enumerate(state.piles):
        up = p[state.down[i]:]
        if any(not _fits(a, b) for b, a in zip(up, up[1:])):
            raise BadInput(f"pile {i + 1}'s face-up cards are not a built run")


# ---------------------------------------------------------------- queries

def is_won(state: State) -> bool:
    return sum(state.found) == 52


def _can_redeal(state: State) -> bool:
    return (
        not state.stock and bool(state.waste)
        and (state.max_redeals is None or state.redeals < state.max_redeals)
    )


def _to_found(state: State, card: int) -> bool:
    return state.found[card // 13] == _rank(card) - 1


def _to_pile(state: State, card: int, m: int) -> bool:
    pile = state.piles[m]
    return _fits(card, pile[-1]) if pile else _rank(card) == KING


def legal_moves(state: State) -> list[str]:
    """Every legal move here as canonical tokens, sorted (the order the Rust side sorts in too)."""
    out: list[str] = []
    if state.stock:
        out.append("d")
    elif _can_redeal(state):
        out.append("r")
    if state.waste:
        w = state.waste[-1]
        if _to_found(state, w):
            out.append("w>f")
        out.extend(f"w>{m + 1}" for m in range(PILES) if _to_pile(state, w, m))
    for n, pile in enumerate(state.piles):
        if not pile:
            continue
        if _to_found(state, pile[-1]):
            out.append(f"{n + 1}>f")
        up = len(pile) - state.down[n]
        for m in range(PILES):
            if m == n:
                continue
            dest = state.piles[m]
            for k in range(1, up + 1):
                base = pile[-k]
                if (_fits(base, dest[-1]) if dest else _rank(base) == KING):
                    out.append(f"{n + 1}>{m + 1}" if k == 1 else f"{n + 1}:{k}>{m + 1}")
                    break  # one rank fits a destination, so at most one k does
    for s, height in enumerate(state.found):
        if height:
            card = s * 13 + height - 1
            out.extend(f"f{SUITS[s]}>{m + 1}" for m in range(PILES) if _to_pile(state, card, m))
    out.sort()
    return out


# ---------------------------------------------------------------- play and undo

def _onto_reason(state: State, card: int, m: int) -> str:
    pile = state.piles[m]
    if not pile:
        return f"only a king may go to empty pile {m + 1}, not {name(card)}"
    top = pile[-1]
    want = "red" if not _red(top) else "black"
    return f"{name(card)} cannot go on {name(top)} in pile {m + 1} (it takes a {want} {RANKS[_rank(top) - 2]})" \
        if _rank(top) > 1 else f"{name(card)} cannot go on {name(top)} in pile {m + 1} (nothing goes on an ace)"


def _found_reason(state: State, card: int) -> str:
    s = card // 13
    height = state.found[s]
    held = "is empty" if height == 0 else f"holds up to {name(s * 13 + height - 1)}"
    return f"{name(card)} cannot go to the foundation: {SUITS[s]} {held}"


def _flip(state: State, n: int) -> bool:
    """Turn pile n's top up if the move left it face down; say whether it did."""
    if state.piles[n] and state.down[n] == len(state.piles[n]):
        state.down[n] -= 1
        return True
    return False


def play(state: State, move: str) -> Undo:
    """Make `move` in place and return its undo record; IllegalMove (with the reason) if it is not
    legal here, leaving the state unchanged."""
    m = _MOVE_RE.match(move) if isinstance(move, str) else None
    if m is None:
        raise IllegalMove(f"{move!r} is not a Klondike move (expected {_ACCEPTED})")
    if m["d"]:
        if not state.stock:
            raise IllegalMove("the stock is empty" + (" (turn the waste over with r)" if state.waste else ""))
        n = min(state.draw, len(state.stock))
        for _ in range(n):
            state.waste.append(state.stock.pop())
        return (_DRAW, n, 0, n, False)
    if m["r"]:
        if state.stock:
            raise IllegalMove(f"the waste can only be turned over when the stock is empty ({len(state.stock)} left)")
        if not state.waste:
            raise IllegalMove("the stock and the waste are both empty")
        if state.max_redeals is not None and state.redeals >= state.max_redeals:
            passes = state.max_redeals + 1
            raise IllegalMove(f"no pass left: passes={passes} allows {state.max_redeals} redeal(s), all used")
        state.waste.reverse()
        state.stock, state.waste = state.waste, state.stock
        state.redeals += 1
        return (_REDEAL, 0, 0, 0, False)
    if m["wto"]:
        if not state.waste:
            raise IllegalMove("the waste is empty")
        card = state.waste[-1]
        if m["wto"] == "f":
            if not _to_found(state, card):
                raise IllegalMove(_found_reason(state, card))
            state.waste.pop()
            state.found[card // 13] += 1
            return (_W_F, 0, card // 13, 1, False)
        dst = int(m["wto"]) - 1
        if not _to_pile(state, card, dst):
            raise IllegalMove(_onto_reason(state, card, dst))
        state.piles[dst].append(state.waste.pop())
        return (_W_P, 0, dst, 1, False)
    if m["fs"]:
        s = SUITS.index(m["fs"])
        dst = int(m["fto"]) - 1
        if state.found[s] == 0:
            raise IllegalMove(f"foundation {m['fs']} is empty")
        card = s * 13 + state.found[s] - 1
        if not _to_pile(state, card, dst):
            raise IllegalMove(_onto_reason(state, card, dst))
        state.found[s] -= 1
        state.piles[dst].append(card)
        return (_F_P, s, dst, 1, False)
    # pile moves
    src = int(m["src"]) - 1
    pile = state.piles[src]
    if not pile:
        raise IllegalMove(f"pile {src + 1} is empty")
    if m["to"] == "f":
        if m["k"] is not None:
            raise IllegalMove(f"only one card at a time goes to the foundation (write {src + 1}>f)")
        card = pile[-1]
        if not _to_found(state, card):
            raise IllegalMove(_found_reason(state, card))
        pile.pop()
        state.found[card // 13] += 1
        return (_P_F, src, card // 13, 1, _flip(state, src))
    dst = int(m["to"]) - 1
    if m["k"] is None:
        k = 1
    else:
        text = m["k"]
        if text != str(int(text)) or int(text) < 2:
            raise IllegalMove(f"{move!r}: K must be a number from 2 up without leading zeros (one card is {src + 1}>{dst + 1})")
        k = int(text)
    if dst == src:
        raise IllegalMove(f"pile {src + 1} cannot move onto itself")
    up = len(pile) - state.down[src]
    if k > up:
        raise IllegalMove(f"pile {src + 1} has {up} face-up card{'s' if up != 1 else ''}, not {k}")
    base = pile[-k]
    if not _to_pile(state, base, dst):
        raise IllegalMove(_onto_reason(state, base, dst))
    moved = pile[-k:]
    del pile[-k:]
    state.piles[dst].extend(moved)
    return (_P_P, src, dst, k, _flip(state, src))


def undo(state: State, token: Undo) -> None:
    """Take back the move that returned `token` (it must be the last move not yet taken back)."""
    kind, a, b, k, flip = token
    if kind == _DRAW:
        for _ in range(a):
            state.stock.append(state.waste.pop())
    elif kind == _REDEAL:
        state.stock.reverse()
        state.stock, state.waste = state.waste, state.stock
        state.redeals -= 1
    elif kind == _W_F:
        state.found[b] -= 1
        state.waste.append(b * 13 + state.found[b])
    elif kind == _W_P:
        state.waste.append(state.piles[b].pop())
    elif kind == _F_P:
        state.piles[b].pop()
        state.found[a] += 1
    else:
        if flip:
            state.down[a] += 1
        if kind == _P_F:
            state.found[b] -= 1
            state.piles[a].append(b * 13 + state.found[b])
        else:  # _P_P
            dest = state.piles[b]
            state.piles[a].extend(dest[-k:])
            del dest[-k:]


# ---------------------------------------------------------------- the safe auto-move rule

def _safe_card(state: State, card: int) -> bool:
    """Whether `card`, playable to its foundation, may go up without losing any win.

    Aces and twos always; otherwise both foundations of the other colour must hold rank-1 and the
    same colour's other suit rank-2 (so every card that could ever sit on it is already up).
    The argument is in engine/native/src/games/klondike/README.md, "Safe moves".
    """
    r = _rank(card)
    if r <= 2:
        return True
    s = card // 13
    f = state.found
    if s in (0, 3):  # black: spades/clubs; opposite hearts, diamonds
        return f[1] >= r - 1 and f[2] >= r - 1 and f[3 - s] >= r - 2
    return f[0] >= r - 1 and f[3] >= r - 1 and f[3 - s] >= r - 2


def safe_move(state: State) -> str | None:
    """The first safe foundation move, looking at piles 1..7 in order and then the waste top
    (the waste only when drawing one: with draw 3, taking a card out of the waste shifts the
    later draws, which can hide a card a winning line needs)."""
    for n, pile in enumerate(state.piles):
        if pile and _to_found(state, pile[-1]) and _safe_card(state, pile[-1]):
            return f"{n + 1}>f"
    if state.draw == 1 and state.waste:
        w = state.waste[-1]
        if _to_found(state, w) and _safe_card(state, w):
            return "w>f"
    return None
