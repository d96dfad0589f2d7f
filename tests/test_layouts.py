"""Each game's layout from the shuffled order: counts, positions, face-down cards, stock order."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import BadInput, Layout, cards, dealer, game, method
from engine.games import gaps, labellelucie
from engine.games.base import deal_rows

ORDER = list(range(100, 152))  # labels, not cards: position k holds 100 + k, so positions show


def lay_out(game_id: str, options: dict[str, str], order: list[int]) -> Layout:
    return game(game_id).layout(options, order)


def _all_cards(layout: dict[str, list[list[int]]]) -> list[int]:
    return [c for g, lists in layout.items() if g != "down" for cs in lists for c in cs]


def test_deal_rows_goes_across_a_row_at_a_time() -> None:
    assert deal_rows(range(6), [1, 2, 3]) == [[0], [1, 3], [2, 4, 5]]
    assert deal_rows(range(5), [3, 2]) == [[0, 2, 4], [1, 3]]


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
    assert sorted(_all_cards(lay)) == ORDER


def test_klondike_4711_layout() -> None:
    d = dealer.deal("SOL1-klondike-draw=3-N4711")
    t = d.layout["tableau"]
    assert cards.names(t[0]) == "JS" and cards.names(t[1]) == "6H 8S"  # order[0]; order[1], order[7]
    assert cards.name(d.layout["stock"][0][-1]) == "3D" and cards.name(d.layout["stock"][0][0]) == "2D"


def test_freecell() -> None:
    t = lay_out("freecell", {"cells": "4"}, ORDER)["tableau"]
    assert [len(c) for c in t] == [7, 7, 7, 7, 6, 6, 6, 6]
    for c in range(8):
        assert t[c] == ORDER[c::8]
    assert set(lay_out("freecell", {}, ORDER)) == {"tableau"}


def test_classic_freecell_1_columns() -> None:
    """Classic deal 1 as every FreeCell program shows it (first column JD KD 2S 4C 3S 6D 6S)."""
    t = dealer.deal("SOL1-freecell-C1").layout["tableau"]
    assert cards.names(t[0], "T") == "JD KD 2S 4C 3S 6D 6S"
    assert cards.names(t[7], "T") == "5H 3H 3C 7S 7D TC"


def test_canfield() -> None:
    lay = lay_out("canfield", {}, ORDER)
    assert lay["reserve"] == [ORDER[0:13]]  # order[12] on top
    assert lay["foundation"] == [[ORDER[13]]]
    assert lay["tableau"] == [[ORDER[14]], [ORDER[15]], [ORDER[16]], [ORDER[17]]]
    assert lay["stock"] == [ORDER[18:52]]
    assert sorted(_all_cards(lay)) == ORDER


def test_tripeaks() -> None:
    lay = lay_out("tripeaks", {}, ORDER)
    assert [len(r) for r in lay["rows"]] == [3, 6, 9, 10]
    assert lay["rows"][0] == ORDER[0:3] and lay["rows"][3] == ORDER[18:28]
    assert lay["waste"] == [[ORDER[51]]]
    assert lay["stock"] == [ORDER[28:51]]  # order[50] drawn next
    assert sorted(_all_cards(lay)) == ORDER


def test_pyramid() -> None:
    lay = lay_out("pyramid", {}, ORDER)
    assert [len(r) for r in lay["rows"]] == [1, 2, 3, 4, 5, 6, 7]
    assert lay["rows"][0] == [ORDER[0]] and lay["rows"][1] == ORDER[1:3] and lay["rows"][6] == ORDER[21:28]
    assert lay["stock"] == [ORDER[28:52]]
    assert sorted(_all_cards(lay)) == ORDER


@pytest.mark.parametrize("suits", ["1", "2", "4"])
def test_spider(suits: str) -> None:
    d = dealer.deal(f"SOL1-spider-suits={suits}-N31")
    t = d.layout["tableau"]
    assert [len(c) for c in t] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    for c in range(10):
        assert t[c] == d.order[c:54:10]  # row by row across the ten columns
    assert d.layout["down"] == [[5, 5, 5, 5, 4, 4, 4, 4, 4, 4]]  # only each column's top is up
    assert d.layout["stock"] == [d.order[54:104]]
    assert Counter(_all_cards(d.layout)) == Counter(d.order)


def test_labellelucie() -> None:
    t = lay_out("labellelucie", {}, ORDER)["tableau"]
    assert [len(f) for f in t] == [3] * 17 + [1]
    assert [f[0] for f in t] == ORDER[0:18]  # the first row reaches all 18 fans
    assert t[0] == [ORDER[0], ORDER[18], ORDER[35]] and t[17] == [ORDER[17]]
    assert sorted(c for f in t for c in f) == ORDER


def test_gaps() -> None:
    rows = lay_out("gaps", {}, ORDER)["rows"]
    assert rows == [ORDER[0:13], ORDER[13:26], ORDER[26:39], ORDER[39:52]]


@pytest.mark.parametrize(
    "code", ["SOL1-klondike-N9", "SOL1-freecell-N9", "SOL1-canfield-N9", "SOL1-tripeaks-N9", "SOL1-pyramid-N9",
             "SOL1-spider-N9", "SOL1-labellelucie-N9", "SOL1-gaps-N9"],
)  # fmt: skip
def test_every_dealt_layout_holds_the_deck(code: str) -> None:
    d = dealer.deal(code)
    assert Counter(_all_cards(d.layout)) == Counter(d.order)  # cards only: a redealing game's seed is Deal.seed
    assert d.layout == lay_out(d.game, d.options, d.order)
    assert d.seed is not None and len(d.seed) == 64


def test_layout_errors() -> None:
    with pytest.raises(BadInput, match="deals 52 cards"):
        lay_out("klondike", {}, ORDER[:51])
    with pytest.raises(BadInput, match="accepted: klondike"):
        lay_out("hearts", {}, ORDER)


def test_labellelucie_redeal() -> None:
    d = dealer.deal("SOL1-labellelucie-N12")
    assert d.seed is not None
    fans = d.layout["tableau"][:]
    fans = [f for f in fans if f][2:]  # as if two fans had gone to the foundations
    new = labellelucie.redeal(d.seed, 1, fans)
    gathered = [c for f in fans for c in f]
    assert [len(f) for f in new] == [3] * 15 + [1]
    assert [c for f in new for c in f] != gathered and sorted(c for f in new for c in f) == sorted(gathered)
    shuffled = method.redeal(d.seed, 1, gathered)
    assert [f[0] for f in new] == shuffled[:16]  # dealt across the fans a row at a time
    assert labellelucie.redeal(d.seed, 2, fans) != new
    with pytest.raises(BadInput, match="accepted: 1..2"):
        labellelucie.redeal(d.seed, 3, fans)


def test_gaps_redeal() -> None:
    d = dealer.deal("SOL1-gaps-N5")
    assert d.seed is not None
    rows = gaps.remove_aces(d.layout["rows"])
    assert sum(r.count(gaps.GAP) for r in rows) == 4 and all(c % 13 for r in rows for c in r if c >= 0)
    # put a run in row 1: 2S 3S 4S, swapped in from wherever they are
    for k, want in enumerate((1, 2, 3)):
        (ri, ci) = next((i, j) for i, r in enumerate(rows) for j, c in enumerate(r) if c == want)
        rows[ri][ci], rows[0][k] = rows[0][k], rows[ri][ci]
    assert gaps.run(rows[0]) >= 3
    new = gaps.redeal(d.seed, 1, rows)
    runs = [gaps.run(r) for r in rows]
    for r, k in zip(new, runs):
        assert len(r) == 13 and r[k] == gaps.GAP and gaps.GAP not in r[k + 1 :]
    assert new[0][:3] == [1, 2, 3]
    assert sorted(c for r in new for c in r if c >= 0) == sorted(c for r in rows for c in r if c >= 0)
    gathered = [c for r, k in zip(rows, runs) for c in r[k:] if c != gaps.GAP]
    assert [c for r, k in zip(new, runs) for c in r[k + 1 :]] == method.redeal(d.seed, 1, gathered)
