"""Commands for analysts and clients (registered in cli.py): `sql`, `hint`, `first-winnable`, and
`solve --position` (called from cmd_pool's `solve`). Only the CLI edge: the work is the engine's
(`engine.solve_position`, `engine.hint`, `engine.first_winnable`) and pipeline/analysts.py's.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

import engine
from pipeline import analysts
from pipeline.storage import Folder


def _read_text(source: str) -> str:
    """A file's text, or stdin's for '-'; BadInput for a file that cannot be read."""
    if source == "-":
        return sys.stdin.read()
    try:
        return Path(source).read_text()
    except (OSError, UnicodeDecodeError) as e:
        raise engine.BadInput(f"cannot read position file {source!r}: {getattr(e, 'strerror', None) or e}") from None


def solve_position(source: str, board: str | None, budget: int | None, max_mb: int, as_json: bool) -> None:
    """`dealpool solve --position FILE|-`: solve a Solvitaire JSON position, print verdict and line."""
    pos = engine.read_position(_read_text(source), board)
    r = engine.solve_position(pos, budget, max_mb)
    if as_json:
        click.echo(json.dumps({"board": r.board, "verdict": r.verdict, "nodes": r.nodes, "budget": r.budget,
                               "reason": r.reason, "line": r.line, "referee": "ok" if r.line else ""}))  # fmt: skip
        return
    why = f" ({r.reason})" if r.reason else ""
    click.echo(f"position  {r.board}  {r.verdict}{why}  {r.nodes:,} nodes (budget {r.budget:,})")
    if r.line:
        click.echo(" ".join(r.line))


@click.command("sql")
@click.argument("query")
@click.option("--csv", "as_csv", is_flag=True, help="Print CSV (a header line, then one line a row).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON array of objects.")
@click.pass_context
def sql_cmd(ctx: click.Context, query: str, as_csv: bool, as_json: bool) -> None:
    """Run QUERY on <data>/dealpool.duckdb (written by `dealpool report`) and print the result.

    Views: deals, verdicts (the row that counts per deal), verdicts_all (every attempt),
    board_counts, pass_rates (per board, 95 % Wilson interval), published. Read only.
    """
    if as_csv and as_json:
        raise engine.BadInput("give --csv or --json, not both")
    cols, rows = analysts.query(Folder(ctx.obj["data"]), query)
    fmt = analysts.as_csv if as_csv else analysts.as_json if as_json else analysts.as_table
    click.echo(fmt(cols, rows))


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
        engine.deal(code)
    except engine.BadInput as e:
        raise engine.BadInput(f"bad code: {e}") from None
    moves = engine.parse_line(sys.stdin.read())
    h = engine.hint(code, moves, budget)
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
def first_winnable_cmd(codes: tuple[str, ...], budget: int) -> int:
    """Print the first of CODES whose deal the solver wins within the budget (its line replayed by
    the referee); exit 1 if none. Seed 004's quick look, for endless winnable deals."""
    found = engine.first_winnable(list(codes), budget)
    if found is None:
        click.echo(f"none of the {len(codes)} codes won within {budget:,} positions", err=True)
        return 1
    click.echo(found)
    return 0


COMMANDS = (sql_cmd, hint_cmd, first_winnable_cmd)
