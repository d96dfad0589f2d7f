"""Parts: written atomically under the folder's lock, read back only when they are ours (the right
table, the pinned columns)."""

from __future__ import annotations

import os
import uuid
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

import engine
from pipeline import files
from pipeline.store.ledger import record
from pipeline.store.lock import writer
from pipeline.store.tables import SCHEMAS, TMP, Folder, metadata


def write_part(folder: Folder, table: str, name: str, rows: list[dict[str, Any]], **meta: Any) -> Path:
    """Write `rows` as part `name` of `table`, atomically (temp file in .tmp/, outside the glob,
    fsynced; ledger entry; then the move), under the folder's write lock."""
    schema = SCHEMAS[table].with_metadata(metadata(table, **meta))
    data = pa.Table.from_pylist(rows, schema=schema)
    with writer(folder):
        dest_dir = folder.table(table)
        tmp_dir = folder.root / TMP
        dest_dir.mkdir(parents=True, exist_ok=True)
        tmp_dir.mkdir(parents=True, exist_ok=True)
        tmp = tmp_dir / f"{table}~{name}~{os.getpid()}~{uuid.uuid4().hex[:8]}.tmp"
        pq.write_table(data, tmp, compression="zstd")
        files.fsync_file(tmp)
        record(folder, table, name, data.num_rows, files.sha256(tmp))
        dest = dest_dir / f"{name}.parquet"
        files.replace(tmp, dest)
    return dest


def read_part(path: Path, table: str) -> pa.Table:
    """One part, checked to be ours: readable, the right table, the pinned columns."""
    try:
        t = pq.read_table(path)
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


def read_table(folder: Folder, table: str) -> pa.Table:
    """Every part of `table`, validated, in part-name order (an empty table when there is none)."""
    parts = [read_part(p, table) for p in folder.parts(table)]
    if not parts:
        return SCHEMAS[table].empty_table()
    return pa.concat_tables([p.replace_schema_metadata(None) for p in parts])
