"""What a game folder declares (`GAME = Game(...)` in `engine/games/<game>/__init__.py`): its
options, boards, deck, deal key, layout and referee rules. The registry (`engine/games/__init__.py`)
lists the games; nothing of a game lives outside its folder.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Protocol, Sequence

from engine.errors import BadInput

Options = tuple[tuple[str, str], ...]
"""A game's options in canonical form: every option of the game, in listed order."""
Layout = dict[str, list[list[int]]]
"""Named groups of card lists, each list bottom first (a stock's last element is drawn next)."""

ONE_DECK = tuple(range(52))
"""The fresh deck of seed 000: spades A..K, hearts, diamonds, clubs (card = suit * 13 + rank - 1)."""


def one_deck(options: Mapping[str, str]) -> list[int]:
    """The deck of every one-deck game, whatever its options."""
    return list(ONE_DECK)


def deal_rows(order: Sequence[int], sizes: Iterable[int]) -> list[list[int]]:
    """Deal cards across piles a row at a time, as seed 000 says ("the tableau is dealt across the
    piles a row at a time, as at a table"): each row goes left to right over the piles that still
    want cards (pile i wants sizes[i]). Returns the piles, bottom first."""
    sizes = list(sizes)
    piles: list[list[int]] = [[] for _ in sizes]
    k = 0
    for row in range(max(sizes, default=0)):
        for p, size in enumerate(sizes):
            if row < size:
                piles[p].append(order[k])
                k += 1
    return piles


class Rules(Protocol):
    """The referee's half of a game's rules (`engine/games/<game>/rules.py`, a module); the solver's
    half is in Rust. Rules never read files and never call the native solver: the two are kept
    honest by differential tests, not by sharing code."""

    def new_state(self, layout: Mapping[str, list[list[int]]], options: Mapping[str, str],
                  seed: bytes | None = None) -> Any:  # fmt: skip
        """The dealt position from the game's layout and the code's options (changed in place).
        `seed` is the deal's 64 bytes (`Deal.seed`; None for a position or a classic deal): a game
        whose redeals shuffle with it (`seeded=True`) refuses a missing one, the others ignore it."""

    def legal_moves(self, state: Any) -> list[str]:
        """Every legal move, as notation tokens."""

    def play(self, state: Any, move: str) -> Any:
        """Make a move in place and return its undo token; IllegalMove if it is not legal."""

    def undo(self, state: Any, token: Any) -> None:
        """Take back the move that returned `token`."""

    def is_won(self, state: Any) -> bool: ...

    def safe_move(self, state: Any) -> str | None:
        """The safe auto-move rule: a move that keeps every win, or None."""

    def native_options(self, options: Mapping[str, str]) -> dict[str, int]:
        """The code's options as the Rust solver takes them."""


@dataclass(frozen=True)
class Option:
    """One option of a game: its accepted values (as written in codes) and its default."""

    name: str
    values: tuple[str, ...]
    default: str
    solving: bool = True  # False: kept in the code but ignored when solving (klondike scoring)
    deals: bool = False  # True: changes the cards dealt (the deck or the deal key)


@dataclass(frozen=True)
class Board:
    """A game with its options and default node budget: what the pool is built for."""

    id: str
    game: str
    options: Options
    budget: int
    label: str
    pooled: bool = True  # in the default pool (`dealpool pool` without --boards)

    def options_text(self) -> str:
        return ";".join(f"{n}={v}" for n, v in self.options)


@dataclass(frozen=True)
class BoardSpec:
    """A board as its game folder lists it: the options it sets (others take their defaults)."""

    id: str
    budget: int
    label: str
    options: Mapping[str, str] = field(default_factory=dict)
    pooled: bool = True
    """False keeps a solvable board out of the default pool (still solvable with --boards): for a
    solver that decides too few deals yet to be worth the default run's time."""


@dataclass(frozen=True)
class Game:
    """A game: its id (as in codes and deal keys), label, options in canonical order, boards,
    deck and deal key (checked against engine/deal.py's own table by the tests), layout, and the
    referee's rules module (None while the game has none)."""

    id: str
    label: str
    options: tuple[Option, ...]
    lay_out: Callable[[Sequence[int], Mapping[str, str]], Layout]
    deck_size: int = 52
    boards: tuple[BoardSpec, ...] = ()
    rules: Rules | None = None
    deck_of: Callable[[Mapping[str, str]], list[int]] = one_deck
    key_of: Callable[[Mapping[str, str]], str] | None = None  # None: the deal key is the game id
    classic: bool = False  # True: also dealt by classic numbers (C codes, seed 000 section 7)
    seeded: bool = False  # True: its redeals shuffle with the deal's seed (rules and solver take `seed=`)
    # The game's Solvitaire JSON format (engine/positions.py says what the module holds); None: none.
    solvitaire: Any = None

    def option(self, name: str) -> Option:
        for o in self.options:
            if o.name == name:
                return o
        accepted = ", ".join(o.name for o in self.options) or "none"
        raise BadInput(f"unknown option {name!r} for {self.id}; accepted: {accepted}")

    def canonical(self, given: Iterable[tuple[str, str]] | Mapping[str, object] = ()) -> Options:
        """Every option in listed order, defaults filled in; bad names or values refused."""
        pairs = given.items() if isinstance(given, Mapping) else given
        seen: dict[str, str] = {}
        for name, value in pairs:
            name, value = str(name).lower(), str(value).lower()
            opt = self.option(name)
            if name in seen:
                raise BadInput(f"option {name!r} given twice for {self.id}; accepted: each option once")
            if value not in opt.values:
                raise BadInput(f"bad value {name}={value} for {self.id}; accepted: {name}={'|'.join(opt.values)}")
            seen[name] = value
        return tuple((o.name, seen.get(o.name, o.default)) for o in self.options)

    def defaults(self) -> Options:
        return self.canonical(())

    def deal_key(self, options: Options | Mapping[str, str]) -> str:
        """The numbered seed's dealKey (seed 000): the game id unless the options deal other cards."""
        return self.id if self.key_of is None else self.key_of(dict(options))

    def deck(self, options: Options | Mapping[str, str]) -> list[int]:
        """The fresh deck as card ints, position 0 first."""
        return self.deck_of(dict(options))

    def layout(self, options: Options | Mapping[str, str], order: Sequence[int]) -> Layout:
        """The dealt layout from the shuffled order (position 0 dealt first): cards only. A
        redealing game's seed is not part of it: the deal carries it (`Deal.seed`), and the
        referee and the solver take it as `seed=`."""
        if len(order) != self.deck_size:
            raise BadInput(f"{self.id} deals {self.deck_size} cards, got an order of {len(order)}")
        return self.lay_out(list(order), dict(options))

    def require_rules(self) -> Rules:
        """The referee's rules, or BadInput if the game has none yet."""
        if self.rules is None:
            raise BadInput(f"no rules for game {self.id!r} yet")
        return self.rules

    def native_options(self, options: Options | Mapping[str, str]) -> dict[str, int]:
        """The code's solving options as the Rust solver takes them (the rules say how)."""
        return dict(self.require_rules().native_options(dict(options)))


def numbers(lo: int, hi: int) -> tuple[str, ...]:
    """Option values lo..hi as text."""
    return tuple(str(i) for i in range(lo, hi + 1))
