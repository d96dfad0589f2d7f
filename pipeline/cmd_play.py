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
    game's notation (docs/notation.md; undos as u or uN). A line of legal moves that does not end
    won exits 1 ("move <index> (end of line): not won"); a move refused where it stands (illegal,
    nothing to undo, after the win), a bad code or unreadable input is bad input: one line
    "dealpool: error: move <index> (<token>): <reason>" on stderr, exit 2.
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
    if result.at < len(line):  # a move the rules refuse where it stands: bad input
        token = line[result.at] if len(line[result.at]) <= 40 else line[result.at][:40] + "..."
        raise engine.BadInput(f"move {result.at} ({token}): {result.error}")
    click.echo(f"move {result.at} (end of line): {result.error}")
    return 1


COMMANDS = (replay_cmd,)
