"""`dealpool --version`, the exit codes in --help, and the progress lines off a terminal."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pipeline_helpers import run  # noqa: E402

import engine
from pipeline.progress import LogLines


def test_version_names_engine_build_and_commit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--version")
    assert code == 0 and err == ""
    assert engine.engine_version() in out and re.search(r"commit ([0-9a-f]{12}|unknown)", out)


def test_help_lists_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    flat = " ".join(out.split())
    assert "Exit status: 0 done; 1 the run finished" in flat and "2 bad input" in flat and "130 interrupted" in flat


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_log_lines_every_few_seconds_with_counts_rate_and_time_left() -> None:
    out, clock = io.StringIO(), Clock()
    log = LogLines(10, out, every=5.0, clock=clock)
    counts = {"won": 0, "lost": 0, "unknown": 0}
    for i in range(10):
        clock.t += 2.0  # a deal every 2 s: a line at 6 s (3 deals) and 12 s (6), 18 s (9); none at the end
        counts["won" if i % 3 else "lost"] += 1
        log.update(counts)
    lines = out.getvalue().splitlines()
    assert lines == [
        "solve: 3/10 deals, won 2, lost 1, unknown 0, 0.5 deals/s, 0m14s left",
        "solve: 6/10 deals, won 4, lost 2, unknown 0, 0.5 deals/s, 0m08s left",
        "solve: 9/10 deals, won 6, lost 3, unknown 0, 0.5 deals/s, 0m02s left",
    ]


def test_log_lines_only_off_a_terminal() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert LogLines.wanted(io.StringIO()) and not LogLines.wanted(Tty()) and not LogLines.wanted(io.StringIO(), quiet=True)
