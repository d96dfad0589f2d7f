"""Canfield: the referee's rules and the native solver against them (its pinned fixtures:
tests/test_golden.py)."""

from __future__ import annotations

import copy
import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import native
from engine.dealer import deal
from engine import BadInput
from engine import replay
from engine import IllegalMove, rules_for
from engine.games.canfield import rules as R

sys.path.insert(0, str(Path(__file__).parent))
from canfield_helpers import OPTIONS, all_cards, brute_force, random_position, state_key  # noqa: E402

ALL_TOKENS = (
    ["d", "r", "w>f", "x>f"]
    + [f"{s}>{m}" for s in "wx" for m in range(1, 5)]
    + [f"{n}>f" for n in range(1, 5)]
    + [f"{n}>{m}" for n in range(1, 5) for m in range(1, 5) if n != m]
)
BIG = 1 << 31


def code(n: int) -> str:
    return f"SOL1-canfield-N{n}"


def dealt(n: int) -> R.State:
    d = deal(code(n))
    return R.new_state(d.layout, d.options)


# --- the rules -----------------------------------------------------------------------------


def test_the_deal_follows_the_layout() -> None:
    d = deal(code(1))
    s = R.new_state(d.layout, d.options)
    assert rules_for("canfield") is R
    assert s.reserve == d.order[0:13] and s.base == d.order[13] % 13
    assert s.found[d.order[13] // 13] == 1 and sum(s.found) == 1
    assert s.tableau == [[c] for c in d.order[14:18]]
    assert s.stock == d.order[18:52] and s.waste == []
    assert R.native_options(d.options) == OPTIONS


def test_options_other_than_the_standard_are_refused() -> None:
    with pytest.raises(BadInput, match="passes"):
        R.native_options({"passes": "3"})
    with pytest.raises(BadInput, match="draw"):
        R.native_options({"draw": "2"})


def test_draw_three_then_redeal_keeps_the_order() -> None:
    s = dealt(2)
    first = s.stock[-3:][::-1]
    R.play(s, "d")
    assert s.waste == first
    while s.stock:
        R.play(s, "d")
    assert "r" in R.legal_moves(s) and "d" not in R.legal_moves(s)
    R.play(s, "r")
    assert s.stock[-3:][::-1] == first and not s.waste


def test_wrapping_building_and_the_reserve_filling_a_space() -> None:
    # Base 5H; pile 1 = 6S on which 5D fits (other colour, one lower); KD goes on AS round the corner.
    layout = {
        "reserve": [[R_card("9C"), R_card("2D")]],
        "foundation": [[R_card("5H")]],
        "tableau": [[R_card("6S")], [R_card("AS")], [R_card("7H")], [R_card("3C")]],
        "waste": [[R_card("KD")]],
        "stock": [[c for c in range(52) if c not in {R_card(x) for x in "9C 2D 5H 6S AS 7H 3C KD".split()}]],
    }
    s = R.new_state(layout)
    legal = R.legal_moves(s)
    assert "w>2" in legal, "K on A round the corner"
    assert "1>3" in legal, "6S onto 7H as a whole pile"
    assert "3>1" not in legal and "w>f" not in legal
    before = copy.deepcopy(s)
    u = R.play(s, "1>3")
    assert s.tableau[2] == [R_card("7H"), R_card("6S")]
    assert s.tableau[0] == [R_card("2D")] and s.reserve == [R_card("9C")], "the reserve fills the space"
    R.undo(s, u)
    assert s == before


def test_a_space_waits_for_the_waste_once_the_reserve_is_gone() -> None:
    layout = random_position(random.Random(5), 20)
    layout["stock"][0] += layout["reserve"][0] + layout["tableau"][0]
    layout["reserve"] = [[]]
    layout["tableau"][0] = []
    s = R.new_state(layout)
    legal = R.legal_moves(s)
    assert s.tableau[0] == []
    assert ("w>1" in legal) == bool(s.waste)
    assert not any(m.endswith(">1") and m[0] in "234" for m in legal), "no pile moves into a space"


def R_card(name: str) -> int:
    rank = {"A": 1, "J": 11, "Q": 12, "K": 13}.get(name[:-1]) or int(name[:-1])
    return "SHDC".index(name[-1]) * 13 + rank - 1


def test_safe_moves_respect_the_corner() -> None:
    # Base 5: 5S is level 0 and could hold 4H/4D (the last cards of hearts and diamonds).
    s = R.new_state(random_position(random.Random(1), 30))
    s.base, s.found = 4, [0, 5, 5, 0]
    assert not R.is_safe(s, R_card("5S"))
    s.found = [0, 13, 13, 0]
    assert R.is_safe(s, R_card("5S"))
    s.found = [0, 1, 1, 1]
    # 5S above a pile's bottom could never move onto 6H (see the next test): take it out of the piles.
    s.tableau = [[c for c in p if c != R_card("5S")] for p in s.tableau]
    assert not R.is_safe(s, R_card("6H")), "6H (level 1) could still hold 5S"
    s.found = [1, 0, 1, 1]
    assert R.is_safe(s, R_card("6H"))
    assert not R.is_safe(s, R_card("6S")), "5H is not up: it could still sit on 6S"


def test_a_card_above_a_pile_bottom_never_counts_against_safety() -> None:
    # Base 5H: 5S (level 0) could hold 4H and 4D (level 12). Each lies above its pile's bottom, so
    # it only ever leaves to its foundation and can never be put on 5S: 5S goes up by itself.
    names = {"reserve": ["9S"], "tableau": [["5C", "4H"], ["5S"], ["10C", "4D"], ["8S"]]}

    def state(piles: list[list[str]]) -> R.State:
        used = {R_card(x) for x in ["5H", *names["reserve"], *(c for p in piles for c in p)]}
        return R.new_state({
            "reserve": [[R_card(x) for x in names["reserve"]]],
            "foundation": [[R_card("5H")]],
            "tableau": [[R_card(x) for x in p] for p in piles],
            "stock": [[c for c in range(52) if c not in used]],
        })

    s = state(names["tableau"])
    assert R.is_safe(s, R_card("5S")) and R.safe_move(s) == "2>f"
    s = state([["5C", "4H"], ["5S"], ["4D"], ["10C", "8S"]])
    assert not R.is_safe(s, R_card("5S")), "4D is a pile's bottom: that pile may still move onto 5S"
    assert R.safe_move(s) is None


def test_a_card_that_could_sit_but_fits_its_foundation_and_hosts_nothing_is_no_bar() -> None:
    # Base 5 (rank index 4). 8H (level 3) could hold 7S and 7C (level 2). 7C is up; 7S is not, but
    # it fits its foundation (spades at level 2) and what could sit on 7S (6H, 6D: level 1) is up:
    # wherever a line would put 7S on 8H it can go up instead, so 8H goes up by itself.
    s = R.new_state(random_position(random.Random(1), 30))
    s.base = 4
    s.tableau = [[c for c in p if c != R_card("7S")] for p in s.tableau]
    s.found = [2, 3, 2, 3]  # S H D C
    assert R.is_safe(s, R_card("8H"))
    s.found = [2, 3, 1, 3]
    assert not R.is_safe(s, R_card("8H")), "6D is not up: it could sit on 7S, which then is needed on 8H"
    s.found = [1, 3, 2, 3]
    assert not R.is_safe(s, R_card("8H")), "7S does not fit its foundation yet"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 10**6), st.lists(st.integers(0, 10**6), min_size=1, max_size=120), st.booleans())
def test_cards_conserved_undo_restores_illegal_refused(number: int, picks: list[int], late: bool) -> None:
    s = R.new_state(random_position(random.Random(number), 14)) if late else dealt(number)
    for p in picks:
        assert all_cards(s) == list(range(52))
        legal = R.legal_moves(s)
        before = copy.deepcopy(s)
        for t in ALL_TOKENS:
            if t not in legal:
                with pytest.raises(IllegalMove):
                    R.play(s, t)
                assert s == before
        if not legal:
            break
        m = legal[p % len(legal)]
        u = R.play(s, m)
        R.undo(s, u)
        assert s == before
        R.play(s, m)


# --- the native engine against the rules ----------------------------------------------------


def _check_walk(layout: dict, seed: int, steps: int) -> int:
    entries = [(e.line, e.moves) for e in native.walk("canfield", layout, OPTIONS, walk_seed=seed, steps=steps)]
    s = R.new_state(layout)
    done = 0
    for line, legal in entries:
        for m in line[done:]:
            R.play(s, m)
        done = len(line)
        assert sorted(R.legal_moves(s)) == legal, (seed, line)
    return len(entries)


def test_native_moves_match_the_rules_from_deals() -> None:
    for n in range(1, 31):
        assert _check_walk(deal(code(n)).layout, n, 150) > 1


def test_native_moves_match_the_rules_late_in_the_game() -> None:
    rng = random.Random(11)
    for i in range(150):
        _check_walk(random_position(rng, rng.randrange(1, 30)), i, 60)


def _line_keeps_safe_moves(layout: dict, line: list[str]) -> None:
    """The solver makes every safe move before branching, in the rules' order: where the rules see a
    safe move, the line plays exactly it next (taps never change what is safe)."""
    s = R.new_state(layout)
    for m in line:
        safe = R.safe_move(s)
        assert safe is None or m == safe, (m, safe)
        R.play(s, m)
    assert R.is_won(s)


def test_solver_lines_replay_in_the_referee() -> None:
    won = 0
    for n in range(1, 81):
        d = deal(code(n))
        out = native.solve("canfield", d.layout, OPTIONS, budget=30_000, max_bytes=BIG)
        verdict, line = out.verdict, out.line
        if verdict == "won":
            won += 1
            assert replay(code(n), line).ok
            _line_keeps_safe_moves(d.layout, line)
        else:
            assert line == []
    assert won >= 20


def test_lost_and_won_agree_with_brute_force() -> None:
    """Small positions late in the game, solved both ways: the solver's safe moves, macro moves,
    sorted piles and stock-cycle keys must never lose a win the brute force finds (nor invent one)."""
    rng = random.Random(2026)
    seen = {"won": 0, "lost": 0}
    for i in range(260):
        # 16..29 cards left: with piles built as play builds them, fewer leave too few losses
        layout = random_position(rng, rng.randrange(16, 30))
        truth = brute_force(R.new_state(layout), 12_000)
        if truth is None:
            continue
        out = native.solve("canfield", layout, OPTIONS, budget=1_000_000, max_bytes=BIG)
        verdict, line = out.verdict, out.line
        assert verdict == ("won" if truth else "lost"), (i, layout)
        seen[verdict] += 1
        if truth:
            _line_keeps_safe_moves(layout, line)
    assert seen["won"] >= 30 and seen["lost"] >= 20, seen


def test_the_solver_is_deterministic_and_budgets_count_positions() -> None:
    d = deal(code(14))
    a = native.solve("canfield", d.layout, OPTIONS, budget=40_000, max_bytes=BIG)
    b = native.solve("canfield", d.layout, OPTIONS, budget=40_000, max_bytes=BIG)
    assert (a.verdict, a.nodes, a.line, a.reason) == (b.verdict, b.nodes, b.line, b.reason)
    small = native.solve("canfield", d.layout, OPTIONS, budget=10, max_bytes=BIG)
    assert small.verdict == "unknown" and small.nodes == 10 and small.reason == "nodes"


def test_keys_merge_only_equal_positions() -> None:
    """Swapping two piles or tapping round the stock's cycle keeps the verdict (the key says equal)."""
    rng = random.Random(7)
    for _ in range(40):
        layout = random_position(rng, rng.randrange(6, 12))
        swapped = copy.deepcopy(layout)
        swapped["tableau"] = swapped["tableau"][::-1]
        a = native.solve("canfield", layout, OPTIONS, budget=200_000, max_bytes=BIG)
        b = native.solve("canfield", swapped, OPTIONS, budget=200_000, max_bytes=BIG)
        assert a.verdict == b.verdict



def test_state_key_helper_sees_every_part() -> None:
    s = dealt(3)
    k = state_key(s)
    R.play(s, "d")
    assert state_key(s) != k
