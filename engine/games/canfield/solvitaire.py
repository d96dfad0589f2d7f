"""Canfield in Solvitaire's JSON format (a deal or a position in play), and a referee position back
as a layout.

Solvitaire's format for its Canfield games (engine/gamekit/solvitaire.py; its deal parser and its
canfield examples): "foundations" (ONE flat list: each started suit's cards from the base card up,
its first card's rank the base rank), "tableau piles" (four lists, bottom first), "reserve" (the
stacked reserve, bottom first, its last element the face-up top), "stock" (bottom first, its last
element drawn first) and, in play, "waste" (bottom first, its last element on top). That is this
game's layout card for card (README.md, Layout), so writing and reading are exact inverses.

Rules: Solvitaire's nearest preset is `canfield-strict` (whole piles move, a space filled from the
reserve by itself, then from the waste; draw 3, unlimited passes); its `canfield` preset moves part
of a pile, which ours does not. `canfield-strict` still allows less than ours in two ways (its
source, game_state.legal_moves.cpp): its tableau builds in ranks counted from the base, so the card
one below the base rank never goes on a base-rank card (ours wraps every way: K on A, and the rank
below the base on the base); and while a space is open, no pile moves at all until the waste fills
it. So a deal it wins we win too, not the other way round.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.cards import check_deck
from engine.errors import BadInput
from engine.gamekit.base import Layout
from engine.gamekit.solvitaire import card_name, cards_of, check_keys, foundation_runs, foundations_doc, parse_card, piles_of

PILES = 4
KEYS = ("foundations", "tableau piles", "reserve", "stock", "waste")
FORM = "4 \"tableau piles\", a \"reserve\" and the base card in \"foundations\""
EXAMPLES = ("canfield",)
"""Solvitaire's example folders (src/test/resources/<name>) of this game's format."""


def preset(options: Mapping[str, str]) -> str | None:
    """Solvitaire's nearest preset (`--type`): fewer moves than ours (the docstring above)."""
    return "canfield-strict"


def claims(doc: Mapping[str, Any]) -> bool:
    """Whether a document is this game's shape (4 tableau piles and a reserve)."""
    piles = doc.get("tableau piles")
    return isinstance(piles, list) and len(piles) == PILES and "reserve" in doc and set(doc) <= set(KEYS)


def _runs(layout: Mapping[str, Any]) -> list[list[int]]:
    """The layout's foundations in suit order S H D C (the base card's suit need not be first)."""
    return sorted((list(f) for f in layout["foundation"] if f), key=lambda f: f[0] // 13)


def to_doc(layout: Mapping[str, Any]) -> dict[str, Any]:
    """The Solvitaire document of a layout (a deal's, or a position's from `layout_of`)."""
    doc: dict[str, Any] = {
        "foundations": foundations_doc(_runs(layout)),
        "tableau piles": [[card_name(c) for c in p] for p in layout["tableau"]],
        "reserve": [card_name(c) for c in layout["reserve"][0]],
        "stock": [card_name(c) for c in layout["stock"][0]],
    }
    waste = layout.get("waste", [[]])
    if waste and waste[0]:
        doc["waste"] = [card_name(c) for c in waste[0]]
    return doc


def from_doc(doc: Mapping[str, Any]) -> Layout:
    """The layout of a Solvitaire document; BadInput for anything that is not one Canfield deck."""
    check_keys(doc, "canfield", KEYS)
    piles = [[parse_card(t)[0] for t in p] for p in piles_of(doc, "canfield", "tableau piles", PILES)]
    reserve = [c for c, _ in cards_of(doc, "reserve", "canfield")]
    stock = [c for c, _ in cards_of(doc, "stock", "canfield")]
    waste = [c for c, _ in cards_of(doc, "waste", "canfield")]
    runs = [f for f in foundation_runs(doc, "canfield") if f]
    if not runs:
        raise BadInput("a canfield position needs its base card in \"foundations\" (its rank is the base rank)")
    check_deck([c for p in piles for c in p] + reserve + stock + waste + [c for f in runs for c in f])
    base = runs[0][0] % 13
    for f in runs:
        s = f[0] // 13
        if f != [s * 13 + (base + i) % 13 for i in range(len(f))]:
            raise BadInput("each suit's foundation cards must come from the base rank up, in order")
    if reserve and any(not p for p in piles):
        raise BadInput("a canfield space is filled from the reserve at once; accepted: no empty pile while the reserve holds cards")
    layout: Layout = {"reserve": [reserve], "foundation": runs, "tableau": piles, "stock": [stock]}
    if waste:
        layout["waste"] = [waste]
    return layout


def layout_of(state: Any) -> Layout:
    """The layout of a referee position (rules.State), for the solver."""
    runs = [[s * 13 + (state.base + i) % 13 for i in range(n)] for s, n in enumerate(state.found) if n]
    return {
        "reserve": [list(state.reserve)],
        "foundation": runs,
        "tableau": [list(p) for p in state.tableau],
        "stock": [list(state.stock)],
        "waste": [list(state.waste)],
    }
