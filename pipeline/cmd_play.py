"""`dealpool replay CODE`: the referee on the command line (see pipeline/cli.py).

Reads a line from stdin (moves separated by whitespace, or a JSON array of strings) and exits 0 only
when it wins the deal; a line that doesn't exits 1 naming the first bad entry; a bad code or an
unreadable line is bad input (exit 2, one line, via DealpoolError).
"""

from __future__ import annotations

import sys

import click

from engine.errors import DealpoolError
from pipeline.cli import main_group


@main_group.command("replay")
@click.argument("code")
def replay_cmd(code: str) -> int:
    """Replay a line of play (read from stdin) on the deal CODE; exit 0 only if it wins."""
    from engine.referee import parse_line, replay

    line = parse_line(sys.stdin.read())
    result = replay(code, line)
    if result.at == -1 and not result.ok:
        raise DealpoolError(f"{result.error}")
    if result.ok:
        click.echo(f"won in {result.moves} moves ({result.kept} kept, {result.undos} undos)")
        return 0
    token = line[result.at] if result.at < len(line) else "end of line"
    click.echo(f"move {result.at} ({token}): {result.error}")
    return 1
