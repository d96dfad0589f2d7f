"""deal(code) -> Deal: a code's seed, order and layout, from the published method (engine/deal.py:
seeds, stream, shuffle, classic numbering) and the game's folder (deck, deal key, layout).
redeal(code, order) lays out a stored order again without shuffling (the batch path's deal).

`native_order` deals the same code through the Rust stream (engine.native.deal_positions),
an independent implementation, so the determinism check can compare the two.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from engine import codes, native
from engine.deal import Stream, classic_freecell_order, numbered_seed, shuffle
from engine.codes import DealCode
from engine.errors import BadInput
from engine.games import Layout, game


@dataclass(frozen=True)
class Deal:
    """A dealt code: canonical code text, game, options, kind, number or seed, order, layout. The
    seed (64 bytes; None for a classic FreeCell deal) is a field of its own, not part of the layout:
    the redealing games' referee and solver take it as `seed=`."""

    code: str
    game: str
    options: dict[str, str]
    kind: str
    number: int | None
    seed: bytes | None
    order: list[int] = field(repr=False)
    layout: Layout = field(repr=False)

    @property
    def ten(self) -> str:
        """How a ten is written in this deal's order: `T` for classic FreeCell deals (as seed 000
        prints them), `10` otherwise."""
        return "T" if self.kind == "C" else "10"


def seed_of(code: DealCode) -> bytes | None:
    """The 64-byte seed of a code (numbered: SHA-512 of its deal key and number); None for C."""
    if code.kind == "S":
        return code.seed
    if code.kind == "N":
        assert code.number is not None
        return numbered_seed(game(code.game).deal_key(code.options), code.number)
    return None


def order_of(code: DealCode, seed: bytes | None = None) -> list[int]:
    """The shuffled order: the classic generator for C codes, the published stream otherwise.
    `seed`: the code's seed when the caller has it already (seed_of is a SHA-512 for N codes)."""
    if code.kind == "C":
        assert code.number is not None
        return classic_freecell_order(code.number)
    seed = seed_of(code) if seed is None else seed
    assert seed is not None
    return shuffle(game(code.game).deck(code.options), Stream(seed))


def _code(code: str | DealCode) -> DealCode:
    return codes.parse(code) if isinstance(code, str) else code


def _laid_out(c: DealCode, seed: bytes | None, order: list[int]) -> Deal:
    return Deal(
        code=codes.format(c),
        game=c.game,
        options=c.options_dict,
        kind=c.kind,
        number=c.number,
        seed=seed,
        order=order,
        layout=game(c.game).layout(c.options, order),
    )


def deal(code: str | DealCode) -> Deal:
    """Deal a code (text in any accepted spelling, or a DealCode): parsed once, its seed computed
    once, shuffled once."""
    c = _code(code)
    seed = seed_of(c)
    return _laid_out(c, seed, order_of(c, seed))


def redeal(code: str | DealCode, order: Sequence[int]) -> Deal:
    """The deal of `code` laid out from a stored `order` (bytes or ints, as the `deals` table holds
    it) without shuffling again: the batch path deals what was sampled, once. The order must be a
    permutation of the game's deck (BadInput otherwise); whether it is the code's own shuffle is
    `check`'s question (it deals the code afresh and compares), not this function's."""
    c = _code(code)
    deck = game(c.game).deck(c.options)
    cards = list(order) if isinstance(order, (bytes, bytearray, Sequence)) and not isinstance(order, str) else None
    if cards is None or not all(type(x) is int for x in cards) or sorted(cards) != sorted(deck):
        size = len(cards) if cards is not None else "no"
        raise BadInput(
            f"{codes.format(c)}: the stored order ({size} cards) is not a deal of its deck; "
            f"accepted: a permutation of the game's {len(deck)} cards"
        )
    return _laid_out(c, seed_of(c), cards)


def native_order(code: str | DealCode) -> list[int]:
    """The order dealt by the Rust implementation of the stream and shuffle (N and S codes).

    Classic FreeCell (C) codes have no seed and no second implementation: BadInput."""
    c = _code(code)
    seed = seed_of(c)
    if seed is None:
        raise BadInput(f"{codes.format(c)} is a classic FreeCell code; accepted: N or S codes (they have a seed)")
    deck = game(c.game).deck(c.options)
    return [deck[p] for p in native.deal_positions(seed, len(deck))]
