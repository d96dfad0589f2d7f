"""What the command modules share: the data folder and the solver from the Click context, the options
several commands take, and the sample options' checks. No command lives here, so a command module
imports this and never another command module.
"""

from __future__ import annotations

from pathlib import Path

import click

import engine
from pipeline import cluster, memcap, sample
from pipeline.limits import MAX_CLASSIC, check_random
from pipeline.solver import Solver
from pipeline.store import Folder


def folder(ctx: click.Context) -> Folder:
    """The data folder the group's --data names."""
    return Folder(Path(ctx.obj["data"]))


def solver(ctx: click.Context) -> Solver:
    """The solver the group runs on: the engine, or a test's stand-in (cli.main(argv, solver=...))."""
    s: Solver = ctx.obj["solver"]
    return s


boards_opt = click.option(
    "--boards", default=None, metavar="B1,B2", help="Boards, comma-separated, or `all` (default: every solvable board of the default pool; `dealpool boards` shows which)."
)
budget_opt = click.option(
    "--budget", "--nodes", "budget", type=int, default=None,
    help="Node budget per deal: the most positions searched (default: the board's). --nodes is its old name.",
)  # fmt: skip
workers_opt = click.option("--workers", type=int, default=None, help="Worker processes (default: all cores).")
maxmb_opt = click.option(
    "--max-mb", type=int, default=None,
    help=f"Memory cap of one search in MiB (what its tables and lists allocate); past it the deal is unknown"
    f" (memory). Default: {engine.DEFAULT_MAX_MB}, or less when the machine's available memory cannot hold"
    f" {memcap.SLACK} x cap + {memcap.ROOM_MB} MiB for every worker (here now:"
    f" {memcap.default_max_mb(None)} with one worker a core).",
)  # fmt: skip
quiet_opt = click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
cluster_opt = click.option(
    "--cluster", default=None, envvar=cluster.ENV, show_envvar=True, metavar="ADDRESS",
    help="Solve on Dask: local, local:N (N worker processes) or tcp://host:port (docs/cluster.md).",
)  # fmt: skip
classic_opt = click.option(
    "--classic", default=None, metavar="A-B",
    help=f"Classic FreeCell deals A..B (C codes, within 1..{MAX_CLASSIC:,}; FreeCell boards only).",
)  # fmt: skip


def check_cluster(address: str | None, workers: int | None) -> None:
    if cluster.parse(address) is not None and workers is not None:
        raise engine.BadInput("give --workers (the local pool) or --cluster (local:N for N Dask workers), not both")


def check_sample(numbers: str | None, random_: int | None, classic: str | None = None) -> None:
    """The sample options, checked before any work."""
    if sum(x is not None for x in (numbers, random_, classic)) > 1:
        raise engine.BadInput("give one of --numbers, --random, --classic")
    if numbers is not None:
        sample.parse_range(numbers)
    if classic is not None:
        sample.parse_range(classic, MAX_CLASSIC, "classic FreeCell deals")
    if random_ is not None:
        check_random(random_)


def sample_into(folder: Folder, boards: list[str], numbers: str | None, random_: int | None,
                classic: str | None = None) -> dict[str, int]:  # fmt: skip
    """Add the deals the sample options (checked: check_sample) name to the folder's `deals` table."""
    if numbers is not None:
        lo, hi = sample.parse_range(numbers)
        return sample.sample_numbers(folder, boards, lo, hi)
    if classic is not None:
        lo, hi = sample.parse_range(classic, MAX_CLASSIC, "classic FreeCell deals")
        return sample.sample_classic(folder, boards, lo, hi)
    if random_ is not None:
        return sample.sample_random(folder, boards, random_)
    raise engine.BadInput("give --numbers A-B (numbered deals), --classic A-B (classic FreeCell) or --random N (random seeds)")


no_grade_opt = click.option(
    "--no-grade", "no_grade", is_flag=True,
    help="Do not grade the won deals after solving (pipeline/grades.py; `check` then names them ungraded).",
)  # fmt: skip


def grade_step(folder: Folder, boards: list[str], workers: int | None, quiet: bool, run: object = None) -> None:
    """Grade the won deals of the graded boards of `boards` that have none yet (pipeline/grades.py),
    printing the per-board cost; under the caller's write lock."""
    from pipeline import grades

    summary = grades.grade_pool(folder, boards, workers, quiet, run)  # type: ignore[arg-type]
    for line in summary.lines():
        click.echo(line)
