"""Solving: the step that fills the `verdicts` table, one part per finished slice.

No Click here: errors are engine.BadInput (bad input) or engine.RunFailed (the run found something
wrong, e.g. a line the referee refused). The solver is a parameter (pipeline/solver.py): the
engine unless a test passes a stand-in. Where the rows are computed is a parameter too: the local
workers (pipeline/workers.py) or a Dask cluster's runner (pipeline/cluster.py).
"""

from __future__ import annotations

import os
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, Iterator

import engine
from pipeline import store, workers
from pipeline.plan import Slice, budgets_for, plan
from pipeline.progress import LogLines, bar as progress_bar
from pipeline.retry import TRIES, should_retry
from pipeline.solver import Solver, referee, refused
from pipeline.store import VERDICTS, Folder

Item = tuple[str, str, bytes, int, int]
"""One deal of the plan to solve: (board, code, stored order, budget, max_mb), as the `deals` table
and the plan hold it. Small to send to a worker, which lays it out (`solve_item`)."""


@dataclass
class Summary:
    deals: int = 0
    counts: Counter = field(default_factory=Counter)
    refused: list[str] = field(default_factory=list)
    seconds: float = 0.0
    solver_seconds: float = 0.0
    solver_cpu: float = 0.0  # CPU seconds inside the solver (a key outside the table schema)
    retried: int = 0  # tries repeated after an error (pipeline/retry.py)

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


def _row(board: str, code: str, budget: int, max_mb: int, **values: Any) -> dict[str, Any]:
    """A `verdicts` row, an error until `values` say otherwise."""
    row = {
        "board": board, "code": code, "verdict": "error", "reason": "", "nodes": 0, "budget": budget,
        "max_mb": max_mb, "line": [], "line_length": 0, "referee": "", "seconds": 0.0,
        "engine_version": engine.engine_version(),
    }  # fmt: skip
    row.update(values)
    return row


def solve_task(board: str, task: engine.SolveTask, solver: Solver = engine) -> dict[str, Any]:
    """Solve one task and replay a won line in the referee on the task's own Deal: the `verdicts`
    row of board `board`. A solver's exception is recorded in the row, never raised."""
    row = _row(board, task.code, task.budget, task.max_mb)
    try:
        t0, c0 = time.perf_counter(), time.thread_time()
        s = solver.solve(task)
        seconds, cpu = time.perf_counter() - t0, time.thread_time() - c0
        line = [str(m) for m in s.line]
        row.update(verdict=str(s.verdict), reason=str(s.reason or ""), nodes=int(s.nodes), line=line,
                   line_length=len(line), seconds=seconds, cpu=cpu)  # fmt: skip
        if s.verdict == "won":
            ok, why = referee(solver, task.deal, line)
            row["referee"] = why
            if not ok:
                row.update(verdict="error", reason=f"referee {why}")
        elif s.verdict not in ("lost", "unknown"):
            row.update(verdict="error", reason=f"solver gave verdict {s.verdict!r}")
    except Exception as e:  # a bad deal must not stop the run: it is recorded
        row.update(verdict="error", reason=f"{type(e).__name__}: {e}".splitlines()[0][:500])
    return row


def _error(item: Item, reason: str) -> dict[str, Any]:
    board, code, _, budget, max_mb = item
    return _row(board, code, budget, max_mb, reason=reason)


def solve_item(item: Item, solver: Solver = engine) -> dict[str, Any]:
    """Solve a deal of the plan (runs in a worker): its task is made from the stored deal, laid out
    again from its stored order (engine.redeal: no new shuffle), at the plan's budget and cap. A deal
    that cannot be laid out is recorded as an error row, as a failed solve is."""
    board, code, order, budget, max_mb = item
    try:
        task = engine.task(engine.redeal(code, order), budget, max_mb)
    except Exception as e:  # a bad stored deal must not stop the run
        return _error(item, f"{type(e).__name__}: {e}".splitlines()[0][:500])
    return solve_task(board, task, solver)


def _died(item: Item, exitcode: int | None) -> dict[str, Any]:
    return _error(item, f"worker died (exit code {exitcode})")


def costliest_first(slices: list[Slice]) -> list[int]:
    """The slices' indexes in the order their deals are handed out: largest budget first (a deal
    can cost up to its budget, so the boards whose deals may run longest start first), then in
    part order. Why: the workers take one deal at a time, so the run ends when the last long deal
    ends; started early, the long ones overlap the many short ones and the workers finish
    together (in part order, `make pool` ended with Spider 4 suits' slowest deals). Only the
    order changes: each deal's row is the same, and a slice's part is written when its last deal
    is done, whatever the order."""
    return sorted(range(len(slices)), key=lambda i: -slices[i].budget)


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
    computes the rows (workers.run's signature): the local pool unless a cluster's (cluster.py).
    The options are the caller's, checked (the CLI checks each once, pipeline/limits.py)."""
    folder.require()
    store.clear_tmp(folder)
    budgets = budgets_for(boards, budget)
    slices = plan(folder, budgets)
    store.record_asks(folder, budgets)  # before any deal: a run killed now still fails `check`
    n_workers = n_workers or os.cpu_count() or 1
    total = sum(len(s.todo) for s in slices)
    summary = Summary(deals=total)

    def item(key: tuple[int, int]) -> Item:  # a deal of the plan: what is solved, and tried again
        s = slices[key[0]]
        code, order = s.todo[key[1]]
        return (s.board, code, order, s.budget, max_mb)

    items: Iterator[tuple[tuple[int, int], Item]] = (
        ((i, j), item((i, j))) for i in costliest_first(slices) for j in range(len(slices[i].todo))
    )
    results: dict[int, list[dict[str, Any]]] = defaultdict(list)
    if total:
        engine.solvable_games()  # load the native module once, before the workers fork
    fn = partial(solve_item, solver=solver)
    t0 = time.perf_counter()
    bar = progress_bar(total=total, unit="deal", disable=True if quiet else None, file=sys.stderr, smoothing=0.1)
    log = LogLines(total) if LogLines.wanted(sys.stderr, quiet) else None  # off a terminal: a line every few s
    tries = 1
    try:
        while True:
            again: list[tuple[tuple[int, int], Item]] = []
            for key, row in (run or workers.run)(items, fn, n_workers, _died):
                i = key[0]
                if should_retry(row, tries):  # a fresh worker pool tries it again after this round
                    again.append((key, item(key)))
                    continue
                results[i].append(row)
                summary.counts[row["verdict"]] += 1
                summary.solver_seconds += row["seconds"]
                summary.solver_cpu += row.get("cpu", 0.0)
                if refused(row):
                    summary.refused.append(f"{row['code']}: {row['referee']}")
                bar.update(1)
                c = summary.counts
                bar.set_postfix(won=c["won"], lost=c["lost"], unknown=c["unknown"], error=c["error"], refresh=False)
                if log:
                    log.update(c)
                s = slices[i]
                if len(results[i]) == len(s.todo):
                    rows = store.sorted_rows(s.keep + results.pop(i))
                    store.write_part(folder, VERDICTS, s.name, rows, budget=s.budget, max_mb=max_mb)
            if not again:
                break
            summary.retried += len(again)
            items = iter(again)
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
