"""Player draws from an exported pool: `engine.fair.pick([server seed, client seed], codes)` over a
board's pool file, its codes in their listed order; and the check a player re-does after the reveal.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import engine
from pipeline import files
from pipeline.fair.state import REVEAL_GLOB, current, locked, read_json, record, reveal_name, save_record, server_seed
from pipeline.store import Folder


def pool_digests(pool: Path) -> dict[str, str]:
    """SHA-256 of each board's pool file of an export: what player draws index into."""
    boards = {}
    manifest = read_json(pool / "manifest.json")
    for board in manifest.get("boards", {}) if isinstance(manifest, dict) else {}:
        boards[board] = files.sha256(pool_codes(pool, board)[2])
    return boards


def pool_codes(pool: Path, board: str | None) -> tuple[str, list[str], Path]:
    """(board, its codes in listed order, its JSON file) of an exported pool; BadInput when the pool
    is missing or empty or the board is not in it."""
    manifest = read_json(pool / "manifest.json") if pool.is_dir() else None
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
    doc = read_json(path)
    codes = [d["code"] for d in doc["deals"]] if isinstance(doc, dict) else []
    if not codes:
        raise engine.BadInput(f"cannot draw from an empty pool: {str(path)!r} lists no deals")
    return board, codes, path


def draw(folder: Folder, pool: Path, board: str | None, client_seed: str) -> dict[str, Any]:
    with locked(folder):
        return _draw(folder, pool, board, client_seed)


def _draw(folder: Folder, pool: Path, board: str | None, client_seed: str) -> dict[str, Any]:
    """A player's deal: `pick([server seed, client seed], codes)`. The pool file's SHA-256 is pinned by
    `commit --pool` or else by the first draw of its board; a draw from a changed file is refused."""
    engine.fair.seed_bytes([client_seed], "client seed")
    c = current(folder)
    board, codes, path = pool_codes(pool, board)
    digest = files.sha256(path)
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
    save_record(folder, rec)
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
    rev = read_json(pool / reveal_name(commitment)) if pool.is_dir() else None
    if seed is None:
        if not isinstance(rev, dict):
            raise engine.BadInput(f"{str(pool)!r} holds no {reveal_name(commitment)} (not revealed yet): give --server-seed")
        seed = str(rev["server_seed"])
    engine.fair.check_commitment(seed, commitment)
    board, codes, path = pool_codes(pool, board)
    code = engine.fair.pick([seed, client_seed], codes)
    out = {"board": board, "code": code, "index": codes.index(code), "count": len(codes),
           "pool_sha256": files.sha256(path), "commitment": commitment, "pool_changed": False}  # fmt: skip
    if isinstance(rev, dict) and rev.get("commitment") == commitment:
        pinned = (rev.get("pools") or {}).get(board)
        out["pool_changed"] = bool(pinned and pinned != out["pool_sha256"])
    return out
