"""TriPeaks benchmark: `python -m pipeline.bench_tripeaks [--deals N] [--variants]`.

Numbered deals 1..1000 of the `tripeaks` board (wrap K-A, stock one at a time, no redeal),
solved at the board's budget: decided %, won %, median / p95 / max time (pipeline/bench_peaks.py).
"""

from __future__ import annotations

from pipeline.bench_peaks import main

GAME = "tripeaks"
REFERENCE = (
    "reference: TriPeaks with wrap K-A and no redeal, 96.6 % winnable over 1,000 deals "
    "(a vendor's page; a weak source, a rough guide only)."
)

if __name__ == "__main__":
    main(GAME, REFERENCE)
