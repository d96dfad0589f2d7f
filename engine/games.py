"""The games dealpool deals, their options, and the boards (a game with its options and budget).

Adding an option to a game is one `Option(...)` line in its `Game` below: codes then parse,
fill in its default when it is left out, and print it in canonical (listed) order.
Deal keys and decks come from the published method (engine/deal.py); they are not repeated here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Mapping

from engine import deal as method
from engine.errors import DealpoolError

if TYPE_CHECKING:
    from engine.codes import DealCode

Options = tuple[tuple[str, str], ...]  # canonical: every option of the game, in listed order


@dataclass(frozen=True)
class Option:
    """One option of a game: its accepted values (as written in codes) and its default."""

    name: str
    values: tuple[str, ...]
    default: str
    solving: bool = True  # False: kept in the code but ignored when solving (klondike scoring)
    deals: bool = False  # True: changes the cards dealt (the deck or the deal key)


@dataclass(frozen=True)
class Game:
    """A game: id (as in codes and deal keys), label and options in canonical order."""

    id: str
    label: str
    options: tuple[Option, ...] = ()

    def option(self, name: str) -> Option:
        for o in self.options:
            if o.name == name:
                return o
        accepted = ", ".join(o.name for o in self.options) or "none"
        raise DealpoolError(f"unknown option {name!r} for {self.id}; accepted: {accepted}")

    def canonical(self, given: Iterable[tuple[str, str]] | Mapping[str, object] = ()) -> Options:
        """Every option in listed order, defaults filled in; bad names or values refused."""
        pairs = given.items() if isinstance(given, Mapping) else given
        seen: dict[str, str] = {}
        for name, value in pairs:
            name, value = str(name).lower(), str(value).lower()
            opt = self.option(name)
            if name in seen:
                raise DealpoolError(f"option {name!r} given twice for {self.id}; accepted: each option once")
            if value not in opt.values:
                raise DealpoolError(
                    f"bad value {name}={value} for {self.id}; accepted: {name}={'|'.join(opt.values)}"
                )
            seen[name] = value
        return tuple((o.name, seen.get(o.name, o.default)) for o in self.options)

    def defaults(self) -> Options:
        return self.canonical(())

    def deal_key(self, options: Options) -> str:
        return method.deal_key(self.id, dict(options))

    def deck(self, options: Options) -> list[int]:
        return method.fresh_deck(self.id, dict(options))

    def deck_size(self, options: Options) -> int:
        return len(self.deck(options))


def _numbers(lo: int, hi: int) -> tuple[str, ...]:
    return tuple(str(i) for i in range(lo, hi + 1))


GAMES: dict[str, Game] = {
    g.id: g
    for g in (
        Game(
            "klondike",
            "Klondike",
            (
                Option("draw", ("1", "3"), "1"),
                Option("passes", ("unlimited", "1", "3"), "unlimited"),
                Option("scoring", ("standard",), "standard", solving=False),
            ),
        ),
        Game("freecell", "FreeCell", (Option("cells", _numbers(1, 4), "4"),)),
        Game("canfield", "Canfield"),
        # TriPeaks: K and A neighbours (wrap) or not; stock one at a time, no redeal.
        Game("tripeaks", "TriPeaks", (Option("wrap", ("yes", "no"), "yes"),)),
        # Pyramid: the defaults are Microsoft's rules (3 passes, clear the 28 table cards).
        Game(
            "pyramid",
            "Pyramid",
            (
                Option("passes", ("3", "1", "2", "unlimited"), "3"),
                Option("goal", ("pyramid", "all"), "pyramid"),
            ),
        ),
        Game("spider", "Spider", (Option("suits", method.SPIDER_SUITS, method.SPIDER_DEFAULT_SUITS, deals=True),)),
        Game("labellelucie", "La Belle Lucie"),
        Game("gaps", "Gaps"),
    )
}
assert tuple(GAMES) == method.GAMES, "engine/deal.py and engine/games.py list the same games"


def game(game_id: str) -> Game:
    """The game of an id, or a clean error listing the games."""
    try:
        return GAMES[game_id.lower()]
    except KeyError:
        raise DealpoolError(f"unknown game {game_id!r}; accepted: {', '.join(GAMES)}") from None


@dataclass(frozen=True)
class Board:
    """A game with its options and default node budget: what the pool is built for."""

    id: str
    game: str
    options: Options
    nodes: int
    label: str

    def options_text(self) -> str:
        return ";".join(f"{n}={v}" for n, v in self.options)


def _board(id_: str, game_id: str, nodes: int, label: str, **options: str) -> Board:
    return Board(id_, game_id, GAMES[game_id].canonical(options), nodes, label)


BOARDS: dict[str, Board] = {
    b.id: b
    for b in (
        _board("klondike-1", "klondike", 24_000_000, "Klondike · Draw 1", draw="1"),
        _board("klondike-3", "klondike", 24_000_000, "Klondike · Draw 3", draw="3"),
        _board("freecell", "freecell", 2_000_000, "FreeCell", cells="4"),
        _board("canfield", "canfield", 2_000_000, "Canfield"),
        # Measured (docs/solver.md): deals 1..1000 need at most 683,000 (TriPeaks) and
        # 4,094,000 (Pyramid) positions; the budgets leave room so every deal is decided.
        _board("tripeaks", "tripeaks", 2_000_000, "TriPeaks"),
        _board("pyramid", "pyramid", 8_000_000, "Pyramid"),
        _board("spider-1", "spider", 1_000_000, "Spider · 1 suit", suits="1"),
        _board("spider-2", "spider", 1_000_000, "Spider · 2 suits", suits="2"),
        _board("spider-4", "spider", 1_000_000, "Spider · 4 suits", suits="4"),
        _board("labellelucie", "labellelucie", 1_000_000, "La Belle Lucie"),
        _board("gaps", "gaps", 1_000_000, "Gaps"),
    )
}


def board(board_id: str) -> Board:
    """The board of an id, or a clean error listing the boards."""
    try:
        return BOARDS[board_id.lower()]
    except KeyError:
        raise DealpoolError(f"unknown board {board_id!r}; accepted: {', '.join(BOARDS)}") from None


def board_code(board_: Board | str, number: int) -> str:
    """The board's canonical numbered code, e.g. SOL1-klondike-draw=3;passes=unlimited;scoring=standard-N4711."""
    from engine import codes

    b = board(board_) if isinstance(board_, str) else board_
    return codes.format(codes.DealCode.numbered(b.game, b.options, number))


def board_for(code: "DealCode | str") -> Board:
    """The board a deal code belongs to (its game and options; the number or seed aside).

    A listed board when the options are exactly its options; otherwise a derived board:
    the listed board of the game sharing the most options, its id followed by `+` and the
    differing options (e.g. `klondike-1+passes=1`), with that board's budget and label."""
    from engine import codes

    c = codes.parse(code) if isinstance(code, str) else code
    game_id, options = c.game, c.options
    candidates = [b for b in BOARDS.values() if b.game == game_id]
    if not candidates:
        raise DealpoolError(f"no board for game {game_id!r}; accepted games: {', '.join(GAMES)}")
    best = max(candidates, key=lambda b: sum(a == o for a, o in zip(b.options, options)))
    diff = [(n, v) for (n, v), (_, bv) in zip(options, best.options) if v != bv]
    if not diff:
        return best
    extra = ";".join(f"{n}={v}" for n, v in diff)
    return Board(f"{best.id}+{extra}", game_id, tuple(options), best.nodes, f"{best.label} ({extra})")
