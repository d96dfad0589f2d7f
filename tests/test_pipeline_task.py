"""The pipeline's one resolved task (issue 27): `dealpool solve CODE` deals its code once and
replays the won line on that same deal; the batch path lays each deal out from its stored order
(engine.redeal) and never shuffles again. The counts wrap the dealer's own steps, so a path that
parses, seeds, shuffles or lays out a deal once more fails here."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Sequence

import pytest

import engine

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pipeline_helpers import run, table_rows  # noqa: E402

BOARD = "klondike-1"
CODE = engine.board_code(BOARD, 1)  # won within the budget below
BUDGET = 20_000


class Recording:
    """The engine, noting the deal of every task it solves and every Deal it replays on."""

    def __init__(self) -> None:
        self.solved: list[engine.Deal] = []
        self.replayed: list[engine.Deal | str] = []

    def solve(self, task: engine.SolveTask) -> engine.SolveResult:
        self.solved.append(task.deal)
        return engine.solve(task)

    def replay(self, deal: engine.Deal | str, line: Sequence[str]) -> engine.Replay:
        self.replayed.append(deal)
        return engine.replay(deal, line)


def test_solve_code_deals_once_and_replays_that_deal(capsys: pytest.CaptureFixture[str], counts: Counter[str]) -> None:
    solver = Recording()
    code, out, err = run(capsys, "solve", CODE, "--budget", str(BUDGET), solver=solver)
    assert code == 0, err
    assert f"{CODE}  {BOARD}  won" in out and f"(budget {BUDGET:,})" in out
    assert counts == Counter(parse=1, seed=1, shuffle=1, deal=1)  # was: dealt 3 times, parsed 5
    assert len(solver.solved) == 1 and solver.replayed == solver.solved  # the same Deal object, not a code


def _inline(items: Any, fn: Callable[[Any], Any], n_workers: int, on_death: Any) -> Any:
    """A runner computing the rows in this process (workers.run's signature), so the counts see them."""
    return ((key, fn(item)) for key, item in items)


def test_the_batch_lays_out_the_stored_order_and_never_shuffles(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                                 counts: Counter[str]) -> None:  # fmt: skip
    from pipeline import solve, store

    data = tmp_path / "d"
    assert run(capsys, "--data", str(data), "sample", "--boards", BOARD, "--numbers", "1-4")[0] == 0
    # one stored deal's order replaced by another permutation of the deck: the batch must solve that
    folder = store.Folder(data)
    (part,) = folder.parts(store.DEALS)
    rows = store.read_part(part, store.DEALS).to_pylist()
    rows[1]["order"] = bytes(reversed(rows[1]["order"]))
    store.write_part(folder, store.DEALS, store.part_stem(part), rows)

    solver = Recording()
    counts.clear()
    summary = solve.solve_pool(folder, [BOARD], BUDGET, 256, 1, quiet=True, solver=solver, run=_inline)
    assert summary.deals == 4 and summary.counts["error"] == 0
    assert counts == Counter(parse=4, seed=4, deal=4)  # one redeal a deal (no shuffle), nothing more
    assert [bytes(d.order) for d in solver.solved] == [r["order"] for r in rows]
    assert bytes(solver.solved[1].order) != bytes(engine.deal(rows[1]["code"]).order)
    won = [d for d in solver.solved if any(d is r for r in solver.replayed)]
    assert len(won) == summary.counts["won"] and all(isinstance(r, engine.Deal) for r in solver.replayed)
    verdicts = {r["code"]: r for r in table_rows(data, "verdicts")}
    assert {r["budget"] for r in verdicts.values()} == {BUDGET} and {r["max_mb"] for r in verdicts.values()} == {256}
