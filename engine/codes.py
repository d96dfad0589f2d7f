"""Deal codes: `SOL1-<game>-<options>-N<number>`, `-S<seed>` and `-C<number>` (seed 000, section 6).

Choices the spec leaves open (docs/games.md, "Cards, decks and codes"):
- options are `name=value` joined by `;`, every option of the game in its canonical (listed)
  order; on input they may come in any order and omitted ones take their default; a game
  without options writes no options part (`SOL1-<game>-N5`);
- the seed is its 64 bytes in base32, RFC 4648 alphabet, upper case, no padding: 103
  characters whose last one carries 3 unused bits that must be zero, so each seed has one text;
- numbered deals are 1..1,000,000; classic FreeCell numbers (freecell only) 1..2^31-1;
- input is read in any case; `format` writes the one canonical text, so
  `parse(format(c)) == c` for every DealCode and `format(parse(t))` canonicalizes t.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from engine.deal import CLASSIC_MAX, CLASSIC_MIN, CODE_PREFIX, SEED_BYTES, check_number, seed_to_text, split_code
from engine.deal import parse_number as parse_digits
from engine.errors import BadInput, from_method
from engine.games import GAMES, Game, Options, game as game_of

KINDS = ("N", "S", "C")
RULES_VERSION = CODE_PREFIX.removeprefix("SOL")
"""The rules version written in every code: the 1 of SOL1."""


@dataclass(frozen=True)
class DealCode:
    """One deal: game, canonical options, kind N (numbered) | S (seed) | C (classic FreeCell).

    Exactly one of `number` (N, C) and `seed` (S) is set. Construction checks everything,
    so a DealCode always formats to a code that parses back to itself."""

    game: str
    options: Options
    kind: str
    number: int | None = None
    seed: bytes | None = None

    def __post_init__(self) -> None:
        g = game_of(self.game)
        if g.id != self.game:
            raise BadInput(f"game id {self.game!r} is not canonical; accepted: {g.id}")
        if g.canonical(self.options) != tuple(self.options):
            raise BadInput(
                f"options {self.options!r} are not canonical for {self.game}; accepted: every option in order "
                f"{', '.join(o.name for o in g.options) or '(none)'}"
            )
        if self.kind == "S":
            if self.number is not None or not isinstance(self.seed, bytes) or len(self.seed) != SEED_BYTES:
                raise BadInput(f"a seed code needs a {SEED_BYTES}-byte seed and no number")
        elif self.kind in ("N", "C"):
            if self.seed is not None or not isinstance(self.number, int) or isinstance(self.number, bool):
                raise BadInput(f"a {self.kind} code needs a whole number and no seed")
            if self.kind == "N":
                from_method(check_number, self.number)
            elif not game_of(self.game).classic:
                raise BadInput(f"classic numbering (C) is for {_classic_game().id} only, not {self.game!r}")
            elif not CLASSIC_MIN <= self.number <= CLASSIC_MAX:
                raise BadInput(
                    f"classic FreeCell number {self.number} is out of range; "
                    f"accepted: {CLASSIC_MIN}..{CLASSIC_MAX}"
                )
        else:
            raise BadInput(f"unknown deal kind {self.kind!r}; accepted: {', '.join(KINDS)}")

    @classmethod
    def numbered(cls, game: str, options: Iterable[tuple[str, str]] | Mapping[str, object] = (), number: int = 1) -> DealCode:
        g = game_of(game)
        return cls(g.id, g.canonical(options), "N", number=number)

    @classmethod
    def from_seed(cls, game: str, options: Iterable[tuple[str, str]] | Mapping[str, object], seed: bytes) -> DealCode:
        g = game_of(game)
        return cls(g.id, g.canonical(options), "S", seed=bytes(seed))

    @classmethod
    def classic(cls, number: int, options: Iterable[tuple[str, str]] | Mapping[str, object] = ()) -> DealCode:
        """A classic-numbered deal (C code) of the game dealt by classic numbers (FreeCell)."""
        g = _classic_game()
        return cls(g.id, g.canonical(options), "C", number=number)

    @property
    def options_dict(self) -> dict[str, str]:
        return dict(self.options)

    def __str__(self) -> str:
        return format(self)


def _classic_game() -> Game:
    """The game dealt by classic numbers too (seed 000 section 7: FreeCell)."""
    return next(g for g in GAMES.values() if g.classic)


def parse(text: str) -> DealCode:
    """A code's DealCode; BadInput naming what is wrong and what is accepted."""
    if not isinstance(text, str):
        raise BadInput(f"a deal code is text, got {type(text).__name__}")
    game_id, options, kind, value = from_method(split_code, text)
    g = game_of(game_id)
    canonical = g.canonical(options)
    if kind == "S":
        assert isinstance(value, bytes)
        return DealCode(g.id, canonical, kind, seed=value)
    assert isinstance(value, int)
    return DealCode(g.id, canonical, kind, number=value)


def format(code: DealCode) -> str:  # noqa: A001  (the contract's name)
    """The one canonical text of a code."""
    opts = ";".join(f"{n}={v}" for n, v in code.options)
    head = f"{CODE_PREFIX}-{code.game}" + (f"-{opts}" if opts else "")
    if code.kind == "S":
        assert code.seed is not None
        return f"{head}-S{seed_to_text(code.seed)}"
    return f"{head}-{code.kind}{code.number}"


def canonical(text: str) -> str:
    """The canonical text of a code given in any accepted spelling."""
    return format(parse(text))


def parse_number(text: str) -> int:
    """A numbered deal's number as written (digits, no leading zeros, 1..1,000,000); else BadInput."""
    number = from_method(parse_digits, str(text).strip())
    from_method(check_number, number)
    return number
