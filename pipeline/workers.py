"""A small process pool that survives its workers dying.

multiprocess.Pool hangs when a worker is killed mid-task (the task is never answered), so this pool
hands each worker one task at a time over its own pipe and watches the worker's sentinel: a worker
that dies (a crash in native code, the OOM killer, kill -9) has its task answered by `on_death`
and is replaced, and the run goes on.
"""

from __future__ import annotations

import os
import signal
from typing import Any, Callable, Iterable, Iterator

import multiprocess as mp
from multiprocess.connection import wait


def _die_with_parent() -> None:
    """Linux: ask the kernel to kill this worker when the main process dies (even by kill -9)."""
    try:
        import ctypes

        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        PR_SET_PDEATHSIG = 1
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except Exception:  # not Linux: workers still exit when their pipe closes
        pass


def _worker(conn: Any, fn: Callable[[Any], Any], parent: int) -> None:
    _die_with_parent()
    if os.getppid() != parent:  # the parent died before prctl took hold
        os._exit(0)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's business
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        key, arg = task
        try:
            conn.send((key, fn(arg)))
        except (BrokenPipeError, OSError):
            return


class _Slot:
    def __init__(self, ctx: Any, fn: Callable[[Any], Any]) -> None:
        parent_end, child_end = ctx.Pipe(duplex=True)
        self.conn = parent_end
        self.proc = ctx.Process(target=_worker, args=(child_end, fn, os.getpid()), daemon=True)
        self.proc.start()
        child_end.close()
        self.task: tuple[Any, Any] | None = None

    def stop(self) -> None:
        try:
            self.conn.send(None)
        except (BrokenPipeError, OSError):
            pass
        self.proc.join(timeout=5)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join()
        self.conn.close()


def run(
    tasks: Iterable[tuple[Any, Any]],
    fn: Callable[[Any], Any],
    workers: int,
    on_death: Callable[[Any, int | None], Any],
) -> Iterator[tuple[Any, Any]]:
    """Yield (key, fn(arg)) for each (key, arg) of `tasks`, in completion order, on `workers`
    processes. A task whose worker dies yields (key, on_death(arg, exitcode))."""
    ctx = mp.get_context("fork") if hasattr(os, "fork") else mp.get_context()
    pending = iter(tasks)
    slots = [_Slot(ctx, fn) for _ in range(max(1, workers))]
    exhausted = False

    def feed(slot: _Slot) -> None:
        nonlocal exhausted
        if exhausted:
            return
        try:
            slot.task = next(pending)
        except StopIteration:
            exhausted = True
            slot.task = None
            return
        try:
            slot.conn.send(slot.task)
        except (BrokenPipeError, OSError):  # it died idle: replace it, the task never started
            i = slots.index(slot)
            slot.proc.join()
            slot.conn.close()
            fresh = _Slot(ctx, fn)
            fresh.task = slot.task
            slots[i] = fresh
            fresh.conn.send(fresh.task)

    try:
        for s in slots:
            feed(s)
        while any(s.task is not None for s in slots):
            busy = [s for s in slots if s.task is not None]
            ready = wait([s.conn for s in busy] + [s.proc.sentinel for s in busy])
            for s in busy:
                if s.conn in ready or s.conn.poll():
                    try:
                        key, result = s.conn.recv()
                    except (EOFError, OSError):
                        pass  # died while answering: handled as a death below
                    else:
                        s.task = None
                        yield key, result
                        feed(s)
                        continue
                if s.proc.sentinel in ready or not s.proc.is_alive():
                    s.proc.join()
                    assert s.task is not None
                    key, arg = s.task
                    code = s.proc.exitcode
                    s.conn.close()
                    i = slots.index(s)
                    slots[i] = _Slot(ctx, fn)
                    yield key, on_death(arg, code)
                    feed(slots[i])
    finally:
        for s in slots:
            s.stop()
