"""The ledger: each part's row count and SHA-256, written before the part is moved into place, so
`check` can name a part missing, changed or unlisted, and a kill between the entry and the move can
be finished (pipeline/store/lock.py's `recover`).

    ledger/<table>/<part>.json    {"rows": n, "sha256": hex}
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import engine
from pipeline import files
from pipeline.store.tables import LEDGER, Folder


MAX_ENTRY = 4096
"""The most bytes of a ledger entry read (an entry is about 90 bytes)."""


def ledger_path(folder: Folder, table: str, name: str) -> Path:
    return folder.root / LEDGER / table / f"{name}.json"


def ledger(folder: Folder, table: str) -> dict[str, dict[str, Any]]:
    """{part name: {"rows": n, "sha256": hex}} of a table; an unreadable entry is {"bad": why}."""
    d = folder.root / LEDGER / table
    out: dict[str, dict[str, Any]] = {}
    for p in sorted(d.glob("*.json")) if d.is_dir() else []:
        try:
            e = json.loads(files.read_capped(p, MAX_ENTRY, "ledger entry"))
            if not (isinstance(e, dict) and isinstance(e.get("rows"), int) and isinstance(e.get("sha256"), str)):
                raise ValueError("not {rows, sha256}")
            out[p.name[: -len(".json")]] = e
        except (ValueError, UnicodeDecodeError, RecursionError, engine.BadInput) as err:
            out[p.name[: -len(".json")]] = {"bad": str(err).splitlines()[0] if str(err) else "unreadable"}
    return out


def record(folder: Folder, table: str, name: str, rows: int, digest: str) -> None:
    """The ledger entry of a part (atomic)."""
    data = json.dumps({"rows": rows, "sha256": digest}, sort_keys=True).encode()
    files.write_atomic(ledger_path(folder, table, name), data)
