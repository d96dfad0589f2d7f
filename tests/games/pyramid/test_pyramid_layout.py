"""Pyramid: its layout from the shuffled order (counts, positions, face-down cards, stock order)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/: the shared helpers
from deal_helpers import ORDER, all_cards, lay_out  # noqa: E402


def test_pyramid() -> None:
    lay = lay_out("pyramid", {}, ORDER)
    assert [len(r) for r in lay["rows"]] == [1, 2, 3, 4, 5, 6, 7]
    assert lay["rows"][0] == [ORDER[0]] and lay["rows"][1] == ORDER[1:3] and lay["rows"][6] == ORDER[21:28]
    assert lay["stock"] == [ORDER[28:52]]
    assert sorted(all_cards(lay)) == ORDER
