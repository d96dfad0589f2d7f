"""A game's numbered deals on a board, each solved at the board's default node budget (or the
--budgets given), every won line replayed by the rules (no false positives), then decided %, won %,
median / p95 / max time and nodes: the table several games' sections (bench/games/<game>/) share.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass
from typing import Mapping

import engine
from bench.args import add_shared, budgets


@dataclass(frozen=True)
class Solved:
    """One numbered deal solved: verdict, positions expanded, seconds (wall and this process's
    CPU: on a shared machine the wall time measures the load, the CPU time the solver), the line."""

    code: str
    verdict: str
    nodes: int
    seconds: float
    line: list[str]
    cpu: float = 0.0


def code_for(game: str, options: Mapping[str, str], number: int) -> str:
    """The canonical numbered code of a game with options (defaults filled in)."""
    return engine.format_code(engine.DealCode.numbered(game, options, number))


def solve_code(code: str, budget: int) -> Solved:
    """Solve one code at `budget` positions (engine.solve, default memory cap)."""
    start = time.process_time()
    r = engine.solve(code, budget=budget)
    return Solved(r.code, r.verdict, r.nodes, r.seconds, list(r.line), time.process_time() - start)


def percentile(values: list[float], q: float) -> float:
    """The q-quantile by the nearest-rank method (no interpolation)."""
    s = sorted(values)
    return s[min(len(s) - 1, max(0, int(-(-q * len(s) // 1)) - 1))]


def run(game: str, options: Mapping[str, str], budget: int, deals: range, label: str) -> dict[str, object]:
    """Solve deals, replay every win, and summarise; prints one line a deal undecided."""
    rows = []
    for n in deals:
        s = solve_code(code_for(game, options, n), budget)
        if s.verdict == "won" and not engine.replay(s.code, s.line).ok:
            raise AssertionError(f"{s.code}: the solver's line does not replay")
        if s.verdict == "unknown":
            print(f"  undecided: {s.code} ({s.nodes} nodes)")
        rows.append(s)
    slowest = sorted(rows, key=lambda r: -r.cpu)[:SLOWEST]
    print("  slowest (CPU s): " + ", ".join(f"{r.code.rsplit('-', 1)[1]} {r.verdict} {r.nodes:,} {r.cpu:.2f}" for r in slowest))
    times = [r.seconds for r in rows]
    count = len(rows)
    decided = sum(r.verdict != "unknown" for r in rows)
    won = sum(r.verdict == "won" for r in rows)
    return {
        "board": label,
        "deals": f"{deals.start}..{deals.stop - 1}",
        "budget": budget,
        "decided %": round(100 * decided / count, 1),
        "won %": round(100 * won / count, 1),
        "won": won,
        "lost": sum(r.verdict == "lost" for r in rows),
        "median s": round(statistics.median(times), 4),
        "p95 s": round(percentile(times, 0.95), 4),
        "max s": round(max(times), 3),
        "mean s": round(statistics.fmean(times), 4),
        "max nodes": max(r.nodes for r in rows),
        "nodes": sum(r.nodes for r in rows),
        "total s": round(sum(times), 1),
        "max cpu s": round(max(r.cpu for r in rows), 3),
    }


def print_table(results: list[dict[str, object]]) -> None:
    """One row a board, the columns of `run`."""
    if not results:
        return
    cols = list(results[0])
    width = {c: max(len(c), *(len(str(r[c])) for r in results)) for c in cols}
    print("  ".join(c.rjust(width[c]) for c in cols))
    for r in results:
        print("  ".join(str(r[c]).rjust(width[c]) for c in cols))


def parse_options(text: list[str]) -> dict[str, str]:
    """`name=value` pairs from the command line."""
    out = {}
    for item in text:
        name, _, value = item.partition("=")
        out[name] = value
    return out


def main(game: str, reference: str, argv: list[str] | None = None,
         variants: list[tuple[str, dict[str, str]]] | None = None) -> int:
    """Command line of a per-game benchmark module: --deals A-B (default 1-1000), --budgets LIST
    (default: the board's budget; bench/args.py), --option name=value (a variant), --variants (also
    the game's `variants`: (label, options) of derived boards)."""
    ap = argparse.ArgumentParser(prog=f"python -m bench --games {game}")
    add_shared(ap, deals="1-1000")
    ap.add_argument("--option", action="append", default=[], help="name=value (repeatable); a variant")
    ap.add_argument("--variants", action="store_true", help="also the game's listed variant boards")
    args = ap.parse_args(argv)
    board = engine.board(game)
    boards = [(board.id, dict(board.options))]
    if args.option:
        given = parse_options(args.option)
        boards = [(f"{game}+" + ";".join(f"{k}={v}" for k, v in given.items()), dict(board.options) | given)]
    results = []
    for label, opts in boards + (list(variants or []) if args.variants else []):
        for budget in budgets(args.budgets, board.budget):
            shown = ";".join(f"{k}={v}" for k, v in opts.items())
            print(f"{label}: deals {args.deals.start}..{args.deals.stop - 1} at a budget of {budget:,} positions ({shown})", flush=True)
            results.append(run(game, opts, budget, args.deals, label))
    print_table(results)
    print(reference)
    return 0


# How many of the slowest deals (by CPU time) `run` names.
SLOWEST = 5
