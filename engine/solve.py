"""solve(code) -> SolveResult: deal a code and search it with the native solver.

Generic over games: any game the native engine reports `solvable` is dealt by engine.dealer,
its options turned into solver ints by `engine.rules.rules_for(game).native_options`, and searched
by `engine._native.solve` (GIL released). The budget counts positions, so the verdict, node count
and line are the same on every machine; only `seconds` (wall time, recorded for reports) varies.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Literal

from engine.errors import DealpoolError

Verdict = Literal["won", "lost", "unknown"]

#: Memory cap of one search when none is given: 2 GiB of stored position keys (estimated from the
#: number of keys, so deterministic). A search that reaches it ends `unknown` with reason `memory`.
DEFAULT_MAX_MB = 2048


@dataclass(frozen=True)
class SolveResult:
    """One search. `line` is the winning line (empty unless won); `reason` says why a verdict is
    unknown ('nodes': the budget ran out, 'memory': the memory cap did), '' otherwise."""

    code: str
    board: str | None
    verdict: Verdict
    nodes: int
    line: list[str] = field(default_factory=list)
    reason: str = ""
    seconds: float = field(default=0.0, compare=False)


def _native():
    from engine import _native

    return _native


def solvable(game: str) -> bool:
    """Whether the native engine has a solver for `game`."""
    return bool(_native().solvable(game))


def solve(code: str, nodes: int | None = None, max_mb: int | None = None) -> SolveResult:
    """Search the deal of `code` with at most `nodes` positions (default: its board's budget) and
    `max_mb` MiB of keys (default DEFAULT_MAX_MB). DealpoolError for a bad code, a game without a
    solver, or a bad budget."""
    from engine.dealer import deal
    from engine.games import BOARDS, board_for
    from engine.rules import rules_for

    dealt = deal(code)
    if not solvable(dealt.game):
        games = ", ".join(g for g in _games() if solvable(g)) or "none yet"
        raise DealpoolError(f"no solver for game {dealt.game!r}; solvable games: {games}")
    b = board_for(dealt.code)
    budget = b.nodes if nodes is None else nodes
    cap = DEFAULT_MAX_MB if max_mb is None else max_mb
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        raise DealpoolError(f"bad node budget {budget!r}; accepted: a whole number of positions >= 1")
    if isinstance(cap, bool) or not isinstance(cap, int) or cap < 1:
        raise DealpoolError(f"bad memory cap {cap!r} MiB; accepted: a whole number of MiB >= 1")
    options = rules_for(dealt.game).native_options(dealt.options)
    start = time.perf_counter()
    verdict, n, line, reason = _native().solve(dealt.game, dealt.layout, options, budget, cap << 20)
    seconds = time.perf_counter() - start
    return SolveResult(
        code=dealt.code,
        board=b.id if b.id in BOARDS else None,
        verdict=verdict,
        nodes=n,
        line=list(line),
        reason=reason,
        seconds=seconds,
    )


def _games() -> list[str]:
    from engine.games import GAMES

    return list(GAMES)
