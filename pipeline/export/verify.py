"""`dealpool verify`: the check that an exported pool is intact. It trusts nothing but the export's
files and the engine: each check below is a small function returning problems (one line each): the
manifest's shape, its file names (plain names in the folder, no file unlisted), the hashes, every
manifest field against the board files, the replays, and with `--key` the signature."""

from __future__ import annotations

import base64
import json
import os
import re
import stat
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

import engine
from pipeline import fair
from pipeline.export.format import (
    BOARD_KEYS,
    CREATED,
    FORMAT,
    MANIFEST,
    MANIFEST_KEYS,
    MAX_MANIFEST,
    POOL_SCHEMA,
    SIGNATURE,
    plain,
)
from pipeline.export.graded import check_deal_grades, check_grading_shape, check_regrade
from pipeline.export.keys import load_public_key
from pipeline import files
from pipeline.files import open_regular, sha256
from pipeline.solver import Solver, referee

Problems = list[str]
_HEX64 = re.compile(r"[0-9a-f]{64}")


def _short(e: BaseException) -> str:
    text = str(e).splitlines()[0] if str(e) else ""
    return f"{type(e).__name__}: {text[:200]}" if text else type(e).__name__


def read_capped(path: Path, cap: int = MAX_MANIFEST) -> bytes:
    """A pool file's bytes (files.read_capped: a regular file only, never past `cap` bytes)."""
    return files.read_capped(path, cap, "pool file")


def load_manifest(out: Path) -> tuple[dict[str, Any] | None, Problems]:
    """The manifest, or the problem that it is not one. No folder or no manifest is BadInput."""
    if not out.is_dir():
        raise engine.BadInput(f"export folder {str(out)!r} does not exist (make one with `dealpool export --out DIR`)")
    mpath = out / MANIFEST
    if not os.path.lexists(mpath):
        raise engine.BadInput(f"{str(out)!r} holds no manifest.json: not an exported pool")
    mode = os.lstat(mpath).st_mode
    if not stat.S_ISREG(mode):
        return None, [f"{MANIFEST}: {'a symlink' if stat.S_ISLNK(mode) else 'not a regular file'} in the pool (refused)"]
    try:
        manifest = json.loads(read_capped(mpath))
    except engine.BadInput as e:
        return None, [f"manifest.json: {e}"]
    except (ValueError, RecursionError) as e:
        return None, [f"manifest.json is not valid JSON ({_short(e)})"]
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        return None, [f"manifest.json is not a {FORMAT} manifest"]
    return manifest, []


def check_shape(manifest: dict[str, Any]) -> Problems:
    """Every field there, of its type, and nothing else (a field no check reads is refused)."""
    p: Problems = []
    if set(manifest) != MANIFEST_KEYS:
        p.append(f"manifest fields {sorted(manifest)} differ from {sorted(MANIFEST_KEYS)}")
    for k in ("engine_version", "rules_version"):
        if not isinstance(manifest.get(k), str):
            p.append(f"manifest {k} is not text")
    seq = manifest.get("sequence")
    if not (isinstance(seq, int) and not isinstance(seq, bool) and seq >= 1):
        p.append("manifest sequence is not a whole number >= 1")
    if not (isinstance(manifest.get("created"), str) and CREATED.fullmatch(manifest["created"])):
        p.append("manifest created is not a UTC time YYYY-MM-DDTHH:MM:SSZ")
    if manifest.get("grade") is not None and manifest.get("grade") not in engine.GRADES:
        p.append(f"manifest grade is not null or one of {', '.join(engine.GRADES)}")
    boards, files = manifest.get("boards"), manifest.get("files")
    if not isinstance(boards, dict):
        p.append("manifest boards is not an object {board: {count, budgets, json, parquet}}")
    else:
        for b, info in boards.items():
            if not isinstance(info, dict) or set(info) != BOARD_KEYS:
                p.append(f"manifest board {b!r} is not an object with exactly {sorted(BOARD_KEYS)}")
                continue
            if not (isinstance(info["count"], int) and not isinstance(info["count"], bool) and info["count"] >= 1):
                p.append(f"{b}: count is not a whole number >= 1")
            bs = info["budgets"]
            if not (isinstance(bs, list) and bs and all(isinstance(x, int) and not isinstance(x, bool) for x in bs)):
                p.append(f"{b}: budgets is not a list of whole numbers")
            if info["json"] != f"{b}.json" or info["parquet"] != f"{b}.parquet":
                p.append(f"{b}: its files must be named {b}.json and {b}.parquet")
            p += check_grading_shape(b, info)
    if not isinstance(files, dict) or not all(isinstance(k, str) and isinstance(v, str) and _HEX64.fullmatch(v) for k, v in files.items()):
        p.append("manifest files is not an object {file name: SHA-256 hex}")
    return p


def check_names(out: Path, manifest: dict[str, Any]) -> Problems:
    """Every listed name a plain file in `out` (never a path outside it); the files listed are
    exactly the boards' files; no file in `out` is unlisted."""
    p: Problems = []
    files = set(manifest["files"])
    for name in sorted(files):
        if not plain(name) or (out / name).resolve().parent != out.resolve():
            p.append(f"{name!r}: not a plain file name in the folder (refused)")
    want = {info[k] for info in manifest["boards"].values() for k in ("json", "parquet")}
    fair_listed, fair_unlisted = fair.export_names(out)  # what the fair scheme adds (issue 17)
    for name in sorted(want - files):
        p.append(f"{name}: a board's file not covered by the manifest's hashes")
    for name in sorted(files - want - fair_listed - {fair.SAMPLE_FILE}):
        p.append(f"{name}: listed in files but no board's file")
    extra = {x.name for x in out.iterdir()} - files - {MANIFEST, SIGNATURE} - fair_unlisted
    for name in sorted(extra):
        p.append(f"{name}: in the folder but not in the manifest (unlisted file)")
    p += fair.check_reveals(out, fair_unlisted)  # each reveal must be one: its seed hashes to its name
    for x in sorted(out.iterdir()):
        mode = os.lstat(x).st_mode
        if not stat.S_ISREG(mode):
            p.append(f"{x.name}: {'a symlink' if stat.S_ISLNK(mode) else 'not a regular file'} in the pool (refused)")
    return p


def check_fresh(manifest: dict[str, Any], not_before: str | None, min_sequence: int | None) -> Problems:
    """An older pool than the client has seen is refused: its sequence below `min_sequence`, or made
    before `not_before` (UTC, YYYY-MM-DDTHH:MM:SSZ or a date YYYY-MM-DD)."""
    p: Problems = []
    if min_sequence is not None and manifest["sequence"] < min_sequence:
        p.append(f"manifest sequence {manifest['sequence']} is below --min-sequence {min_sequence} (an older pool)")
    if not_before is not None and manifest["created"] < not_before:
        p.append(f"manifest created {manifest['created']} is before --not-before {not_before} (an older pool)")
    return p


def check_not_before(text: str) -> str:
    """`--not-before` as the manifest's form (a date means its midnight UTC); else BadInput."""
    t = text.strip()
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", t):
        t += "T00:00:00Z"
    if not CREATED.fullmatch(t):
        raise engine.BadInput(f"bad --not-before {text[:40]!r}: give a UTC time YYYY-MM-DDTHH:MM:SSZ or a date YYYY-MM-DD")
    return t


def check_hashes(out: Path, manifest: dict[str, Any]) -> Problems:
    p: Problems = []
    for name, digest in sorted(manifest["files"].items()):
        f = out / name
        if not plain(name):
            continue
        if not os.path.lexists(f):
            p.append(f"{name}: missing")
        elif not stat.S_ISREG(os.lstat(f).st_mode):
            continue  # check_names says what it is
        elif sha256(f) != digest:
            p.append(f"{name}: SHA-256 differs from the manifest (changed)")
    return p


def read_board(out: Path, board: str, info: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]], dict[bytes, bytes]]:
    """(JSON document, Parquet rows, Parquet metadata) of a board; raises on an unreadable file."""
    doc = json.loads(read_capped(out / info["json"]))
    with os.fdopen(open_regular(out / info["parquet"], files.MAX_PARQUET), "rb") as f:
        t = pq.read_table(f)
    if [(f.name, f.type) for f in t.schema] != [(f.name, f.type) for f in POOL_SCHEMA]:
        raise ValueError(f"columns {t.schema.names}, expected {POOL_SCHEMA.names}")
    if not (isinstance(doc, dict) and isinstance(doc.get("deals"), list)):
        raise ValueError("not a {board, deals} document")
    return doc, t.to_pylist(), t.schema.metadata or {}


def deals_shaped(jrows: list[Any]) -> bool:
    """Each JSON deal an object with a text code and a line of text moves (what the checks read)."""
    return all(
        isinstance(d, dict) and isinstance(d.get("code"), str) and isinstance(d.get("line"), list)
        and all(isinstance(m, str) for m in d["line"])
        for d in jrows
    )  # fmt: skip


def check_board(manifest: dict[str, Any], board: str, doc: dict[str, Any], prows: list[dict[str, Any]],
                meta: dict[bytes, bytes]) -> Problems:  # fmt: skip
    """Every manifest field of a board against its files: count, budgets, versions, board name."""
    p: Problems = []
    info = manifest["boards"][board]
    jrows = doc["deals"]
    fields = ("code", "nodes", "budget", "grade", "wins", "playouts")
    key = [(*(d.get(k) for k in fields), list(d["line"])) for d in jrows]
    if key != [(*(r[k] for k in fields), list(r["line"])) for r in prows]:
        p.append(f"{board}: the JSON and Parquet files list different deals or lines")
    canon = [canonical(d["code"]) for d in jrows]
    if len(set(canon)) != len(jrows):
        twice = next(c for c in canon if canon.count(c) > 1)
        p.append(f"{board}: a deal is listed twice (canonical code {twice[:80]}, under any spelling)")
    if len(jrows) != info["count"]:
        p.append(f"{board}: {len(jrows)} deals, manifest says count {info['count']}")
    budgets = sorted({d.get("budget") for d in jrows if isinstance(d.get("budget"), int)})
    if budgets != info["budgets"]:
        p.append(f"{board}: deals were solved at budgets {budgets}, manifest says {info['budgets']}")
    for k in ("engine_version", "rules_version"):
        found = {doc.get(k), meta.get(k.encode(), b"").decode(errors="replace")}
        if found != {manifest[k]}:
            p.append(f"{board}: files say {k} {sorted(map(str, found))}, manifest says {manifest[k]!r}")
    if doc.get("board") != board or meta.get(b"board") != board.encode():
        p.append(f"{board}: its files are of board {doc.get('board')!r}")
    if manifest["rules_version"] != engine.RULES_VERSION:
        p.append(f"{board}: made under rules {manifest['rules_version']!r}; this engine's referee is {engine.RULES_VERSION!r}")
    return p


def canonical(code: str) -> str:
    """The canonical code of a listed code, or the code itself when it does not parse (check_replays
    reports that)."""
    try:
        return engine.canonical_code(code)
    except engine.BadInput:
        return code


def check_replays(board: str, jrows: list[dict[str, Any]], solver: Solver) -> tuple[int, Problems]:
    """Re-deal every code (of this board) and replay its line in the referee."""
    p: Problems = []
    n = 0
    for d in jrows:
        code, line = d["code"], d["line"]
        n += 1
        try:
            deal = engine.deal(code)
        except engine.BadInput as e:
            p.append(f"{board} {code[:80]}: does not deal ({e})")
            continue
        dealt = engine.board_for(deal).id
        if dealt != board:
            p.append(f"{board} {code}: is a {dealt} deal")
        ok, why = referee(solver, deal, line)
        if not ok:
            p.append(f"{board} {code}: the referee {why}")
    return n, p


def check_signature(out: Path, key: Path) -> Problems:
    """manifest.json signed by the holder of the private key of `key` (Ed25519)."""
    from cryptography.exceptions import InvalidSignature

    public = load_public_key(key)
    sig = out / SIGNATURE
    if not sig.is_file():
        return [f"{SIGNATURE}: missing (the pool is not signed; export it with --sign KEY)"]
    try:
        public.verify(base64.b64decode(read_capped(sig, 4096).strip(), validate=True), read_capped(out / MANIFEST))
    except (InvalidSignature, ValueError, engine.BadInput):
        return [f"{SIGNATURE}: not a signature of this manifest by the key {str(key)!r} (tampered or another operator's)"]
    return []


def verify_pool(out: Path, solver: Solver = engine, key: Path | None = None, not_before: str | None = None,
                min_sequence: int | None = None) -> tuple[int, list[str]]:  # fmt: skip
    """(deals replayed, problems). Bad input (no folder, no manifest, a bad key, a bad --not-before)
    is BadInput. With `not_before` or `min_sequence`, an older pool is a problem (check_fresh)."""
    if not_before is not None:
        not_before = check_not_before(not_before)
    if min_sequence is not None and min_sequence < 1:
        raise engine.BadInput(f"bad --min-sequence {min_sequence}: give 1 or more")
    if key is not None:
        load_public_key(key)  # a bad key is bad input, before any work
    manifest, problems = load_manifest(out)
    if key is not None:
        problems += check_signature(out, key)
    if manifest is None:
        return 0, problems
    shape = check_shape(manifest)
    if shape:
        return 0, problems + shape
    problems += check_fresh(manifest, not_before, min_sequence)
    problems += check_names(out, manifest)
    problems += check_hashes(out, manifest)
    replayed = 0
    for board in sorted(manifest["boards"]):
        info = manifest["boards"][board]
        if not (plain(info["json"]) and plain(info["parquet"])):
            continue
        try:
            doc, prows, meta = read_board(out, board, info)
        except Exception as e:  # a damaged file is a problem to report, never a traceback
            problems.append(f"{board}: unreadable pool file ({_short(e)})")
            continue
        if not deals_shaped(doc["deals"]):
            problems.append(f"{board}: the JSON deals are not {{code, nodes, budget, line}} objects")
            continue
        problems += check_board(manifest, board, doc, prows, meta)
        n, p = check_replays(board, doc["deals"], solver)
        replayed += n
        problems += p
        problems += check_deal_grades(manifest, board, doc["deals"])
        problems += check_regrade(manifest, board, doc["deals"])[1]
    return replayed, problems


def verify_fair(out: Path) -> tuple[list[str], str]:
    """(problems, summary line) of the export's committed sample and its reveal; nothing when the
    export ships no sample. Run after verify_pool, which has already refused a folder with no manifest."""
    try:
        manifest = json.loads(read_capped(out / MANIFEST))
    except (OSError, ValueError, RecursionError, engine.BadInput):  # verify_pool has reported the manifest already
        return [], ""
    if not isinstance(manifest, dict):
        return [], ""
    return fair.verify_sample(out, manifest)
