"""Gaps: what the docs, the report and the tests read beside its rules (engine/gamekit/facts.py)."""

from __future__ import annotations

from engine.gamekit.facts import Facts, Figure

FACTS = Facts(
    viewer="four rows of 13 places, the gaps as outlined holes, the four aces out of play, redeals left",
    search="best-first over every legal move, redeals simulated from the seed",
    published=(
        Figure(
            board="gaps",
            winnable="85.815 % ± 3.717 % (over 6 % of deals inconclusive)",
            n="10,000",
            rules="no redeals (ours: two redeals, each when blocked): compare with care",
            source="Solvitaire (Blake & Gent), as quoted by solitairewinrates.com, Gaps technical details",
        ),
    ),
    golden_unpinned={
        "lost": "no numbered deal of 1..4000 is lost (bench log G1); its lost proofs are cargo tests",
    },
)
