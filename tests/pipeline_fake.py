"""Stand-in solvers for the pipeline's tests, passed where the engine would be (`solver=`).

- `FakeSolver`: solve and replay are deterministic functions of the code, so the pipeline's
  bookkeeping can be tested on its own. It "wins" a deal with a line derived from the code's digest
  and uses a digest-derived node count; its referee accepts exactly that line.
  DEALPOOL_FAKE_CRASH=<code suffix> makes the worker solving a code ending so die; with
  DEALPOOL_FAKE_CRASH_DIR=<folder> and DEALPOOL_FAKE_CRASH_TIMES=<n> only its first n tries die
  (each leaves a mark in the folder), as a kill -9 or the OOM killer would.
- `SlowSolver`: the real engine, sleeping DEALPOOL_FAKE_SLEEP seconds before each solve, so a test
  can kill a run of fast deals midway.
- `RefusingSolver`: the real solver whose referee refuses every line.
- DEALPOOL_FAKE_GRADE_SLEEP=<s> (the subprocess CLI only): each deal's grading sleeps that long
  first, so a test can kill a run mid-grading.

`python pipeline_fake.py ARGS` runs the dealpool CLI on the fake (or, with DEALPOOL_FAKE_MODE=real,
on the slowed-down real engine) in a subprocess.
"""

from __future__ import annotations

import hashlib
import os
import sys
import time
from pathlib import Path
from typing import Sequence

import engine


def _digest(code: str) -> int:
    return int.from_bytes(hashlib.sha256(code.encode()).digest()[:8], "big")


def fake_line(code: str) -> list[str]:
    h = _digest(code)
    return [f"m{(h >> (3 * i)) % 8}" for i in range(3 + h % 7)]


class FakeSolver:
    """Deterministic verdicts from the code's digest; a fifth are lost."""

    def solve(self, task: engine.SolveTask) -> engine.SolveResult:
        code = task.code
        crash = os.environ.get("DEALPOOL_FAKE_CRASH")
        if crash and code.endswith(crash):
            marks = os.environ.get("DEALPOOL_FAKE_CRASH_DIR")
            if not marks:
                os._exit(3)
            d = Path(marks)
            d.mkdir(parents=True, exist_ok=True)
            n = len(list(d.iterdir()))
            if n < int(os.environ.get("DEALPOOL_FAKE_CRASH_TIMES", "1")):
                (d / f"died.{n}").touch()
                os._exit(3)
        h = _digest(code)
        need = 50 + h % 5000
        budget = task.budget
        if h % 5 == 0:
            if need > budget:
                return engine.SolveResult(code, None, "unknown", budget, budget, [], "nodes")
            return engine.SolveResult(code, None, "lost", need, budget)
        if need > budget:
            return engine.SolveResult(code, None, "unknown", budget, budget, [], "nodes")
        return engine.SolveResult(code, None, "won", need, budget, fake_line(code))

    def replay(self, deal: engine.Deal | str, line: Sequence[str]) -> engine.Replay:
        want = fake_line(deal.code if isinstance(deal, engine.Deal) else deal)
        if list(line) == want:
            return engine.Replay(True, len(line), len(line), 0, None, -1)
        at = next((i for i, (a, b) in enumerate(zip(line, want)) if a != b), min(len(line), len(want)))
        return engine.Replay(False, at, at, 0, "not the fake line", at)


class SlowSolver:
    """The real engine, DEALPOOL_FAKE_SLEEP seconds slower a deal."""

    def solve(self, task: engine.SolveTask) -> engine.SolveResult:
        time.sleep(float(os.environ.get("DEALPOOL_FAKE_SLEEP", "0")))
        return engine.solve(task)

    def replay(self, deal: engine.Deal | str, line: Sequence[str]) -> engine.Replay:
        return engine.replay(deal, line)


class RefusingSolver:
    """The real solver with a referee that refuses every line, as a broken solver's lines would be."""

    def solve(self, task: engine.SolveTask) -> engine.SolveResult:
        return engine.solve(task)

    def replay(self, deal: engine.Deal | str, line: Sequence[str]) -> engine.Replay:
        return engine.Replay(False, 0, 0, 0, "planted", 0)


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from pipeline.cli import main as cli_main

    solver = SlowSolver() if os.environ.get("DEALPOOL_FAKE_MODE") == "real" else FakeSolver()
    pause = float(os.environ.get("DEALPOOL_FAKE_GRADE_SLEEP", "0"))
    if pause:  # grading slowed down too, so a test can kill a run mid-grading (workers fork: they see it)
        from pipeline import grades

        real = grades.grade_item

        def slow(item: tuple[str, str, bytes]) -> dict:
            time.sleep(pause)
            return real(item)

        grades.grade_item = slow
    cli_main(sys.argv[1:], solver=solver)


if __name__ == "__main__":
    main()
