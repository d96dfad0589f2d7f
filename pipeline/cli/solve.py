"""`dealpool solve`: one deal (CODE, or --board BOARD NUMBER), a position (--position FILE), or every
sampled, unsolved deal of the data folder (pipeline/solve.py) across workers or a Dask cluster."""

from __future__ import annotations

import json

import click

import engine
from pipeline import cluster, files, limits, memcap, sample, solve, store
from pipeline.cli import common
from pipeline.store import Folder


def _read_text(source: str) -> str:
    """A file's text, or stdin's for '-', at most limits.MAX_INPUT bytes (files.read_input)."""
    return files.read_input(source, limits.MAX_INPUT, "position file" if source != "-" else "the position")


def _solve_position(source: str, board: str | None, budget: int | None, max_mb: int, as_json: bool) -> None:
    """`dealpool solve --position FILE|-`: solve a Solvitaire JSON position, print verdict and line."""
    try:
        pos = engine.read_position(_read_text(source), board)
    except RecursionError:
        raise engine.BadInput("the position's JSON is nested too deeply; accepted: Solvitaire's JSON deal format") from None
    r = engine.solve_position(pos, budget, max_mb)
    if as_json:
        click.echo(json.dumps({"board": r.board, "verdict": r.verdict, "nodes": r.nodes, "budget": r.budget,
                               "reason": r.reason, "line": r.line, "referee": "ok" if r.line else ""}))  # fmt: skip
        return
    why = f" ({r.reason})" if r.reason else ""
    click.echo(f"position  {r.board}  {r.verdict}{why}  {r.nodes:,} nodes (budget {r.budget:,})")
    if r.line:
        click.echo(" ".join(r.line))


def _stored_boards(folder: Folder) -> list[str]:
    have = set(store.read_table(folder, store.DEALS).column("board").to_pylist())
    return [b for b in engine.solvable_boards() if b in have]


def _solve_batch(ctx: click.Context, boards: str | None, budget: int | None, workers: int | None,
                 max_mb: int | None, quiet: bool, address: str | None = None, no_grade: bool = False) -> None:  # fmt: skip
    max_mb = memcap.resolve(max_mb, workers)
    folder = common.folder(ctx).require()
    bs = sample.parse_boards(boards) if boards else _stored_boards(folder)
    if not bs:
        raise engine.BadInput(f"no sampled deals of a solvable board in {str(folder.root)!r} (run `dealpool sample`)")
    with store.writer(folder), cluster.runner(address) as run:
        summary = solve.solve_pool(folder, bs, budget, max_mb, workers, quiet, common.solver(ctx), run)
        click.echo(summary.line())
        if not no_grade:
            common.grade_step(folder, bs, workers, quiet, run)
    solve.raise_on_refusals(summary)


@click.command("solve")
@click.argument("args", nargs=-1)
@click.option("--board", default=None, help="Solve numbered deal NUMBER of this board.")
@common.boards_opt
@common.budget_opt
@click.option("--json", "as_json", is_flag=True, help="One deal: print JSON (code, board, verdict, nodes, line).")
@click.option("--position", default=None, metavar="FILE|-",
              help="Solve a position in Solvitaire's JSON deal format (--board: its board; default by pile count).")
@common.workers_opt
@common.maxmb_opt
@common.quiet_opt
@common.cluster_opt
@common.no_grade_opt
@click.pass_context
def solve_cmd(ctx: click.Context, args: tuple[str, ...], board: str | None, boards: str | None, budget: int | None,
              as_json: bool, position: str | None, workers: int | None, max_mb: int | None, quiet: bool,
              cluster: str | None, no_grade: bool = False) -> None:  # fmt: skip
    """Solve one deal (CODE, or --board BOARD NUMBER), a position (--position FILE, - for stdin),
    or with none every sampled, unsolved deal of the data folder across worker processes."""
    limits.check_options(budget, max_mb, workers)
    common.check_cluster(cluster, workers)
    if position is not None:
        if args or boards:
            raise engine.BadInput("--position takes no CODE, NUMBER or --boards; accepted: solve --position FILE [--board BOARD]")
        _solve_position(position, board, budget, memcap.resolve(max_mb, 1), as_json)
        return
    if board is not None:
        if len(args) != 1:
            raise engine.BadInput("with --board give one NUMBER: dealpool solve --board BOARD NUMBER")
        sample.check_board(board)
        try:
            number = int(args[0])
        except ValueError:
            raise engine.BadInput(f"bad deal number {args[0]!r}: give a whole number 1..{limits.MAX_NUMBER:,}") from None
        code = engine.board_code(board, number)
    elif len(args) == 1:
        code = args[0]
    elif len(args) > 1:
        raise engine.BadInput("give one CODE, or --board BOARD NUMBER, or nothing to solve the data folder")
    else:
        _solve_batch(ctx, boards, budget, workers, max_mb, quiet, cluster, no_grade)
        return
    task = engine.task(code, budget, memcap.resolve(max_mb, 1))  # dealt once; its budget defaulted and checked
    row = solve.solve_task(engine.board_for(task.deal).id, task, common.solver(ctx))
    verdict = row["verdict"]
    if as_json:
        out = {k: row[k] for k in ("code", "board", "verdict", "nodes", "line")}
        out.update(budget=task.budget, reason=row["reason"], referee=row["referee"])
        click.echo(json.dumps(out))
    else:
        why = f" ({row['reason']})" if row["reason"] else ""
        click.echo(f"{task.code}  {row['board']}  {verdict}{why}  {row['nodes']:,} nodes (budget {task.budget:,})")
        if row["line"]:
            click.echo(" ".join(row["line"]))
    if verdict == "error":
        raise engine.RunFailed(f"{task.code}: {row['reason']}")


COMMANDS = (solve_cmd,)
