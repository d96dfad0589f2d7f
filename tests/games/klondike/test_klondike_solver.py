"""The native Klondike solver seen from Python: its lines replay in the referee, its move generator
agrees with the Python rules, and it is deterministic. Its pinned fixtures are checked by
tests/test_golden.py."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import native
from engine.dealer import deal
from engine import BadInput
from engine import BOARDS, board_code
from engine import replay
from engine.games.klondike import rules as k
from engine import DEFAULT_MAX_MB, SolveResult, solve

sys.path.insert(0, str(Path(__file__).parent))

@pytest.mark.parametrize("board", ["klondike-1", "klondike-3"])
def test_won_lines_replay_in_the_referee(board):
    # A small budget keeps this quick; only won deals say anything here, and most deals are won.
    won = 0
    for n in range(1, 2001):
        r = solve(board_code(board, n), budget=5000)
        assert r.verdict in ("won", "lost", "unknown")
        if r.verdict == "won":
            won += 1
            rep = replay(r.code, r.line)
            assert rep.ok, (r.code, rep)
            assert rep.kept == len(r.line) and rep.undos == 0
        else:
            assert r.line == []
            assert (r.reason == "") == (r.verdict == "lost")
    assert won > 800, won


@pytest.mark.parametrize("passes", ["1", "3"])
@pytest.mark.parametrize("draw", [1, 3])
def test_won_lines_replay_with_pass_limits(draw, passes):
    won = 0
    for n in range(1, 201):
        r = solve(f"SOL1-klondike-draw={draw};passes={passes}-N{n}", budget=5000)
        if r.verdict == "won":
            won += 1
            assert replay(r.code, r.line).ok, r.code
            assert r.line.count("r") <= int(passes) - 1
    # With one pass wins are rare (and slow to find at this budget).
    assert won >= (1 if passes == "1" else 5), won


@pytest.mark.parametrize("passes", ["unlimited", "1", "3"])
@pytest.mark.parametrize("draw", [1, 3])
def test_walk_agrees_with_the_python_rules(draw, passes):
    # Random play in Rust lists every legal single move; the Python rules must list the same.
    positions = 0
    for seed in range(60):
        d = deal(f"SOL1-klondike-draw={draw};passes={passes}-N{seed * 7919 + 1}")
        opts = k.native_options(d.options)
        walk = [(s.line, s.moves) for s in native.walk("klondike", d.layout, opts, walk_seed=seed, steps=120)]
        state = k.new_state(d.layout, d.options)
        done = 0
        for line, legal in walk:
            for move in line[done:]:
                k.play(state, move)
            done = len(line)
            assert k.legal_moves(state) == legal, (d.code, line)
            positions += 1
    assert positions > 60 * 50


def test_same_code_and_budget_give_the_same_result():
    for n in (3, 17, 4711):
        for board in ("klondike-1", "klondike-3"):
            a = solve(board_code(board, n), budget=20_000)
            b = solve(board_code(board, n), budget=20_000)
            assert (a.verdict, a.nodes, a.line, a.reason) == (b.verdict, b.nodes, b.line, b.reason)
            assert a == b  # seconds is left out of the comparison


def test_budget_and_memory_cap_give_unknown_never_lost():
    r = solve(board_code("klondike-3", 6), budget=50)
    assert (r.verdict, r.reason, r.nodes, r.line) == ("unknown", "nodes", 50, [])
    # Deal 52 (draw 3) needs millions of positions: the 1 MiB cap comes first, in each of the
    # three searches (short concrete, abstract, concrete: engine/native/src/games/klondike/README.md, "The abstract game"), each
    # storing at most 1 MiB of keys (a concrete restart attempt stops the series at the cap).
    r = solve(board_code("klondike-3", 52), budget=10**9, max_mb=1)
    assert (r.verdict, r.reason, r.line) == ("unknown", "memory", [])
    assert r.nodes < 200_000


def test_solve_result_and_defaults():
    r = solve("SOL1-klondike-draw=1-N1", budget=100_000)
    assert isinstance(r, SolveResult)
    assert r.code == "SOL1-klondike-draw=1;passes=unlimited;scoring=standard-N1"
    assert r.board == "klondike-1" and r.verdict == "won" and r.seconds >= 0
    assert solve("SOL1-klondike-draw=3;passes=1-N1", budget=10).board is None
    assert DEFAULT_MAX_MB == 1024  # the one default: engine, pipeline and CLI
    # The default budget is the board's.
    assert solve(board_code("klondike-3", 6)).nodes <= BOARDS["klondike-3"].budget


def test_bad_input_is_a_clean_error():
    with pytest.raises(BadInput, match="unknown game 'nosuch'"):
        solve("SOL1-nosuch-N1")
    with pytest.raises(BadInput, match="node budget"):
        solve("SOL1-klondike-draw=1-N1", budget=0)
    with pytest.raises(BadInput, match="memory cap"):
        solve("SOL1-klondike-draw=1-N1", max_mb=0)
    with pytest.raises(BadInput):
        solve("SOL1-klondike-draw=2-N1")


# ---------------------------------------------------------------- verdicts against brute force

@st.composite
def small_positions(draw):
    """A random endgame the native solver reads: up to 12 cards off the foundations, in up to three
    piles (face-down cards under a face-up card or a short run) and the stock; any draw and pass limit.
    Lopsided on purpose, so that many are lost."""
    heights = draw(st.lists(st.integers(3, 13), min_size=4, max_size=4))
    while 52 - sum(heights) > 12:
        heights[heights.index(min(heights))] += 1
    out = draw(st.permutations([s * 13 + r for s in range(4) for r in range(heights[s], 13)]))
    used = draw(st.integers(1, 3))
    # Piles take most cards (face-down cards make losses), the stock the rest.
    cuts = sorted(draw(st.lists(st.integers(len(out) // 2, len(out)), min_size=used, max_size=used)))
    parts = [out[a:b] for a, b in zip([0] + cuts, cuts + [len(out)])]
    piles = [p[:7] for p in parts[:used]] + [[]] * (7 - used)
    stock = parts[used] + [c for p in parts[:used] for c in p[7:]]
    down = [max(len(p) - 1, 0) for p in piles]
    # Face-up runs on some piles (so moves of part of a run occur): stock cards that fit go on top.
    for p in piles[:used]:
        while p and draw(st.booleans()):
            fits = [c for c in stock if c % 13 == p[-1] % 13 - 1 and (c // 13 in (1, 2)) != (p[-1] // 13 in (1, 2))]
            if not fits:
                break
            c = draw(st.sampled_from(fits))
            stock.remove(c)
            p.append(c)
    d, passes = draw(st.sampled_from([1, 3])), draw(st.sampled_from([0, 1, 3]))
    native = ({"tableau": piles, "down": [down], "stock": [stock]}, {"draw": d, "passes": passes})
    layout = {
        "tableau": piles,
        "down": [down],
        "stock": [stock],
        "waste": [[]],
        "foundation": [list(range(s * 13, s * 13 + h)) for s, h in enumerate(heights)],
    }
    state = k.new_state(layout, {"draw": str(d), "passes": "unlimited" if passes == 0 else str(passes)})
    return native, state


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_verdicts_agree_with_brute_force(pos):
    """Every pruning rule at once, checked against an exhaustive search over all legal moves
    (klondike_helpers.py `winnable`): the solver's `lost` is a real loss, its `won` line
    replays to a win in the Python rules, and a small position is always decided."""
    from klondike_helpers import winnable

    (layout, options), state = pos
    out = native.solve("klondike", layout, options, budget=200_000, max_bytes=1 << 30)
    verdict, line = out.verdict, out.line
    assert verdict in ("won", "lost"), (layout, options)
    truth = winnable(state, 20_000)
    if verdict == "won":
        s = state.copy()
        for m in line:
            assert m in k.legal_moves(s), (m, line, layout, options)
            k.play(s, m)
        assert k.is_won(s)
    if truth is not None:
        assert (verdict == "won") == truth, (verdict, layout, options)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_abstract_search_never_calls_a_winnable_position_lost(pos):
    """The abstract search alone (tuning knob abstract=2, unlimited passes only): its `lost` must be
    a real loss (engine/native/src/games/klondike/README.md, "The abstract game": every concrete win maps to an abstract win), so
    wherever the brute force or the concrete solver finds a win it must not say lost."""
    from klondike_helpers import winnable

    (layout, options), state = pos
    if options["passes"] != 0:
        return
    verdict = native.solve("klondike", layout, options, budget=200_000, max_bytes=1 << 30, tuning={"abstract": 2}).verdict
    assert verdict in ("won", "lost"), (layout, options)
    concrete = native.solve("klondike", layout, options, budget=200_000, max_bytes=1 << 30, tuning={"abstract": 0}).verdict
    if concrete == "won" or winnable(state, 20_000):
        assert verdict == "won", (layout, options)


@pytest.mark.parametrize("board", ["klondike-1", "klondike-3"])
def test_abstract_and_concrete_verdicts_agree_on_real_deals(board):
    """On real deals no verdict contradicts another: a deal the concrete search wins is never proved
    lost (by the abstract search alone or by the default solve), and a deal it proves lost is never won."""
    lost = 0
    for n in range(1, 61):
        d = deal(board_code(board, n))
        opts = k.native_options(d.options)
        conc = native.solve("klondike", d.layout, opts, budget=100_000, max_bytes=1 << 30, tuning={"abstract": 0}).verdict
        abst = native.solve("klondike", d.layout, opts, budget=100_000, max_bytes=1 << 30, tuning={"abstract": 2}).verdict
        both = native.solve("klondike", d.layout, opts, budget=200_000, max_bytes=1 << 30).verdict
        if conc == "won":
            assert abst != "lost" and both != "lost", (board, n)
        if conc == "lost":
            assert both != "won", (board, n)
        lost += abst == "lost"
    assert lost > 0
