"""The native engine (Rust, engine/native/): the solver, random play for the differential tests,
and a second implementation of the published shuffle. Checked against the built module by
`python -m mypy.stubtest engine._native` in `make test`."""

from typing import Literal

Verdict = Literal["won", "lost", "unknown"]
Reason = Literal["", "nodes", "memory"]
Layout = dict[str, list[list[int]]]
"""Named groups of card lists, each bottom first (the game's `lay_out`)."""
NativeOptions = dict[str, int]
"""The code's solving options as whole numbers (the game's rules' `native_options`)."""
Solved = tuple[Verdict, int, list[str], Reason]
"""(verdict, nodes searched, the winning line or [], why unknown or '')."""
Walk = list[tuple[list[str], list[str]]]
"""[(the line so far, every legal single move there, sorted)]."""

VERSION: str

def deal_positions(seed: bytes, size: int) -> list[int]:
    """Fisher-Yates positions for a 64-byte seed: order[k] is the fresh-deck position dealt k-th."""

def solve(game: str, layout: Layout, options: NativeOptions, budget: int, max_bytes: int) -> Solved:
    """Search a laid-out deal with at most `budget` positions and `max_bytes` of keys; GIL released."""

def solvable(game: str) -> bool:
    """Whether a solver for `game` is built."""

def games() -> list[str]:
    """The games a solver is built for, in the crate's registration order."""

def walk(game: str, layout: Layout, options: NativeOptions, seed: int, steps: int) -> Walk:
    """Random play for differential tests: [(line so far, sorted legal single moves there)]."""

def _klondike_reconcretize(layout: Layout, options: NativeOptions, line: list[str]) -> list[str] | None:
    """Test hook: a Klondike line taken to its abstract line and concretized back (None if not)."""
