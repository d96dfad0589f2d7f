"""What every game's layout shares: rows dealt across, the whole deck laid out, clean errors. Each
game's own layout (counts, positions, face-down cards, stock order): tests/games/<game>/."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

from engine import GAMES, BadInput, DealCode, dealer, format_code
from engine.gamekit.base import deal_rows

sys.path.insert(0, str(Path(__file__).resolve().parent))
from deal_helpers import ORDER, all_cards, lay_out  # noqa: E402

EXAMPLE = next(iter(GAMES))  # the registry's first game, for what any game shows


def test_deal_rows_goes_across_a_row_at_a_time() -> None:
    assert deal_rows(range(6), [1, 2, 3]) == [[0], [1, 3], [2, 4, 5]]
    assert deal_rows(range(5), [3, 2]) == [[0, 2, 4], [1, 3]]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_dealt_layout_holds_the_deck(game_id: str) -> None:
    d = dealer.deal(format_code(DealCode.numbered(game_id, {}, 9)))
    assert Counter(all_cards(d.layout)) == Counter(d.order)  # cards only: a redealing game's seed is Deal.seed
    assert d.layout == lay_out(d.game, d.options, d.order)
    assert d.seed is not None and len(d.seed) == 64


def test_layout_errors() -> None:
    g = GAMES[EXAMPLE]
    with pytest.raises(BadInput, match=f"deals {g.deck_size} cards"):
        lay_out(EXAMPLE, {}, list(range(g.deck_size - 1)))
    with pytest.raises(BadInput, match=f"accepted: {EXAMPLE}"):
        lay_out("hearts", {}, ORDER)
