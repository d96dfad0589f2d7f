"""Provably fair sampling and draws (issue 17, seed 002): the operator's side of the commit-reveal.

State in the data folder, under `fair/`:

    fair/state.json            {"current": commitment of the unrevealed seed or null,
                                "sampled": commitment of the last committed sample or null}
    fair/<commitment>.json     the public record of one commitment: its committed sample (client
                               seeds, boards, count, the drawn numbers) and its player draws
    fair/secret/<commitment>   THE SERVER SEED, mode 0600 in a 0700 folder, until the reveal
    fair/<commitment>.reveal.json   after the reveal: what `reveal` wrote into the export as
                               reveal-<commitment>.json (one file a commitment, so reveals add up)

The export (pipeline/export.py's fair section, `export_sample` here) reads only state.json and the
public records, never `fair/secret/`: the seed leaves the data folder only through `reveal`, which
writes `reveal-<commitment>.json` into the export after the sample's verdicts are already shipped there.

Draws are engine.fair's: a committed sample is `engine.fair.sample` over the numbered deals
1..MAX_NUMBER (the same numbers on every board sampled), a player's draw `engine.fair.pick` over the
pool file's codes in their listed order.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import engine
from pipeline import storage
from pipeline.sample import DEALS_BLOCK, MAX_NUMBER, deal_row
from pipeline.storage import DEALS, VERDICTS, Folder

FAIR = "fair"
SECRET = "secret"
SAMPLE_FILE = "sample.json"
REVEAL_GLOB = "reveal-*.json"


def reveal_name(commitment: str) -> str:
    """The export's file of one commitment's reveal."""
    return f"reveal-{commitment}.json"
SHIPPED_VERDICTS = ("won", "lost", "unknown")


# ---- the data folder's state ------------------------------------------------------------------


def _dir(folder: Folder) -> Path:
    return folder.root / FAIR


def _write_json(path: Path, doc: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")
    os.replace(tmp, path)


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text())
    except FileNotFoundError:
        return None
    except (ValueError, RecursionError) as e:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise engine.BadInput(f"{str(path)!r} is not valid JSON ({type(e).__name__}); it is dealpool's fair state") from None


def _try_json(path: Path) -> tuple[Any, str]:
    """(document or None, problem or ''): for `verify`, where a bad file is a finding, not an error."""
    try:
        return json.loads(path.read_text()), ""
    except FileNotFoundError:
        return None, ""
    except (OSError, ValueError, RecursionError) as e:
        return None, f"{path.name}: not valid JSON ({type(e).__name__})"


def state(folder: Folder) -> dict[str, Any]:
    s = _read_json(_dir(folder) / "state.json")
    return s if isinstance(s, dict) else {"current": None, "sampled": None}


def record(folder: Folder, commitment: str) -> dict[str, Any]:
    r = _read_json(_dir(folder) / f"{commitment}.json")
    if not isinstance(r, dict):
        raise engine.BadInput(f"no record of commitment {commitment} in {str(_dir(folder))!r}")
    return r


def _save_record(folder: Folder, rec: dict[str, Any]) -> None:
    _write_json(_dir(folder) / f"{rec['commitment']}.json", rec)


def _secret_path(folder: Folder, commitment: str) -> Path:
    return _dir(folder) / SECRET / commitment


def current(folder: Folder) -> str:
    """The commitment of the unrevealed server seed, or BadInput if there is none."""
    c = state(folder).get("current")
    if not c:
        raise engine.BadInput(
            f"no committed server seed in {str(folder.root)!r}: run `dealpool fair commit` first"
        )
    return str(c)


def server_seed(folder: Folder, commitment: str) -> str:
    """The secret, checked against its commitment (a changed secret file is refused)."""
    try:
        seed = _secret_path(folder, commitment).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise engine.BadInput(f"the server seed of commitment {commitment} is missing from fair/secret/") from None
    engine.fair.check_commitment(seed, commitment)
    return seed


def pool_digests(pool: Path) -> dict[str, str]:
    """SHA-256 of each board's pool file of an export: what player draws index into."""
    boards = {}
    for board in json.loads((pool / "manifest.json").read_text()).get("boards", {}):
        boards[board] = _sha256(pool_codes(pool, board)[2])
    return boards


def commit(folder: Folder, pool: Path | None = None) -> str:
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
    if (_dir(folder) / f"{c}.json").exists():  # only a broken `secrets` repeats a seed
        raise engine.RunFailed(f"the new server seed's commitment {c} is already used; nothing committed")
    sdir = _dir(folder) / SECRET
    sdir.mkdir(parents=True, exist_ok=True)
    os.chmod(sdir, 0o700)
    path = _secret_path(folder, c)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(seed)
        f.flush()
        os.fsync(f.fileno())
    _save_record(folder, {"scheme": engine.fair.SCHEME, "commitment": c, "sample": None, "draws": [], "pools": pools})
    _write_json(_dir(folder) / "state.json", {**st, "current": c})
    return c


# ---- committed samples -------------------------------------------------------------------------


def sample_numbers(seed: str, client_seeds: list[str], count: int) -> list[int]:
    """The numbered deals (1..MAX_NUMBER) a committed sample of `count` draws, in draw order."""
    return [i + 1 for i in engine.fair.sample([seed, *client_seeds], MAX_NUMBER, count)]


def sample_committed(folder: Folder, boards: list[str], count: int, client_seeds: list[str]) -> dict[str, int]:
    """Add the committed sample of `count` numbered deals per board. Re-running the same sample
    (after a kill) resumes it; a different sample under the same commitment is refused."""
    if count < 1 or count > MAX_NUMBER:
        raise engine.BadInput(f"bad --random {count}: give a count of 1..{MAX_NUMBER:,}")
    if not client_seeds:
        raise engine.BadInput("--committed needs at least one --client-seed TEXT (the public seed)")
    engine.fair.seed_bytes(client_seeds, "client seed")
    c = current(folder)
    rec = record(folder, c)
    want = {"client_seeds": list(client_seeds), "boards": list(boards), "count": count}
    old = rec.get("sample")
    if old and {k: old[k] for k in want} != want:
        raise engine.BadInput(
            f"commitment {c} already has a committed sample ({old['count']} deals of {','.join(old['boards'])}): "
            "reveal it and commit anew for another"
        )
    numbers = sample_numbers(server_seed(folder, c), list(client_seeds), count)
    if not old:
        rec["sample"] = {**want, "population": MAX_NUMBER, "numbers": numbers}
        _save_record(folder, rec)
        _write_json(_dir(folder) / "state.json", {**state(folder), "sampled": c})
    have = {(r["board"], r["code"]) for r in storage.read_table(folder, DEALS).select(["board", "code"]).to_pylist()}
    added: dict[str, int] = {}
    for board in boards:
        added[board] = 0
        for start in range(0, count, DEALS_BLOCK):
            codes = [engine.board_code(board, n) for n in numbers[start : start + DEALS_BLOCK]]
            rows = [deal_row(board, code) for code in codes if (board, code) not in have]
            if rows:
                storage.write_part(folder, DEALS, f"{board}.F{c[:16]}.{start:07d}", rows, commitment=c)
                added[board] += len(rows)
    return added


# ---- player draws ------------------------------------------------------------------------------


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pool_codes(pool: Path, board: str | None) -> tuple[str, list[str], Path]:
    """(board, its codes in listed order, its JSON file) of an exported pool; BadInput when the pool
    is missing or empty or the board is not in it."""
    manifest = _read_json(pool / "manifest.json") if pool.is_dir() else None
    if not isinstance(manifest, dict):
        raise engine.BadInput(f"{str(pool)!r} is not an exported pool (no manifest.json); run `dealpool export`")
    boards = manifest.get("boards") or {}
    if not boards:
        raise engine.BadInput(f"cannot draw from an empty pool: {str(pool)!r} holds no won deals")
    if board is None:
        if len(boards) != 1:
            raise engine.BadInput(f"the pool holds several boards: give --board, one of {', '.join(sorted(boards))}")
        board = next(iter(boards))
    if board not in boards:
        raise engine.BadInput(f"board {board!r} is not in the pool (boards: {', '.join(sorted(boards))})")
    path = pool / boards[board]["json"]
    doc = _read_json(path)
    codes = [d["code"] for d in doc["deals"]] if isinstance(doc, dict) else []
    if not codes:
        raise engine.BadInput(f"cannot draw from an empty pool: {str(path)!r} lists no deals")
    return board, codes, path


def draw(folder: Folder, pool: Path, board: str | None, client_seed: str) -> dict[str, Any]:
    """A player's deal: `pick([server seed, client seed], codes)`. The pool file's SHA-256 is pinned by
    `commit --pool` or else by the first draw of its board; a draw from a changed file is refused."""
    engine.fair.seed_bytes([client_seed], "client seed")
    c = current(folder)
    board, codes, path = pool_codes(pool, board)
    digest = _sha256(path)
    rec = record(folder, c)
    pinned = rec.setdefault("pools", {}).get(board)
    if pinned and pinned != digest:
        raise engine.BadInput(
            f"{path.name} is not the pool pinned under commitment {c} (SHA-256 {pinned}); "
            "draw from that pool, or reveal and commit anew"
        )
    seed = server_seed(folder, c)
    code = engine.fair.pick([seed, client_seed], codes)
    d = {"board": board, "client_seed": client_seed, "code": code, "index": codes.index(code),
         "count": len(codes), "pool_sha256": digest}  # fmt: skip
    rec["pools"][board] = digest
    if d not in rec["draws"]:
        rec["draws"].append(d)
    _save_record(folder, rec)
    return {**d, "commitment": c}


def verify_draw(pool: Path, board: str | None, client_seed: str, seed: str | None, commitment: str | None) -> dict[str, Any]:
    """Which deal the draw must have been, from the revealed seed (by default the pool's
    reveal-<commitment>.json; with no --commitment, the pool's one reveal). A seed that does not hash
    to the commitment is refused (BadInput)."""
    engine.fair.seed_bytes([client_seed], "client seed")
    if commitment is None and seed is None:
        found = sorted(pool.glob(REVEAL_GLOB)) if pool.is_dir() else []
        if len(found) != 1:
            why = "no reveal" if not found else f"{len(found)} reveals"
            raise engine.BadInput(f"{str(pool)!r} holds {why}: give --commitment (the one your draw printed)")
        commitment = found[0].name[len("reveal-") : -len(".json")]
    if commitment is None:
        raise engine.BadInput("with --server-seed give --commitment: the SHA-256 published before your draw")
    rev = _read_json(pool / reveal_name(commitment)) if pool.is_dir() else None
    if seed is None:
        if not isinstance(rev, dict):
            raise engine.BadInput(f"{str(pool)!r} holds no {reveal_name(commitment)} (not revealed yet): give --server-seed")
        seed = str(rev["server_seed"])
    engine.fair.check_commitment(seed, commitment)
    board, codes, path = pool_codes(pool, board)
    code = engine.fair.pick([seed, client_seed], codes)
    out = {"board": board, "code": code, "index": codes.index(code), "count": len(codes),
           "pool_sha256": _sha256(path), "commitment": commitment, "pool_changed": False}  # fmt: skip
    if isinstance(rev, dict) and rev.get("commitment") == commitment:
        pinned = (rev.get("pools") or {}).get(board)
        out["pool_changed"] = bool(pinned and pinned != out["pool_sha256"])
    return out


# ---- the reveal --------------------------------------------------------------------------------


def reveal(folder: Folder, out: Path) -> dict[str, Any]:
    """Put the seed, the client seeds and the commitment into the export `out` (reveal-<c>.json), after
    checking the seed against its commitment and that `out` already ships this commitment's sample."""
    c = current(folder)
    seed = server_seed(folder, c)
    rec = record(folder, c)
    smp = rec.get("sample")
    if smp:
        shipped = _read_json(out / SAMPLE_FILE) if out.is_dir() else None
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
    _write_json(out / reveal_name(c), doc)
    _write_json(_dir(folder) / f"{c}.reveal.json", doc)
    rec["revealed"] = True
    _save_record(folder, rec)
    _write_json(_dir(folder) / "state.json", {**state(folder), "current": None})
    _secret_path(folder, c).unlink()
    return doc


# ---- export and verify sections (called from pipeline/export.py) -------------------------------


def export_names(out: Path) -> tuple[set[str], set[str]]:
    """(listed, unlisted) file names the fair scheme adds to an export: sample.json, hashed in the
    manifest's files; reveal-<commitment>.json, written after the export and so in no manifest (the
    commitment, hashed in sample.json, is what vouches for it). For a check of the folder's names."""
    listed = {SAMPLE_FILE} if (out / SAMPLE_FILE).exists() else set()
    unlisted = {p.name for p in out.glob(REVEAL_GLOB) if len(p.name) == len("reveal-.json") + 64}
    return listed, unlisted


def _final(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The verdict a deal ships with: won (replayed) if any budget won, else lost, else the unknown
    of the largest budget, else the error."""
    won = [r for r in rows if r["verdict"] == "won" and r["referee"] == "ok"]
    lost = [r for r in rows if r["verdict"] == "lost"]
    for group in (won, lost):
        if group:
            return min(group, key=lambda r: r["budget"])
    return max(rows, key=lambda r: (r["verdict"] == "unknown", r["budget"]))


def export_sample(folder: Folder, out: Path) -> list[str]:
    """Write `sample.json` (the last committed sample: its public record and the verdict of every
    sampled deal, won, lost and unknown alike, a deal not solved yet shipped with verdict null) into
    `out`; return the names written, for the manifest's hashes. Reads no secret."""
    c = state(folder).get("sampled")
    if not c:
        return []
    smp = record(folder, c)["sample"]
    by_code: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in storage.read_table(folder, VERDICTS).to_pylist():
        by_code.setdefault((r["board"], r["code"]), []).append(r)
    boards: dict[str, Any] = {}
    for board in smp["boards"]:
        deals = []
        for n in smp["numbers"]:
            code = engine.board_code(board, n)
            rows = by_code.get((board, code))
            f = _final(rows) if rows else None
            deals.append({"number": n, "code": code, "verdict": f["verdict"] if f else None,
                          "nodes": f["nodes"] if f else None, "budget": f["budget"] if f else None})  # fmt: skip
        counts = {v: sum(d["verdict"] == v for d in deals) for v in SHIPPED_VERDICTS}
        boards[board] = {"counts": counts, "deals": deals}
    doc = {"scheme": engine.fair.SCHEME, "commitment": c, "client_seeds": smp["client_seeds"],
           "count": smp["count"], "population": smp["population"], "boards": boards}  # fmt: skip
    _write_json(out / SAMPLE_FILE, doc)
    return [SAMPLE_FILE]


def verify_sample(out: Path, manifest: dict[str, Any]) -> tuple[list[str], str]:
    """(problems, one-line summary) of the export's committed sample: every sampled deal has a
    shipped verdict, every won one is in the pool, and after the reveal the seed hashes to the
    commitment shipped before it and re-derives exactly the shipped sample."""
    if SAMPLE_FILE not in manifest.get("files", {}):
        if (out / SAMPLE_FILE).exists():
            return [f"{SAMPLE_FILE} is not covered by the manifest's hashes"], ""
        return [], ""
    try:
        doc = json.loads((out / SAMPLE_FILE).read_text())
        boards = doc["boards"]
        shipped = {b: {d["code"]: d for d in info["deals"]} for b, info in boards.items()}
        count = int(doc["count"])
    except Exception as e:
        return [f"{SAMPLE_FILE}: unreadable ({type(e).__name__}: {e})"], ""
    problems: list[str] = []
    for b, info in boards.items():
        listed = [d.get("verdict") for d in info["deals"]]
        if len(listed) != len(shipped[b]):
            problems.append(f"{b}: a sampled deal is listed twice in {SAMPLE_FILE}")
        if info.get("counts") != {v: listed.count(v) for v in SHIPPED_VERDICTS}:
            problems.append(f"{b}: the counts in {SAMPLE_FILE} differ from its deals' verdicts")
    for b, deals in shipped.items():
        pool_codes_: set[str] = set()
        info = manifest.get("boards", {}).get(b)
        if isinstance(info, dict):
            pdoc, _ = _try_json(out / str(info.get("json")))  # a bad pool file is verify_pool's finding
            try:
                pool_codes_ = {d["code"] for d in pdoc["deals"]}
            except (TypeError, KeyError):
                pass
        for code, d in deals.items():
            if d.get("verdict") not in SHIPPED_VERDICTS:
                problems.append(f"sampled deal {b} {code} has no verdict shipped ({d.get('verdict')})")
            elif d["verdict"] == "won" and code not in pool_codes_:
                problems.append(f"sampled deal {b} {code} is shipped as won but is not in the pool with its line")
    rname = reveal_name(str(doc.get("commitment")))
    rev, bad = _try_json(out / rname)
    if bad or (rev is not None and not isinstance(rev, dict)):
        return problems + [bad or f"{rname}: not a reveal"], ""
    if rev is None:
        n = sum(len(d) for d in shipped.values())
        return problems, f"fair: committed sample of {n} deals, commitment {doc.get('commitment')}, not revealed yet"
    try:
        engine.fair.check_commitment(str(rev["server_seed"]), str(doc["commitment"]))
    except engine.BadInput as e:
        return problems + [f"{rname}: {e}"], ""
    except KeyError as e:
        return problems + [f"{rname} lacks {e}"], ""
    if sorted(boards) != sorted((rev.get("sample") or {}).get("boards") or []):
        problems.append(f"{rname}: the sampled boards {(rev.get('sample') or {}).get('boards')} differ from {SAMPLE_FILE}'s {sorted(boards)}")
    if rev.get("client_seeds") != doc.get("client_seeds"):
        problems.append(f"{rname}: the client seeds {rev.get('client_seeds')} differ from the committed sample's {doc.get('client_seeds')}")
    try:
        numbers = sample_numbers(str(rev["server_seed"]), list(rev["client_seeds"]), count)
    except (engine.BadInput, KeyError, TypeError, ValueError) as e:
        return problems + [f"cannot re-derive the sample: {e}"], ""
    for b, deals in shipped.items():
        try:
            want = [engine.board_code(b, n) for n in numbers]
        except engine.BadInput as e:
            problems.append(f"{SAMPLE_FILE}: {e}")
            continue
        missing = [code for code in want if code not in deals]
        extra = sorted(set(deals) - set(want))
        if missing:
            problems.append(f"{b}: {len(missing)} deal(s) of the committed sample have no verdict shipped (dropped), first {missing[0]}")
        if extra:
            problems.append(f"{b}: {len(extra)} deal(s) in {SAMPLE_FILE} are not in the committed sample (changed), first {extra[0]}")
    counts = {v: sum(d.get("verdict") == v for ds in shipped.values() for d in ds.values()) for v in SHIPPED_VERDICTS}
    line = (f"fair: committed sample re-derived from the revealed seed: {len(numbers)} deals of each of {','.join(sorted(shipped))}, "
            f"won {counts['won']}, lost {counts['lost']}, unknown {counts['unknown']} "
            f"(commitment {doc['commitment']}, client seeds {json.dumps(rev['client_seeds'], ensure_ascii=False)})")  # fmt: skip
    return problems, line
