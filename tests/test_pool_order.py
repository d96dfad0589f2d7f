"""The pool steps' scheduling (issue 32): check's re-solves on threads, the
costliest slices and re-solves first. Only where and when work runs changes, never an answer."""

from __future__ import annotations

import sys
from pathlib import Path

import engine
from concurrent.futures import ThreadPoolExecutor

from pipeline.check import _resolve, resolve_in_threads
from pipeline.plan import Slice
from pipeline.solve import costliest_first

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pipeline_fake import FakeSolver  # noqa: E402


def _rows(n: int) -> list[dict]:
    return [{"code": engine.board_code("freecell", i), "budget": 1000 + 40 * i, "max_mb": 64} for i in range(1, n + 1)]


class _Recording(FakeSolver):
    """The fake solver, noting the codes in the order their solves start."""

    def __init__(self) -> None:
        self.started: list[str] = []

    def solve(self, task: engine.SolveTask) -> engine.SolveResult:
        self.started.append(task.code)
        return super().solve(task)


def test_resolves_on_threads_answer_in_row_order_and_start_with_the_most_stored_nodes() -> None:
    rows = [{**r, "nodes": n} for r, n in zip(_rows(7), (5, 900, 40, 900, 7000, 0, 41))]
    alone = [_resolve(r, FakeSolver()) for r in rows]
    assert len({got[1] for got in alone}) > 3  # the rows differ: the answers' order is tested
    for threads in (1, 2):
        solver = _Recording()
        with ThreadPoolExecutor(threads) as pool:
            got = [f.result() for f in resolve_in_threads(pool, rows, solver)]
        assert got == alone
        if threads == 1:  # one thread: the start order is the order handed out (ties in row order)
            assert solver.started == [rows[i]["code"] for i in (4, 1, 3, 6, 2, 0, 5)]


def test_the_costliest_slices_are_handed_out_first_then_in_part_order() -> None:
    budgets = [100_000, 32_000_000, 2_000_000, 32_000_000, 400_000]
    slices = [Slice(f"p{i}", f"b{i}", b, []) for i, b in enumerate(budgets)]
    assert costliest_first(slices) == [1, 3, 2, 4, 0]
