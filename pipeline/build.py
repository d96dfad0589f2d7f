"""`build --target N`: sample numbered deals in rounds and solve them until each board has N won
deals."""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Callable

import engine
from pipeline import limits, sample, store
from pipeline.solve import Summary, solve_pool
from pipeline.solver import Solver
from pipeline.store import VERDICTS, Folder


def won_counts(folder: Folder, boards: list[str]) -> dict[str, int]:
    won: dict[str, set[str]] = defaultdict(set)
    for r in store.read_table(folder, VERDICTS).select(["board", "code", "verdict"]).to_pylist():
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
    """Sample numbered deals in rounds and solve them until each board has `target` won deals. The
    options are the caller's, checked."""
    folder.root.mkdir(parents=True, exist_ok=True)
    total = Summary()
    while True:
        have = won_counts(folder, boards)
        short = [b for b in boards if have[b] < target]
        if not short:
            return total
        for b in short:
            lo = sample.next_number(folder, b)
            if lo > limits.MAX_NUMBER:
                raise engine.RunFailed(f"board {b}: numbered deals exhausted before {target} were won")
            need = target - have[b]
            n = max(16, int(need * 1.25) + 1)  # a little over, as some deals are not won
            hi = min(limits.MAX_NUMBER, lo + n - 1)
            sample.sample_numbers(folder, [b], lo, hi)
        s = solve_pool(folder, short, budget, max_mb, n_workers, quiet, solver, run)
        if s.counts["won"] == 0:
            raise engine.RunFailed(f"build: a round of {s.deals} deals won none; raise --budget?")
        total.add(s)
        say(s.line())
