"""Parquet storage of the pool: pinned schemas, atomic parts, validated reads.

Layout under the data folder (every file a complete, immutable part):

    deals/<board>.N<lo>-<hi>.parquet          numbered deals lo..hi (those new when sampled)
    deals/<board>.R<digest>.parquet           random deals (named by a digest of their seeds)
    deals/<board>.C<lo>-<hi>.parquet          classic FreeCell deals lo..hi (C codes, no seed)
    verdicts/<deals part>.b<budget>.s<k>.parquet   slice k of a deals part solved at one budget
    ledger/<table>/<part>.json                each part's rows and SHA-256 (what `check` compares)
    .tmp/                                     half-written parts (outside every read glob)
    .lock                                     held (flock) by the one run writing the folder

A part is written to .tmp/, its ledger entry is written, then the part is moved into place with
os.replace, so a reader (or DuckDB) never sees half a file, and a part name is a function of its
content's identity, so a retry after a kill replaces a part instead of adding a second copy. A kill
between the ledger entry and the move leaves a temp file whose hash the ledger names: the next writer
finishes the move (`recover`); any other temp file is stale, since only the lock's holder writes.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

import pyarrow as pa
import pyarrow.parquet as pq

import engine

SCHEMA_VERSION = "1"
DEALS = "deals"
VERDICTS = "verdicts"
TMP = ".tmp"
LEDGER = "ledger"
LOCK = ".lock"
SLICE = int(os.environ.get("DEALPOOL_SLICE", "64"))
"""Deals per verdicts part: the most a kill can cost is one slice per worker. Part names depend on it,
so keep it fixed for a data folder (DEALPOOL_SLICE exists for tests and tuning)."""
VERDICT_VALUES = ("won", "lost", "unknown", "error")

DEALS_SCHEMA = pa.schema(
    [
        pa.field("board", pa.string(), nullable=False),
        pa.field("code", pa.string(), nullable=False),
        pa.field("seed", pa.binary(64)),  # null for classic FreeCell (C) codes
        pa.field("number", pa.int64()),  # null for random deals; the classic number for C codes
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


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _write_atomic(path: Path, data: bytes) -> None:
    """`data` at `path`, all or nothing (temp file beside it, fsync, rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def ledger_path(folder: Folder, table: str, name: str) -> Path:
    return folder.root / LEDGER / table / f"{name}.json"


def ledger(folder: Folder, table: str) -> dict[str, dict[str, Any]]:
    """{part name: {"rows": n, "sha256": hex}} of a table; an unreadable entry is {"bad": why}."""
    d = folder.root / LEDGER / table
    out: dict[str, dict[str, Any]] = {}
    for p in sorted(d.glob("*.json")) if d.is_dir() else []:
        try:
            e = json.loads(p.read_text())
            if not (isinstance(e, dict) and isinstance(e.get("rows"), int) and isinstance(e.get("sha256"), str)):
                raise ValueError("not {rows, sha256}")
            out[p.name[: -len(".json")]] = e
        except (ValueError, UnicodeDecodeError) as err:
            out[p.name[: -len(".json")]] = {"bad": str(err).splitlines()[0] if str(err) else "unreadable"}
    return out


def record(folder: Folder, table: str, name: str, rows: int, digest: str) -> None:
    """The ledger entry of a part (atomic)."""
    data = json.dumps({"rows": rows, "sha256": digest}, sort_keys=True).encode()
    _write_atomic(ledger_path(folder, table, name), data)


_held: dict[Path, tuple[int, int]] = {}  # root -> (fd, depth): the locks this process holds


@contextlib.contextmanager
def writer(folder: Folder) -> Iterator[Folder]:
    """Hold the folder's write lock (reentrant in one process): one writing run at a time. A second
    run stops at once with RunFailed naming the holder. The kernel drops the lock when its holder
    dies, however it dies, so a lock is never stale; then `recover` tidies what the dead run left."""
    root = folder.root.resolve()
    if root in _held:
        fd, depth = _held[root]
        _held[root] = (fd, depth + 1)
    else:
        folder.root.mkdir(parents=True, exist_ok=True)
        fd = os.open(folder.root / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
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


def holds_lock(folder: Folder) -> bool:
    return folder.root.resolve() in _held


def write_part(folder: Folder, table: str, name: str, rows: list[dict[str, Any]], **meta: Any) -> Path:
    """Write `rows` as part `name` of `table`, atomically (temp file outside the glob, ledger entry,
    then rename), under the folder's write lock."""
    schema = SCHEMAS[table].with_metadata(metadata(table, **meta))
    data = pa.Table.from_pylist(rows, schema=schema)
    with writer(folder):
        dest_dir = folder.table(table)
        tmp_dir = folder.root / TMP
        dest_dir.mkdir(parents=True, exist_ok=True)
        tmp_dir.mkdir(parents=True, exist_ok=True)
        tmp = tmp_dir / f"{table}~{name}~{os.getpid()}~{uuid.uuid4().hex[:8]}.tmp"
        pq.write_table(data, tmp, compression="zstd")
        with open(tmp, "rb") as f:
            os.fsync(f.fileno())
        record(folder, table, name, data.num_rows, sha256(tmp))
        dest = dest_dir / f"{name}.parquet"
        os.replace(tmp, dest)
    return dest


def recover(folder: Folder) -> None:
    """Under the lock: finish a part move a kill interrupted (the temp file is what the ledger names)
    and drop every other temp file (its writer is dead: only the lock's holder writes)."""
    tmp = folder.root / TMP
    if not tmp.is_dir():
        return
    for p in sorted(tmp.iterdir()):
        parts = p.name.split("~")
        if len(parts) == 4 and parts[0] in SCHEMAS:
            table, name = parts[0], parts[1]
            entry = ledger(folder, table).get(name, {})
            dest = folder.table(table) / f"{name}.parquet"
            try:
                if entry.get("sha256") == sha256(p) and not (dest.is_file() and sha256(dest) == entry["sha256"]):
                    os.replace(p, dest)
                    continue
            except OSError:
                pass
        p.unlink(missing_ok=True)


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
    """Finish or drop what killed runs left in .tmp/ (under the write lock: `recover`)."""
    with writer(folder):
        pass  # taking the lock afresh runs recover(); when already held, recover ran at that time


def audit(folder: Folder) -> list[str]:
    """The ledger against the parts: what is missing, changed or unlisted, one line each."""
    problems: list[str] = []
    for table in (DEALS, VERDICTS):
        book = ledger(folder, table)
        files = {part_stem(p): p for p in folder.parts(table)}
        for name, e in book.items():
            where = f"{table}/{name}.parquet"
            if "bad" in e:
                problems.append(f"ledger entry of {where} is unreadable ({e['bad']})")
            elif name not in files:
                problems.append(f"{where} is missing (the ledger lists {e['rows']} rows)")
            elif sha256(files[name]) != e["sha256"]:
                try:
                    n = pq.read_metadata(files[name]).num_rows
                    now = f"{n} rows, the ledger lists {e['rows']}"
                except Exception:
                    now = "unreadable"
                problems.append(f"{where} has changed since it was written ({now}; SHA-256 differs)")
        for name in sorted(set(files) - set(book)):
            problems.append(f"{table}/{name}.parquet is not in the ledger (a part no dealpool run wrote)")
    deals = set(ledger(folder, DEALS)) | {part_stem(p) for p in folder.parts(DEALS)}
    for p in folder.parts(VERDICTS):
        if part_stem(p).rsplit(".", 2)[0] not in deals:
            problems.append(f"{VERDICTS}/{p.name} solves deals of a part that is gone ({part_stem(p).rsplit('.', 2)[0]})")
    return problems


def require_sound(folder: Folder, what: str) -> None:
    """RunFailed, saying what to do, when `audit` finds the folder incomplete or damaged (after a
    foreign or unreadable part, which is BadInput from read_part)."""
    for table in (DEALS, VERDICTS):
        for p in folder.parts(table):
            read_part(p, table)
    problems = audit(folder)
    if problems:
        raise engine.RunFailed(
            f"{what}: data folder {str(folder.root)!r} is incomplete or damaged ({len(problems)} problem(s): "
            + "; ".join(problems[:3])
            + "); run `dealpool check --repair` to drop the damaged parts, then the commands it prints"
        )


def repair(folder: Folder) -> list[str]:
    """Drop what `audit` finds damaged so the usual steps rebuild it: a damaged verdicts part (and
    its entry) goes, `solve` redoes it; a damaged deals part goes with its verdicts parts. Returns
    what to run next, one line each. Under the write lock."""
    todo: list[str] = []
    with writer(folder):
        for table in (DEALS, VERDICTS):
            book = ledger(folder, table)
            files = {part_stem(p): p for p in folder.parts(table)}
            bad = [n for n, e in book.items() if "bad" in e or n not in files or sha256(files[n]) != e["sha256"]]
            bad += sorted(set(files) - set(book))
            for name in bad:
                drop = [(table, name)]
                if table == DEALS:
                    drop += [(VERDICTS, v) for v in set(ledger(folder, VERDICTS)) | {part_stem(p) for p in folder.parts(VERDICTS)}
                             if v.startswith(name + ".b")]  # fmt: skip
                    board, _, kind = name.partition(".")
                    if kind.startswith("N") and "-" in kind:
                        lo, hi = (int(x) for x in kind[1:].split("-"))
                        todo.append(f"dealpool sample --boards {board} --numbers {lo}-{hi}")
                    else:
                        todo.append(f"(the random deals of {name} are lost: sample new ones with --random)")
                for t, n in drop:
                    (folder.table(t) / f"{n}.parquet").unlink(missing_ok=True)
                    ledger_path(folder, t, n).unlink(missing_ok=True)
    todo.append("dealpool solve")
    return todo


def adopt(folder: Folder) -> int:
    """Record in the ledger every part it lacks, as it is now (a folder written before ledgers).
    Returns how many were recorded."""
    n = 0
    with writer(folder):
        for table in (DEALS, VERDICTS):
            book = ledger(folder, table)
            for p in folder.parts(table):
                if part_stem(p) not in book:
                    record(folder, table, part_stem(p), read_part(p, table).num_rows, sha256(p))
                    n += 1
    return n


def sorted_rows(rows_: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(rows_, key=lambda r: (r["board"], r["code"]))
