"""Canfield: what the docs, the report and the tests read beside its rules (engine/games/facts.py)."""

from __future__ import annotations

from engine.games.facts import Facts

FACTS = Facts(
    search="depth-first, no restarts",
)
