"""Positions other than a fresh deal: Solvitaire's JSON deal format in and out, solving a position,
a hint for a game in play, and the first winnable code of a list.

Generic over games: a game takes part when its folder declares `solvitaire` (a module with FORM,
claims, to_doc, from_doc, layout_of, preset and EXAMPLES, optionally options_of:
engine/games/<game>/solvitaire.py; what the formats share: engine/gamekit/solvitaire.py). Every won verdict returned here
has had its line replayed by the referee from the very position it was found for (no false
positives): a line the referee refuses is a RunFailed, never a win.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal, Sequence

from engine import native
from engine.boards import board as board_of, board_for
from engine.dealer import Deal, deal
from engine.errors import BadInput, RunFailed
from engine.gamekit import solvitaire
from engine.games import BOARDS, GAMES, Layout, game as game_of
from engine.referee import Replay, replay, replay_state, rules_for
from engine.solving import SolveResult, limits, require_solvable, solve, task

QUICK_BUDGET = 30_000
"""first-winnable's default budget: seed 004's quick look, a fraction of a second a deal."""


@dataclass(frozen=True)
class Position:
    """A position to solve: the board it is played on (game and options) and its layout."""

    board: str
    game: str
    options: dict[str, str]
    layout: Layout


def _format_of(game_id: str) -> Any:
    fmt = game_of(game_id).solvitaire
    if fmt is None:
        ok = ", ".join(g for g, v in GAMES.items() if v.solvitaire is not None)
        raise BadInput(f"no Solvitaire position format for {game_id!r} yet; accepted games: {ok}")
    return fmt


def position_doc(code: str) -> dict[str, Any]:
    """The deal of `code` as a Solvitaire JSON document (a dict)."""
    d = deal(code)
    return _format_of(d.game).to_doc(d.layout)


def position_json(code: str) -> str:
    """The deal of `code` in Solvitaire's JSON format: one pile a line, as its examples are."""
    return solvitaire.dumps(position_doc(code))


def position_after(code: str | Deal, moves: Sequence[str]) -> str:
    """The position reached by `moves` (undos allowed) on the deal of `code`, in Solvitaire's JSON
    format; BadInput for a line the referee refuses, or a position the format cannot hold."""
    d = code if isinstance(code, Deal) else deal(code)
    fmt = _format_of(d.game)
    rules = rules_for(d.game)
    state = rules.new_state(d.layout, d.options, seed=d.seed)
    played = replay_state(rules, state, list(moves))
    if not played.ok and played.at != len(moves):
        token = moves[played.at] if 0 <= played.at < len(moves) else "?"
        raise BadInput(f"move {played.at} ({token}): {played.error}; accepted: a legal line in the game's notation")
    return solvitaire.dumps(fmt.to_doc(fmt.layout_of(state)))


def _load(text: str) -> dict[str, Any]:
    """The JSON object of a document; BadInput, one line, for anything else (deep nesting too)."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise BadInput(f"the position is not valid JSON ({e.msg} at line {e.lineno} column {e.colno}); "
                       "accepted: Solvitaire's JSON format, e.g. {\"tableau piles\": [[\"AS\", ...], ...]}") from None
    except (RecursionError, ValueError) as e:  # nested past Python's stack; a number too long to read
        why = "nested too deeply" if isinstance(e, RecursionError) else str(e).split("\n")[0][:80]
        raise BadInput(f"the position is not a Solvitaire document ({why}); accepted: Solvitaire's JSON format") from None
    if not isinstance(doc, dict):
        raise BadInput("the position must be a JSON object (Solvitaire's format), e.g. {\"tableau piles\": [...]}")
    return doc


def read_position(text: str, board: str | None = None) -> Position:
    """A position from Solvitaire JSON. `board` (an id from `dealpool boards`) says the game and its
    options; without it the game is the one whose format has the document's shape (its tableau's
    pile count, its keys) and the board the first of that game whose options the cards fit.
    BadInput for invalid JSON, a card missing, twice or unknown, or a shape no game has."""
    doc = _load(text)
    if board is not None:
        b = board_of(board)
    else:
        games = [g for g in GAMES.values() if g.solvitaire is not None and g.solvitaire.claims(doc)]
        if len(games) != 1:
            known = "; ".join(f"{g.id}: {g.solvitaire.FORM}" for g in GAMES.values() if g.solvitaire is not None)
            what = "no game has" if not games else "more than one game has"
            raise BadInput(f"{what} this document's shape; accepted: {known} (or name the board with --board)")
        fmt = games[0].solvitaire
        wanted = fmt.options_of(doc) if hasattr(fmt, "options_of") else {}
        b = next((x for x in BOARDS.values() if x.game == games[0].id and wanted.items() <= dict(x.options).items()), None)
        if b is None:
            b = next(x for x in BOARDS.values() if x.game == games[0].id)
    layout = _format_of(b.game).from_doc(doc)
    return Position(board=b.id, game=b.game, options=dict(b.options), layout=layout)


def _solve_layout(game: str, options: dict[str, str], layout: Layout, budget: int, cap: int,
                  label: str, board: str | None) -> SolveResult:  # fmt: skip
    """Search a position that is no fresh deal (no seed: `_no_seed` refuses a game that redeals
    with one) within `budget` positions and `cap` MiB, both checked already (solving.limits)."""
    import time

    require_solvable(game)
    start = time.perf_counter()
    try:
        out = native.solve(game, layout, game_of(game).native_options(options), budget=budget, max_bytes=cap << 20)
    except ValueError as e:
        raise BadInput(f"the solver refused the position: {e}") from None
    return SolveResult(label, board, out.verdict, out.nodes, budget, out.line, out.reason, time.perf_counter() - start)


def _no_seed(game: str) -> None:
    """A redealing game's redeals shuffle with the deal's seed, which no position carries (nor
    Solvitaire's format): such a position is refused, one line, rather than searched without them."""
    if game_of(game).seeded:
        raise BadInput(f"{game} redeals with the deal's seed, which a position does not carry; "
                       "accepted: its deal's code (dealpool solve CODE)")  # fmt: skip


def replay_position(pos: Position, line: Sequence[str]) -> Replay:
    """The referee on `line` from the position (its rules, its options); never trusts the solver."""
    rules = rules_for(pos.game)
    return replay_state(rules, rules.new_state(pos.layout, pos.options), list(line))


def solve_position(pos: Position, budget: int | None = None, max_mb: int | None = None) -> SolveResult:
    """Search a position with at most `budget` positions (default: its board's). A won line has
    been replayed by the referee from the position; RunFailed if it was refused."""
    _no_seed(pos.game)
    rules_for(pos.game).new_state(pos.layout, pos.options)  # the referee accepts the position first
    budget, cap = limits(BOARDS[pos.board], budget, max_mb)
    r = _solve_layout(pos.game, pos.options, pos.layout, budget, cap, "position", pos.board)
    if r.verdict == "won":
        check = replay_position(pos, r.line)
        if not check.ok:
            raise RunFailed(f"the solver's line was refused by the referee at move {check.at}: {check.error}")
    return r


@dataclass(frozen=True)
class Hint:
    """The answer to a hint: `verdict` of the position reached ('won': `move` starts a winning
    continuation, `line` the whole of it; 'lost': no win from here; 'unknown': none found within
    the budget), with the solver's nodes and budget."""

    verdict: Literal["won", "lost", "unknown", "over"]
    move: str | None
    line: list[str]
    nodes: int
    budget: int


def hint(code: str | Deal, moves: Sequence[str], budget: int | None = None, max_mb: int | None = None) -> Hint:
    """The next move of a winning continuation after `moves` (undos allowed) on the deal of `code`
    (a Deal already dealt is not dealt again).

    Full knowledge: the solver sees every card, face-down and stock included, so the hint is what
    a player who knew them would play. BadInput for a bad code or a line the referee refuses;
    verdict 'over' when the moves already win."""
    d = code if isinstance(code, Deal) else deal(code)
    fmt = _format_of(d.game)
    _no_seed(d.game)
    rules = rules_for(d.game)
    state = rules.new_state(d.layout, d.options, seed=d.seed)
    played = replay_state(rules, state, list(moves))
    if played.ok:
        return Hint("over", None, [], 0, 0)
    if played.at != len(moves):
        token = moves[played.at] if 0 <= played.at < len(moves) else "?"
        raise BadInput(f"move {played.at} ({token}): {played.error}; accepted: a legal line in the game's notation")
    b = board_for(d)
    budget, cap = limits(b, budget, max_mb)
    layout = fmt.layout_of(state)
    r = _solve_layout(d.game, d.options, layout, budget, cap, d.code, b.id)
    if r.verdict != "won":
        return Hint(r.verdict, None, [], r.nodes, r.budget)
    check = replay_state(rules, rules.new_state(layout, d.options), r.line)
    if not check.ok:
        raise RunFailed(f"{d.code}: the solver's continuation was refused by the referee at {check.at}: {check.error}")
    return Hint("won", r.line[0], r.line, r.nodes, r.budget)


def first_winnable(codes: Sequence[str], budget: int = QUICK_BUDGET, max_mb: int | None = None,
                   grade: str | None = None) -> str | None:
    """The first of `codes` whose deal the solver wins within `budget` positions (the line replayed
    by the referee), or None. Every code is checked before any is solved (BadInput names a bad one).
    With `grade` (easy, medium, hard or expert), the first such deal of that grade (engine.grade,
    its board's playouts, run before the search: they cost less); every code's board must be graded."""
    from engine.grading import GRADES, board_grading, grade as grade_of

    if grade is not None and grade not in GRADES:
        raise BadInput(f"unknown grade {grade!r}; accepted: {', '.join(GRADES)}")
    tasks = [task(c, budget, max_mb) for c in codes]  # each dealt once, here
    if grade is not None:
        for t in tasks:
            if t.board is None or board_grading(t.board) is None:
                raise BadInput(f"board {t.board or 'of ' + t.code} is not graded, so --grade cannot choose its deals ({t.code})")
    for t in tasks:
        if grade is not None and grade_of(t.deal).grade != grade:
            continue
        r = solve(t)
        if r.verdict == "won" and replay(t.deal, r.line).ok:
            return t.code
    return None
