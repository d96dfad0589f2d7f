"""The fair scheme's part of an export and of its check: `sample.json` (the last committed sample's
verdicts, hashed in the manifest) and the reveals beside it. Reads only the public records under
<data>/fair/, never fair/secret/: the server seed reaches an export only through `fair reveal`
(pipeline/fair/seed.py), after the sample's verdicts are shipped.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import engine
from pipeline import store
from pipeline.fair.sample import sample_numbers
from pipeline.fair.state import REVEAL_GLOB, SAMPLE_FILE, record, reveal_name, state, try_json, write_json
from pipeline.store import VERDICTS, Folder

SHIPPED_VERDICTS = ("won", "lost", "unknown")


def _canon(code: str) -> str:
    try:
        return engine.canonical_code(code)
    except engine.BadInput:
        return code


def export_names(out: Path) -> tuple[set[str], set[str]]:
    """(listed, unlisted) file names the fair scheme adds to an export: sample.json, hashed in the
    manifest's files; reveal-<commitment>.json, written after the export and so in no manifest (the
    commitment, hashed in sample.json, is what vouches for it). For a check of the folder's names."""
    listed = {SAMPLE_FILE} if (out / SAMPLE_FILE).exists() else set()
    unlisted = {p.name for p in out.glob(REVEAL_GLOB) if len(p.name) == len("reveal-.json") + 64}
    return listed, unlisted


def check_reveals(out: Path, names: set[str]) -> list[str]:
    """Each reveal-<commitment>.json in the export (unlisted in the manifest, vouched for by its
    commitment) must be one: a JSON object naming that commitment, whose server seed hashes to it. A
    file merely named like a reveal is refused."""
    problems = []
    for name in sorted(names):
        c = name[len("reveal-") : -len(".json")]
        doc, bad = try_json(out / name)
        if bad or not isinstance(doc, dict):
            problems.append(bad or f"{name}: not a reveal (not a JSON object)")
            continue
        try:
            if doc.get("commitment") != c:
                raise engine.BadInput(f"it names commitment {str(doc.get('commitment'))[:70]}")
            engine.fair.check_commitment(str(doc["server_seed"]), c)
        except (engine.BadInput, KeyError) as e:
            problems.append(f"{name}: not the reveal of commitment {c} ({str(e).splitlines()[0][:120] if str(e) else 'no server_seed'})")
    return problems


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
    for r in store.read_table(folder, VERDICTS).to_pylist():
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
    write_json(out / SAMPLE_FILE, doc)
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
        doc, bad = try_json(out / SAMPLE_FILE)
        if bad:
            return [bad.replace(": not valid JSON (", ": unreadable (", 1)], ""
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
        pool_rows: dict[str, dict[str, Any]] = {}  # the board's pool, by canonical code
        info = manifest.get("boards", {}).get(b)
        if isinstance(info, dict):
            pdoc, _ = try_json(out / str(info.get("json")))  # a bad pool file is verify_pool's finding
            if isinstance(pdoc, dict) and isinstance(pdoc.get("deals"), list):
                pool_rows = {_canon(d["code"]): d for d in pdoc["deals"] if isinstance(d, dict) and isinstance(d.get("code"), str)}
        for code, d in deals.items():
            row = pool_rows.get(_canon(code))
            if d.get("verdict") not in SHIPPED_VERDICTS:
                problems.append(f"sampled deal {b} {code} has no verdict shipped ({d.get('verdict')})")
            elif d["verdict"] == "won" and row is None:
                problems.append(f"sampled deal {b} {code} is shipped as won but is not in the pool with its line")
            elif d["verdict"] != "won" and row is not None:
                problems.append(f"sampled deal {b} {code} is shipped as {d['verdict']} but the pool lists it won with its line (contradiction)")
            elif row is not None and (d.get("nodes"), d.get("budget")) != (row.get("nodes"), row.get("budget")):
                problems.append(f"sampled deal {b} {code}: {SAMPLE_FILE} says {d.get('nodes')} nodes at budget {d.get('budget')}, "
                                f"the pool {row.get('nodes')} at {row.get('budget')} (contradiction)")  # fmt: skip
            try:
                if not isinstance(d.get("number"), int) or engine.board_code(b, d["number"]) != code:
                    problems.append(f"sampled deal {b} {code} is not the deal numbered {d.get('number')} of {b}")
            except engine.BadInput as e:
                problems.append(f"sampled deal {b} {code}: {e}")
    rname = reveal_name(str(doc.get("commitment")))
    rev, bad = try_json(out / rname)
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
