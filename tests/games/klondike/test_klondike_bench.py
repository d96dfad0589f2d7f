"""The Klondike bench's side-by-side run beside lonelybot (bench/games/klondike): its driver gets the
very deal we solved (draw and card order), deal by deal in order; the ratios are our native call's
CPU over its on the same deals (totals over the deals it decided, medians over all); the random
sample is fixed; without a driver the recorded times are labelled as a record."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

import engine
from bench.games import klondike as kb

FAKE_DRIVER = """\
import sys
log = open(sys.argv[0] + ".log", "a")
for line in sys.stdin:
    v = [int(x) for x in line.split()]
    assert len(v) == 53 and v[0] in (1, 3) and sorted(v[1:]) == list(range(52)), v
    log.write(line)
    log.flush()
    # a verdict from the order alone, so the test can tell each answer belongs to its own deal
    print(("won" if v[1] % 2 == 0 else "timeout"), f"{(v[1] + 1) / 1e6:.9f}", flush=True)
"""


def _driver(tmp_path: Path) -> Path:
    p = tmp_path / "driver"
    p.write_text(f"#!{sys.executable}\n" + FAKE_DRIVER)
    p.chmod(p.stat().st_mode | stat.S_IXUSR)
    return p


def test_the_driver_gets_each_deal_we_solved_in_turn(tmp_path: Path) -> None:
    """side_by_side sends our deal's draw and order, one line a deal in order, and pairs each of our
    rows with the answer to that deal's line."""
    lb = kb.Lonelybot(str(_driver(tmp_path)))
    try:
        pairs = kb.side_by_side("klondike-3", [5, 2, 9], 20_000, lb)
    finally:
        lb.close()
    sent = (tmp_path / "driver.log").read_text().splitlines()
    assert [r.number for r, _ in pairs] == [5, 2, 9]
    for (row, (verdict, secs)), line in zip(pairs, sent):
        order = list(engine.deal(engine.board_code("klondike-3", row.number)).order)
        assert line.split() == ["3", *map(str, order)]
        assert verdict == ("won" if order[0] % 2 == 0 else "timeout")
        assert secs == pytest.approx((order[0] + 1) / 1e6)


def _row(n: int, cpu: float, verdict: str = "won") -> kb.Row:
    # the whole native call 1 ms more than the search alone, as the crossing would add
    return kb.Row(n, verdict, 10, cpu + 0.001, cpu + 0.001, cpu + 0.001, cpu)


def test_ratios_total_over_its_decided_and_median_over_all() -> None:
    pairs = [
        (_row(1, 0.002), ("won", 0.001)),
        (_row(2, 0.004, "lost"), ("lost", 0.003)),
        (_row(3, 9.0, "unknown"), ("timeout", 60.0)),  # left out of both totals, in both medians
    ]
    r = kb.ratios(pairs)
    assert r["our_total"] == pytest.approx(0.006) and r["its_total"] == pytest.approx(0.004)
    assert r["total_x"] == pytest.approx(1.5)
    assert r["our_median"] == pytest.approx(0.004) and r["its_median"] == pytest.approx(0.003)
    assert r["median_x"] == pytest.approx(4 / 3)
    whole = kb.ratios(pairs, "native_cpu")  # each deal's whole call 1 ms more
    assert whole["our_total"] == pytest.approx(0.008) and whole["our_median"] == pytest.approx(0.005)
    out: list[str] = []
    kb.beside_live("t", pairs + [(_row(4, 0.001, "lost"), ("won", 0.001))], out.append)
    assert "decided 3 (ours 3)" in out[0] and "disagree: [4]" in out[0]
    # the like-for-like figure first, with the targets; the whole call's after, without
    assert out[1].startswith("  like for like: our search alone") and "0.007s / its 0.005s = 1.40x (target <= 0.7)" in out[1]
    assert "median ours 3.000 / its 2.000 ms = 1.50x (target <= 1.3)" in out[1]
    assert out[2].startswith("  our whole native call from Python") and "0.010s / its 0.005s = 2.00x;" in out[2]
    assert "target" not in out[2]
    assert out[3] == "  undecided: ours [3] (out of budget or memory), its [3] (its CPU cap)"


def test_ours_carries_both_figures_the_search_within_the_call() -> None:
    row = kb.ours("klondike-1", 1, 20_000)
    assert row.verdict == "won" and 0 < row.search_cpu <= row.native_cpu <= row.cpu


def test_the_random_sample_is_fixed_and_numbered() -> None:
    a, b = kb.random_deals(500), kb.random_deals(500)
    assert a == b and len(set(a)) == 500 and a == sorted(a)
    assert 1 <= a[0] and a[-1] <= 1_000_000
    assert kb.random_deals(0) == []


def test_without_a_driver_the_record_is_labelled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LONELYBOT", raising=False)
    out: list[str] = []
    kb.run(range(1, 3), ["klondike-1"], "default", False, out.append, n_random=0)
    text = "\n".join(out)
    assert "LONELYBOT not set" in text and "lonelybot (a record, not this run)" in text
    assert "side by side" not in text.split("\n", 2)[2]


def test_with_a_driver_both_sets_run_side_by_side(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LONELYBOT", str(_driver(tmp_path)))
    monkeypatch.setattr(kb, "random_deals", lambda n: [7, 11][:n])
    out: list[str] = []
    kb.run(range(1, 3), ["klondike-1"], "default", False, out.append, n_random=2)
    text = "\n".join(out)
    assert "lonelybot side by side, deals 1..2" in text and "lonelybot side by side, 2 random deals" in text
    assert "a record" not in text
    assert len((tmp_path / "driver.log").read_text().splitlines()) == 4
    assert os.environ["LONELYBOT"].endswith("driver")
