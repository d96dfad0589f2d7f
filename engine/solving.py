"""The solve path: task(code) -> SolveTask -> solve(task) -> SolveResult.

`task` is the one place a solve's limits are checked and their defaults looked up: it deals the code
once (or takes a Deal already dealt: `redeal` of a stored order, the batch path), finds its board
and the board's budget, and checks the budget and the memory cap (BadInput, one line). `solve`
searches the task's deal with the native solver (engine/native.py, GIL released) and hands back the
deal it solved with the result, so nothing downstream deals it again (`replay(result.deal, line)`).

Generic over games: the game's rules turn its options into solver ints (`native_options`), and the
deal's seed crosses as `seed=` (the redealing games shuffle their redeals with it). The budget counts
positions, so the verdict, node count and line are the same on every machine; only `seconds` (wall
time, recorded for reports), `cpu_seconds` and `search_cpu_seconds` vary.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Literal

from engine import native
from engine.boards import board_for
from engine.dealer import Deal, deal
from engine.errors import BadInput
from engine.games import BOARDS, GAMES, Board, game as game_of

ENGINE_VERSION = "0.1.0"
"""The Python engine's version; `engine_version()` adds the native module's."""

Verdict = Literal["won", "lost", "unknown"]
Reason = Literal["", "nodes", "memory"]

DEFAULT_MAX_MB = 1024
"""Memory cap of one solve when none is given: 1 GiB of what its searches allocate (seen sets, node
stores, lists; counted by the native meter from their sizes, so deterministic: docs/solver.md, "The
memory cap"). A search that reaches it ends `unknown` with reason `memory`."""
MAX_BUDGET = 10**12
"""The largest budget accepted, in positions (far beyond any search that ends; the tables hold int64)."""
MAX_MB = 1 << 20
"""The largest memory cap accepted, in MiB (1 TiB)."""


def _shown(value: object) -> str:
    """A value for a one-line message: a huge number cut to its first digits."""
    text = repr(value)
    return text if len(text) <= 24 else f"{text[:20]}... ({len(text)} characters)"


def check_limits(budget: object, max_mb: object) -> tuple[int, int]:
    """(budget, max_mb) when both are whole numbers in range: the budget 1..MAX_BUDGET positions,
    the memory cap 1..MAX_MB MiB; else BadInput naming the bad one and what is accepted. The one
    check of a solve's limits (through `limits`, and on a SolveTask's construction)."""
    if isinstance(budget, bool) or not isinstance(budget, int) or not 1 <= budget <= MAX_BUDGET:
        raise BadInput(f"bad node budget {_shown(budget)}; accepted: a whole number of positions 1..{MAX_BUDGET:,}")
    if isinstance(max_mb, bool) or not isinstance(max_mb, int) or not 1 <= max_mb <= MAX_MB:
        raise BadInput(f"bad memory cap {_shown(max_mb)}; accepted: a whole number of MiB 1..{MAX_MB:,}")
    return budget, max_mb


def limits(b: Board, budget: int | None, max_mb: int | None) -> tuple[int, int]:
    """A solve's (budget, max_mb) on board `b`: the defaults looked up (the board's budget,
    DEFAULT_MAX_MB) where none is given, then checked (check_limits). The one place both happen:
    task() and the positions' solves (engine/positions.py) call it."""
    return check_limits(b.budget if budget is None else budget, DEFAULT_MAX_MB if max_mb is None else max_mb)


def require_solvable(game: str) -> None:
    """BadInput unless the native engine has a solver for `game`, naming the games it has."""
    if not solvable(game):
        raise BadInput(f"no solver for game {game!r}; solvable games: {', '.join(solvable_games()) or 'none yet'}")


@dataclass(frozen=True)
class SolveTask:
    """One solve, resolved and checked: the deal (dealt once), its board (None for a derived board,
    e.g. other options than any listed board's), the budget in positions and the memory cap in MiB.
    Made by `task()`; a task built by hand is checked the same on construction."""

    deal: Deal
    board: str | None
    budget: int
    max_mb: int

    def __post_init__(self) -> None:
        check_limits(self.budget, self.max_mb)

    @property
    def code(self) -> str:
        """The deal's canonical code."""
        return self.deal.code


def task(code: str | Deal, budget: int | None = None, max_mb: int | None = None) -> SolveTask:
    """The checked task of solving `code` (a code's text, dealt here once, or a Deal already dealt):
    `budget` positions at most (default: its board's budget), `max_mb` MiB of search memory
    (default DEFAULT_MAX_MB). BadInput, one line, for a bad code, a game without a solver, or a
    budget or cap that is not a whole number in range."""
    dealt = deal(code) if isinstance(code, str) else code
    if not isinstance(dealt, Deal):
        raise BadInput(f"a solve takes a deal code or a Deal, got {type(code).__name__}")
    require_solvable(dealt.game)
    b = board_for(dealt)
    budget, max_mb = limits(b, budget, max_mb)
    return SolveTask(dealt, b.id if b.id in BOARDS else None, budget, max_mb)


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
    """This thread's CPU seconds for the whole native call, timed from Python (no dealing; load
    moves it less than `seconds`): the arguments' conversion, the position built from the layout,
    the search, the line's Python list and the drop included."""
    search_cpu_seconds: float = field(default=0.0, compare=False)
    """This thread's CPU seconds in the search alone, timed in Rust (`Outcome.search_cpu_seconds`:
    from the position built to the search's outcome, before any Python object is made): the span a
    peer's driver times around its solve call (bench/games/klondike). Recorded, never compared."""
    deal: Deal | None = field(default=None, compare=False, repr=False)
    """The deal searched (None for a position, engine.solve_position): what the caller stores and
    replays (`replay(result.deal, line)`), never dealt again."""


def solvable(game: str) -> bool:
    """Whether the native engine has a solver for `game`."""
    return native.solvable(game)


def solvable_games() -> list[str]:
    """The games the native engine can solve, in the registry's order."""
    built = set(native.games())
    return [g for g in GAMES if g in built]


def solvable_boards() -> list[str]:
    """The boards of the games the native engine can solve, in the registry's order."""
    return [b.id for b in BOARDS.values() if solvable(b.game)]


def engine_version() -> str:
    """The engine's version with the native module's and the digest of its source: what every table
    row, part and export records. The digest changes with any change to the solver's code, so rows
    from another build are told apart (their node counts and lines may differ)."""
    return f"{ENGINE_VERSION}+native{native.version()}"


def solve(task_or_code: SolveTask | str, budget: int | None = None, max_mb: int | None = None) -> SolveResult:
    """Search a task's deal within its budget and memory cap. A code is made a task first
    (`task(code, budget, max_mb)`: its defaults and checks); a task carries its own limits, so
    giving `budget` or `max_mb` with one is BadInput. The result carries the deal it searched."""
    if isinstance(task_or_code, SolveTask):
        if budget is not None or max_mb is not None:
            raise BadInput("a SolveTask carries its budget and memory cap; accepted: solve(task) or solve(code, budget, max_mb)")
        t = task_or_code
    else:
        t = task(task_or_code, budget, max_mb)
    d = t.deal
    options = game_of(d.game).native_options(d.options)
    start, cpu = time.perf_counter(), time.thread_time()
    try:
        out = native.solve(d.game, d.layout, options, budget=t.budget, max_bytes=t.max_mb << 20, seed=d.seed)
    except ValueError as e:  # the native side refused the position
        raise BadInput(f"{d.code}: the solver refused the position: {e}") from None
    seconds, cpu = time.perf_counter() - start, time.thread_time() - cpu
    return SolveResult(
        code=d.code,
        board=t.board,
        verdict=out.verdict,
        nodes=out.nodes,
        budget=t.budget,
        line=out.line,
        reason=out.reason,
        seconds=seconds,
        cpu_seconds=cpu,
        search_cpu_seconds=out.search_cpu_seconds,
        deal=d,
    )
