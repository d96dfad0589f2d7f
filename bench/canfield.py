"""Canfield benchmark: numbered deals solved at a node budget, with decided %, won % and times.

Runnable alone (`python -m pipeline.bench_canfield --first 1 --last 1000 --nodes N --jobs J`) and as
the canfield section of pipeline/bench.py (which passes `--first/--last` and `--nodes`; `main(argv)`
returns 0), or from Python (`run(first, last, nodes, jobs) -> str`). Every won line is replayed by the
referee, so the figures count only verified wins. `--golden PATH` also picks the test fixtures
(won, lost, hard) by measurement and writes them with their pinned results.

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

from engine import _native
from engine.dealer import deal
from engine.games import BOARDS
from engine.referee import replay
from engine.rules import canfield as rules

GAME = "canfield"
MAX_BYTES = 3 << 30
# The fixture search budget: big enough for a hard deal, small enough for a quick test.
GOLDEN_BUDGET = 300_000


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
    return f"SOL1-{GAME}-N{number}"


def solve_one(args: tuple[int, int]) -> Row:
    """Solve numbered deal `number` at `nodes`; a won line must replay in the referee."""
    number, nodes = args
    d = deal(code(number))
    t, c = time.perf_counter(), time.process_time()
    verdict, used, line, _ = _native.solve(GAME, d.layout, rules.native_options(d.options), nodes, MAX_BYTES)
    seconds, cpu = time.perf_counter() - t, time.process_time() - c
    if verdict == "won" and not replay(code(number), line).ok:
        raise AssertionError(f"{code(number)}: the solver's line does not replay")
    digest = hashlib.sha256(" ".join(line).encode()).hexdigest()
    return Row(number, verdict, used, len(line), seconds, cpu, digest)


def measure(first: int, last: int, nodes: int, jobs: int = 1) -> list[Row]:
    work = [(n, nodes) for n in range(first, last + 1)]
    if jobs <= 1:
        return [solve_one(w) for w in work]
    from multiprocess import Pool  # the pool's own dependency; fork-free on every platform

    with Pool(jobs) as pool:
        return pool.map(solve_one, work, chunksize=4)


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "-"


def summary(rows: list[Row], nodes: int) -> str:
    n = len(rows)
    won = sum(r.verdict == "won" for r in rows)
    lost = sum(r.verdict == "lost" for r in rows)
    secs = sorted(r.seconds for r in rows)
    cpus = sorted(r.cpu for r in rows)
    p95 = min(n - 1, int(0.95 * n))
    decided = sorted(r.nodes for r in rows if r.verdict != "unknown")
    out = [
        f"canfield (draw 3, unlimited passes): deals {rows[0].number}..{rows[-1].number}, budget {nodes:,} positions",
        f"  decided {_pct(won + lost, n)}  won {_pct(won, n)}  lost {_pct(lost, n)}  unknown {_pct(n - won - lost, n)}",
        f"  time a deal (wall): median {statistics.median(secs):.3f} s  p95 {secs[p95]:.3f} s  max {secs[-1]:.3f} s"
        f"  (total {sum(secs):.1f} s)",
        f"  time a deal (CPU):  median {statistics.median(cpus):.3f} s  p95 {cpus[p95]:.3f} s  max {cpus[-1]:.3f} s"
        f"  (total {sum(cpus):.1f} s)",
    ]
    if decided:
        out.append(f"  positions to decide: median {statistics.median(decided):,.0f}  max {decided[-1]:,}")
        marks = [b for b in (10_000, 30_000, 100_000, 300_000, 1_000_000, 2_000_000, 3_000_000, 10_000_000) if b <= nodes]
        out.append("  decided at budget: " + "  ".join(f"{b:,}: {_pct(sum(d <= b for d in decided), n)}" for b in marks))
    return "\n".join(out)


def run(first: int = 1, last: int = 1000, nodes: int | None = None, jobs: int = 1) -> str:
    """The benchmark's report (for pipeline/bench.py's registry)."""
    nodes = nodes or BOARDS[GAME].nodes
    return summary(measure(first, last, nodes, jobs), nodes)


def golden(path: Path, scan: int = 200) -> dict:
    """Pick the fixtures by measurement over deals 1..scan at GOLDEN_BUDGET and write them."""
    rows = measure(1, scan, GOLDEN_BUDGET)
    won = next(r for r in rows if r.verdict == "won")
    lost = next(r for r in rows if r.verdict == "lost" and r.nodes >= 1_000)
    hard = max((r for r in rows if r.verdict != "unknown"), key=lambda r: r.nodes)
    fixtures = []
    for kind, r in (("won", won), ("lost", lost), ("hard", hard)):
        fixtures.append(
            {"kind": kind, "code": code(r.number), "budget": GOLDEN_BUDGET, "verdict": r.verdict,
             "nodes": r.nodes, "moves": r.moves, "sha256": r.sha256}
        )
    data = {
        "how": f"pipeline/bench_canfield.py --golden: deals 1..{scan} at {GOLDEN_BUDGET:,} positions; won = the "
        "first won, lost = the first lost after >= 1,000 positions, hard = the decided deal that took most positions",
        "fixtures": fixtures,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n")
    return data


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--first", type=int, default=1)
    p.add_argument("--last", type=int, default=1000)
    p.add_argument("--nodes", type=int, default=None, help="node budget (default: the canfield board's)")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--rows", type=Path, default=None, help="also write every deal's row as JSON lines")
    p.add_argument("--golden", type=Path, default=None, help="pick and write the test fixtures instead")
    a = p.parse_args(argv)
    if a.golden:
        print(json.dumps(golden(a.golden), indent=2))
        return 0
    nodes = a.nodes or BOARDS[GAME].nodes
    rows = measure(a.first, a.last, nodes, a.jobs)
    if a.rows:
        a.rows.write_text("".join(json.dumps(asdict(r)) + "\n" for r in rows))
    print(summary(rows, nodes))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
