"""Spider benchmark: `python -m bench --games spider [--deals 1-1000] [--budgets LIST]`.

Numbered deals of each board (spider-1, spider-2, spider-4), each solved at the board's budget,
every won line replayed by the referee: decided %, won %, mean / median / p95 / max time
(bench/peaks.py's table). No peer from the package registries solves Spider; Solvitaire (C++,
GitHub) plays Spider under other rules (reports/published.csv) and is not built here.
"""

from __future__ import annotations

import argparse

import engine
from bench import peaks
from bench.args import add_shared, budgets

BOARDS = ("spider-1", "spider-2", "spider-4")
REFERENCE = (
    "reference: Spider 4 suits >= 97.3 % winnable (Blake & Gent, 10,000 deals, Solvitaire's rules: "
    "cards off one at a time, deals onto empty columns allowed, runs of 2+ only onto their own suit)."
)


def main(argv: list[str] | None = None) -> int:
    """Options: --deals A-B (default 1-1000), --budgets LIST (default: each board's budget),
    --boards a,b (default all three)."""
    ap = argparse.ArgumentParser(prog="python -m bench --games spider")
    add_shared(ap, deals="1-1000")
    ap.add_argument("--boards", default=",".join(BOARDS), help="boards, from " + ", ".join(BOARDS))
    args = ap.parse_args(argv)
    results = []
    for board_id in args.boards.split(","):
        board = engine.board(board_id)
        opts = dict(board.options)
        for budget in budgets(args.budgets, board.budget):
            print(f"{board.id}: deals {args.deals.start}..{args.deals.stop - 1} at a budget of {budget:,} positions", flush=True)
            results.append(peaks.run("spider", opts, budget, args.deals, board.id))
    peaks.print_table(results)
    print(REFERENCE)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
