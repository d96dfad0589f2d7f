"""The `dealpool` command line (Click). Library errors become one clean line.

Commands live in small modules, each registering on `main`:
  pipeline/cmd_deal.py   deal, code, boards
  pipeline/cmd_play.py   replay
  pipeline/cmd_pool.py   sample, solve, build, check, report, export, verify, pool
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NoReturn

import click

from engine.errors import DealpoolError

DATA_ENV = "DEALPOOL_DATA"


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--data",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("data"),
    envvar=DATA_ENV,
    show_envvar=True,
    show_default=True,
    help="Folder of the Parquet tables, reports and exports.",
)
@click.pass_context
def main_group(ctx: click.Context, data: Path) -> None:
    """dealpool: proven-winnable solitaire deals and the statistics behind them."""
    ctx.obj = {"data": data}


def fail(message: str, status: int = 2) -> NoReturn:
    """One line on stderr and a non-zero exit: the CLI's only way to report bad input."""
    click.echo(f"dealpool: error: {message}", err=True)
    sys.exit(status)


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the group, turning every bad-input error into one line, exit 2."""
    from pipeline import cmd_deal, cmd_play, cmd_pool  # noqa: F401  (register commands)

    try:
        rv = main_group.main(args=argv, prog_name="dealpool", standalone_mode=False)
    except DealpoolError as e:
        fail(str(e))
    except click.exceptions.NoArgsIsHelpError as e:
        click.echo(e.ctx.get_help() if e.ctx else str(e))
        sys.exit(2)
    except click.UsageError as e:
        hint = f" (see: {e.ctx.command_path} --help)" if e.ctx else ""
        fail(e.format_message().replace("\n", " ") + hint)
    except click.ClickException as e:
        fail(e.format_message().replace("\n", " "), e.exit_code or 1)
    except click.exceptions.Abort:
        fail("aborted", 1)
    except KeyboardInterrupt:
        fail("interrupted", 130)
    if isinstance(rv, int) and rv:
        sys.exit(rv)
    sys.exit(0)
