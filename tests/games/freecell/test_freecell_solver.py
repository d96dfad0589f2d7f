"""The native FreeCell solver: lines replay in the referee, deals from N, S and C codes. Its pinned
fixtures are checked by tests/test_golden.py.
"""

from __future__ import annotations

import pytest

from engine import codes, native
from engine.dealer import deal
from engine import replay
from engine.games.freecell import rules as R

MAX_BYTES = 2 << 30


def solve(code: str, budget: int) -> tuple[str, int, list[str]]:
    d = deal(code)
    out = native.solve("freecell", d.layout, R.native_options(d.options), budget=budget, max_bytes=MAX_BYTES)
    return out.verdict, out.nodes, out.line


def test_solver_is_built() -> None:
    assert native.solvable("freecell")


@pytest.mark.parametrize("start", [1, 5001, 20001])
def test_won_lines_replay_in_the_referee(start: int) -> None:
    for number in range(start, start + 60):
        code = f"SOL1-freecell-cells=4-C{number}"
        verdict, _, line = solve(code, 300_000)
        assert verdict in ("won", "unknown")
        if verdict == "won":
            rep = replay(code, line)
            assert rep.ok, (code, rep)


SEEDED = codes.format(codes.DealCode.from_seed("freecell", {"cells": "4"}, bytes(range(64))))


@pytest.mark.parametrize("code", ["SOL1-freecell-cells=4-N1", "SOL1-freecell-cells=3-N77", SEEDED])
def test_numbered_and_seeded_codes(code: str) -> None:
    verdict, _, line = solve(code, 500_000)
    assert verdict == "won"
    assert replay(code, line).ok


def test_fewer_cells_never_win_more() -> None:
    # a win with k cells is a win with k+1; a loss with k+1 cells is a loss with k
    for number in (1, 2, 3):
        verdicts = [solve(f"SOL1-freecell-cells={k}-C{number}", 400_000)[0] for k in (1, 2, 3, 4)]
        for a, b in zip(verdicts, verdicts[1:]):
            assert not (a == "won" and b == "lost"), (number, verdicts)


def test_budget_gives_unknown_and_is_deterministic() -> None:
    assert solve("SOL1-freecell-cells=4-C11982", 5_000)[0] == "unknown"
    assert solve("SOL1-freecell-cells=4-C617", 100_000) == solve("SOL1-freecell-cells=4-C617", 100_000)

