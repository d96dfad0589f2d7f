"""`python -m bench --games grades`: does a grade mean something? (issue 33)

For each graded board (every game's player.py `GRADING`): the first `--count` deals the solver wins
(default 1,000; numbered from 1, `--deals A-B` to bound the numbers tried), graded by policy 0 with
the board's K playouts. Then, on playouts the grade never saw:
- separation: policy 0 again on fresh seeds (playouts K..2K-1) and the held-out policy 1: each
  grade's pooled share won with its Wilson interval, and a Mann-Whitney test (deals as the units)
  between each pair of neighbouring grades;
- rank agreement: Spearman's rho between the graded share and the held-out policy's share.
Also the cost: milliseconds a deal for K playouts, wall and CPU (the CPU time is what a shared
machine does not inflate), and to deal it.

`--budgets` (the first of the list) sets the solver's budget for finding the won deals: a board
whose full budget is slow to reach on a lost deal can be studied at a lower one; the
deals it leaves unknown are skipped, and the header says how many.
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass

import engine
from engine import grading
from engine.boards import board as board_of
from engine.gamekit.playout import Share, code_seed

from bench.args import budgets as budget_values

GRADES = grading.GRADES


@dataclass
class Row:
    code: str
    graded: float
    fresh: float
    held: float
    grade: str


def ranks(xs: list[float]) -> list[float]:
    """Average ranks (1-based), ties sharing their mean rank."""
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    out = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(a: list[float], b: list[float]) -> float:
    """Spearman's rho: Pearson's correlation of the average ranks (ties handled)."""
    ra, rb = ranks(a), ranks(b)
    n = len(a)
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = math.sqrt(sum((x - ma) ** 2 for x in ra))
    vb = math.sqrt(sum((y - mb) ** 2 for y in rb))
    return cov / (va * vb) if va and vb else float("nan")


def mann_whitney_z(a: list[float], b: list[float]) -> float:
    """The Mann-Whitney U statistic of a over b as a z score (normal approximation, tie-corrected):
    positive when a's values tend to be larger."""
    n1, n2 = len(a), len(b)
    if not n1 or not n2:
        return float("nan")
    r = ranks(a + b)
    u = sum(r[:n1]) - n1 * (n1 + 1) / 2
    n = n1 + n2
    counts: dict[float, int] = {}
    for x in a + b:
        counts[x] = counts.get(x, 0) + 1
    ties = sum(t**3 - t for t in counts.values())
    var = n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1)))
    return (u - n1 * n2 / 2) / math.sqrt(var) if var > 0 else float("nan")


def won_deals(board: str, count: int, first: int, last: int, budget: int | None = None) -> tuple[list[engine.Deal], int]:
    """The first `count` deals the solver wins among numbers first..last (at `budget`, default the
    board's), and how many deals it left unknown on the way."""
    out, unknown = [], 0
    for n in range(first, last + 1):
        d = engine.deal(engine.board_code(board, n))
        verdict = engine.solve(engine.task(d, budget=budget)).verdict
        unknown += verdict not in ("won", "lost")
        if verdict == "won":
            out.append(d)
            if len(out) == count:
                break
    return out, unknown


def study(board: str, count: int, first: int, last: int, budget: int | None = None) -> None:
    scale = grading.scale_for(board)
    k = scale.playouts
    deals, unknown = won_deals(board, count, first, last, budget)
    rows: list[Row] = []
    t, c = time.perf_counter(), time.process_time()
    for d in deals:
        g = grading.playouts(d, 0, k)
        rows.append(Row(d.code, sum(w for w, _ in g) / k, 0.0, 0.0, ""))
    cost = (time.perf_counter() - t) / len(deals) * 1000
    cpu = (time.process_time() - c) / len(deals) * 1000
    t = time.perf_counter()
    for d in deals:
        engine.deal(d.code)
    deal_ms = (time.perf_counter() - t) / len(deals) * 1000
    for row, d in zip(rows, deals):
        row.grade = scale.grade(row.graded)
        fresh = grading.native.playouts(d.game, d.layout, grading.engine_rules_options(d),
                                        base=code_seed(d.code) ^ 0x5EED, policy=0, count=k, deal_seed=d.seed)  # other seeds
        row.fresh = sum(w for w, _ in fresh) / k
        row.held = sum(w for w, _ in grading.playouts(d, 1, k)) / k
    print(flush=True)
    print(f"-- {board}: {len(deals)} won deals (numbers {first}..{d.number if deals else first}; solver budget "
          f"{budget or board_of(board).budget:,}, {unknown} unknown skipped), K = {k}, "
          f"thresholds easy >= {scale.easy}, medium >= {scale.medium}, hard >= {scale.hard}")
    print(f"   cost: {cost:.2f} ms a deal for K playouts ({cpu:.2f} ms of CPU; + {deal_ms:.2f} ms to deal it)")
    print("   grade    deals  policy-0 fresh seeds (95% Wilson)   held-out policy 1 (95% Wilson)")
    by = {g: [r for r in rows if r.grade == g] for g in GRADES}
    for g in GRADES:
        rs = by[g]
        if not rs:
            print(f"   {g:8} {0:5}")
            continue
        fw, hw, n = round(sum(r.fresh for r in rs) * k), round(sum(r.held for r in rs) * k), len(rs) * k
        f, h = Share(fw, n), Share(hw, n)
        print(f"   {g:8} {len(rs):5}  {f.share:6.3f} [{f.interval[0]:.3f}, {f.interval[1]:.3f}]"
              f"            {h.share:6.3f} [{h.interval[0]:.3f}, {h.interval[1]:.3f}]")
    for a, b in zip(GRADES, GRADES[1:]):
        za = mann_whitney_z([r.fresh for r in by[a]], [r.fresh for r in by[b]])
        zb = mann_whitney_z([r.held for r in by[a]], [r.held for r in by[b]])
        print(f"   {a} vs {b}: Mann-Whitney z = {za:.1f} (fresh seeds), {zb:.1f} (held-out policy)")
    rho = spearman([r.graded for r in rows], [r.held for r in rows])
    rho_fresh = spearman([r.graded for r in rows], [r.fresh for r in rows])
    print(f"   Spearman rho, graded share vs held-out policy: {rho:.3f}; vs fresh seeds: {rho_fresh:.3f}")


def graded_boards() -> list[str]:
    out = []
    for g in engine.GAMES:
        module = grading.player_module(g if isinstance(g, str) else g.id)
        out += [b for b in getattr(module, "GRADING", {})] if module else []
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench --games grades", description=__doc__.splitlines()[0])
    p.add_argument("--count", type=int, default=1000, help="won deals a board (default 1000)")
    p.add_argument("--deals", default="1-100000", help="numbered deals A-B to try")
    p.add_argument("--boards", default=None, help="graded boards (default: all)")
    p.add_argument("--budgets", default="default",
                   help="the solver's budget for finding won deals (the first of the list: a number, 'default' or xF)")
    a = p.parse_args(argv)
    first, last = (int(x) for x in a.deals.split("-"))
    boards = a.boards.split(",") if a.boards else graded_boards()
    for board in boards:
        study(board, a.count, first, last, budget_values(a.budgets, board_of(board).budget)[0])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
