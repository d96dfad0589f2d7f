"""Klondike: what the docs, the report and the tests read beside its rules (engine/gamekit/facts.py)."""

from __future__ import annotations

from engine.gamekit.facts import Facts, Figure

FACTS = Facts(
    viewer="stock (backs, with its count), waste (the top card, or the top three fanned for draw 3), four foundations, seven piles with their face-down cards; draw and redeals left",
    search="a blocked-structure test, a short concrete search with restarts, an abstract search that proves losses (unlimited passes; its wins concretized), the concrete search",
    published=(
        Figure(
            board="klondike-3",
            winnable="81.942 % ± 0.080 %",
            n="1,000,000",
            rules="draw 3, unlimited passes, cards may come back from foundations",
            source='Dang, Gent, Nightingale, Ulrich-Oltean, Waller, "Constraint Models for Klondike", CP 2025 (LIPIcs 340)',
        ),
        Figure(
            board="klondike-3",
            winnable="81.945 % ± 0.084 %",
            n="–",
            rules="draw 3, unlimited passes",
            source="Blake & Gent, as cited by Dang et al. (CP 2025)",
        ),
        Figure(
            board="klondike-3",
            winnable="69.5 % (screening pass rate at 5 s)",
            n="–",
            rules="draw 3, 5 s budget; a pass rate, not winnability",
            source='PlayEye, "How We Made Every Solitaire Deal Winnable" (seed 003)',
        ),
        Figure(
            board="klondike-1",
            winnable="90.454 % ± 0.090 %",
            n="1,000,000",
            rules="draw 1, unlimited passes",
            source="Dang, Gent, Nightingale, Ulrich-Oltean, Waller, CP 2025 (LIPIcs 340)",
        ),
        Figure(
            board="klondike-1",
            winnable="90.480 % ± 0.116 %",
            n="–",
            rules="draw 1, unlimited passes",
            source="Blake & Gent, as cited by Dang et al. (CP 2025)",
        ),
    ),
)
