"""FreeCell: its layout from the shuffled order (counts, positions, face-down cards, stock order)."""

from __future__ import annotations

import sys
from pathlib import Path

from engine import cards, dealer

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/: the shared helpers
from deal_helpers import ORDER, lay_out  # noqa: E402


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
