"""The memory cap bounds real memory (docs/solver.md, "The memory cap"): a search that reaches it
ends `unknown (memory)` with its process's resident memory within the bound, and a process whose
memory the operating system limits ends the deal `unknown (memory)` instead of aborting.

Each solve runs in a fresh subprocess so that its peak resident set is its own. These are not
timing tests: small caps keep them to a few seconds."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from engine import board_code
from pipeline import memcap

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


def _solve_apart(code: str, budget: int, cap: int, ulimit_kib: int | None = None) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-c", CHILD, code, str(budget), str(cap)]
    if ulimit_kib is not None:
        cmd = ["bash", "-c", f'ulimit -v {ulimit_kib} && exec "$@"', "limited", *cmd]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300)


# A memory-hungry deal of each game, at a small cap that it reaches (its budget would go on long).
HUNGRY = [
    (board_code("klondike-3", 262), 3_000_000, 8),  # the deal: main held 3x its cap
    ("SOL1-freecell-cells=4-C11982", 2_000_000, 16),  # the classic deal no one solves
    (board_code("canfield", 2), 2_000_000, 16),
    (board_code("pyramid", 783), 8_000_000, 4),  # the slowest of 1..1000 since P4 (17 now needs 28,448 positions)
    (board_code("tripeaks", 58), 2_000_000, 8),
]


@pytest.mark.parametrize("code,budget,cap", HUNGRY, ids=[c.split("-")[1] for c, _, _ in HUNGRY])
def test_resident_memory_stays_within_the_cap(code, budget, cap):
    p = _solve_apart(code, budget, cap)
    assert p.returncode == 0, p.stderr[-2000:]
    out = json.loads(p.stdout)
    assert (out["verdict"], out["reason"]) == ("unknown", "memory"), out
    # the bound for the whole process, and the search's own share of it
    assert out["peak"] <= SLACK * cap * MIB + 150 * MIB, out
    grown = out["peak"] - out["base"]
    assert grown <= SLACK * cap * MIB + EXTRA_MIB * MIB, f"grew {grown / MIB:.0f} MiB at a cap of {cap} MiB"


def test_an_operating_system_limit_ends_the_deal_unknown_not_aborted():
    # Address space for the interpreter and the module and 32 MiB more; the cap (1 GiB) is far
    # above, so the allocator refuses first: the deal ends unknown (memory), the process goes on.
    probe = subprocess.run(
        [sys.executable, "-c", "import engine; engine.solve('SOL1-klondike-draw=1-N1', budget=10);"
         "print(open('/proc/self/status').read().split('VmPeak:')[1].split()[0])"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    limit = int(probe.stdout) + 32 * 1024
    p = _solve_apart(board_code("klondike-3", 262), 24_000_000, 1024, ulimit_kib=limit)
    assert p.returncode == 0, f"exit {p.returncode}: {p.stderr[-2000:]}"
    assert "memory allocation" not in p.stderr
    out = json.loads(p.stdout)
    assert (out["verdict"], out["reason"]) == ("unknown", "memory"), out


def test_the_default_cap_fits_every_worker_in_the_available_memory():
    assert memcap.default_max_mb(2, available=64 * 1024) == 1024  # a big machine: the engine's default
    for workers, avail in [(2, 2000), (8, 4096), (16, 8000), (1, 600)]:
        cap = memcap.default_max_mb(workers, available=avail)
        assert workers * (SLACK * cap + 150) <= avail, (workers, avail, cap)
        assert memcap.default_max_mb(workers, available=avail * 2) >= cap
    assert memcap.default_max_mb(64, available=1000) == memcap.MIN_MB  # never below the floor
    assert memcap.resolve(300, 4) == 300
