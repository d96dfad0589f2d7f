"""Parts: written atomically under the folder's lock, read back only when they are ours (the right
table, the pinned columns)."""

from __future__ import annotations

import os
import stat
import uuid
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

import engine
from pipeline import files
from pipeline.store.ledger import ledger, record
from pipeline.store.lock import writer
from pipeline.store.tables import SCHEMAS, TMP, Folder, metadata, part_stem


def write_part(folder: Folder, table: str, name: str, rows: list[dict[str, Any]], **meta: Any) -> Path:
    """Write `rows` as part `name` of `table`, atomically (temp file in .tmp/, outside the glob,
    fsynced; ledger entry; then the move), under the folder's write lock."""
    schema = SCHEMAS[table].with_metadata(metadata(table, **meta))
    data = pa.Table.from_pylist(rows, schema=schema)
    with writer(folder):
        dest_dir = folder.table(table)
        tmp_dir = folder.root / TMP
        files.real_dir(dest_dir)
        files.real_dir(tmp_dir)
        tmp = tmp_dir / f"{table}~{name}~{os.getpid()}~{uuid.uuid4().hex[:8]}.tmp"
        dest = dest_dir / f"{name}.parquet"
        try:
            with files.room(dest, data.nbytes + 4096):  # the Arrow size: more than zstd Parquet takes
                with os.fdopen(files.open_new(tmp, 0o644), "wb") as f:  # O_EXCL | O_NOFOLLOW
                    pq.write_table(data, f, compression="zstd")
                files.fsync_file(tmp)
            record(folder, table, name, data.num_rows, files.sha256(tmp))
            files.replace(tmp, dest)
        except BaseException:
            files.remove(tmp)  # a half-written temp file would hold the space a retry needs
            raise
    return dest


def read_part(path: Path, table: str) -> pa.Table:
    """One part, checked to be ours: a regular file (never a symlink), readable, the right table, the
    pinned columns."""
    fd = files.open_regular(path, files.MAX_PARQUET)
    try:
        with os.fdopen(fd, "rb") as f:
            t = pq.read_table(f)
    except Exception as e:  # pyarrow raises several types for a bad file
        reason = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise engine.BadInput(f"unreadable Parquet file {str(path)!r}: {reason}") from None
    meta = t.schema.metadata or {}
    if meta.get(b"dealpool.table") != table.encode():
        raise engine.BadInput(
            f"foreign Parquet file {str(path)!r}: not a dealpool {table!r} part (no dealpool.table={table} metadata)"
        )
    want = SCHEMAS[table]
    if [(f.name, f.type) for f in t.schema] != [(f.name, f.type) for f in want]:
        raise engine.BadInput(
            f"foreign Parquet file {str(path)!r}: columns {t.schema.names} differ from the {table} schema {want.names}"
        )
    return t


def listed_parts(folder: Folder, table: str) -> list[Path]:
    """The parts of `table` the ledger lists, regular files only, in name order: all a reader may
    trust. An unlisted part (no dealpool run wrote it) or a symlink is never read; `check` (audit)
    names it and `check --repair` drops it."""
    book = ledger(folder, table)
    out = []
    for p in folder.parts(table):
        e = book.get(part_stem(p))
        if e is not None and "bad" not in e and stat.S_ISREG(os.lstat(p).st_mode):
            out.append(p)
    return out


def read_table(folder: Folder, table: str) -> pa.Table:
    """Every listed part of `table` (listed_parts), validated, in part-name order (an empty table when
    there is none)."""
    parts = [read_part(p, table) for p in listed_parts(folder, table)]
    if not parts:
        return SCHEMAS[table].empty_table()
    return pa.concat_tables([p.replace_schema_metadata(None) for p in parts])
