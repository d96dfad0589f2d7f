"""Canfield benchmark: numbered deals solved at a node budget, with decided %, won % and times.

Runnable alone (`python -m bench --games canfield [--deals 1-1000] [--budgets LIST] [--jobs J] [--rows PATH]`)
and as the canfield section of `python -m bench` (bench/args.py: the shared options; `main(argv)`
returns 0). Every won line is replayed by the referee, so the figures count only verified wins.

The search is deterministic, so one run at a budget B also tells the verdict at every smaller
budget: a deal decided after n positions is decided the same way at any budget >= n, and unknown
below. The "decided at" table uses that to show how the decided share grows with the budget.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable, Iterable

import engine
from bench.args import add_shared, budgets

GAME = "canfield"


# (board, deal, caps in MiB): a deal whose search outgrows small caps, for `python -m bench --games memory`
# (tests/games/canfield/test_canfield_memory.py solves one at a small cap).
MEMORY: list[tuple[str, str, list[int]]] = [("canfield", "2", [64, 256])]


@dataclass(frozen=True)
class Row:
    number: int
    verdict: str
    nodes: int
    moves: int
    seconds: float
    cpu: float
    sha256: str


def code(number: int) -> str:
    return engine.board_code(GAME, number)


def solve_one(args: tuple[int, int]) -> Row:
    """Solve numbered deal `number` at `budget`; a won line must replay in the referee. `seconds` is
    the native search's wall time (engine.solve's), `cpu` this process's CPU time over the call
    (dealing included: microseconds)."""
    number, budget = args
    c = time.process_time()
    r = engine.solve(code(number), budget=budget)
    cpu = time.process_time() - c
    if r.verdict == "won" and not engine.replay(r.code, r.line).ok:
        raise AssertionError(f"{r.code}: the solver's line does not replay")
    digest = hashlib.sha256(" ".join(r.line).encode()).hexdigest()
    return Row(number, r.verdict, r.nodes, len(r.line), r.seconds, cpu, digest)


def measure(deals: range, budget: int, jobs: int = 1, each: Callable[[Row], None] = lambda r: None) -> list[Row]:
    """Every deal's row, in deal order; `each` is handed each row as soon as it is known (so a long
    run's rows are on disk before it ends)."""
    work = [(n, budget) for n in deals]

    def collect(results: Iterable[Row]) -> list[Row]:
        rows = []
        for r in results:
            rows.append(r)
            each(r)
        return rows

    if jobs <= 1:
        return collect(map(solve_one, work))
    from multiprocess import Pool  # the pool's own dependency; fork-free on every platform

    with Pool(jobs) as pool:
        return collect(pool.imap(solve_one, work, chunksize=4))


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "-"


def summary(rows: list[Row], budget: int) -> str:
    n = len(rows)
    won = sum(r.verdict == "won" for r in rows)
    lost = sum(r.verdict == "lost" for r in rows)
    secs = sorted(r.seconds for r in rows)
    cpus = sorted(r.cpu for r in rows)
    p95 = min(n - 1, int(0.95 * n))
    decided = sorted(r.nodes for r in rows if r.verdict != "unknown")
    out = [
        f"canfield (draw 3, unlimited passes): deals {rows[0].number}..{rows[-1].number}, budget {budget:,} positions",
        f"  decided {_pct(won + lost, n)}  won {_pct(won, n)}  lost {_pct(lost, n)}  unknown {_pct(n - won - lost, n)}"
        f"  nodes {sum(r.nodes for r in rows):,}",
        f"  time a deal (wall): median {statistics.median(secs):.3f} s  p95 {secs[p95]:.3f} s  max {secs[-1]:.3f} s"
        f"  (total {sum(secs):.1f} s)",
        f"  time a deal (CPU):  median {statistics.median(cpus):.3f} s  p95 {cpus[p95]:.3f} s  max {cpus[-1]:.3f} s"
        f"  (total {sum(cpus):.1f} s)",
    ]
    if decided:
        out.append(f"  positions to decide: median {statistics.median(decided):,.0f}  max {decided[-1]:,}")
        marks = [b for b in (10_000, 30_000, 100_000, 300_000, 1_000_000, 2_000_000, 3_000_000, 4_000_000, 10_000_000,
                                  16_000_000, 24_000_000, 32_000_000, 48_000_000) if b <= budget]
        out.append("  decided at budget: " + "  ".join(f"{b:,}: {_pct(sum(d <= b for d in decided), n)}" for b in marks))
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench --games canfield", description=__doc__.splitlines()[0])
    add_shared(p, deals="1-1000")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--rows", type=Path, default=None, help="also write every deal's row as JSON lines")
    a = p.parse_args(argv)
    if a.rows:
        a.rows.write_text("")
    for budget in budgets(a.budgets, engine.board(GAME).budget):
        def write(r: Row, budget: int = budget) -> None:
            if a.rows:
                with a.rows.open("a") as f:
                    f.write(json.dumps({"budget": budget} | asdict(r)) + "\n")

        rows = measure(a.deals, budget, a.jobs, write)
        print(summary(rows, budget))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
