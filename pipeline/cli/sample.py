"""`dealpool sample`: add deals to the `deals` table (pipeline/sample.py; committed samples:
pipeline/fair/)."""

from __future__ import annotations

import click

import engine
from pipeline import fair, sample, store
from pipeline.cli import common
from pipeline.limits import MAX_NUMBER, check_seeded


@click.command("sample")
@common.boards_opt
@click.option("--numbers", default=None, metavar="A-B", help=f"Numbered deals A..B (within 1..{MAX_NUMBER:,}).")
@click.option("--random", "random_", type=int, default=None, metavar="N", help="N random 512-bit seeds per board.")
@common.classic_opt
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
        check_seeded(numbers_from, count)
        with store.writer(common.folder(ctx)) as folder:
            added = sample.sample_seeded(folder, bs, numbers_from, count)
        click.echo("sample: " + ", ".join(f"{b} +{n}" for b, n in added.items()))
        return
    common.check_sample(numbers, random_, classic)
    if committed or client_seeds:
        if not committed or random_ is None or numbers is not None or classic is not None:
            raise engine.BadInput("a committed sample is --committed --client-seed TEXT --random N (no --numbers)")
        with store.writer(common.folder(ctx)) as folder:
            added = fair.sample_committed(folder, bs, random_, list(client_seeds))
        click.echo("sample: " + ", ".join(f"{b} +{n}" for b, n in added.items()))
        return
    with store.writer(common.folder(ctx)) as folder:
        added = common.sample_into(folder, bs, numbers, random_, classic)
    click.echo("sample: " + ", ".join(f"{b} +{n}" for b, n in added.items()))


COMMANDS = (sample_cmd,)
