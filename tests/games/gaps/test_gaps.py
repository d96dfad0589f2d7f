"""Gaps: rules properties (cards conserved, undo restores across redeals, illegal moves refused),
the native legal moves against the referee's on random play with redeals, the redeal results of the
solver and the referee identical, won lines replayed, bad input on the command line."""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings, strategies as st

from engine import DealCode, dealer, format_code, native, replay, solve
from engine.cards import name
from engine.deal import redeal as method_redeal
from engine.games.gaps import rules as R

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/: the shared helpers
from rules_helpers import assert_probe, assert_undo_restores, random_play, walk_matches_referee  # noqa: E402

# Every token the notation could hold, legal or not, plus junk.
TOKENS = ["r", "u", "x", "", "AS", "TH", "2S", "2S>0", "2S>5", "3S>1", "2S>1>2", "KS>"] + [
    name(c) for c in range(52)
] + [f"{name(s * 13 + 1)}>{r}" for s in range(4) for r in range(1, 5)]


def code(number: int) -> str:
    return format_code(DealCode.numbered("gaps", {}, number))


def state(number: int) -> R.State:
    d = dealer.deal(code(number))
    return R.new_state(d.layout, d.options, seed=d.seed)


def greedy_line(number: int) -> tuple[R.State, list[str]]:
    """Play the first move into a position not met before (fills of 3..K before 2s) until no move
    is left or every move leads back: a line that meets the redeals on most deals."""
    s, line = state(number), []
    met = {str(s.rows)}
    while moves := R.legal_moves(s):
        for m in sorted(moves, key=lambda m: ">" in m):
            u = R.play(s, m)
            if str((s.rows, s.redeals)) not in met:
                met.add(str((s.rows, s.redeals)))
                line.append(m)
                break
            R.undo(s, u)
        else:
            break
    return s, line


@settings(max_examples=40, deadline=None)
@given(number=st.integers(1, 1_000_000), choices=st.lists(st.integers(0, 1000), max_size=150))
def test_cards_conserved_and_undo_restores(number: int, choices: list[int]) -> None:
    def conserved(s: R.State) -> None:
        assert R.cards(s) == list(range(52))
        assert sum(row.count(R.GAP) for row in s.rows) == 4 and all(len(row) == 13 for row in s.rows)

    assert_undo_restores(R, state(number), choices, conserved)


@settings(max_examples=40, deadline=None)
@given(number=st.integers(1, 1_000_000), choices=st.lists(st.integers(0, 1000), max_size=100),
       probe=st.sampled_from(TOKENS))
def test_illegal_moves_refused_and_legal_ones_accepted(number: int, choices: list[int], probe: str) -> None:
    s = state(number)
    random_play(R, s, choices)
    legal = assert_probe(R, s, probe)
    assert ("r" in legal) == (s.redeals < R.REDEALS and legal == ["r"])  # a redeal only when blocked


def test_a_redeal_keeps_the_runs_and_deals_the_streams_shuffle() -> None:
    n = next(n for n in range(1, 30) if "r" in greedy_line(n)[1])
    _, line = greedy_line(n)
    s = state(n)
    for m in line[: line.index("r")]:
        R.play(s, m)
    old = copy.deepcopy(s.rows)
    runs = [R.run(row) for row in old]
    gathered = [c for row, k in zip(old, runs) for c in row[k:] if c != R.GAP]
    R.play(s, "r")
    assert all(row[:k] == o[:k] and row[k] == R.GAP for row, o, k in zip(s.rows, old, runs))
    assert [c for row, k in zip(s.rows, runs) for c in row[k + 1 :]] == method_redeal(s.seed, 1, gathered)


def test_native_legal_moves_and_redeals_match_the_referee() -> None:
    redeals = 0
    for n in range(1, 9):
        d = dealer.deal(code(n))
        # the greedy line reaches the redeals; random walks from the deal and from after each one
        _, greedy = greedy_line(n)
        for seed in (n, n * 7919):
            walk_matches_referee(R, "gaps", d, {}, seed, 300)
        s = R.new_state(d.layout, d.options, seed=d.seed)
        for k, m in enumerate(greedy):
            R.play(s, m)
            if m == "r":  # the solver's redeal dealt what the referee's did
                redeals += 1
                assert native.testing.position("gaps", d.layout, {}, greedy[: k + 1], seed=d.seed) == s.rows
    assert redeals >= 10


def test_won_lines_replay_and_the_search_is_deterministic() -> None:
    redealt = 0
    for n in range(1, 9):
        r = solve(code(n), budget=300_000)
        assert r == solve(code(n), budget=300_000)
        assert r.verdict == "won"
        assert replay(r.code, r.line).ok
        redealt += "r" in r.line
    assert redealt > 0


def run_cli(args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pipeline", *args], input=stdin, capture_output=True, text=True, timeout=120)


def test_bad_lines_name_the_move() -> None:
    n = next(n for n in range(1, 50) if greedy_line(n)[1].count("r") == R.REDEALS and not R.legal_moves(greedy_line(n)[0]))
    c, (_, stuck) = code(n), greedy_line(n)
    s = state(n)
    fills = R.legal_moves(s)
    wrong = next(name(x) for x in range(52) if x % 13 > 1 and name(x) not in fills)  # a card no gap takes
    cases = [
        (["r"], 0, "a redeal only when no gap can be filled"),
        (stuck + ["r"], len(stuck), "no redeal left"),
        ([fills[0], "ZZ"], 1, "not a Gaps move"),
        ([wrong], 0, "no gap just right of"),
        (["AS"], 0, "not a Gaps move"),
    ]
    for moves, at, why in cases:
        out = run_cli(["replay", c], " ".join(moves))
        assert out.returncode == 2, out
        assert out.stderr.startswith(f"dealpool: error: move {at} (") and why in out.stderr, out.stderr
        assert len(out.stderr.strip().splitlines()) == 1
    bad = run_cli(["replay", c], '["r", 3]')
    assert bad.returncode == 2 and bad.stderr.startswith("dealpool: error: ") and "Traceback" not in bad.stderr
