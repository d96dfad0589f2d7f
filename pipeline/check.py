"""`dealpool check`: is the stored pool still what the engine makes?

Re-deals a sample of stored codes with both shuffles (engine.deal, the published method in Python,
and engine.native_order, the Rust one) and compares the orders byte for byte with the stored ones;
re-solves a sample of verdicts and compares verdict, node count and line; checks the published test
values of the deal method; counts referee refusals and duplicate rows; and proves completeness: every
sampled deal has exactly one verdict row at each budget asked (pipeline/plan.py's unsolved). Seed
003 does the first of these on every run ("deal() reproducible across 6 sample seeds"); we do all.
"""

from __future__ import annotations

import hashlib
import os
import random
import shlex
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field

import engine
from pipeline import spec_values, store
from pipeline.grades import check_grades
from pipeline.plan import Missing, unsolved
from pipeline.retry import retryable
from pipeline.solver import Solver, refused
from pipeline.store import DEALS, VERDICTS, Folder


@dataclass
class CheckResult:
    dealt: int = 0
    solved: int = 0
    values: int = 0
    rows: int = 0
    graded: int = 0  # grades re-graded (pipeline/grades.py's check_grades)
    problems: list[str] = field(default_factory=list)
    missing: list[Missing] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def line(self) -> str:
        head = "check: OK" if self.ok else f"check: FAILED ({len(self.problems)} difference(s))"
        tail = (
            f"{self.dealt} deals re-dealt (python and native), {self.solved} re-solved, "
            f"{self.values} spec test values, {self.rows} verdict rows scanned, {self.graded} grades re-graded"
        )
        if self.ok:
            return f"{head}: {tail}"
        return f"{head}: {tail}; first: " + "; ".join(self.problems[:3])


def check_test_values(res: CheckResult) -> None:
    """The deal method's published test values (seed 000, section 8)."""
    got = hashlib.sha512(b"abc").hexdigest()
    res.values += 1
    if got != spec_values.SHA512_ABC:
        res.problems.append("SHA-512('abc') differs from FIPS 180-4")
    for v in spec_values.VALUES:
        res.values += 1
        try:
            code = engine.DealCode.classic(v.number) if v.classic else engine.DealCode.numbered(v.game, {}, v.number)
            d = engine.deal(code)
        except Exception as e:
            res.problems.append(f"test value {v.name}: {type(e).__name__}: {e}")
            continue
        if v.seed_hex is not None and (d.seed is None or d.seed.hex() != v.seed_hex):
            res.problems.append(f"test value {v.name}: seed differs")
        if engine.card_names(d.order, d.ten) != v.order:
            res.problems.append(f"test value {v.name}: order differs")


def check_errors(verdicts: list[dict], res: CheckResult) -> None:
    """An `error` row is not a verdict: the folder is unfinished while one remains for a deal that no
    other row decides (won or lost). The next `solve` retries them (pipeline/retry.py)."""
    decided = {(r["board"], r["code"]) for r in verdicts if r["verdict"] in ("won", "lost")}
    left = [r for r in verdicts if retryable(r) and (r["board"], r["code"]) not in decided]
    if left:
        shown = ", ".join(f"{r['code']} ({r['reason']})" for r in left[:3])
        res.problems.append(f"{len(left)} error row(s) remain, run `dealpool solve` to retry them: {shown}")


Resolved = tuple[str, int, list[str]]
"""A re-solve's (verdict, nodes, line)."""


def _resolve(r: dict, solver: Solver = engine) -> Resolved:
    """Re-solve a stored verdict row from its code, afresh, at the budget and cap it was solved with."""
    s = solver.solve(engine.task(r["code"], r["budget"], r["max_mb"]))
    return (str(s.verdict), int(s.nodes), [str(m) for m in s.line])


def resolve_in_threads(pool: ThreadPoolExecutor, rows: list[dict], solver: Solver = engine) -> list[Future[Resolved]]:
    """`_resolve` of every row started on `pool`'s threads, the rows of most stored nodes first;
    the futures in the rows' order. Threads, not forked workers: the native solve releases the GIL
    (engine/native/src/bindings), so the re-solves share the cores as workers would, and nothing is
    forked (a CI run hung in a forked worker's start: CPython's after-fork clean-up waiting on a
    lock a DuckDB or pyarrow thread held at the fork). The costliest first because a `make pool`
    check re-solves one deal of about 1.8 million positions (most of its work): started
    first it overlaps all the others. The answers do not depend on the thread or the order (the
    search is deterministic and its memory meter is per thread)."""
    order = sorted(range(len(rows)), key=lambda i: -int(rows[i].get("nodes") or 0))
    started = {i: pool.submit(_resolve, rows[i], solver) for i in order}
    return [started[i] for i in range(len(rows))]


def check_complete(folder: Folder, deals: list[dict], verdicts: list[dict], res: CheckResult) -> None:
    """Completeness: every sampled deal has its verdict at each budget asked (plan.unsolved, the rule
    `solve` plans by), each hole one line naming what is missing and the command that fills it. Only
    the listed parts' rows are passed in."""
    asks, problems = store.read_asks(folder)
    res.problems += problems
    res.missing = unsolved(deals, verdicts, asks)
    data = shlex.quote(str(folder.root))
    res.problems += [g.line(data) for g in res.missing]


def run_check(
    folder: Folder, deals_sample: int = 20, solve_sample: int = 10, seed: int = 0, solver: Solver = engine,
    grades: bool = True,
) -> CheckResult:
    """Re-deal `deals_sample` and re-solve `solve_sample` stored rows per board (chosen by `seed`),
    each re-solve at the budget and memory cap its row was solved with."""
    folder.require()
    rng = random.Random(seed)
    res = CheckResult()
    check_test_values(res)
    res.problems += store.audit(folder)  # the ledger: every part there, none changed or foreign

    deals = store.read_table(folder, DEALS).to_pylist()
    seen: set[tuple[str, str]] = set()
    for r in deals:
        k = (r["board"], r["code"])
        if k in seen:
            res.problems.append(f"duplicate deal {r['board']} {r['code']}")
        seen.add(k)
    by_board: dict[str, list[dict]] = {}
    for r in deals:
        by_board.setdefault(r["board"], []).append(r)
    for board in sorted(by_board):
        rows = by_board[board]
        for r in rng.sample(rows, min(deals_sample, len(rows))):
            res.dealt += 1
            d = engine.deal(r["code"])
            if d.seed != r["seed"] or bytes(d.order) != r["order"]:
                res.problems.append(f"{r['code']}: engine/deal.py re-deal differs from the stored order")
            if r["seed"] is not None and bytes(engine.native_order(r["code"])) != r["order"]:  # C codes: no seed
                res.problems.append(f"{r['code']}: native re-deal differs from the stored order")

    verdicts = store.read_table(folder, VERDICTS).to_pylist()
    res.rows = len(verdicts)
    seen_v: set[tuple[str, str, int]] = set()
    for r in verdicts:
        kv = (r["board"], r["code"], r["budget"])
        if kv in seen_v:
            res.problems.append(f"duplicate verdict {r['code']} at budget {r['budget']}")
        seen_v.add(kv)
        if refused(r):
            res.problems.append(f"REFEREE REFUSED the solver's line for {r['code']}: {r['referee']}")
        if r["verdict"] == "won" and r["referee"] != "ok":
            res.problems.append(f"{r['code']}: won without a referee replay")
    check_errors(verdicts, res)
    check_complete(folder, deals, verdicts, res)
    decided = [r for r in verdicts if r["verdict"] in ("won", "lost", "unknown")]
    mine = engine.engine_version()
    vb: dict[str, list[dict]] = {}
    for r in decided:
        vb.setdefault(r["board"], []).append(r)
    sample = [r for board in sorted(vb) for r in rng.sample(vb[board], min(solve_sample, len(vb[board])))]
    res.solved += len(sample)
    # The re-solves on threads of this process (`resolve_in_threads`: why not forked workers), the
    # grades' part meanwhile on this thread; the findings are added in the same order as before.
    graded, grade_problems = 0, list[str]()
    with ThreadPoolExecutor(max_workers=max(1, min(os.cpu_count() or 1, len(sample)))) as pool:
        futures = resolve_in_threads(pool, sample, solver)
        if grades:  # a current grade for every won deal of a graded board (off for `pool --no-grade`)
            graded, grade_problems = check_grades(folder)
        resolved = [f.result() for f in futures]
    for r, got in zip(sample, resolved):
        if got != (r["verdict"], r["nodes"], list(r["line"])):
            build = r["engine_version"]
            res.problems.append(
                f"{r['code']}: re-solve gave {got[0]}/{got[1]} nodes/{len(got[2])} moves, "
                f"stored {r['verdict']}/{r['nodes']}/{r['line_length']}"
                + (f" (stored by engine build {build}, this is {mine})" if build != mine else "")
            )
    res.graded = graded
    res.problems += grade_problems
    return res
