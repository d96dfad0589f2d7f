"""The published method (seed 000) against every test value it prints, and its parts."""

from __future__ import annotations

import hashlib
import itertools
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine import GAMES, DealCode, Game, cards, dealer, format_code, method

KLONDIKE_1_SEED = (
    "63101e8dcee7da1a831e6d7f1732cddf183fb22f6aed7dcfca95cccda9072d1b"
    "39ca8b57d089e319359d83b77df8f2955bf4811331d78ae9e9714ec984cc4efc"
)
KLONDIKE_4711_SEED = (
    "dc4e02e1719dcfa0783c164b04ff65d80ce6a12d6fb3d21aec825360ff9859ae"
    "c42e5ac282b0ec79f71a5d66c88f856906ef01e3b63dc5ec2dd094a8050b00e2"
)
FREECELL_1_SEED = (
    "0ffe30f6c8b093e74cff461b0cce2ad31cd0da0f1004e76d9f64ea8415937e8e"
    "6c01ba536925a5221b1c41f1c06a43b42bf2e76341445aa73c108a478be17f2f"
)
KLONDIKE_1 = (
    "7D 10S KH QS 8S KD JC AH 10D 3C 3S 4S 10H 5S 7S JD 2D QD 5C AS 9H JS 8H 6H JH 2C 10C KS 9D AD 3D QC "
    "4C 4H QH 6S 6D 3H 5D 7C 8D 8C 6C 2H 7H AC 5H 2S 4D 9C 9S KC"
)
KLONDIKE_4711 = (
    "JS 6H KH 5S 10H 5D 10C 8S JC 4H QS 7D 4S 3S 2C KS 6S AC 8C QC 6C 9S 7S JH 8D 2S 10D 8H 2D 4D 7C 5C "
    "AS 4C 2H KD QH 3H 9D 9C 7H 10S QD AD 6D 5H KC 9H AH JD 3C 3D"
)
FREECELL_1 = (
    "9C QD 6H 3H 7S AH 2C 7H 5S 6S KC 6C 10S 5D AC 6D AS 5C JC 10H 8D 3C 10C AD KH JS 8S 2H 4S 9H QS 9D "
    "JD 7C 2D 9S JH KD 4C 4H 10D 2S 3D 7D 3S KS 8H QH 5H 4D QC 8C"
)
CLASSIC_1 = (
    "JD 2D 9H JC 5D 7H 7C 5H KD KC 9S 5S AD QC KH 3H 2S KS 9D QD JS AS AH 3C 4C 5C TS QH 4H AC 4D 7S "
    "3S TD 4S TH 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H"
)
SHA512_ABC = (
    "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
    "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
)


def _dealing_option_sets(g: Game) -> list[dict[str, str]]:
    """Every combination of the options that change the cards dealt (the others at their defaults)."""
    dealing = [o for o in g.options if o.deals]
    return [dict(zip((o.name for o in dealing), values)) for values in itertools.product(*(o.values for o in dealing))]


def test_sha512_fips_example() -> None:
    assert hashlib.sha512(b"abc").hexdigest() == SHA512_ABC


@pytest.mark.parametrize(
    "key,number,seed",
    [("klondike", 1, KLONDIKE_1_SEED), ("klondike", 4711, KLONDIKE_4711_SEED), ("freecell", 1, FREECELL_1_SEED)],
)
def test_numbered_seeds(key: str, number: int, seed: str) -> None:
    assert method.numbered_seed(key, number).hex() == seed


def test_first_eight_below_52() -> None:
    s = method.Stream(bytes.fromhex(KLONDIKE_1_SEED))
    assert [s.below(52) for _ in range(8)] == [51, 7, 41, 3, 5, 46, 47, 35]


@pytest.mark.parametrize(
    "code,order",
    [
        ("SOL1-klondike-draw=1;passes=unlimited;scoring=standard-N1", KLONDIKE_1),
        ("SOL1-klondike-draw=3;passes=unlimited;scoring=standard-N4711", KLONDIKE_4711),
        ("SOL1-klondike-draw=1;passes=unlimited;scoring=standard-N4711", KLONDIKE_4711),
        ("SOL1-freecell-cells=4-N1", FREECELL_1),
        ("SOL1-freecell-cells=2-N1", FREECELL_1),
    ],
)
def test_published_orders(code: str, order: str) -> None:
    d = dealer.deal(code)
    assert cards.names(d.order) == order
    assert method.order_text(method.code_order(code)[0]) == order


def test_seed_code_deals_the_same_as_its_number() -> None:
    code = "SOL1-klondike-draw=3;passes=1;scoring=standard-S" + method.seed_to_text(bytes.fromhex(KLONDIKE_4711_SEED))
    assert cards.names(dealer.deal(code).order) == KLONDIKE_4711


def test_classic_freecell_1() -> None:
    assert method.order_text(method.classic_freecell_order(1), ten="T") == CLASSIC_1
    d = dealer.deal("SOL1-freecell-cells=4-C1")
    assert cards.names(d.order, ten="T") == CLASSIC_1 and d.seed is None


def test_classic_freecell_is_a_permutation_over_its_range() -> None:
    for n in (2, 617, 11982, 32000, 1_000_000, 2**31 - 1):
        assert sorted(method.classic_freecell_order(n)) == list(range(52))
    assert method.classic_freecell_order(2) != method.classic_freecell_order(1)
    for bad in (0, 2**31):
        with pytest.raises(ValueError):
            method.classic_freecell_order(bad)


class _Fixed(method.Stream):
    """A stream reading given bytes, to pin down below()'s rejection."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def read(self, k: int) -> bytes:
        out, self.data = self.data[:k], self.data[k:]
        assert len(out) == k
        return out


def test_below_rejects_the_biased_top() -> None:
    # n = 3: floor(2^32/3)*3 = 2^32 - 1, so x = 0xFFFFFFFF is discarded and the next word used.
    assert _Fixed(b"\xff\xff\xff\xff\x00\x00\x00\x05").below(3) == 2
    # n = 52: limit = 4294967284; x = limit - 1 is kept, x = limit is discarded.
    limit = (2**32 // 52) * 52
    assert _Fixed((limit - 1).to_bytes(4, "big")).below(52) == (limit - 1) % 52
    assert _Fixed(limit.to_bytes(4, "big") + (7).to_bytes(4, "big")).below(52) == 7
    assert _Fixed(b"\xff\xff\xff\xff").below(1) == 0


def test_stream_blocks_are_joined_byte_by_byte() -> None:
    seed = bytes(range(64))
    s = method.Stream(seed)
    got = s.read(3) + s.read(100) + s.read(25)
    want = b"".join(
        hashlib.sha512(b"SiggySoft Solitaire deal stream v1\x00" + seed + i.to_bytes(8, "big")).digest() for i in range(2)
    )
    assert got == want


def test_shuffle_is_fisher_yates_from_the_end() -> None:
    seed = method.numbered_seed("klondike", 99)
    s = method.Stream(seed)
    js = [s.below(i + 1) for i in range(51, 0, -1)]
    deck = list(range(52))
    for i, j in zip(range(51, 0, -1), js):
        deck[i], deck[j] = deck[j], deck[i]
    assert method.shuffle(range(52), method.Stream(seed)) == deck


def test_fresh_decks() -> None:
    """The one-deck games' fresh deck (a game whose options deal other decks tests its own in its
    folder, tests/games/<game>/; tests/test_architecture.py checks every deck against the registry)."""
    one = list(range(52))
    assert cards.names(one[:14]) == "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH"
    one_deck = [g.id for g in GAMES.values() if not any(o.deals for o in g.options)]
    assert one_deck
    for game in one_deck:
        assert method.fresh_deck(game) == one


def test_deal_keys() -> None:
    assert method.deal_key("klondike", {"draw": "3"}) == method.deal_key("klondike", {"draw": "1"}) == "klondike"
    assert method.deal_key("freecell", {"cells": "2"}) == "freecell"
    for g in GAMES.values():  # a numbered deal's seed is its deal key's
        d = dealer.deal(format_code(DealCode.numbered(g.id, {}, 7)))
        assert d.seed == method.numbered_seed(g.deal_key(g.defaults()), 7)


def test_redeal_stream() -> None:
    seed = method.numbered_seed("any deal key", 5)
    gathered = list(range(40))
    for n in (1, 2):
        domain = f"SiggySoft Solitaire redeal {n} v1".encode()
        assert method.redeal_domain(n) == domain
        assert method.redeal(seed, n, gathered) == method.shuffle(gathered, method.Stream(seed, domain))
        first = hashlib.sha512(domain + b"\x00" + seed + bytes(8)).digest()
        assert method.Stream(seed, domain).read(64) == first
    assert method.redeal(seed, 1, gathered) != method.redeal(seed, 2, gathered)
    assert method.redeal(seed, 1, gathered) != method.shuffle(gathered, method.Stream(seed))
    assert sorted(method.redeal(seed, 1, gathered)) == gathered


def test_native_deal_matches_python() -> None:
    """The Rust stream (engine.native.deal_positions) deals what engine/deal.py deals."""
    from engine import native

    rng = random.Random(2026)
    for _ in range(150):
        seed = rng.randbytes(64)
        for size in (52, 104):
            assert native.deal_positions(seed, size) == method.shuffle_positions(seed, size)
    for g in GAMES.values():  # every game and every deck it deals (tests/test_architecture.py's option sets)
        for options in _dealing_option_sets(g):
            code = format_code(DealCode.numbered(g.id, options, 4711))
            assert dealer.native_order(code) == dealer.deal(code).order, code
    assert cards.names(dealer.native_order("SOL1-klondike-N1")) == KLONDIKE_1
    with pytest.raises(ValueError):
        dealer.native_order("SOL1-freecell-C1")


def test_deal_py_runs_alone(tmp_path: Path) -> None:
    """engine/deal.py in an empty folder, isolated (-I), prints the published values."""
    shutil.copy(Path(method.__file__), tmp_path / "deal.py")

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-I", "deal.py", *args], cwd=tmp_path, capture_output=True, text=True, timeout=60
        )

    assert run("klondike", "1").stdout == KLONDIKE_1 + "\n"
    assert run("klondike", "4711").stdout == KLONDIKE_4711 + "\n"
    assert run("freecell", "1").stdout == FREECELL_1 + "\n"
    assert run("--code", "SOL1-freecell-cells=4-C1").stdout == CLASSIC_1 + "\n"
    assert run("--code", "SOL1-klondike-draw=3;passes=unlimited;scoring=standard-N4711").stdout == KLONDIKE_4711 + "\n"
    assert run("--seed", "klondike", "1").stdout == KLONDIKE_1_SEED + "\n"
    assert run("--seed", "freecell", "1").stdout == FREECELL_1_SEED + "\n"
    for g in GAMES.values():  # every game's deal 3 and its code, as the engine deals them
        code = format_code(DealCode.numbered(g.id, {}, 3))
        want = cards.names(dealer.deal(code).order) + "\n"
        assert run(g.id, "3").stdout == run("--code", code).stdout == want, g.id
    bad = run("klondike", "0")
    assert bad.returncode == 2 and bad.stdout == "" and bad.stderr.count("\n") == 1 and "1..1,000,000" in bad.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deal.py"]


def test_cards_names_and_colours() -> None:
    assert [cards.name(c) for c in (0, 9, 12, 13, 51)] == ["AS", "10S", "KS", "AH", "KC"]
    assert cards.name(35, ten="T") == "TD" and cards.parse("td") == cards.parse("10D") == 35
    assert all(cards.parse(cards.name(c)) == c for c in range(52))
    assert cards.parse_many(KLONDIKE_1) == dealer.deal("SOL1-klondike-N1").order
    assert [cards.colour(c) for c in (0, 13, 26, 39)] == ["black", "red", "red", "black"]
    assert (cards.rank(25), cards.suit(25)) == (13, cards.HEARTS) and cards.card(13, 1) == 25
    for bad in ("", "1S", "11H", "AX", "10"):
        with pytest.raises(ValueError, match="accepted"):
            cards.parse(bad)
