"""`make bench` (`python -m bench`): each game's benchmark beside its peers.

A registry of section modules, each with `main(argv) -> int`: every game's `bench/games/<game>/`
(found by the game's id, so adding a game adds no line here) and the shared `bench/<name>.py`. Every section
takes the shared options the same way (bench/args.py): `--deals A-B` (numbered deals) and
`--budgets LIST` (node budgets: numbers, `default` for the board's budget, `xF` for F times it);
this runner passes them through as they are, and only when given (else each section's defaults).
`--games a,b` picks the sections (default: all); other options go through to every chosen section
as they are (e.g. `--games klondike --no-peer`). Benchmarks are never part of `make test`, and
bench/ is not shipped with the package.
"""

from __future__ import annotations

import argparse
import importlib

from bench import games as sections
from bench.args import budget_list, deal_range

# section -> module: each game's (bench/games/<game>/, in the registry's order), then the shared ones.
BENCHES: dict[str, str] = {
    **{g: f"bench.games.{g}" for g in sections.ids()},
    "pipeline": "bench.pipeline",  # workers' speed-up, time outside the solver (issue 4)
    "memory": "bench.memory",  # resident memory against --max-mb (issue 12)
    "js": "bench.js",  # the JavaScript kit: verify in Node and Chromium, deals a second (issue 28)
    "grades": "bench.grades",  # visible-information grades: separation, rank agreement, cost (issue 33)
}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    p.add_argument("--games", default=",".join(BENCHES), help=f"sections to run, from {', '.join(BENCHES)}")
    p.add_argument("--deals", default=None, help="numbered deals A-B (each section's default if left out)")
    p.add_argument("--budgets", default=None, help="node budgets (each section's default if left out)")
    a, extra = p.parse_known_args(argv)
    games = [g.strip() for g in a.games.split(",")]
    for game in games:
        if game not in BENCHES:
            p.error(f"unknown section {game!r}; accepted: {', '.join(BENCHES)}")
    # Check the shared options once, before any section runs for minutes.
    shared: list[str] = []
    for option, value, check in (("--deals", a.deals, deal_range), ("--budgets", a.budgets, budget_list)):
        if value is not None:
            try:
                check(value)
            except argparse.ArgumentTypeError as e:
                p.error(f"argument {option}: {e}")
            shared += [option, value]
    status = 0
    for game in games:
        print(f"== {game}", flush=True)
        status |= int(importlib.import_module(BENCHES[game]).main(shared + extra) or 0)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
