"""Spider in Solvitaire's JSON format: a hand-made document in its exact shape, in and out.

What a bug would break: face-down cards not in lower case, the stock turned round (a deal takes
its last ten, the last to pile 1), a run gone off lost or written as Solvitaire cannot hold it.
"""

from __future__ import annotations

import json

import pytest

import engine
from engine.gamekit import solvitaire as kit

# Deal SOL1-spider-suits=1-N1 after its won line's first 51 moves: one run off, 30 cards in the stock.
IN_PLAY = """{
  "tableau piles": [
    ["3s", "5s", "Ks", "6S"],
    ["Qs", "As", "Qs", "10s", "JS", "10S"],
    ["8s", "JS", "10S"],
    ["As", "6s", "Ks", "8S", "7S", "6S", "5S", "4S", "3S", "2S"],
    ["Js", "9s", "4S"],
    ["KS"],
    ["3S", "2S"],
    ["KS", "QS", "JS", "10S"],
    ["7S", "6S", "5S", "4S", "3S", "2S", "AS"],
    ["8s", "7s", "QS", "JS", "10S", "9S", "7S", "6S", "5S", "4S", "3S", "2S", "AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S"]
  ],
  "stock": ["2S", "7S", "QS", "4S", "KS", "4S", "AS", "2S", "9S", "8S", "7S", "5S", "KS", "10S", "4S", "AS", "QS", "8S", "8S", "5S", "3S", "9S", "9S", "AS", "JS", "5S", "6S", "2S", "9S", "3S"],
  "foundations": ["KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "AS"]
}
"""
FMT = engine.game("spider").solvitaire
CODE = "SOL1-spider-suits=1-N1"


def test_a_position_in_play_reads_into_the_layout() -> None:
    doc = json.loads(IN_PLAY)
    assert kit.check_doc(doc) == []
    pos = engine.read_position(IN_PLAY)
    assert pos.board == "spider-1"  # one suit in the cards
    assert pos.layout["down"] == [[3, 4, 1, 3, 2, 0, 0, 0, 0, 2]]
    assert pos.layout["off"] == [[0]]
    assert pos.layout["stock"][0][-1] == engine.parse_card("3S")
    assert engine.solve_position(pos, 100_000).verdict == "won"


def test_the_same_position_is_written_back_exactly() -> None:
    line = engine.solve(CODE, 100_000).line
    assert engine.position_after(CODE, line[:51]) == IN_PLAY
    assert FMT.to_doc(FMT.from_doc(json.loads(IN_PLAY))) == json.loads(IN_PLAY)


def test_two_runs_of_a_suit_off_are_refused_not_written_wrong() -> None:
    layout = FMT.from_doc(json.loads(IN_PLAY))
    layout["off"] = [[0, 0]]
    with pytest.raises(engine.BadInput, match="two runs"):
        FMT.to_doc(layout)


def test_the_board_comes_from_the_suits_in_the_cards() -> None:
    for board in ("spider-1", "spider-2", "spider-4"):
        assert engine.read_position(engine.position_json(engine.board_code(board, 7))).board == board
