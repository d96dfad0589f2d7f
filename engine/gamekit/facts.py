"""What a game folder tells the rest of the project beside its rules: `engine/games/<game>/facts.py`
holds `FACTS = Facts(...)`, found by the game's id (no registry line).

Nothing in the engine reads these facts. docs/make.py writes from them (and from the registry) the
generated parts of the shared docs (docs/games.md's codes, decks and boards, docs/notation.md's and
docs/solver.md's tables) and reports/published.csv, the figures the report shows beside ours; the
golden test reads which verdicts a game's golden file may lack. So adding a game adds its folders and
changes no shared file: a game named anywhere else is caught by tests/test_architecture.py.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Mapping


@dataclass(frozen=True)
class Figure:
    """A published winnability figure for one of the game's boards, shown beside ours by the report
    (a row of reports/published.csv, its columns in this order). Text as the source gives it."""

    board: str
    winnable: str
    n: str  # the number of deals behind it ("–" when the source does not say)
    rules: str  # the source's rules, against ours: check them before comparing
    source: str


@dataclass(frozen=True)
class Facts:
    """A game's facts for the docs, the report and the tests."""

    search: str
    """How its solver searches, one line (docs/solver.md's table of the games; the argument is in
    the solver folder's README)."""
    deck: str = ""
    """The fresh deck in docs/games.md's words when it is not the one-deck default ("" for one deck
    of 52, spades A..K, hearts, diamonds, clubs)."""
    published: tuple[Figure, ...] = ()
    """Published winnability figures for its boards, with their sources (none found: empty)."""
    viewer: str = ""
    """What the pool viewer (clients/web/games/<game>.js) draws of a position, one line (the table
    of clients/web/README.md)."""
    golden_unpinned: Mapping[str, str] = field(default_factory=dict)
    """Verdicts (won, lost) its golden file need not pin, each with why (tests/test_golden.py asks
    every game for a won and a lost fixture otherwise)."""


def facts(game_id: str) -> Facts:
    """The facts of a game of the registry (its folder's `facts.py`)."""
    return importlib.import_module(f"engine.games.{game_id}.facts").FACTS
