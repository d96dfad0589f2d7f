"""What the pipeline asks of a solver: solve a task, replay a line in the referee.

The real solver is the engine itself (`import engine`: a module satisfies this protocol); tests pass
a stand-in through the same parameter (`solver=`), so nothing needs to swap modules. A task is the
engine's `SolveTask` (engine.task: the deal, dealt once, its budget and memory cap, checked), and a
won line is replayed on that same Deal: nothing downstream deals it again.
"""

from __future__ import annotations

from typing import Any, Protocol, Sequence

import engine


class Solver(Protocol):
    def solve(self, task: engine.SolveTask) -> engine.SolveResult:
        """Search the task's deal within its budget and memory cap (engine.solve)."""

    def replay(self, deal: engine.Deal | str, line: Sequence[str]) -> engine.Replay:
        """Replay `line` in the referee on a Deal as it is, or on the deal of a code (engine.replay)."""


REFUSED = "refused"
"""How a `referee` value the referee refused begins (the rest says where and why)."""


def referee(solver: Solver, deal: engine.Deal | str, line: Sequence[str]) -> tuple[bool, str]:
    """(ok, why not): the referee's judgement of a line on a Deal (or a code's), as the tables record it."""
    r = solver.replay(deal, line)
    if r.ok:
        return True, "ok"
    return False, f"{REFUSED} at {r.at}: {r.error}"


def refused(row: dict[str, Any]) -> bool:
    """Whether the referee refused a verdicts row's line (a row `referee` wrote)."""
    return str(row["referee"]).startswith(REFUSED)
