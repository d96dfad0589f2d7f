"""Pool commands: sample, solve, build, check, report, export, verify, pool, keygen (registered in cli.py).

Thin Click wrappers: the work is in pipeline/sample.py, pool.py, check.py, report.py and export.py.
A run that finds something wrong raises engine.RunFailed (exit 1) after printing its summary.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

import engine
from pipeline import cluster, cmd_client, fairness, memcap, pool, sample, storage
from pipeline.check import run_check
from pipeline.export import export_pool, keygen, verify_fair, verify_pool
from pipeline.report import write_report
from pipeline.solver import Solver
from pipeline.storage import Folder

DEFAULT_POOL_NUMBERS = "1-100"
"""`make pool`: numbered deals 1..100 of every solvable board (a few minutes on 2 cores)."""


def _folder(ctx: click.Context) -> Folder:
    return Folder(Path(ctx.obj["data"]))


def _solver(ctx: click.Context) -> Solver:
    solver: Solver = ctx.obj["solver"]
    return solver


_boards_opt = click.option(
    "--boards", default=None, metavar="B1,B2", help="Boards, comma-separated, or `all` (default: every solvable board of the default pool; `dealpool boards` shows which)."
)
_budget_opt = click.option(
    "--budget", "--nodes", "budget", type=int, default=None,
    help="Node budget per deal: the most positions searched (default: the board's). --nodes is its old name.",
)  # fmt: skip
_workers_opt = click.option("--workers", type=int, default=None, help="Worker processes (default: all cores).")
_maxmb_opt = click.option(
    "--max-mb", type=int, default=None,
    help=f"Memory cap of one search in MiB (what its tables and lists allocate); past it the deal is unknown"
    f" (memory). Default: {engine.DEFAULT_MAX_MB}, or less when the machine's available memory cannot hold"
    f" {memcap.SLACK} x cap + {memcap.ROOM_MB} MiB for every worker (here now:"
    f" {memcap.default_max_mb(None)} with one worker a core).",
)  # fmt: skip
_quiet_opt = click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
_cluster_opt = click.option(
    "--cluster", default=None, envvar=cluster.ENV, show_envvar=True, metavar="ADDRESS",
    help="Solve on Dask: local, local:N (N worker processes) or tcp://host:port (docs/cluster.md).",
)  # fmt: skip


def _check_cluster(address: str | None, workers: int | None) -> None:
    if cluster.parse(address) is not None and workers is not None:
        raise engine.BadInput("give --workers (the local pool) or --cluster (local:N for N Dask workers), not both")


_classic_opt = click.option(
    "--classic", default=None, metavar="A-B",
    help=f"Classic FreeCell deals A..B (C codes, within 1..{sample.MAX_CLASSIC:,}; FreeCell boards only).",
)  # fmt: skip


def _check_sample(numbers: str | None, random_: int | None, classic: str | None = None) -> None:
    """The sample options, checked before any work."""
    if sum(x is not None for x in (numbers, random_, classic)) > 1:
        raise engine.BadInput("give one of --numbers, --random, --classic")
    if numbers is not None:
        sample.parse_range(numbers)
    if classic is not None:
        sample.parse_range(classic, sample.MAX_CLASSIC, "classic FreeCell deals")
    if random_ is not None:
        sample.check_random(random_)


def _sample(folder: Folder, boards: list[str], numbers: str | None, random_: int | None,
            classic: str | None = None) -> dict[str, int]:  # fmt: skip
    _check_sample(numbers, random_, classic)
    if numbers is not None:
        lo, hi = sample.parse_range(numbers)
        return sample.sample_numbers(folder, boards, lo, hi)
    if classic is not None:
        lo, hi = sample.parse_range(classic, sample.MAX_CLASSIC, "classic FreeCell deals")
        return sample.sample_classic(folder, boards, lo, hi)
    if random_ is not None:
        return sample.sample_random(folder, boards, random_)
    raise engine.BadInput("give --numbers A-B (numbered deals), --classic A-B (classic FreeCell) or --random N (random seeds)")


@click.command("sample")
@_boards_opt
@click.option("--numbers", default=None, metavar="A-B", help="Numbered deals A..B (within 1..1,000,000).")
@click.option("--random", "random_", type=int, default=None, metavar="N", help="N random 512-bit seeds per board.")
@_classic_opt
@click.option("--committed", is_flag=True,
              help="With --random N: N numbered deals drawn from the committed server seed (dealpool fair commit) "
                   "and the --client-seed(s), the same numbers on every board (docs/fair.md).")  # fmt: skip
@click.option("--client-seed", "client_seeds", multiple=True, metavar="TEXT",
              help="A public client seed of a --committed sample (repeat for several, in order).")  # fmt: skip
@click.option("--numbers-from", "numbers_from", type=int, default=None, metavar="SEED",
              help="Or: --count distinct numbered deals drawn reproducibly from SEED (a larger count extends a smaller).")  # fmt: skip
@click.option("--count", type=int, default=None, metavar="N", help="How many numbers --numbers-from draws.")
@click.pass_context
def sample_cmd(ctx: click.Context, boards: str | None, numbers: str | None, random_: int | None,
               classic: str | None, committed: bool, client_seeds: tuple[str, ...], numbers_from: int | None,
               count: int | None) -> None:  # fmt: skip
    """Add deals to the `deals` table (deals already stored are skipped)."""
    bs = sample.parse_boards(boards, solvable=False)
    if numbers_from is not None or count is not None:
        if numbers_from is None or count is None or numbers is not None or random_ is not None or classic or committed:
            raise engine.BadInput("give --numbers-from SEED with --count N, and neither --numbers nor --random")
        with storage.writer(_folder(ctx)) as folder:
            added = sample.sample_seeded(folder, bs, numbers_from, count)
        click.echo("sample: " + ", ".join(f"{b} +{n}" for b, n in added.items()))
        return
    _check_sample(numbers, random_, classic)
    if committed or client_seeds:
        if not committed or random_ is None or numbers is not None or classic is not None:
            raise engine.BadInput("a committed sample is --committed --client-seed TEXT --random N (no --numbers)")
        with storage.writer(_folder(ctx)) as folder:
            added = fairness.sample_committed(folder, bs, random_, list(client_seeds))
        click.echo("sample: " + ", ".join(f"{b} +{n}" for b, n in added.items()))
        return
    with storage.writer(_folder(ctx)) as folder:
        added = _sample(folder, bs, numbers, random_, classic)
    click.echo("sample: " + ", ".join(f"{b} +{n}" for b, n in added.items()))


def _stored_boards(folder: Folder) -> list[str]:
    have = set(storage.read_table(folder, storage.DEALS).column("board").to_pylist())
    return [b for b in engine.solvable_boards() if b in have]


def _solve_batch(ctx: click.Context, boards: str | None, budget: int | None, workers: int | None,
                 max_mb: int | None, quiet: bool, address: str | None = None) -> None:  # fmt: skip
    max_mb = memcap.resolve(max_mb, workers)
    folder = _folder(ctx).require()
    bs = sample.parse_boards(boards) if boards else _stored_boards(folder)
    if not bs:
        raise engine.BadInput(f"no sampled deals of a solvable board in {str(folder.root)!r} (run `dealpool sample`)")
    with storage.writer(folder), cluster.runner(address) as run:
        summary = pool.solve_pool(folder, bs, budget, max_mb, workers, quiet, _solver(ctx), run)
    click.echo(summary.line())
    pool.raise_on_refusals(summary)


@click.command("solve")
@click.argument("args", nargs=-1)
@click.option("--board", default=None, help="Solve numbered deal NUMBER of this board.")
@_boards_opt
@_budget_opt
@click.option("--json", "as_json", is_flag=True, help="One deal: print JSON (code, board, verdict, nodes, line).")
@click.option("--position", default=None, metavar="FILE|-",
              help="Solve a position in Solvitaire's JSON deal format (--board: its board; default by pile count).")
@_workers_opt
@_maxmb_opt
@_quiet_opt
@_cluster_opt
@click.pass_context
def solve_cmd(ctx: click.Context, args: tuple[str, ...], board: str | None, boards: str | None, budget: int | None,
              as_json: bool, position: str | None, workers: int | None, max_mb: int | None, quiet: bool,
              cluster: str | None) -> None:  # fmt: skip
    """Solve one deal (CODE, or --board BOARD NUMBER), a position (--position FILE, - for stdin),
    or with none every sampled, unsolved deal of the data folder across worker processes."""
    pool.check_options(budget, max_mb, workers)
    _check_cluster(cluster, workers)
    if position is not None:
        if args or boards:
            raise engine.BadInput("--position takes no CODE, NUMBER or --boards; accepted: solve --position FILE [--board BOARD]")
        cmd_client.solve_position(position, board, budget, memcap.resolve(max_mb, 1), as_json)
        return
    if board is not None:
        if len(args) != 1:
            raise engine.BadInput("with --board give one NUMBER: dealpool solve --board BOARD NUMBER")
        sample.check_board(board)
        try:
            number = int(args[0])
        except ValueError:
            raise engine.BadInput(f"bad deal number {args[0]!r}: give a whole number 1..{sample.MAX_NUMBER:,}") from None
        code = engine.board_code(board, number)
    elif len(args) == 1:
        code = args[0]
    elif len(args) > 1:
        raise engine.BadInput("give one CODE, or --board BOARD NUMBER, or nothing to solve the data folder")
    else:
        _solve_batch(ctx, boards, budget, workers, max_mb, quiet, cluster)
        return
    d = engine.deal(code)
    if not engine.solvable(d.game):
        ok = ", ".join(engine.solvable_boards()) or "none"
        raise engine.BadInput(f"no solver for game {d.game!r} yet (solvable boards: {ok})")
    b = engine.board_for(d.code)
    budget = budget if budget is not None else b.budget
    row = pool.solve_one((b.id, d.code, budget, memcap.resolve(max_mb, 1)), _solver(ctx))
    verdict = row["verdict"]
    if as_json:
        out = {k: row[k] for k in ("code", "board", "verdict", "nodes", "line")}
        out.update(budget=budget, reason=row["reason"], referee=row["referee"])
        click.echo(json.dumps(out))
    else:
        why = f" ({row['reason']})" if row["reason"] else ""
        click.echo(f"{d.code}  {b.id}  {verdict}{why}  {row['nodes']:,} nodes (budget {budget:,})")
        if row["line"]:
            click.echo(" ".join(row["line"]))
    if verdict == "error":
        raise engine.RunFailed(f"{d.code}: {row['reason']}")


@click.command("build")
@_boards_opt
@click.option("--target", type=int, default=None, help="Sample and solve until N won deals per board.")
@click.option("--numbers", default=None, metavar="A-B", help="Or: a fixed sample of numbered deals.")
@click.option("--random", "random_", type=int, default=None, metavar="N", help="Or: N random deals per board.")
@_classic_opt
@_budget_opt
@_workers_opt
@_maxmb_opt
@_quiet_opt
@_cluster_opt
@click.pass_context
def build_cmd(ctx: click.Context, boards: str | None, target: int | None, numbers: str | None, random_: int | None,
              classic: str | None, budget: int | None, workers: int | None, max_mb: int | None, quiet: bool,
              cluster: str | None) -> None:  # fmt: skip
    """Sample and solve: until --target N won deals per board, or over a fixed sample."""
    _build(ctx, boards, target, numbers, random_, budget, workers, max_mb, quiet, classic, cluster)


def _build(ctx: click.Context, boards: str | None, target: int | None, numbers: str | None, random_: int | None,
           budget: int | None, workers: int | None, max_mb: int | None, quiet: bool, classic: str | None = None,
           address: str | None = None) -> None:  # fmt: skip
    pool.check_options(budget, max_mb, workers, target)
    _check_cluster(address, workers)
    max_mb = memcap.resolve(max_mb, workers)
    _check_sample(numbers, random_, classic)
    folder = _folder(ctx)
    bs = sample.parse_boards(boards)
    if not bs:
        raise engine.BadInput("no solvable board: the native engine has no solver built yet")
    if classic is not None:
        for b in bs:
            sample.classic_code(b, 1)
    with storage.writer(folder), cluster.runner(address) as run:
        _build_locked(ctx, folder, bs, target, numbers, random_, budget, workers, max_mb, quiet, classic, run)


def _build_locked(ctx: click.Context, folder: Folder, bs: list[str], target: int | None, numbers: str | None,
                  random_: int | None, budget: int | None, workers: int | None, max_mb: int, quiet: bool,
                  classic: str | None, run: cluster.Runner | None = None) -> None:  # fmt: skip
    pool.check_one_build(folder)  # before sampling: no work done for a run that would be refused
    if target is not None:
        if numbers is not None or random_ is not None or classic is not None:
            raise engine.BadInput("give --target, or a fixed sample (--numbers / --random / --classic), not both")
        summary = pool.build_target(folder, bs, target, budget, max_mb, workers, quiet, click.echo, _solver(ctx), run)
    else:
        _sample(folder, bs, numbers, random_, classic)
        summary = pool.solve_pool(folder, bs, budget, max_mb, workers, quiet, _solver(ctx), run)
        click.echo(summary.line())
    pool.raise_on_refusals(summary)


@click.command("check")
@click.option("--deals", "n_deals", type=int, default=20, show_default=True, help="Codes re-dealt per board.")
@click.option("--solves", "n_solves", type=int, default=10, show_default=True, help="Verdicts re-solved per board.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the sample's choice.")
@click.option("--repair", is_flag=True, help="Drop damaged or unlisted parts (and their verdicts), print what to rerun.")
@click.option("--adopt", is_flag=True, help="Record unlisted parts in the ledger as they are (folders from before it).")
@click.pass_context
def check_cmd(ctx: click.Context, n_deals: int, n_solves: int, seed: int, repair: bool = False,
              adopt: bool = False) -> None:  # fmt: skip
    """Determinism and completeness: the ledger against the parts, re-deal and re-solve samples,
    the spec's test values, no error rows left. One line."""
    pool.check_ranges(("--deals", n_deals, 0, 1_000_000), ("--solves", n_solves, 0, 1_000_000),
                      ("--seed", seed, 0, 2**63 - 1))  # fmt: skip
    folder = _folder(ctx).require()
    with storage.writer(folder):
        if repair:
            for step in storage.repair(folder):
                click.echo(f"check --repair: next: {step}")
            return
        if adopt:
            click.echo(f"check --adopt: {storage.adopt(folder)} part(s) recorded in the ledger")
        res = run_check(folder, n_deals, n_solves, seed, _solver(ctx))
    if not res.ok:
        raise engine.RunFailed(res.line())
    click.echo(res.line())


@click.command("report")
@click.pass_context
def report_cmd(ctx: click.Context) -> None:
    """Write report.md, report.html and plots/ from the SQL in reports/."""
    with storage.writer(_folder(ctx).require()) as folder:
        paths = write_report(folder)
    click.echo("report: " + ", ".join(str(p) for p in paths[:2]))


@click.command("export")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Export folder (default: <data>/pool).")  # fmt: skip
@click.option("--sign", type=click.Path(dir_okay=False, path_type=Path), default=None, metavar="KEY",
              help="Sign manifest.json with this Ed25519 private key (`dealpool keygen`): manifest.json.sig.")  # fmt: skip
@click.pass_context
def export_cmd(ctx: click.Context, out: Path | None, sign: Path | None = None) -> None:
    """Write the proven-winnable deals with their lines (JSON, Parquet) and manifest.json."""
    folder = _folder(ctx).require()
    out = out or folder.root / "pool"
    with storage.writer(folder):
        m = export_pool(folder, out, sign)
    counts = ", ".join(f"{b} {i['count']}" for b, i in m["boards"].items()) or "no won deals"
    click.echo(f"export: {out}: {counts}")


@click.command("verify")
@click.argument("directory", type=click.Path(path_type=Path))
@click.option("--key", type=click.Path(dir_okay=False, path_type=Path), default=None, metavar="PUBKEY",
              help="Also require manifest.json.sig to be its operator's signature (the KEY.pub of `dealpool keygen`).")  # fmt: skip
@click.pass_context
def verify_cmd(ctx: click.Context, directory: Path, key: Path | None = None) -> None:
    """Re-deal and replay an exported pool from its files alone; fail loudly on any change."""
    n, problems = verify_pool(directory, _solver(ctx), key)
    fair_problems, fair_line = verify_fair(directory)  # the committed sample, if shipped (issue 17)
    problems += fair_problems
    if problems:
        raise engine.RunFailed(f"verify: FAILED, {len(problems)} problem(s) in {directory}: " + "; ".join(problems[:5]))
    signed = f", signature by {key} good" if key is not None else ""
    click.echo(f"verify: OK, {n} deals re-dealt and replayed from {directory}{signed}")
    if fair_line:
        click.echo(fair_line)


@click.command("keygen")
@click.argument("key", type=click.Path(dir_okay=False, path_type=Path))
def keygen_cmd(key: Path) -> None:
    """Make an Ed25519 key pair for signed pools: KEY (private, mode 0600, for `export --sign KEY`)
    and KEY.pub (public, for clients' `verify --key KEY.pub`)."""
    pub = keygen(key)
    click.echo(f"keygen: private key {key} (keep it secret), public key {pub}")


@click.command("pool")
@_boards_opt
@click.option("--numbers", default=None, metavar="A-B",
              help=f"Numbered deals per board (default {DEFAULT_POOL_NUMBERS}).")  # fmt: skip
@click.option("--target", type=int, default=None, help="Instead: until N won deals per board.")
@click.option("--random", "random_", type=int, default=None, metavar="N", help="Instead: N random deals per board.")
@_classic_opt
@_budget_opt
@_workers_opt
@_maxmb_opt
@_quiet_opt
@_cluster_opt
@click.pass_context
def pool_cmd(ctx: click.Context, boards: str | None, numbers: str | None, target: int | None,
             random_: int | None, classic: str | None, budget: int | None, workers: int | None, max_mb: int | None,
             quiet: bool, cluster: str | None) -> None:  # fmt: skip
    """What `make pool` runs: build a modest pool of every solvable board, then check, report and
    export it into the data folder (export in <data>/pool)."""
    if numbers is None and target is None and random_ is None and classic is None:
        numbers = DEFAULT_POOL_NUMBERS
    pool.check_options(budget, max_mb, workers, target)
    _check_sample(numbers, random_, classic)
    with storage.writer(_folder(ctx)):
        _build(ctx, boards, target, numbers, random_, budget, workers, max_mb, quiet, classic, cluster)
        ctx.invoke(check_cmd)
        ctx.invoke(report_cmd)
        ctx.invoke(export_cmd, out=None)
    ctx.invoke(verify_cmd, directory=_folder(ctx).root / "pool")


COMMANDS = (sample_cmd, solve_cmd, build_cmd, check_cmd, report_cmd, export_cmd, verify_cmd, pool_cmd, keygen_cmd)
