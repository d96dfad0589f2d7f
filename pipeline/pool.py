"""Sampling and solving: the steps that fill the `deals` and `verdicts` tables.

No Click here: library errors are DealpoolError (bad input) or PipelineFailure (the run found
something wrong, e.g. a line the referee refused).
"""

from __future__ import annotations

import hashlib
import os
import secrets
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any, Callable

from engine.errors import DealpoolError
from pipeline import engine_port, storage, workers
from pipeline.storage import DEALS, VERDICTS, Folder

MAX_NUMBER = 1_000_000
DEALS_BLOCK = 1000
"""Numbered deals are stored in parts of aligned blocks of this many numbers."""
DEFAULT_MAX_MB = 1024
"""Memory cap of one search (per worker): past it the deal is `unknown` (reason memory)."""


class PipelineFailure(Exception):
    """The run completed but found something wrong (exit 1, one loud line)."""


# ---------------------------------------------------------------- sample


def parse_range(text: str) -> tuple[int, int]:
    """'A-B' or 'N' → (lo, hi) within 1..1,000,000, lo <= hi; else DealpoolError."""
    t = text.strip()
    lo_s, sep, hi_s = t.partition("-")
    try:
        lo = int(lo_s)
        hi = int(hi_s) if sep else lo
    except ValueError:
        raise DealpoolError(f"bad range {text!r}: give A-B or N with whole numbers, e.g. 1-1000") from None
    if not (1 <= lo <= hi <= MAX_NUMBER):
        raise DealpoolError(
            f"bad range {text!r}: numbered deals are 1..{MAX_NUMBER:,} and A-B needs A <= B"
        )
    return lo, hi


def _stored_codes(folder: Folder) -> dict[str, set[str]]:
    t = storage.read_table(folder, DEALS).select(["board", "code"]).to_pylist()
    out: dict[str, set[str]] = defaultdict(set)
    for r in t:
        out[r["board"]].add(r["code"])
    return out


def _deal_row(board: str, code: str) -> dict[str, Any]:
    d = engine_port.deal(code)
    if d.board != board:
        raise DealpoolError(f"code {code!r} is a {d.board} deal, not {board}")
    return {"board": board, "code": d.code, "seed": d.seed, "number": d.number, "order": d.order}


def sample_numbers(folder: Folder, boards: list[str], lo: int, hi: int) -> dict[str, int]:
    """Add numbered deals lo..hi of each board (those not stored yet). Returns new deals per board."""
    folder.root.mkdir(parents=True, exist_ok=True)
    have = _stored_codes(folder)
    added: dict[str, int] = {}
    for board in boards:
        added[board] = 0
        for block_lo in range((lo - 1) // DEALS_BLOCK * DEALS_BLOCK + 1, hi + 1, DEALS_BLOCK):
            numbers = range(max(lo, block_lo), min(hi, block_lo + DEALS_BLOCK - 1) + 1)
            rows = []
            for n in numbers:
                code = engine_port.board_code(board, n)
                if code not in have[board]:
                    rows.append(_deal_row(board, code))
            if rows:
                a, b = rows[0]["number"], rows[-1]["number"]
                storage.write_part(folder, DEALS, f"{board}.N{a:07d}-{b:07d}", rows)
                added[board] += len(rows)
    return added


def sample_random(folder: Folder, boards: list[str], count: int) -> dict[str, int]:
    """Add `count` random deals of each board, seeds from the OS's secure source."""
    if count < 1:
        raise DealpoolError(f"bad --random {count}: give a count of at least 1")
    folder.root.mkdir(parents=True, exist_ok=True)
    added: dict[str, int] = {}
    for board in boards:
        added[board] = 0
        for start in range(0, count, DEALS_BLOCK):
            seeds = [secrets.token_bytes(64) for _ in range(min(DEALS_BLOCK, count - start))]
            rows = [_deal_row(board, engine_port.random_code(board, s)) for s in seeds]
            digest = hashlib.sha256(b"".join(seeds)).hexdigest()[:16]
            storage.write_part(folder, DEALS, f"{board}.R{digest}", rows)
            added[board] += len(rows)
    return added


# ---------------------------------------------------------------- solve


@dataclass
class Slice:
    """Slice `no` of one deals part, to be solved at `budget`: one verdicts part."""

    name: str
    board: str
    budget: int
    todo: list[str]


@dataclass
class Summary:
    deals: int = 0
    counts: Counter = field(default_factory=Counter)
    refused: list[str] = field(default_factory=list)
    seconds: float = 0.0
    solver_seconds: float = 0.0
    solver_cpu: float = 0.0  # CPU seconds inside the solver (a key outside the table schema)

    def line(self) -> str:
        c = self.counts
        return (
            f"solve: {self.deals} deals, won {c['won']}, lost {c['lost']}, unknown {c['unknown']}, "
            f"error {c['error']} in {self.seconds:.1f} s"
        )


def budgets_for(boards: list[str], nodes: int | None) -> dict[str, int]:
    if nodes is not None and nodes < 1:
        raise DealpoolError(f"bad --nodes {nodes}: give a budget of at least 1 position")
    return {b: nodes if nodes is not None else engine_port.default_budget(b) for b in boards}


def plan(folder: Folder, budgets: dict[str, int]) -> list[Slice]:
    """The slices still to solve, in part order. A deal is done at budget B when it was decided at
    any budget or tried at B or more; a slice whose part exists is done."""
    done: dict[tuple[str, str], list[tuple[str, int]]] = defaultdict(list)
    for r in storage.read_table(folder, VERDICTS).select(["board", "code", "verdict", "budget"]).to_pylist():
        done[(r["board"], r["code"])].append((r["verdict"], r["budget"]))
    existing = {storage.part_stem(p) for p in folder.parts(VERDICTS)}
    out: list[Slice] = []
    for part in folder.parts(DEALS):
        t = storage.read_part(part, DEALS).select(["board", "code"]).to_pylist()
        stem = storage.part_stem(part)
        for k in range(0, len(t), storage.SLICE):
            chunk = t[k : k + storage.SLICE]
            board = chunk[0]["board"]
            if board not in budgets:
                continue
            budget = budgets[board]
            name = storage.verdict_part_name(stem, budget, k // storage.SLICE)
            if name in existing:
                continue
            todo = [
                r["code"]
                for r in chunk
                if not any(v in ("won", "lost") or b >= budget for v, b in done[(board, r["code"])])
            ]
            if todo:
                out.append(Slice(name, board, budget, todo))
    return out


def solve_one(task: tuple[str, str, int, int]) -> dict[str, Any]:
    """Solve one deal and replay its line in the referee (runs in a worker)."""
    board, code, budget, max_mb = task
    row = {
        "board": board, "code": code, "verdict": "error", "reason": "", "nodes": 0, "budget": budget,
        "max_mb": max_mb, "line": [], "line_length": 0, "referee": "", "seconds": 0.0,
        "engine_version": engine_port.engine_version(),
    }  # fmt: skip
    try:
        s = engine_port.solve(code, budget, max_mb)
        row.update(verdict=s.verdict, reason=s.reason, nodes=s.nodes, line=s.line,
                   line_length=len(s.line), seconds=s.seconds, cpu=s.cpu)  # fmt: skip
        if s.verdict == "won":
            ok, why = engine_port.replay(code, s.line)
            row["referee"] = why
            if not ok:
                row.update(verdict="error", reason=f"referee {why}")
        elif s.verdict not in ("lost", "unknown"):
            row.update(verdict="error", reason=f"solver gave verdict {s.verdict!r}")
    except Exception as e:  # a bad deal must not stop the run: it is recorded
        row.update(verdict="error", reason=f"{type(e).__name__}: {e}".splitlines()[0][:500])
    return row


def _died(task: tuple[str, str, int, int], exitcode: int | None) -> dict[str, Any]:
    board, code, budget, max_mb = task
    return {
        "board": board, "code": code, "verdict": "error", "reason": f"worker died (exit code {exitcode})",
        "nodes": 0, "budget": budget, "max_mb": max_mb, "line": [], "line_length": 0, "referee": "",
        "seconds": 0.0, "engine_version": engine_port.engine_version(),
    }  # fmt: skip


def solve_pool(
    folder: Folder,
    boards: list[str],
    nodes: int | None = None,
    max_mb: int = DEFAULT_MAX_MB,
    n_workers: int | None = None,
    quiet: bool = False,
    task_fn: Callable[[Any], Any] = solve_one,
) -> Summary:
    """Solve every sampled, unsolved deal of `boards`, writing one part per finished slice."""
    folder.require()
    storage.clear_tmp(folder)
    budgets = budgets_for(boards, nodes)
    slices = plan(folder, budgets)
    n_workers = n_workers or os.cpu_count() or 1
    if n_workers < 1:
        raise DealpoolError(f"bad --workers {n_workers}: give at least 1")
    total = sum(len(s.todo) for s in slices)
    summary = Summary(deals=total)
    tasks = (
        ((i, j), (s.board, code, s.budget, max_mb))
        for i, s in enumerate(slices)
        for j, code in enumerate(s.todo)
    )
    results: dict[int, list[dict[str, Any]]] = defaultdict(list)
    from tqdm import tqdm

    t0 = time.perf_counter()
    if total and task_fn is solve_one:
        engine_port.preload(sorted({s.board for s in slices}))
    bar = tqdm(total=total, unit="deal", disable=True if quiet else None, file=sys.stderr, smoothing=0.1)
    try:
        for (i, _j), row in workers.run(tasks, task_fn, n_workers, _died):
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
                storage.write_part(
                    folder, VERDICTS, s.name, storage.sorted_rows(results.pop(i)), budget=s.budget, max_mb=max_mb
                )
    finally:
        bar.close()
    summary.seconds = time.perf_counter() - t0
    return summary


def raise_on_refusals(summary: Summary) -> None:
    if summary.refused:
        raise PipelineFailure(
            f"REFEREE REFUSED {len(summary.refused)} solver line(s), recorded as error: "
            + "; ".join(summary.refused[:5])
        )


# ---------------------------------------------------------------- build


def won_counts(folder: Folder, boards: list[str]) -> dict[str, int]:
    won: dict[str, set[str]] = defaultdict(set)
    for r in storage.read_table(folder, VERDICTS).select(["board", "code", "verdict"]).to_pylist():
        if r["verdict"] == "won":
            won[r["board"]].add(r["code"])
    return {b: len(won[b]) for b in boards}


def next_number(folder: Folder, board: str) -> int:
    nums = [
        r["number"]
        for r in storage.read_table(folder, DEALS).select(["board", "number"]).to_pylist()
        if r["board"] == board and r["number"] is not None
    ]
    return max(nums, default=0) + 1


def build_target(
    folder: Folder,
    boards: list[str],
    target: int,
    nodes: int | None,
    max_mb: int,
    n_workers: int | None,
    quiet: bool,
    say: Callable[[str], None],
) -> Summary:
    """Sample numbered deals in rounds and solve them until each board has `target` won deals."""
    if target < 1:
        raise DealpoolError(f"bad --target {target}: give at least 1")
    folder.root.mkdir(parents=True, exist_ok=True)
    total = Summary()
    while True:
        have = won_counts(folder, boards)
        short = [b for b in boards if have[b] < target]
        if not short:
            return total
        for b in short:
            lo = next_number(folder, b)
            if lo > MAX_NUMBER:
                raise DealpoolError(f"board {b}: numbered deals exhausted before {target} were won")
            need = target - have[b]
            n = max(16, int(need * 1.25) + 1)  # a little over, as some deals are not won
            hi = min(MAX_NUMBER, lo + n - 1)
            sample_numbers(folder, [b], lo, hi)
        s = solve_pool(folder, short, nodes, max_mb, n_workers, quiet)
        if s.counts["won"] == 0:
            raise PipelineFailure(f"build: a round of {s.deals} deals won none; raise --nodes?")
        total.deals += s.deals
        total.counts.update(s.counts)
        total.refused += s.refused
        total.seconds += s.seconds
        total.solver_seconds += s.solver_seconds
        say(s.line())
