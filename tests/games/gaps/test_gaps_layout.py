"""Gaps: its layout from the shuffled order (counts, positions, face-down cards, stock order)."""

from __future__ import annotations

import sys
from pathlib import Path

from engine import dealer, method
from engine.games import gaps

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/: the shared helpers
from deal_helpers import ORDER, lay_out  # noqa: E402


def test_gaps() -> None:
    rows = lay_out("gaps", {}, ORDER)["rows"]
    assert rows == [ORDER[0:13], ORDER[13:26], ORDER[26:39], ORDER[39:52]]


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
