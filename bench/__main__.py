"""`make bench` (`python -m pipeline.bench`): each game's benchmark beside its peers.

A registry of per-game modules: `pipeline/bench_<name>.py`, each with `main(argv) -> int` taking
its own options (see its docstring). This runner passes the shared ones through:
`--deals A-B` (numbered deals) and `--budgets LIST` (node budgets: numbers, `default` for the
board's budget, `xF` for F times it), and `--games a,b` picks the sections (default: all that
exist); other options go through to the modules as they are (e.g. `--games klondike --no-peer`).
A module not written yet is reported and skipped. Benchmarks are never part of `make test`.
"""

from __future__ import annotations

import argparse
import importlib

# game section -> module. Add a line here when a game's benchmark module lands.
BENCHES: dict[str, str] = {
    "klondike": "pipeline.bench_klondike",
    "freecell": "pipeline.bench_freecell",
    "canfield": "pipeline.bench_canfield",
    "tripeaks": "pipeline.bench_tripeaks",
    "pyramid": "pipeline.bench_pyramid",
    "pipeline": "pipeline.bench_pipeline",  # workers' speed-up, time outside the solver (issue 4)
}


def shared_args(module: str, deals: str | None, budgets: str | None) -> list[str]:
    """The shared options in the form each module takes (modules that predate --deals/--budgets
    take --first/--last and --nodes)."""
    mod = importlib.import_module(module)
    doc = mod.__doc__ or ""
    argv: list[str] = []
    if deals:
        if "--deals" in doc or module.endswith("klondike"):
            argv += ["--deals", deals]
        elif "--last" in doc:
            lo, _, hi = deals.partition("-")
            argv += ["--first", lo, "--last", hi or lo]
    if budgets:
        if "--budgets" in doc or module.endswith("klondike"):
            argv += ["--budgets", budgets]
        elif "--nodes" in doc and budgets.split(",")[0].isdigit():
            argv += ["--nodes", budgets.split(",")[0]]
    return argv


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", default=",".join(BENCHES), help=f"sections to run, from {', '.join(BENCHES)}")
    p.add_argument("--deals", default=None, help="numbered deals A-B (each module's default if left out)")
    p.add_argument("--budgets", default=None, help="node budgets (each module's default if left out)")
    a, extra = p.parse_known_args(argv)
    status = 0
    for game in a.games.split(","):
        module = BENCHES.get(game.strip())
        if module is None:
            p.error(f"unknown section {game!r}; accepted: {', '.join(BENCHES)}")
        try:
            mod = importlib.import_module(module)
        except ModuleNotFoundError as e:
            if e.name != module:
                raise
            print(f"== {game}: no benchmark module yet ({module})")
            continue
        print(f"== {game}")
        status |= int(mod.main(shared_args(module, a.deals, a.budgets) + extra) or 0)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
