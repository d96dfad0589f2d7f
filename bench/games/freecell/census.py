"""FreeCell census: classic deals A..B (default 1..1,000,000) solved in chunks, resumable, with the
impossible deals found set beside the published list.

Each chunk of deals is solved in turn and written as one line of a tab-separated state file
(`bench-out/freecell-census-A-B.tsv` unless `--state` names another) once it is done, flushed and
synced: a run killed at any point loses at most the chunk it was in, and the next run with the same
range and budget resumes after the last chunk written. The file's first line records the range, the
chunk size, the node budget and the engine build; a file written by another build or with other
settings is refused (one line, exit 2), since its verdicts and counts would not be comparable.

Every verdict is the solver's own: `lost` only from an exhaustive search (docs/solver.md), never
from the published list, which is printed beside what was found only to compare (`PUBLISHED`).
`unknown` deals (the budget ran out) are listed apart: they are neither found impossible nor won.
Won lines are not replayed here (the referee is slow at a million deals; `python -m bench --games
freecell` replays every line of 1..32000, and `--replay K` replays every K-th deal's line).

Run it nice'd on a shared machine, e.g.
`nice -n 19 python -m bench.games.freecell.census --deals 1-1000000`; `--report` prints the
comparison from the state file as it stands without solving anything more.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import engine
from bench.args import deal_range

# The classic deals of 1..1,000,000 that cannot be won with 4 cells, as published (the FreeCell FAQ's
# list of impossible deals, after Pringle and Fish). For the comparison printed only; the solver
# never sees it.
PUBLISHED: tuple[int, ...] = (11982, 146692, 186216, 455889, 495505, 512118, 517776, 781948)
PUBLISHED_UPTO = 1_000_000


def header(first: int, last: int, chunk: int, budget: int) -> str:
    """The state file's first line: what its verdicts depend on."""
    return f"# freecell census\tdeals {first}-{last}\tchunk {chunk}\tbudget {budget}\tengine {engine.engine_version()}"


def read_state(path: Path, head: str) -> list[list[str]]:
    """The chunks already written (their fields), or SystemExit(2) when the file has another header."""
    if not path.exists():
        return []
    lines = path.read_text().splitlines()
    if lines and lines[0] != head:
        print(f"census: {path} was written with other settings or another build ({lines[0]!r}); "
              f"give another --state", file=sys.stderr)
        raise SystemExit(2)
    rows = [line.split("\t") for line in lines[1:] if line.strip()]
    # a half-written last line (killed mid-write) is dropped: its chunk is solved again
    return [r for r in rows if len(r) == 7]


def numbers(field: str) -> list[int]:
    return [int(x) for x in field.split(",") if x]


def solve_chunk(lo: int, hi: int, budget: int, replay: int) -> tuple[int, list[int], list[int], float, int, list[str]]:
    """Deals lo..hi: (won, lost, unknown, solver CPU seconds, nodes, problems)."""
    from engine import native

    game = engine.game("freecell")
    won, lost, unknown, cpu, nodes, bad = 0, [], [], 0.0, 0, []
    for number in range(lo, hi + 1):
        code = f"SOL1-freecell-cells=4-C{number}"
        dealt = engine.deal(code)
        opts = game.native_options(dealt.options)
        t = time.process_time()
        out = native.solve("freecell", dealt.layout, opts, budget=budget, max_bytes=engine.DEFAULT_MAX_MB << 20)
        cpu += time.process_time() - t
        nodes += out.nodes
        if out.verdict == "won":
            won += 1
            if replay and number % replay == 0:
                rep = engine.replay(code, out.line)
                if not rep.ok:
                    bad.append(f"C{number}: the referee refused the line: {rep.error} at {rep.at}")
        elif out.verdict == "lost":
            lost.append(number)
        else:
            unknown.append(number)
    return won, lost, unknown, cpu, nodes, bad


def report(rows: list[list[str]], first: int, last: int) -> bool:
    """Print the totals so far and the impossible deals found against the published list; True when
    they agree over the deals done (no deal undecided, none missing, none extra)."""
    done = sum(int(r[1]) - int(r[0]) + 1 for r in rows)
    won = sum(int(r[2]) for r in rows)
    lost = sorted(n for r in rows for n in numbers(r[3]))
    unknown = sorted(n for r in rows for n in numbers(r[4]))
    cpu = sum(float(r[5]) for r in rows)
    nodes = sum(int(r[6]) for r in rows)
    covered = {n for r in rows for n in range(int(r[0]), int(r[1]) + 1)}
    published = [n for n in PUBLISHED if n in covered]
    print(f"classic FreeCell deals {first}..{last}: {done} done ({100 * done / (last - first + 1):.1f} %); "
          f"won {won}, lost {len(lost)}, unknown {len(unknown)}; solver {cpu:.1f} s CPU, {nodes} positions")
    print(f"  impossible found (proved lost): {', '.join(map(str, lost)) or 'none'}")
    print(f"  published impossible in the deals done: {', '.join(map(str, published)) or 'none'}")
    missing = [n for n in published if n not in lost]
    extra = [n for n in lost if n <= PUBLISHED_UPTO and n not in PUBLISHED]
    if unknown:
        print(f"  undecided at the budget: {', '.join(map(str, unknown[:50]))}{' ...' if len(unknown) > 50 else ''}")
    if missing:
        print(f"  published but not found lost: {', '.join(map(str, missing))}")
    if extra:
        print(f"  found lost but not published: {', '.join(map(str, extra))}")
    agree = not missing and not extra and not unknown
    print(f"  {'agrees with' if agree else 'differs from'} the published list over the deals done")
    return agree


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.games.freecell.census", description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=deal_range, default=deal_range("1-1000000"), help="classic deals A-B (default 1-1000000)")
    ap.add_argument("--budget", type=int, default=engine.board("freecell").budget, help="node budget a deal (default the board's)")
    ap.add_argument("--chunk", type=int, default=10_000, help="deals a chunk (one state line each; default 10000)")
    ap.add_argument("--state", type=Path, default=None, help="state file (default bench-out/freecell-census-A-B.tsv)")
    ap.add_argument("--replay", type=int, default=0, help="replay every K-th won line by the referee (default 0: none)")
    ap.add_argument("--report", action="store_true", help="only print what the state file holds")
    a = ap.parse_args(argv)
    if a.budget < 1 or a.chunk < 1 or a.replay < 0:
        ap.error("--budget and --chunk must be >= 1, --replay >= 0")
    first, last = a.deals.start, a.deals.stop - 1
    path = a.state or Path("bench-out") / f"freecell-census-{first}-{last}.tsv"
    head = header(first, last, a.chunk, a.budget)
    rows = read_state(path, head)
    if not a.report:
        path.parent.mkdir(parents=True, exist_ok=True)
        done = {int(r[0]) for r in rows}
        if not path.exists() or not path.read_text().strip():
            path.write_text(head + "\n")
        else:
            # rewrite without a torn last line, so appends start on a fresh line
            path.write_text("\n".join([head] + ["\t".join(r) for r in rows]) + "\n")
        bad: list[str] = []
        for lo in range(first, last + 1, a.chunk):
            if lo in done:
                continue
            hi = min(lo + a.chunk - 1, last)
            won, lost, unknown, cpu, nodes, problems = solve_chunk(lo, hi, a.budget, a.replay)
            bad += problems
            row = [str(lo), str(hi), str(won), ",".join(map(str, lost)), ",".join(map(str, unknown)), f"{cpu:.3f}", str(nodes)]
            with path.open("a") as f:
                f.write("\t".join(row) + "\n")
                f.flush()
                os.fsync(f.fileno())
            rows.append(row)
            print(f"  {lo}..{hi}: won {won}, lost {lost or '-'}, unknown {unknown or '-'}, {cpu:.1f} s CPU", flush=True)
        for line in bad[:20]:
            print(f"  FAIL {line}")
        if bad:
            report(rows, first, last)
            return 1
    return 0 if report(rows, first, last) else 1


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("census: interrupted; run again to resume", file=sys.stderr)
        sys.exit(130)
