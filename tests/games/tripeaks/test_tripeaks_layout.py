"""TriPeaks: its layout from the shuffled order (counts, positions, face-down cards, stock order)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/: the shared helpers
from deal_helpers import ORDER, all_cards, lay_out  # noqa: E402


def test_tripeaks() -> None:
    lay = lay_out("tripeaks", {}, ORDER)
    assert [len(r) for r in lay["rows"]] == [3, 6, 9, 10]
    assert lay["rows"][0] == ORDER[0:3] and lay["rows"][3] == ORDER[18:28]
    assert lay["waste"] == [[ORDER[51]]]
    assert lay["stock"] == [ORDER[28:51]]  # order[50] drawn next
    assert sorted(all_cards(lay)) == ORDER
