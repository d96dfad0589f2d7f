"""Every numeric option's accepted range, in one place, and the checks that refuse a value outside
it before any work (BadInput naming the range), so a bad value never poisons a data folder with
error rows.
"""

from __future__ import annotations

import engine

MAX_BUDGET = engine.MAX_BUDGET
"""--budget: the engine's limit (engine.task checks every task against it); the CLI refuses a value
past it before any work, in a message naming the option."""
MAX_MB = engine.MAX_MB
"""--max-mb: the engine's limit, in MiB, likewise."""

MAX_WORKERS = 1024
"""--workers: worker processes of the local pool."""
MAX_TARGET = 1_000_000
"""--target: won deals per board `build` samples and solves until."""
MAX_NUMBER = 1_000_000
"""Numbered deals of a board run 1..MAX_NUMBER (--numbers, --count, a committed sample's population)."""
MAX_CLASSIC = 2**31 - 1
"""Classic FreeCell numbers (C codes) run 1..2^31-1 (seed 000 section 7)."""
MAX_RANDOM = 1_000_000
"""The most random deals one `sample --random` adds per board."""
MAX_CHECK_SAMPLE = 1_000_000
"""`check --deals` and `--solves`: stored rows re-dealt and re-solved per board."""
MAX_SEED = 2**63 - 1
"""`check --seed`, `sample --numbers-from`: a seed; `verify --min-sequence`: a manifest's sequence."""
MAX_INPUT = 4 << 20
"""The most bytes of text a command reads from a file or stdin (a position, a line of moves): a
line of 10,000 moves is under 100 KB; /dev/zero is refused after this many."""


def _shown(value: int) -> str:
    """A value as the error shows it: a huge one cut to its first digits and its length."""
    text = str(value)
    return text if len(text) <= 24 else f"{text[:20]}... ({len(text)} digits)"


def in_range(name: str, value: int | None, lo: int, hi: int, unit: str = "a whole number") -> None:
    """BadInput unless `value` (an option's, None when not given) is within lo..hi."""
    if value is not None and not lo <= value <= hi:
        raise engine.BadInput(f"bad {name} {_shown(value)}: give {unit} {lo:,}..{hi:,}")


def check_ranges(*checks: tuple[str, int | None, int, int]) -> None:
    """Each (option, value, lo, hi): BadInput naming the first value outside lo..hi."""
    for name, value, lo, hi in checks:
        in_range(name, value, lo, hi)


def check_budget(budget: int | None) -> None:
    in_range("--budget", budget, 1, MAX_BUDGET, "a node budget of")


def check_max_mb(max_mb: int | None) -> None:
    in_range("--max-mb", max_mb, 1, MAX_MB, "a memory cap (MiB) of")


def check_options(budget: int | None = None, max_mb: int | None = None, workers: int | None = None,
                  target: int | None = None) -> None:  # fmt: skip
    """Every numeric option of solve/build/pool within its range, in the order the errors name them."""
    check_budget(budget)
    check_max_mb(max_mb)
    in_range("--workers", workers, 1, MAX_WORKERS, "a worker count of")
    in_range("--target", target, 1, MAX_TARGET, "a target of")


def check_random(count: int) -> None:
    """`sample --random N`: random deals per board."""
    if not 1 <= count <= MAX_RANDOM:
        raise engine.BadInput(f"bad --random {count}: give a count of 1..{MAX_RANDOM:,} random deals per board")


def check_seeded(numbers_from: int | None, count: int | None) -> None:
    """`sample --numbers-from SEED --count N`, before any work (a 300-digit seed once named a file)."""
    check_ranges(("--numbers-from", numbers_from, 0, MAX_SEED), ("--count", count, 1, MAX_NUMBER))


def check_check(n_deals: int, n_solves: int, seed: int) -> None:
    """`check --deals --solves --seed`."""
    check_ranges(("--deals", n_deals, 0, MAX_CHECK_SAMPLE), ("--solves", n_solves, 0, MAX_CHECK_SAMPLE),
                 ("--seed", seed, 0, MAX_SEED))  # fmt: skip
