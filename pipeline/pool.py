"""Solving: the step that fills the `verdicts` table, and `build` (sample and solve until enough
deals are won).

No Click here: errors are engine.BadInput (bad input) or engine.RunFailed (the run found something
wrong, e.g. a line the referee refused). The solver is a parameter (pipeline/solver.py): the
engine unless a test passes a stand-in.
"""

from __future__ import annotations

import os
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable

import engine
from pipeline import sample, storage, workers
from pipeline.solver import Solver, referee
from pipeline.storage import VERDICTS, Folder

Task = tuple[str, str, int, int]
"""One deal to solve: (board, code, budget, max_mb)."""


@dataclass
class Slice:
    """A slice of one deals part (`name` = its verdicts part), to be solved at `budget`. `keep` are
    rows of an earlier part of that name kept as they are (its `error` rows are retried)."""

    name: str
    board: str
    budget: int
    todo: list[str]
    keep: list[dict[str, Any]] = field(default_factory=list)


TRIES = 3
"""How often a deal is tried in one run before its `error` row is written: a worker that died (kill -9,
the OOM killer, a crash in native code) or an exception is tried again in a fresh worker. A leftover
`error` row is retried by the next run (`plan`), and `check` fails while any remain."""


def should_retry(row: dict[str, Any], tries: int) -> bool:
    """Whether a result that took `tries` tries is tried again (the one retry policy: every path that
    solves deals, local workers or a cluster, asks this). An `error` is not a verdict, so it is
    retried, except a line the referee refused: solving is deterministic, so that would come back."""
    return row["verdict"] == "error" and not row["referee"].startswith("refused") and tries < TRIES


@dataclass
class Summary:
    deals: int = 0
    counts: Counter = field(default_factory=Counter)
    refused: list[str] = field(default_factory=list)
    seconds: float = 0.0
    solver_seconds: float = 0.0
    solver_cpu: float = 0.0  # CPU seconds inside the solver (a key outside the table schema)
    retried: int = 0  # tries repeated after an error (should_retry)

    def line(self) -> str:
        c = self.counts
        return (
            f"solve: {self.deals} deals, won {c['won']}, lost {c['lost']}, unknown {c['unknown']}, "
            f"error {c['error']} in {self.seconds:.1f} s"
            + (f" ({self.retried} retried)" if self.retried else "")
        )

    def add(self, other: Summary) -> None:
        self.deals += other.deals
        self.counts.update(other.counts)
        self.refused += other.refused
        self.seconds += other.seconds
        self.solver_seconds += other.solver_seconds
        self.solver_cpu += other.solver_cpu
        self.retried += other.retried


MAX_BUDGET = 10**12
"""The largest node budget accepted (far beyond any search that ends; the tables hold int64)."""
MAX_MB = 1 << 20
"""The largest memory cap accepted, in MiB (1 TiB)."""
MAX_WORKERS = 1024
MAX_TARGET = 1_000_000


def _in_range(name: str, value: int | None, lo: int, hi: int, unit: str) -> None:
    if value is not None and not lo <= value <= hi:
        shown = str(value) if len(str(value)) <= 24 else f"{str(value)[:20]}... ({len(str(value))} digits)"
        raise engine.BadInput(f"bad {name} {shown}: give {unit} {lo:,}..{hi:,}")


def check_ranges(*checks: tuple[str, int | None, int, int]) -> None:
    """Each (option, value, lo, hi): BadInput naming the first value outside lo..hi."""
    for name, value, lo, hi in checks:
        _in_range(name, value, lo, hi, "a whole number")


def check_budget(budget: int | None) -> None:
    _in_range("--budget", budget, 1, MAX_BUDGET, "a node budget of")


def check_options(budget: int | None = None, max_mb: int | None = None, workers: int | None = None,
                  target: int | None = None) -> None:  # fmt: skip
    """Every numeric option of solve/build/pool within its range, before any work (BadInput names
    the accepted range), so a bad value never poisons the folder with error rows."""
    check_budget(budget)
    _in_range("--max-mb", max_mb, 1, MAX_MB, "a memory cap (MiB) of")
    _in_range("--workers", workers, 1, MAX_WORKERS, "a worker count of")
    _in_range("--target", target, 1, MAX_TARGET, "a target of")


def budgets_for(boards: list[str], budget: int | None) -> dict[str, int]:
    """Each board's budget: `budget` if given, else the board's default."""
    check_budget(budget)
    return {b: budget if budget is not None else engine.board(b).budget for b in boards}


def check_one_build(folder: Folder, versions: set[str] | None = None) -> None:
    """Refuse to add verdicts to a folder holding verdicts of another engine build: its node counts
    and lines may differ from this build's, so the table would no longer say what one solver does
    (and the re-solve check would fail at the end of the run). `versions`: the stored rows'
    engine_version values, when the caller has read them already."""
    if versions is None:
        versions = set(storage.read_table(folder, VERDICTS).column("engine_version").unique().to_pylist())
    mine = engine.engine_version()
    other = sorted(versions - {mine})
    if other:
        raise engine.BadInput(
            f"{str(folder.root)!r} holds verdicts of engine build {', '.join(other)}; this is {mine}: "
            "solve into a fresh folder (--data DIR) or move the old one aside"
        )


def plan(folder: Folder, budgets: dict[str, int]) -> list[Slice]:
    """The slices still to solve, in part order. A deal is done at budget B when it was decided at
    any budget or tried at B or more; a slice whose part exists is done. Refuses a folder holding
    verdicts of another engine build (check_one_build) before any work."""
    done: dict[tuple[str, str], list[tuple[str, int]]] = defaultdict(list)
    stored = storage.read_table(folder, VERDICTS)
    check_one_build(folder, set(stored.column("engine_version").unique().to_pylist()))
    for r in stored.select(["board", "code", "verdict", "budget"]).to_pylist():
        done[(r["board"], r["code"])].append((r["verdict"], r["budget"]))
    existing = {storage.part_stem(p): p for p in folder.parts(VERDICTS)}
    out: list[Slice] = []
    for part in folder.parts(storage.DEALS):
        t = storage.read_part(part, storage.DEALS).select(["board", "code"]).to_pylist()
        stem = storage.part_stem(part)
        for k in range(0, len(t), storage.SLICE):
            chunk = t[k : k + storage.SLICE]
            board = chunk[0]["board"]
            if board not in budgets:
                continue
            budget = budgets[board]
            name = storage.verdict_part_name(stem, budget, k // storage.SLICE)
            if name in existing:
                old = storage.read_part(existing[name], VERDICTS).to_pylist()
                retry = [  # an error row left by an earlier run, unless another budget decided the deal
                    r["code"] for r in old
                    if should_retry(r, 0) and not any(v in ("won", "lost") for v, _ in done[(board, r["code"])])
                ]  # fmt: skip
                if retry:
                    keep = [r for r in old if r["code"] not in set(retry)]
                    out.append(Slice(name, board, budget, retry, keep))
                continue
            todo = [
                r["code"]
                for r in chunk
                if not any(v in ("won", "lost") or b >= budget for v, b in done[(board, r["code"])])
            ]
            if todo:
                out.append(Slice(name, board, budget, todo))
    return out


def _row(task: Task, **values: Any) -> dict[str, Any]:
    """A `verdicts` row of a task, an error until `values` say otherwise."""
    board, code, budget, max_mb = task
    row = {
        "board": board, "code": code, "verdict": "error", "reason": "", "nodes": 0, "budget": budget,
        "max_mb": max_mb, "line": [], "line_length": 0, "referee": "", "seconds": 0.0,
        "engine_version": engine.engine_version(),
    }  # fmt: skip
    row.update(values)
    return row


def solve_one(task: Task, solver: Solver = engine) -> dict[str, Any]:
    """Solve one deal and replay its line in the referee (runs in a worker)."""
    board, code, budget, max_mb = task
    row = _row(task)
    try:
        t0, c0 = time.perf_counter(), time.thread_time()
        s = solver.solve(code, budget, max_mb)
        seconds, cpu = time.perf_counter() - t0, time.thread_time() - c0
        line = [str(m) for m in s.line]
        row.update(verdict=str(s.verdict), reason=str(s.reason or ""), nodes=int(s.nodes), line=line,
                   line_length=len(line), seconds=seconds, cpu=cpu)  # fmt: skip
        if s.verdict == "won":
            ok, why = referee(solver, code, line)
            row["referee"] = why
            if not ok:
                row.update(verdict="error", reason=f"referee {why}")
        elif s.verdict not in ("lost", "unknown"):
            row.update(verdict="error", reason=f"solver gave verdict {s.verdict!r}")
    except Exception as e:  # a bad deal must not stop the run: it is recorded
        row.update(verdict="error", reason=f"{type(e).__name__}: {e}".splitlines()[0][:500])
    return row


def _died(task: Task, exitcode: int | None) -> dict[str, Any]:
    return _row(task, reason=f"worker died (exit code {exitcode})")


def solve_pool(
    folder: Folder,
    boards: list[str],
    budget: int | None = None,
    max_mb: int = engine.DEFAULT_MAX_MB,
    n_workers: int | None = None,
    quiet: bool = False,
    solver: Solver = engine,
    run: Callable[..., Any] | None = None,
) -> Summary:
    """Solve every sampled, unsolved deal of `boards`, writing one part per finished slice. `run`
    computes the rows (workers.run's signature): the local pool unless a cluster's (cluster.py)."""
    folder.require()
    check_options(budget, max_mb, n_workers)
    storage.clear_tmp(folder)
    budgets = budgets_for(boards, budget)
    slices = plan(folder, budgets)
    n_workers = n_workers or os.cpu_count() or 1
    if n_workers < 1:
        raise engine.BadInput(f"bad --workers {n_workers}: give at least 1")
    total = sum(len(s.todo) for s in slices)
    summary = Summary(deals=total)
    tasks = (
        ((i, j), (s.board, code, s.budget, max_mb))
        for i, s in enumerate(slices)
        for j, code in enumerate(s.todo)
    )
    results: dict[int, list[dict[str, Any]]] = defaultdict(list)
    from tqdm import tqdm

    if total:
        engine.solvable_games()  # load the native module once, before the workers fork
    fn = partial(solve_one, solver=solver)
    t0 = time.perf_counter()
    bar = tqdm(total=total, unit="deal", disable=True if quiet else None, file=sys.stderr, smoothing=0.1)
    tries = 1
    try:
        while True:
            again: list[tuple[tuple[int, int], Task]] = []
            for key, row in (run or workers.run)(tasks, fn, n_workers, _died):
                i = key[0]
                if should_retry(row, tries):  # a fresh worker pool tries it again after this round
                    again.append((key, (row["board"], row["code"], row["budget"], max_mb)))
                    continue
                results[i].append(row)
                summary.counts[row["verdict"]] += 1
                summary.solver_seconds += row["seconds"]
                summary.solver_cpu += row.get("cpu", 0.0)
                if row["referee"].startswith("refused"):
                    summary.refused.append(f"{row['code']}: {row['referee']}")
                bar.update(1)
                c = summary.counts
                bar.set_postfix(won=c["won"], lost=c["lost"], unknown=c["unknown"], error=c["error"], refresh=False)
                s = slices[i]
                if len(results[i]) == len(s.todo):
                    rows = storage.sorted_rows(s.keep + results.pop(i))
                    storage.write_part(folder, VERDICTS, s.name, rows, budget=s.budget, max_mb=max_mb)
            if not again:
                break
            summary.retried += len(again)
            tasks = iter(again)
            tries += 1
    finally:
        bar.close()
    summary.seconds = time.perf_counter() - t0
    return summary


def raise_on_refusals(summary: Summary) -> None:
    """A won line the referee refused fails the run loudly (RunFailed), after the summary; so do
    `error` rows left after TRIES tries (the next run retries them)."""
    if summary.refused:
        raise engine.RunFailed(
            f"REFEREE REFUSED {len(summary.refused)} solver line(s), recorded as error: "
            + "; ".join(summary.refused[:5])
        )
    if summary.counts["error"]:
        raise engine.RunFailed(
            f"{summary.counts['error']} deal(s) still error after {TRIES} tries each; "
            "run `dealpool solve` again to retry them (`dealpool check` fails while any remain)"
        )


# ---------------------------------------------------------------- build


def won_counts(folder: Folder, boards: list[str]) -> dict[str, int]:
    won: dict[str, set[str]] = defaultdict(set)
    for r in storage.read_table(folder, VERDICTS).select(["board", "code", "verdict"]).to_pylist():
        if r["verdict"] == "won":
            won[r["board"]].add(r["code"])
    return {b: len(won[b]) for b in boards}


def build_target(
    folder: Folder,
    boards: list[str],
    target: int,
    budget: int | None,
    max_mb: int,
    n_workers: int | None,
    quiet: bool,
    say: Callable[[str], None],
    solver: Solver = engine,
    run: Callable[..., Any] | None = None,
) -> Summary:
    """Sample numbered deals in rounds and solve them until each board has `target` won deals."""
    check_options(budget, max_mb, n_workers, target)
    folder.root.mkdir(parents=True, exist_ok=True)
    total = Summary()
    while True:
        have = won_counts(folder, boards)
        short = [b for b in boards if have[b] < target]
        if not short:
            return total
        for b in short:
            lo = sample.next_number(folder, b)
            if lo > sample.MAX_NUMBER:
                raise engine.RunFailed(f"board {b}: numbered deals exhausted before {target} were won")
            need = target - have[b]
            n = max(16, int(need * 1.25) + 1)  # a little over, as some deals are not won
            hi = min(sample.MAX_NUMBER, lo + n - 1)
            sample.sample_numbers(folder, [b], lo, hi)
        s = solve_pool(folder, short, budget, max_mb, n_workers, quiet, solver, run)
        if s.counts["won"] == 0:
            raise engine.RunFailed(f"build: a round of {s.deals} deals won none; raise --budget?")
        total.add(s)
        say(s.line())
