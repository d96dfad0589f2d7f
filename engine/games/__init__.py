"""The registry of games: an import and a line per game folder. Each folder (`engine/games/<game>/`)
declares its `GAME` (options, boards, deck, deal key, layout, referee rules) and its `FACTS`
(`facts.py`: what the docs, the report and the tests read); the boards of every game, in this order,
are the boards dealpool knows. Everything else that lists games derives from here
(docs/architecture.md, "Add a game").
"""

from __future__ import annotations

from engine.errors import BadInput
# One import and one entry below a game, each on a line of its own (so two branches adding games
# add lines, never change one).
from engine.games import klondike
from engine.games import freecell
from engine.games import canfield
from engine.games import tripeaks
from engine.games import pyramid
from engine.games import spider
from engine.games import labellelucie
from engine.games import gaps
from engine.gamekit.base import Board, BoardSpec, Game, Layout, Option, Options

GAMES: dict[str, Game] = {
    g.id: g
    for g in (
        klondike.GAME,
        freecell.GAME,
        canfield.GAME,
        tripeaks.GAME,
        pyramid.GAME,
        spider.GAME,
        labellelucie.GAME,
        gaps.GAME,
    )
}

BOARDS: dict[str, Board] = {
    spec.id: Board(spec.id, g.id, g.canonical(spec.options), spec.budget, spec.label, spec.pooled)
    for g in GAMES.values()
    for spec in g.boards
}


def game(game_id: str) -> Game:
    """The game of an id (any case), or BadInput listing the games."""
    try:
        return GAMES[str(game_id).lower()]
    except KeyError:
        raise BadInput(f"unknown game {game_id!r}; accepted: {', '.join(GAMES)}") from None


__all__ = ["GAMES", "BOARDS", "Board", "BoardSpec", "Game", "Layout", "Option", "Options", "game"]
