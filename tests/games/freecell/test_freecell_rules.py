"""FreeCell referee rules: properties on random play, the multi-card shorthand, the safe rule, and the
native walk() against the Python legal moves."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import native
from engine.dealer import deal
from engine import BadInput
from engine import IllegalMove
from engine.games.freecell import rules as R

NAMES = "A23456789TJQK"


def c(name: str) -> int:
    return "SHDC".index(name[1]) * 13 + NAMES.index(name[0])


def col(text: str) -> list[int]:
    return [c(n) for n in text.split()]


def position(columns: list[str], cells: list[str | None], foundations: list[int]) -> R.State:
    cols = [col(t) for t in columns] + [[] for _ in range(8 - len(columns))]
    return R.State(cols, [None if x is None else c(x) for x in cells], list(foundations))


def cards_of(s: R.State) -> list[int]:
    home = [suit * 13 + r for suit in range(4) for r in range(s.foundations[suit])]
    return sorted([x for cl in s.columns for x in cl] + [x for x in s.cells if x is not None] + home)


def every_token(ncells: int) -> list[str]:
    places = [str(i) for i in range(1, 9)] + list("abcd"[:ncells])
    return [a + b for a in places for b in places + ["h"] if a != b]


def shorthand_ok(s: R.State, src: str, dst: str) -> bool:
    """An independent reading of the shorthand `NM` between two non-empty columns."""
    a, b = s.columns[int(src) - 1], s.columns[int(dst) - 1]
    if not a or not b:
        return False
    n = R.rank(b[-1]) - R.rank(a[-1])
    if n < 1 or n > len(a):
        return False
    run = a[-n:]
    if any(not R.fits(run[k + 1], run[k]) for k in range(n - 1)) or not R.fits(run[0], b[-1]):
        return False
    free = s.cells.count(None)
    empty = sum(not x for x in s.columns)
    return n <= (free + 1) * 2**empty


@settings(max_examples=40, deadline=None)
@given(number=st.integers(1, 32000), cells=st.integers(1, 4), seed=st.integers(0, 2**32))
def test_random_play_conserves_cards_undo_restores_and_refuses_illegal(number: int, cells: int, seed: int) -> None:
    d = deal(f"SOL1-freecell-cells={cells}-C{number}")
    s = R.new_state(d.layout, d.options)
    rng = random.Random(seed)
    tokens = every_token(cells)
    for _ in range(60):
        legal = R.legal_moves(s)
        for tok in tokens:  # illegal ones are refused and change nothing
            if tok in legal or (tok[0].isdigit() and tok[1].isdigit() and shorthand_ok(s, tok[0], tok[1])):
                continue
            before = copy.deepcopy(s)
            with pytest.raises(IllegalMove):
                R.play(s, tok)
            assert s == before
        if not legal:
            break
        before = copy.deepcopy(s)
        tok = rng.choice(legal)
        u = R.play(s, tok)
        assert cards_of(s) == list(range(52))
        R.undo(s, u)
        assert s == before
        R.play(s, tok)


def test_shorthand_carries_only_what_cells_and_columns_allow() -> None:
    # column 1 ends 9H 8S 7H; TS waits on column 2; cells b, c, d full: room for (1+1)*1 = 2
    base = ["KC 9H 8S 7H", "TS", "QD", "QH", "QS", "QC", "KD", "KH"]
    s = position(base, [None, "KS", "JD", "JH"], [0, 0, 0, 0])
    with pytest.raises(IllegalMove, match="room"):
        R.play(s, "12")
    s.cells[2] = None  # two free cells carry 3
    u = R.play(s, "12")
    assert s.columns[1] == col("TS 9H 8S 7H") and s.columns[0] == col("KC")
    R.undo(s, u)
    assert s.columns[0] == col("KC 9H 8S 7H")
    assert R.play(s, "12v3").count == 3
    R.undo(s, u)
    with pytest.raises(IllegalMove):
        R.play(s, "12v2")  # 8S does not go on TS
    # an empty column doubles the room, but not when it is the target
    s = position(["KC 9H 8S 7H", "TS", "QD", "QH", "QS", "QC", "KD"], ["KS", "JD", "JH", None], [0] * 4)
    assert R.capacity(s, to_empty=False) == 4 and R.capacity(s, to_empty=True) == 2
    R.play(s, "12")
    s = position(["KC 9H 8S 7H", "TS", "QD", "QH", "QS", "QC", "KD"], ["KS", "JD", "JH", None], [0] * 4)
    with pytest.raises(IllegalMove, match="room"):
        R.play(s, "18v3")
    R.play(s, "18v2")
    assert s.columns[7] == col("8S 7H")


def test_moves_and_errors_in_the_notation() -> None:
    s = position(["KC 2S", "AS", "3H", "KD"], [None, None], [0, 0, 0, 0])
    for bad, why in [("1c", "no free cell"), ("x1", "not a FreeCell move"), ("3h", "not next"), ("ab", "empty")]:
        with pytest.raises(IllegalMove, match=why):
            R.play(s, bad)
    R.play(s, "2h")
    R.play(s, "1a")
    with pytest.raises(IllegalMove, match="taken"):
        R.play(s, "4a")
    with pytest.raises(IllegalMove, match="only to a column or the foundation"):
        R.play(s, "ab")
    R.play(s, "ah")
    assert s.foundations == [2, 0, 0, 0] and s.cells == [None, None]
    with pytest.raises(IllegalMove, match="several cards"):
        R.play(s, "1hv2")


def test_safe_rule() -> None:
    s = position(["4S", "2D"], [None] * 4, [3, 3, 1, 1])
    assert R.safe_move(s) == "2h"  # a two is always safe; 4S waits: 3D is neither home nor next
    R.play(s, "2h")
    assert R.safe_move(s) == "1h"  # 4S: both reds hold 2 (3H/3D next), clubs hold 1 (2C needs no red 3)
    assert R.safe_move(position(["3S"], [None] * 4, [2, 2, 2, 0])) == "1h"  # both red twos home
    s = position(["3S"], [None] * 4, [2, 2, 0, 0])
    assert R.safe_move(s) is None  # 2D could still want to go on 3S, and cannot go home instead
    # the other colour one rank short: 2D could go home instead of onto 3S, and a black ace onto 2D too
    assert R.safe_move(position(["3S"], [None] * 4, [2, 2, 1, 0])) == "1h"
    # 4S over 3H/3D (next) needs the other black suit to hold 1: 2C may want a red three
    assert R.safe_move(position(["4S"], [None] * 4, [3, 2, 2, 0])) is None
    assert R.safe_move(position(["4S"], [None] * 4, [3, 2, 2, 1])) == "1h"
    assert R.safe_move(position(["5H"], [None] * 4, [3, 4, 0, 4])) is None  # 4S not home, diamonds far behind
    assert R.safe_move(position(["KC"], ["5H", None, None, None], [4, 4, 4, 12])) == "ah"


def test_native_options_and_bad_layouts() -> None:
    assert R.native_options({"cells": "2"}) == {"cells": 2}
    for bad in ("0", "5", "x"):
        with pytest.raises(BadInput, match="cells"):
            R.native_options({"cells": bad})
    lay = deal("SOL1-freecell-cells=4-C5").layout
    with pytest.raises(BadInput):
        R.new_state({"tableau": lay["tableau"][:7]}, {"cells": "4"})
    dup = [list(x) for x in lay["tableau"]]
    dup[0][0] = dup[1][0]
    with pytest.raises(BadInput):
        R.new_state({"tableau": dup}, {"cells": "4"})


@pytest.mark.parametrize("code", ["SOL1-freecell-cells=4-C1", "SOL1-freecell-cells=1-C617",
                                  "SOL1-freecell-cells=2-N42", "SOL1-freecell-cells=3-N7"])
def test_native_walk_matches_python_legal_moves(code: str) -> None:
    d = deal(code)
    opts = R.native_options(d.options)
    for seed in range(1, 6):
        steps = native.walk("freecell", d.layout, opts, walk_seed=seed, steps=80)
        assert len(steps) > 1
        for line, native_moves in ((s.line, s.moves) for s in steps):
            s = R.new_state(d.layout, d.options)
            for tok in line:
                R.play(s, tok)
            assert sorted(R.legal_moves(s)) == native_moves, (code, seed, line)
