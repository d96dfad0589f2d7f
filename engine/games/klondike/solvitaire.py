"""Klondike in Solvitaire's JSON deal format, and a referee position back as a layout.

Solvitaire's format (read from its public source: deal parser and state printer): an object with
"tableau piles" (seven lists, bottom first, a face-down card with its suit in lower case), "stock"
(bottom first: its last element is dealt first), and, for a game in play, "waste" (bottom first, its
last element on top) and "foundations" (four lists, each a suit from its ace up). That is this
game's layout (README.md, Layout) card for card, so writing and reading are exact inverses.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.cards import check_deck, parse_solvitaire, solvitaire_name, solvitaire_tableau
from engine.errors import BadInput
from engine.gamekit.base import Layout

PILES = 7
TALON = 24  # stock and waste together: the 52 cards less the 28 of a fresh tableau
KEYS = ("tableau piles", "stock", "waste", "foundations")


def to_doc(layout: Mapping[str, Any]) -> dict[str, Any]:
    """The Solvitaire document of a layout (a deal's, or a position's from `layout_of`)."""
    down = layout.get("down", [[0] * PILES])[0]
    doc: dict[str, Any] = {
        "tableau piles": [[solvitaire_name(c, k < down[i]) for k, c in enumerate(p)] for i, p in enumerate(layout["tableau"])],
        "stock": [solvitaire_name(c) for c in layout.get("stock", [[]])[0]],
    }
    waste = layout.get("waste", [[]])
    if waste and waste[0]:
        doc["waste"] = [solvitaire_name(c) for c in waste[0]]
    found = layout.get("foundation", [])
    if any(found):
        doc["foundations"] = [[solvitaire_name(c) for c in f] for f in found]
    return doc


def _cards(doc: Mapping[str, Any], key: str) -> list[tuple[int, bool]]:
    value = doc.get(key, [])
    if not isinstance(value, list):
        raise BadInput(f"klondike {key!r} must be a list of card names")
    return [parse_solvitaire(t) for t in value]


def from_doc(doc: Mapping[str, Any]) -> Layout:
    """The layout of a Solvitaire document; BadInput for anything that is not one Klondike deck."""
    piles_in = solvitaire_tableau(doc, "klondike", KEYS, PILES)
    piles, down = [], []
    for i, p in enumerate(piles_in):
        cards = [parse_solvitaire(t) for t in p]
        n_down = 0
        while n_down < len(cards) and cards[n_down][1]:
            n_down += 1
        if any(d for _, d in cards[n_down:]):
            raise BadInput(f"pile {i + 1}: a face-down card (lower-case suit) above a face-up one")
        piles.append([c for c, _ in cards])
        down.append(min(n_down, max(len(cards) - 1, 0)))  # a pile's top turns up, as at the table
    stock = [c for c, _ in _cards(doc, "stock")]
    waste = [c for c, _ in _cards(doc, "waste")]
    found_in = doc.get("foundations", [[], [], [], []])
    if not isinstance(found_in, list) or len(found_in) != 4 or not all(isinstance(f, list) for f in found_in):
        raise BadInput("klondike \"foundations\" must be four lists of card names")
    found: list[list[int]] = [[], [], [], []]
    for f in found_in:
        for c, _ in (parse_solvitaire(t) for t in f):
            found[c // 13].append(c)
    check_deck([c for p in piles for c in p] + stock + waste + [c for f in found for c in f])
    if len(stock) + len(waste) > TALON:
        raise BadInput(f"the stock and waste hold {len(stock) + len(waste)} cards; accepted: at most {TALON} in klondike")
    for s, f in enumerate(found):
        if sorted(f) != list(range(s * 13, s * 13 + len(f))):
            raise BadInput("each foundation must hold one suit from its ace up")
        f.sort()
    return {"tableau": piles, "down": [down], "stock": [stock], "waste": [waste], "foundation": found}


def layout_of(state: Any) -> Layout:
    """The layout of a referee position (rules.State), turn-overs left included, for the solver."""
    layout: Layout = {
        "tableau": [list(p) for p in state.piles],
        "down": [list(state.down)],
        "stock": [list(state.stock)],
        "waste": [list(state.waste)],
        "foundation": [list(range(s * 13, s * 13 + n)) for s, n in enumerate(state.found)],
    }
    if state.max_redeals is not None:
        layout["redeals"] = [[state.max_redeals - state.redeals]]
    return layout
