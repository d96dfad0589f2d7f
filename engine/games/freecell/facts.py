"""FreeCell: what the docs, the report and the tests read beside its rules (engine/gamekit/facts.py)."""

from __future__ import annotations

from engine.gamekit.facts import Facts, Figure

FACTS = Facts(
    viewer="the free cells a..d (as many as the code's option), four foundations, eight columns",
    search="one depth-first and five best-first scans, interleaved",
    published=(
        Figure(
            board="freecell",
            winnable="99.998812 % (102075 impossible)",
            n="8,589,934,591",
            rules="4 cells, Microsoft deals (ours are SiggySoft-numbered random deals)",
            source="freecell-pro impossible-deals list (Pringle, Fish) and the 2016 report on intractable deals",
        ),
    ),
)
