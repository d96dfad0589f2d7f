"""Pyramid benchmark: `python -m bench --games pyramid [--deals 1-1000] [--budgets LIST] [--variants]`.

Numbered deals 1..1000 of the `pyramid` board, whose defaults are Microsoft's rules (stock
and waste tops both free, 3 passes, clear the 28 table cards), so the figure compares
directly with the published one below (bench/peaks.py does the work).
"""

from __future__ import annotations

from bench import peaks

GAME = "pyramid"
REFERENCE = (
    "reference: Pyramid, Microsoft rules (3 passes, clear the 28 pyramid cards): 998 of 1,500 "
    "random decks winnable (66.5 %), A* solver, mean 0.94 s a deck (mchung94/pyramid-solver, "
    "i7-4770k); our board `pyramid` plays the same rules on numbered deals 1..1000."
)


# (board, deal, caps in MiB): a deal whose search outgrows small caps, for `python -m bench --games memory`
# (tests/games/pyramid/test_pyramid_memory.py solves one at a small cap).
MEMORY: list[tuple[str, str, list[int]]] = [("pyramid", "17", [16, 64])]


# Variant boards measured with --variants (options beyond the board's defaults).
VARIANTS: list[tuple[str, dict[str, str]]] = [
    ("pyramid+passes=unlimited", {"passes": "unlimited", "goal": "pyramid"}),
    ("pyramid+goal=all", {"passes": "3", "goal": "all"}),
]


def main(argv: list[str] | None = None) -> int:
    """Options: --deals A-B (default 1-1000), --budgets LIST (default: the board's budget),
    --option name=value (a variant board), --variants (also the listed variant boards)."""
    return peaks.main(GAME, REFERENCE, argv, VARIANTS)


if __name__ == "__main__":
    raise SystemExit(main())
