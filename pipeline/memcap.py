"""The default memory cap of a solve run (`--max-mb`): as much as the machine's available memory
holds for every worker at once, at most the engine's one default (`engine.DEFAULT_MAX_MB`).

A search's resident memory stays within `SLACK` × its cap + `ROOM_MB` (the native meter counts
the bytes its tables and lists allocate; the rest is the worker's Python and the allocator's
slack: docs/solver.md, "The memory cap"), so `workers` searches fit in `available` MiB when each
cap is at most (available / workers - ROOM_MB) / SLACK. The cap a run used is stored in each
verdict row (`max_mb`): a smaller machine records a smaller cap, never a silently different one.
"""

from __future__ import annotations

import os

import engine

SLACK = 1.25
"""Resident memory of a search per MiB of its cap (tests/test_memory_cap.py measures it)."""
ROOM_MB = 150
"""Resident memory of a worker beyond its search's cap: Python, the modules, allocator slack."""
MIN_MB = 64
"""The smallest default: below it most hard deals end `unknown (memory)` anyway."""


def available_mb() -> int | None:
    """The memory the machine can give without swapping (Linux: MemAvailable), in MiB; None when
    it cannot be read."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) // 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // (1 << 20)
    except (OSError, ValueError, AttributeError):
        return None


def default_max_mb(workers: int | None, available: int | None = None) -> int:
    """The cap each of `workers` searches (default: one per core) may have so that all fit in the
    available memory, within MIN_MB..engine.DEFAULT_MAX_MB."""
    n = max(1, workers or os.cpu_count() or 1)
    avail = available_mb() if available is None else available
    if avail is None:
        return engine.DEFAULT_MAX_MB
    fits = int((avail / n - ROOM_MB) / SLACK)
    return max(MIN_MB, min(engine.DEFAULT_MAX_MB, fits))


def resolve(max_mb: int | None, workers: int | None) -> int:
    """The cap a run uses: the one given, else the default for its workers."""
    return max_mb if max_mb is not None else default_max_mb(workers)
