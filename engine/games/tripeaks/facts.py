"""TriPeaks: what the docs, the report and the tests read beside its rules (engine/gamekit/facts.py)."""

from __future__ import annotations

from engine.gamekit.facts import Facts, Figure

FACTS = Facts(
    viewer="the three peaks as at a table (a card still overlapped lies face down), stock and waste",
    search="depth-first over every legal move",
    published=(
        Figure(
            board="tripeaks",
            winnable="96.6 % (weak source)",
            n="1,000",
            rules="wrap K-A, no redeal",
            source="a vendor's page; a rough guide only",
        ),
    ),
)
