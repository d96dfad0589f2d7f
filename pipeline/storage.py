"""Parquet storage of the pool: pinned schemas, atomic parts, validated reads.

Layout under the data folder (every file a complete, immutable part):

    deals/<board>.N<lo>-<hi>.parquet          numbered deals lo..hi (those new when sampled)
    deals/<board>.R<digest>.parquet           random deals (named by a digest of their seeds)
    deals/<board>.S<seed>.<i>-<j>.parquet     numbered deals drawn i..j by `sample --numbers-from SEED`
    verdicts/<deals part>.b<budget>.s<k>.parquet   slice k of a deals part solved at one budget
    .tmp/                                     half-written parts (outside every read glob)

A part is written to .tmp/ and moved into place with os.replace, so a reader (or DuckDB) never sees
half a file, and a part name is a function of its content's identity, so a retry after a kill
replaces a part instead of adding a second copy.
"""

from __future__ import annotations

import os
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import pyarrow as pa
import pyarrow.parquet as pq

import engine

SCHEMA_VERSION = "1"
DEALS = "deals"
VERDICTS = "verdicts"
TMP = ".tmp"
SLICE = int(os.environ.get("DEALPOOL_SLICE", "64"))
"""Deals per verdicts part: the most a kill can cost is one slice per worker. Part names depend on it,
so keep it fixed for a data folder (DEALPOOL_SLICE exists for tests and tuning)."""
VERDICT_VALUES = ("won", "lost", "unknown", "error")

DEALS_SCHEMA = pa.schema(
    [
        pa.field("board", pa.string(), nullable=False),
        pa.field("code", pa.string(), nullable=False),
        pa.field("seed", pa.binary(64), nullable=False),
        pa.field("number", pa.int64()),  # null for random deals
        pa.field("order", pa.binary(), nullable=False),  # the dealt order, one byte a position
    ]
)

VERDICTS_SCHEMA = pa.schema(
    [
        pa.field("board", pa.string(), nullable=False),
        pa.field("code", pa.string(), nullable=False),
        pa.field("verdict", pa.string(), nullable=False),  # won | lost | unknown | error
        pa.field("reason", pa.string(), nullable=False),  # '' | nodes | memory | why it erred
        pa.field("nodes", pa.int64(), nullable=False),
        pa.field("budget", pa.int64(), nullable=False),
        pa.field("max_mb", pa.int64(), nullable=False),
        pa.field("line", pa.list_(pa.string()), nullable=False),
        pa.field("line_length", pa.int32(), nullable=False),
        pa.field("referee", pa.string(), nullable=False),  # ok | '' (nothing to replay) | refused ...
        pa.field("seconds", pa.float64(), nullable=False),  # wall time of the solve (not deterministic)
        pa.field("engine_version", pa.string(), nullable=False),
    ]
)

SCHEMAS = {DEALS: DEALS_SCHEMA, VERDICTS: VERDICTS_SCHEMA}


@dataclass(frozen=True)
class Folder:
    """The data folder: where the tables live."""

    root: Path

    def table(self, name: str) -> Path:
        return self.root / name

    def glob(self, name: str) -> str:
        """The read glob of a table (DuckDB's read_parquet argument)."""
        return str(self.root / name / "*.parquet")

    def parts(self, name: str) -> list[Path]:
        d = self.table(name)
        return sorted(d.glob("*.parquet")) if d.is_dir() else []

    def require(self) -> "Folder":
        """This folder, or BadInput if it is missing (commands that read need one)."""
        if not self.root.is_dir():
            raise engine.BadInput(
                f"data folder {str(self.root)!r} does not exist (run `dealpool sample` or pass --data DIR)"
            )
        return self


def metadata(table: str, **extra: Any) -> dict[bytes, bytes]:
    """Key/value metadata every part carries: which table, schema, engine and rules versions."""
    meta = {
        "dealpool.table": table,
        "dealpool.schema": SCHEMA_VERSION,
        "engine_version": engine.engine_version(),
        "rules_version": engine.RULES_VERSION,
    }
    meta.update({k: str(v) for k, v in extra.items()})
    return {k.encode(): v.encode() for k, v in meta.items()}


def write_part(folder: Folder, table: str, name: str, rows: list[dict[str, Any]], **meta: Any) -> Path:
    """Write `rows` as part `name` of `table`, atomically (temp file outside the glob, then rename)."""
    schema = SCHEMAS[table].with_metadata(metadata(table, **meta))
    data = pa.Table.from_pylist(rows, schema=schema)
    dest_dir = folder.table(table)
    tmp_dir = folder.root / TMP
    dest_dir.mkdir(parents=True, exist_ok=True)
    tmp_dir.mkdir(parents=True, exist_ok=True)
    tmp = tmp_dir / f"{name}.{os.getpid()}.{uuid.uuid4().hex[:8]}.tmp"
    pq.write_table(data, tmp, compression="zstd")
    with open(tmp, "rb") as f:
        os.fsync(f.fileno())
    dest = dest_dir / f"{name}.parquet"
    os.replace(tmp, dest)
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


def rows(table: pa.Table) -> list[dict[str, Any]]:
    return table.to_pylist()


def part_stem(path: Path) -> str:
    return path.name[: -len(".parquet")]


def verdict_part_name(deals_stem: str, budget: int, slice_no: int) -> str:
    return f"{deals_stem}.b{budget}.s{slice_no:05d}"


def clear_tmp(folder: Folder) -> None:
    """Drop leftovers of killed runs (never read, but they take space)."""
    tmp = folder.root / TMP
    if tmp.is_dir():
        for p in tmp.iterdir():
            p.unlink(missing_ok=True)


def sorted_rows(rows_: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(rows_, key=lambda r: (r["board"], r["code"]))
