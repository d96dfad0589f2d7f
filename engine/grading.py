"""grade(code) -> Grade: how hard a deal is for a person who cannot see the face-down cards.

A solver's verdict says whether a deal can be won; its node count measures our search, not a
player. A grade plays the deal K times with the game's visible-information player (the native one,
engine/native/src/games/<game>/player.rs; its Python twin is engine/games/<game>/player.py), counts
the share won, and reads the grade off the board's thresholds on that share. Each graded game's
folder declares `GRADING` in its `player.py`: per board, K and the thresholds, with the measurements
that chose them (bench/grades.py prints the separation and rank agreement behind them). A board
without an entry is not graded (BadInput).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from engine import native
from engine.boards import board as board_of, board_for
from engine.dealer import Deal, deal as deal_code
from engine.errors import BadInput
from engine.gamekit.playout import GRADES, Scale, Share, code_seed



@dataclass(frozen=True)
class Grade:
    """A deal's grade: its code and board, the grade, wins out of playouts with the 95 % Wilson
    interval, the mean length of the won playouts (0 if none), and the player's version."""

    code: str
    board: str
    grade: str
    wins: int
    playouts: int
    low: float
    high: float
    won_moves: float
    version: str

    @property
    def share(self) -> float:
        return self.wins / self.playouts


def player_module(game: str) -> ModuleType | None:
    """The game's player twin (`engine/games/<game>/player.py`), or None if it has none."""
    try:
        return importlib.import_module(f"engine.games.{game}.player")
    except ModuleNotFoundError as e:
        if e.name == f"engine.games.{game}.player":
            return None
        raise


def scale_for(board: str, game: str | None = None) -> Scale:
    """The board's grading scale; BadInput if the board is not graded. `game` (the deal's) spares
    looking the board up, so that a derived board (not in the list of boards) is "not graded"."""
    module = player_module(game or board_of(board).game)
    grading: dict[str, Scale] = getattr(module, "GRADING", {}) if module else {}
    if board not in grading:
        raise BadInput(f"board {board} is not graded")
    return grading[board]


def playouts(deal: Deal, policy: int, count: int) -> list[tuple[bool, int]]:
    """`count` native playouts of a dealt code under `policy`: (won, moves) each."""
    module = player_module(deal.game)
    if module is None:
        raise BadInput(f"game {deal.game} has no player")
    opts = engine_rules_options(deal)
    return native.playouts(deal.game, deal.layout, opts, base=code_seed(deal.code), policy=policy, count=count, deal_seed=deal.seed)


def engine_rules_options(deal: Deal) -> dict[str, int]:
    """The deal's options as the native side takes them (the game's rules' `native_options`)."""
    from engine.referee import rules_for

    return rules_for(deal.game).native_options(deal.options)


def grade(code: str | Deal, playouts_: int | None = None) -> Grade:
    """Grade a deal (a code or a Deal): its board's K playouts (or `playouts_`) under the grading
    policy (0), the share won and its grade. BadInput for a bad code or an ungraded board."""
    d = code if isinstance(code, Deal) else deal_code(code)
    board = board_for(d).id
    scale = scale_for(board, d.game)
    k = scale.playouts if playouts_ is None else playouts_
    if not 1 <= k <= 100_000:
        raise BadInput(f"playouts must be 1..100000, not {k}")
    results = playouts(d, 0, k)
    wins = sum(1 for won, _ in results if won)
    won_moves = sum(n for won, n in results if won) / wins if wins else 0.0
    low, high = Share(wins, k).interval
    module = player_module(d.game)
    return Grade(d.code, board, scale.grade(wins / k), wins, k, low, high, won_moves, f"{d.game}-{module.VERSION}")


@dataclass(frozen=True)
class Grading:
    """A graded board's grading, as the tables and the pool files record it: the player's version
    (`<game>-<VERSION>`), K and the thresholds (the least share won for easy, medium, hard). Two
    gradings with the same fields give the same grade to every deal (the playouts are seeded by the
    code), so a stored grade is current exactly when its row carries these fields."""

    board: str
    version: str
    playouts: int
    easy: float
    medium: float
    hard: float

    @property
    def thresholds(self) -> dict[str, float]:
        return {"easy": self.easy, "medium": self.medium, "hard": self.hard}

    def grade(self, wins: int, playouts: int) -> str:
        """The grade of `wins` out of `playouts` on this board's thresholds."""
        return Scale(playouts, self.easy, self.medium, self.hard).grade(wins / playouts)


def board_grading(board: str) -> Grading | None:
    """The board's grading, or None when its game's player gives it none (its `GRADING` has no entry
    for the board, or the game has no player yet). BadInput for an unknown board."""
    b = board_of(board)
    module = player_module(b.game)
    scale = (getattr(module, "GRADING", {}) if module else {}).get(board)
    if scale is None:
        return None
    return Grading(board, f"{b.game}-{module.VERSION}", scale.playouts, scale.easy, scale.medium, scale.hard)


def grading_note(board: str) -> str:
    """Why a board is not graded, in a few words ('' when it is): its game has no player yet, or the
    player's `UNGRADED` says why (e.g. its grades do not separate), or its `GRADING` has no entry."""
    b = board_of(board)
    module = player_module(b.game)
    if module is None:
        return f"{b.game} has no visible-information player yet"
    if board in getattr(module, "GRADING", {}):
        return ""
    return str(getattr(module, "UNGRADED", {}).get(board, f"{b.game}'s player gives no grading for {board}"))
