"""TriPeaks benchmark: `python -m bench --games tripeaks [--deals 1-1000] [--budgets LIST] [--variants]`.

Numbered deals 1..1000 of the `tripeaks` board (wrap K-A, stock one at a time, no redeal),
solved at the board's budget: decided %, won %, median / p95 / max time (bench/peaks.py).
"""

from __future__ import annotations

from bench import peaks

GAME = "tripeaks"
REFERENCE = (
    "reference: TriPeaks with wrap K-A and no redeal, 96.6 % winnable over 1,000 deals "
    "(a vendor's page; a weak source, a rough guide only)."
)


# (board, deal, caps in MiB): a deal whose search outgrows small caps, for `python -m bench --games memory`
# (tests/games/tripeaks/test_tripeaks_memory.py solves one at a small cap).
MEMORY: list[tuple[str, str, list[int]]] = [("tripeaks", "58", [16, 64])]


# Variant boards measured with --variants (options beyond the board's defaults).
VARIANTS: list[tuple[str, dict[str, str]]] = [("tripeaks+wrap=no", {"wrap": "no"})]


def main(argv: list[str] | None = None) -> int:
    """Options: --deals A-B (default 1-1000), --budgets LIST (default: the board's budget),
    --option name=value (a variant board), --variants (also the listed variant boards)."""
    return peaks.main(GAME, REFERENCE, argv, VARIANTS)


if __name__ == "__main__":
    raise SystemExit(main())
