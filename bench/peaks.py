"""TriPeaks and Pyramid benchmarks: numbered deals 1..N of a board, each solved at the board's
default node budget, every won line replayed by the rules (no false positives), then decided %,
won %, and median / p95 / max time and nodes.

Shared by pipeline/bench_tripeaks.py and pipeline/bench_pyramid.py; also where the golden
fixtures (tests/golden/<game>.json) are measured (`python -m pipeline.bench_peaks golden`).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping

from engine import referee
from engine.codes import DealCode
from engine.games import BOARDS, GAMES
from engine.solve import solve


@dataclass(frozen=True)
class Solved:
    """One numbered deal solved: verdict, positions expanded, seconds, the line."""

    code: str
    number: int
    verdict: str
    nodes: int
    seconds: float
    line: list[str]

    def digest(self) -> str:
        """SHA-256 of the line, tokens joined by one space (pinned by the golden fixtures)."""
        return hashlib.sha256(" ".join(self.line).encode()).hexdigest()


def code_for(game: str, options: Mapping[str, str], number: int) -> str:
    """The canonical numbered code of a game with options (defaults filled in)."""
    from engine import codes

    return codes.format(DealCode.numbered(game, GAMES[game].canonical(options), number))


def solve_code(code: str, nodes: int) -> Solved:
    """Solve one code at `nodes` positions (engine.solve, default memory cap)."""
    r = solve(code, nodes=nodes)
    number = int(r.code.rsplit("-N", 1)[1]) if "-N" in r.code else 0
    return Solved(r.code, number, r.verdict, r.nodes, r.seconds, list(r.line))


def replays(code: str, line: Iterable[str]) -> bool:
    """Whether the referee plays `line` from the deal to a win, every move legal."""
    return referee.replay(code, list(line)).ok


def percentile(values: list[float], q: float) -> float:
    """The q-quantile by the nearest-rank method (no interpolation)."""
    s = sorted(values)
    return s[min(len(s) - 1, max(0, int(-(-q * len(s) // 1)) - 1))]


def run(game: str, options: Mapping[str, str], nodes: int, deals: range, label: str) -> dict[str, object]:
    """Solve deals, replay every win, and summarise; prints one line a deal undecided."""
    rows = []
    for n in deals:
        s = solve_code(code_for(game, options, n), nodes)
        if s.verdict == "won" and not replays(s.code, s.line):
            raise AssertionError(f"{s.code}: the solver's line does not replay")
        if s.verdict == "unknown":
            print(f"  undecided: {s.code} ({s.nodes} nodes)")
        rows.append(s)
    times = [r.seconds for r in rows]
    count = len(rows)
    decided = sum(r.verdict != "unknown" for r in rows)
    won = sum(r.verdict == "won" for r in rows)
    return {
        "board": label,
        "deals": f"{deals.start}..{deals.stop - 1}",
        "budget": nodes,
        "decided %": round(100 * decided / count, 1),
        "won %": round(100 * won / count, 1),
        "won": won,
        "lost": sum(r.verdict == "lost" for r in rows),
        "median s": round(statistics.median(times), 4),
        "p95 s": round(percentile(times, 0.95), 4),
        "max s": round(max(times), 3),
        "mean s": round(statistics.fmean(times), 4),
        "max nodes": max(r.nodes for r in rows),
        "total s": round(sum(times), 1),
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


def parse_deals(text: str) -> range:
    """`N` (deals 1..N) or `A-B`."""
    lo, dash, hi = text.partition("-")
    return range(int(lo), int(hi) + 1) if dash else range(1, int(lo) + 1)


def main(game: str, reference: str, argv: list[str] | None = None) -> int:
    """Command line of a per-game benchmark module: --deals N|A-B (default 1-1000), --nodes
    (default: the board's budget), --option name=value (a variant), --variants."""
    ap = argparse.ArgumentParser(prog=f"python -m pipeline.bench_{game}")
    ap.add_argument("--deals", default="1-1000", help="numbered deals: N (1..N) or A-B (default 1-1000)")
    ap.add_argument("--nodes", type=int, default=None, help="node budget (default: the board's)")
    ap.add_argument("--budgets", default=None, help="as pipeline.bench passes it: a number or 'default'")
    ap.add_argument("--option", action="append", default=[], help="name=value (repeatable); a variant")
    ap.add_argument("--variants", action="store_true", help="also the variant boards listed in VARIANTS")
    args = ap.parse_args(argv)
    deals = parse_deals(args.deals)
    if args.budgets and args.budgets.split(",")[0].isdigit():
        args.nodes = int(args.budgets.split(",")[0])
    boards = [(BOARDS[game].id, dict(BOARDS[game].options))]
    if args.option:
        given = parse_options(args.option)
        boards = [(f"{game}+" + ";".join(f"{k}={v}" for k, v in given.items()), dict(BOARDS[game].options) | given)]
    results = []
    for label, opts in boards + (VARIANTS.get(game, []) if args.variants else []):
        nodes = args.nodes or BOARDS[game].nodes
        shown = ";".join(f"{k}={v}" for k, v in opts.items())
        print(f"{label}: deals {deals.start}..{deals.stop - 1} at {nodes:,} nodes ({shown})", flush=True)
        results.append(run(game, opts, nodes, deals, label))
    print_table(results)
    print(reference)
    return 0


# Variant boards measured with --variants (options beyond the board's defaults).
VARIANTS: dict[str, list[tuple[str, dict[str, str]]]] = {
    "tripeaks": [("tripeaks+wrap=no", {"wrap": "no"})],
    "pyramid": [
        ("pyramid+passes=unlimited", {"passes": "unlimited", "goal": "pyramid"}),
        ("pyramid+goal=all", {"passes": "3", "goal": "all"}),
    ],
}


def golden(game: str, deals: int = 100) -> dict[str, object]:
    """Measure fixtures for tests/golden/<game>.json: at the board's budget, the first won and
    the first lost of deals 1..N (each the first that took 1,000 positions or more, if any), and
    the hardest (most nodes) of them; the same for each
    variant board (first won, first lost). Chosen by measurement, never by hand."""
    board = BOARDS[game]
    fixtures = []

    def pick(label: str, opts: Mapping[str, str], hardest: bool) -> None:
        solved = [solve_code(code_for(game, opts, n), board.nodes) for n in range(1, deals + 1)]
        chosen = {}
        for kind in ("won", "lost"):
            # Prefer a real search (1,000 positions or more) to a deal dead at the root.
            of_kind = [s for s in solved if s.verdict == kind]
            first = next((s for s in of_kind if s.nodes >= 1000), of_kind[0] if of_kind else None)
            if first:
                chosen[kind] = first
        if hardest:
            chosen["hard"] = max(solved, key=lambda s: (s.nodes, -s.number))
        for kind, s in chosen.items():
            fixtures.append(
                {"board": label, "kind": kind, "code": s.code, "verdict": s.verdict, "nodes": s.nodes,
                 "moves": len(s.line), "line_sha256": s.digest()}
            )

    pick(board.id, dict(board.options), True)
    for label, opts in VARIANTS.get(game, []):
        pick(label, opts, False)
    return {"game": game, "budget": board.nodes, "measured_over": f"numbered deals 1..{deals}", "fixtures": fixtures}


if __name__ == "__main__":
    ap = argparse.ArgumentParser(prog="python -m pipeline.bench_peaks")
    ap.add_argument("what", choices=["golden"])
    ap.add_argument("--out", default="tests/golden")
    a = ap.parse_args()
    for g in ("tripeaks", "pyramid"):
        data = golden(g)
        path = Path(a.out) / f"{g}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=1) + "\n")
        print(path, len(data["fixtures"]), "fixtures")  # type: ignore[arg-type]
