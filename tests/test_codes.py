"""Deal codes: canonical text, defaults, base32 seeds, bijection, clean errors; games and boards."""

from __future__ import annotations

import base64
import random

import pytest

import engine
from engine import codes, games, method
from engine.codes import DealCode
from engine import BadInput

BARE = next(g.id for g in games.GAMES.values() if not g.options)
"""A game without options (the registry's first): its codes write no options part."""
PLAIN = next(g.id for g in games.GAMES.values() if not g.classic)
"""A game not dealt by classic numbers."""

SPEC_CODES = [
    "SOL1-klondike-draw=3;passes=unlimited;scoring=standard-N4711",
    "SOL1-freecell-cells=4-C11982",
]


@pytest.mark.parametrize("text", SPEC_CODES)
def test_spec_examples_are_canonical(text: str) -> None:
    assert codes.format(codes.parse(text)) == text


def test_spec_seed_example_shape() -> None:
    seed = bytes(range(64))
    text = "SOL1-klondike-draw=1;passes=unlimited;scoring=standard-S" + method.seed_to_text(seed)
    c = codes.parse(text)
    assert c.kind == "S" and c.seed == seed and c.number is None
    assert codes.format(c) == text and len(text.rsplit("-S", 1)[1]) == 103


def test_defaults_order_and_case() -> None:
    want = "SOL1-klondike-draw=1;passes=unlimited;scoring=standard-N4711"
    for text in ("SOL1-klondike-N4711", "sol1-KLONDIKE--n4711", "SOL1-klondike-scoring=standard;draw=1-N4711"):
        assert codes.canonical(text) == want
    assert codes.canonical("SOL1-klondike-passes=3;draw=3-N2") == "SOL1-klondike-draw=3;passes=3;scoring=standard-N2"
    assert codes.canonical(f"SOL1-{BARE}-N5") == f"SOL1-{BARE}-N5"
    assert codes.canonical(f"SOL1-{BARE}--N5") == f"SOL1-{BARE}-N5"
    assert codes.canonical("SOL1-freecell-C1") == "SOL1-freecell-cells=4-C1"


def test_seed_text_is_rfc4648_base32_any_case() -> None:
    seed = random.Random(1).randbytes(64)
    text = method.seed_to_text(seed)
    assert text == base64.b32encode(seed).decode().rstrip("=") and len(text) == 103
    assert codes.parse(f"SOL1-{BARE}-S" + text.lower()).seed == seed
    assert codes.format(codes.parse(f"SOL1-{BARE}-s" + text.lower())) == f"SOL1-{BARE}-S" + text


def test_seed_padding_bits_must_be_zero() -> None:
    """The 103rd character carries 3 unused bits: only A, I, Q, Y leave them zero."""
    text = method.seed_to_text(bytes(64))
    accepted = set()
    for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567":
        try:
            codes.parse(f"SOL1-{BARE}-S" + text[:-1] + ch)
            accepted.add(ch)
        except BadInput as e:
            assert "unused bits" in str(e)
    assert accepted == set("AIQY")


def _random_code(rng: random.Random) -> DealCode:
    g = rng.choice(list(games.GAMES.values()))
    opts = {o.name: rng.choice(o.values) for o in g.options if rng.random() < 0.7}
    kind = rng.choice("NSC" if g.classic else "NS")
    if kind == "S":
        return DealCode.from_seed(g.id, opts, rng.randbytes(64))
    if kind == "C":
        return DealCode.classic(rng.randint(1, 2**31 - 1), opts)
    return DealCode.numbered(g.id, opts, rng.choice([1, 1_000_000, rng.randint(1, 1_000_000)]))


def _respell(text: str, rng: random.Random) -> str:
    """Another accepted spelling: options shuffled, defaults dropped at random, case changed."""
    c = codes.parse(text)
    g = games.GAMES[c.game]
    kept = [(n, v) for n, v in c.options if v != g.option(n).default or rng.random() < 0.5]
    rng.shuffle(kept)
    opts = ";".join(f"{n}={v}" for n, v in kept)
    value = str(c.number) if c.seed is None else method.seed_to_text(c.seed)
    out = f"SOL1-{c.game}-{opts}-{c.kind}{value}"
    return out.lower() if rng.random() < 0.5 else out


def test_ten_thousand_random_codes_round_trip() -> None:
    rng = random.Random(20261026)
    seen = set()
    for _ in range(10_000):
        c = _random_code(rng)
        text = codes.format(c)
        assert codes.parse(text) == c
        assert codes.format(codes.parse(_respell(text, rng))) == text
        seen.add((c.game, c.kind))
    assert len(seen) == 2 * len(games.GAMES) + sum(g.classic for g in games.GAMES.values())  # N, S; C


def test_constructor_refuses_non_canonical_codes() -> None:
    with pytest.raises(BadInput):
        DealCode("klondike", (("passes", "unlimited"), ("draw", "1"), ("scoring", "standard")), "N", number=1)
    with pytest.raises(BadInput):
        DealCode("klondike", (("draw", "1"),), "N", number=1)
    with pytest.raises(BadInput):
        DealCode(BARE, (), "N", number=1, seed=bytes(64))
    with pytest.raises(BadInput):
        DealCode(BARE, (), "S", seed=bytes(63))
    with pytest.raises(BadInput):
        DealCode(PLAIN, games.GAMES[PLAIN].defaults(), "C", number=1)
    with pytest.raises(BadInput):
        DealCode(BARE, (), "N", number=0)


BAD_CODES = {
    "SOL1-klondike-draw=2-N1": "draw=1|3",
    "SOL1-klondike-cells=4-N1": "accepted: draw, passes, scoring",
    f"SOL1-{BARE}-draw=1-N1": "accepted: none",
    "SOL1-klondike-draw=1;draw=3-N1": "twice",
    "SOL1-klondike-draw-N1": "name=value",
    "SOL1-solitaire-N1": "accepted: klondike, freecell",
    "SOL2-klondike-N1": "accepted: SOL1",
    "SOL1-klondike-N0": "1..1,000,000",
    "SOL1-klondike-N1000001": "1..1,000,000",
    "SOL1-klondike-N012": "leading zeros",
    "SOL1-klondike-Nabc": "whole number",
    "SOL1-klondike-X5": "N<number>, S<seed>, C<number>",
    f"SOL1-{PLAIN}-C5": "freecell only",
    "SOL1-freecell-C2147483648": "1..2147483647",
    "SOL1-freecell-C0": "1..2147483647",
    "klondike 4711": "malformed deal code",
    "": "malformed deal code",
    "SOL1-klondike-N1-N2": "name=value",
    "SOL1-klondike-S" + "A" * 102: "exactly 103",
    "SOL1-klondike-S" + "A" * 104: "exactly 103",
    "SOL1-klondike-S" + "A" * 102 + "1": "not base32",
    "SOL1-klondike-S" + "A" * 101 + "=A": "not base32",
    "SOL1-klondike-S" + "A" * 102 + "B": "unused bits",
}


@pytest.mark.parametrize("text,needle", BAD_CODES.items())
def test_bad_codes_say_what_is_wrong_and_accepted(text: str, needle: str) -> None:
    with pytest.raises(BadInput) as e:
        codes.parse(text)
    msg = str(e.value)
    assert needle in msg and "accepted" in msg
    assert "\n" not in msg


def test_games_and_options() -> None:
    k = games.game("klondike")
    assert [o.name for o in k.options] == ["draw", "passes", "scoring"]
    assert k.option("passes").values == ("unlimited", "1", "3")
    assert not k.option("scoring").solving
    assert games.game("freecell").option("cells").values == ("1", "2", "3", "4")
    for g in games.GAMES.values():
        assert g.deck_size == len(g.deck(g.defaults()))
    with pytest.raises(BadInput, match="accepted: klondike"):
        games.game("hearts")


def test_boards() -> None:
    # every game's boards, in the registry's order and then the game's, each id once
    assert list(games.BOARDS) == [s.id for g in games.GAMES.values() for s in g.boards]
    assert len(set(games.BOARDS)) == sum(len(g.boards) for g in games.GAMES.values())
    assert engine.board_code("klondike-3", 4711) == SPEC_CODES[0]
    for b in games.BOARDS.values():
        assert engine.board_for(engine.board_code(b, 77)) == b
        assert b.budget > 0 and b.label
    assert engine.board_for("SOL1-freecell-C11982").id == "freecell"
    derived = engine.board_for("SOL1-klondike-draw=3;passes=1-N5")
    assert derived.id == "klondike-3+passes=1" and derived.budget == engine.board("klondike-3").budget
    assert engine.board_for("SOL1-freecell-cells=2-N5").id == "freecell+cells=2"
    with pytest.raises(BadInput, match="accepted: klondike-1, klondike-3"):
        engine.board("klondike")
    with pytest.raises(BadInput):
        engine.board_code("klondike-1", 0)
