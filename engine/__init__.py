"""dealpool's engine, its one typed face: deal a code, solve it, replay a line, codes, boards,
games, the result records and the errors. Pure Python, no I/O; the solver is the native module.

    import engine
    engine.solve("SOL1-freecell-cells=4-C1").verdict      # 'won'
    t = engine.task(code, budget=None, max_mb=None)       # dealt once, limits checked, defaults filled
    r = engine.solve(t); engine.replay(r.deal, r.line).ok # the deal solved is the deal replayed

The pipeline imports this package and nothing below it (docs/architecture.md). Inside, each game
is a folder `engine/games/<game>/` listed in the registry `engine/games/__init__.py`.
"""

from __future__ import annotations

# The published method, engine/deal.py, as `engine.method`: `engine.deal` is the face's deal function.
from engine import deal as method  # isort: skip  (bound before `deal` is rebound below)
from engine.boards import board, board_code, board_for, seed_code
from engine.cards import name as card_name, names as card_names, parse as parse_card
from engine.codes import RULES_VERSION, DealCode, canonical as canonical_code, format as format_code
from engine.codes import parse as parse_code, parse_number
from engine.dealer import Deal, deal, native_order, redeal
from engine.errors import BadInput, DealpoolError, IllegalMove, RunFailed
from engine import fair  # provably fair draws (seed 002): engine.fair.shoe, .sample, .pick, .commitment
from engine.games import BOARDS, GAMES, Board, Game, Layout, Option, game
from engine.grading import GRADES, Grade, Grading, board_grading, grade, grading_note
from engine.referee import Replay, parse_line, replay, rules_for
from engine.positions import QUICK_BUDGET, Hint, Position, first_winnable, hint, position_after, position_doc, position_json
from engine.positions import read_position, replay_position, solve_position
from engine.solving import (
    DEFAULT_MAX_MB,
    ENGINE_VERSION,
    MAX_BUDGET,
    MAX_MB,
    Reason,
    SolveResult,
    SolveTask,
    Verdict,
    engine_version,
    solvable,
    solvable_boards,
    solvable_games,
    solve,
    task,
)

__all__ = [
    # dealing and codes
    "method", "deal", "redeal", "Deal", "native_order", "DealCode", "parse_code", "format_code", "canonical_code", "parse_number",
    "card_name", "card_names", "parse_card",
    # games and boards
    "GAMES", "BOARDS", "Game", "Board", "Option", "Layout", "game", "board", "board_code", "seed_code", "board_for",
    # solving and refereeing
    "task", "SolveTask", "solve", "SolveResult", "Verdict", "Reason", "solvable", "solvable_games", "solvable_boards",
    "DEFAULT_MAX_MB", "MAX_BUDGET", "MAX_MB",
    "replay", "Replay", "parse_line", "rules_for",
    # grades (visible-information playouts)
    "grade", "Grade", "GRADES", "board_grading", "Grading", "grading_note",
    # positions (Solvitaire JSON), hints, the quick look
    "Position", "read_position", "position_doc", "position_json", "position_after", "solve_position", "replay_position",
    "Hint", "hint", "first_winnable", "QUICK_BUDGET",
    # versions
    "ENGINE_VERSION", "RULES_VERSION", "engine_version",
    # errors
    "DealpoolError", "BadInput", "IllegalMove", "RunFailed",
    # provably fair draws (seed 002)
    "fair",
]  # fmt: skip
