"""One resolved task (issue 27): `engine.task` checks a solve's limits and looks up their defaults in
one place; a solve deals once and hands back the deal it solved; `replay` of that Deal deals nothing;
`redeal` lays out a stored order without shuffling. The counts are taken by wrapping the dealer's
own steps, so a path that parses, seeds, shuffles or lays out a deal once more fails here."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any, Callable

import pytest

import engine
from engine import BOARDS, DEFAULT_MAX_MB, MAX_BUDGET, MAX_MB, BadInput, SolveTask, board_code

KLONDIKE_3 = board_code("klondike-3", 6)
ROOT = Path(__file__).resolve().parent.parent


def _golden_wins() -> dict[str, tuple[str, int]]:
    """One won deal a board, (code, budget): each game's quickest won fixture of its golden file
    (tests/games/<game>/golden.json), so every solvable game is covered without naming one here."""
    out: dict[str, tuple[str, int, int]] = {}
    for g in engine.GAMES:
        path = ROOT / "tests" / "games" / g / "golden.json"
        for f in json.loads(path.read_text())["fixtures"] if path.exists() else []:
            numbered = f["code"].rsplit("-", 1)[1].startswith("N")  # a seed and a shuffle to count
            if f["verdict"] == "won" and numbered and f["board"] in BOARDS and f["nodes"] <= 200_000:
                if f["board"] not in out or f["nodes"] < out[f["board"]][2]:
                    out[f["board"]] = (f["code"], f["budget"], f["nodes"])
    return {b: (code, budget) for b, (code, budget, _) in out.items()}


WON = _golden_wins()
SEEDED = [b for b in WON if engine.game(BOARDS[b].game).seeded]  # the redealing games' boards


def _one_line(excinfo: pytest.ExceptionInfo[BadInput], *words: str) -> None:
    text = str(excinfo.value)
    assert "\n" not in text and len(text) < 200, text
    assert "accepted" in text and all(w in text for w in words), text


# ---------------------------------------------------------------- task()


def test_a_task_takes_its_defaults_from_the_board() -> None:
    t = engine.task(KLONDIKE_3)
    assert (t.board, t.budget, t.max_mb) == ("klondike-3", BOARDS["klondike-3"].budget, DEFAULT_MAX_MB)
    assert t.deal == engine.deal(KLONDIKE_3) and t.code == engine.canonical_code(KLONDIKE_3)
    for b in BOARDS:
        assert engine.task(board_code(b, 3)).budget == BOARDS[b].budget
    # given limits win; a derived board (options of no listed board) has no id but its nearest board's budget
    assert (engine.task(KLONDIKE_3, 500, 64).budget, engine.task(KLONDIKE_3, 500, 64).max_mb) == (500, 64)
    derived = engine.task("SOL1-klondike-draw=3;passes=1-N1")
    assert derived.board is None and derived.budget == BOARDS["klondike-3"].budget
    # the limits' ends are accepted
    assert engine.task(KLONDIKE_3, MAX_BUDGET, MAX_MB).budget == MAX_BUDGET


def test_a_task_of_a_deal_does_not_deal_again(counts: Counter[str]) -> None:
    d = engine.deal(KLONDIKE_3)
    counts.clear()
    t = engine.task(d, 1_000)
    assert t.deal is d and counts == Counter()


@pytest.mark.parametrize(
    "budget,words",
    [(0, ["node budget 0"]), (-5, ["-5"]), (MAX_BUDGET + 1, ["1,000,000,000,000"]), (True, ["True"]),
     (2.5, ["2.5"]), ("100", ["'100'"]), (10**400, ["characters"])],
)  # fmt: skip
def test_a_bad_budget_is_one_line(budget: Any, words: list[str]) -> None:
    with pytest.raises(BadInput) as e:
        engine.task(KLONDIKE_3, budget)
    _one_line(e, "node budget", "positions", *words)


@pytest.mark.parametrize("cap", [0, -1, MAX_MB + 1, False, 1.0, "64"])
def test_a_bad_memory_cap_is_one_line(cap: Any) -> None:
    with pytest.raises(BadInput) as e:
        engine.task(KLONDIKE_3, 1_000, cap)
    _one_line(e, "memory cap", "MiB", f"{MAX_MB:,}")


@pytest.mark.parametrize(
    "code,words",
    [("SOL1-nosuch-N1", ["unknown game 'nosuch'"]), ("SOL1-klondike-draw=2-N1", ["draw=2"]),
     ("SOL1-klondike-N0", []), ("not a code", []), (42, ["int"])],
)  # fmt: skip
def test_a_bad_code_is_one_line(code: Any, words: list[str]) -> None:
    with pytest.raises(BadInput) as e:
        engine.task(code)
    text = str(e.value)
    assert "\n" not in text and all(w in text for w in words), text


def test_a_game_without_a_solver_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine.native, "solvable", lambda game: False)
    monkeypatch.setattr(engine.native, "games", lambda: [])
    with pytest.raises(BadInput, match="no solver for game 'klondike'"):
        engine.task(KLONDIKE_3)


def test_a_task_is_checked_however_it_is_made() -> None:
    d = engine.deal(KLONDIKE_3)
    with pytest.raises(BadInput, match="node budget"):
        SolveTask(d, "klondike-3", 0, DEFAULT_MAX_MB)
    with pytest.raises(BadInput, match="memory cap"):
        SolveTask(d, "klondike-3", 1_000, MAX_MB + 1)
    t = engine.task(d, 1_000)
    with pytest.raises(BadInput, match="carries its budget"):
        engine.solve(t, budget=5)  # a task's limits are its own


# ---------------------------------------------------------------- solve deals once


def test_the_old_call_forms_still_solve() -> None:
    a = engine.solve(KLONDIKE_3, budget=100_000, max_mb=512)
    b = engine.solve(KLONDIKE_3, 100_000)
    c = engine.solve(engine.task(KLONDIKE_3, 100_000, 512))
    assert a == b == c and a.budget == 100_000 and a.verdict == "won"


def test_every_solvable_game_has_a_won_deal_here() -> None:
    assert {BOARDS[b].game for b in WON} == set(engine.solvable_games()) and SEEDED


@pytest.mark.parametrize("board,won", list(WON.items()))
def test_a_solve_and_its_replay_deal_once(board: str, won: tuple[str, int], counts: Counter[str]) -> None:
    code, budget = won
    counts.clear()
    r = engine.solve(code, budget)
    assert r.verdict == "won", code
    # one parse, one seed (a SHA-512 for a numbered code), one shuffle, one Deal laid out
    assert counts == Counter(parse=1, seed=1, shuffle=1, deal=1), counts
    assert r.deal is not None and r.deal.code == r.code and r.deal == engine.deal(code)
    counts.clear()
    before = (r.deal.order.copy(), {g: [list(p) for p in ps] for g, ps in r.deal.layout.items()})
    assert engine.replay(r.deal, r.line).ok, code
    assert counts == Counter(), counts  # the Deal is played as it is, not dealt again
    assert (r.deal.order, r.deal.layout) == before  # and the referee left it as it was


def test_a_replay_of_a_code_deals_it(counts: Counter[str]) -> None:
    """The counter sees a deal where there is one (the check above is not vacuous)."""
    r = engine.solve(KLONDIKE_3, 100_000)
    counts.clear()
    assert engine.replay(KLONDIKE_3, r.line).ok
    assert counts == Counter(parse=1, seed=1, shuffle=1, deal=1)


def test_a_classic_code_is_dealt_once_without_a_seed(counts: Counter[str]) -> None:
    r = engine.solve("SOL1-freecell-cells=4-C1", 100_000)
    assert r.verdict == "won" and r.deal is not None and r.deal.seed is None
    assert counts == Counter(parse=1, deal=1)  # the classic generator: no seed, no stream shuffle


def test_first_winnable_deals_each_code_once(counts: Counter[str]) -> None:
    codes_ = [board_code("klondike-3", n) for n in range(1, 7)]
    found = engine.first_winnable(codes_)
    assert found in codes_
    assert counts["deal"] == len(codes_) and counts["parse"] == len(codes_), counts


# ---------------------------------------------------------------- redeal


@pytest.mark.parametrize(
    "code",
    [board_code(b, 11) for b in BOARDS] + ["SOL1-freecell-cells=4-C617",
     *[engine.seed_code(b, bytes(range(i, 64 + i))) for i, b in enumerate(BOARDS)]],
)  # fmt: skip
def test_redeal_of_the_stored_order_is_the_deal(code: str, counts: Counter[str]) -> None:
    d = engine.deal(code)
    counts.clear()
    assert engine.redeal(code, d.order) == d
    assert engine.redeal(d.code, bytes(d.order)) == d  # as the deals table stores it
    assert counts["shuffle"] == 0  # laid out from the order given, never shuffled again


def test_redeal_lays_out_the_order_given() -> None:
    d = engine.deal(KLONDIKE_3)
    other = d.order[::-1]
    r = engine.redeal(KLONDIKE_3, other)
    assert r.order == other and r.layout == engine.game("klondike").layout(d.options, other)
    assert (r.code, r.seed, r.number) == (d.code, d.seed, d.number)


@pytest.mark.parametrize(
    "order",
    [lambda o: o[:-1], lambda o: o + [o[0]], lambda o: [o[1]] + o[1:], lambda o: o[:-1] + [52],
     lambda o: o[:-1] + [-1], lambda o: o[:-1] + [True], lambda o: o[:-1] + [1.0], lambda o: "x" * 52,
     lambda o: None, lambda o: []],
)  # fmt: skip
def test_redeal_refuses_an_order_that_is_not_the_deck(order: Callable[[list[int]], Any]) -> None:
    d = engine.deal(KLONDIKE_3)
    with pytest.raises(BadInput) as e:
        engine.redeal(KLONDIKE_3, order(list(d.order)))
    _one_line(e, "permutation", "52 cards", d.code)


def test_redeal_of_a_two_deck_game_checks_the_multiset() -> None:
    # a deck with repeated cards (e.g. 104 cards, each of the 13 spades 8 times)
    code = next(board_code(b.id, 4) for b in BOARDS.values() if len(set(engine.game(b.game).deck(b.options))) < engine.game(b.game).deck_size)
    d = engine.deal(code)
    assert engine.redeal(code, d.order) == d
    wrong = list(d.order)
    wrong[0] = next(c for c in range(52) if c not in d.order)  # a card the deck does not hold
    with pytest.raises(BadInput, match=f"{len(d.order)} cards"):
        engine.redeal(code, wrong)


# ---------------------------------------------------------------- the seed crosses as seed=


@pytest.mark.parametrize("board", SEEDED)
def test_a_redealing_game_takes_the_seed_beside_the_layout(board: str) -> None:
    code, budget = WON[board]
    d = engine.deal(code)
    assert "seed" not in d.layout and d.seed is not None
    rules = engine.rules_for(d.game)
    with pytest.raises(BadInput, match="64 bytes"):
        rules.new_state(d.layout, d.options)
    with pytest.raises(BadInput, match="64 bytes"):
        rules.new_state(d.layout, d.options, seed=d.seed[:63])
    r = engine.solve(d.code, budget)
    assert r.verdict == "won" and engine.replay(r.deal, r.line).ok  # the referee redeals with the seed too
    with pytest.raises(ValueError, match="seed: none given"):  # the native side refuses it too
        engine.native.solve(d.game, d.layout, {}, budget=1_000, max_bytes=1 << 30)


def test_a_hint_on_a_deal_does_not_deal_it_again(counts: Counter[str]) -> None:
    """`dealpool hint` deals the code to refuse a bad one before reading stdin, then hints on that Deal."""
    d = engine.deal(KLONDIKE_3)
    counts.clear()
    h = engine.hint(d, [], 100_000)
    assert h.verdict == "won" and counts["deal"] == 0 and counts["parse"] == 0, counts
    assert h == engine.hint(KLONDIKE_3, [], 100_000)  # the same answer as from the code
