"""dealpool's engine: cards, the published deal method, codes, boards, rules
per game and the referee. Pure Python, no I/O; the solver is `engine._native`."""

from __future__ import annotations

ENGINE_VERSION = "0.1.0"
