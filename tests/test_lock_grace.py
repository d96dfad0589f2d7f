"""A killed run's lock, still held for a moment by its dying workers (pipeline/store/lock.py,
DYING_GRACE).

A run's worker processes share its lock and are killed with it by the kernel (PDEATHSIG), but a
`check` started the moment `kill -9` returned could still meet the lock held and was told another run
was writing (seen once in CI: tests/test_completeness.py's killed run). A lock whose recorded writer
is dead is now waited for, a few seconds at most; a living writer's lock is still refused at once.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import engine
from pipeline.store import Folder, lock

HOLD = textwrap.dedent(
    """
    import fcntl, os, sys, time
    fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o644)
    fcntl.flock(fd, fcntl.LOCK_EX)
    os.ftruncate(fd, 0)
    os.pwrite(fd, (sys.argv[2] + "\\n").encode(), 0)
    print("held", flush=True)
    time.sleep(float(sys.argv[3]))
    """
)


def _dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def _holder(path: Path, pid: str, seconds: float) -> subprocess.Popen:
    p = subprocess.Popen([sys.executable, "-c", HOLD, str(path), pid, str(seconds)], stdout=subprocess.PIPE, text=True)
    assert p.stdout is not None and p.stdout.readline().strip() == "held"
    return p


def _folder(tmp_path: Path) -> Folder:
    f = Folder(tmp_path / "d")
    with lock.writer(f):  # makes the layout and the lock file
        pass
    return f


def test_a_dead_writers_lock_is_waited_for_until_its_workers_are_gone(tmp_path):
    f = _folder(tmp_path)
    holder = _holder(f.root / ".lock", str(_dead_pid()), 0.6)  # a "worker" of a dead run, dying soon
    try:
        t = time.monotonic()
        with lock.writer(f):
            waited = time.monotonic() - t
        assert 0.3 < waited < lock.DYING_GRACE, waited
    finally:
        holder.kill()
        holder.wait()


def test_a_living_writers_lock_is_refused_at_once(tmp_path):
    f = _folder(tmp_path)
    holder = _holder(f.root / ".lock", "", 30)
    try:
        with open(f.root / ".lock", "r+") as fh:  # the holder's own pid, alive
            fh.write(f"{holder.pid}\n")
        t = time.monotonic()
        with pytest.raises(engine.RunFailed, match="being written by another dealpool run"):
            with lock.writer(f):
                pass
        assert time.monotonic() - t < 1.0
    finally:
        holder.kill()
        holder.wait()


def test_a_dead_writers_lock_held_past_the_grace_is_still_refused(tmp_path, monkeypatch):
    f = _folder(tmp_path)
    monkeypatch.setattr(lock, "DYING_GRACE", 0.3)
    holder = _holder(f.root / ".lock", str(_dead_pid()), 30)
    try:
        with pytest.raises(engine.RunFailed, match="being written by another dealpool run"):
            with lock.writer(f):
                pass
    finally:
        holder.kill()
        holder.wait()
