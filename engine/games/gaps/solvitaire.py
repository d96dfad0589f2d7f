"""Gaps in Solvitaire's JSON format (a deal or a position in play), and a referee position back as
a layout.

Solvitaire's format for its Gaps games (engine/gamekit/solvitaire.py; its deal parser, state printer
and gaps examples): one key, "sequences", four rows, each left to right, with "" for a gap (its
parser also reads "AS" as a gap: its placeholder card). The aces are out of play, so a deal's four
aces are its four gaps. That is this game's layout (README.md, Layout) but for which ace stood in
which gap, which the rules' first step forgets: read back, the aces fill the gaps in the order
S H D C, and the position is the same. The format has no seed and no count of redeals used.

Rules: Solvitaire's `gaps-one-deal` is this game without redeals (a gap at a row's left end takes
any 2, nothing goes after a king or a gap, won with each row 2..K of one suit, its source
game_state.legal_moves.cpp and is_solved). So a deal it wins we win too (no redeal needed); ours may
win more with its two redeals. A position read from a document has no seed, so `dealpool solve
--position` refuses it (one line): its redeals would shuffle with the deal's seed.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.cards import check_deck
from engine.errors import BadInput
from engine.gamekit.base import Layout
from engine.gamekit.solvitaire import card_name, check_keys, parse_card, piles_of

ROWS, PLACES = 4, 13
ACES = (0, 13, 26, 39)
KEYS = ("sequences",)
FORM = "4 \"sequences\" of 13 (\"\" for a gap)"
EXAMPLES = ("gaps",)
"""Solvitaire's example folders (src/test/resources/<name>) of this game's format."""


def preset(options: Mapping[str, str]) -> str | None:
    """Solvitaire's preset (`--type`): ours without the redeals."""
    return "gaps-one-deal"


def claims(doc: Mapping[str, Any]) -> bool:
    """Whether a document is this game's shape (its one key, "sequences")."""
    return isinstance(doc.get("sequences"), list) and set(doc) <= set(KEYS)


def to_doc(layout: Mapping[str, Any]) -> dict[str, Any]:
    """The Solvitaire document of a layout (a deal's, or a position's from `layout_of`)."""
    return {"sequences": [["" if c % 13 == 0 else card_name(c) for c in row] for row in layout["rows"]]}


def from_doc(doc: Mapping[str, Any]) -> Layout:
    """The layout of a Solvitaire document; BadInput for anything that is not the 48 cards 2..K
    and four gaps in four rows of 13."""
    check_keys(doc, "gaps", KEYS)
    rows_in = piles_of(doc, "gaps", "sequences", ROWS)
    if any(len(r) != PLACES for r in rows_in):
        raise BadInput(f"gaps \"sequences\" must be {ROWS} rows of {PLACES} places (\"\" for a gap)")
    aces = iter(ACES)
    rows: list[list[int]] = []
    for r in rows_in:
        row = []
        for t in r:
            c = -1 if t == "" or t == "AS" else parse_card(t)[0]
            if c >= 0 and c % 13 == 0:
                raise BadInput(f"{t!r}: the aces are out of play in gaps; accepted: \"\" for a gap")
            if c < 0:
                c = next(aces, -1)
                if c < 0:
                    raise BadInput(f"more than {len(ACES)} gaps; accepted: the 48 cards 2..K and four gaps")
            row.append(c)
        rows.append(row)
    check_deck([c for row in rows for c in row])
    return {"rows": rows}


def layout_of(state: Any) -> Layout:
    """The layout of a referee position (rules.State): its gaps hold the aces again, S H D C."""
    aces = iter(ACES)
    return {"rows": [[next(aces) if c < 0 else c for c in row] for row in state.rows]}
