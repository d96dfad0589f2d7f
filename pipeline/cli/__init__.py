"""The `dealpool` command line (Click): the group, its commands, and the one place errors become
exit statuses.

The commands live in small modules, one a command group, that know nothing of this one nor of each
other (tests/test_architecture.py checks it); what several share is in common.py (the context, the
shared options) and steps.py (the steps `pool` chains):
  pipeline/cli/deal.py    deal, code, boards
  pipeline/cli/play.py    replay, hint, first-winnable
  pipeline/cli/sample.py  sample
  pipeline/cli/solve.py   solve (one deal, a position, or the data folder)
  pipeline/cli/build.py   build, pool
  pipeline/cli/check.py   check
  pipeline/cli/report.py  report, sql
  pipeline/cli/export.py  export, verify, keygen
  pipeline/cli/fair.py    fair shoe|commit|reveal|draw|verify-draw (seed 002's provably fair draws)
  pipeline/cli/serve.py   serve (the pool viewer, clients/web, on 127.0.0.1)
Library errors are `engine.DealpoolError`: `BadInput` exits 2, `RunFailed` 1, each as one line on
stderr, never a traceback.
"""

from __future__ import annotations

import errno
import re
import sys
from pathlib import Path
from typing import NoReturn

import click

import engine
from pipeline import files
from pipeline.cli import build, check, deal, export, fair, play, report, sample, serve, solve
from pipeline.solver import Solver

DATA_ENV = "DEALPOOL_DATA"


EXIT_CODES = """Exit status: 0 done; 1 the run finished but found something wrong (a failed check or
verify, a refused line, errors left); 2 bad input or usage (one line on stderr, never a traceback);
130 interrupted."""


def _version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """--version: the engine build (its source digest) and the commit, then exit."""
    if value and not ctx.resilient_parsing:
        from pipeline.provenance import version_line

        click.echo(version_line())
        ctx.exit(0)


@click.group(context_settings={"help_option_names": ["-h", "--help"]}, epilog=EXIT_CODES)
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_version,
              help="Print the version, the engine build and the commit, and exit.")  # fmt: skip
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
    ctx.ensure_object(dict)
    ctx.obj["data"] = data
    ctx.obj.setdefault("solver", engine)


for _module in (deal, play, sample, solve, build, check, report, export, fair, serve):
    for _command in _module.COMMANDS:
        main_group.add_command(_command)


def _shorten(message: str) -> str:
    """A huge value echoed back (a 5,000-digit number) cut to its first characters and its length."""
    def cut(m: re.Match[str]) -> str:
        t = m[0]
        if "/" in t and len(t) <= 600 and t.lstrip("(").startswith("'"):  # a quoted path: named whole
            return t
        return f"{t[:40]}...({len(t):,} characters)"

    return re.sub(r"\S{81,}", cut, message)


def fail(message: str, status: int) -> NoReturn:
    """One line on stderr and a non-zero exit."""
    click.echo(f"dealpool: error: {_shorten(message)}", err=True)
    sys.exit(status)


def os_error(e: OSError) -> str:
    """One line for an OSError: what the system said and the path; disk full names the free space."""
    where = " ".join(repr(str(f)) for f in (e.filename, e.filename2) if f is not None)
    why = e.strerror or type(e).__name__
    if files.full(e):  # a write outside files.room (which names what it needs too)
        return str(files.disk_full(Path(str(e.filename if e.filename is not None else ".")), None))
    if e.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return f"cannot write {where or 'a file'} ({why}): the folder is read-only; `check` and `sql` still read it"
    return f"{why}: {where}" if where else why


def main(argv: list[str] | None = None, solver: Solver | None = None) -> None:
    """Entry point: run the group on `solver` (the engine unless a test passes a stand-in), turning
    every error into one line: exit 2 for bad input, 1 for a failed run."""
    try:
        rv = main_group.main(
            args=argv, prog_name="dealpool", standalone_mode=False, obj={"solver": solver or engine}
        )
    except engine.DealpoolError as e:
        fail(str(e), e.exit_status)
    except OSError as e:  # the file system said no: one line with the path, never a traceback
        fail(os_error(e), 1)
    except RecursionError:  # an input nested past Python's stack (each reader says so itself; this is the net)
        fail("an input is nested too deeply (JSON or a line of moves); give a flat one", 2)
    except click.exceptions.NoArgsIsHelpError as e:
        click.echo(e.ctx.get_help() if e.ctx else str(e))
        sys.exit(2)
    except click.UsageError as e:
        hint = f" (see: {e.ctx.command_path} --help)" if e.ctx else ""
        fail(e.format_message().replace("\n", " ") + hint, 2)
    except click.ClickException as e:
        fail(e.format_message().replace("\n", " "), e.exit_code or 1)
    except click.exceptions.Abort:
        fail("aborted", 1)
    except KeyboardInterrupt:
        fail("interrupted", 130)
    if isinstance(rv, int) and rv:
        sys.exit(rv)
    sys.exit(0)
