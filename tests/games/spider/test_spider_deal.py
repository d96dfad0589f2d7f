"""Spider's deal: its three two-deck packs and their deal keys (in engine/deal.py, the published
method, and in the registry), its codes and boards, its layout from the shuffled order (counts,
positions, face-down cards, stock order), and a long line's crossing back from the native solver."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import engine
from engine import BadInput, cards, codes, dealer, games, method

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/: the shared helpers
from deal_helpers import all_cards  # noqa: E402


def test_fresh_decks() -> None:
    one = list(range(52))
    assert method.fresh_deck("spider", {"suits": "4"}) == one + one
    assert method.fresh_deck("spider", {"suits": "1"}) == list(range(13)) * 8
    two = method.fresh_deck("spider", {"suits": "2"})
    runs = [two[i : i + 13] for i in range(0, 104, 13)]
    assert runs == [list(range(13)), list(range(13, 26))] * 4
    with pytest.raises(ValueError):
        method.fresh_deck("spider", {"suits": "3"})


@pytest.mark.parametrize(
    "suits,counts",
    [("1", {c: 8 for c in range(13)}), ("2", {c: 4 for c in range(26)}), ("4", {c: 2 for c in range(52)})],
)
def test_two_deck_multisets(suits: str, counts: dict[int, int]) -> None:
    for n in (1, 2, 3, 500_000, 1_000_000):
        d = dealer.deal(f"SOL1-spider-suits={suits}-N{n}")
        assert len(d.order) == 104 and Counter(d.order) == Counter(counts)


def test_deal_keys() -> None:
    assert [method.deal_key("spider", {"suits": s}) for s in "124"] == ["spider-1", "spider-2", "spider-4"]
    seeds = {dealer.deal(f"SOL1-spider-suits={s}-N7").seed for s in "124"}
    assert len(seeds) == 3


def test_the_methods_suits_are_the_registrys() -> None:
    spider = games.GAMES["spider"].option("suits")
    assert (spider.values, spider.default) == (method.SPIDER_SUITS, method.SPIDER_DEFAULT_SUITS)
    assert games.game("spider").deck_size == len(games.game("spider").deck(games.game("spider").defaults())) == 104


def test_native_deal_matches_python() -> None:
    for code in ("SOL1-spider-suits=1-N3", "SOL1-spider-suits=2-N3", "SOL1-spider-N9"):
        assert dealer.native_order(code) == dealer.deal(code).order


def test_deal_py_runs_alone_with_suits(tmp_path: Path) -> None:
    shutil.copy(Path(method.__file__), tmp_path / "deal.py")

    def run(*args: str) -> str:
        return subprocess.run([sys.executable, "-I", "deal.py", *args], cwd=tmp_path, capture_output=True,
                              text=True, timeout=60).stdout  # fmt: skip

    spider = cards.names(dealer.deal("SOL1-spider-suits=2-N3").order)
    assert run("spider", "3", "--suits", "2") == spider + "\n"
    assert run("--code", "SOL1-spider-suits=2-N3") == spider + "\n"


def test_codes_and_boards() -> None:
    assert codes.canonical("SOL1-spider-N5") == "SOL1-spider-suits=4-N5"
    assert engine.board_code(engine.board("spider-2"), 5) == "SOL1-spider-suits=2-N5"
    with pytest.raises(BadInput, match=re.escape("accepted: suits=1|2|4")):
        codes.parse("SOL1-spider-suits=3-N5")


@pytest.mark.parametrize("suits", ["1", "2", "4"])
def test_spider(suits: str) -> None:
    d = dealer.deal(f"SOL1-spider-suits={suits}-N31")
    t = d.layout["tableau"]
    assert [len(c) for c in t] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    for c in range(10):
        assert t[c] == d.order[c:54:10]  # row by row across the ten columns
    assert d.layout["down"] == [[5, 5, 5, 5, 4, 4, 4, 4, 4, 4]]  # only each column's top is up
    assert d.layout["stock"] == [d.order[54:104]]
    assert Counter(all_cards(d.layout)) == Counter(d.order)


def test_a_line_with_more_distinct_tokens_than_the_table_keeps_replays() -> None:
    """The native solve's crossing back (tests/test_native_crossing.py): spider-1 deal 13's line has
    more than 64 distinct tokens of at most 7 bytes, so the ones past the table's room take the
    path that makes each anew; a token made wrong, or a slot left empty, breaks the replay."""
    code = engine.board_code("spider-1", 13)
    r = engine.solve(code)
    assert r.verdict == "won" and all(type(t) is str for t in r.line)
    assert engine.replay(code, r.line).ok
    again = engine.solve(code)
    assert again.line == r.line and again.nodes == r.nodes
    assert len({t for t in r.line if 1 <= len(t) <= 7}) > 64
