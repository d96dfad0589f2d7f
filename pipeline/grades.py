"""Grading the pool: the `grades` table, a row per won deal of a graded board (issue 33).

A grade is how hard a deal is for a person who cannot see the face-down cards: the board's K
visible-information playouts (engine.grade), the share won, and the grade read off the board's
thresholds. Which boards are graded is the engine's to say (`engine.board_grading(board)`, from each game's
player); this module lists none. A deal is graded after it is won (the solver's verdict stays the
pool's proof; a grade only orders the won deals).

Why a table of its own, parts written as the verdicts' are: grading is deterministic (the playouts
are seeded by the code, engine/gamekit/playout.py), so a grade row is current while its version,
K and thresholds are the board's; a run grades exactly the won deals that have no current row,
in chunks of `store.SLICE` codes of a board, each chunk a part named by a digest of its grading and codes.
A kill loses at most the chunks in flight; the next run grades what is missing, nothing twice, and
the chunks are the same whatever the number of workers.
"""

from __future__ import annotations

import hashlib
import os
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

import engine
from pipeline import store, workers
from pipeline.progress import bar as progress_bar
from pipeline.store import DEALS, GRADES, VERDICTS, Folder

Item = tuple[str, str, bytes]
"""One deal to grade: (board, code, stored order); the worker lays it out (engine.redeal)."""


def thresholds_text(g: engine.Grading) -> str:
    """The thresholds as the table records them: the least share for easy, medium, hard."""
    return f"{g.easy!r},{g.medium!r},{g.hard!r}"


def gradings(boards: list[str]) -> dict[str, engine.Grading]:
    """The graded boards among `boards` with their grading (the engine's; the others are not graded)."""
    out = {}
    for b in boards:
        g = engine.board_grading(b)
        if g is not None:
            out[b] = g
    return out


def current(row: dict[str, Any], g: engine.Grading) -> bool:
    """A stored grade row is the board's grading's (same player version, K and thresholds)."""
    return (row["version"], row["playouts"], row["thresholds"]) == (g.version, g.playouts, thresholds_text(g))


def won_deals(folder: Folder) -> dict[str, dict[str, bytes]]:
    """{board: {code: stored order}} of every won deal (a `won` row the referee replayed, of a deal
    still in the `deals` table): what the export ships and what is graded."""
    orders = {(r["board"], r["code"]): r["order"] for r in store.read_table(folder, DEALS).select(["board", "code", "order"]).to_pylist()}
    out: dict[str, dict[str, bytes]] = defaultdict(dict)
    for r in store.read_table(folder, VERDICTS).select(["board", "code", "verdict", "referee"]).to_pylist():
        k = (r["board"], r["code"])
        if r["verdict"] == "won" and r["referee"] == "ok" and k in orders:
            out[r["board"]][r["code"]] = orders[k]
    return out


def current_rows(folder: Folder) -> dict[tuple[str, str], dict[str, Any]]:
    """{(board, code): row} of the stored grade rows that are their board's current grading."""
    out: dict[tuple[str, str], dict[str, Any]] = {}
    gs: dict[str, engine.Grading | None] = {}
    for r in store.read_table(folder, GRADES).to_pylist():
        b = r["board"]
        if b not in gs:
            gs[b] = engine.board_grading(b) if b in engine.BOARDS else None
        g = gs[b]
        if g is not None and current(r, g):
            out[(b, r["code"])] = r
    return out


def todo(folder: Folder, boards: list[str]) -> dict[str, list[tuple[str, bytes]]]:
    """Per graded board of `boards`: the won deals without a current grade row, sorted by code."""
    won, have = won_deals(folder), current_rows(folder)
    return {b: sorted((c, o) for c, o in won.get(b, {}).items() if (b, c) not in have) for b in gradings(boards)}


def chunks(board: str, g: engine.Grading, deals: list[tuple[str, bytes]]) -> list[tuple[str, list[tuple[str, bytes]]]]:
    """The deals in chunks of store.SLICE, each with its part name: a digest of the grading and codes (a
    chunk graded again after a kill replaces its part)."""
    out = []
    for i in range(0, len(deals), store.SLICE):
        part = deals[i : i + store.SLICE]
        h = hashlib.sha256(f"{g.version};{g.playouts};{thresholds_text(g)};".encode())
        for code, _ in part:
            h.update(code.encode() + b"\n")
        out.append((f"{board}.g{h.hexdigest()[:16]}", part))
    return out


def grade_item(item: Item) -> dict[str, Any]:
    """Grade one stored won deal (runs in a worker): laid out again from its stored order, its
    board's playouts. An exception is raised (a grade that fails is a bug, not a verdict)."""
    board, code, order = item
    t0 = time.perf_counter()
    gr = engine.grade(engine.redeal(code, order))
    g = engine.board_grading(board)
    assert g is not None and gr.board == board
    return {"board": board, "code": code, "grade": gr.grade, "wins": gr.wins, "playouts": gr.playouts,
            "low": gr.low, "high": gr.high, "won_moves": gr.won_moves, "version": gr.version,
            "thresholds": thresholds_text(g), "seconds": time.perf_counter() - t0}  # fmt: skip


def _failed(item: Item, exitcode: int | None) -> dict[str, Any]:
    return {"board": item[0], "code": item[1], "failed": f"worker died (exit code {exitcode})"}


@dataclass
class GradeSummary:
    """What a grading run did, per board: deals graded, the playouts' own seconds, the grades."""

    deals: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    seconds: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    grades: dict[str, dict[str, int]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(int)))
    ungraded: dict[str, str] = field(default_factory=dict)
    wall: float = 0.0

    def lines(self) -> list[str]:
        """The per-board cost (what `pool` prints): deals, seconds in the playouts, ms a deal."""
        out = []
        for b in sorted(self.deals):
            n, s = self.deals[b], self.seconds[b]
            dist = " ".join(f"{k} {self.grades[b][k]}" for k in engine.GRADES if self.grades[b][k])
            out.append(f"grade: {b}: {n} deals, {s:.2f} s ({1000 * s / n:.1f} ms a deal): {dist}")
        total = sum(self.deals.values())
        out.append(f"grade: {total} deals graded in {self.wall:.1f} s"
                   + (f"; not graded: {', '.join(sorted(self.ungraded))}" if self.ungraded else ""))  # fmt: skip
        return out


def why_ungraded(boards: list[str]) -> dict[str, str]:
    """The boards of `boards` the engine does not grade, each with why (engine.grading_note)."""
    return {b: engine.grading_note(b) for b in boards if engine.board_grading(b) is None}


def grade_pool(folder: Folder, boards: list[str], n_workers: int | None = None, quiet: bool = False,
               run: Callable[..., Iterator[tuple[Any, Any]]] | None = None) -> GradeSummary:  # fmt: skip
    """Grade every won deal of the graded boards of `boards` that has no current grade row, a part
    per finished chunk (under the folder's write lock, which the caller holds)."""
    folder.require()
    store.clear_tmp(folder)
    summary = GradeSummary(ungraded=why_ungraded(boards))
    gs = gradings(boards)
    work = todo(folder, boards)
    parts = [(b, name, part) for b in sorted(work) for name, part in chunks(b, gs[b], work[b])]
    total = sum(len(p) for _, _, p in parts)
    items = (((i, j), (b, code, order)) for i, (b, _, part) in enumerate(parts) for j, (code, order) in enumerate(part))
    results: dict[int, list[dict[str, Any]]] = defaultdict(list)
    t0 = time.perf_counter()
    if total:
        engine.solvable_games()  # load the native module once, before the workers fork
    bar = progress_bar(total=total, unit="deal", desc="grade", disable=True if quiet or not total else None, file=sys.stderr)
    try:
        for key, row in (run or workers.run)(items, grade_item, n_workers or os.cpu_count() or 1, _failed):
            if "failed" in row:
                raise engine.RunFailed(f"grade: {row['code']}: {row['failed']}; run again to grade what is missing")
            i = key[0]
            results[i].append(row)
            b = row["board"]
            summary.deals[b] += 1
            summary.seconds[b] += row["seconds"]
            summary.grades[b][row["grade"]] += 1
            bar.update(1)
            if len(results[i]) == len(parts[i][2]):
                store.write_part(folder, GRADES, parts[i][1], store.sorted_rows(results.pop(i)), board=b)
    finally:
        bar.close()
    summary.wall = time.perf_counter() - t0
    return summary


def check_grades(folder: Folder, sample: int = 3) -> tuple[int, list[str]]:
    """`check`'s part for grades: (deals re-graded, problems). Every won deal of a graded board has a
    current grade row, once; each row's grade is its wins on the board's thresholds; and `sample`
    rows a board (the first by code) graded again give the same row (the playouts are seeded)."""
    problems: list[str] = []
    rows = store.read_table(folder, GRADES).to_pylist()
    seen: set[tuple[str, str, str, int, str]] = set()
    for r in rows:
        k = (r["board"], r["code"], r["version"], r["playouts"], r["thresholds"])
        if k in seen:
            problems.append(f"duplicate grade {r['code']} ({r['version']})")
        seen.add(k)
    won = won_deals(folder)
    have = current_rows(folder)
    regraded = 0
    for b, g in sorted(gradings(sorted(won)).items()):
        missing = sorted(set(won[b]) - {c for (bb, c) in have if bb == b})
        if missing:
            problems.append(f"{b}: {len(missing)} won deal(s) have no grade (player {g.version}, K {g.playouts}; "
                            f"run `dealpool pool` or `dealpool solve` to grade them): {', '.join(missing[:2])}")  # fmt: skip
        mine = sorted((c, r) for (bb, c), r in have.items() if bb == b)
        for code, r in mine:
            if r["grade"] != g.grade(r["wins"], r["playouts"]):
                problems.append(f"{code}: stored grade {r['grade']} is not {r['wins']}/{r['playouts']} on {b}'s thresholds")
        for code, r in mine[:sample]:
            if code not in won[b]:
                continue
            regraded += 1
            try:
                again = grade_item((b, code, won[b][code]))
            except engine.BadInput as e:  # a damaged stored order (the audit names its part): a finding, not an abort
                problems.append(f"{code}: cannot be re-graded from its stored order ({e})")
                continue
            if (again["grade"], again["wins"], again["won_moves"]) != (r["grade"], r["wins"], r["won_moves"]):
                problems.append(f"{code}: re-graded {again['grade']} {again['wins']}/{again['playouts']}, "
                                f"stored {r['grade']} {r['wins']}/{r['playouts']}")  # fmt: skip
    return regraded, problems
