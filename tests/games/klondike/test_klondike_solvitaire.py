"""Klondike in Solvitaire's JSON format: a hand-made document in its exact shape, in and out.

What a bug would break: foundations written as lists of lists (Solvitaire's schema wants one flat
list), a face-down card not in lower case, the stock or waste turned round, a face-up card below
the top's run (Solvitaire's own deal presets give every card face up) read as playable.
"""

from __future__ import annotations

import json

import engine
from engine.gamekit import solvitaire as kit

# Deal SOL1-klondike-draw=1;passes=unlimited;scoring=standard-N1 after 27 moves of its won line.
IN_PLAY = """{
  "tableau piles": [
    ["7D"],
    ["10S"],
    ["Kh", "10d", "5S"],
    ["Qs", "3c", "7s", "5C"],
    ["8s", "3s", "Jd", "As", "8H"],
    ["Kd", "4s", "2d", "9h", "6H"],
    ["Jc", "10h", "Qd", "Js", "Jh", "10c", "KS"]
  ],
  "stock": ["9D", "AD", "3D"],
  "waste": ["KC", "9S", "9C", "4D", "2S", "5H", "7H", "6C", "8C", "8D", "7C", "5D", "6D", "6S", "QH", "4C", "QC"],
  "foundations": ["AH", "2H", "3H", "4H", "AC", "2C"]
}
"""
FMT = engine.game("klondike").solvitaire


def test_a_position_in_play_reads_into_the_layout() -> None:
    doc = json.loads(IN_PLAY)
    assert kit.check_doc(doc) == []
    pos = engine.read_position(IN_PLAY)
    assert pos.board == "klondike-1"
    lay = pos.layout
    assert lay["down"] == [[0, 0, 2, 3, 4, 4, 6]]
    assert lay["stock"] == [[engine.parse_card(c) for c in ("9D", "AD", "3D")]]  # 3D is drawn next
    assert lay["waste"][0][-1] == engine.parse_card("QC")  # the waste's top
    assert lay["foundation"] == [[], [13, 14, 15, 16], [], [39, 40]]


def test_the_same_position_is_written_back_exactly() -> None:
    assert engine.position_after("SOL1-klondike-draw=1;passes=unlimited;scoring=standard-N1",
                                 engine.solve("SOL1-klondike-draw=1;passes=unlimited;scoring=standard-N1", 300_000).line[:27]) == IN_PLAY  # fmt: skip
    assert FMT.to_doc(FMT.from_doc(json.loads(IN_PLAY))) == json.loads(IN_PLAY)


def test_face_up_cards_below_the_top_run_play_as_face_down() -> None:
    """Solvitaire's klondikeSM deal presets give every card face up (upper case)."""
    for n, down in ((3, [0, 1, 2, 3, 4, 5, 6]), (10, [0, 1, 1, 3, 4, 5, 6])):  # deal 10: pile 3's two top cards build
        doc = json.loads(engine.position_json(engine.board_code("klondike-1", n)))
        doc["tableau piles"] = [[c.upper() for c in p] for p in doc["tableau piles"]]
        assert FMT.from_doc(doc)["down"] == [down]
        assert engine.rules_for("klondike").new_state(FMT.from_doc(doc), {})  # the referee accepts it


def test_the_old_lists_of_lists_foundations_still_read() -> None:
    doc = json.loads(IN_PLAY)
    doc["foundations"] = [[], ["AH", "2H", "3H", "4H"], [], ["AC", "2C"]]
    assert FMT.from_doc(doc) == FMT.from_doc(json.loads(IN_PLAY))
