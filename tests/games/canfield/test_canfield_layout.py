"""Canfield: its layout from the shuffled order (counts, positions, face-down cards, stock order)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/: the shared helpers
from deal_helpers import ORDER, all_cards, lay_out  # noqa: E402


def test_canfield() -> None:
    lay = lay_out("canfield", {}, ORDER)
    assert lay["reserve"] == [ORDER[0:13]]  # order[12] on top
    assert lay["foundation"] == [[ORDER[13]]]
    assert lay["tableau"] == [[ORDER[14]], [ORDER[15]], [ORDER[16]], [ORDER[17]]]
    assert lay["stock"] == [ORDER[18:52]]
    assert sorted(all_cards(lay)) == ORDER
