"""La Belle Lucie: what the docs, the report and the tests read beside its rules (engine/gamekit/facts.py)."""

from __future__ import annotations

from engine.gamekit.facts import Facts

FACTS = Facts(
    viewer="four foundations, the fans six to a row, redeals left (a redeal deals new fans)",
    search="best-first over every legal move, redeals simulated from the seed; foundation moves safe",
)
