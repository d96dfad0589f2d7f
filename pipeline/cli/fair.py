"""`dealpool fair ...`: seed 002's commit-reveal draws. What a client checks, step by step:
docs/fair.md. The draws are engine.fair's; the operator's state is pipeline/fair/.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

import engine
from pipeline import fair
from pipeline.cli import common

SHOE_READING = (
    "Our reading of the seed's fresh shoe \"AC,KC,QC,...\": eight 52-card decks one after the other, "
    "each clubs, diamonds, hearts, spades, each suit ace first, then king down to two "
    "(AC,KC,QC,JC,10C,...,2C,AD,KD,...,2S). --positions needs no reading: it prints the final array "
    "as fresh-shoe positions 0..415."
)


@click.group("fair")
def fair_group() -> None:
    """Provably fair draws (seed 002): commit to a server seed, draw with client seeds, reveal.
    docs/fair.md says what a client checks."""


@fair_group.command("shoe", help=(
    "Print the commitment SHA256(SERVER_SEED) and the 8-deck shoe (416 cards, top first) shuffled "
    "from SERVER_SEED and the CLIENT_SEEDs in order, exactly as seed 002 publishes. " + SHOE_READING
))  # fmt: skip
@click.argument("server_seed")
@click.argument("client_seeds", nargs=-1)
@click.option("--positions", is_flag=True, help="Print the shoe as fresh-shoe positions 0..415 instead of cards.")
def shoe_cmd(server_seed: str, client_seeds: tuple[str, ...], positions: bool) -> None:
    seeds = [server_seed, *client_seeds]
    engine.fair.seed_bytes(seeds)
    click.echo(f"commitment {engine.fair.commitment(server_seed)}")
    if positions:
        click.echo(",".join(str(p) for p in engine.fair.shuffle(seeds, len(engine.fair.FRESH_SHOE))))
    else:
        click.echo(",".join(engine.fair.shoe(seeds)))


@fair_group.command("commit")
@click.option("--pool", type=click.Path(path_type=Path), default=None,
              help="Pin this exported pool for player draws: its files' SHA-256s are printed to publish too.")  # fmt: skip
@click.pass_context
def commit_cmd(ctx: click.Context, pool: Path | None) -> None:
    """Make a secret server seed (Python's `secrets`), keep it in <data>/fair/secret/ (never exported
    before the reveal) and print its SHA-256: publish it before taking any client seed."""
    folder = common.folder(ctx)
    c = fair.commit(folder, pool)
    click.echo(f"commitment {c}")
    for board, digest in sorted(fair.record(folder, c)["pools"].items()):
        click.echo(f"pool {board} {digest}")


@fair_group.command("reveal")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Export folder to reveal into (default: <data>/pool).")  # fmt: skip
@click.pass_context
def reveal_cmd(ctx: click.Context, out: Path | None) -> None:
    """Write the server seed, the client seeds and the commitment into the export (reveal-<commitment>.json), after
    its committed sample's verdicts are shipped (`dealpool export`); then a new commit is allowed."""
    folder = common.folder(ctx)
    out = out or folder.root / "pool"
    doc = fair.reveal(folder, out)
    click.echo(f"reveal: {out / fair.reveal_name(doc['commitment'])}: server seed {doc['server_seed']} (commitment {doc['commitment']})")


_pool_arg = click.argument("pool", type=click.Path(path_type=Path))
_board_opt = click.option("--board", default=None, help="Board of the pool (needed when it holds several).")
_client_opt = click.option("--client-seed", "client_seed", required=True, metavar="TEXT", help="The player's seed.")


@fair_group.command("draw")
@_pool_arg
@_board_opt
@_client_opt
@click.option("--json", "as_json", is_flag=True, help="Print the draw as JSON.")
@click.pass_context
def draw_cmd(ctx: click.Context, pool: Path, board: str | None, client_seed: str, as_json: bool) -> None:
    """The deal of the exported POOL a player gets: index below(n) of [server seed, client seed]'s draws
    (32-bit words with rejection: no modulo bias) into the board's pool file, in its listed order."""
    d = fair.draw(common.folder(ctx), pool, board, client_seed)
    if as_json:
        click.echo(json.dumps(d, sort_keys=True))
    else:
        click.echo(f"{d['code']}  (deal {d['index'] + 1} of {d['count']} in the {d['board']} pool, "
                   f"file SHA-256 {d['pool_sha256'][:16]}..., commitment {d['commitment']})")  # fmt: skip


@fair_group.command("verify-draw")
@_pool_arg
@_board_opt
@_client_opt
@click.option("--server-seed", default=None, help="The revealed seed (default: POOL/reveal-<commitment>.json's).")
@click.option("--commitment", default=None, help="The SHA-256 your draw printed (default: the pool's one reveal).")
@click.option("--code", default=None, help="The deal you were given: exit 1 unless it is the one the draw must give.")
def verify_draw_cmd(pool: Path, board: str | None, client_seed: str, server_seed: str | None,
                    commitment: str | None, code: str | None) -> None:  # fmt: skip
    """Re-do a player's draw from the revealed seed and say which deal it must have been."""
    d = fair.verify_draw(pool, board, client_seed, server_seed, commitment)
    click.echo(f"verify-draw: the seed hashes to the commitment {d['commitment']}; the deal must have been "
               f"{d['code']} (deal {d['index'] + 1} of {d['count']} in the {d['board']} pool)")  # fmt: skip
    if d["pool_changed"]:
        raise engine.RunFailed(f"verify-draw: the {d['board']} pool file changed since the draws (SHA-256 differs from the one pinned in its reveal)")
    if code is not None and code != d["code"]:
        raise engine.RunFailed(f"verify-draw: FAILED, you were given {code}, the draw gives {d['code']}")


COMMANDS = (fair_group,)
