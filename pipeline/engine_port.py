"""The pipeline's one door into the engine: boards, codes, deals, the solver and the referee.

The pipeline knows nothing of game rules. Which boards exist comes from engine.games.BOARDS, which
of them can be solved from engine._native.solvable(game), so a game added later plugs in here
with no pipeline change.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from engine.errors import DealpoolError


def _get(obj: Any, *names: str) -> Any:
    """The first of `names` that `obj` has, as attribute or key (engine records are small dataclasses)."""
    for n in names:
        if isinstance(obj, dict) and n in obj:
            return obj[n]
        if hasattr(obj, n):
            return getattr(obj, n)
    raise AttributeError(f"{type(obj).__name__} has none of {names}")


def boards() -> dict[str, Any]:
    from engine.games import BOARDS

    return dict(BOARDS)


def board_game(board: str) -> str:
    return str(_get(boards()[board], "game"))


def is_solvable(board: str) -> bool:
    from engine import _native

    return bool(_native.solvable(board_game(board)))


def solvable_boards() -> list[str]:
    """Every board the native engine can solve, in BOARDS order."""
    return [b for b in boards() if is_solvable(b)]


def check_board(board: str, solvable: bool = True) -> str:
    """`board`, or DealpoolError naming the accepted boards."""
    known = boards()
    if board not in known:
        raise DealpoolError(f"unknown board {board!r} (boards: {', '.join(known)})")
    if solvable and not is_solvable(board):
        ok = solvable_boards()
        raise DealpoolError(
            f"board {board!r} has no solver yet (solvable boards: {', '.join(ok) or 'none'})"
        )
    return board


def parse_boards(text: str | None) -> list[str]:
    """A comma-separated board list; None means every solvable board."""
    if text is None or text.strip() in ("", "all"):
        return solvable_boards()
    out: list[str] = []
    for b in text.split(","):
        b = b.strip()
        if not b:
            raise DealpoolError(f"empty board name in {text!r} (give e.g. klondike-1,klondike-3)")
        if b not in out:
            out.append(check_board(b))
    return out


def default_budget(board: str) -> int:
    return int(_get(boards()[board], "nodes", "budget", "default_nodes"))


def board_code(board: str, number: int) -> str:
    from engine.games import board_code as bc

    return str(bc(board, number))


def random_code(board: str, seed: bytes) -> str:
    """The board's code for a random deal from `seed` (64 bytes)."""
    from engine import games

    return str(games.board_code(board, seed))


@dataclass(frozen=True)
class Dealt:
    """What the pipeline stores of a deal."""

    code: str
    board: str
    seed: bytes
    number: int | None
    order: bytes


def board_of_code(code: str) -> str:
    """The board a code belongs to (its game and solving options), or DealpoolError."""
    from engine.games import board_of

    return str(board_of(code))


def deal(code: str) -> Dealt:
    """Deal `code` with the Python engine (engine/deal.py through engine.dealer)."""
    from engine.dealer import deal as deal_

    d = deal_(code)
    number = _get(d, "number") if _has(d, "number") else None
    return Dealt(
        code=str(_get(d, "code")),
        board=board_of_code(str(_get(d, "code"))),
        seed=bytes(_get(d, "seed")),
        number=None if number is None else int(number),
        order=order_bytes(_get(d, "order")),
    )


def _has(obj: Any, name: str) -> bool:
    return (isinstance(obj, dict) and name in obj) or hasattr(obj, name)


def order_bytes(order: Any) -> bytes:
    return bytes(int(x) for x in order)


def native_order(code: str) -> bytes:
    """The same deal's order from the native engine's own shuffle (engine._native.deal_positions)."""
    from engine import dealer

    return order_bytes(dealer.native_order(code))


def engine_version() -> str:
    import engine
    from engine import _native

    return f"{engine.ENGINE_VERSION}+native{_native.VERSION}"


def rules_version() -> str:
    try:
        from engine.codes import RULES_VERSION

        return str(RULES_VERSION)
    except ImportError:
        return "1"


@dataclass(frozen=True)
class Solved:
    verdict: str
    nodes: int
    line: list[str]
    reason: str
    seconds: float  # time inside the solver


def solve(code: str, nodes: int | None, max_mb: int | None) -> Solved:
    from engine.solve import solve as solve_

    t0 = time.perf_counter()
    r = solve_(code, nodes=nodes, max_mb=max_mb)
    dt = time.perf_counter() - t0
    return Solved(str(r.verdict), int(r.nodes), [str(m) for m in r.line], str(r.reason or ""), dt)


def replay(code: str, line: list[str]) -> tuple[bool, str]:
    """(ok, why not): the referee's judgement of a line."""
    from engine.referee import replay as replay_

    r = replay_(code, line)
    if r.ok:
        return True, "ok"
    return False, f"refused at {r.at}: {r.error}"
