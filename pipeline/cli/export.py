"""`dealpool export`, `verify`, `keygen`: the pool shipped to clients, its check, its signing keys
(pipeline/export/)."""

from __future__ import annotations

from pathlib import Path

import click

import engine
from pipeline.cli import steps
from pipeline.export import keygen


@click.command("export")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Export folder (default: <data>/pool).")  # fmt: skip
@click.option("--sign", type=click.Path(dir_okay=False, path_type=Path), default=None, metavar="KEY",
              help="Sign manifest.json with this Ed25519 private key (`dealpool keygen`): manifest.json.sig.")  # fmt: skip
@click.option("--grade", type=click.Choice(engine.GRADES), default=None,
              help="Only the deals of this grade (graded boards only; the manifest's `grade` says so).")  # fmt: skip
@click.pass_context
def export_cmd(ctx: click.Context, out: Path | None, sign: Path | None = None, grade: str | None = None) -> None:
    """Write the proven-winnable deals with their lines and grades (JSON, Parquet) and manifest.json."""
    steps.export(ctx, out, sign, grade)


@click.command("verify")
@click.argument("directory", type=click.Path(path_type=Path))
@click.option("--key", type=click.Path(dir_okay=False, path_type=Path), default=None, metavar="PUBKEY",
              help="Also require manifest.json.sig to be its operator's signature (the KEY.pub of `dealpool keygen`).")  # fmt: skip
@click.option("--not-before", default=None, metavar="ISO",
              help="Refuse a pool whose manifest was created before this UTC time (YYYY-MM-DDTHH:MM:SSZ or a date).")  # fmt: skip
@click.option("--min-sequence", type=int, default=None, metavar="N",
              help="Refuse a pool whose manifest sequence is below N (the last one you accepted).")  # fmt: skip
@click.pass_context
def verify_cmd(ctx: click.Context, directory: Path, key: Path | None = None, not_before: str | None = None,
               min_sequence: int | None = None) -> None:  # fmt: skip
    """Re-deal and replay an exported pool from its files alone; fail loudly on any change, and on
    an older pool than --not-before / --min-sequence allow."""
    steps.verify(ctx, directory, key, not_before, min_sequence)


@click.command("keygen")
@click.argument("key", type=click.Path(dir_okay=False, path_type=Path))
def keygen_cmd(key: Path) -> None:
    """Make an Ed25519 key pair for signed pools: KEY (private, mode 0600, for `export --sign KEY`)
    and KEY.pub (public, for clients' `verify --key KEY.pub`)."""
    pub = keygen(key)
    click.echo(f"keygen: private key {key} (keep it secret), public key {pub}")


COMMANDS = (export_cmd, verify_cmd, keygen_cmd)
