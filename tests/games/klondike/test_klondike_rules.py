"""Klondike rules (engine/games/klondike/rules.py): properties on random play, then hand-made positions."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import cards
from engine.dealer import deal
from engine import BadInput
from engine import IllegalMove, rules_for
from engine.games.klondike import rules as k

sys.path.insert(0, str(Path(__file__).parent))
from klondike_helpers import position  # noqa: E402

# Every syntactically valid token, so "plays iff listed" can be checked exhaustively.
ALL_TOKENS = (
    ["d", "r", "w>f"]
    + [f"w>{m}" for m in range(1, 8)]
    + [f"{n}>f" for n in range(1, 8)]
    + [f"{n}>{m}" for n in range(1, 8) for m in range(1, 8)]
    + [f"{n}:{c}>{m}" for n in range(1, 8) for m in range(1, 8) for c in range(2, 14)]
    + [f"f{x}>{m}" for x in "SHDC" for m in range(1, 8)]
)
GARBAGE = ["", "D", "d ", "w", "w>0", "w>8", "8>1", "0>f", "1:1>2", "1:02>3", "1:2>f", "fX>1", "f>1", "u", "1>", "r>1"]


def dealt(number: int, draw: int, passes: str) -> k.State:
    d = deal(f"SOL1-klondike-draw={draw};passes={passes}-N{number}")
    return k.new_state(d.layout, d.options)


def sound(s: k.State) -> None:
    """Invariants every reachable position keeps."""
    assert sorted(s.cards()) == list(range(52)), "52 distinct cards"
    for i, p in enumerate(s.piles):
        assert 0 <= s.down[i] <= len(p)
        assert not p or s.down[i] < len(p), "a pile's top is face up"
        up = p[s.down[i]:]
        assert all(k._fits(a, b) for b, a in zip(up, up[1:])), "face-up cards form a built run"
    assert s.max_redeals is None or 0 <= s.redeals <= s.max_redeals


games = st.tuples(st.integers(1, 1_000_000), st.sampled_from([1, 3]), st.sampled_from(["unlimited", "1", "3"]))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.data())
def test_random_play_conserves_cards_and_undo_restores(game, data):
    s = dealt(*game)
    start = s.snapshot()
    history = []
    for _ in range(data.draw(st.integers(0, 150), label="steps")):
        moves = k.legal_moves(s)
        assert moves == sorted(set(moves)), "sorted, no duplicates"
        if not moves:
            break
        m = data.draw(st.sampled_from(moves))
        before = s.snapshot()
        history.append((before, k.play(s, m)))
        sound(s)
    while history:
        before, token = history.pop()
        k.undo(s, token)
        assert s.snapshot() == before
    assert s.snapshot() == start


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.data())
def test_plays_exactly_the_listed_moves(game, data):
    """On random positions every listed token plays (and undoes), every other token is refused
    with IllegalMove and leaves the state as it was."""
    s = dealt(*game)
    for _ in range(data.draw(st.integers(0, 80), label="steps")):
        moves = k.legal_moves(s)
        if not moves:
            break
        k.play(s, data.draw(st.sampled_from(moves)))
    listed = set(k.legal_moves(s))
    before = s.snapshot()
    assert listed <= set(ALL_TOKENS)
    safe = k.safe_move(s)
    assert safe is None or (safe in listed and safe.endswith(">f"))
    assert s.draw == 1 or safe != "w>f"
    for token in ALL_TOKENS + GARBAGE:
        if token in listed:
            u = k.play(s, token)
            sound(s)
            k.undo(s, token=u)
        else:
            with pytest.raises(IllegalMove) as e:
                k.play(s, token)
            assert str(e.value), "a reason is given"
        assert s.snapshot() == before, token


def test_rules_module_api():
    assert rules_for("klondike") is k
    for fn in ("new_state", "legal_moves", "play", "undo", "is_won", "safe_move", "native_options"):
        assert callable(getattr(k, fn))
    assert k.native_options({"draw": "3", "passes": "unlimited", "scoring": "standard"}) == {"draw": 3, "passes": 0}
    assert k.native_options({"draw": "1", "passes": "1"}) == {"draw": 1, "passes": 1}
    assert k.native_options({"draw": "1", "passes": "3"}) == {"draw": 1, "passes": 3}
    with pytest.raises(BadInput):
        k.native_options({"draw": "2"})
    with pytest.raises(BadInput):
        k.native_options({"passes": "2"})


def test_new_state_of_a_deal_and_bad_layouts():
    s = dealt(4711, 3, "unlimited")
    assert [len(p) for p in s.piles] == [1, 2, 3, 4, 5, 6, 7]
    assert s.down == [0, 1, 2, 3, 4, 5, 6]
    assert len(s.stock) == 24 and not s.waste and s.found == [0, 0, 0, 0]
    layout = deal("SOL1-klondike-N4711").layout
    broken = dict(layout, stock=[layout["stock"][0][:-1]])
    with pytest.raises(BadInput, match="52 cards"):
        k.new_state(broken, {})
    with pytest.raises(BadInput, match="built run"):
        position(["KS QS"])


def legal(s: k.State, move: str) -> bool:
    return move in k.legal_moves(s)


def refuse(s: k.State, move: str, match: str) -> None:
    before = s.snapshot()
    assert not legal(s, move)
    with pytest.raises(IllegalMove, match=match):
        k.play(s, move)
    assert s.snapshot() == before


# ---------------------------------------------------------------- hand-made positions

def test_only_kings_go_to_empty_piles():
    s = position(["QD", "", "KH QS", "KD"])
    refuse(s, "1>2", "only a king")
    assert legal(s, "3:2>2") and legal(s, "4>2")
    refuse(s, "3>2", "only a king")  # QS alone, off its king
    k.play(s, "3:2>2")
    assert s.piles[1] == cards.parse_many("KH QS") and s.piles[2] == []
    # a lone king moving between empty piles is legal, as at the table
    assert legal(s, "4>3")


def test_run_moves():
    s = position(["[5C] 9H 8S 7D", "10C", "9D", "JH"])
    assert legal(s, "1:3>2")  # 9H 8S 7D onto 10C
    assert legal(s, "1:2>3")  # 8S 7D onto 9D
    refuse(s, "1:3>3", "cannot go on 9D")
    refuse(s, "1:4>2", "has 3 face-up cards, not 4")
    refuse(s, "1:1>2", "K must be")
    refuse(s, "1>1", "onto itself")
    u = k.play(s, "1:3>2")
    assert s.piles[1] == cards.parse_many("10C 9H 8S 7D")
    assert s.piles[0] == [cards.parse("5C")] and s.down[0] == 0, "the face-down card turned up"
    k.undo(s, u)
    assert s.piles[0] == cards.parse_many("5C 9H 8S 7D") and s.down[0] == 1


def test_auto_flip_and_its_undo():
    s = position(["[3S] [4H] 2D", "", "", "", "", "", ""], found=(0, 0, 1, 0))
    before = s.snapshot()
    u = k.play(s, "1>f")
    assert s.down[0] == 1 and s.piles[0] == cards.parse_many("3S 4H")
    k.undo(s, u)
    assert s.snapshot() == before


def test_draw_three_with_fewer_left_and_redeal_order():
    s = position(["KS"], stock="AH 2H 3H 4H 5H", draw=3, rest="pile1")
    # stock bottom first: 5H is drawn first
    k.play(s, "d")
    assert s.waste == cards.parse_many("5H 4H 3H") and s.stock == cards.parse_many("AH 2H")
    u = k.play(s, "d")
    assert s.waste == cards.parse_many("5H 4H 3H 2H AH") and s.stock == []
    refuse(s, "d", "stock is empty")
    k.undo(s, u)
    assert s.stock == cards.parse_many("AH 2H") and s.waste == cards.parse_many("5H 4H 3H")
    k.play(s, "d")
    k.play(s, "w>f")  # AH
    r = k.play(s, "r")
    # the card drawn first on the last pass is drawn first again
    assert s.stock == cards.parse_many("2H 3H 4H 5H") and s.waste == []
    k.play(s, "d")
    assert s.waste == cards.parse_many("5H 4H 3H")
    refuse(s, "w>f", "3H cannot go to the foundation: H holds up to AH")
    s2 = position(["KS"], stock="AH 2H", draw=1, rest="pile1")
    k.play(s2, "d"), k.play(s2, "d")
    assert s2.waste == cards.parse_many("2H AH")
    k.play(s2, "r")
    assert s2.stock == cards.parse_many("AH 2H") and s2.redeals == 1
    assert r[0] == k._REDEAL


def test_pass_limits():
    def cycle(s: k.State) -> None:
        while s.stock:
            k.play(s, "d")
    one = position(["KS"], stock="AH 2H 3H", draw=1, passes="1", rest="pile1")
    cycle(one)
    refuse(one, "r", "no pass left")
    three = position(["KS"], stock="AH 2H 3H", draw=3, passes="3", rest="pile1")
    for _ in range(2):
        cycle(three)
        assert legal(three, "r")
        k.play(three, "r")
    cycle(three)
    refuse(three, "r", "no pass left")
    assert three.redeals == 2
    free = position(["KS"], stock="AH", draw=1, rest="pile1")
    for _ in range(10):
        k.play(free, "d")
        k.play(free, "r")
    assert free.redeals == 10 and free.stock == [cards.parse("AH")]
    refuse(free, "r", "stock is empty")  # the stock holds a card: r is not allowed
    k.play(free, "d")
    k.play(free, "w>f")
    refuse(free, "r", "both empty")


def test_foundation_back_moves():
    s = position(["8S", "", "9D"], found=(0, 7, 0, 13))
    assert legal(s, "fH>1")  # 7H onto 8S
    refuse(s, "fH>3", "cannot go on 9D")
    assert legal(s, "fC>2")  # KC to the empty pile
    refuse(s, "fS>1", "foundation S is empty")
    before = s.snapshot()
    u = k.play(s, "fH>1")
    assert s.found[1] == 6 and s.piles[0][-1] == cards.parse("7H")
    k.undo(s, u)
    assert s.snapshot() == before
    refuse(s, "fC>1", "cannot go on 8S")


def test_waste_and_foundation_moves():
    s = position(["9C", ""], waste="KD 8H", found=(0, 7, 0, 0))
    assert legal(s, "w>1") and legal(s, "w>f")
    refuse(s, "w>2", "only a king")
    k.play(s, "w>f")
    assert legal(s, "w>2")
    refuse(s, "2>f", "pile 2 is empty")
    refuse(s, "1:2>f", "one card at a time")


def test_won():
    s = position([], found=(13, 13, 13, 12), waste="KC")
    assert not k.is_won(s)
    k.play(s, "w>f")
    assert k.is_won(s) and k.legal_moves(s) == sorted(f"f{x}>{m}" for x in "SHDC" for m in range(1, 8))


# ---------------------------------------------------------------- the safe auto-move rule

def test_aces_and_twos_are_always_safe():
    assert k.safe_move(position(["KS", "AH"])) == "2>f"
    assert k.safe_move(position(["2H"], found=(0, 1, 0, 0))) == "1>f"
    assert k.safe_move(position(["KS"], waste="AD", draw=1, rest="pile1")) == "w>f"
    # with draw 3 nothing comes from the waste, not even an ace
    assert k.safe_move(position(["KS"], waste="AD", draw=3, rest="pile1")) is None


@pytest.mark.parametrize(
    "found, safe",
    [
        ((4, 4, 3, 4), True),   # 5H: both black foundations at 4, diamonds at 3
        ((3, 4, 3, 4), False),  # spades one short of rank-1
        ((4, 4, 3, 3), False),  # clubs one short
        ((4, 4, 2, 4), False),  # diamonds (same colour) one short of rank-2
        ((9, 4, 9, 9), True),   # well above the thresholds
    ],
)
def test_safe_threshold_red(found, safe):
    s = position(["KS", "", "5H"], found=found)
    assert k.safe_move(s) == ("3>f" if safe else None)


def test_safe_threshold_black():
    # 8C with clubs at 7: hearts and diamonds must hold 7, spades 6
    assert k.safe_move(position(["8C"], found=(6, 7, 7, 7))) == "1>f"
    assert k.safe_move(position(["8C"], found=(5, 7, 7, 7))) is None
    assert k.safe_move(position(["8C"], found=(6, 6, 7, 7))) is None
    assert k.safe_move(position(["8C"], found=(6, 7, 6, 7))) is None
    assert k.safe_move(position(["KS"], found=(12, 12, 12, 11))) == "1>f"
    assert k.safe_move(position(["KS"], found=(12, 11, 12, 11))) is None


def test_safe_move_order_and_waste():
    # piles first, in order; then the waste (draw 1)
    s = position(["KS", "3S", "2C"], found=(2, 2, 2, 1), waste="3D", draw=1)
    assert k.safe_move(s) == "2>f"
    k.play(s, "2>f")
    assert k.safe_move(s) == "3>f"
    k.play(s, "3>f")
    assert k.safe_move(s) == "w>f"
    # a playable but unsafe card is not moved
    assert k.safe_move(position(["9H"], found=(0, 8, 0, 0))) is None


# ---------------------------------------------------------------- safe moves keep every win (exhaustively)

@st.composite
def endgames(draw, max_out=10):
    """A random position with few cards out of the foundations, stacked face down under the tops of
    a few piles, the rest in the stock and waste; any draw and pass limit. Lopsided on purpose, so
    that some positions are lost."""
    heights = draw(st.lists(st.integers(13 - max_out, 13), min_size=4, max_size=4))
    while 52 - sum(heights) > max_out:
        heights[heights.index(min(heights))] += 1
    out = [s * 13 + r for s in range(4) for r in range(heights[s], 13)]
    out = draw(st.permutations(out))
    used = draw(st.integers(1, 3))
    cuts = sorted(draw(st.lists(st.integers(0, len(out)), min_size=used, max_size=used)))
    parts = [out[a:b] for a, b in zip([0] + cuts, cuts + [len(out)])]
    piles = parts[:used] + [[]] * (7 - used)
    stock = parts[used]
    n_waste = draw(st.integers(0, len(stock)))
    layout = {
        "tableau": piles,
        "down": [[max(len(p) - 1, 0) for p in piles]],
        "stock": [stock[n_waste:]],
        "waste": [stock[:n_waste]],
        "foundation": [list(range(s * 13, s * 13 + h)) for s, h in enumerate(heights)],
    }
    options = {"draw": draw(st.sampled_from(["1", "3"])), "passes": draw(st.sampled_from(["unlimited", "1", "3"]))}
    return k.new_state(layout, options)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(endgames())
def test_safe_move_keeps_every_win(s):
    """The rule's argument (engine/native/src/games/klondike/README.md) checked by brute force: a position is winnable exactly
    when the position after its safe move is."""
    from klondike_helpers import winnable

    m = k.safe_move(s)
    if m is None:
        return
    assert m in k.legal_moves(s) and m.endswith(">f")
    before = winnable(s, 5000)
    u = k.play(s, m)
    after = winnable(s, 5000)
    k.undo(s, u)
    if before is not None and after is not None:
        assert before == after, (m, s)


def test_the_notation_examples():
    """engine/games/klondike/README.md's notation examples, as written there."""
    s = dealt(4711, 3, "unlimited")
    assert s.piles[4][-1] == cards.parse("7S") and s.down[4] == 4 and s.piles[6][-1] == cards.parse("8H")
    k.play(s, "5>7")
    assert s.piles[4][-1] == cards.parse("QC") and s.down[4] == 3
    k.play(s, "d")
    assert s.waste == cards.parse_many("3D 3C JD")
    k.play(s, "w>5")
    assert s.piles[4][-2:] == cards.parse_many("QC JD")
