#!/usr/bin/env python3
"""The published SiggySoft deal method (seed 000, version 1), standard library only.

This file runs alone, like the published tools/deal.py, so anyone can check a deal:

    python deal.py klondike 4711          # numbered deal of a game
    python deal.py spider 12 --suits 2    # options that change the deck
    python deal.py --code CODE            # any deal code (N, S or C)

It prints the shuffled order, position 0 first, as the spec's test values print it
(`10S`; classic FreeCell deals print `T` for ten, as the spec does).

The rest of the engine imports from here (`engine.deal`) so the method is written once:
numbered_seed, Stream (below), shuffle, fresh_deck, deal_key, classic_freecell_order,
split_code and the base32 seed text. Validation of options beyond what changes the deck
lives in engine/codes.py; this file checks only what it needs to deal.
"""

from __future__ import annotations

import base64
import hashlib
import re
import sys
from typing import Iterable, Sequence, TypeVar

T = TypeVar("T")

NUMBERED_DOMAIN = b"SiggySoft Solitaire numbered deal v1"
STREAM_DOMAIN = b"SiggySoft Solitaire deal stream v1"
SEED_BYTES = 64
SEED_CHARS = 103  # 512 bits in base32 (RFC 4648), no padding; the last char's 3 low bits are 0
NUMBER_MIN, NUMBER_MAX = 1, 1_000_000
CLASSIC_MIN, CLASSIC_MAX = 1, 2**31 - 1  # the classic state is taken mod 2^31: beyond, deals repeat
CODE_PREFIX = "SOL1"

SUITS = "SHDC"  # fresh-deck order: spades, hearts, diamonds, clubs
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

# Games the method deals. Every one-deck game shares the fresh deck 0..51; Spider's deck
# depends on its `suits` option (see fresh_deck).
GAMES = (
    "klondike",
    "freecell",
    "canfield",
    "tripeaks",
    "pyramid",
    "spider",
    "labellelucie",
    "gaps",
)
CLASSIC_GAME = "freecell"  # the game also dealt by classic numbers (section 7)
SPIDER_SUITS = ("1", "2", "4")
SPIDER_DEFAULT_SUITS = "4"


class DealError(ValueError):
    """Bad input to the method: one line naming what is wrong and what is accepted.
    (The engine raises it again as its own `engine.errors.BadInput`.)"""


# ---------------------------------------------------------------- 1. the seed
def numbered_seed(deal_key: str, number: int) -> bytes:
    """SHA-512("SiggySoft Solitaire numbered deal v1" 0x00 dealKey 0x00 number as 8 bytes BE)."""
    if not 0 <= number < 2**64:
        raise DealError(f"deal number {number} does not fit in 8 bytes")
    return hashlib.sha512(
        NUMBERED_DOMAIN + b"\x00" + deal_key.encode("utf-8") + b"\x00" + number.to_bytes(8, "big")
    ).digest()


def redeal_domain(n: int) -> bytes:
    """The domain of redeal n's stream: "SiggySoft Solitaire redeal <n> v1"."""
    return f"SiggySoft Solitaire redeal {n} v1".encode("utf-8")


# ---------------------------------------------------------------- 2-3. the stream and below(n)
class Stream:
    """Block i = SHA-512(domain 0x00 seed i as 8 bytes BE), read byte by byte."""

    def __init__(self, seed: bytes, domain: bytes = STREAM_DOMAIN) -> None:
        self._prefix = domain + b"\x00" + bytes(seed)
        self._block = b""
        self._pos = 0
        self._index = 0

    def read(self, k: int) -> bytes:
        """The next k bytes of the stream (blocks are joined seamlessly)."""
        out = bytearray()
        while len(out) < k:
            if self._pos == len(self._block):
                self._block = hashlib.sha512(self._prefix + self._index.to_bytes(8, "big")).digest()
                self._index += 1
                self._pos = 0
            take = min(k - len(out), len(self._block) - self._pos)
            out += self._block[self._pos : self._pos + take]
            self._pos += take
        return bytes(out)

    def below(self, n: int) -> int:
        """A whole number in 0..n-1 without bias: reject x >= floor(2^32/n)*n and read again."""
        if not 1 <= n <= 2**32:
            raise DealError(f"below(n) needs 1 <= n <= 2^32, got {n}")
        limit = (2**32 // n) * n
        while True:
            x = int.from_bytes(self.read(4), "big")
            if x < limit:
                return x % n


# ---------------------------------------------------------------- 4. the shuffle
def shuffle(items: Sequence[T], stream: Stream) -> list[T]:
    """Fisher-Yates from the end: for i = size-1 down to 1, swap i with below(i+1)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = stream.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def shuffle_positions(seed: bytes, size: int, domain: bytes = STREAM_DOMAIN) -> list[int]:
    """The permutation alone: element k is the fresh-deck position dealt k-th."""
    return shuffle(range(size), Stream(seed, domain))


def redeal(seed: bytes, n: int, cards: Sequence[T]) -> list[T]:
    """Shuffle gathered cards for redeal n with the redeal stream of the same seed."""
    return shuffle(cards, Stream(seed, redeal_domain(n)))


def fresh_deck(game: str, options: dict[str, str] | None = None) -> list[int]:
    """The game's fresh deck as card ints (suit*13 + rank-1; suits S,H,D,C), position 0 first.

    One deck: spades A..K, hearts, diamonds, clubs. Spider: suits=4 is two such decks;
    suits=2 is runs of spades and hearts in turn (S,H,S,H,...: four each); suits=1 is
    eight runs of spades."""
    _check_game(game)
    if game != "spider":
        return list(range(52))
    suits = (options or {}).get("suits", SPIDER_DEFAULT_SUITS)
    if suits == "4":
        return list(range(52)) * 2
    if suits == "2":
        return [s * 13 + r for _ in range(4) for s in (0, 1) for r in range(13)]
    if suits == "1":
        return list(range(13)) * 8
    raise DealError(f"spider option suits={suits!r} is not valid; accepted: suits=1|2|4")


def deal_key(game: str, options: dict[str, str] | None = None) -> str:
    """The numbered seed's dealKey: the game id, shared by options that deal the same cards.

    Spider's three decks differ, so each has its own key (spider-1, spider-2, spider-4):
    a number then never deals related shuffles of different decks."""
    _check_game(game)
    if game == "spider":
        suits = (options or {}).get("suits", SPIDER_DEFAULT_SUITS)
        if suits not in SPIDER_SUITS:
            raise DealError(f"spider option suits={suits!r} is not valid; accepted: suits=1|2|4")
        return f"spider-{suits}"
    return game


def deal_order(game: str, options: dict[str, str] | None, seed: bytes) -> list[int]:
    """The shuffled order of the game's fresh deck for a 64-byte seed."""
    if len(seed) != SEED_BYTES:
        raise DealError(f"seed is {len(seed)} bytes; a seed is exactly {SEED_BYTES} bytes")
    return shuffle(fresh_deck(game, options), Stream(seed))


def numbered_order(game: str, options: dict[str, str] | None, number: int) -> list[int]:
    """The order of numbered deal `number` (1..1,000,000) of a game."""
    check_number(number)
    return deal_order(game, options, numbered_seed(deal_key(game, options), number))


# ---------------------------------------------------------------- 7. classic FreeCell
CLASSIC_SUITS = (3, 2, 1, 0)  # the classic deck runs AC AD AH AS 2C ... KS


def classic_freecell_order(number: int) -> list[int]:
    """Classic FreeCell numbering: the cards in the classic generator's dealing order.

    state = (state*214013 + 2531011) mod 2^31, value = state // 2^16; take the card at
    value mod cards-left, swap it with the last card, remove it and deal it."""
    if not CLASSIC_MIN <= number <= CLASSIC_MAX:
        raise DealError(f"classic FreeCell number {number} is out of range; accepted: {CLASSIC_MIN}..{CLASSIC_MAX}")
    deck = [CLASSIC_SUITS[i % 4] * 13 + i // 4 for i in range(52)]
    state = number
    out: list[int] = []
    while deck:
        state = (state * 214013 + 2531011) % 2**31
        j = (state >> 16) % len(deck)
        deck[j], deck[-1] = deck[-1], deck[j]
        out.append(deck.pop())
    return out


# ---------------------------------------------------------------- 6. codes (syntax)
_CODE = re.compile(r"(?P<prefix>[^-]*)-(?P<game>[^-]*)(?:-(?P<options>[^-]*))?-(?P<kind>[A-Za-z])(?P<value>[^-]*)")
_DIGITS = re.compile(r"[0-9]+", re.ASCII)
_BASE32 = re.compile(r"[A-Z2-7]*", re.ASCII)


def split_code(text: str) -> tuple[str, list[tuple[str, str]], str, int | bytes]:
    """Split a code `SOL1-<game>[-<options>]-<N|S|C><value>` into its parts.

    Returns (game, [(name, value), ...] as written, kind, number or seed bytes). Checks the
    syntax, the number's range and the seed's base32; the game's options are checked by
    engine.codes. Case is ignored; the options part may be left out or empty."""
    text = text.strip()
    m = _CODE.fullmatch(text)
    if not m:
        raise DealError(
            f"malformed deal code {text!r}; accepted: SOL1-<game>-<name=value;...>-N<number>|S<103 base32 chars>|C<number>"
        )
    if m["prefix"].upper() != CODE_PREFIX:
        raise DealError(f"deal code {text!r} has rules version {m['prefix']!r}; accepted: {CODE_PREFIX}")
    game = m["game"].lower()
    _check_game(game)
    options: list[tuple[str, str]] = []
    for part in (m["options"] or "").split(";"):
        if part == "":
            continue
        name, eq, value = part.partition("=")
        if not eq or not name or not value:
            raise DealError(f"malformed option {part!r} in deal code; accepted: name=value pairs joined by ';'")
        options.append((name.lower(), value.lower()))
    kind = m["kind"].upper()
    value = m["value"]
    if kind == "S":
        return game, options, kind, seed_from_text(value)
    if kind not in ("N", "C"):
        raise DealError(f"unknown deal kind {m['kind']!r} in deal code; accepted: N<number>, S<seed>, C<number>")
    number = parse_number(value)
    if kind == "C":
        if game != CLASSIC_GAME:
            raise DealError(f"classic numbering (C) is for {CLASSIC_GAME} only, not {game!r}; accepted: N<number> or S<seed>")
        if not CLASSIC_MIN <= number <= CLASSIC_MAX:
            raise DealError(f"classic FreeCell number {number} is out of range; accepted: {CLASSIC_MIN}..{CLASSIC_MAX}")
    else:
        check_number(number)
    return game, options, kind, number


def seed_to_text(seed: bytes) -> str:
    """The seed as 103 base32 characters (RFC 4648 alphabet, upper case, no padding)."""
    if len(seed) != SEED_BYTES:
        raise DealError(f"seed is {len(seed)} bytes; a seed is exactly {SEED_BYTES} bytes")
    return base64.b32encode(seed).decode("ascii").rstrip("=")


def seed_from_text(text: str) -> bytes:
    """Decode a 103-character base32 seed, any case; the unused low bits must be zero."""
    up = text.upper()
    if not _BASE32.fullmatch(up):
        bad = next(c for c in up if not ("A" <= c <= "Z" or "2" <= c <= "7"))
        raise DealError(f"seed has the character {bad!r}, not base32; accepted: A-Z and 2-7 (RFC 4648), no padding")
    if len(up) != SEED_CHARS:
        raise DealError(
            f"seed is {len(up)} base32 characters; accepted: exactly {SEED_CHARS} (a {SEED_BYTES}-byte seed)"
        )
    seed = base64.b32decode(up + "=")
    if seed_to_text(seed) != up:
        raise DealError(
            f"seed's last character {up[-1]!r} sets unused bits; accepted: a last character whose low 3 bits are 0 (A, I, Q or Y)"
        )
    return seed


def parse_number(text: str) -> int:
    """A deal number as written: ASCII digits without leading zeros (one text per number)."""
    if not _DIGITS.fullmatch(text):
        raise DealError(f"deal number {text!r} is not a whole number; accepted: digits 0-9, e.g. 4711")
    if len(text) > 1 and text[0] == "0":
        raise DealError(f"deal number {text!r} has leading zeros; accepted: the number without them")
    if len(text) > 10:  # before int(): no deal number has more digits (and Python refuses 4,300+)
        raise DealError(
            f"deal number {text[:12]}... ({len(text)} digits) is out of range; accepted: "
            f"{NUMBER_MIN}..{NUMBER_MAX:,} (classic FreeCell {CLASSIC_MIN}..{CLASSIC_MAX:,})"
        )
    return int(text)


def check_number(number: int) -> None:
    """Numbered deals run 1..1,000,000."""
    if not NUMBER_MIN <= number <= NUMBER_MAX:
        raise DealError(f"deal number {number} is out of range; accepted: {NUMBER_MIN}..{NUMBER_MAX:,}")


def _check_game(game: str) -> None:
    if game not in GAMES:
        raise DealError(f"unknown game {game!r}; accepted: {', '.join(GAMES)}")


# ---------------------------------------------------------------- printing
def card_name(card: int, ten: str = "10") -> str:
    """`7D`, `10S` (or `TS` with ten='T', as classic FreeCell deals print)."""
    rank = RANKS[card % 13]
    return (ten if rank == "10" else rank) + SUITS[card // 13]


def order_text(order: Iterable[int], ten: str = "10") -> str:
    return " ".join(card_name(c, ten) for c in order)


def code_order(text: str) -> tuple[list[int], str]:
    """(order, ten) for a deal code: the classic generator for C codes, the stream otherwise."""
    game, options, kind, value = split_code(text)
    opts = dict(options)
    if kind == "C":
        assert isinstance(value, int)
        return classic_freecell_order(value), "T"
    if kind == "S":
        assert isinstance(value, bytes)
        return deal_order(game, opts, value), "10"
    assert isinstance(value, int)
    return numbered_order(game, opts, value), "10"


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    usage = "usage: deal.py GAME NUMBER [--suits 1|2|4] | deal.py --code CODE | deal.py --seed GAME NUMBER"
    try:
        if len(args) == 2 and args[0] == "--code":
            order, ten = code_order(args[1])
            print(order_text(order, ten))
            return 0
        show_seed = bool(args) and args[0] == "--seed"
        if show_seed:
            args = args[1:]
        options: dict[str, str] = {}
        if len(args) == 4 and args[2] == "--suits":
            options["suits"] = args[3]
            args = args[:2]
        if len(args) != 2:
            print(usage, file=sys.stderr)
            return 2
        game = args[0].lower()
        _check_game(game)
        if options and game != "spider":
            raise DealError(f"--suits is a spider option, not {game}'s; accepted: spider N --suits 1|2|4")
        number = parse_number(args[1])
        check_number(number)
        if show_seed:
            print(numbered_seed(deal_key(game, options), number).hex())
        else:
            print(order_text(numbered_order(game, options, number)))
        return 0
    except DealError as e:
        print(f"deal.py: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
