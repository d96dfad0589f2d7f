"""`dealpool check`: is the stored pool still what the engine makes? (pipeline/check.py)."""

from __future__ import annotations

import click

from pipeline.cli import steps


@click.command("check")
@click.option("--deals", "n_deals", type=int, default=steps.CHECK_DEALS, show_default=True, help="Codes re-dealt per board.")
@click.option("--solves", "n_solves", type=int, default=steps.CHECK_SOLVES, show_default=True, help="Verdicts re-solved per board.")
@click.option("--seed", type=int, default=steps.CHECK_SEED, show_default=True, help="Seed of the sample's choice.")
@click.option("--repair", is_flag=True,
              help="Drop damaged or unlisted parts (intact verdicts kept, a deals part rebuilt from their codes); "
                   "print what was dropped, the deals to re-solve and the commands that re-solve exactly those.")  # fmt: skip
@click.option("--adopt", is_flag=True, help="Record unlisted parts in the ledger as they are (folders from before it).")
@click.pass_context
def check_cmd(ctx: click.Context, n_deals: int, n_solves: int, seed: int, repair: bool = False,
              adopt: bool = False) -> None:  # fmt: skip
    """Determinism and completeness: the ledger against the parts, re-deal and re-solve samples,
    the spec's test values, no error rows left, every sampled deal's verdict at each budget asked.
    One line; exit 1 when anything is missing or wrong (the line names the command that completes it)."""
    steps.check(ctx, n_deals, n_solves, seed, repair, adopt)


COMMANDS = (check_cmd,)
