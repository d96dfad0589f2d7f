"""What the pipeline asks of a solver: solve a deal, replay a line in the referee.

The real solver is the engine itself (`import engine`: a module satisfies this protocol); tests pass
a stand-in through the same parameter (`solver=`), so nothing needs to swap modules.
"""

from __future__ import annotations

from typing import Any, Protocol, Sequence

import engine


class Solver(Protocol):
    def solve(self, code: str, budget: int | None = None, max_mb: int | None = None) -> engine.SolveResult:
        """Search the deal of `code` (engine.solve)."""

    def replay(self, code: str, line: Sequence[str]) -> engine.Replay:
        """Replay `line` on the deal of `code` in the referee (engine.replay)."""


REFUSED = "refused"
"""How a `referee` value the referee refused begins (the rest says where and why)."""


def referee(solver: Solver, code: str, line: Sequence[str]) -> tuple[bool, str]:
    """(ok, why not): the referee's judgement of a line, as the tables record it."""
    r = solver.replay(code, line)
    if r.ok:
        return True, "ok"
    return False, f"{REFUSED} at {r.at}: {r.error}"


def refused(row: dict[str, Any]) -> bool:
    """Whether the referee refused a verdicts row's line (a row `referee` wrote)."""
    return str(row["referee"]).startswith(REFUSED)
