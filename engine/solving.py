"""solve(code) -> SolveResult: deal a code and search it with the native solver.

Generic over games: any game the native engine can solve is dealt by engine.dealer, its options
turned into solver ints by its rules' `native_options`, and searched by `engine._native.solve`
(GIL released). The budget counts positions, so the verdict, node count and line are the same on
every machine; only `seconds` (wall time, recorded for reports) and `cpu_seconds` vary.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Literal

from engine.boards import board_for
from engine.dealer import deal
from engine.errors import BadInput
from engine.games import BOARDS, GAMES, Layout, game as game_of

ENGINE_VERSION = "0.1.0"
"""The Python engine's version; `engine_version()` adds the native module's."""

Verdict = Literal["won", "lost", "unknown"]
Reason = Literal["", "nodes", "memory"]

DEFAULT_MAX_MB = 1024
"""Memory cap of one solve when none is given: 1 GiB of what its searches allocate (seen sets, node
stores, lists; counted by the native meter from their sizes, so deterministic: docs/solver.md, "The
memory cap"). A search that reaches it ends `unknown` with reason `memory`."""


@dataclass(frozen=True)
class SolveResult:
    """One search: `budget` positions allowed, `nodes` positions searched. `line` is the winning
    line (empty unless won); `reason` says why a verdict is unknown ('nodes': the budget ran out,
    'memory': the memory cap did), '' otherwise."""

    code: str
    board: str | None
    verdict: Verdict
    nodes: int
    budget: int
    line: list[str] = field(default_factory=list)
    reason: Reason = ""
    seconds: float = field(default=0.0, compare=False)
    cpu_seconds: float = field(default=0.0, compare=False)
    """This thread's CPU seconds in the native call alone (no dealing; load moves it less than
    `seconds`): what a peer's timed library call is set beside (bench/klondike.py)."""


def _native():  # type: ignore[no-untyped-def]
    from engine import _native

    return _native


def native_layout(layout: Layout) -> Layout:
    """The layout as the native side takes it: without the `seed` group, whose bytes cross as
    `seed=` (the referee still reads the group)."""
    return {k: v for k, v in layout.items() if k != "seed"} if "seed" in layout else layout


def solvable(game: str) -> bool:
    """Whether the native engine has a solver for `game`."""
    return bool(_native().solvable(game))


def solvable_games() -> list[str]:
    """The games the native engine can solve, in the registry's order."""
    built = set(_native().games())
    return [g for g in GAMES if g in built]


def solvable_boards() -> list[str]:
    """The boards of the games the native engine can solve, in the registry's order."""
    return [b.id for b in BOARDS.values() if solvable(b.game)]


def engine_version() -> str:
    """The engine's version with the native module's and the digest of its source: what every table
    row, part and export records. The digest changes with any change to the solver's code, so rows
    from another build are told apart (their node counts and lines may differ)."""
    n = _native()
    return f"{ENGINE_VERSION}+native{n.VERSION}.{n.SOURCE}"


def _whole(value: object, what: str, unit: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise BadInput(f"bad {what} {value!r}; accepted: a whole number of {unit} >= 1")
    return value


def solve(code: str, budget: int | None = None, max_mb: int | None = None) -> SolveResult:
    """Search the deal of `code` with at most `budget` positions (default: its board's budget) and
    `max_mb` MiB of search memory (default DEFAULT_MAX_MB). BadInput for a bad code, a game without a
    solver, or a bad budget or cap."""
    dealt = deal(code)
    if not solvable(dealt.game):
        raise BadInput(f"no solver for game {dealt.game!r}; solvable games: {', '.join(solvable_games()) or 'none yet'}")
    b = board_for(dealt.code)
    budget = _whole(b.budget if budget is None else budget, "node budget", "positions")
    cap = _whole(DEFAULT_MAX_MB if max_mb is None else max_mb, "memory cap", "MiB")
    options = game_of(dealt.game).native_options(dealt.options)
    native_solve = _native().solve  # found before the clocks start: they time the call alone
    start, cpu = time.perf_counter(), time.thread_time()
    layout = native_layout(dealt.layout)
    try:
        out = native_solve(dealt.game, layout, options, budget=budget, max_bytes=cap << 20, seed=dealt.seed)
    except ValueError as e:  # the native side refused the position
        raise BadInput(f"{dealt.code}: the solver refused the position: {e}") from None
    seconds, cpu = time.perf_counter() - start, time.thread_time() - cpu
    return SolveResult(
        code=dealt.code,
        board=b.id if b.id in BOARDS else None,
        verdict=out.verdict,
        nodes=out.nodes,
        budget=budget,
        line=out.line,
        reason=out.reason,
        seconds=seconds,
        cpu_seconds=cpu,
    )
