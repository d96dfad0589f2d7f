"""Playing a deal: `dealpool replay CODE` (the referee on the command line), `hint CODE` (the next
winning move), `first-winnable CODES` (seed 004's quick look). Only the CLI edge: the work is the
engine's (`engine.replay`, `engine.hint`, `engine.first_winnable`).

`replay` reads a line from stdin (moves separated by whitespace, or a JSON array of strings) and exits 0 only
when it wins the deal; a line that doesn't exits 1 naming the first bad entry; a bad code or an
unreadable line is bad input (exit 2, one line, via engine.BadInput).
"""

from __future__ import annotations

import json

import click

import engine
from pipeline import files, limits


@click.command("replay")
@click.argument("code")
@click.option("--format", "fmt", type=click.Choice(["text", "solvitaire"]), default="text", show_default=True,
              help="solvitaire: print the position the line reaches in Solvitaire's JSON format (exit 0).")
def replay_cmd(code: str, fmt: str) -> int:
    """Replay a line of play on the deal CODE; exit 0 only if it wins.

    The line is read from stdin: moves separated by whitespace, or a JSON array of strings, in the
    game's notation (docs/notation.md; undos as u or uN). A line of legal moves that does not end
    won exits 1 ("move <index> (end of line): not won"); a move refused where it stands (illegal,
    nothing to undo, after the win), a bad code or unreadable input is bad input: one line
    "dealpool: error: move <index> (<token>): <reason>" on stderr, exit 2. With --format
    solvitaire the position reached is printed instead (won or not), for Solvitaire or
    `dealpool solve --position`.
    """
    try:  # a bad code is refused before stdin is read
        deal = engine.deal(code)
    except engine.BadInput as e:
        raise engine.BadInput(f"bad code: {e}") from None
    line = engine.parse_line(files.read_input("-", limits.MAX_INPUT, "the line"))
    if fmt == "solvitaire":
        click.echo(engine.position_after(deal, line), nl=False)
        return 0
    result = engine.replay(deal, line)
    if result.at == -1 and not result.ok:
        raise engine.BadInput(f"{result.error}")
    if result.ok:
        click.echo(f"won in {result.moves} moves ({result.kept} kept, {result.undos} undos)")
        return 0
    if result.at < len(line):  # a move the rules refuse where it stands: bad input
        token = line[result.at] if len(line[result.at]) <= 40 else line[result.at][:40] + "..."
        raise engine.BadInput(f"move {result.at} ({token}): {result.error}")
    click.echo(f"move {result.at} (end of line): {result.error}")
    return 1


@click.command("hint")
@click.argument("code")
@click.option("--budget", type=int, default=None, help="Positions the search may expand (default: the board's).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (verdict, move, line, nodes, budget).")
def hint_cmd(code: str, budget: int | None, as_json: bool) -> None:
    """Print the next move of a winning continuation of the deal CODE.

    The moves played so far are read from stdin (the replay notation: moves separated by spaces, or
    a JSON array; undos u / uN allowed; empty for the start). Full knowledge: the solver sees every
    card, the face-down ones and the stock's order included, so the hint is what a player who knew
    them would play; it says `lost` when no win remains from the position and `unknown` when none
    was found within the budget. An illegal line is bad input (exit 2).
    """
    try:  # a bad code is refused before stdin is read
        dealt = engine.deal(code)
    except engine.BadInput as e:
        raise engine.BadInput(f"bad code: {e}") from None
    moves = engine.parse_line(files.read_input("-", limits.MAX_INPUT, "the line"))
    h = engine.hint(dealt, moves, budget)
    if as_json:
        click.echo(json.dumps({"verdict": h.verdict, "move": h.move, "line": h.line, "nodes": h.nodes, "budget": h.budget}))
    elif h.verdict == "won":
        click.echo(f"{h.move}    (winning continuation of {len(h.line)} moves, {h.nodes:,} nodes)")
    elif h.verdict == "over":
        click.echo("already won: no move left to play")
    elif h.verdict == "lost":
        click.echo(f"lost: no winning continuation from this position ({h.nodes:,} nodes, a complete search)")
    else:
        click.echo(f"unknown: no win found within the budget of {h.budget:,} positions")


@click.command("first-winnable")
@click.argument("codes", nargs=-1, required=True)
@click.option("--budget", type=int, default=engine.QUICK_BUDGET, show_default=True,
              help="Positions each deal's search may expand.")  # fmt: skip
@click.option("--grade", type=click.Choice(engine.GRADES), default=None,
              help="Only a deal of this grade (engine.grade: its board's playouts; graded boards only).")  # fmt: skip
def first_winnable_cmd(codes: tuple[str, ...], budget: int, grade: str | None = None) -> int:
    """Print the first of CODES whose deal the solver wins within the budget (its line replayed by
    the referee); exit 1 if none. Seed 004's quick look, for endless winnable deals. With --grade,
    the first such deal of that grade."""
    found = engine.first_winnable(list(codes), budget, grade=grade)
    if found is None:
        what = f" {grade} and" if grade else ""
        click.echo(f"none of the {len(codes)} codes{what} won within {budget:,} positions", err=True)
        return 1
    click.echo(found)
    return 0


@click.command("grade")
@click.argument("code")
@click.option("--playouts", type=int, default=None, help="Playouts (default: the board's K).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (grade, wins, playouts, interval, won_moves, version).")
def grade_cmd(code: str, playouts: int | None, as_json: bool) -> None:
    """How hard CODE is for a player who cannot see the face-down cards: the share of the board's
    visible-information playouts won, its 95 % Wilson interval, and the grade from the board's
    thresholds (engine.grade)."""
    g = engine.grade(code, playouts)
    if as_json:
        click.echo(json.dumps({"code": g.code, "board": g.board, "grade": g.grade, "wins": g.wins,
                               "playouts": g.playouts, "low": round(g.low, 4), "high": round(g.high, 4),
                               "won_moves": round(g.won_moves, 1), "version": g.version}))
        return
    click.echo(f"{g.grade}: {g.wins}/{g.playouts} playouts won ({g.share:.1%}, 95 % Wilson {g.low:.1%}-{g.high:.1%}), "
               f"won in {g.won_moves:.0f} moves on average; player {g.version}")


COMMANDS = (replay_cmd, hint_cmd, first_winnable_cmd, grade_cmd)
