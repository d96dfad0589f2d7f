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


def boards() -> dict[str, Any]:
    from engine.games import BOARDS

    return dict(BOARDS)


def board_game(board: str) -> str:
    return str(boards()[board].game)


def is_solvable(board: str) -> bool:
    from engine import _native

    return bool(_native.solvable(board_game(board)))


def check_game_solvable(game: str) -> None:
    from engine import _native

    if not _native.solvable(game):
        raise DealpoolError(f"no solver for game {game!r} yet (solvable boards: {', '.join(solvable_boards()) or 'none'})")


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


def parse_boards(text: str | None, solvable: bool = True) -> list[str]:
    """A comma-separated board list; None means every solvable board."""
    if text is None or text.strip() in ("", "all"):
        return solvable_boards()
    out: list[str] = []
    for b in text.split(","):
        b = b.strip()
        if not b:
            raise DealpoolError(f"empty board name in {text!r} (give e.g. klondike-1,klondike-3)")
        if b not in out:
            out.append(check_board(b, solvable))
    return out


def default_budget(board: str) -> int:
    known = boards()
    if board in known:
        return int(known[board].nodes)
    raise DealpoolError(f"unknown board {board!r} (boards: {', '.join(known)})")


def board_code(board: str, number: int) -> str:
    from engine.games import board_code as bc

    check_board(board, solvable=False)
    return str(bc(board, number))


def random_code(board: str, seed: bytes) -> str:
    """The board's code for a random deal from `seed` (64 bytes)."""
    from engine import codes

    b = boards()[check_board(board, solvable=False)]
    return codes.format(codes.DealCode.from_seed(b.game, b.options, seed))


@dataclass(frozen=True)
class Dealt:
    """What the pipeline stores of a deal, and what it needs to solve it."""

    code: str
    board: str  # a listed board id, or a derived one (e.g. klondike-1+passes=1) for other options
    game: str
    budget: int  # the board's default node budget
    seed: bytes
    number: int | None
    order: bytes


def deal(code: str) -> Dealt:
    """Deal `code` with the Python engine (engine/deal.py through engine.dealer)."""
    from engine.dealer import deal as deal_
    from engine.games import board_for

    d = deal_(code)
    if d.seed is None:
        raise DealpoolError(f"{d.code} has no seed (classic FreeCell numbering); accepted: N or S codes")
    b = board_for(d.code)
    return Dealt(
        code=d.code,
        board=b.id,
        game=b.game,
        budget=int(b.nodes),
        seed=bytes(d.seed),
        number=d.number,
        order=order_bytes(d.order),
    )


def order_bytes(order: Any) -> bytes:
    return bytes(int(x) for x in order)


def native_order(code: str) -> bytes:
    """The same deal's order from the native engine's own shuffle (engine._native.deal_positions)."""
    from engine import dealer

    return order_bytes(dealer.native_order(code))


def deal_for_test_value(game: str, number: int, classic: bool) -> Any:
    """engine.dealer's Deal of a published test value (numbered, default options; or classic)."""
    from engine import codes, dealer

    c = codes.DealCode.classic(number) if classic else codes.DealCode.numbered(game, {}, number)
    return dealer.deal(c)


def card_names(code: str, order: Any) -> list[str]:
    """An order as the spec prints it (classic FreeCell deals print T for ten)."""
    from engine import deal as method

    ten = "T" if code.split("-")[-1].startswith("C") else "10"
    return method.order_text(list(order), ten=ten).split()


def engine_version() -> str:
    import engine
    from engine import _native

    return f"{engine.ENGINE_VERSION}+native{_native.VERSION}"


def rules_version() -> str:
    from engine import deal as method

    return method.CODE_PREFIX.removeprefix("SOL")  # the rules version is the 1 in SOL1


@dataclass(frozen=True)
class Solved:
    verdict: str
    nodes: int
    line: list[str]
    reason: str
    seconds: float  # wall time inside engine.solve (dealing and the native search)
    cpu: float = 0.0  # CPU time of this thread inside engine.solve (for the benchmark)


def solve(code: str, nodes: int | None, max_mb: int | None) -> Solved:
    from engine.solve import solve as solve_

    t0, c0 = time.perf_counter(), time.thread_time()
    r = solve_(code, nodes=nodes, max_mb=max_mb)
    dt, dc = time.perf_counter() - t0, time.thread_time() - c0
    return Solved(str(r.verdict), int(r.nodes), [str(m) for m in r.line], str(r.reason or ""), dt, dc)


def preload(boards_: list[str]) -> None:
    """Import the solver, the referee and the boards' rules once, before the workers fork, so
    each worker doesn't pay for the imports (or the first deal's warm-up) itself."""
    import engine.referee  # noqa: F401
    import engine.solve  # noqa: F401
    from engine.rules import rules_for

    for b in boards_:
        try:
            rules_for(board_game(b))
        except DealpoolError:
            pass  # no referee rules for this game: each won line will be refused, loudly


def replay(code: str, line: list[str]) -> tuple[bool, str]:
    """(ok, why not): the referee's judgement of a line."""
    from engine.referee import replay as replay_

    r = replay_(code, line)
    if r.ok:
        return True, "ok"
    return False, f"refused at {r.at}: {r.error}"
