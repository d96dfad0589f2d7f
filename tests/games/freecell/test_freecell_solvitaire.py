"""FreeCell in Solvitaire's JSON format: a hand-made document in its exact shape, in and out.

What a bug would break: a "cells" key written (Solvitaire's schema refuses it; its "" crashes it),
foundations as lists of lists, a card in a free cell silently dropped.
"""

from __future__ import annotations

import json

import pytest

import engine
from engine.gamekit import solvitaire as kit

# Classic deal 1 with AS, 2S and AH put home by hand.
HOME = """{
  "tableau piles": [
    ["JD", "KD", "4C", "3S", "6D", "6S"],
    ["2D", "KC", "KS", "5C", "10D", "8S", "9C"],
    ["9H", "9S", "9D", "10S", "4S", "8D", "2H"],
    ["JC", "5S", "QD", "QH", "10H", "QS", "6H"],
    ["5D", "AD", "JS", "4H", "8H", "6C"],
    ["7H", "QC", "AC", "2C", "3D"],
    ["7C", "KH", "4D", "JH", "8C"],
    ["5H", "3H", "3C", "7S", "7D", "10C"]
  ],
  "foundations": ["AS", "2S", "AH"]
}
"""
FMT = engine.game("freecell").solvitaire


def test_a_position_in_play_reads_and_writes_back() -> None:
    doc = json.loads(HOME)
    assert kit.check_doc(doc) == []
    pos = engine.read_position(HOME)
    assert pos.board == "freecell" and pos.layout["foundation"] == [[0, 1], [13], [], []]
    assert "cells" not in pos.layout
    assert FMT.to_doc(pos.layout) == doc
    assert engine.solve_position(pos, 200_000).verdict in ("won", "unknown")


def test_a_card_in_a_free_cell_is_refused_not_written_wrong() -> None:
    d = engine.deal("SOL1-freecell-cells=4-C1")
    with pytest.raises(engine.BadInput, match="no free cells.*6S"):
        engine.position_after(d, ["1a"])
    with_cells = json.loads(HOME)  # what dealpool wrote before, and still reads: "cells", "" for empty
    with_cells["cells"] = [with_cells["tableau piles"][0].pop(), "", "", ""]
    layout = FMT.from_doc(with_cells)
    assert layout["cells"] == [[engine.parse_card("6S"), -1, -1, -1]]
    with pytest.raises(engine.BadInput):
        FMT.to_doc(layout)
