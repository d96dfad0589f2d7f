"""`dealpool replay CODE`: the referee on the command line (registered in cli.py).

Reads a line from stdin (moves separated by whitespace, or a JSON array of strings) and exits 0 only
when it wins the deal; a line that doesn't exits 1 naming the first bad entry; a bad code or an
unreadable line is bad input (exit 2, one line, via engine.BadInput).
"""

from __future__ import annotations

import sys

import click

import engine


@click.command("replay")
@click.argument("code")
def replay_cmd(code: str) -> int:
    """Replay a line of play on the deal CODE; exit 0 only if it wins.

    The line is read from stdin: moves separated by whitespace, or a JSON array of strings, in the
    game's notation (docs/notation.md; undos as u or uN). A line that does not win exits 1 with
    "move <index> (<token>): <reason>"; a bad code or unreadable input exits 2.
    """
    try:  # a bad code is refused before stdin is read
        engine.deal(code)
    except engine.BadInput as e:
        raise engine.BadInput(f"bad code: {e}") from None
    line = engine.parse_line(sys.stdin.read())
    result = engine.replay(code, line)
    if result.at == -1 and not result.ok:
        raise engine.BadInput(f"{result.error}")
    if result.ok:
        click.echo(f"won in {result.moves} moves ({result.kept} kept, {result.undos} undos)")
        return 0
    token = line[result.at] if result.at < len(line) else "end of line"
    token = token if len(token) <= 40 else token[:40] + "..."
    click.echo(f"move {result.at} ({token}): {result.error}")
    return 1


COMMANDS = (replay_cmd,)
