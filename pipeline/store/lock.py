"""One writer a folder: the write lock (flock on `.lock`), and the tidying of what a killed writer
left in `.tmp/`.

A part is written to .tmp/, its ledger entry is written, then the part is moved into place
(pipeline/store/parts.py). A kill between the ledger entry and the move leaves a temp file whose
hash the ledger names: the next writer finishes the move (`recover`); any other temp file is stale,
since only the lock's holder writes.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import stat
import time
from pathlib import Path
from typing import Iterator

import engine
from pipeline import files
from pipeline.store.ledger import ledger
from pipeline.store.tables import LOCK, SCHEMAS, TMP, Folder

_held: dict[Path, tuple[int, int]] = {}  # root -> (fd, depth): the locks this process holds


@contextlib.contextmanager
def writer(folder: Folder, wait: float = 0.0) -> Iterator[Folder]:
    """Hold the folder's write lock (reentrant in one process): one writing run at a time. A second
    run stops with RunFailed naming the holder, at once or after `wait` seconds of trying (the fair
    steps wait: each is a moment's work, and concurrent draws must all be recorded). The kernel drops the lock when its holder
    dies, however it dies, so a lock is never stale; then `recover` tidies what the dead run left."""
    root = folder.root.resolve()
    if root in _held:
        fd, depth = _held[root]
        _held[root] = (fd, depth + 1)
    else:
        folder.check_layout()
        files.real_dir(folder.root)
        fd = open_lock(folder)
        deadline = time.monotonic() + wait
        graced = False
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if not graced and _dead(os.pread(fd, 64, 0)):
                    graced = True  # the writer is dead: its workers die with it (PDEATHSIG), in a moment
                    deadline = max(deadline, time.monotonic() + DYING_GRACE)
                if time.monotonic() < deadline:
                    time.sleep(0.01)
                    continue
            except BaseException:
                os.close(fd)
                raise
            holder = os.pread(fd, 64, 0).decode(errors="replace").strip() or "?"
            os.close(fd)
            raise engine.RunFailed(
                f"data folder {str(folder.root)!r} is being written by another dealpool run (pid {holder}); "
                "wait for it to finish, or give another folder with --data"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        _held[root] = (fd, 1)
        recover(folder)
    try:
        yield folder
    finally:
        fd, depth = _held[root]
        if depth > 1:
            _held[root] = (fd, depth - 1)
        else:
            del _held[root]
            os.close(fd)  # releases the flock


DYING_GRACE = 5.0
"""Seconds a new run waits for a lock whose recorded writer is dead. A killed run's worker processes
share its lock and are killed with it by the kernel (pipeline/workers.py), but not at the same
instant: a `check` started the moment a `kill -9` returns could meet the lock still held by a dying
worker and be told, wrongly, that another run is writing."""


def _dead(holder: bytes) -> bool:
    """Whether the pid written in the lock file names no living process (False if it cannot tell)."""
    try:
        pid = int(holder.decode(errors="replace").strip())
    except ValueError:
        return False
    if pid <= 0 or pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


def open_lock(folder: Folder) -> int:
    """The folder's `.lock`, opened (made if missing) without following a symlink and refused with one
    line unless it is a regular file: a `.lock` that is a symlink would otherwise be truncated
    wherever it points, and a folder or FIFO in its place gave a traceback or a hang."""
    path = folder.root / LOCK
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | files.NOFOLLOW | os.O_NONBLOCK, 0o644)
    except OSError as e:
        if e.errno in (errno.ELOOP, errno.EISDIR, errno.ENXIO) or os.path.islink(path):
            raise engine.BadInput(
                f"{str(path)!r} is not a regular file ({e.strerror}); refused: remove it (dealpool makes its own lock)"
            ) from None
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise engine.BadInput(f"{str(path)!r} is not a regular file; refused: remove it (dealpool makes its own lock)")
    return fd


def read_only(e: OSError) -> bool:
    """An error saying the folder cannot be written (a read-only mount or no write permission)."""
    return e.errno in (errno.EROFS, errno.EACCES, errno.EPERM)


@contextlib.contextmanager
def reader(folder: Folder) -> Iterator[Folder]:
    """For a step that only reads (`check`, `sql`): the write lock when the folder can be written, so
    no writer changes it under the reader; none when the folder is read-only (nobody can write it
    then, and the reader must still work)."""
    try:
        cm = writer(folder)
        cm.__enter__()
    except OSError as e:
        if not read_only(e):
            raise
        folder.check_layout()
        yield folder
        return
    try:
        yield folder
    finally:
        cm.__exit__(None, None, None)


def holds_lock(folder: Folder) -> bool:
    return folder.root.resolve() in _held


def recover(folder: Folder) -> None:
    """Under the lock: finish a part move a kill interrupted (the temp file is what the ledger names)
    and drop every other temp file (its writer is dead: only the lock's holder writes)."""
    tmp = folder.root / TMP
    if not os.path.lexists(tmp):
        return
    files.real_dir(tmp, make=False)  # a `.tmp` symlink is refused: its entries are outside the folder
    for p in sorted(tmp.iterdir()):
        if not stat.S_ISREG(os.lstat(p).st_mode):
            files.remove(p)  # a symlink goes (never its target); a folder stays
            continue
        parts = p.name.split("~")
        if len(parts) == 4 and parts[0] in SCHEMAS:
            table, name = parts[0], parts[1]
            entry = ledger(folder, table).get(name, {})
            dest = folder.table(table) / f"{name}.parquet"
            try:
                if entry.get("sha256") == files.sha256(p) and not (dest.is_file() and files.sha256(dest) == entry["sha256"]):
                    files.replace(p, dest)
                    continue
            except (OSError, engine.BadInput):
                pass
        files.remove(p)


def clear_tmp(folder: Folder) -> None:
    """Finish or drop what killed runs left in .tmp/ (under the write lock: `recover`)."""
    with writer(folder):
        pass  # taking the lock afresh runs recover(); when already held, recover ran at that time
