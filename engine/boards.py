"""Boards by id, a board's numbered codes, and the board a code belongs to.

Apart from engine/games/ because it needs deal codes (engine/codes.py), which need the games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import codes
from engine.errors import BadInput
from engine.games import BOARDS, GAMES, Board

if TYPE_CHECKING:
    from engine.dealer import Deal


def board(board_id: str) -> Board:
    """The board of an id (any case), or BadInput listing the boards."""
    try:
        return BOARDS[str(board_id).lower()]
    except KeyError:
        raise BadInput(f"unknown board {board_id!r}; accepted: {', '.join(BOARDS)}") from None


def board_code(board_: Board | str, number: int) -> str:
    """The board's canonical numbered code, e.g. SOL1-klondike-draw=3;passes=unlimited;scoring=standard-N4711."""
    b = board(board_) if isinstance(board_, str) else board_
    return codes.format(codes.DealCode.numbered(b.game, b.options, number))


def seed_code(board_: Board | str, seed: bytes) -> str:
    """The board's canonical code of the deal of a 64-byte seed."""
    b = board(board_) if isinstance(board_, str) else board_
    return codes.format(codes.DealCode.from_seed(b.game, b.options, seed))


def board_for(code: codes.DealCode | Deal | str) -> Board:
    """The board a deal code belongs to (its game and options; the number or seed aside). A
    DealCode or a Deal is not parsed again (a Deal's options are in canonical order already).

    A listed board when the options are exactly its options; otherwise a derived board:
    the listed board of the game sharing the most options, its id followed by `+` and the
    differing options (e.g. `klondike-1+passes=1`), with that board's budget and label."""
    c = codes.parse(code) if isinstance(code, str) else code
    game_id = c.game
    options = tuple(c.options.items()) if isinstance(c.options, dict) else c.options
    candidates = [b for b in BOARDS.values() if b.game == game_id]
    if not candidates:
        raise BadInput(f"no board for game {game_id!r}; accepted games: {', '.join(GAMES)}")
    best = max(candidates, key=lambda b: sum(a == o for a, o in zip(b.options, options)))
    diff = [(n, v) for (n, v), (_, bv) in zip(options, best.options) if v != bv]
    if not diff:
        return best
    extra = ";".join(f"{n}={v}" for n, v in diff)
    return Board(f"{best.id}+{extra}", game_id, tuple(options), best.budget, f"{best.label} ({extra})")
