"""The native engine (Rust, engine/native/): the solver, random play for the differential tests,
and a second implementation of the published shuffle; the test hooks in `engine._native.testing`.
Checked against the built module by `python -m mypy.stubtest engine._native` in `make test`."""

from typing import Literal, final

from engine._native import testing as testing

__all__ = ["deal_positions", "solve", "solvable", "games", "walk", "Outcome", "Step", "testing", "playouts", "playout_line", "players", "VERSION", "SOURCE"]

_Verdict = Literal["won", "lost", "unknown"]
_Reason = Literal["", "nodes", "memory"]
_Layout = dict[str, list[list[int]]]
"""Named groups of card lists, each bottom first (the game's `lay_out`)."""
_NativeOptions = dict[str, int]
"""The code's rule options as whole numbers (the game's rules' `native_options`)."""
_Tuning = dict[str, int]
"""Search tuning knobs (measurement only); a knob the game does not read is refused."""

VERSION: str
SOURCE: str  # digest of the crate's source files (build.rs)

@final
class Outcome:
    """One search's outcome: a record (frozen), not a tuple."""

    @property
    def verdict(self) -> _Verdict: ...
    @property
    def nodes(self) -> int:
        """Positions searched: the count, never the budget."""
    @property
    def line(self) -> list[str]:
        """The winning line, [] unless won."""
    @property
    def reason(self) -> _Reason:
        """Why a verdict is unknown ('nodes' or 'memory'), '' otherwise."""
    @property
    def search_cpu_seconds(self) -> float:
        """This thread's CPU seconds in the search alone: from the position built to the outcome
        returned, no Python object made (recorded for benchmarks; never part of a verdict)."""

@final
class Step:
    """One step of a random walk (frozen)."""

    @property
    def line(self) -> list[str]:
        """The line so far."""
    @property
    def moves(self) -> list[str]:
        """Every legal single move there, sorted."""

def deal_positions(seed: bytes, size: int) -> list[int]:
    """Fisher-Yates positions for a 64-byte seed: order[k] is the fresh-deck position dealt k-th."""

def solve(game: str, layout: _Layout, options: _NativeOptions, *, budget: int, max_bytes: int,
          seed: bytes | None = None, tuning: _Tuning | None = None) -> Outcome:  # fmt: skip
    """Search a laid-out deal with at most `budget` positions and `max_bytes` of memory; the deal's
    `seed` for the games that redeal; GIL released. ValueError for a refused input."""

def solvable(game: str) -> bool:
    """Whether a solver for `game` is built."""

def games() -> list[str]:
    """The games a solver is built for, in the crate's registration order."""

def walk(game: str, layout: _Layout, options: _NativeOptions, *, walk_seed: int, steps: int,
         seed: bytes | None = None) -> list[Step]:  # fmt: skip
    """Random play for differential tests, `steps` moves chosen by `walk_seed`."""

def playout_line(game: str, layout: _Layout, options: _NativeOptions, *, seed: int, policy: int,
                 deal_seed: bytes | None = None) -> tuple[bool, list[str]]:  # fmt: skip
    """One visible-information playout's moves, its stream seeded `seed`."""

def playouts(game: str, layout: _Layout, options: _NativeOptions, *, base: int, policy: int, count: int,
             deal_seed: bytes | None = None) -> list[tuple[bool, int]]:  # fmt: skip
    """`count` playouts from the deal's base seed: (won, moves) each."""

def players() -> list[str]:
    """The games with a visible-information player."""
