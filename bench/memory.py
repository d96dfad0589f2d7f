"""Resident memory against `--max-mb` (issue 12, finding 6): memory-hungry deals (each game's
`MEMORY` in bench/games/<game>/) solved by the CLI at several caps, each in its own process, its
peak resident set read from the kernel (wait4); the bound is 1.25 x cap + 150 MiB. Then the issue's fault: the solve under `ulimit -v 1G`
(it must end `unknown (memory)`, not abort). Rerun: `python -m bench --games memory`.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import engine
from bench import games as sections


def cases() -> list[tuple[str, str, list[int]]]:
    """(board, deal, caps in MiB): deals whose search outgrows small caps, each game's `MEMORY` in
    its bench folder (bench/games/<game>/), in the registry's order. A deal is a number or a classic
    number `C<n>`."""
    return [case for g in sections.ids() for case in getattr(sections.module(g), "MEMORY", [])]


def _code(board: str, deal: str) -> str:
    if deal.isdigit():
        return engine.board_code(board, int(deal))
    return engine.format_code(engine.DealCode.classic(int(deal.removeprefix("C")), engine.board(board).options))


def _dealpool() -> str:
    found = shutil.which("dealpool", path=str(Path(sys.executable).parent)) or shutil.which("dealpool")
    if not found:
        raise SystemExit("bench memory: no `dealpool` command (run `make setup`)")
    return found


def _measure(cmd: list[str], limit_kib: int | None = None) -> tuple[int, int, str, str]:
    """Run `cmd` (under `ulimit -v limit_kib` if given); (status, peak RSS KiB, stdout, stderr)."""
    if limit_kib is not None:
        cmd = ["bash", "-c", f'ulimit -v {limit_kib} && exec "$@"', "limited", *cmd]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out = p.stdout.read() if p.stdout else ""
    err = p.stderr.read() if p.stderr else ""
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode, usage.ru_maxrss, out, err


def _row(board: str, deal: str, cap: int, status: int, rss_kib: int, out: str, err: str, limit: str = "") -> str:
    try:
        r = json.loads(out)
        verdict = r["verdict"] + (f" ({r['reason']})" if r["reason"] else "")
        nodes = f"{r['nodes']:,}"
    except (json.JSONDecodeError, KeyError):
        verdict, nodes = f"exit {status}: {err.strip().splitlines()[0] if err.strip() else ''}"[:60], "-"
    rss, bound = rss_kib / 1024, 1.25 * cap + 150
    ok = "yes" if status == 0 and rss <= bound else "NO"
    return f"{board:<11} {deal:>7} {cap:>6} {limit:>8} {verdict:<18} {nodes:>12} {rss:>8.0f} {bound:>7.0f} {ok:>6}"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench --games memory", description=__doc__.splitlines()[0])
    p.add_argument("--no-ulimit", action="store_true", help="skip the `ulimit -v 1G` run")
    a, _ = p.parse_known_args(argv)  # the shared --deals/--budgets do not apply: the cases are fixed
    dp = _dealpool()
    print(f"{'board':<11} {'deal':>7} {'cap':>6} {'ulimit':>8} {'verdict':<18} {'nodes':>12} {'RSS MiB':>8} {'bound':>7} {'within':>6}")
    bad = 0
    for board, deal, caps in cases():
        for cap in caps:
            status, rss, out, err = _measure([dp, "solve", _code(board, deal), "--max-mb", str(cap), "--json"])
            line = _row(board, deal, cap, status, rss, out, err)
            bad += line.endswith("NO")
            print(line, flush=True)
    if not a.no_ulimit:
        status, rss, out, err = _measure([dp, "solve", "--board", "klondike-3", "262", "--max-mb", "1024", "--json"], 1 << 20)
        line = _row("klondike-3", "262", 1024, status, rss, out, err, limit="1G")
        bad += line.endswith("NO")
        print(line, flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
