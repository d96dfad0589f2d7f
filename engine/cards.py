"""Card ints and their names: a card is `suit * 13 + rank - 1` (0..51), suits S,H,D,C.

The suit order is the fresh-deck order of the published method, so the fresh deck is
simply 0..51 (0 = AS, 12 = KS, 13 = AH, 51 = KC). Two-deck games use the same ints.
"""

from __future__ import annotations

from engine.deal import RANKS, SUITS, card_name
from engine.errors import BadInput

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
RED_SUITS = frozenset({HEARTS, DIAMONDS})
_RANK_OF = {name: i + 1 for i, name in enumerate(RANKS)} | {"T": 10}

__all__ = [
    "SPADES", "HEARTS", "DIAMONDS", "CLUBS", "SUITS", "RANKS",
    "card", "rank", "suit", "is_red", "colour", "name", "parse", "parse_many", "names",
]


def card(rank_: int, suit_: int) -> int:
    """The card of a rank 1..13 (ace 1, king 13) and a suit 0..3 (S, H, D, C)."""
    if not (1 <= rank_ <= 13 and 0 <= suit_ <= 3):
        raise BadInput(f"no card of rank {rank_} and suit {suit_}; accepted: rank 1..13, suit 0..3")
    return suit_ * 13 + rank_ - 1


def rank(c: int) -> int:
    """1 (ace) .. 13 (king)."""
    return c % 13 + 1


def suit(c: int) -> int:
    """0 spades, 1 hearts, 2 diamonds, 3 clubs."""
    return c // 13


def is_red(c: int) -> bool:
    return suit(c) in RED_SUITS


def colour(c: int) -> str:
    """'red' (hearts, diamonds) or 'black' (spades, clubs)."""
    return "red" if is_red(c) else "black"


def name(c: int, ten: str = "10") -> str:
    """`AS`, `10H` (`TH` with ten='T'), `KC`."""
    if not 0 <= c < 52:
        raise BadInput(f"no card {c}; accepted: 0..51")
    return card_name(c, ten)


def names(cards: list[int], ten: str = "10") -> str:
    """Cards as the spec prints them: names separated by one space."""
    return " ".join(name(c, ten) for c in cards)


def parse(text: str) -> int:
    """A card from its name: rank A 2..10 J Q K (or T for ten), then suit S H D C; any case."""
    t = text.strip().upper()
    r, s = _RANK_OF.get(t[:-1]), SUITS.find(t[-1:]) if t else -1
    if r is None or s < 0:
        raise BadInput(f"not a card: {text!r}; accepted: rank A 2..10 J Q K (or T) then suit S H D C, e.g. 10H")
    return card(r, s)


def parse_many(text: str) -> list[int]:
    """Cards from names separated by whitespace (what `names` prints)."""
    return [parse(t) for t in text.split()]


def check_deck(cards: list[int], size: int = 52) -> None:
    """A position's cards are one deck: `size` cards, each once (BadInput says which is wrong)."""
    if len(cards) > size:
        raise BadInput(f"the position holds {len(cards)} cards, not {size}; accepted: each of the {size} cards once")
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise BadInput(f"card {name(c)} appears twice; accepted: each of the {size} cards once")
        seen.add(c)
    if len(cards) != size:
        missing = " ".join(name(c) for c in range(size) if c not in seen)
        raise BadInput(f"the position holds {len(cards)} cards, not {size}" + (f" (missing {missing})" if missing else ""))
