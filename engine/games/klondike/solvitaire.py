"""Klondike in Solvitaire's JSON format (a deal or a position in play), and a referee position back
as a layout.

Solvitaire's format (engine/gamekit/solvitaire.py; its deal parser and state printer): "tableau
piles" (seven lists, bottom first, a face-down card with its suit in lower case), "stock" (bottom
first: its last element is dealt first) and, for a game in play, "waste" (bottom first, its last
element on top) and "foundations" (ONE flat list: each suit's cards from its ace up). That is this
game's layout card for card, so writing and reading are exact inverses, but for one thing the
format cannot say: how many turn-overs are left with limited passes (read back: the board's full
count). Solvitaire also reads face-up cards that are no built run (its klondikeSM deal presets give
every card face up): such a card can only move once uncovered, as a face-down one, so we read each
face-up card below the top's built run as face down. Solvitaire's presets of the same rules: `klondike` (draw 3, unlimited passes) and
`klondike-deal-1` (draw 1); it has none with limited passes.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.cards import check_deck
from engine.errors import BadInput
from engine.gamekit.base import Layout
from engine.gamekit.solvitaire import card_name, cards_of, check_keys, down_pile, foundation_runs, foundations_doc, piles_of

PILES = 7
TALON = 24  # stock and waste together: the 52 cards less the 28 of a fresh tableau
KEYS = ("tableau piles", "stock", "waste", "foundations")
FORM = "7 \"tableau piles\" and a \"stock\""
PRESETS = {("1", "unlimited"): "klondike-deal-1", ("3", "unlimited"): "klondike"}
EXAMPLES = ("klondike",)
"""Solvitaire's example folders (src/test/resources/<name>) and deal presets (resources/deal-presets,
by file-name prefix) of this game's format."""


def preset(options: Mapping[str, str]) -> str | None:
    """Solvitaire's preset (`--type`) with this board's rules, or None when it has none."""
    return PRESETS.get((options.get("draw", "1"), options.get("passes", "unlimited")))


def claims(doc: Mapping[str, Any]) -> bool:
    """Whether a document is this game's shape (7 tableau piles, no key of another game)."""
    piles = doc.get("tableau piles")
    return isinstance(piles, list) and len(piles) == PILES and set(doc) <= set(KEYS)


def to_doc(layout: Mapping[str, Any]) -> dict[str, Any]:
    """The Solvitaire document of a layout (a deal's, or a position's from `layout_of`)."""
    down = layout.get("down", [[0] * PILES])[0]
    doc: dict[str, Any] = {
        "tableau piles": [[card_name(c, k < down[i]) for k, c in enumerate(p)] for i, p in enumerate(layout["tableau"])],
        "stock": [card_name(c) for c in layout.get("stock", [[]])[0]],
    }
    waste = layout.get("waste", [[]])
    if waste and waste[0]:
        doc["waste"] = [card_name(c) for c in waste[0]]
    found = layout.get("foundation", [])
    if any(found):
        doc["foundations"] = foundations_doc(found)
    return doc


def _fits(card: int, onto: int) -> bool:
    """Tableau building: one rank lower and of the other colour."""
    return card % 13 + 1 == onto % 13 and (card // 13 in (1, 2)) != (onto // 13 in (1, 2))


def from_doc(doc: Mapping[str, Any]) -> Layout:
    """The layout of a Solvitaire document; BadInput for anything that is not one Klondike deck."""
    check_keys(doc, "klondike", KEYS)
    piles, down = [], []
    for i, p in enumerate(piles_of(doc, "klondike", "tableau piles", PILES)):
        pile, n_down = down_pile(p, i)
        while n_down < len(pile) - 1 and not all(_fits(a, b) for b, a in zip(pile[n_down:], pile[n_down + 1 :])):
            n_down += 1  # a face-up card that no built run joins to the top plays as a face-down one
        piles.append(pile)
        down.append(n_down)
    stock = [c for c, _ in cards_of(doc, "stock", "klondike")]
    waste = [c for c, _ in cards_of(doc, "waste", "klondike")]
    found = foundation_runs(doc, "klondike")
    check_deck([c for p in piles for c in p] + stock + waste + [c for f in found for c in f])
    if len(stock) + len(waste) > TALON:
        raise BadInput(f"the stock and waste hold {len(stock) + len(waste)} cards; accepted: at most {TALON} in klondike")
    for s, f in enumerate(found):
        if f != list(range(s * 13, s * 13 + len(f))):
            raise BadInput("each suit's foundation cards must come from its ace up, in order")
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
