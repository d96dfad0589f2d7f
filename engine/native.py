"""The one crossing to the native engine (`engine._native`, the Rust crate in engine/native/).

Every call into the compiled module goes through here (tests/test_architecture.py refuses any other
importer), so the boundary has one typed face: records (`Outcome`, `Step`), not tuples; the deal's
64-byte seed a real argument, not a card group; search tuning apart from the game's rule options;
the test hooks behind `testing`, never reached by the solve path.

The module is imported on first use, not when `engine` is: dealing and codes (engine/deal.py, the
referee) work without the compiled module, and the pipeline loads it once before forking workers
(`solvable_games()`), so each worker does not pay for it.
"""

from __future__ import annotations

from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING

from engine.games import Layout

if TYPE_CHECKING:
    from engine._native import Outcome, Step

__all__ = ["Outcome", "Step", "version", "deal_positions", "solvable", "games", "solve", "walk", "playouts", "playout_line", "players", "testing"]


@cache
def _module() -> ModuleType:
    from engine import _native

    return _native


def __getattr__(name: str) -> type:
    """`native.Outcome`, `native.Step`: the compiled module's record classes, loaded on first use."""
    if name in ("Outcome", "Step"):
        cls: type = getattr(_module(), name)
        return cls
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def version() -> str:
    """The native module's version and the digest of its crate's source: `<VERSION>.<SOURCE>`."""
    m = _module()
    return f"{m.VERSION}.{m.SOURCE}"


def deal_positions(seed: bytes, size: int) -> list[int]:
    """The published shuffle's positions for a 64-byte seed, dealt by the Rust stream (a second
    implementation of engine/deal.py's): order[k] is the fresh-deck position dealt k-th."""
    return _module().deal_positions(seed, size)


def solvable(game: str) -> bool:
    """Whether the native engine has a solver for `game`."""
    return bool(_module().solvable(game))


def games() -> list[str]:
    """The games the native engine has a solver for, in the crate's registration order."""
    return _module().games()


def solve(game: str, layout: Layout, options: dict[str, int], *, budget: int, max_bytes: int,
          seed: bytes | None = None, tuning: dict[str, int] | None = None) -> Outcome:  # fmt: skip
    """Search a laid-out deal: at most `budget` positions and `max_bytes` of what the search
    allocates. `options` are the game's rule options as ints (its rules' `native_options`); `seed`
    the deal's 64 bytes (the redealing games refuse a missing one); `tuning` search knobs for
    measurement only. The GIL is released during the search. ValueError for a refused input."""
    return _module().solve(game, layout, options, budget=budget, max_bytes=max_bytes, seed=seed, tuning=tuning)


def walk(game: str, layout: Layout, options: dict[str, int], *, walk_seed: int, steps: int,
         seed: bytes | None = None) -> list[Step]:  # fmt: skip
    """Random play for the differential tests: `steps` moves chosen by `walk_seed`, one Step (the
    line so far, every legal move there, sorted) a position."""
    return _module().walk(game, layout, options, walk_seed=walk_seed, steps=steps, seed=seed)


def players() -> list[str]:
    """The games with a visible-information player (engine/native/src/playout.rs)."""
    return _module().players()


def playouts(game: str, layout: Layout, options: dict[str, int], *, base: int, policy: int, count: int,
             deal_seed: bytes | None = None) -> list[tuple[bool, int]]:  # fmt: skip
    """`count` playouts of a laid-out deal by the game's player under `policy`, playout i's stream
    seeded `playout_seed(base, policy, i)` (engine/gamekit/playout.py): (won, moves) each.
    `deal_seed`: the deal's 64 bytes, which the redealing games' redeals shuffle with."""
    return _module().playouts(game, layout, options, base=base, policy=policy, count=count, deal_seed=deal_seed)


def playout_line(game: str, layout: Layout, options: dict[str, int], *, seed: int, policy: int,
                 deal_seed: bytes | None = None) -> tuple[bool, list[str]]:  # fmt: skip
    """One playout's moves, its stream seeded `seed` (the differential tests compare it with the twin's)."""
    return _module().playout_line(game, layout, options, seed=seed, policy=policy, deal_seed=deal_seed)


class _Testing:
    """The native test hooks (`engine._native.testing`): the tests compare the solver's inner
    state with the referee's through them; nothing on the solve path calls them."""

    def position(self, game: str, layout: Layout, options: dict[str, int], line: list[str], *,
                 seed: bytes | None = None) -> list[list[int]]:  # fmt: skip
        """The piles the solver holds after playing `line` (redeals too), for the games with one."""
        return _module().testing.position(game, layout, options, line, seed=seed)

    def klondike_reconcretize(self, layout: Layout, options: dict[str, int], line: list[str]) -> list[str] | None:
        """A Klondike line taken to its abstract line and concretized back (None if it cannot be)."""
        return _module().testing.klondike_reconcretize(layout, options, line)


testing = _Testing()
"""The test hooks: `native.testing.position(...)`, `native.testing.klondike_reconcretize(...)`."""
