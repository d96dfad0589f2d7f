"""Spider in Solvitaire's JSON format (a deal or a position in play), and a referee position back
as a layout.

Solvitaire's format for its Spider games (engine/gamekit/solvitaire.py; its deal parser and its
spider examples): "tableau piles" (ten lists, bottom first, a face-down card with its suit in lower
case), "stock" (bottom first: a deal takes its last ten, the last to pile 1, as ours does) and, in
play, "foundations" (ONE flat list: each run gone off as Solvitaire moves it, K first, A last). The
cards may be any two-deck pack: 1, 2 or 4 suits, read from the cards (`options_of`). That is this
game's layout card for card (README.md, Layout), so writing and reading are exact inverses, with one
limit: Solvitaire puts every foundation card on its suit's one foundation, so a position with two
runs of one suit gone off cannot be given to it, and writing one is refused (BadInput).

Rules: Solvitaire's `spider` preset (four suits; it has none for one or two) is not our game: it
deals from the stock onto empty columns (its stock_can_deal_all_tableau asks only for a stock),
and facts.py lists the other differences. Its verdicts are not ours to compare.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.errors import BadInput
from engine.gamekit.base import Layout
from engine.gamekit.solvitaire import card_name, cards_of, check_keys, down_pile, foundations_doc, piles_of

PILES = 10
CARDS = 104
KEYS = ("tableau piles", "stock", "foundations")
FORM = "10 \"tableau piles\" and a \"stock\""
EXAMPLES = ("spider",)
"""Solvitaire's example folders (src/test/resources/<name>) of this game's format."""


def preset(options: Mapping[str, str]) -> str | None:
    """Solvitaire's preset (`--type`) of the same cards; its rules are not ours (above)."""
    return "spider" if options.get("suits", "4") == "4" else None


def claims(doc: Mapping[str, Any]) -> bool:
    """Whether a document is this game's shape (10 tableau piles, no key of another game)."""
    piles = doc.get("tableau piles")
    return isinstance(piles, list) and len(piles) == PILES and set(doc) <= set(KEYS)


def options_of(doc: Mapping[str, Any]) -> dict[str, str]:
    """The board's options the cards tell: `suits`, how many suits they hold (1, 2 or 4)."""
    suits = set()
    for key in ("tableau piles", "stock", "foundations"):
        value = doc.get(key, [])
        for t in (t for p in value for t in (p if isinstance(p, list) else [p])) if isinstance(value, list) else ():
            if isinstance(t, str) and t:
                suits.add(t[-1].upper())
    return {"suits": str(len(suits))} if len(suits) in (1, 2, 4) else {}


def to_doc(layout: Mapping[str, Any]) -> dict[str, Any]:
    """The Solvitaire document of a layout (a deal's, or a position's from `layout_of`); BadInput
    for two runs of one suit gone off, which Solvitaire's format cannot hold."""
    down = layout["down"][0]
    doc: dict[str, Any] = {
        "tableau piles": [[card_name(c, k < down[i]) for k, c in enumerate(p)] for i, p in enumerate(layout["tableau"])],
        "stock": [card_name(c) for c in (layout.get("stock") or [[]])[0]],
    }
    off = (layout.get("off") or [[]])[0]
    if len(set(off)) != len(off):
        raise BadInput("Solvitaire's format puts a suit's cards on one foundation, and this position has two runs "
                       "of one suit off; accepted: at most one run of each suit off")  # fmt: skip
    if off:
        doc["foundations"] = foundations_doc([[s * 13 + r for r in range(12, -1, -1)] for s in off])
    return doc


def from_doc(doc: Mapping[str, Any]) -> Layout:
    """The layout of a Solvitaire document; BadInput for anything that is not a Spider position of
    104 cards (the pack itself, 1, 2 or 4 suits, is checked against the board's by the solver)."""
    check_keys(doc, "spider", KEYS)
    piles, down = [], []
    for i, p in enumerate(piles_of(doc, "spider", "tableau piles", PILES)):
        pile, n_down = down_pile(p, i)
        piles.append(pile)
        down.append(n_down)
    stock = [c for c, _ in cards_of(doc, "stock", "spider")]
    if len(stock) % PILES or len(stock) > 50:
        raise BadInput(f"the stock holds {len(stock)} cards; accepted: 0, 10, ..., 50 in spider (ten a deal)")
    gone = [c for c, _ in cards_of(doc, "foundations", "spider")]
    off = []
    for k in range(0, len(gone), 13):
        run = gone[k : k + 13]
        s = run[0] // 13
        if sorted(run) != list(range(s * 13, s * 13 + 13)):
            raise BadInput("spider \"foundations\" must be whole runs of one suit, K..A, 13 cards each")
        off.append(s)
    total = sum(map(len, piles)) + len(stock) + 13 * len(off)
    if total != CARDS:
        raise BadInput(f"the position holds {total} cards, not {CARDS}; accepted: a two-deck Spider pack")
    layout: Layout = {"tableau": piles, "down": [down], "stock": [stock]}
    if off:
        layout["off"] = [off]
    return layout


def layout_of(state: Any) -> Layout:
    """The layout of a referee position (rules.State), for the solver."""
    layout: Layout = {"tableau": [list(c) for c in state.cols], "down": [list(state.down)], "stock": [list(state.stock)]}
    if state.off:
        layout["off"] = [list(state.off)]
    return layout
