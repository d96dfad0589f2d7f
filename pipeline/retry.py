"""The one retry policy: which results are tried again, and how often. Every path that solves deals
(the local workers, a Dask cluster, the next run's plan) and `check` ask this module.

An `error` row is not a verdict: a worker that died (kill -9, the OOM killer, a crash in native
code) or an exception, so the deal is tried again in a fresh worker. A line the referee refused is
an `error` too, but solving is deterministic, so it would come back: it is never retried.
"""

from __future__ import annotations

from typing import Any

from pipeline.solver import refused

TRIES = 3
"""How often a deal is tried in one run before its `error` row is written. A leftover `error` row
is retried by the next run (pipeline/plan.py), and `check` fails while any remain."""


def retryable(row: dict[str, Any]) -> bool:
    """Whether a verdicts row is an error that solving again may mend."""
    return row["verdict"] == "error" and not refused(row)


def should_retry(row: dict[str, Any], tries: int) -> bool:
    """Whether a result that took `tries` tries in this run is tried again."""
    return retryable(row) and tries < TRIES
