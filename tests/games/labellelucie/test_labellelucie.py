"""La Belle Lucie: rules properties (cards conserved, undo restores across redeals, illegal moves
refused), the native legal moves against the referee's on random play with redeals, the redeal
results of the solver and the referee identical, won lines replayed, bad input on the command line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from engine import DealCode, IllegalMove, dealer, format_code, native, replay, solve
from engine.deal import redeal as method_redeal
from engine.gamekit.base import deal_rows
from engine.games.labellelucie import rules as R

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/: the shared helpers
from rules_helpers import assert_probe, assert_undo_restores, random_play, walk_matches_referee  # noqa: E402

# Every token the notation could hold, legal or not, plus junk.
TOKENS = ["r", "u", "f", "1>", ">f", "0>f", "19>f", "1>1", "01>2", "x", ""] + [
    f"{i}>{j}" for i in range(1, 20) for j in [*range(1, 20), "f"]
]


def code(number: int) -> str:
    return format_code(DealCode.numbered("labellelucie", {}, number))


def state(number: int) -> R.State:
    d = dealer.deal(code(number))
    return R.new_state(d.layout, d.options, seed=d.seed)


@settings(max_examples=40, deadline=None)
@given(number=st.integers(1, 1_000_000), choices=st.lists(st.integers(0, 1000), max_size=120))
def test_cards_conserved_and_undo_restores(number: int, choices: list[int]) -> None:
    def conserved(s: R.State) -> None:
        assert sorted(R.cards(s)) == list(range(52))
        assert all(len(f) <= 15 for f in s.fans) and len(s.fans) <= 18

    assert_undo_restores(R, state(number), choices, conserved)  # redeals included when they come


@settings(max_examples=40, deadline=None)
@given(number=st.integers(1, 1_000_000), choices=st.lists(st.integers(0, 1000), max_size=80),
       probe=st.sampled_from(TOKENS))
def test_illegal_moves_refused_and_legal_ones_accepted(number: int, choices: list[int], probe: str) -> None:
    s = state(number)
    random_play(R, s, choices)
    legal = assert_probe(R, s, probe)
    assert ("r" in legal) == (s.redeals < R.REDEALS and legal == ["r"])  # a redeal only when stuck


def test_a_redeal_is_the_streams_shuffle_in_fans_of_three() -> None:
    s = state(3)
    while R.legal_moves(s) != ["r"]:
        R.play(s, R.legal_moves(s)[0])
    gathered = [c for f in s.fans for c in f]
    R.play(s, "r")
    k = len(gathered)
    assert s.fans == deal_rows(method_redeal(s.seed, 1, gathered), [3] * (k // 3) + [k % 3] * (k % 3 > 0))
    assert len(s.fans) == -(-k // 3)
    with pytest.raises(IllegalMove, match="only when no other move"):
        t = state(3)
        R.play(t, "r")


def test_native_legal_moves_and_redeals_match_the_referee() -> None:
    redeals = 0
    for n in range(1, 13):
        d = dealer.deal(code(n))

        def redealt_alike(s: R.State, line: list[str]) -> None:
            nonlocal redeals
            if line and line[-1] == "r":  # the solver's redeal dealt what the referee's did
                redeals += 1
                assert native.testing.position("labellelucie", d.layout, {}, line, seed=d.seed) == s.fans

        for seed in (n, n * 7919):
            walk_matches_referee(R, "labellelucie", d, {}, seed, 400, redealt_alike)
    assert redeals >= 20  # the walks do reach the redeals


def test_won_lines_replay_and_the_search_is_deterministic() -> None:
    verdicts = set()
    for n in range(1, 9):
        r = solve(code(n), budget=200_000)
        verdicts.add(r.verdict)
        assert r == solve(code(n), budget=200_000)
        if r.verdict == "won":
            assert replay(r.code, r.line).ok
            assert "r" not in r.line or R.REDEALS >= r.line.count("r")
    assert "won" in verdicts


def test_safe_move_is_a_foundation_move() -> None:
    s = state(1)
    while (m := R.safe_move(s)) is not None:
        assert m.endswith(">f") and m in R.legal_moves(s)
        R.play(s, m)
    assert all(not f or f[-1] % 13 + 1 != s.found[f[-1] // 13] for f in s.fans)


def run_cli(args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pipeline", *args], input=stdin, capture_output=True, text=True, timeout=120)


def stuck_line(number: int) -> list[str] | None:
    """First legal moves until none is left; the line if that is not a win (both redeals used)."""
    s, line = state(number), []
    while moves := R.legal_moves(s):
        R.play(s, moves[0])
        line.append(moves[0])
    return None if R.is_won(s) else line


def test_bad_lines_name_the_move() -> None:
    n = next(n for n in range(1, 50) if stuck_line(n) is not None)
    c, stuck = code(n), stuck_line(n)
    assert stuck is not None and stuck.count("r") == R.REDEALS
    cases = [
        (["r"], 0, "a redeal only when no other move is left"),
        (stuck + ["r"], len(stuck), "no redeal left"),
        ([stuck[0], "7>>f"], 1, "not a La Belle Lucie move"),
        ([stuck[0], "1>19"], 1, "there is no fan 19"),
    ]
    for moves, at, why in cases:
        out = run_cli(["replay", c], " ".join(moves))
        assert out.returncode == 2, out
        assert out.stderr.startswith(f"dealpool: error: move {at} (") and why in out.stderr, out.stderr
        assert len(out.stderr.strip().splitlines()) == 1
    bad = run_cli(["replay", c], '["1>f", 3]')
    assert bad.returncode == 2 and bad.stderr.startswith("dealpool: error: ") and "Traceback" not in bad.stderr
