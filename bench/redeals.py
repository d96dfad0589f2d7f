"""The redealing games' benchmarks: numbered deals of a board solved at its budget, every won
line replayed (bench/peaks.py's `run`: decided %, won %, times, nodes), and on every deal the
redeals of the solver and of the referee compared: the solver's won line, or the referee's line of
first legal moves (which meets both redeals on most deals), is played by both, and after each `r`
the native position (the game's test hook) must equal the referee's.

Shared by the sections of the games that redeal from the seed (bench/games/<game>/).
"""

from __future__ import annotations

import argparse
from typing import Any

import engine
from engine import native
from bench import peaks
from bench.args import add_shared, budgets


def first_moves_line(rules: Any, state: Any, limit: int = 3000) -> list[str]:
    """The referee's line of first legal moves into positions not met before, until none is left."""
    line: list[str] = []
    met = {repr(state)}
    while len(line) < limit and (moves := rules.legal_moves(state)):
        for m in moves:
            u = rules.play(state, m)
            if repr(state) not in met:
                met.add(repr(state))
                line.append(m)
                break
            rules.undo(state, u)
        else:
            break
    return line


def check_redeals(game: str, deals: range, budget: int, attr: str) -> tuple[int, int]:
    """(deals checked, redeals compared); AssertionError at the first that differs."""
    rules = engine.rules_for(game)
    compared = 0
    for n in deals:
        d = engine.deal(peaks.code_for(game, {}, n))
        r = engine.solve(d.code, budget=budget)
        line = r.line if r.verdict == "won" and "r" in r.line else first_moves_line(rules, rules.new_state(d.layout, d.options, seed=d.seed))
        state = rules.new_state(d.layout, d.options, seed=d.seed)
        for k, m in enumerate(line):
            rules.play(state, m)
            if m == "r":
                if native.testing.position(game, d.layout, {}, line[: k + 1], seed=d.seed) != getattr(state, attr):
                    raise AssertionError(f"{d.code}: the solver's redeal at move {k} differs from the referee's")
                compared += 1
    return len(deals), compared


def main(game: str, attr: str, reference: str, argv: list[str] | None = None) -> int:
    """--deals A-B (default 1-1000), --budgets LIST (default: the board's budget)."""
    ap = argparse.ArgumentParser(prog=f"python -m bench --games {game}")
    add_shared(ap, deals="1-1000")
    args = ap.parse_args(argv)
    board = engine.board(game)
    results = []
    for budget in budgets(args.budgets, board.budget):
        print(f"{board.id}: deals {args.deals.start}..{args.deals.stop - 1} at a budget of {budget:,} positions", flush=True)
        results.append(peaks.run(game, {}, budget, args.deals, board.id))
    peaks.print_table(results)
    deals, compared = check_redeals(game, args.deals, board.budget, attr)
    print(f"redeals: solver and referee identical on all {compared:,} redeals compared over {deals:,} deals")
    print(reference)
    return 0
