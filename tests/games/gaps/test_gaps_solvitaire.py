"""Gaps in Solvitaire's JSON format: a hand-made document in its exact shape, in and out.

What a bug would break: a gap written as anything but "" (or an ace written at all), a row turned
round (its first element is the left end), a position read without its gaps; a position solved
without the seed its redeals need.
"""

from __future__ import annotations

import json

import pytest

import engine
from engine.gamekit import solvitaire as kit

# Deal SOL1-gaps-N1 after its won line's first six moves.
IN_PLAY = """{
  "sequences": [
    ["3S", "QD", "8C", "6H", "", "JD", "3H", "KS", "10D", "9D", "3C", "2C", "5D"],
    ["7S", "", "KD", "7C", "8S", "", "QH", "9C", "JH", "10C", "JC", "QC", "2S"],
    ["5C", "9S", "8D", "6D", "3D", "8H", "4C", "2D", "4S", "7D", "4H", "6C", "5H"],
    ["5S", "6S", "JS", "QS", "2H", "", "KC", "7H", "4D", "KH", "9H", "10H", "10S"]
  ]
}
"""
FMT = engine.game("gaps").solvitaire
CODE = "SOL1-gaps-N1"


def test_a_position_in_play_reads_into_the_layout() -> None:
    doc = json.loads(IN_PLAY)
    assert kit.check_doc(doc) == []
    pos = engine.read_position(IN_PLAY)
    assert pos.board == "gaps"
    rows = pos.layout["rows"]
    assert rows[0][0] == engine.parse_card("3S") and rows[3][12] == engine.parse_card("10S")
    assert [rows[0][4], rows[1][1], rows[1][5], rows[3][5]] == [0, 13, 26, 39]  # the gaps hold the aces, S H D C
    state = engine.rules_for("gaps").new_state(pos.layout, {}, seed=engine.deal(CODE).seed)
    assert sum(c < 0 for r in state.rows for c in r) == 4


def test_the_same_position_is_written_back_exactly() -> None:
    line = engine.solve(CODE).line
    assert engine.position_after(CODE, line[:6]) == IN_PLAY
    assert FMT.to_doc(FMT.from_doc(json.loads(IN_PLAY))) == json.loads(IN_PLAY)


def test_a_position_has_no_seed_for_the_redeals() -> None:
    with pytest.raises(engine.BadInput, match="seed"):
        engine.solve_position(engine.read_position(IN_PLAY))


def test_bad_gaps_documents_are_one_line() -> None:
    doc = json.loads(IN_PLAY)
    doc["sequences"][0][0] = "AH"
    with pytest.raises(engine.BadInput, match="aces are out of play"):
        FMT.from_doc(doc)
    doc = json.loads(IN_PLAY)
    doc["sequences"][0][0] = ""
    with pytest.raises(engine.BadInput):
        FMT.from_doc(doc)
