"""Klondike benchmark: numbered deals at several node budgets, draw 1 and draw 3, beside the PyPI
peer pyksolve (Klondike-Solver) on the same deals.

Per board and budget: decided %, won %, lost %, unknown %, median / p95 / max / mean seconds and
positions per second; every won line is replayed by the referee (a line that does not replay stops
the run). pyksolve runs `solve_fast` with max_closed_count = the board's default budget; its
"Impossible" is printed as it says it, though its pruning makes it unsound (issue 3), and deals it
calls impossible that we win are counted. Ratios are pyksolve's seconds over ours per percentile.
Only the solvers' own calls are timed, one deal at a time on one core.

Beside lonelybot (a fast Rust Klondike solver, not on PyPI), at the default budget. When the
environment names a driver for it (`LONELYBOT=/path/to/driver`), it runs side by side in the same
run, interleaved deal by deal with ours (our call, then its call on the same deal), on the --deals
range and on RANDOM_DEALS random numbered deals (a fixed sample, `--random N` to change N, 0 to
skip): totals over the deals it decided, medians over all, their ratios and any verdict that
disagrees, per draw. The driver is a small program built beside lonelybot (never part of this
repository) that reads lines `DRAW c0 .. c51` (our deal order, `Deal.order`: card c is suit c // 13
of S H D C and rank c % 13 + 1, dealt row by row, order[51] drawn first) and answers each with
`VERDICT CPU_SECONDS` (won, lost or timeout: its own CPU cap), the thread CPU time of lonelybot's
solve call alone on that deal. Without the driver its times recorded earlier on deals 1..300
(lonelybot_klondike_1-300.csv; how they were taken: docs/bench-log.md, Klondike K20) are set
beside ours instead, labelled as a record.

Two of our figures, each beside its one, with total and median ratios. Its time is the thread CPU of
`solve_with_tracking` alone, on a `Solitaire` it has already built (its deal's parsing and
`Solitaire::new` outside the timer). **Like for like, on which issue 32's targets are judged**: our
search's thread CPU timed inside the engine (`SolveResult.search_cpu_seconds`: from the position
built from the layout to the search's Rust-side outcome, the line not yet a Python list: the same
span). **The whole native call from Python** (`SolveResult.cpu_seconds`): that plus PyO3's argument
conversion of the layout, the option check, the GIL's release, the position built from the layout,
the line's list of str and the drop; no dealing. CPU because load moves it less than wall seconds.
Beside the record, the native call's wall seconds and the whole `engine.solve` call's CPU (dealing
the code in Python included) are printed too. How the driver was built and checked, and what the
figures were: bench log K54; the two figures apart: K61.

Run alone: `[LONELYBOT=driver] python -m bench --games klondike [--deals 1-1000]
[--budgets x0.25,default,x4] [--boards klondike-1,klondike-3] [--no-peer] [--random 500]`
(bench/args.py: the shared options); `python -m bench` calls `main(argv)`.
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import statistics
import subprocess
import time
from dataclasses import dataclass

import engine
from bench.args import add_shared, budgets

BOARDS_DEFAULT = ("klondike-1", "klondike-3")
LONELYBOT_CSV = os.path.join(os.path.dirname(__file__), "lonelybot_klondike_1-300.csv")
# The random numbered deals set beside lonelybot: a fixed sample (seed 32, issue 32) of 1..1,000,000.
RANDOM_DEALS = 500
RANDOM_SEED = 32


# (board, deal, caps in MiB): a deal whose search outgrows small caps, for `python -m bench --games memory`
# (tests/games/klondike/test_klondike_memory.py solves one at a small cap).
MEMORY: list[tuple[str, str, list[int]]] = [("klondike-3", "262", [64, 256, 1024])]


@dataclass(frozen=True)
class Row:
    number: int
    verdict: str  # won | lost | unknown (pyksolve: won | impossible | unknown)
    nodes: int
    seconds: float
    cpu: float = 0.0  # this thread's CPU seconds for the whole engine.solve call (dealing included)
    native_cpu: float = 0.0  # this thread's CPU seconds in the whole native call, from Python (SolveResult.cpu_seconds)
    search_cpu: float = 0.0  # this thread's CPU seconds in the search alone, timed in Rust (SolveResult.search_cpu_seconds)


def ours(board: str, number: int, budget: int) -> Row:
    # engine.solve times the native call alone (SolveResult.seconds wall, .cpu_seconds CPU), not the
    # dealing in Python (SHA-512 seed, Fisher-Yates), which the whole call's CPU seconds include.
    c = time.thread_time()
    r = engine.solve(engine.board_code(board, number), budget=budget)
    cpu = time.thread_time() - c
    if r.verdict == "won":
        rep = engine.replay(r.code, r.line)
        if not rep.ok:
            raise AssertionError(f"{r.code}: the solver's line does not replay: {rep}")
    return Row(number, r.verdict, r.nodes, r.seconds, cpu, r.cpu_seconds, r.search_cpu_seconds)


def peer_card_string(order: list[int]) -> str:
    """Klondike-Solver's card string: positions 0..27 as dealt, then 51 down to 28 (its stock is
    drawn from position 28); each card as two rank digits and a suit digit (1 C, 2 D, 3 H, 4 S)."""
    seq = list(order[:28]) + list(order[28:])[::-1]
    return "".join(f"{c % 13 + 1:02d}{4 - c // 13}" for c in seq)


def peer(board: str, number: int, budget: int) -> Row | None:
    try:
        from pyksolve import solver
    except ImportError:
        return None
    d = engine.deal(engine.board_code(board, number))
    s = solver.Solitaire()
    s.load_solitaire(peer_card_string(d.order))
    s.draw_count = int(d.options["draw"])
    s.reset_game()
    t = time.perf_counter()
    r = s.solve_fast(max_closed_count=budget)
    seconds = time.perf_counter() - t
    verdict = {1: "won", -1: "won", 0: "impossible"}.get(r.value, "unknown")
    return Row(number, verdict, 0, seconds)


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f} %" if whole else "    -"


def quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def summary(label: str, rows: list[Row], lost_word: str = "lost") -> str:
    n = len(rows)
    won = sum(r.verdict == "won" for r in rows)
    lost = sum(r.verdict == lost_word for r in rows)
    secs = [r.seconds for r in rows]
    total = sum(secs)
    nodes = sum(r.nodes for r in rows)  # 0 for pyksolve, which does not say
    pps = f"{nodes / total:10,.0f}" if total and nodes else "         -"
    return (
        f"{label:<22} decided {pct(won + lost, n)}  won {pct(won, n)}  {lost_word} {pct(lost, n)}  "
        f"unknown {pct(n - won - lost, n)}  median {quantile(secs, 0.5):.4f}s  p95 {quantile(secs, 0.95):.4f}s  "
        f"max {max(secs):.3f}s  mean {total / n:.4f}s  pos/s {pps}" + (f"  nodes {nodes:,}" if nodes else "")
    )


def random_deals(n: int) -> list[int]:
    """The fixed sample of `n` numbered deals (1..1,000,000) set beside lonelybot, in order."""
    return sorted(random.Random(RANDOM_SEED).sample(range(1, 1_000_001), n)) if n > 0 else []


def run(deals: range, boards: list[str], budget_spec: str, with_peer: bool, say=print, n_random: int = RANDOM_DEALS) -> None:
    say(f"Klondike: deals {deals.start}..{deals.stop - 1}, load average {os.getloadavg()[0]:.1f} (2 cores shared)")
    driver = os.environ.get("LONELYBOT", "")
    lb = Lonelybot(driver) if driver else None
    say(f"lonelybot: {'side by side, driver ' + driver if lb else 'LONELYBOT not set: its recorded times (1..300) instead'}")
    try:
        for board in boards:
            run_board(board, deals, budget_spec, with_peer, lb, n_random, say)
    finally:
        if lb:
            lb.close()


def run_board(board: str, deals: range, budget_spec: str, with_peer: bool, lb: Lonelybot | None, n_random: int, say=print) -> None:
    """One board at every budget of the list; at the default budget beside lonelybot (live when
    `lb` is given: the --deals range and the random sample; else its recorded times)."""
    default = engine.board(board).budget
    say(f"\n{board} (default budget {default:,})")
    by_budget: dict[int, list[Row]] = {}
    for b in budgets(budget_spec, default):
        if b == default and lb:
            pairs = side_by_side(board, list(deals), b, lb)
            rows = [m for m, _ in pairs]
        else:
            rows = [ours(board, n, b) for n in deals]
        by_budget[b] = rows
        say(summary(f"dealpool {b:,}", rows))
        if b == default:
            if lb:
                beside_live(f"deals {deals.start}..{deals.stop - 1}", pairs, say)
                extra = random_deals(n_random)
                if extra:
                    pairs = side_by_side(board, extra, b, lb)
                    say(summary(f"dealpool {b:,} ({len(extra)} random)", [m for m, _ in pairs]))
                    beside_live(f"{len(extra)} random deals (seed {RANDOM_SEED})", pairs, say)
            else:
                beside_lonelybot(board, rows, say)
    if not with_peer:
        return
    prow = [peer(board, n, default) for n in deals]
    if any(r is None for r in prow):
        say("pyksolve: not installed (pip install -e '.[bench]')")
        return
    prows = [r for r in prow if r is not None]
    say(summary(f"pyksolve {default:,}", prows, lost_word="impossible"))
    mine = by_budget.get(default) or next(iter(by_budget.values()))
    wrong = sum(p.verdict == "impossible" and m.verdict == "won" for p, m in zip(prows, mine))
    say(f"pyksolve 'impossible' on deals dealpool wins: {wrong}")
    ms, ps = [r.seconds for r in mine], [r.seconds for r in prows]
    per = "  ".join(
        f"{name} {quantile(ps, q) / quantile(ms, q):.1f}x"
        for name, q in (("median", 0.5), ("p95", 0.95), ("max", 1.0))
    )
    say(f"pyksolve / dealpool seconds: {per}  mean {statistics.fmean(ps) / statistics.fmean(ms):.1f}x")


class Lonelybot:
    """lonelybot's driver as a child process (the module docstring's protocol): one deal a line."""

    def __init__(self, path: str) -> None:
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def solve(self, draw: int, order: list[int]) -> tuple[str, float]:
        assert self.p.stdin and self.p.stdout
        self.p.stdin.write(" ".join(map(str, [draw, *order])) + "\n")
        self.p.stdin.flush()
        answer = self.p.stdout.readline().split()
        if len(answer) != 2:
            raise RuntimeError(f"lonelybot driver: unexpected answer {answer!r}")
        return answer[0], float(answer[1])

    def close(self) -> None:
        if self.p.stdin:
            self.p.stdin.close()
        self.p.wait(timeout=60)


def side_by_side(board: str, numbers: list[int], budget: int, lb: Lonelybot) -> list[tuple[Row, tuple[str, float]]]:
    """Each deal solved by us, then by lonelybot on the same deal, one after the other (so load
    falls alike on both): our row beside its (verdict, CPU seconds)."""
    draw = int(dict(engine.board(board).options)["draw"])
    out = []
    for n in numbers:
        mine = ours(board, n, budget)
        order = list(engine.deal(engine.board_code(board, n)).order)
        out.append((mine, lb.solve(draw, order)))
    return out


# Our two figures set beside lonelybot's (the module docstring says what each includes): a label, how
# a row gives it, whether issue 32's targets are judged on it.
FIGURES: tuple[tuple[str, str, bool], ...] = (
    ("like for like: our search alone, CPU timed in the engine", "search_cpu", True),
    ("our whole native call from Python, CPU (crossing, layout, line's list)", "native_cpu", False),
)


def ratios(pairs: list[tuple[Row, tuple[str, float]]], figure: str = "search_cpu") -> dict[str, float]:
    """One side-by-side set's figures: totals over the deals lonelybot decided (our `figure`, a Row
    field, against its call's CPU), medians over all deals, and their ratios."""
    decided = [(m, p) for m, p in pairs if p[0] in ("won", "lost")]
    its_total = sum(p[1] for _, p in decided)
    our_total = sum(getattr(m, figure) for m, _ in decided)
    its_med = statistics.median(p[1] for _, p in pairs)
    our_med = statistics.median(getattr(m, figure) for m, _ in pairs)
    return {
        "its_total": its_total, "our_total": our_total, "total_x": our_total / its_total if its_total else float("nan"),
        "its_median": its_med, "our_median": our_med, "median_x": our_med / its_med if its_med else float("nan"),
    }


def beside_live(label: str, pairs: list[tuple[Row, tuple[str, float]]], say=print) -> None:
    """One side-by-side set's lines: counts and verdicts that disagree, then each of our two figures
    (FIGURES) against its call's CPU: totals, medians, their ratios (issue 32's targets, total <=
    0.7x and median <= 1.3x, on the like-for-like one)."""
    its_dec = sum(p[0] in ("won", "lost") for _, p in pairs)
    ours_dec = sum(m.verdict in ("won", "lost") for m, _ in pairs)
    clash = [m.number for m, p in pairs if m.verdict in ("won", "lost") and p[0] in ("won", "lost") and m.verdict != p[0]]
    say(
        f"lonelybot side by side, {label}: decided {its_dec} (ours {ours_dec}); its CPU in solve_with_tracking "
        f"alone; verdicts that disagree: {clash or 'none'}"
    )
    for name, figure, judged in FIGURES:
        r = ratios(pairs, figure)
        aim = (" (target <= 0.7)", " (target <= 1.3)") if judged else ("", "")
        say(
            f"  {name}: total over its decided ours {r['our_total']:.3f}s / its {r['its_total']:.3f}s = "
            f"{r['total_x']:.2f}x{aim[0]}; median ours {r['our_median'] * 1e3:.3f} / its {r['its_median'] * 1e3:.3f} ms "
            f"= {r['median_x']:.2f}x{aim[1]}"
        )
    undecided = [m.number for m, _ in pairs if m.verdict not in ("won", "lost")]
    timeouts = [m.number for m, p in pairs if p[0] not in ("won", "lost")]
    if undecided or timeouts:
        say(f"  undecided: ours {undecided or 'none'} (out of budget or memory), its {timeouts or 'none'} (its CPU cap)")


def lonelybot_times(draw: int) -> dict[int, tuple[str, float]]:
    """Deal number -> (verdict, seconds) recorded for lonelybot at this draw (verdict won, lost or
    timeout: its 60 s cap)."""
    with open(LONELYBOT_CSV, newline="") as f:
        return {int(r["deal"]): (r["verdict"], float(r["seconds"])) for r in csv.DictReader(f) if int(r["draw"]) == draw}


def beside_lonelybot(board: str, mine: list[Row], say=print) -> None:
    """Our default-budget rows beside lonelybot's recorded times on the deals both have: totals over
    the deals it decided, medians over all of them, and any verdict that disagrees."""
    rec = lonelybot_times(int(dict(engine.board(board).options)["draw"]))
    both = [(m, rec[m.number]) for m in mine if m.number in rec]
    if not both:
        say("lonelybot: no recorded times for these deals (it has 1..300)")
        return
    decided = [(m, p) for m, p in both if p[0] in ("won", "lost")]
    its_total = sum(p[1] for _, p in decided)
    its_med = statistics.median(p[1] for _, p in both)
    clash = [m.number for m, p in decided if m.verdict in ("won", "lost") and m.verdict != p[0]]
    ours_dec = sum(m.verdict in ("won", "lost") for m, _ in both)
    its_dec = len(decided)
    say(
        f"lonelybot (a record, not this run) on {len(both)} deals: decided {its_dec} (ours {ours_dec}); total over its "
        f"{its_dec} decided {its_total:.3f}s, median {its_med * 1e3:.3f} ms; verdicts that disagree: {clash or 'none'}"
    )
    for label, of, judged in (
        ("search alone, CPU in the engine (like for like)", lambda m: m.search_cpu, True),
        ("whole native call from Python, CPU", lambda m: m.native_cpu, False),
        ("whole native call from Python, wall", lambda m: m.seconds, False),
        ("whole engine.solve call, CPU", lambda m: m.cpu, False),
    ):
        total = sum(of(m) for m, _ in decided)
        med = statistics.median(of(m) for m, _ in both)
        aim = (", target <= 0.7", ", target <= 1.3") if judged else ("", "")
        say(
            f"  ours, {label:<48} total {total:8.3f}s ({total / its_total:5.2f}x{aim[0]}); "
            f"median {med * 1e3:7.3f} ms ({med / its_med:5.2f}x{aim[1]})"
        )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_shared(p, deals="1-1000", budgets="x0.25,default,x4")
    p.add_argument("--boards", default=",".join(BOARDS_DEFAULT))
    p.add_argument("--no-peer", action="store_true", help="leave pyksolve out")
    p.add_argument("--random", type=int, default=RANDOM_DEALS, metavar="N",
                   help=f"random numbered deals beside lonelybot when LONELYBOT is set (default {RANDOM_DEALS}; 0 skips)")  # fmt: skip
    a = p.parse_args(argv)
    run(a.deals, [engine.board(b.strip()).id for b in a.boards.split(",")], a.budgets, not a.no_peer, n_random=a.random)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
