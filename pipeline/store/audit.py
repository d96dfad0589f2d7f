"""The ledger against the parts: what `check` reports, what `export` and `report` refuse, and what
`check --repair` drops and `check --adopt` records."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

import pyarrow.parquet as pq

import engine
from pipeline.files import remove, sha256
from pipeline.store.ledger import ledger, ledger_path, record
from pipeline.store.lock import writer
from pipeline.store.parts import listed_parts, read_part
from pipeline.store.tables import DEALS, GRADES, VERDICTS, Folder, part_stem


def audit(folder: Folder) -> list[str]:
    """The ledger against the parts: what is missing, changed or unlisted, one line each."""
    problems: list[str] = []
    for table in (DEALS, VERDICTS, GRADES):
        book = ledger(folder, table)
        files = {part_stem(p): p for p in folder.parts(table)}
        for name, e in book.items():
            where = f"{table}/{name}.parquet"
            if "bad" in e:
                problems.append(f"ledger entry of {where} is unreadable ({e['bad']})")
            elif name not in files:
                problems.append(f"{where} is missing (the ledger lists {e['rows']} rows)")
            elif not regular(files[name]):
                problems.append(f"{where} is not a regular file (a symlink or a folder; refused)")
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


def regular(path: Path) -> bool:
    """A part is a regular file, never a symlink (read through, it could be any file anywhere)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except FileNotFoundError:
        return False


def require_sound(folder: Folder, what: str) -> None:
    """RunFailed, saying what to do, when `audit` finds the folder incomplete or damaged (after a
    foreign or unreadable part, which is BadInput from read_part)."""
    for table in (DEALS, VERDICTS, GRADES):
        for p in listed_parts(folder, table):
            read_part(p, table)
    problems = audit(folder)
    if problems:
        raise engine.RunFailed(
            f"{what}: data folder {str(folder.root)!r} is incomplete or damaged ({len(problems)} problem(s): "
            + "; ".join(problems[:3])
            + "); run `dealpool check --repair` to drop the damaged parts, then the commands it prints"
        )


@dataclass
class Dropped:
    """What `repair` dropped: per table the (part, rows the ledger listed, None when unlisted), and
    the deals parts now gone whose verdicts were kept (`deals_gone`: the dropped deals parts and those
    the intact verdicts parts name with no deals part left), for pipeline/repair.py to rebuild."""

    parts: dict[str, list[tuple[str, int | None]]] = field(default_factory=lambda: {DEALS: [], VERDICTS: []})
    deals_gone: dict[str, int | None] = field(default_factory=dict)


def damaged(folder: Folder, table: str) -> list[str]:
    """The parts of `table` `audit` finds missing, changed, unreadable or unlisted, by name."""
    book = ledger(folder, table)
    files = {part_stem(p): p for p in folder.parts(table)}
    bad = [n for n, e in book.items()
           if "bad" in e or n not in files or not regular(files[n]) or sha256(files[n]) != e["sha256"]]  # fmt: skip
    return sorted(bad + sorted(set(files) - set(book)))


def repair(folder: Folder) -> Dropped:
    """Drop what `audit` finds damaged, and only that: a damaged or unlisted part (and its ledger
    entry) goes; an intact verdicts part stays, even when its deals part goes (its rows are still
    true, and pipeline/repair.py rebuilds the deals part from their codes or says how to resample
    it). Under the write lock."""
    out = Dropped()
    with writer(folder):
        for table in (DEALS, VERDICTS, GRADES):
            book = ledger(folder, table)
            for name in damaged(folder, table):
                e = book.get(name, {})
                rows = e.get("rows") if isinstance(e.get("rows"), int) else None
                out.parts[table].append((name, rows))
                remove(folder.table(table) / f"{name}.parquet")  # a symlink goes, never its target
                remove(ledger_path(folder, table, name))
                if table == DEALS:
                    out.deals_gone[name] = rows
        have = set(ledger(folder, DEALS))
        for v in ledger(folder, VERDICTS):
            stem = v.rsplit(".", 2)[0]
            if stem not in have:
                out.deals_gone.setdefault(stem, None)
    return out


def adopt(folder: Folder) -> int:
    """Record in the ledger every part it lacks, as it is now (a folder written before ledgers).
    Returns how many were recorded."""
    n = 0
    with writer(folder):
        for table in (DEALS, VERDICTS, GRADES):
            book = ledger(folder, table)
            for p in folder.parts(table):
                if part_stem(p) not in book:
                    record(folder, table, part_stem(p), read_part(p, table).num_rows, sha256(p))
                    n += 1
    return n
