"""FreeCell benchmark: classic deals 1..32000 beside Freecell Solver (`fc-solve -l lg`), and the
SiggySoft-numbered deals 1..10000.

Every classic deal must come out won, except 11982, which must be proven lost; every won line is
replayed by the referee. Only the solver's own call is timed (one core, the same deals, the same
boards for both solvers), in CPU seconds of this process (`time.process_time`), so that other work
on a shared machine inflates neither solver; the referee's replay is timed apart (wall clock). Freecell Solver comes from PyPI
(`freecell-solver`, the `bench` extra), which loads Debian's `libfreecell-solver0`; without it the
run still measures dealpool and says fc-solve was not found.

Run alone: `python -m bench --games freecell [--deals A-B] [--budgets LIST] [--numbered N] [--no-fcs]`
(`--deals` the classic deals, default 1-32000; `--budgets` the node budgets a deal, default the
freecell board's (bench/args.py); `--numbered` the SiggySoft ones 1..N, default 10000, 0 for none).
The deals proved lost are printed beside the published impossible deals of the range.

Classic deals 1..1,000,000 (or any range) with their impossible deals against the published list, in
resumable chunks: `nice -n 19 python -m bench.games.freecell.census` (census.py).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field

import engine
from bench.args import add_shared, budgets

GAME = engine.game("freecell")
UNWINNABLE = 11982  # the one classic deal of 1..32000 that cannot be won


# (board, deal, caps in MiB): a deal whose search outgrows small caps, for `python -m bench --games memory`
# (tests/games/freecell/test_freecell_memory.py solves one at a small cap).
MEMORY: list[tuple[str, str, list[int]]] = [("freecell", "C11982", [64, 256])]


@dataclass
class Tally:
    """Verdicts, times (seconds) and nodes of one solver over a run of deals."""

    verdicts: dict[str, int] = field(default_factory=dict)
    times: list[float] = field(default_factory=list)
    nodes: list[int] = field(default_factory=list)
    worst: list[tuple[float, int, str, int]] = field(default_factory=list)

    def add(self, number: int, verdict: str, seconds: float, nodes: int) -> None:
        self.verdicts[verdict] = self.verdicts.get(verdict, 0) + 1
        self.times.append(seconds)
        self.nodes.append(nodes)
        self.worst.append((seconds, number, verdict, nodes))

    def summary(self) -> str:
        total = sum(self.times)
        med = statistics.median(self.times) * 1000 if self.times else 0.0
        verdicts = ", ".join(f"{k} {v}" for k, v in sorted(self.verdicts.items()))
        return (f"{verdicts}; total {total:.2f} s, median {med:.3f} ms, max {max(self.times) * 1000:.1f} ms, "
                f"nodes {sum(self.nodes)}")

    def hardest(self, k: int = 5) -> list[tuple[float, int, str, int]]:
        return sorted(self.worst, reverse=True)[:k]


# fc-solve's figures as last measured beside ours in one run (bench log F30), printed, labelled as
# recorded, when fc-solve is not installed: (first deal, last deal) -> the line.
RECORDED: dict[tuple[int, int], str] = {
    (1, 32000): "2026-12-03, bench log F30 (load about 6): fc-solve -l lg total 9.85 s, median 0.162 ms, "
    "6,271,020 iterations; dealpool 8.91 s, median 0.128 ms in the same run (0.90x total, 0.79x median)",
}


def fcs_board(layout: dict[str, list[list[int]]]) -> str:
    """A layout as Freecell Solver's board text: one column a line, bottom card first."""
    return "".join(" ".join(engine.card_name(c, "T") for c in col) + "\n" for col in layout["tableau"])


def fc_solve() -> object | None:
    """A Freecell Solver instance set to `-l lg`, or None when the library is missing."""
    try:
        from freecell_solver import FreecellSolver

        solver = FreecellSolver()
    except (ImportError, OSError) as e:
        print(f"fc-solve not available ({e}); install libfreecell-solver0 and the bench extra")
        return None
    solver.input_cmd_line(["-l", "lg"])
    return solver


def solve_one(code: str, budget: int) -> tuple[str, int, list[str], float, engine.Deal]:
    """Deal `code` and solve it; returns (verdict, nodes, line, CPU seconds, dealt).

    Calls the native module directly: the bench times the bare search in CPU seconds of this
    process (engine.solve reports wall seconds and would add the dealing to a CPU clock)."""
    from engine import native

    dealt = engine.deal(code)
    opts = GAME.native_options(dealt.options)
    t = time.process_time()
    out = native.solve("freecell", dealt.layout, opts, budget=budget, max_bytes=engine.DEFAULT_MAX_MB << 20)
    return out.verdict, out.nodes, out.line, time.process_time() - t, dealt


def run_classic(first: int, count: int, budget: int, with_fcs: bool) -> bool:
    """Classic deals first..count; True when every deal got the verdict it must."""
    ours, theirs = Tally(), Tally()
    solver = fc_solve() if with_fcs else None
    referee_s = 0.0
    bad: list[str] = []
    for number in range(first, count + 1):
        code = f"SOL1-freecell-cells=4-C{number}"
        verdict, n, line, seconds, dealt = solve_one(code, budget)
        ours.add(number, verdict, seconds, n)
        want = "lost" if number == UNWINNABLE else "won"
        if verdict != want:
            bad.append(f"C{number}: {verdict}, expected {want}")
        if verdict == "won":
            t = time.perf_counter()
            rep = engine.replay(code, line)
            referee_s += time.perf_counter() - t
            if not rep.ok:
                bad.append(f"C{number}: the referee refused the line: {rep.error} at {rep.at}")
        if solver is not None:
            board = fcs_board(dealt.layout)
            t = time.process_time()
            ret = solver.solve_board(board)  # type: ignore[attr-defined]
            dt = time.process_time() - t
            fcs_verdict = {0: "solved", 1: "not solved (pruned moves: no proof)"}.get(ret, f"code {ret}")
            theirs.add(number, fcs_verdict, dt, int(solver.get_num_times()))  # type: ignore[attr-defined]
            solver.recycle()  # type: ignore[attr-defined]
    print(f"classic FreeCell deals {first}..{count} (4 cells), node budget {budget}; solver times in CPU seconds")
    print(f"  dealpool: {ours.summary()}")
    print(f"  referee replays: {ours.verdicts.get('won', 0)} lines in {referee_s:.2f} s")
    for s, number, v, n in ours.hardest():
        print(f"    hardest: C{number} {v} {n} nodes {s * 1000:.1f} ms")
    if first <= UNWINNABLE <= count:
        i = UNWINNABLE - first
        print(f"  C{UNWINNABLE}: dealpool {ours.worst[i][2]} in {ours.times[i]:.3f} s, {ours.nodes[i]} nodes", end="")
        if solver is not None:
            print(f"; fc-solve -l lg {theirs.worst[i][2]} in {theirs.times[i]:.3f} s", end="")
        print()
    from bench.games.freecell.census import PUBLISHED  # here: `python -m` of census imports this package first

    lost = [number for _, number, v, _ in ours.worst if v == "lost"]
    published = [n for n in PUBLISHED if first <= n <= count]
    print(f"  proved lost: {', '.join(f'C{n}' for n in lost) or 'none'}; published impossible in the range: "
          f"{', '.join(f'C{n}' for n in published) or 'none'}")
    if solver is not None:
        print(f"  fc-solve -l lg: {theirs.summary()} (iterations)")
        ratio_total = sum(ours.times) / sum(theirs.times)
        ratio_med = statistics.median(ours.times) / statistics.median(theirs.times)
        print(f"  ratio dealpool / fc-solve: total {ratio_total:.2f}x, median {ratio_med:.2f}x")
    elif with_fcs:
        recorded = RECORDED.get((first, count))
        print(f"  fc-solve -l lg: not measured in this run; recorded, not live: {recorded}" if recorded
              else "  fc-solve -l lg: not measured in this run, and no recorded figures for these deals")
    for line in bad[:20]:
        print(f"  FAIL {line}")
    return not bad


def run_numbered(count: int, budget: int) -> bool:
    """SiggySoft-numbered FreeCell deals 1..count: every one decided (won or lost)."""
    ours = Tally()
    bad: list[str] = []
    for number in range(1, count + 1):
        code = f"SOL1-freecell-cells=4-N{number}"
        verdict, n, line, seconds, _ = solve_one(code, budget)
        ours.add(number, verdict, seconds, n)
        if verdict == "unknown":
            bad.append(f"N{number}: undecided at {n} nodes")
        elif verdict == "won":
            rep = engine.replay(code, line)
            if not rep.ok:
                bad.append(f"N{number}: the referee refused the line: {rep.error} at {rep.at}")
    print(f"SiggySoft-numbered FreeCell deals 1..{count} (4 cells), node budget {budget}")
    print(f"  dealpool: {ours.summary()}")
    for s, number, v, n in ours.hardest(3):
        print(f"    hardest: N{number} {v} {n} nodes {s * 1000:.1f} ms")
    for line in bad[:20]:
        print(f"  FAIL {line}")
    return not bad


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench --games freecell", description=__doc__.split("\n")[0])
    add_shared(ap, deals="1-32000")
    ap.add_argument("--numbered", type=int, default=10000, help="SiggySoft-numbered deals 1..N (default 10000; 0: none)")
    ap.add_argument("--no-fcs", action="store_true", help="skip Freecell Solver")
    args = ap.parse_args(argv)
    ok = True
    for budget in budgets(args.budgets, engine.board("freecell").budget):
        ok = run_classic(args.deals.start, args.deals.stop - 1, budget, not args.no_fcs) and ok
        if args.numbered:
            ok = run_numbered(args.numbered, budget) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
