"""What every game's Solvitaire format shares: card names, the document's shape, the foundations.

Solvitaire (Blake & Gent's solver) reads a deal or a position in play as one JSON object, checked
against its deal schema (its source: input-output/input/json-parsing/deal_parser.cpp):

- the keys are "tableau piles" (a list of lists of cards), "foundations" (ONE flat list of cards),
  "sequences" (lists of cards or "" for a gap), "hole" (a card), "stock", "waste", "reserve",
  "accordion" (lists of cards), and nothing else ("additionalProperties": false: it has no
  "cells" key, so no free cell can be given a card);
- a card is a rank (A 2..10 J Q K, or 1..13; no T) and a suit letter S H D C, matched by
  `^(([0-9]|1[0-3]|a|A|j|J|q|Q|k|K)(c|C|d|D|h|H|s|S))$`; in "tableau piles", a game dealing face
  down reads a lower-case suit as a face-down card; an empty string crashes it anywhere but in
  "sequences";
- every list is bottom first: its last element is the top card (the stock's is dealt first);
- each card of "foundations" goes, in the list's order, onto its suit's foundation, so each suit's
  cards must come in the order they were played there (ace up, or the base card up).

What we write is exactly that (`check_doc` holds each game's writer to it in the tests); what we
read is that and a little more (a "T" for ten, each game's README says what else), each refusal one
line naming what is wrong (BadInput), never a traceback.
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterable, Mapping

from engine.cards import SUITS, name
from engine.errors import BadInput

# Solvitaire's deal schema, key by key: what each holds.
CARDS, PILES, FLAT, GAPPED, ONE = "cards", "piles", "flat", "gapped", "card"
SCHEMA = {
    "tableau piles": PILES,
    "foundations": FLAT,
    "sequences": GAPPED,
    "hole": ONE,
    "stock": CARDS,
    "waste": CARDS,
    "reserve": CARDS,
    "accordion": CARDS,
}
CARD = re.compile(r"^(([0-9]|1[0-3]|a|A|j|J|q|Q|k|K)(c|C|d|D|h|H|s|S))$")
"""Solvitaire's card pattern, as its schema has it."""

_RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10} | {str(r): r for r in range(1, 14)}
ACCEPTED = 'rank A 2..10 J Q K (or 1..13) then suit S H D C, e.g. "10H" ("10h" face down)'


def card_name(c: int, down: bool = False) -> str:
    """`AS`, `10H`, `KC`; with `down`, the suit in lower case (`10h`), as Solvitaire reads a
    face-down tableau card."""
    text = name(c % 52)
    return text[:-1] + text[-1].lower() if down else text


def parse_card(text: object) -> tuple[int, bool]:
    """(card 0..51, face down) from a Solvitaire card name; BadInput naming the text otherwise."""
    if not isinstance(text, str) or not 2 <= len(text) <= 3:
        raise BadInput(f"unknown card name {_short(text)}; accepted: {ACCEPTED}")
    r, s = _RANKS.get(text[:-1].upper()), SUITS.find(text[-1].upper())
    if r is None or s < 0:
        raise BadInput(f"unknown card name {_short(text)}; accepted: {ACCEPTED}")
    return s * 13 + r - 1, text[-1].islower()


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "..."


def cards_of(doc: Mapping[str, Any], key: str, game: str) -> list[tuple[int, bool]]:
    """A key's flat list of cards (an absent key: none); BadInput if it is no list of card names."""
    value = doc.get(key, [])
    if not isinstance(value, list):
        raise BadInput(f"{game} {key!r} must be a list of card names")
    return [parse_card(t) for t in value]


def piles_of(doc: Mapping[str, Any], game: str, key: str, count: int) -> list[list[Any]]:
    """A key's `count` lists (still names); BadInput unless it is exactly that."""
    value = doc.get(key)
    if not isinstance(value, list) or len(value) != count or not all(isinstance(p, list) for p in value):
        raise BadInput(f"a {game} position needs {key!r}: {count} lists of card names")
    return value


def down_pile(names: list[Any], i: int) -> tuple[list[int], int]:
    """Tableau pile i's cards (bottom first) and how many lie face down, from its card names: the
    face-down ones (lower-case suit) come first, and the top turns up, as at the table (so all but
    the top at most); BadInput for a face-down card above a face-up one."""
    cards = [parse_card(t) for t in names]
    n_down = 0
    while n_down < len(cards) and cards[n_down][1]:
        n_down += 1
    if any(d for _, d in cards[n_down:]):
        raise BadInput(f"pile {i + 1}: a face-down card (lower-case suit) above a face-up one")
    return [c for c, _ in cards], min(n_down, max(len(cards) - 1, 0))


def check_keys(doc: Mapping[str, Any], game: str, keys: Iterable[str]) -> None:
    """Refuse a key the game does not read (Solvitaire refuses any key outside its schema; a key
    of its schema that this game has no place for would be lost)."""
    keys = tuple(keys)
    extra = sorted(set(doc) - set(keys))
    if extra:
        raise BadInput(f"unknown key {_short(extra[0])} in a {game} position; accepted: {', '.join(keys)}")


def foundations_doc(runs: Iterable[Iterable[int]]) -> list[str]:
    """Solvitaire's "foundations": one flat list, each run in the order its cards were played."""
    return [card_name(c) for run in runs for c in run]


def foundation_runs(doc: Mapping[str, Any], game: str) -> list[list[int]]:
    """The flat "foundations" of a document as runs by suit, in the list's order (S H D C); also
    reads the lists of lists that dealpool wrote before (a form Solvitaire refuses)."""
    value = doc.get("foundations", [])
    if not isinstance(value, list):
        raise BadInput(f"{game} \"foundations\" must be one list of card names")
    flat = [t for f in value for t in f] if value and all(isinstance(f, list) for f in value) else value
    runs: list[list[int]] = [[], [], [], []]
    for t in flat:
        c, _ = parse_card(t)
        runs[c // 13].append(c)
    return runs


def check_doc(doc: object) -> list[str]:
    """What Solvitaire's deal schema refuses in `doc` (empty: it accepts the document). The tests
    hold every writer to it; it is its schema, key by key, as deal_parser.cpp gives it."""
    if not isinstance(doc, dict):
        return ["not a JSON object"]
    problems = []
    for key, value in doc.items():
        kind = SCHEMA.get(key)
        if kind is None:
            problems.append(f"key {key!r} is not in Solvitaire's deal schema")
        elif kind == ONE:
            if not (isinstance(value, str) and CARD.match(value)):
                problems.append(f"{key!r} is not a card")
        elif not isinstance(value, list):
            problems.append(f"{key!r} is not a list")
        elif kind in (CARDS, FLAT):
            problems += [f"{key!r} holds {t!r}, not a card" for t in value if not (isinstance(t, str) and CARD.match(t))]
        else:
            for p in value:
                ok = isinstance(p, list) and all(isinstance(t, str) and (CARD.match(t) or (kind == GAPPED and t == "")) for t in p)
                if not ok:
                    problems.append(f"{key!r} holds {p!r}, not a list of cards")
    return problems


def dumps(doc: Mapping[str, Any]) -> str:
    """A document as Solvitaire's examples are written: one key a line, one pile a line."""
    parts = []
    for key, value in doc.items():
        if isinstance(value, list) and value and all(isinstance(p, list) for p in value):
            rows = ",\n".join("    " + json.dumps(p) for p in value)
            parts.append(f"  {json.dumps(key)}: [\n{rows}\n  ]")
        else:
            parts.append(f"  {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"
