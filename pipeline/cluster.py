"""Solving on a Dask cluster (`--cluster ADDRESS`): the same rows as the local pool, computed by
Dask workers, written by this process.

    local        a LocalCluster of one single-threaded worker process per core
    local:N      the same with N worker processes
    tcp://H:P    join a running scheduler (`dask scheduler`; docs/cluster.md)

The cluster only computes: tasks are batches of deals, a worker returns the batch's rows, and the
caller (pipeline/solve.py) writes the Parquet parts exactly as with the local pool, so workers need no
shared file system and a killed client resumes from its parts as always. A batch whose worker dies
is rerun by Dask on another worker, up to TRIES times, then split into single deals (each task's
result is taken once, so nothing is lost or doubled); a single deal that killed TRIES workers comes
back as an `error` row, which the one retry policy (pipeline/retry.py: `should_retry`, TRIES rounds) sends
again, so a deal that kills every worker it meets ends `error` and never hangs the run. The memory cap
travels inside every item (pipeline/solve.py's Item), so each worker's search stops at the cap as it does locally.
"""

from __future__ import annotations

import logging
import os
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterable, Iterator

import engine
from pipeline import retry

ENV = "DASK_SCHEDULER_ADDRESS"
"""The environment variable that gives --cluster (Dask's own name for a scheduler's address)."""

TRIES = retry.TRIES
"""Dask's tries of a task whose worker dies (allowed-failures + 1), the number the retry policy
(pipeline/retry.py) uses for its rounds. Dask's count is per task and only while the task is on the dying worker, so a
deal queued beside a poison deal is not given up for it."""

BATCH = 8
"""Deals per Dask task: big enough that Dask's per-task cost (about a millisecond) is lost beside
the solves (~60 ms a Klondike deal), small enough that a dead worker costs little and the bar moves."""

NO_WORKER_S = 120.0
"""Seconds the run waits with no worker in the cluster before it fails (a clear error, and a rerun
resumes) rather than wait for ever: workers died and none came back (a remote cluster's workers all
gone, a LocalCluster whose nanny closed), leaving the batches queued with nobody to run them."""

ASK_S = 2.0
"""Seconds between the watch's looks at the scheduler's workers (each a round trip)."""

LOST_WORKER_TIMEOUT = "100d"
"""Dask's `distributed.deploy.lost-worker-timeout` for a LocalCluster started here: never, in effect.
Dask's default (15 s) closes a worker's nanny for good when, 15 s after that worker was lost, no
worker of its name is registered: meant for batch-job clusters, it catches a nanny in the middle of
restarting a worker that a deal keeps killing (a restart takes 1-2 s, more under load), and the
cluster is left with no worker (the run then ended "no worker for 120 s" under load; docs/cluster.md).
A nanny restarts its worker itself, so the hard close is never wanted here."""


class _Joins:
    """Counts the workers the scheduler adds, from its own "add-worker" events (topic "all", sent to
    the client as they happen), so the watch sees a worker that joined and died between two looks.
    Called on the client's event-loop thread; only that thread writes `n`."""

    def __init__(self) -> None:
        self.n = 0

    def __call__(self, event: tuple[float, Any]) -> None:
        msg = event[1]
        if isinstance(msg, dict) and msg.get("action") == "add-worker":
            self.n += 1


class _Watch:
    """Fails the run once the cluster has had no worker for NO_WORKER_S: none at any look at the
    scheduler (at most every ASK_S) and none joined between the looks (`joins`). Looks alone would
    miss workers that a deal kills as soon as they start, and count that time as "no worker". One a
    run, so the idle time counts across the waits below."""

    def __init__(self, client: Any, joins: _Joins) -> None:
        self.client = client
        self.joins = joins
        self.joined = joins.n  # joins counted at the last look
        self.idle_since: float | None = None
        self.asked = float("-inf")

    def check(self) -> None:
        now = time.monotonic()
        if now - self.asked >= ASK_S:
            self.asked = now
            n = self.joins.n
            joined, self.joined = n != self.joined, n
            if joined or self.client.nthreads():
                self.idle_since = None  # a worker was there at some moment since the last look
            elif self.idle_since is None:
                self.idle_since = now
        if self.idle_since is not None and now - self.idle_since >= NO_WORKER_S:
            raise engine.RunFailed(f"the Dask cluster has had no worker for {NO_WORKER_S:.0f} s with deals still "
                                   "to solve (workers died and none came back): start workers, then run the "
                                   "same command again to resume")  # fmt: skip


def _ready(flight: Any, watch: _Watch) -> list[Any]:
    """The finished futures of `flight` (an as_completed), waiting until there is one. Polls:
    as_completed's own wait cannot be interrupted to look at the workers."""
    while not flight.has_ready():
        watch.check()
        time.sleep(0.02)
    return list(flight.next_batch(block=False))


def _result(f: Any, watch: _Watch) -> Any:
    """f.result(), which waits again if the result was lost with its worker and is being recomputed:
    in slices, so that a cluster left without workers ends the run instead."""
    while True:
        try:
            return f.result(timeout=1)
        except TimeoutError:
            watch.check()

Runner = Callable[..., Iterator[tuple[Any, Any]]]
"""workers.run's signature: (tasks, fn, n_workers, on_death) -> (key, result) in completion order."""


def parse(address: str | None) -> tuple[str, int] | str | None:
    """None (the local pool), ("local", N workers), or a scheduler address; else BadInput."""
    if address is None or address.strip() == "":
        return None
    a = address.strip()
    if a == "local":
        return ("local", os.cpu_count() or 1)
    if a.startswith("local:"):
        n = a[len("local:") :]
        if not n.isdigit() or int(n) < 1:
            raise engine.BadInput(f"bad --cluster {address!r}: local:N needs N workers, a whole number >= 1")
        return ("local", int(n))
    if "://" in a and a.split("://", 1)[1]:
        return a
    raise engine.BadInput(
        f"bad --cluster {address!r}: give local, local:N (N worker processes here) "
        "or a scheduler address such as tcp://host:8786"
    )


def _reachable(address: str) -> None:
    """OSError at once when nothing listens at a tcp:// address (Dask would retry for its timeout)."""
    import socket
    from urllib.parse import urlsplit

    u = urlsplit(address)
    if u.scheme == "tcp" and u.hostname and u.port:
        socket.create_connection((u.hostname, u.port), timeout=10).close()


def _run_batch(fn: Callable[[Any], Any], args: list[Any]) -> tuple[str, list[Any]]:
    """On a worker: fn over a batch, with the worker's engine version so the client can refuse rows
    from a worker that runs other code."""
    return engine.engine_version(), [fn(a) for a in args]


@contextmanager
def runner(address: str | None) -> Iterator[Runner | None]:
    """A runner on the cluster `address` for the length of a command, or None without one (the
    caller then uses the local pool, pipeline/workers.py)."""
    where = parse(address)
    if where is None:
        yield None
        return
    import dask
    from distributed import Client, LocalCluster

    # TRIES and the nannies kept (LOST_WORKER_TIMEOUT) for a LocalCluster started here; a remote
    # scheduler keeps its own allowed-failures (docs/cluster.md).
    local = {"distributed.scheduler.allowed-failures": TRIES - 1,
             "distributed.deploy.lost-worker-timeout": LOST_WORKER_TIMEOUT}  # fmt: skip
    with dask.config.set(local):
        if isinstance(where, tuple):
            cluster = LocalCluster(
                n_workers=where[1], threads_per_worker=1, processes=True,
                dashboard_address=":0", silence_logs=logging.ERROR,  # ":0": no clash with others' 8787
            )  # fmt: skip
            client = Client(cluster)
        else:
            cluster = None
            try:
                _reachable(where)
                client = Client(where, timeout="20s")
            except (OSError, TimeoutError) as e:
                raise engine.BadInput(f"no Dask scheduler answers at {where!r} ({type(e).__name__}): start one "
                                      "with `dask scheduler` or give --cluster local") from None  # fmt: skip
        joins = _Joins()
        client.subscribe_topic("all", joins)
        # A lost scheduler is said in one line (`run`); Dask's own logs of it would be more: the
        # client's "Failed to reconnect", and a batched send's "Batched Comm Closed" with a traceback
        # (distributed.batched, logged at INFO; a CI run printed it). Every distributed logger is
        # quiet while the run holds the client: "distributed" for those that inherit its level,
        # "distributed.client" because Dask's configuration gives it a level of its own.
        quiet = [logging.getLogger(name) for name in ("distributed", "distributed.client")]
        levels = [q.level for q in quiet]
        for q in quiet:
            q.setLevel(logging.CRITICAL)
        try:
            yield lambda tasks, fn, n_workers, on_death: run(client, tasks, fn, on_death, joins)
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
            for q, level in zip(quiet, levels):
                q.setLevel(level)


def scheduler_lost(client: Any, err: BaseException) -> bool:
    """Whether `err` says the scheduler stopped answering (killed, its host gone): the client cancels
    every future with reason scheduler-connection-lost, or a call to it fails to connect."""
    from distributed.comm.core import CommClosedError

    text = str(err)
    return (isinstance(err, (CommClosedError, OSError)) or "scheduler-connection-lost" in text
            or type(err).__name__ in ("FutureCancelledError", "CancelledError") or client.status in ("closed", "closing"))  # fmt: skip


def lost_line(client: Any) -> str:
    try:
        where = client.scheduler.address
    except Exception:  # the client may already be closed
        where = "?"
    return (f"the Dask scheduler at {where!r} stopped answering (killed or unreachable) with deals still to "
            "solve: start it (and its workers) again, then run the same command to resume; the parts written are kept")


def run(
    client: Any,
    tasks: Iterable[tuple[Any, Any]],
    fn: Callable[[Any], Any],
    on_death: Callable[[Any, int | None], Any],
    joins: _Joins,
) -> Iterator[tuple[Any, Any]]:
    """_run, with a scheduler that stops answering turned into one line (RunFailed) instead of Dask's
    cancelled futures and reconnect logs: the run ends, and the same command resumes it."""
    try:
        yield from _run(client, tasks, fn, on_death, joins)
    except engine.DealpoolError:
        raise
    except Exception as err:
        if scheduler_lost(client, err):
            raise engine.RunFailed(lost_line(client)) from None
        raise


def _run(
    client: Any,
    tasks: Iterable[tuple[Any, Any]],
    fn: Callable[[Any], Any],
    on_death: Callable[[Any, int | None], Any],
    joins: _Joins,
) -> Iterator[tuple[Any, Any]]:
    """Yield (key, fn(arg)) for each (key, arg) of `tasks`, in completion order, computed on the
    cluster in batches of BATCH; a deal that killed TRIES workers alone yields (key, on_death(arg,
    None)) with the reason saying so (the caller's retry policy decides whether to try it again). Keeps a few batches per worker thread in flight, so parts are
    finished (and a killed client loses little) roughly in task order."""
    from distributed import as_completed
    from distributed.scheduler import KilledWorker

    mine = engine.engine_version()
    pending = iter(tasks)
    meta: dict[Any, list[tuple[Any, Any]]] = {}  # future -> its batch of (key, arg)

    def submit(batch: list[tuple[Any, Any]]) -> Any:
        f = client.submit(_run_batch, fn, [a for _, a in batch], pure=False)
        meta[f] = batch
        return f

    def more(n: int) -> list[Any]:
        out = []
        for _ in range(n):
            batch = [t for _, t in zip(range(BATCH), pending)]
            if not batch:
                break
            out.append(submit(batch))
        return out

    def want() -> int:  # a few batches per worker thread, counted again as workers join or leave
        return 2 * max(1, sum(client.nthreads().values())) + 2

    watch = _Watch(client, joins)
    # A result() given up on by _result leaves Dask's gather task behind; when the client closes it
    # ends in AllExit, which asyncio would print as "Task exception was never retrieved" and a trace.
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    flight = as_completed(more(want()))
    while not flight.is_empty():
        for f in _ready(flight, watch):
            batch = meta.pop(f)
            try:
                version, results = _result(f, watch)
            except KilledWorker:
                if len(batch) > 1:  # find the deal that kills: each alone
                    for item in batch:
                        flight.add(submit([item]))
                    f.release()
                    continue
                key, arg = batch[0]
                row = on_death(arg, None)
                if isinstance(row, dict) and "reason" in row:
                    row["reason"] = f"worker died {TRIES} times on this deal (Dask KilledWorker)"
                yield key, row
            except engine.RunFailed:
                raise
            except Exception as err:  # not the deals' doing (solve_item records their errors as rows)
                if scheduler_lost(client, err):
                    raise engine.RunFailed(lost_line(client)) from None
                raise engine.RunFailed(f"a Dask task failed: {type(err).__name__}: {err}".splitlines()[0][:500]) from None
            else:
                if version != mine:
                    raise engine.RunFailed(f"a Dask worker runs engine {version}, this client {mine}: "
                                           "install the same dealpool on every worker")  # fmt: skip
                for (key, _), row in zip(batch, results):
                    yield key, row
            for g in more(max(1, want() - len(meta))):
                flight.add(g)
            f.release()
