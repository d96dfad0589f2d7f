"""La Belle Lucie: its layout from the shuffled order (counts, positions, face-down cards, stock order)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from engine import BadInput, dealer, method
from engine.games import labellelucie

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/: the shared helpers
from deal_helpers import ORDER, lay_out  # noqa: E402


def test_labellelucie() -> None:
    t = lay_out("labellelucie", {}, ORDER)["tableau"]
    assert [len(f) for f in t] == [3] * 17 + [1]
    assert [f[0] for f in t] == ORDER[0:18]  # the first row reaches all 18 fans
    assert t[0] == [ORDER[0], ORDER[18], ORDER[35]] and t[17] == [ORDER[17]]
    assert sorted(c for f in t for c in f) == ORDER


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
