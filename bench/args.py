"""The options every bench section takes the same way, so that `python -m bench` passes them through
as they are:

    --deals A-B       numbered deals A..B (or N: the one deal N), 1 <= A <= B <= 1,000,000
    --budgets LIST    comma-separated node budgets (positions allowed a deal): a number, `default`
                      (the board's budget) or `xF` (F times the board's budget), e.g. x0.25,default,x4

Every section honours both: it measures its deals at every budget of the list, in order (for
boards beside their own, e.g. the peaks' variants, `default` is the section's board's budget).
"""

from __future__ import annotations

import argparse

import engine
from pipeline.sample import parse_range


def deal_range(text: str) -> range:
    """`A-B` (or `N`) as the range of deal numbers A..B; argparse's error on a bad one."""
    try:
        lo, hi = parse_range(text)
    except engine.BadInput as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return range(lo, hi + 1)


def budget_list(text: str) -> str:
    """A budget list checked for form (resolved per board by `budgets`); argparse's error on a bad one."""
    try:
        budgets(text, 10**9)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


def budgets(spec: str, default: int) -> list[int]:
    """The budgets of a list, for a board whose budget is `default`; ValueError on a bad one."""
    out = []
    for part in (p.strip().lower() for p in spec.split(",")):
        try:
            value = default if part == "default" else int(float(part[1:]) * default) if part.startswith("x") else int(part)
        except ValueError:
            value = 0
        if value < 1:
            raise ValueError(f"bad budget {part!r} in {spec!r}: give whole numbers >= 1, 'default' or xF (F > 0)")
        out.append(value)
    return out


def add_shared(p: argparse.ArgumentParser, deals: str, budgets: str = "default") -> None:
    """Add --deals and --budgets with this section's defaults."""
    p.add_argument("--deals", type=deal_range, default=deal_range(deals), metavar="A-B",
                   help=f"numbered deals A-B (default {deals})")  # fmt: skip
    p.add_argument("--budgets", type=budget_list, default=budgets, metavar="LIST",
                   help=f"node budgets: numbers, 'default' (the board's) or xF (default {budgets})")  # fmt: skip
