"""Grades (engine.grade, engine/gamekit/playout.py): the stream both player twins draw from, the
Wilson interval, a board's scale, and the command's answers to good and bad input."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, strategies as st

import engine
from engine.gamekit.playout import GRADES, Scale, Share, SplitMix, plain_playout, playout_seed, playouts, wilson
from pipeline import cli


def test_splitmix_matches_the_reference_values() -> None:
    # Vigna's splitmix64.c from seed 0 (the Rust stream's test checks the same numbers)
    r = SplitMix(0)
    assert r.next() == 0xE220A8397B1DCDAF
    assert r.next() == 0x6E789E6AA1B965F4


def test_playout_seeds_differ_by_policy_and_index() -> None:
    assert len({playout_seed(7, p, i) for p in (0, 1) for i in range(100)}) == 200


class _Count:
    """A toy referee for the shared playout loop: the state is a one-item list, a move adds its
    number, won at 10 or more."""

    @staticmethod
    def is_won(state: list[int]) -> bool:
        return state[0] >= 10

    @staticmethod
    def play(state: list[int], move: str) -> None:
        state[0] += int(move)


def _step(state: list[int], rng: SplitMix) -> str | None:
    return str(1 + rng.below(2))


def test_the_plain_playout_ends_won_stuck_or_at_its_cap() -> None:
    won, line = plain_playout(_Count, [0], _step, 5)  # type: ignore[arg-type]
    assert won and sum(map(int, line)) >= 10 and sum(map(int, line[:-1])) < 10
    assert plain_playout(_Count, [0], _step, 5) == (won, line)  # type: ignore[arg-type]
    assert len({tuple(plain_playout(_Count, [0], _step, s)[1]) for s in range(20)}) > 1  # type: ignore[arg-type]
    stuck = plain_playout(_Count, [0], lambda st, rng: None if st[0] >= 4 else _step(st, rng), 5)  # type: ignore[arg-type]
    assert not stuck[0] and 4 <= sum(map(int, stuck[1])) < 10
    assert plain_playout(_Count, [0], _step, 5, max_moves=3) == (False, line[:3])  # type: ignore[arg-type]


def test_playouts_seed_each_playout_and_pass_the_deal_seed_only_when_given() -> None:
    calls = []

    def playout(layout: dict, options: dict, seed: int, policy: int, *extra: bytes) -> tuple[bool, list[str]]:
        calls.append((seed, policy, extra))
        return seed % 2 == 0, ["m"] * (seed % 5)

    got = playouts(playout, {}, {}, 42, 1, 4)
    assert calls == [(playout_seed(42, 1, i), 1, ()) for i in range(4)]
    assert got == [(s % 2 == 0, s % 5) for s, _, _ in calls]
    calls.clear()
    playouts(playout, {}, {}, 42, 0, 2, b"seed")
    assert calls == [(playout_seed(42, 0, i), 0, (b"seed",)) for i in range(2)]


def test_wilson_known_values() -> None:
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(5, 10)
    assert (lo, hi) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))
    lo, hi = wilson(10, 10)
    assert hi == 1.0 and lo == pytest.approx(0.7225, abs=1e-4)
    with pytest.raises(ValueError):
        wilson(11, 10)


@given(st.integers(1, 5000), st.data())
def test_wilson_holds_the_share_inside_zero_one(n: int, data: st.DataObject) -> None:
    wins = data.draw(st.integers(0, n))
    lo, hi = wilson(wins, n)
    assert 0.0 <= lo <= wins / n <= hi <= 1.0
    # more playouts at the same share: a narrower interval
    lo4, hi4 = wilson(wins * 4, n * 4)
    assert hi4 - lo4 < hi - lo
    assert Share(wins, n).interval == (lo, hi)


def test_a_scale_grades_by_its_thresholds() -> None:
    s = Scale(playouts=10, easy=0.7, medium=0.3, hard=0.05)
    assert [s.grade(x) for x in (1.0, 0.7, 0.69, 0.3, 0.29, 0.05, 0.049, 0.0)] == [
        "easy", "easy", "medium", "medium", "hard", "hard", "expert", "expert"]
    assert GRADES == ("easy", "medium", "hard", "expert")


def test_grade_reports_a_consistent_record() -> None:
    g = engine.grade("SOL1-klondike-draw=1-N1", 40)
    assert g.board == "klondike-1" and g.playouts == 40 and 0 <= g.wins <= 40
    assert g.low <= g.share <= g.high
    assert g.grade == engine.grading.scale_for(g.board).grade(g.share)
    assert (g.won_moves > 0) == (g.wins > 0)


def test_an_ungraded_board_or_a_bad_code_is_bad_input() -> None:
    with pytest.raises(engine.BadInput, match="not graded"):
        engine.grade("SOL1-klondike-draw=1;passes=3-N1")  # a derived board: not graded
    with pytest.raises(engine.BadInput):
        engine.grade("nonsense")


def test_the_grade_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ok:
        cli.main(["grade", "SOL1-klondike-draw=3-N5", "--json", "--playouts", "30"])
    assert ok.value.code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["board"] == "klondike-3" and out["playouts"] == 30 and out["grade"] in GRADES
    for argv in (["grade", "garbage"], ["grade", "SOL1-klondike-draw=1-N1", "--playouts", "0"],
                 ["grade", "SOL1-klondike-draw=1;passes=3-N1"]):
        with pytest.raises(SystemExit) as e:
            cli.main(argv)
        assert e.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith("dealpool: error:") and err.count("\n") == 1 and "Traceback" not in err
