"""FreeCell in Solvitaire's JSON format (a deal or a position in play), and a referee position back
as a layout.

Solvitaire's format (engine/gamekit/solvitaire.py; its deal parser): "tableau piles" (eight lists,
bottom first, every card face up) and, for a game in play, "foundations" (ONE flat list: each suit's
cards from its ace up). Its deal schema has no "cells" key (its parser reads one, then the schema
refuses the document; an empty cell's "" crashes it), so a position with a card in a free cell
cannot be given to Solvitaire: writing one is refused (BadInput) rather than written wrong. We also
read a "cells" list (cards, "" for an empty cell), which dealpool wrote before; Solvitaire itself
refuses it. Solvitaire's presets of the same rules: `free-cell` (4 cells) and `free-cell-3-cell`,
`-2-cell`, `-1-cell`.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.cards import check_deck
from engine.errors import BadInput
from engine.gamekit.base import Layout
from engine.gamekit.solvitaire import card_name, check_keys, foundation_runs, foundations_doc, parse_card, piles_of

PILES = 8
KEYS = ("tableau piles", "foundations", "cells")
FORM = "8 \"tableau piles\""
EXAMPLES = ("free_cell", "ImpossibleFreeCell", "bg")
"""Solvitaire's example folders (src/test/resources/<name>) and deal presets (resources/deal-presets,
by file-name prefix; bgN are 8-pile one-deck deals) of this game's format."""


def preset(options: Mapping[str, str]) -> str | None:
    """Solvitaire's preset (`--type`) with this board's rules."""
    cells = options.get("cells", "4")
    return "free-cell" if cells == "4" else f"free-cell-{cells}-cell"


def claims(doc: Mapping[str, Any]) -> bool:
    """Whether a document is this game's shape (8 tableau piles, no key of another game)."""
    piles = doc.get("tableau piles")
    return isinstance(piles, list) and len(piles) == PILES and set(doc) <= set(KEYS)


def to_doc(layout: Mapping[str, Any]) -> dict[str, Any]:
    """The Solvitaire document of a layout (a deal's, or a position's from `layout_of`); BadInput
    for a card in a free cell, which Solvitaire's format cannot hold."""
    cells = [c for c in layout.get("cells", [[]])[0] if c >= 0]
    if cells:
        held = " ".join(card_name(c) for c in cells)
        raise BadInput(f"Solvitaire's format has no free cells, and this position holds {held} in them; "
                       "accepted: a position with its free cells empty")  # fmt: skip
    doc: dict[str, Any] = {"tableau piles": [[card_name(c) for c in p] for p in layout["tableau"]]}
    found = layout.get("foundation", [])
    if any(found):
        doc["foundations"] = foundations_doc(found)
    return doc


def from_doc(doc: Mapping[str, Any]) -> Layout:
    """The layout of a Solvitaire document; BadInput for anything that is not one FreeCell deck."""
    check_keys(doc, "freecell", KEYS)
    piles = [[parse_card(t)[0] for t in p] for p in piles_of(doc, "freecell", "tableau piles", PILES)]
    cells_in = doc.get("cells", [])
    if not isinstance(cells_in, list) or len(cells_in) > 4:
        raise BadInput("freecell \"cells\" must be a list of at most 4 card names (\"\" for an empty cell)")
    cells = [parse_card(t)[0] if t != "" else -1 for t in cells_in]
    found = foundation_runs(doc, "freecell")
    check_deck([c for p in piles for c in p] + [c for c in cells if c >= 0] + [c for f in found for c in f])
    for s, f in enumerate(found):
        if f != list(range(s * 13, s * 13 + len(f))):
            raise BadInput("each suit's foundation cards must come from its ace up, in order")
    layout: Layout = {"tableau": piles}
    if any(c >= 0 for c in cells):
        layout["cells"] = [cells]
    if any(found):
        layout["foundation"] = found
    return layout


def layout_of(state: Any) -> Layout:
    """The layout of a referee position (rules.State), for the solver."""
    return {
        "tableau": [list(c) for c in state.columns],
        "cells": [[-1 if c is None else c for c in state.cells]],
        "foundation": [list(range(s * 13, s * 13 + n)) for s, n in enumerate(state.foundations)],
    }
