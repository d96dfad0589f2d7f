"""Which deals still need solving, at which budget, in which verdicts part.

A deal is covered at budget B when it was decided (won or lost) at any budget or tried at B or more
(`covered`). Deals are cut into slices of store.SLICE per deals part, each slice one verdicts part
named by its deals part, budget and number, so a run killed at any point resumes where it stopped.
Which deals a run solves is every deal not covered, whatever the slicing: a slice whose part exists
still takes its deals that no part covers (a resume after DEALPOOL_SLICE changed), so slicing can
change part names, never which deals get solved. `unsolved` is the same rule read by `check`: every
sampled deal covered at every budget asked (store.read_asks).
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


Tries = list[tuple[str, int]]
"""A deal's stored rows as (verdict, budget)."""


def covered(tries: Tries, budget: int) -> bool:
    """Whether a deal with these rows needs no solve at `budget`: decided (won or lost) at any
    budget, or tried at `budget` or more (an `error` row is retried through its part: `plan`)."""
    return any(v in ("won", "lost") or b >= budget for v, b in tries)


@dataclass
class Missing:
    """Sampled deals of `board` with no verdict covering `budget`, a budget asked. `codes` (sorted)
    are solved at `budget` by its command; `unless` (sorted) are missing at a smaller budget too, so
    its command (run first) solves them, and the command at `budget` solves only those it leaves
    unknown."""

    board: str
    budget: int
    codes: list[str]
    sampled: int
    asked: bool = True  # False: the board was never asked to be solved (its default budget shown)
    unless: list[str] = field(default_factory=list)

    def line(self, data: str) -> str:
        every = sorted(self.codes + self.unless)
        shown = ", ".join(every[:3]) + (", ..." if len(every) > 3 else "")
        what = f"at budget {self.budget:,}" if self.asked else "(never solved)"
        return (f"incomplete: {self.board}: {len(every)} of {self.sampled} sampled deals have no verdict {what} "
                f"({shown}); run `{self.command(data)}`")  # fmt: skip

    def command(self, data: str) -> str:
        budget = f" --budget {self.budget}" if self.asked else ""
        return f"dealpool --data {data} solve --boards {self.board}{budget}"


def unsolved(deals: list[dict[str, Any]], verdicts: list[dict[str, Any]], asks: dict[str, set[int]]) -> list[Missing]:
    """Every (board, budget asked) where a sampled deal is not covered, boards and budgets in order.
    The budgets asked of a board are its ask records and the budgets its rows were solved at (a
    folder from before the records); a solvable board sampled but never asked is a hole at its
    default budget. Only listed parts' rows are passed in (store.read_table)."""
    tries: dict[tuple[str, str], Tries] = defaultdict(list)
    for r in verdicts:
        tries[(r["board"], r["code"])].append((r["verdict"], r["budget"]))
    by_board: dict[str, list[str]] = defaultdict(list)
    for r in deals:
        by_board[r["board"]].append(r["code"])
    budgets: dict[str, set[int]] = defaultdict(set)
    for b, bs in asks.items():
        budgets[b] |= bs
    for r in verdicts:
        budgets[r["board"]].add(r["budget"])
    solvable = set(engine.solvable_boards())
    out: list[Missing] = []
    for board in sorted(by_board):
        if board not in solvable:
            continue
        codes = sorted(set(by_board[board]))
        asked = bool(budgets[board])
        before: set[str] = set()  # missing at a smaller budget: solved there first
        for budget in sorted(budgets[board]) if asked else [engine.board(board).budget]:
            missing = [c for c in codes if not covered(tries[(board, c)], budget)]
            if missing:
                firm = [c for c in missing if c not in before]
                out.append(Missing(board, budget, firm, len(codes), asked, [c for c in missing if c in before]))
                before |= set(missing)
    return out


def plan(folder: Folder, budgets: dict[str, int]) -> list[Slice]:
    """The slices still to solve, in part order: the retryable error rows of each verdicts part at
    the budget (in the part they live in, whatever the slicing was), then every deal not covered,
    cut by the current slicing (added to a part of that name when one exists, its rows kept).
    Refuses a folder holding verdicts of another engine build (check_one_build) and a folder `check`
    finds damaged (store.require_sound) before any work; reads only the parts the ledger lists."""
    store.require_sound(folder, "solve")  # a damaged or unlisted part is repaired first, never trusted
    done: dict[tuple[str, str], Tries] = defaultdict(list)
    stored = store.read_table(folder, VERDICTS)
    check_one_build(folder, set(stored.column("engine_version").unique().to_pylist()))
    for r in stored.select(["board", "code", "verdict", "budget"]).to_pylist():
        done[(r["board"], r["code"])].append((r["verdict"], r["budget"]))
    existing = {store.part_stem(p): p for p in store.listed_parts(folder, VERDICTS)}
    out: list[Slice] = []
    for part in store.listed_parts(folder, store.DEALS):  # an unlisted part is never trusted
        t = store.read_part(part, store.DEALS).select(["board", "code", "order"]).to_pylist()
        if not t or t[0]["board"] not in budgets:
            continue
        board, stem = t[0]["board"], store.part_stem(part)
        budget = budgets[board]
        order = {r["code"]: r["order"] for r in t}
        mine: dict[str, Slice] = {}
        prefix = f"{stem}.b{budget}.s"
        for name in sorted(n for n in existing if n.startswith(prefix) and n[len(prefix):].isdigit()):
            old = store.read_part(existing[name], VERDICTS).to_pylist()
            retry = {  # an error row left by an earlier run, unless another budget decided the deal
                r["code"] for r in old
                if retryable(r) and r["code"] in order and not any(v in ("won", "lost") for v, _ in done[(board, r["code"])])
            }  # fmt: skip
            if retry:
                mine[name] = Slice(name, board, budget, [(c, order[c]) for c in sorted(retry)],
                                   [r for r in old if r["code"] not in retry])  # fmt: skip
        for k in range(0, len(t), store.SLICE):
            chunk = t[k : k + store.SLICE]
            todo = [(r["code"], r["order"]) for r in chunk if not covered(done[(board, r["code"])], budget)]
            if not todo:
                continue
            name = store.verdict_part_name(stem, budget, k // store.SLICE)
            if name in mine:
                mine[name].todo += todo
            elif name in existing:  # a part of that name from another slicing: its rows kept beside
                mine[name] = Slice(name, board, budget, todo, store.read_part(existing[name], VERDICTS).to_pylist())
            else:
                mine[name] = Slice(name, board, budget, todo)
        out += [mine[n] for n in sorted(mine)]
    return out
