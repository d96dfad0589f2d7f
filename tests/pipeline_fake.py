"""A tiny stand-in solver and referee for the pipeline's storage/resume tests.

Used only while (or where) the native Klondike solver is not built: it makes `engine.solve.solve`
and `engine.referee.replay` deterministic functions of the code, so the pipeline's bookkeeping
(parts, resume, workers, export, verify) can be tested on its own. The fake "wins" a deal with a
line derived from the code's digest and uses a digest-derived node count; the fake referee accepts
exactly that line. DEALPOOL_FAKE_CRASH=<code suffix> makes the worker solving a code ending so die.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
import time
import types
from dataclasses import dataclass
from typing import Iterator


@dataclass(frozen=True)
class FakeSolveResult:
    code: str
    board: str
    verdict: str
    nodes: int
    line: list[str]
    reason: str
    seconds: float


@dataclass(frozen=True)
class FakeReplay:
    ok: bool
    moves: int
    kept: int
    undos: int
    error: str
    at: int


def _digest(code: str) -> int:
    return int.from_bytes(hashlib.sha256(code.encode()).digest()[:8], "big")


def fake_line(code: str) -> list[str]:
    h = _digest(code)
    return [f"m{(h >> (3 * i)) % 8}" for i in range(3 + h % 7)]


def fake_solve(code: str, nodes: int | None = None, max_mb: int | None = None) -> FakeSolveResult:
    crash = os.environ.get("DEALPOOL_FAKE_CRASH")
    if crash and code.endswith(crash):
        os._exit(3)
    pause = float(os.environ.get("DEALPOOL_FAKE_SLEEP", "0"))
    if pause:
        time.sleep(pause)
    h = _digest(code)
    need = 50 + h % 5000
    budget = nodes if nodes is not None else 10_000
    if h % 5 == 0:  # a fifth are "lost"
        verdict, used, line, reason = "lost", min(need, budget), [], ""
        if need > budget:
            verdict, reason = "unknown", "nodes"
    elif need > budget:
        verdict, used, line, reason = "unknown", budget, [], "nodes"
    else:
        verdict, used, line, reason = "won", need, fake_line(code), ""
    return FakeSolveResult(code, "", verdict, used, line, reason, 0.0)


def fake_replay(code: str, line: list[str]) -> FakeReplay:
    want = fake_line(code)
    if list(line) == want:
        return FakeReplay(True, len(line), len(line), 0, "", -1)
    at = next((i for i, (a, b) in enumerate(zip(line, want)) if a != b), min(len(line), len(want)))
    return FakeReplay(False, at, at, 0, "not the fake line", at)


def install() -> None:
    """Put the fake solver and referee in place and make klondike 'solvable'."""
    import engine
    from engine import _native

    solve_mod = types.ModuleType("engine.solve")
    solve_mod.solve = fake_solve  # type: ignore[attr-defined]
    referee_mod = types.ModuleType("engine.referee")
    referee_mod.replay = fake_replay  # type: ignore[attr-defined]
    sys.modules["engine.solve"] = solve_mod
    sys.modules["engine.referee"] = referee_mod
    engine.solve = solve_mod  # type: ignore[attr-defined]
    engine.referee = referee_mod  # type: ignore[attr-defined]
    real = _native.solvable
    if not getattr(real, "_fake", False):
        def solvable(game: str) -> bool:
            return game == "klondike" or real(game)

        solvable._fake = True  # type: ignore[attr-defined]
        _native.solvable = solvable


@contextlib.contextmanager
def installed() -> Iterator[None]:
    """The fake engine for the duration of a test, then everything as it was."""
    import engine
    from engine import _native

    saved_mods = {k: sys.modules.get(k) for k in ("engine.solve", "engine.referee")}
    saved_attrs = {k: getattr(engine, k, None) for k in ("solve", "referee")}
    saved_solvable = _native.solvable
    install()
    try:
        yield
    finally:
        for k, v in saved_mods.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v
        for k, v in saved_attrs.items():
            if v is None:
                if hasattr(engine, k):
                    delattr(engine, k)
            else:
                setattr(engine, k, v)
        _native.solvable = saved_solvable


def slow_down_real() -> None:
    """Keep the real solver but sleep DEALPOOL_FAKE_SLEEP seconds before each solve, so a test can
    kill a run of fast deals midway."""
    import engine.solve as real

    inner = real.solve
    pause = float(os.environ.get("DEALPOOL_FAKE_SLEEP", "0"))

    def solve(code, nodes=None, max_mb=None):  # type: ignore[no-untyped-def]
        time.sleep(pause)
        return inner(code, nodes=nodes, max_mb=max_mb)

    real.solve = solve  # type: ignore[assignment]


def main() -> None:
    """`python pipeline_fake.py ARGS`: the dealpool CLI on the fake engine (for subprocess tests),
    or with DEALPOOL_FAKE_MODE=real on the real engine slowed down by DEALPOOL_FAKE_SLEEP."""
    if os.environ.get("DEALPOOL_FAKE_MODE") == "real":
        slow_down_real()
    else:
        install()
    from pipeline.cli import main as cli_main

    cli_main(sys.argv[1:])


if __name__ == "__main__":
    main()
