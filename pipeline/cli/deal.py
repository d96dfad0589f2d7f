"""`dealpool deal`, `dealpool code`, `dealpool boards`: deal codes by hand.

Only the CLI edge: parsing and dealing are the engine's, whose BadInput the CLI turns into one
line and exit status 2.
"""

from __future__ import annotations

import click

import engine


def _options(pairs: tuple[str, ...]) -> list[tuple[str, str]]:
    out = []
    for p in pairs:
        name, eq, value = p.partition("=")
        if not eq or not name or not value:
            raise engine.BadInput(f"malformed option {p!r}; accepted: -o name=value, e.g. -o draw=3")
        out.append((name, value))
    return out


def layout_text(d: engine.Deal) -> list[str]:
    """The layout as lines: each group's lists numbered from 1, bottom first; [XX] is face down."""
    down = d.layout.get("down", [[]])[0]
    lines = []
    for group, lists in d.layout.items():
        if group in ("down", "seed"):  # face-down counts; a redealing game's seed (shown apart)
            continue
        note = "  (bottom first; the last card is drawn next)" if group == "stock" else ""
        lines.append(f"{group}{note}")
        for i, cs in enumerate(lists):
            hidden = down[i] if group == "tableau" and i < len(down) else 0
            names = [engine.card_name(c, d.ten) for c in cs]
            shown = [f"[{n}]" if k < hidden else n for k, n in enumerate(names)]
            lines.append(f"  {i + 1:>2}: {' '.join(shown)}")
    return lines


@click.command("deal")
@click.argument("args", nargs=-1)
@click.option("--code", "code", metavar="CODE", help="Deal a code (N, S or C).")
@click.option("--board", "board", metavar="BOARD", help="Deal numbered deal NUMBER of a board.")
@click.option("-o", "--option", "option", multiple=True, metavar="NAME=VALUE", help="A game option (with GAME NUMBER).")
@click.option("--layout", is_flag=True, help="Also show the dealt layout.")
@click.option("--format", "fmt", type=click.Choice(["text", "solvitaire"]), default="text", show_default=True,
              help="solvitaire: print only the deal in Solvitaire's JSON deal format (for other solvers).")
def deal_cmd(args: tuple[str, ...], code: str | None, board: str | None, option: tuple[str, ...], layout: bool,
             fmt: str) -> None:  # fmt: skip
    """Deal GAME NUMBER, --code CODE, --board BOARD NUMBER or CODE: print its code, seed and order."""
    if code is not None:
        if args or board or option:
            raise engine.BadInput("--code takes no GAME, NUMBER, --board or -o; accepted: dealpool deal --code CODE")
        d = engine.deal(code)
    elif board is not None:
        if len(args) != 1 or option:
            raise engine.BadInput("--board needs one NUMBER and no -o; accepted: dealpool deal --board BOARD NUMBER")
        d = engine.deal(engine.board_code(engine.board(board), engine.parse_number(args[0])))
    elif len(args) == 1 and not option and args[0].lower() not in engine.GAMES:  # a code alone
        d = engine.deal(args[0])
    else:
        if len(args) != 2:
            raise engine.BadInput(
                "deal needs GAME NUMBER or CODE; accepted: dealpool deal GAME NUMBER [-o name=value], deal CODE, "
                "deal --code CODE, deal --board BOARD NUMBER"
            )
        g = engine.game(args[0])
        d = engine.deal(engine.DealCode.numbered(g.id, _options(option), engine.parse_number(args[1])))
    if fmt == "solvitaire":
        click.echo(engine.position_json(d.code), nl=False)
        return
    click.echo(f"code   {d.code}")
    click.echo(f"board  {engine.board_for(d.code).id}")
    click.echo(f"seed   {d.seed.hex() if d.seed else '(classic FreeCell numbering: no seed)'}")
    click.echo(f"order  {engine.card_names(d.order, d.ten)}")
    if layout:
        for line in layout_text(d):
            click.echo(line)


@click.command("code")
@click.argument("board")
@click.argument("number")
def code_cmd(board: str, number: str) -> None:
    """Print BOARD's canonical code for numbered deal NUMBER."""
    click.echo(engine.board_code(engine.board(board), engine.parse_number(number)))


@click.command("boards")
def boards_cmd() -> None:
    """List the boards: id, game, options, default node budget, whether a solver is built, whether
    the default pool (`dealpool pool` without --boards) takes it."""
    rows = [("board", "game", "options", "budget", "solvable", "pool")]
    yes = {True: "yes", False: "no"}
    for b in engine.BOARDS.values():
        solvable = engine.solvable(b.game)
        rows.append((b.id, b.game, b.options_text() or "-", f"{b.budget:,}", yes[solvable], yes[solvable and b.pooled]))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        click.echo("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip())


COMMANDS = (deal_cmd, code_cmd, boards_cmd)
