"""Sampling: which boards, which deals; fills the `deals` table.

Boards come from the engine (`engine.BOARDS`, `engine.solvable_boards()`), so a game added to the
engine plugs in here with no pipeline change.
"""

from __future__ import annotations

import hashlib
import secrets
from collections import defaultdict
from typing import Any, Callable

import engine
from pipeline import files, store
from pipeline.limits import MAX_NUMBER
from pipeline.store import DEALS, Folder

DEALS_BLOCK = 1000
"""Numbered deals are stored in parts of aligned blocks of this many numbers."""


def check_board(board: str, solvable: bool = True) -> str:
    """`board`, or BadInput naming the accepted boards."""
    if board not in engine.BOARDS:
        raise engine.BadInput(f"unknown board {board!r} (boards: {', '.join(engine.BOARDS)})")
    if solvable and board not in engine.solvable_boards():
        ok = engine.solvable_boards()
        raise engine.BadInput(f"board {board!r} has no solver yet (solvable boards: {', '.join(ok) or 'none'})")
    return board


def parse_boards(text: str | None, solvable: bool = True) -> list[str]:
    """A comma-separated board list; None means every solvable board of the default pool, `all`
    every solvable board."""
    if text is None or text.strip() == "":
        return [b for b in engine.solvable_boards() if engine.BOARDS[b].pooled]
    if text.strip() == "all":
        return engine.solvable_boards()
    out: list[str] = []
    for b in text.split(","):
        b = b.strip()
        if not b:
            raise engine.BadInput(f"empty board name in {text!r} (give e.g. klondike-1,klondike-3)")
        if b not in out:
            out.append(check_board(b, solvable))
    return out


def parse_range(text: str, top: int = MAX_NUMBER, what: str = "numbered deals") -> tuple[int, int]:
    """'A-B' or 'N' → (lo, hi) within 1..top, lo <= hi; else BadInput."""
    t = text.strip()
    lo_s, sep, hi_s = t.partition("-")
    shown = repr(text) if len(text) <= 40 else repr(text[:40] + "...")
    if len(lo_s) > 12 or len(hi_s) > 12:  # before int(): Python refuses 4,300+ digit strings
        raise engine.BadInput(f"bad range {shown}: {what} are 1..{top:,} and A-B needs A <= B")
    try:
        lo = int(lo_s)
        hi = int(hi_s) if sep else lo
    except ValueError:
        raise engine.BadInput(f"bad range {shown}: give A-B or N with whole numbers, e.g. 1-1000") from None
    if not (1 <= lo <= hi <= top):
        raise engine.BadInput(f"bad range {shown}: {what} are 1..{top:,} and A-B needs A <= B")
    return lo, hi


def deal_row(board: str, code: str) -> dict[str, Any]:
    """The `deals` row of a code of `board`: canonical code, seed, number, order (a byte a card)."""
    d = engine.deal(code)  # a C code has no seed (null) and keeps its classic number
    b = engine.board_for(d.code)
    if b.id != board:
        raise engine.BadInput(f"code {code!r} is a {b.id} deal, not {board}")
    return {"board": board, "code": d.code, "seed": d.seed, "number": d.number, "order": bytes(d.order)}


def _stored_codes(folder: Folder) -> dict[str, set[str]]:
    out: dict[str, set[str]] = defaultdict(set)
    for r in store.read_table(folder, DEALS).select(["board", "code"]).to_pylist():
        out[r["board"]].add(r["code"])
    return out


def _sample_blocks(
    folder: Folder, boards: list[str], lo: int, hi: int, code_of: Callable[[str, int], str], part: Callable[[int, int], str]
) -> dict[str, int]:
    """Add the deals numbered lo..hi of each board (codes from `code_of`), those not stored yet, in
    parts of aligned blocks of DEALS_BLOCK numbers named `<board>.<part(first, last)>`."""
    folder.root.mkdir(parents=True, exist_ok=True)
    have = _stored_codes(folder)
    added: dict[str, int] = {}
    for board in boards:
        added[board] = 0
        for block_lo in range((lo - 1) // DEALS_BLOCK * DEALS_BLOCK + 1, hi + 1, DEALS_BLOCK):
            rows = []
            for n in range(max(lo, block_lo), min(hi, block_lo + DEALS_BLOCK - 1) + 1):
                code = code_of(board, n)
                if code not in have[board]:
                    rows.append(deal_row(board, code))
            if rows:
                store.write_part(folder, DEALS, f"{board}.{part(rows[0]['number'], rows[-1]['number'])}", rows)
                added[board] += len(rows)
    return added


def sample_numbers(folder: Folder, boards: list[str], lo: int, hi: int) -> dict[str, int]:
    """Add numbered deals lo..hi of each board (those not stored yet). Returns new deals per board."""
    return _sample_blocks(folder, boards, lo, hi, engine.board_code, lambda a, b: f"N{a:07d}-{b:07d}")


def classic_code(board: str, number: int) -> str:
    """The board's classic FreeCell code of `number` (BadInput for a board not dealt classically)."""
    b = engine.board(board)
    if not engine.game(b.game).classic:
        ok = ", ".join(x.id for x in engine.BOARDS.values() if engine.game(x.game).classic)
        raise engine.BadInput(f"board {board!r} has no classic numbering; accepted with --classic: {ok}")
    return engine.format_code(engine.DealCode.classic(number, b.options))


def sample_classic(folder: Folder, boards: list[str], lo: int, hi: int) -> dict[str, int]:
    """Add classic FreeCell deals lo..hi (C codes: no seed, the classic number kept) of each board."""
    for b in boards:  # refuse a non-classic board before any work
        classic_code(b, lo)
    return _sample_blocks(folder, boards, lo, hi, classic_code, lambda a, b: f"C{a:010d}-{b:010d}")


def sample_random(folder: Folder, boards: list[str], count: int) -> dict[str, int]:
    """Add `count` random deals of each board (a count checked: limits.check_random), seeds from
    the OS's secure source."""
    folder.root.mkdir(parents=True, exist_ok=True)
    added: dict[str, int] = {}
    for board in boards:
        added[board] = 0
        for start in range(0, count, DEALS_BLOCK):
            seeds = [secrets.token_bytes(64) for _ in range(min(DEALS_BLOCK, count - start))]
            rows = [deal_row(board, engine.seed_code(board, s)) for s in seeds]
            digest = files.sha256_bytes(b"".join(seeds))[:16]
            store.write_part(folder, DEALS, f"{board}.R{digest}", rows)
            added[board] += len(rows)
    return added


def seeded_numbers(seed: int, count: int) -> list[int]:
    """`count` distinct deal numbers in 1..1,000,000 drawn reproducibly from `seed`: the i-th draw is
    1 + (the first 8 bytes of SHA-256("dealpool-sample:<seed>:<i>") as a big-endian int) mod 1,000,000,
    for i = 0, 1, ..., a number drawn before being skipped. A function of (seed, count) alone on every
    machine and Python, and a larger count extends a smaller one (a prefix), so a statistics run can
    grow without changing the deals it already has. (The modulo's bias is below 1e-13.)"""
    if count < 1 or count > MAX_NUMBER:
        raise engine.BadInput(f"bad --count {count}: give 1..{MAX_NUMBER:,} numbers to draw")
    if seed < 0:
        raise engine.BadInput(f"bad --numbers-from {seed}: give a seed of 0 or more")
    prefix = f"dealpool-sample:{seed}:".encode()
    out: list[int] = []
    seen: set[int] = set()
    i = 0
    while len(out) < count:
        h = hashlib.sha256(prefix + str(i).encode()).digest()
        n = 1 + int.from_bytes(h[:8], "big") % MAX_NUMBER
        i += 1
        if n not in seen:
            seen.add(n)
            out.append(n)
    return out


def sample_seeded(folder: Folder, boards: list[str], seed: int, count: int) -> dict[str, int]:
    """Add the first `count` numbers `seeded_numbers(seed, ...)` draws, as numbered deals of each
    board (those not stored yet), in parts of DEALS_BLOCK draws in draw order, each named by the seed
    and its first and last draw index (`<board>.S<seed>.<i>-<j>`: unique, as a draw is stored once).
    Solving goes in part order, so a run stopped early has solved a prefix of the draws: itself a
    sample drawn from the seed."""
    folder.root.mkdir(parents=True, exist_ok=True)
    numbers = seeded_numbers(seed, count)
    have = _stored_codes(folder)
    added: dict[str, int] = {}
    for board in boards:
        added[board] = 0
        for start in range(0, count, DEALS_BLOCK):
            todo = [(i, engine.board_code(board, n)) for i, n in enumerate(numbers[start : start + DEALS_BLOCK], start)]
            todo = [(i, c) for i, c in todo if c not in have[board]]
            if todo:
                name = f"{board}.S{seed}.{todo[0][0]:07d}-{todo[-1][0]:07d}"
                store.write_part(folder, DEALS, name, [deal_row(board, c) for _, c in todo])
                added[board] += len(todo)
    return added


def next_number(folder: Folder, board: str) -> int:
    """The first number after the board's largest stored numbered deal (classic deals, which have a
    number but no seed, aside)."""
    nums = [
        r["number"]
        for r in store.read_table(folder, DEALS).select(["board", "number", "seed"]).to_pylist()
        if r["board"] == board and r["number"] is not None and r["seed"] is not None
    ]
    return max(nums, default=0) + 1
