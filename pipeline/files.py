"""SHA-256 of files and bytes, and atomic, durable writes: the one place the pipeline hashes a file
or replaces one (tables and their ledger, exports, the fair state, the report).

A write is all or nothing and survives a power cut once it returns: the bytes go to a temporary
file in the destination's folder (or a folder on the same file system, such as the data folder's
`.tmp/`), the file is fsynced, renamed over the destination with os.replace (atomic on POSIX),
then the destination's folder is fsynced so the rename itself is on disk. A reader sees the old
file or the new one, never half of one. The temporary names start with a dot and end in `.tmp`,
outside every glob the pipeline reads.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from pathlib import Path
from typing import Iterator

CHUNK = 1 << 20
"""Bytes read at a time when hashing a file (big files are never read whole)."""


def sha256_bytes(data: bytes) -> str:
    """The SHA-256 of `data`, lowercase hex."""
    return hashlib.sha256(data).hexdigest()


def sha256(path: Path) -> str:
    """The SHA-256 of the file at `path`, lowercase hex, read in chunks."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(CHUNK), b""):
            h.update(chunk)
    return h.hexdigest()


def fsync_file(path: Path) -> None:
    """Flush a written file's bytes to the disk."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_dir(path: Path) -> None:
    """Flush a folder's entries (a rename into it) to the disk. Some file systems refuse to fsync a
    folder; the rename is then as durable as they make it."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def replace(tmp: Path, dest: Path) -> None:
    """Move the finished, fsynced file `tmp` over `dest` (atomic) and make the move durable."""
    os.replace(tmp, dest)
    fsync_dir(dest.parent)
    if tmp.parent.resolve() != dest.parent.resolve():
        fsync_dir(tmp.parent)


def temp_path(dest: Path, tmp_dir: Path | None = None) -> Path:
    """A temporary name for a write of `dest`: hidden, ending in .tmp, in `tmp_dir` or beside `dest`."""
    return (tmp_dir or dest.parent) / f".{dest.name}.{os.getpid()}.tmp"


@contextlib.contextmanager
def atomic(dest: Path, tmp_dir: Path | None = None) -> Iterator[Path]:
    """A temporary path to write `dest` through, for writers that want a path (pyarrow, DuckDB,
    matplotlib): when the block ends the file is fsynced and moved over `dest`; when it raises, the
    temporary file is removed and `dest` is left as it was."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = temp_path(dest, tmp_dir)
    tmp.unlink(missing_ok=True)
    try:
        yield tmp
        fsync_file(tmp)
        replace(tmp, dest)
    finally:
        tmp.unlink(missing_ok=True)


def write_atomic(dest: Path, data: bytes, mode: int = 0o666, tmp_dir: Path | None = None) -> None:
    """`data` at `dest`, all or nothing and durable. `mode` is the new file's permission bits (less
    the umask), set when the temporary file is created: a secret is never readable by others, even
    for a moment."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = temp_path(dest, tmp_dir)
    tmp.unlink(missing_ok=True)
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        replace(tmp, dest)
    finally:
        tmp.unlink(missing_ok=True)
