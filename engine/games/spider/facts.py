"""Spider: what the docs, the report and the tests read beside its rules (engine/gamekit/facts.py)."""

from __future__ import annotations

from engine.gamekit.facts import Facts, Figure

FACTS = Facts(
    viewer="the stock (deals left), eight places for the runs gone off, ten columns with their face-down cards",
    search="best-first searches taking turns (narrow, complete); runs off automatic",
    deck=(
        "two decks, 104 cards: `suits=4` is two one-deck packs one after the other; `suits=2` is runs A..K "
        "of spades and hearts in turn, S H S H S H S H; `suits=1` is eight runs of spades. The three packs "
        "differ, so each has its own deal key: otherwise one number would deal the same permutation of "
        "three packs, related deals on three boards"
    ),
    published=(
        Figure(
            board="spider-4",
            winnable="≥ 97.3 % (9731 won; 269 unknown of 10000)",
            n="10,000",
            rules="Solvitaire's spider rules, not ours: cards go to the foundations one at a time, a deal is allowed with empty columns, a run of 2+ cards moves only onto its own suit, a lone card never moves to an empty column",
            source="Blake & Gent, appendix (as quoted in ../shared/reference/published-figures.md)",
        ),
    ),
    golden_unpinned={
        "lost": "no numbered deal proved lost yet: 4-suit Spider's positions are too many for an exhaustive "
        "search within a budget",
    },
)
