"""Klondike: its layout from the shuffled order (counts, positions, face-down cards, stock order)."""

from __future__ import annotations

import sys
from pathlib import Path

from engine import cards, dealer

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/: the shared helpers
from deal_helpers import ORDER, all_cards, lay_out  # noqa: E402


def test_klondike() -> None:
    lay = lay_out("klondike", {"draw": "3"}, ORDER)
    t = lay["tableau"]
    assert [len(p) for p in t] == [1, 2, 3, 4, 5, 6, 7]
    assert [p[0] for p in t] == ORDER[0:7]  # the first row: piles 1..7
    assert [p[1] for p in t[1:]] == ORDER[7:13]  # the next row starts from pile 2
    assert [p[2] for p in t[2:]] == ORDER[13:18]
    assert t[6] == [106, 112, 117, 121, 124, 126, 127]
    assert lay["down"] == [[0, 1, 2, 3, 4, 5, 6]]
    assert lay["stock"] == [ORDER[28:52]]  # order[28] at the bottom, order[51] drawn first
    assert sorted(all_cards(lay)) == ORDER


def test_klondike_4711_layout() -> None:
    d = dealer.deal("SOL1-klondike-draw=3-N4711")
    t = d.layout["tableau"]
    assert cards.names(t[0]) == "JS" and cards.names(t[1]) == "6H 8S"  # order[0]; order[1], order[7]
    assert cards.name(d.layout["stock"][0][-1]) == "3D" and cards.name(d.layout["stock"][0][0]) == "2D"
