"""deal(code) -> Deal: a code's seed, order and layout, all from the published method.

`native_order` deals the same code through the Rust stream (engine._native.deal_positions),
an independent implementation, so the determinism check can compare the two.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import codes, deal as method
from engine.codes import DealCode
from engine.errors import DealpoolError
from engine.games import game as game_of
from engine.layouts import Layout, lay_out


@dataclass(frozen=True)
class Deal:
    """A dealt code: canonical code text, game, options, kind, number or seed, order, layout."""

    code: str
    game: str
    options: dict[str, str]
    kind: str
    number: int | None
    seed: bytes | None
    order: list[int] = field(repr=False)
    layout: Layout = field(repr=False)


def seed_of(code: DealCode) -> bytes | None:
    """The 64-byte seed of a code (numbered: SHA-512 of its deal key and number); None for C."""
    if code.kind == "S":
        return code.seed
    if code.kind == "N":
        assert code.number is not None
        return method.numbered_seed(game_of(code.game).deal_key(code.options), code.number)
    return None


def order_of(code: DealCode) -> list[int]:
    """The shuffled order: the classic generator for C codes, the published stream otherwise."""
    if code.kind == "C":
        assert code.number is not None
        return method.classic_freecell_order(code.number)
    seed = seed_of(code)
    assert seed is not None
    return method.deal_order(code.game, code.options_dict, seed)


def _code(code: str | DealCode) -> DealCode:
    return codes.parse(code) if isinstance(code, str) else code


def deal(code: str | DealCode) -> Deal:
    """Deal a code (text in any accepted spelling, or a DealCode)."""
    c = _code(code)
    order = order_of(c)
    return Deal(
        code=codes.format(c),
        game=c.game,
        options=c.options_dict,
        kind=c.kind,
        number=c.number,
        seed=seed_of(c),
        order=order,
        layout=lay_out(c.game, c.options_dict, order),
    )


def native_order(code: str | DealCode) -> list[int]:
    """The order dealt by the Rust implementation of the stream and shuffle (N and S codes).

    Classic FreeCell (C) codes have no seed and no second implementation: DealpoolError."""
    from engine import _native

    c = _code(code)
    seed = seed_of(c)
    if seed is None:
        raise DealpoolError(f"{codes.format(c)} is a classic FreeCell code; accepted: N or S codes (they have a seed)")
    deck = game_of(c.game).deck(c.options)
    return [deck[p] for p in _native.deal_positions(seed, len(deck))]
