"""The server seed's life: made and committed to (`fair commit`), kept secret, revealed into the
export once the committed sample's verdicts are shipped there (`fair reveal`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import engine
from pipeline import files
from pipeline.fair.draw import pool_digests
from pipeline.fair.state import (
    SAMPLE_FILE,
    SECRET,
    current,
    fair_dir,
    locked,
    read_json,
    record,
    reveal_name,
    save_record,
    secret_path,
    server_seed,
    state,
    state_path,
    write_json,
)
from pipeline.store import Folder


def commit(folder: Folder, pool: Path | None = None) -> str:
    """`_commit` under the folder's lock (waited for): four concurrent commits make one commitment."""
    with locked(folder):
        return _commit(folder, pool)


def _commit(folder: Folder, pool: Path | None = None) -> str:
    """Make a server seed with `secrets`, keep it private, return its commitment (to publish). With
    `pool`, pin its board files now (their SHA-256s, published with the commitment), so no draw
    under this commitment can come from another pool."""
    import secrets

    st = state(folder)
    if st.get("current"):
        raise engine.BadInput(
            f"commitment {st['current']} is not revealed yet: run `dealpool fair reveal` before a new commit"
        )
    pools = pool_digests(pool) if pool is not None else {}
    seed = secrets.token_hex(32)
    c = engine.fair.commitment(seed)
    if (fair_dir(folder) / f"{c}.json").exists():  # only a broken `secrets` repeats a seed
        raise engine.RunFailed(f"the new server seed's commitment {c} is already used; nothing committed")
    sdir = fair_dir(folder) / SECRET
    files.real_dir(sdir)  # never a symlink: chmod would follow it
    os.chmod(sdir, 0o700)
    files.write_atomic(secret_path(folder, c), seed.encode("utf-8"), mode=0o600)
    save_record(folder, {"scheme": engine.fair.SCHEME, "commitment": c, "sample": None, "draws": [], "pools": pools})
    write_json(state_path(folder), {**st, "current": c})
    return c


def reveal(folder: Folder, out: Path) -> dict[str, Any]:
    """`_reveal` under the folder's lock (waited for)."""
    with locked(folder):
        return _reveal(folder, out)


def _reveal(folder: Folder, out: Path) -> dict[str, Any]:
    """Put the seed, the client seeds and the commitment into the export `out` (reveal-<c>.json), after
    checking the seed against its commitment and that `out` already ships this commitment's sample."""
    c = current(folder)
    seed = server_seed(folder, c)
    rec = record(folder, c)
    smp = rec.get("sample")
    if smp:
        shipped = read_json(out / SAMPLE_FILE) if out.is_dir() else None
        if not isinstance(shipped, dict) or shipped.get("commitment") != c:
            raise engine.BadInput(
                f"{str(out)!r} does not ship the committed sample of {c} yet: run `dealpool export` "
                "first (the verdicts are shipped before the seed is revealed)"
            )
    elif not out.is_dir():
        raise engine.BadInput(f"export folder {str(out)!r} does not exist (make one with `dealpool export`)")
    doc = {
        "scheme": engine.fair.SCHEME,
        "commitment": c,
        "server_seed": seed,
        "client_seeds": list(smp["client_seeds"]) if smp else [],
        "sample": {k: smp[k] for k in ("boards", "count", "population")} if smp else None,
        "draws": rec.get("draws", []),
        "pools": rec.get("pools", {}),
    }
    write_json(out / reveal_name(c), doc)
    write_json(fair_dir(folder) / f"{c}.reveal.json", doc)
    rec["revealed"] = True
    save_record(folder, rec)
    write_json(state_path(folder), {**state(folder), "current": None})
    files.remove(secret_path(folder, c))
    return doc
