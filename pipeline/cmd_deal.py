"""`dealpool deal`, `dealpool code`, `dealpool boards`: deal codes by hand (see pipeline/cli.py).

Only the CLI edge: parsing and dealing are the engine's (engine.codes, engine.dealer), whose
DealpoolError the group turns into one line and exit status 2.
"""

from __future__ import annotations

import click

from engine import cards, codes, deal as method, games
from engine.dealer import Deal, deal as deal_code
from engine.errors import DealpoolError
from pipeline.cli import main_group


def _number(text: str) -> int:
    n = method.parse_number(text)
    method.check_number(n)
    return n


def _options(pairs: tuple[str, ...]) -> list[tuple[str, str]]:
    out = []
    for p in pairs:
        name, eq, value = p.partition("=")
        if not eq or not name or not value:
            raise DealpoolError(f"malformed option {p!r}; accepted: -o name=value, e.g. -o draw=3")
        out.append((name, value))
    return out


def _ten(d: Deal) -> str:
    return "T" if d.kind == "C" else "10"


def layout_text(d: Deal) -> list[str]:
    """The layout as lines: each group's lists numbered from 1, bottom first; [XX] is face down."""
    ten = _ten(d)
    down = d.layout.get("down", [[]])[0]
    lines = []
    for group, lists in d.layout.items():
        if group == "down":
            continue
        note = "  (bottom first; the last card is drawn next)" if group == "stock" else ""
        lines.append(f"{group}{note}")
        for i, cs in enumerate(lists):
            hidden = down[i] if group == "tableau" and i < len(down) else 0
            shown = [f"[{cards.name(c, ten)}]" if k < hidden else cards.name(c, ten) for k, c in enumerate(cs)]
            lines.append(f"  {i + 1:>2}: {' '.join(shown)}")
    return lines


@main_group.command("deal")
@click.argument("args", nargs=-1)
@click.option("--code", "code", metavar="CODE", help="Deal a code (N, S or C).")
@click.option("--board", "board", metavar="BOARD", help="Deal numbered deal NUMBER of a board.")
@click.option("-o", "--option", "option", multiple=True, metavar="NAME=VALUE", help="A game option (with GAME NUMBER).")
@click.option("--layout", is_flag=True, help="Also show the dealt layout.")
def deal_cmd(args: tuple[str, ...], code: str | None, board: str | None, option: tuple[str, ...], layout: bool) -> None:
    """Deal GAME NUMBER, --code CODE or --board BOARD NUMBER: print its code, seed and order."""
    if code is not None:
        if args or board or option:
            raise DealpoolError("--code takes no GAME, NUMBER, --board or -o; accepted: dealpool deal --code CODE")
        d = deal_code(code)
    elif board is not None:
        if len(args) != 1 or option:
            raise DealpoolError("--board needs one NUMBER and no -o; accepted: dealpool deal --board BOARD NUMBER")
        b = games.board(board)
        d = deal_code(games.board_code(b, _number(args[0])))
    else:
        if len(args) != 2:
            raise DealpoolError(
                "deal needs GAME NUMBER; accepted: dealpool deal GAME NUMBER [-o name=value], "
                "deal --code CODE, deal --board BOARD NUMBER"
            )
        g = games.game(args[0])
        d = deal_code(codes.DealCode.numbered(g.id, _options(option), _number(args[1])))
    click.echo(f"code   {d.code}")
    click.echo(f"board  {games.board_for(d.code).id}")
    click.echo(f"seed   {d.seed.hex() if d.seed else '(classic FreeCell numbering: no seed)'}")
    click.echo(f"order  {cards.names(d.order, _ten(d))}")
    if layout:
        for line in layout_text(d):
            click.echo(line)


@main_group.command("code")
@click.argument("board")
@click.argument("number")
def code_cmd(board: str, number: str) -> None:
    """Print BOARD's canonical code for numbered deal NUMBER."""
    click.echo(games.board_code(games.board(board), _number(number)))


def _solvable(game: str) -> str:
    try:
        from engine import _native
    except ImportError:
        return "?"
    return "yes" if _native.solvable(game) else "no"


@main_group.command("boards")
def boards_cmd() -> None:
    """List the boards: id, game, options, default node budget, whether a solver is built."""
    rows = [("board", "game", "options", "nodes", "solvable")]
    for b in games.BOARDS.values():
        rows.append((b.id, b.game, b.options_text() or "-", f"{b.nodes:,}", _solvable(b.game)))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        click.echo("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip())
