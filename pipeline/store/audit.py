"""The ledger against the parts: what `check` reports, what `export` and `report` refuse, and what
`check --repair` drops and `check --adopt` records."""

from __future__ import annotations

import os
import stat
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


def repair(folder: Folder) -> list[str]:
    """Drop what `audit` finds damaged so the usual steps rebuild it: a damaged verdicts part (and
    its entry) goes, `solve` redoes it; a damaged deals part goes with its verdicts parts. Returns
    what to run next, one line each. Under the write lock."""
    todo: list[str] = []
    with writer(folder):
        for table in (DEALS, VERDICTS, GRADES):
            book = ledger(folder, table)
            files = {part_stem(p): p for p in folder.parts(table)}
            bad = [n for n, e in book.items()
                   if "bad" in e or n not in files or not regular(files[n]) or sha256(files[n]) != e["sha256"]]  # fmt: skip
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
                    remove(folder.table(t) / f"{n}.parquet")  # a symlink goes, never its target
                    remove(ledger_path(folder, t, n))
    todo.append("dealpool solve")
    return todo


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
