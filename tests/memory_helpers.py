"""Shared by the memory cap's tests (tests/test_memory_cap.py and each game's
tests/games/<game>/test_<game>_memory.py): a solve in a fresh subprocess, so that its peak resident
set is its own, and the bound it must keep (docs/solver.md, "The memory cap")."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

MIB = 1 << 20
SLACK = 1.25  # the bound: resident memory <= 1.25 x cap + 150 MiB (issue 12)
EXTRA_MIB = 8
"""What a search may hold beyond 1.25 x its cap: the small lists the meter charges after they grew."""

# The child: load the native module, note the resident peak, solve, report the peak's growth. The
# peak is the kernel's high-water mark of this process's memory (VmHWM), which starts afresh at exec
# (getrusage's ru_maxrss would carry the forking pytest's own peak over).
CHILD = textwrap.dedent(
    """
    import json, sys
    import engine
    def hwm():
        status = open("/proc/self/status").read()
        return int(status.split("VmHWM:")[1].split()[0]) * 1024
    code, budget, cap = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    engine.solve("SOL1-klondike-draw=1-N1", budget=10)
    base = hwm()
    r = engine.solve(code, budget=budget, max_mb=cap)
    print(json.dumps({"verdict": r.verdict, "reason": r.reason, "nodes": r.nodes, "base": base, "peak": hwm()}))
    """
)


def solve_apart(code: str, budget: int, cap: int, ulimit_kib: int | None = None) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-c", CHILD, code, str(budget), str(cap)]
    if ulimit_kib is not None:
        cmd = ["bash", "-c", f'ulimit -v {ulimit_kib} && exec "$@"', "limited", *cmd]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300)


def assert_within_the_cap(code: str, budget: int, cap: int) -> None:
    """A memory-hungry deal at a small cap that it reaches (its budget would go on long) ends
    unknown (memory), its process within the bound and the search's own growth within its share."""
    p = solve_apart(code, budget, cap)
    assert p.returncode == 0, p.stderr[-2000:]
    out = json.loads(p.stdout)
    assert (out["verdict"], out["reason"]) == ("unknown", "memory"), out
    # the bound for the whole process, and the search's own share of it
    assert out["peak"] <= SLACK * cap * MIB + 150 * MIB, out
    grown = out["peak"] - out["base"]
    assert grown <= SLACK * cap * MIB + EXTRA_MIB * MIB, f"grew {grown / MIB:.0f} MiB at a cap of {cap} MiB"
