"""`export` and `verify`: the pool shipped to clients, and the check that it is intact.

An export folder holds, per board, `<board>.json` and `<board>.parquet` (the proven-winnable codes
with their lines) and `manifest.json` (counts, engine and rules versions, budgets, the SHA-256 of
every file). `verify` trusts nothing but those files and the engine: it checks every hash, that the
JSON and Parquet agree, and re-deals and replays every line in the referee.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

import engine
from pipeline import fairness, storage
from pipeline.solver import Solver, referee
from pipeline.storage import VERDICTS, Folder

FORMAT = "dealpool-pool/1"
POOL_SCHEMA = pa.schema(
    [
        pa.field("code", pa.string(), nullable=False),
        pa.field("nodes", pa.int64(), nullable=False),
        pa.field("line", pa.list_(pa.string()), nullable=False),
    ]
)


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _atomic_write(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def export_pool(folder: Folder, out: Path) -> dict[str, Any]:
    """Write the pool of every board with won deals into `out`; return the manifest."""
    folder.require()
    dealt = {(r["board"], r["code"]) for r in storage.read_table(folder, storage.DEALS).select(["board", "code"]).to_pylist()}
    won: dict[str, dict[str, dict[str, Any]]] = {}
    for r in storage.read_table(folder, VERDICTS).to_pylist():
        if r["verdict"] == "won" and r["referee"] == "ok" and (r["board"], r["code"]) in dealt:
            won.setdefault(r["board"], {}).setdefault(r["code"], r)
    out.mkdir(parents=True, exist_ok=True)
    manifest: dict[str, Any] = {
        "format": FORMAT,
        "engine_version": engine.engine_version(),
        "rules_version": engine.RULES_VERSION,
        "boards": {},
        "files": {},
    }
    for board in sorted(won):
        rows = sorted(won[board].values(), key=lambda r: r["code"])
        entries = [{"code": r["code"], "nodes": r["nodes"], "line": list(r["line"])} for r in rows]
        jpath, ppath = out / f"{board}.json", out / f"{board}.parquet"
        _atomic_write(jpath, (json.dumps({"board": board, "deals": entries}, indent=1) + "\n").encode())
        table = pa.Table.from_pylist(entries, schema=POOL_SCHEMA.with_metadata({"board": board}))
        tmp = ppath.with_name(f".{ppath.name}.tmp")
        pq.write_table(table, tmp, compression="zstd")
        os.replace(tmp, ppath)
        manifest["boards"][board] = {
            "count": len(entries),
            "budgets": sorted({r["budget"] for r in rows}),
            "json": jpath.name,
            "parquet": ppath.name,
        }
        for p in (jpath, ppath):
            manifest["files"][p.name] = sha256(p)
    export_fair(folder, out, manifest)
    _atomic_write(out / "manifest.json", (json.dumps(manifest, indent=1, sort_keys=True) + "\n").encode())
    return manifest


def verify_pool(out: Path, solver: Solver = engine) -> tuple[int, list[str]]:
    """(deals replayed, problems). Bad input (no folder, no manifest) is BadInput."""
    if not out.is_dir():
        raise engine.BadInput(f"export folder {str(out)!r} does not exist (make one with `dealpool export --out DIR`)")
    mpath = out / "manifest.json"
    try:
        manifest = json.loads(mpath.read_text())
    except FileNotFoundError:
        raise engine.BadInput(f"{str(out)!r} holds no manifest.json: not an exported pool") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        return 0, [f"manifest.json is not valid JSON ({e})"]
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        return 0, [f"manifest.json is not a {FORMAT} manifest"]
    problems: list[str] = []
    files = manifest.get("files", {})
    listed = set(files)
    for name, digest in sorted(files.items()):
        p = out / name
        if not p.is_file():
            problems.append(f"{name}: missing")
        elif sha256(p) != digest:
            problems.append(f"{name}: SHA-256 differs from the manifest (changed)")
    replayed = 0
    for board, info in sorted(manifest.get("boards", {}).items()):
        for key in ("json", "parquet"):
            if info.get(key) not in listed:
                problems.append(f"{board}: {key} file not covered by the manifest's hashes")
        try:
            doc = json.loads((out / info["json"]).read_text())
            jrows = [(d["code"], list(d["line"])) for d in doc["deals"]]
            prows = [(r["code"], list(r["line"])) for r in pq.read_table(out / info["parquet"]).to_pylist()]
        except Exception as e:
            problems.append(f"{board}: unreadable pool file ({type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''})")
            continue
        if len({c for c, _ in jrows}) != len(jrows):
            problems.append(f"{board}: a code is listed twice")
        if jrows != prows:
            problems.append(f"{board}: the JSON and Parquet files list different deals or lines")
        if len(jrows) != info.get("count"):
            problems.append(f"{board}: {len(jrows)} deals, manifest says {info.get('count')}")
        for code, line in jrows:
            replayed += 1
            try:
                dealt = engine.board_for(engine.deal(code).code).id
            except engine.BadInput as e:
                problems.append(f"{board} {code}: does not deal ({e})")
                continue
            if dealt != board:
                problems.append(f"{board} {code}: is a {dealt} deal")
            ok, why = referee(solver, code, line)
            if not ok:
                problems.append(f"{board} {code}: the referee {why}")
    return replayed, problems


# ---- provably fair (issue 17): the committed sample's verdicts, and their check -----------------


def export_fair(folder: Folder, out: Path, manifest: dict[str, Any]) -> None:
    """Ship the committed sample's verdicts (sample.json, hashed in the manifest) when the data
    folder has one. Reads only the public records under <data>/fair/, never fair/secret/: the server
    seed reaches an export only through `dealpool fair reveal` (pipeline/fairness.py)."""
    for name in fairness.export_sample(folder, out):
        manifest["files"][name] = sha256(out / name)


def verify_fair(out: Path) -> tuple[list[str], str]:
    """(problems, summary line) of the export's committed sample and its reveal; nothing when the
    export ships no sample. Run after verify_pool, which has already refused a folder with no manifest."""
    try:
        manifest = json.loads((out / "manifest.json").read_text())
    except (OSError, ValueError, RecursionError):  # verify_pool has reported the manifest already
        return [], ""
    if not isinstance(manifest, dict):
        return [], ""
    return fairness.verify_sample(out, manifest)
