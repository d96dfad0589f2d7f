"""Which deals still need solving, at which budget, in which verdicts part.

A deal is done at budget B when it was decided (won or lost) at any budget or tried at B or more.
Deals are cut into slices of store.SLICE per deals part, each slice one verdicts part named by its
deals part, budget and number, so a run killed at any point resumes where it stopped.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import engine
from pipeline import store
from pipeline.engine_build import check_one_build
from pipeline.retry import retryable
from pipeline.store import VERDICTS, Folder


@dataclass
class Slice:
    """A slice of one deals part (`name` = its verdicts part), to be solved at `budget`: `todo` its
    deals as stored, (code, order), laid out again from that order, never dealt afresh. `keep` are
    rows of an earlier part of that name kept as they are (its `error` rows are retried)."""

    name: str
    board: str
    budget: int
    todo: list[tuple[str, bytes]]
    keep: list[dict[str, Any]] = field(default_factory=list)


def budgets_for(boards: list[str], budget: int | None) -> dict[str, int]:
    """Each board's budget: `budget` if given, else the board's default."""
    return {b: budget if budget is not None else engine.board(b).budget for b in boards}


def plan(folder: Folder, budgets: dict[str, int]) -> list[Slice]:
    """The slices still to solve, in part order; a slice whose part exists is done but for its
    retryable error rows. Refuses a folder holding verdicts of another engine build
    (check_one_build) and a folder `check` finds damaged (store.require_sound) before any work; reads
only the parts the ledger lists."""
    store.require_sound(folder, "solve")  # a damaged or unlisted part is repaired first, never trusted
    done: dict[tuple[str, str], list[tuple[str, int]]] = defaultdict(list)
    stored = store.read_table(folder, VERDICTS)
    check_one_build(folder, set(stored.column("engine_version").unique().to_pylist()))
    for r in stored.select(["board", "code", "verdict", "budget"]).to_pylist():
        done[(r["board"], r["code"])].append((r["verdict"], r["budget"]))
    existing = {store.part_stem(p): p for p in store.listed_parts(folder, VERDICTS)}
    out: list[Slice] = []
    for part in store.listed_parts(folder, store.DEALS):  # an unlisted part is never trusted
        t = store.read_part(part, store.DEALS).select(["board", "code", "order"]).to_pylist()
        stem = store.part_stem(part)
        for k in range(0, len(t), store.SLICE):
            chunk = t[k : k + store.SLICE]
            board = chunk[0]["board"]
            if board not in budgets:
                continue
            budget = budgets[board]
            name = store.verdict_part_name(stem, budget, k // store.SLICE)
            if name in existing:
                old = store.read_part(existing[name], VERDICTS).to_pylist()
                retry = {  # an error row left by an earlier run, unless another budget decided the deal
                    r["code"] for r in old
                    if retryable(r) and not any(v in ("won", "lost") for v, _ in done[(board, r["code"])])
                }  # fmt: skip
                todo = [(r["code"], r["order"]) for r in chunk if r["code"] in retry]
                if todo:
                    again = {code for code, _ in todo}
                    out.append(Slice(name, board, budget, todo, [r for r in old if r["code"] not in again]))
                continue
            todo = [
                (r["code"], r["order"])
                for r in chunk
                if not any(v in ("won", "lost") or b >= budget for v, b in done[(board, r["code"])])
            ]
            if todo:
                out.append(Slice(name, board, budget, todo))
    return out
