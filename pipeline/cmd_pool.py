"""Pool commands: sample, solve, build, check, report, export, verify, pool (see pipeline/cli.py).

Thin Click wrappers: the work is in pipeline/pool.py, check.py, report.py and export.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from engine.errors import DealpoolError
from pipeline import engine_port, pool, storage
from pipeline.cli import fail, main_group
from pipeline.storage import Folder

DEFAULT_POOL_NUMBERS = "1-100"
"""`make pool`: numbered deals 1..100 of every solvable board (a few minutes on 2 cores)."""


def _folder(ctx: click.Context) -> Folder:
    return Folder(Path(ctx.obj["data"]))


def _say(msg: str) -> None:
    click.echo(msg)


_boards_opt = click.option(
    "--boards", default=None, metavar="B1,B2", help="Boards, comma-separated (default: every solvable board)."
)
_nodes_opt = click.option("--nodes", type=int, default=None, help="Node budget per deal (default: the board's).")
_workers_opt = click.option(
    "--workers", type=int, default=None, help="Worker processes (default: all cores)."
)
_maxmb_opt = click.option(
    "--max-mb", type=int, default=pool.DEFAULT_MAX_MB, show_default=True,
    help="Memory cap of one search; past it the deal is unknown.",
)  # fmt: skip
_quiet_opt = click.option("--quiet", "-q", is_flag=True, help="No progress bar.")


def _check_workers(workers: int | None) -> None:
    if workers is not None and workers < 1:
        raise DealpoolError(f"bad --workers {workers}: give at least 1")


def _sample(folder: Folder, boards: list[str], numbers: str | None, random_: int | None) -> dict[str, int]:
    if numbers is not None and random_ is not None:
        raise DealpoolError("give --numbers or --random, not both")
    if numbers is not None:
        lo, hi = pool.parse_range(numbers)
        return pool.sample_numbers(folder, boards, lo, hi)
    if random_ is not None:
        return pool.sample_random(folder, boards, random_)
    raise DealpoolError("give --numbers A-B (numbered deals) or --random N (random seeds)")


@main_group.command()
@_boards_opt
@click.option("--numbers", default=None, metavar="A-B", help="Numbered deals A..B (within 1..1,000,000).")
@click.option("--random", "random_", type=int, default=None, metavar="N", help="N random 512-bit seeds per board.")
@click.pass_context
def sample(ctx: click.Context, boards: str | None, numbers: str | None, random_: int | None) -> None:
    """Add deals to the `deals` table (deals already stored are skipped)."""
    bs = engine_port.parse_boards(boards, solvable=False)
    added = _sample(_folder(ctx), bs, numbers, random_)
    _say("sample: " + ", ".join(f"{b} +{n}" for b, n in added.items()))


def _stored_boards(folder: Folder) -> list[str]:
    have = set(storage.read_table(folder, storage.DEALS).column("board").to_pylist())
    return [b for b in engine_port.solvable_boards() if b in have]


def _fail_on_refusals(summary: pool.Summary) -> None:
    """A won line the referee refused fails the run loudly (exit 1), after the summary."""
    try:
        pool.raise_on_refusals(summary)
    except pool.PipelineFailure as e:
        fail(str(e), 1)


def _solve_batch(ctx: click.Context, boards: str | None, nodes: int | None, workers: int | None,
                 max_mb: int, quiet: bool) -> None:  # fmt: skip
    folder = _folder(ctx).require()
    bs = engine_port.parse_boards(boards) if boards else _stored_boards(folder)
    if not bs:
        raise DealpoolError(f"no sampled deals of a solvable board in {str(folder.root)!r} (run `dealpool sample`)")
    summary = pool.solve_pool(folder, bs, nodes, max_mb, workers, quiet)
    _say(summary.line())
    _fail_on_refusals(summary)


@main_group.command()
@click.argument("args", nargs=-1)
@click.option("--board", default=None, help="Solve numbered deal NUMBER of this board.")
@_boards_opt
@_nodes_opt
@click.option("--json", "as_json", is_flag=True, help="One deal: print JSON (code, board, verdict, nodes, line).")
@_workers_opt
@_maxmb_opt
@_quiet_opt
@click.pass_context
def solve(ctx: click.Context, args: tuple[str, ...], board: str | None, boards: str | None, nodes: int | None,
          as_json: bool, workers: int | None, max_mb: int, quiet: bool) -> None:  # fmt: skip
    """Solve one deal (CODE, or --board BOARD NUMBER), or with neither every sampled, unsolved deal
    of the data folder across worker processes."""
    _check_workers(workers)
    if nodes is not None and nodes < 1:
        raise DealpoolError(f"bad --nodes {nodes}: give a budget of at least 1 position")
    if board is not None:
        if len(args) != 1:
            raise DealpoolError("with --board give one NUMBER: dealpool solve --board BOARD NUMBER")
        engine_port.check_board(board)
        try:
            number = int(args[0])
        except ValueError:
            raise DealpoolError(f"bad deal number {args[0]!r}: give a whole number 1..{pool.MAX_NUMBER:,}") from None
        code = engine_port.board_code(board, number)
    elif len(args) == 1:
        code = args[0]
    elif len(args) > 1:
        raise DealpoolError("give one CODE, or --board BOARD NUMBER, or nothing to solve the data folder")
    else:
        _solve_batch(ctx, boards, nodes, workers, max_mb, quiet)
        return
    d = engine_port.deal(code)
    engine_port.check_game_solvable(d.game)
    budget = nodes if nodes is not None else d.budget
    row = pool.solve_one((d.board, d.code, budget, max_mb))
    verdict = row["verdict"]
    if as_json:
        out = {k: row[k] for k in ("code", "board", "verdict", "nodes", "line")}
        out.update(budget=budget, reason=row["reason"], referee=row["referee"])
        click.echo(json.dumps(out))
    else:
        why = f" ({row['reason']})" if row["reason"] else ""
        click.echo(f"{d.code}  {d.board}  {verdict}{why}  {row['nodes']:,} nodes (budget {budget:,})")
        if row["line"]:
            click.echo(" ".join(row["line"]))
    if verdict == "error":
        fail(f"{d.code}: {row['reason']}", 1)


@main_group.command()
@_boards_opt
@click.option("--target", type=int, default=None, help="Sample and solve until N won deals per board.")
@click.option("--numbers", default=None, metavar="A-B", help="Or: a fixed sample of numbered deals.")
@click.option("--random", "random_", type=int, default=None, metavar="N", help="Or: N random deals per board.")
@_nodes_opt
@_workers_opt
@_maxmb_opt
@_quiet_opt
@click.pass_context
def build(ctx: click.Context, boards: str | None, target: int | None, numbers: str | None, random_: int | None,
          nodes: int | None, workers: int | None, max_mb: int, quiet: bool) -> None:  # fmt: skip
    """Sample and solve: until --target N won deals per board, or over a fixed sample."""
    _build(_folder(ctx), boards, target, numbers, random_, nodes, workers, max_mb, quiet)


def _build(folder: Folder, boards: str | None, target: int | None, numbers: str | None, random_: int | None,
           nodes: int | None, workers: int | None, max_mb: int, quiet: bool) -> None:  # fmt: skip
    _check_workers(workers)
    bs = engine_port.parse_boards(boards)
    if not bs:
        raise DealpoolError("no solvable board: the native engine has no solver built yet")
    if target is not None:
        if numbers is not None or random_ is not None:
            raise DealpoolError("give --target, or a fixed sample (--numbers / --random), not both")
        summary = pool.build_target(folder, bs, target, nodes, max_mb, workers, quiet, _say)
    else:
        _sample(folder, bs, numbers, random_)
        summary = pool.solve_pool(folder, bs, nodes, max_mb, workers, quiet)
        _say(summary.line())
    _fail_on_refusals(summary)


@main_group.command()
@click.option("--deals", "n_deals", type=int, default=20, show_default=True, help="Codes re-dealt per board.")
@click.option("--solves", "n_solves", type=int, default=10, show_default=True, help="Verdicts re-solved per board.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the sample's choice.")
@click.pass_context
def check(ctx: click.Context, n_deals: int, n_solves: int, seed: int) -> None:
    """Determinism: re-deal and re-solve samples, check the spec's test values. One line."""
    from pipeline.check import run_check

    res = run_check(_folder(ctx), n_deals, n_solves, seed)
    if not res.ok:
        fail(res.line(), 1)
    _say(res.line())


@main_group.command()
@click.pass_context
def report(ctx: click.Context) -> None:
    """Write report.md, report.html and plots/ from the SQL in reports/."""
    from pipeline.report import write_report

    paths = write_report(_folder(ctx))
    _say("report: " + ", ".join(str(p) for p in paths[:2]))


@main_group.command()
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Export folder (default: <data>/pool).")  # fmt: skip
@click.pass_context
def export(ctx: click.Context, out: Path | None) -> None:
    """Write the proven-winnable deals with their lines (JSON, Parquet) and manifest.json."""
    from pipeline.export import export_pool

    folder = _folder(ctx)
    out = out or folder.root / "pool"
    m = export_pool(folder, out)
    counts = ", ".join(f"{b} {i['count']}" for b, i in m["boards"].items()) or "no won deals"
    _say(f"export: {out}: {counts}")


@main_group.command()
@click.argument("directory", type=click.Path(path_type=Path))
def verify(directory: Path) -> None:
    """Re-deal and replay an exported pool from its files alone; fail loudly on any change."""
    from pipeline.export import verify_pool

    n, problems = verify_pool(directory)
    if problems:
        fail(f"verify: FAILED, {len(problems)} problem(s) in {directory}: " + "; ".join(problems[:5]), 1)
    _say(f"verify: OK, {n} deals re-dealt and replayed from {directory}")


@main_group.command("pool")
@_boards_opt
@click.option("--numbers", default=None, metavar="A-B",
              help=f"Numbered deals per board (default {DEFAULT_POOL_NUMBERS}).")  # fmt: skip
@click.option("--target", type=int, default=None, help="Instead: until N won deals per board.")
@click.option("--random", "random_", type=int, default=None, metavar="N", help="Instead: N random deals per board.")
@_nodes_opt
@_workers_opt
@_maxmb_opt
@_quiet_opt
@click.pass_context
def pool_cmd(ctx: click.Context, boards: str | None, numbers: str | None, target: int | None,
             random_: int | None, nodes: int | None, workers: int | None, max_mb: int, quiet: bool) -> None:  # fmt: skip
    """What `make pool` runs: build a modest pool of every solvable board, then check, report and
    export it into the data folder (export in <data>/pool)."""
    folder = _folder(ctx)
    if numbers is None and target is None and random_ is None:
        numbers = DEFAULT_POOL_NUMBERS
    _build(folder, boards, target, numbers, random_, nodes, workers, max_mb, quiet)
    ctx.invoke(check)
    ctx.invoke(report)
    ctx.invoke(export, out=None)
    ctx.invoke(verify, directory=folder.root / "pool")


__all__ = ["sample", "solve", "build", "check", "report", "export", "verify", "pool_cmd"]
