"""The native engine (Rust, engine/native/): the solver, random play for the differential tests,
and a second implementation of the published shuffle. Checked against the built module by
`python -m mypy.stubtest engine._native` in `make test`."""

from typing import Literal

__all__ = ["deal_positions", "solve", "solvable", "games", "walk", "_klondike_reconcretize", "_position", "VERSION", "SOURCE"]

_Verdict = Literal["won", "lost", "unknown"]
_Reason = Literal["", "nodes", "memory"]
_Layout = dict[str, list[list[int]]]
"""Named groups of card lists, each bottom first (the game's `lay_out`)."""
_NativeOptions = dict[str, int]
"""The code's solving options as whole numbers (the game's rules' `native_options`)."""
_Solved = tuple[_Verdict, int, list[str], _Reason]
"""(verdict, nodes searched, the winning line or [], why unknown or '')."""
_Walk = list[tuple[list[str], list[str]]]
"""[(the line so far, every legal single move there, sorted)]."""

VERSION: str
SOURCE: str  # digest of the crate's source files (build.rs)

def deal_positions(seed: bytes, size: int) -> list[int]:
    """Fisher-Yates positions for a 64-byte seed: order[k] is the fresh-deck position dealt k-th."""

def solve(game: str, layout: _Layout, options: _NativeOptions, budget: int, max_bytes: int) -> _Solved:
    """Search a laid-out deal with at most `budget` positions and `max_bytes` of keys; GIL released."""

def solvable(game: str) -> bool:
    """Whether a solver for `game` is built."""

def games() -> list[str]:
    """The games a solver is built for, in the crate's registration order."""

def walk(game: str, layout: _Layout, options: _NativeOptions, seed: int, steps: int) -> _Walk:
    """Random play for differential tests: [(line so far, sorted legal single moves there)]."""

def _klondike_reconcretize(layout: _Layout, options: _NativeOptions, line: list[str]) -> list[str] | None:
    """Test hook: a Klondike line taken to its abstract line and concretized back (None if not)."""

def _position(game: str, layout: _Layout, options: _NativeOptions, line: list[str]) -> list[list[int]]:
    """Test hook: the piles the solver holds after playing `line` (redeals too), for the games with
    one (La Belle Lucie's fans bottom first, Gaps' rows with -1 a gap)."""
