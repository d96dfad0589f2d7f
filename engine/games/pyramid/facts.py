"""Pyramid: what the docs, the report and the tests read beside its rules (engine/gamekit/facts.py)."""

from __future__ import annotations

from engine.gamekit.facts import Facts, Figure

FACTS = Facts(
    viewer="the seven rows overlapping, stock (its top face up: it is playable), waste, the cards removed; pass k of n",
    search="depth-first, dead and dominated positions cut",
    published=(
        Figure(
            board="pyramid",
            winnable="66.5 % (998 of 1500)",
            n="1,500",
            rules="Microsoft rules: 3 passes, clear the 28 pyramid cards (check our rules in docs/games.md)",
            source="mchung94/pyramid-solver README (A* solver)",
        ),
    ),
)
