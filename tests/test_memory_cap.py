"""The memory cap bounds real memory (docs/solver.md, "The memory cap"): a search that reaches it
ends `unknown (memory)` with its process's resident memory within the bound, and a process whose
memory the operating system limits ends the deal `unknown (memory)` instead of aborting.

Each solve runs in a fresh subprocess so that its peak resident set is its own (tests/memory_helpers.py);
a memory-hungry deal of each game is solved at a small cap in its folder's test_<game>_memory.py. These
are not timing tests: small caps keep them to a few seconds."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine import board_code
from pipeline import memcap

sys.path.insert(0, str(Path(__file__).resolve().parent))
from memory_helpers import SLACK, solve_apart  # noqa: E402


def test_an_operating_system_limit_ends_the_deal_unknown_not_aborted():
    # Address space for the interpreter and the module and 32 MiB more; the cap (1 GiB) is far
    # above, so the allocator refuses first: the deal ends unknown (memory), the process goes on.
    probe = subprocess.run(
        [sys.executable, "-c", "import engine; engine.solve('SOL1-klondike-draw=1-N1', budget=10);"
         "print(open('/proc/self/status').read().split('VmPeak:')[1].split()[0])"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    limit = int(probe.stdout) + 32 * 1024
    p = solve_apart(board_code("klondike-3", 262), 24_000_000, 1024, ulimit_kib=limit)
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
