"""Canfield: what the docs, the report and the tests read beside its rules (engine/gamekit/facts.py)."""

from __future__ import annotations

from engine.gamekit.facts import Facts

FACTS = Facts(
    viewer="stock, waste (top three), foundations built from the base rank (named), the reserve (its top face up, with its count) and four piles",
    search="depth-first, no restarts",
)
