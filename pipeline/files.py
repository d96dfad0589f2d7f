"""SHA-256 of files and bytes, and atomic, durable writes: the one place the pipeline hashes a file
or replaces one (tables and their ledger, exports, the fair state, the report).

A write is all or nothing and survives a power cut once it returns: the bytes go to a temporary
file in the destination's folder (or a folder on the same file system, such as the data folder's
`.tmp/`), the file is fsynced, renamed over the destination with os.replace (atomic on POSIX),
then the destination's folder is fsynced so the rename itself is on disk. A reader sees the old
file or the new one, never half of one. The temporary names start with a dot and end in `.tmp`,
outside every glob the pipeline reads.

Nothing here follows a symlink it writes through (issue 31): a folder written into is checked with
lstat to be a real folder (`real_dir`), a temporary file is created with O_EXCL | O_NOFOLLOW, and a
destination that is there but not a regular file (a folder, a symlink, a FIFO) is refused with one
line (`require_regular`), so a hostile entry in a data or export folder can never make dealpool
write, truncate or delete a file outside it.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import shutil
import stat
from pathlib import Path
from typing import BinaryIO, Iterator, TextIO

import engine

CHUNK = 1 << 20
"""Bytes read at a time when hashing a file (big files are never read whole)."""


def size_text(n: int) -> str:
    """Bytes as a person reads them: KiB under a MiB, MiB above."""
    if n < 1024:
        return f"{max(n, 0)} bytes"
    return f"{n / 2**20:,.1f} MiB" if n >= 2**20 else f"{n / 1024:,.0f} KiB"


def free_bytes(path: Path) -> int | None:
    """Free space for an unprivileged writer on the file system holding `path` (its nearest existing
    folder), or None when the system will not say."""
    p = Path(os.path.abspath(path))
    while not p.exists() and p != p.parent:
        p = p.parent
    try:
        st = os.statvfs(p)
        return st.f_bavail * st.f_frsize
    except OSError:
        try:
            return shutil.disk_usage(p).free
        except OSError:
            return None


def full(e: BaseException) -> bool:
    """An error saying the disk (or the quota) is full."""
    return isinstance(e, OSError) and e.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))


def disk_full(path: Path, needed: int | None) -> engine.RunFailed:
    """The one line for a write the disk had no room for: the path, the free space there, and what the
    write needs (its size, or an upper bound)."""
    free = free_bytes(path)
    has = "no" if free is None else size_text(free)
    need = f"about {size_text(needed)} needed" if needed is not None else "more needed"
    return engine.RunFailed(
        f"disk full writing {str(path)!r}: {has} free there, {need}; free some space and run the command "
        "again (nothing already written is lost: a run resumes)"
    )


@contextlib.contextmanager
def room(path: Path, needed: int | None) -> Iterator[None]:
    """Turn a full disk (ENOSPC, EDQUOT) met while writing `path` into disk_full's one line, wherever
    the OSError came from (a write, a flush, an fsync, pyarrow's writer)."""
    try:
        yield
    except OSError as e:
        if full(e):
            raise disk_full(path, needed) from None
        raise


def sha256_bytes(data: bytes) -> str:
    """The SHA-256 of `data`, lowercase hex."""
    return hashlib.sha256(data).hexdigest()


MAX_PARQUET = 4 << 30
"""The most bytes of a Parquet file read (a data folder's part, an export's board file): far past
any pool's (a part holds at most 1,000 deals), so a planted giant is refused before pyarrow reads it."""


def open_regular(path: Path, cap: int | None = None) -> int:
    """`path` opened for reading (fd), refused with one line unless it is a regular file: never a
    symlink (O_NOFOLLOW) nor a FIFO or device (which could block or never end); nor, with `cap`, a
    file larger than `cap` bytes (for readers that take a whole file, as pyarrow does)."""
    try:
        fd = os.open(path, os.O_RDONLY | NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
    except OSError as e:
        if e.errno == getattr(os, "ELOOP", -1) or os.path.islink(path):
            raise engine.BadInput(f"{str(path)!r} is a symlink; refused (dealpool reads only regular files here)") from None
        raise
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise engine.BadInput(f"{str(path)!r} is {_kind(st.st_mode)}; refused (dealpool reads only regular files here)")
    if cap is not None and st.st_size > cap:
        os.close(fd)
        raise engine.BadInput(f"{str(path)!r} is larger than {cap:,} bytes; refused")
    return fd


def sha256(path: Path) -> str:
    """The SHA-256 of the file at `path`, lowercase hex, read in chunks (a regular file only:
    open_regular)."""
    h = hashlib.sha256()
    with os.fdopen(open_regular(path), "rb") as f:
        for chunk in iter(lambda: f.read(CHUNK), b""):
            h.update(chunk)
    return h.hexdigest()


NOFOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def read_capped(path: Path, cap: int, what: str = "file", follow: bool = False) -> bytes:
    """The bytes of `path`, refused with one line (BadInput) past `cap` bytes: the one reader of every
    file dealpool is handed (a position, a key, a manifest, a ledger entry, a fair record), so none is
    ever read without limit. By default a regular file only (open_regular: never a symlink, FIFO or
    device); `follow` is for a path the operator names on the command line, which may be a symlink or
    a pipe (`<(...)`): read too, but never past `cap` (/dev/zero is refused after cap + 1 bytes)."""
    if follow:
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        except OSError as e:
            raise engine.BadInput(f"cannot read {what} {str(path)!r} ({e.strerror})") from None
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            os.close(fd)
            raise engine.BadInput(f"cannot read {what} {str(path)!r}: it is a folder")
    else:
        fd = open_regular(path)
    with os.fdopen(fd, "rb") as f:
        data = read_stream(f, cap, f"{what} {str(path)!r}")
    assert isinstance(data, bytes)
    return data


def read_input(source: str, cap: int, what: str) -> str:
    """A command's text input: the file `source` names (followed: a symlink or a pipe is fine), or
    stdin for '-', never more than `cap` bytes (BadInput, one line, past it or when it is not UTF-8)."""
    if source == "-":
        import sys

        data = read_stream(sys.stdin, cap, f"{what} on stdin")
        return data if isinstance(data, str) else data.decode("utf-8", errors="strict")
    raw = read_capped(Path(source), cap, what, follow=True)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise engine.BadInput(f"{what} {source!r} is not UTF-8 text (byte {e.start}); refused") from None


def read_stream(f: BinaryIO | TextIO, cap: int, what: str) -> bytes | str:
    """At most `cap` bytes (or characters) of an open stream; BadInput, one line, when there are more."""
    data = f.read(cap + 1)
    if len(data) > cap:
        raise engine.BadInput(f"{what} is larger than {cap:,} bytes; refused")
    return data


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a symlink"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "not a regular file"


def require_regular(path: Path, what: str = "file") -> bool:
    """True when `path` is a regular file, False when there is nothing there; BadInput (one line)
    when it is anything else: a symlink (followed, it could reach outside the folder), a folder, a
    FIFO or a device."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return False
    if not stat.S_ISREG(st.st_mode):
        raise engine.BadInput(
            f"{what} {str(path)!r} is {_kind(st.st_mode)}; refused (dealpool writes only regular files it made): remove it"
        )
    return True


def real_dir(path: Path, make: bool = True) -> Path:
    """`path` as a real folder (made with its parents when `make`), checked with lstat: a symlink or a
    file in its place is refused with one line, so nothing written into it lands outside."""
    if make:
        try:
            path.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            pass  # a file or a dangling symlink: refused below
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return path
    if not stat.S_ISDIR(st.st_mode):
        raise engine.BadInput(
            f"folder {str(path)!r} is {_kind(st.st_mode) if not stat.S_ISREG(st.st_mode) else 'a file'}; "
            "refused (dealpool writes only into real folders): remove it"
        )
    return path


def open_new(path: Path, mode: int = 0o666) -> int:
    """A new file at `path` for writing (fd): O_EXCL | O_NOFOLLOW, so an entry already there, a
    symlink above all, is never written through."""
    return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW, mode)


def remove(path: Path) -> None:
    """Remove the entry `path` if it is there and not a folder (a symlink is removed, never its
    target)."""
    try:
        if not stat.S_ISDIR(os.lstat(path).st_mode):
            path.unlink()
    except FileNotFoundError:
        pass


def fsync_file(path: Path) -> None:
    """Flush a written file's bytes to the disk."""
    fd = os.open(path, os.O_RDONLY | NOFOLLOW)
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
    """Move the finished, fsynced file `tmp` over `dest` (atomic) and make the move durable. A `dest`
    that is not a regular file is refused (require_regular)."""
    require_regular(dest)
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
    real_dir(dest.parent)
    if tmp_dir is not None:
        real_dir(tmp_dir)
    require_regular(dest)
    tmp = temp_path(dest, tmp_dir)
    remove(tmp)  # whatever is there (a planted symlink) goes first; the folder is checked real
    try:
        with room(dest, None):
            yield tmp
            fsync_file(tmp)
            replace(tmp, dest)
    finally:
        remove(tmp)


def write_atomic(dest: Path, data: bytes, mode: int = 0o666, tmp_dir: Path | None = None) -> None:
    """`data` at `dest`, all or nothing and durable. `mode` is the new file's permission bits (less
    the umask), set when the temporary file is created: a secret is never readable by others, even
    for a moment."""
    real_dir(dest.parent)
    if tmp_dir is not None:
        real_dir(tmp_dir)
    require_regular(dest)
    tmp = temp_path(dest, tmp_dir)
    remove(tmp)
    try:
        with room(dest, len(data)):
            fd = open_new(tmp, mode)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            replace(tmp, dest)
    finally:
        remove(tmp)
