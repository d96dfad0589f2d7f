"""Committed samples (`sample --committed`): numbered deals drawn from the committed server seed and
public client seeds, the same numbers on every board, so nobody chose the sample. A committed
sample is `engine.fair.sample` over the numbered deals 1..MAX_NUMBER.
"""

from __future__ import annotations

import engine
from pipeline import store
from pipeline.fair.state import current, locked, record, save_record, server_seed, state, state_path, write_json
from pipeline.limits import MAX_NUMBER
from pipeline.sample import DEALS_BLOCK, deal_row
from pipeline.store import DEALS, Folder


def sample_numbers(seed: str, client_seeds: list[str], count: int) -> list[int]:
    """The numbered deals (1..MAX_NUMBER) a committed sample of `count` draws, in draw order."""
    return [i + 1 for i in engine.fair.sample([seed, *client_seeds], MAX_NUMBER, count)]


def sample_committed(folder: Folder, boards: list[str], count: int, client_seeds: list[str]) -> dict[str, int]:
    with locked(folder):
        return _sample_committed(folder, boards, count, client_seeds)


def _sample_committed(folder: Folder, boards: list[str], count: int, client_seeds: list[str]) -> dict[str, int]:
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
        save_record(folder, rec)
        write_json(state_path(folder), {**state(folder), "sampled": c})
    have = {(r["board"], r["code"]) for r in store.read_table(folder, DEALS).select(["board", "code"]).to_pylist()}
    added: dict[str, int] = {}
    for board in boards:
        added[board] = 0
        for start in range(0, count, DEALS_BLOCK):
            codes = [engine.board_code(board, n) for n in numbers[start : start + DEALS_BLOCK]]
            rows = [deal_row(board, code) for code in codes if (board, code) not in have]
            if rows:
                store.write_part(folder, DEALS, f"{board}.F{c[:16]}.{start:07d}", rows, commitment=c)
                added[board] += len(rows)
    return added
