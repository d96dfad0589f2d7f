"""FreeCell in Solvitaire's JSON deal format, and a referee position back as a layout.

Solvitaire's format (read from its public source: deal parser and state printer): "tableau piles"
(eight lists, bottom first, every card face up) and, for a game in play, "cells" (the cards in the
free cells) and "foundations" (four lists, each a suit from its ace up). We write "cells" one entry a
cell, "" for an empty one, and read either form.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.cards import check_deck, parse_solvitaire, solvitaire_name, solvitaire_tableau
from engine.errors import BadInput
from engine.gamekit.base import Layout

PILES = 8
KEYS = ("tableau piles", "cells", "foundations")


def to_doc(layout: Mapping[str, Any]) -> dict[str, Any]:
    """The Solvitaire document of a layout (a deal's, or a position's from `layout_of`)."""
    doc: dict[str, Any] = {"tableau piles": [[solvitaire_name(c) for c in p] for p in layout["tableau"]]}
    cells = layout.get("cells", [[]])
    if cells and any(c >= 0 for c in cells[0]):
        doc["cells"] = [solvitaire_name(c) if c >= 0 else "" for c in cells[0]]
    found = layout.get("foundation", [])
    if any(found):
        doc["foundations"] = [[solvitaire_name(c) for c in f] for f in found]
    return doc


def from_doc(doc: Mapping[str, Any]) -> Layout:
    """The layout of a Solvitaire document; BadInput for anything that is not one FreeCell deck."""
    piles_in = solvitaire_tableau(doc, "freecell", KEYS, PILES)
    piles = [[parse_solvitaire(t)[0] for t in p] for p in piles_in]
    cells_in = doc.get("cells", [])
    if not isinstance(cells_in, list) or len(cells_in) > 4:
        raise BadInput("freecell \"cells\" must be a list of at most 4 card names (\"\" for an empty cell)")
    cells = [parse_solvitaire(t)[0] if t != "" else -1 for t in cells_in]
    found_in = doc.get("foundations", [[], [], [], []])
    if not isinstance(found_in, list) or len(found_in) != 4 or not all(isinstance(f, list) for f in found_in):
        raise BadInput("freecell \"foundations\" must be four lists of card names")
    found: list[list[int]] = [[], [], [], []]
    for f in found_in:
        for t in f:
            c = parse_solvitaire(t)[0]
            found[c // 13].append(c)
    check_deck([c for p in piles for c in p] + [c for c in cells if c >= 0] + [c for f in found for c in f])
    for s, f in enumerate(found):
        if sorted(f) != list(range(s * 13, s * 13 + len(f))):
            raise BadInput("each foundation must hold one suit from its ace up")
        f.sort()
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
