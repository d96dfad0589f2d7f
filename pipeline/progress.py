"""Progress of a long solve when stderr is not a terminal (a log file, CI, `nohup`): tqdm draws
nothing there, so a 9-minute run would print nothing until its summary. A line every few seconds
instead: deals done of the total, won and lost so far, the rate and the time left.
"""

from __future__ import annotations

import sys
import time
from typing import Any, Callable, TextIO

def bar(**kwargs: Any) -> Any:
    """A tqdm bar without tqdm's monitor thread. tqdm starts that thread with its first bar, drawn or
    not, and the solve and grade steps fork their workers after making the bar: a fork while another
    Python thread runs can hang the child in CPython 3.11's after-fork clean-up (seen in a test run:
    a worker stuck in `PyOS_AfterFork_Child` waiting for the thread-state lock, tqdm's monitor the
    only other Python thread). The monitor only speeds up a bar that stalls; nothing here needs it."""
    from tqdm import tqdm

    tqdm.monitor_interval = 0
    return tqdm(**kwargs)


EVERY = 5.0
"""Seconds between two lines."""


class LogLines:
    """Call `update(counts)` after each deal; it writes a line when EVERY seconds have passed."""

    def __init__(self, total: int, stream: TextIO | None = None, every: float = EVERY,
                 clock: Callable[[], float] = time.monotonic) -> None:  # fmt: skip
        self.total, self.stream, self.every, self.clock = total, stream or sys.stderr, every, clock
        self.done = 0
        self.t0 = self.last = clock()

    @staticmethod
    def wanted(stream: TextIO | None = None, quiet: bool = False) -> bool:
        """Lines only off a terminal (on one, tqdm's bar shows the same) and not with --quiet."""
        s = stream or sys.stderr
        return not quiet and not (hasattr(s, "isatty") and s.isatty())

    def line(self, counts: dict[str, int]) -> str:
        elapsed = max(self.clock() - self.t0, 1e-9)
        rate = self.done / elapsed
        left = (self.total - self.done) / rate if rate > 0 else float("inf")
        eta = "?" if left == float("inf") else f"{int(left // 60)}m{int(left % 60):02d}s"
        return (f"solve: {self.done:,}/{self.total:,} deals, won {counts.get('won', 0):,}, "
                f"lost {counts.get('lost', 0):,}, unknown {counts.get('unknown', 0):,}, "
                f"{rate:.1f} deals/s, {eta} left")  # fmt: skip

    def update(self, counts: dict[str, int]) -> None:
        self.done += 1
        now = self.clock()
        if now - self.last >= self.every and self.done < self.total:
            self.last = now
            print(self.line(counts), file=self.stream, flush=True)
