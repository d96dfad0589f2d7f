"""`dealpool export`: the pool shipped to clients, every file written atomically, the manifest after
the files it hashes, then its signature."""

from __future__ import annotations

import base64
import json
import os
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

import engine
from pipeline import fair, files, store
from pipeline.export.format import FORMAT, MANIFEST, MAX_MANIFEST, POOL_SCHEMA, SIGNATURE, plain
from pipeline.export.graded import board_grades, check_grade, deal_grade, grading_entry, redeals_foreseen
from pipeline.export.keys import load_private_key
from pipeline.store import VERDICTS, Folder


SEQUENCE_FILE = "exports.json"
"""<data>/exports.json: {"sequence": n}, the last export's sequence number of this data folder."""


def _sequence(folder: Folder, out: Path) -> int:
    """The next export's sequence: one more than both the data folder's last and the manifest
    already in `out` (so it grows across export folders and never goes back in one)."""
    last = 0
    for path in (folder.root / SEQUENCE_FILE, out / MANIFEST):
        try:
            if files.require_regular(path):
                with os.fdopen(files.open_regular(path), "rb") as f:
                    n = json.loads(f.read(MAX_MANIFEST)).get("sequence")
                if isinstance(n, int) and not isinstance(n, bool) and n > 0:
                    last = max(last, n)
        except (ValueError, AttributeError, RecursionError):
            pass  # an unreadable record counts as none: the sequence still grows from the other
    return last + 1


def created_now() -> str:
    """UTC now, to the second (SOURCE_DATE_EPOCH when set, for reproducible exports)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    t = datetime.fromtimestamp(int(epoch), timezone.utc) if epoch and epoch.isdigit() else datetime.now(timezone.utc)
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def _previous_files(out: Path) -> set[str]:
    """The files an earlier export listed in `out` (removed when no longer part of the pool)."""
    try:
        with os.fdopen(files.open_regular(out / MANIFEST), "rb") as f:
            m = json.loads(f.read(MAX_MANIFEST))
        return {n for n in m["files"] if isinstance(n, str) and plain(n)}
    except Exception:  # no or unreadable earlier manifest: remove nothing
        return set()


def refuse_inside(folder: Folder, out: Path) -> None:
    """BadInput when `out` is the data folder itself or inside one of its own folders (the tables,
    the ledger, .tmp/, fair/): an export there would mix with, or delete, the folder's own files."""
    root, o = folder.root.resolve(), out.resolve()
    own = [root / d for d in store.LAYOUT_DIRS]
    if o == root or any(o == d or d in o.parents for d in own):
        raise engine.BadInput(
            f"--out {str(out)!r} is the data folder or one of its own folders (tables, ledger, .tmp, fair); "
            "give another folder (default: <data>/pool)"
        )


def export_pool(folder: Folder, out: Path, sign: Path | None = None, grade: str | None = None) -> dict[str, Any]:
    """Write the pool of every board with won deals into `out`; return the manifest. With `sign`
    (an Ed25519 private key from `dealpool keygen`) also write manifest.json.sig. With `grade`, only
    the deals of that grade (so only graded boards), the manifest's `grade` saying so."""
    check_grade(grade)
    folder.require()
    private = load_private_key(sign) if sign is not None else None  # a bad key stops before any work
    store.require_sound(folder, "export")
    dealt = {(r["board"], r["code"]) for r in store.read_table(folder, store.DEALS).select(["board", "code"]).to_pylist()}
    won: dict[str, dict[str, dict[str, Any]]] = {}
    for r in store.read_table(folder, VERDICTS).to_pylist():
        if r["verdict"] == "won" and r["referee"] == "ok" and (r["board"], r["code"]) in dealt:
            won.setdefault(r["board"], {}).setdefault(r["code"], r)
    graded = board_grades(folder, {b: list(rows) for b, rows in won.items()})
    if grade is not None:  # only the deals of that grade: an ungraded board has none
        won = {b: {c: r for c, r in rows.items() if graded[b][1][c]["grade"] == grade}
               for b, rows in won.items() if b in graded}  # fmt: skip
        won = {b: rows for b, rows in won.items() if rows}
    refuse_inside(folder, out)
    old = _previous_files(out)
    files.real_dir(out)
    versions = {"engine_version": engine.engine_version(), "rules_version": engine.RULES_VERSION}
    sequence = _sequence(folder, out)
    manifest: dict[str, Any] = {"format": FORMAT, **versions, "sequence": sequence, "created": created_now(),
                                "grade": grade, "boards": {}, "files": {}}  # fmt: skip
    for board in sorted(won):
        rows = sorted(won[board].values(), key=lambda r: r["code"])
        g, rows_g = graded.get(board, (None, {}))
        entries = [{"code": r["code"], "nodes": r["nodes"], "budget": r["budget"], "line": list(r["line"]),
                    **deal_grade(rows_g.get(r["code"]))} for r in rows]  # fmt: skip
        jpath, ppath = out / f"{board}.json", out / f"{board}.parquet"
        doc = {"board": board, **versions, "deals": entries}
        files.write_atomic(jpath, (json.dumps(doc, indent=1) + "\n").encode())
        meta = {"board": board, **versions}
        table = pa.Table.from_pylist(entries, schema=POOL_SCHEMA.with_metadata(meta))
        with files.atomic(ppath) as tmp:
            pq.write_table(table, tmp, compression="zstd")
        manifest["boards"][board] = {
            "count": len(entries),
            "budgets": sorted({r["budget"] for r in rows}),
            "json": jpath.name,
            "parquet": ppath.name,
            "grading": grading_entry(g) if g is not None else None,
            "redeals_foreseen": redeals_foreseen(board),
        }
        for p in (jpath, ppath):
            manifest["files"][p.name] = files.sha256(p)
    export_fair(folder, out, manifest)
    for name in old - set(manifest["files"]):
        files.remove(out / name)  # a symlink goes, never its target
    data = (json.dumps(manifest, indent=1, sort_keys=True) + "\n").encode()
    files.write_atomic(out / MANIFEST, data)
    files.write_atomic(folder.root / SEQUENCE_FILE, (json.dumps({"sequence": sequence}) + "\n").encode())
    if private is not None:
        files.write_atomic(out / SIGNATURE, base64.b64encode(private.sign(data)) + b"\n")
    else:
        files.remove(out / SIGNATURE)  # an old signature would not match this manifest
    return manifest


def export_fair(folder: Folder, out: Path, manifest: dict[str, Any]) -> None:
    """Ship the committed sample's verdicts (sample.json, hashed in the manifest) when the data
    folder has one. Reads only the public records under <data>/fair/, never fair/secret/: the server
    seed reaches an export only through `dealpool fair reveal` (pipeline/fair/seed.py)."""
    for name in fair.export_sample(folder, out):
        manifest["files"][name] = files.sha256(out / name)
