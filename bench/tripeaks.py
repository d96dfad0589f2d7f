"""TriPeaks benchmark: `python -m pipeline.bench_tripeaks [--deals 1-1000] [--nodes N] [--variants]`.

Numbered deals 1..1000 of the `tripeaks` board (wrap K-A, stock one at a time, no redeal),
solved at the board's budget: decided %, won %, median / p95 / max time (pipeline/bench_peaks.py).
"""

from __future__ import annotations

from pipeline import bench_peaks

GAME = "tripeaks"
REFERENCE = (
    "reference: TriPeaks with wrap K-A and no redeal, 96.6 % winnable over 1,000 deals "
    "(a vendor's page; a weak source, a rough guide only)."
)



def main(argv: list[str] | None = None) -> int:
    """Options: --deals N|A-B (default 1-1000), --nodes N (default: the board's budget),
    --option name=value (a variant board), --variants (also the listed variant boards)."""
    return bench_peaks.main(GAME, REFERENCE, argv)


if __name__ == "__main__":
    raise SystemExit(main())
