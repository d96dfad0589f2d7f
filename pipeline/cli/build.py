"""`dealpool build` (sample and solve: until --target N won deals per board, or a fixed sample) and
`dealpool pool` (what `make pool` runs: build, then check, report, export and verify).

Thin Click wrappers: the work is in pipeline/sample.py, solve.py, build.py and the steps of
pipeline/cli/steps.py. A run that finds something wrong raises engine.RunFailed (exit 1) after
printing its summary.
"""

from __future__ import annotations

import click

import engine
from pipeline import build, cluster, limits, memcap, sample, solve, store
from pipeline.cli import common, steps
from pipeline.engine_build import check_one_build
from pipeline.plan import budgets_for
from pipeline.store import Folder

DEFAULT_POOL_NUMBERS = "1-100"
"""`make pool`: numbered deals 1..100 of every solvable board (a few minutes on 2 cores)."""


def _build(ctx: click.Context, boards: str | None, target: int | None, numbers: str | None, random_: int | None,
           budget: int | None, workers: int | None, max_mb: int | None, quiet: bool, classic: str | None = None,
           address: str | None = None, no_grade: bool = False) -> None:  # fmt: skip
    """Sample and solve with options the command has checked."""
    max_mb = memcap.resolve(max_mb, workers)
    folder = common.folder(ctx)
    bs = sample.parse_boards(boards)
    if not bs:
        raise engine.BadInput("no solvable board: the native engine has no solver built yet")
    if classic is not None:
        for b in bs:
            sample.classic_code(b, 1)
    with store.writer(folder), cluster.runner(address) as run:
        _build_locked(ctx, folder, bs, target, numbers, random_, budget, workers, max_mb, quiet, classic, run, no_grade)


def _build_locked(ctx: click.Context, folder: Folder, bs: list[str], target: int | None, numbers: str | None,
                  random_: int | None, budget: int | None, workers: int | None, max_mb: int, quiet: bool,
                  classic: str | None, run: cluster.Runner | None = None, no_grade: bool = False) -> None:  # fmt: skip
    check_one_build(folder)  # before sampling: no work done for a run that would be refused
    store.record_asks(folder, budgets_for(bs, budget))  # before sampling: a kill after it still fails `check`
    if target is not None:
        if numbers is not None or random_ is not None or classic is not None:
            raise engine.BadInput("give --target, or a fixed sample (--numbers / --random / --classic), not both")
        summary = build.build_target(folder, bs, target, budget, max_mb, workers, quiet, click.echo, common.solver(ctx), run)
    else:
        common.sample_into(folder, bs, numbers, random_, classic)
        summary = solve.solve_pool(folder, bs, budget, max_mb, workers, quiet, common.solver(ctx), run)
        click.echo(summary.line())
    if not no_grade:  # what was won is graded before errors are reported (pipeline/grades.py)
        common.grade_step(folder, bs, workers, quiet, run)
    solve.raise_on_refusals(summary)


@click.command("build")
@common.boards_opt
@click.option("--target", type=int, default=None, help="Sample and solve until N won deals per board.")
@click.option("--numbers", default=None, metavar="A-B", help="Or: a fixed sample of numbered deals.")
@click.option("--random", "random_", type=int, default=None, metavar="N", help="Or: N random deals per board.")
@common.classic_opt
@common.budget_opt
@common.workers_opt
@common.maxmb_opt
@common.quiet_opt
@common.cluster_opt
@common.no_grade_opt
@click.pass_context
def build_cmd(ctx: click.Context, boards: str | None, target: int | None, numbers: str | None, random_: int | None,
              classic: str | None, budget: int | None, workers: int | None, max_mb: int | None, quiet: bool,
              cluster: str | None, no_grade: bool = False) -> None:  # fmt: skip
    """Sample and solve: until --target N won deals per board, or over a fixed sample."""
    limits.check_options(budget, max_mb, workers, target)
    common.check_cluster(cluster, workers)
    common.check_sample(numbers, random_, classic)
    _build(ctx, boards, target, numbers, random_, budget, workers, max_mb, quiet, classic, cluster, no_grade)


@click.command("pool")
@common.boards_opt
@click.option("--numbers", default=None, metavar="A-B",
              help=f"Numbered deals per board (default {DEFAULT_POOL_NUMBERS}).")  # fmt: skip
@click.option("--target", type=int, default=None, help="Instead: until N won deals per board.")
@click.option("--random", "random_", type=int, default=None, metavar="N", help="Instead: N random deals per board.")
@common.classic_opt
@common.budget_opt
@common.workers_opt
@common.maxmb_opt
@common.quiet_opt
@common.cluster_opt
@common.no_grade_opt
@click.pass_context
def pool_cmd(ctx: click.Context, boards: str | None, numbers: str | None, target: int | None,
             random_: int | None, classic: str | None, budget: int | None, workers: int | None, max_mb: int | None,
             quiet: bool, cluster: str | None, no_grade: bool = False) -> None:  # fmt: skip
    """What `make pool` runs: build a modest pool of every solvable board, then check, report and
    export it into the data folder (export in <data>/pool)."""
    if numbers is None and target is None and random_ is None and classic is None:
        numbers = DEFAULT_POOL_NUMBERS
    limits.check_options(budget, max_mb, workers, target)
    common.check_sample(numbers, random_, classic)
    common.check_cluster(cluster, workers)
    with store.writer(common.folder(ctx)):
        _build(ctx, boards, target, numbers, random_, budget, workers, max_mb, quiet, classic, cluster, no_grade)
        steps.check(ctx, grades=not no_grade)
        steps.report(ctx)
        steps.export(ctx)
    steps.verify(ctx, common.folder(ctx).root / "pool")


COMMANDS = (build_cmd, pool_cmd)
