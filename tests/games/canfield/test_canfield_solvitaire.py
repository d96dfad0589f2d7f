"""Canfield in Solvitaire's JSON format: a hand-made document in its exact shape, in and out.

What a bug would break: the base card lost (Solvitaire takes the base rank from "foundations"),
the reserve or stock turned round, a waste dropped, foundations as lists of lists.
"""

from __future__ import annotations

import json

import pytest

import engine
from engine.gamekit import solvitaire as kit

# Deal SOL1-canfield-N4 after its won line's first two moves: base 6, 6C put up, three cards drawn.
IN_PLAY = """{
  "foundations": ["6D", "6C"],
  "tableau piles": [
    ["AS"],
    ["7H"],
    ["3H"],
    ["9S"]
  ],
  "reserve": ["8S", "10D", "JC", "4D", "3D", "10H", "5D", "3C", "7D", "2H", "9H", "5H"],
  "stock": ["4S", "4H", "6H", "AC", "AD", "7S", "10C", "2C", "QC", "KC", "QD", "8C", "8D", "4C", "KH", "QS", "2S", "6S", "QH", "7C", "JD", "KD", "9C", "5S", "JH", "2D", "10S", "8H", "AH", "9D", "5C"],
  "waste": ["3S", "KS", "JS"]
}
"""
FMT = engine.game("canfield").solvitaire


def test_a_position_in_play_reads_into_the_layout() -> None:
    doc = json.loads(IN_PLAY)
    assert kit.check_doc(doc) == []
    pos = engine.read_position(IN_PLAY)
    assert pos.board == "canfield"
    c = engine.parse_card
    assert pos.layout["foundation"] == [[c("6D")], [c("6C")]]
    assert pos.layout["reserve"][0][-1] == c("5H")  # its top, face up
    assert pos.layout["stock"][0][-1] == c("5C")  # drawn next
    assert pos.layout["waste"] == [[c("3S"), c("KS"), c("JS")]]
    state = engine.rules_for("canfield").new_state(pos.layout, {})
    assert state.base == 5 and state.found == [0, 0, 1, 1]


def test_the_same_position_is_written_back_exactly() -> None:
    code = "SOL1-canfield-N4"
    line = engine.solve(code, 300_000).line
    assert engine.position_after(code, line[:2]) == IN_PLAY
    assert FMT.to_doc(FMT.from_doc(json.loads(IN_PLAY))) == json.loads(IN_PLAY)


def test_a_document_without_its_base_card_is_one_line() -> None:
    doc = json.loads(IN_PLAY)
    doc.pop("foundations")
    with pytest.raises(engine.BadInput, match="base card"):
        FMT.from_doc(doc)


def test_a_deals_layout_is_the_document() -> None:
    d = engine.deal(engine.board_code("canfield", 9))
    doc = engine.position_doc(d.code)
    assert doc["foundations"] == [engine.card_name(d.order[13])]
    assert [engine.parse_card(t) for t in doc["reserve"]] == d.order[0:13]
    assert [engine.parse_card(t) for t in doc["stock"]] == d.order[18:52]
    assert "waste" not in doc
