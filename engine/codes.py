"""Deal codes: `SOL1-<game>-<options>-N<number>`, `-S<seed>` and `-C<number>` (seed 000, section 6).

Choices the spec leaves open (docs/games.md, "Cards, decks and codes"):
- options are `name=value` joined by `;`, every option of the game in its canonical (listed)
  order; on input they may come in any order and omitted ones take their default; a game
  without options writes no options part (`SOL1-canfield-N5`);
- the seed is its 64 bytes in base32, RFC 4648 alphabet, upper case, no padding: 103
  characters whose last one carries 3 unused bits that must be zero, so each seed has one text;
- numbered deals are 1..1,000,000; classic FreeCell numbers (freecell only) 1..2^31-1;
- input is read in any case; `format` writes the one canonical text, so
  `parse(format(c)) == c` for every DealCode and `format(parse(t))` canonicalizes t.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from engine import deal as method
from engine.errors import DealpoolError
from engine.games import Options, game as game_of

KINDS = ("N", "S", "C")


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
            raise DealpoolError(f"game id {self.game!r} is not canonical; accepted: {g.id}")
        if g.canonical(self.options) != tuple(self.options):
            raise DealpoolError(
                f"options {self.options!r} are not canonical for {self.game}; accepted: every option in order "
                f"{', '.join(o.name for o in g.options) or '(none)'}"
            )
        if self.kind == "S":
            if self.number is not None or not isinstance(self.seed, bytes) or len(self.seed) != method.SEED_BYTES:
                raise DealpoolError(f"a seed code needs a {method.SEED_BYTES}-byte seed and no number")
        elif self.kind in ("N", "C"):
            if self.seed is not None or not isinstance(self.number, int) or isinstance(self.number, bool):
                raise DealpoolError(f"a {self.kind} code needs a whole number and no seed")
            if self.kind == "N":
                method.check_number(self.number)
            elif self.game != "freecell":
                raise DealpoolError(f"classic numbering (C) is for freecell only, not {self.game!r}")
            elif not method.CLASSIC_MIN <= self.number <= method.CLASSIC_MAX:
                raise DealpoolError(
                    f"classic FreeCell number {self.number} is out of range; "
                    f"accepted: {method.CLASSIC_MIN}..{method.CLASSIC_MAX}"
                )
        else:
            raise DealpoolError(f"unknown deal kind {self.kind!r}; accepted: {', '.join(KINDS)}")

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
        return cls("freecell", game_of("freecell").canonical(options), "C", number=number)

    @property
    def options_dict(self) -> dict[str, str]:
        return dict(self.options)

    def __str__(self) -> str:
        return format(self)


def parse(text: str) -> DealCode:
    """A code's DealCode; DealpoolError naming what is wrong and what is accepted."""
    if not isinstance(text, str):
        raise DealpoolError(f"a deal code is text, got {type(text).__name__}")
    game_id, options, kind, value = method.split_code(text)
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
    head = f"{method.CODE_PREFIX}-{code.game}" + (f"-{opts}" if opts else "")
    if code.kind == "S":
        assert code.seed is not None
        return f"{head}-S{method.seed_to_text(code.seed)}"
    return f"{head}-{code.kind}{code.number}"


def canonical(text: str) -> str:
    """The canonical text of a code given in any accepted spelling."""
    return format(parse(text))
