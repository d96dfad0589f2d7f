"""`dealpool check --repair`: drop what is damaged, rebuild what can be rebuilt from what is intact, and
say exactly what is left to redo.

store.repair drops the damaged and unlisted parts and nothing else: an intact verdicts part is kept
even when its deals part goes (a flipped byte in a deals part must not cost the verdicts). A deals
part that went is then rebuilt here from the codes its intact verdicts hold, when they hold every
deal the ledger listed (a code is the whole deal: engine/deal.py re-deals it), so nothing is resampled
or re-solved. Otherwise the numbered, classic and seeded parts are resampled by the command printed
(the same codes, so the kept verdicts count again), and a random or committed part is rebuilt from
the codes that are left (the others' seeds were only in the damaged part: said so).

Then what is unsolved (pipeline/plan.py's `unsolved`, the rule `check` proves and `solve` plans by) are the deals to
re-solve, each board and budget with its command; running them re-solves exactly those deals.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field

from pipeline import store
from pipeline.plan import Missing, unsolved
from pipeline.sample import deal_row
from pipeline.store import DEALS, VERDICTS, Folder

SHOWN = 20
"""Codes printed per hole (the count is always printed whole)."""


@dataclass
class Repaired:
    dropped: store.Dropped
    rebuilt: list[tuple[str, int]] = field(default_factory=list)  # deals parts rebuilt: (name, rows)
    lost: list[str] = field(default_factory=list)  # one line each: deals whose seeds are gone
    sample: list[str] = field(default_factory=list)  # commands that resample a dropped deals part
    missing: list[Missing] = field(default_factory=list)  # after all that: the deals to re-solve

    def lines(self, data: str) -> list[str]:
        """What repair did and what to run, one line each, in the order to run it."""
        out = []
        for table in (DEALS, VERDICTS):
            d = self.dropped.parts[table]
            rows = sum(r or 0 for _, r in d)
            unknown = sum(r is None for _, r in d)
            names = ", ".join(n for n, _ in d[:5]) + (", ..." if len(d) > 5 else "")
            out.append(f"dropped {table}: {len(d)} part(s), {rows} row(s) listed"
                       + (f" ({unknown} unlisted)" if unknown else "") + (f": {names}" if d else ""))  # fmt: skip
        if self.rebuilt:
            out.append(f"rebuilt deals: {len(self.rebuilt)} part(s), {sum(n for _, n in self.rebuilt)} row(s) from the "
                       "codes their intact verdicts hold: " + ", ".join(n for n, _ in self.rebuilt[:5]))  # fmt: skip
        out += [f"lost: {line}" for line in self.lost]
        for g in self.missing:
            shown = ", ".join(g.codes[:SHOWN]) + (f", ... ({len(g.codes) - SHOWN} more)" if len(g.codes) > SHOWN else "")
            at = f"at budget {g.budget}" if g.asked else "(never solved)"
            then = f", then those of the {len(g.unless)} above left unknown" if g.unless else ""
            out.append(f"to re-solve: {g.board} {at}: {len(g.codes)} deal(s){then}: {shown or '-'}")
        out += [f"next: {c}" for c in self.sample]
        out += [f"next: {g.command(data)}" for g in self.missing]
        if self.sample:
            out.append(f"next: dealpool --data {data} check (after the sample: it names any deal still to solve)")
        if not self.sample and not self.missing:
            out.append("nothing to re-solve: every sampled deal has its verdict at each budget asked")
        return out


_KIND = re.compile(r"(?P<board>.+)\.(?:(?P<nc>[NC])(?P<lo>\d+)-(?P<hi>\d+)|S(?P<seed>\d+)\.\d+-(?P<last>\d+)|[RF].*)")


def resample_command(name: str, data: str) -> str | None:
    """The `sample` command that writes deals part `name` again with the same codes, or None for a
    random or committed part (its seeds are not in its name)."""
    m = _KIND.fullmatch(name)
    if not m:
        return None
    board = m["board"]
    if m["nc"]:
        opt = "--numbers" if m["nc"] == "N" else "--classic"
        return f"dealpool --data {data} sample --boards {board} {opt} {int(m['lo'])}-{int(m['hi'])}"
    if m["seed"] is not None:
        return f"dealpool --data {data} sample --boards {board} --numbers-from {m['seed']} --count {int(m['last']) + 1}"
    return None


def _codes_of(folder: Folder, deals_stem: str) -> tuple[str | None, set[str]]:
    """(board, codes) of the intact, listed verdicts parts of a deals part."""
    board, codes = None, set()
    for p in store.listed_parts(folder, VERDICTS):
        if store.part_stem(p).rsplit(".", 2)[0] == deals_stem:
            for r in store.read_part(p, VERDICTS).select(["board", "code"]).to_pylist():
                board = r["board"]
                codes.add(r["code"])
    return board, codes


def _rebuild(folder: Folder, name: str, board: str, codes: set[str]) -> int:
    rows = [deal_row(board, c) for c in codes]
    rows.sort(key=lambda r: (r["number"] is None, r["number"] or 0, r["code"]))
    store.write_part(folder, DEALS, name, rows)
    return len(rows)


def repair(folder: Folder) -> Repaired:
    """Drop, rebuild, and compute what is left to re-solve (under the write lock)."""
    data = shlex.quote(str(folder.root))
    with store.writer(folder):
        done = Repaired(store.repair(folder))
        for name, listed in sorted(done.dropped.deals_gone.items()):
            board, codes = _codes_of(folder, name)
            command = resample_command(name, data)
            if board is not None and listed is not None and len(codes) == listed:
                done.rebuilt.append((name, _rebuild(folder, name, board, codes)))
            elif command is not None:
                done.sample.append(command)
            elif board is not None:
                done.rebuilt.append((name, _rebuild(folder, name, board, codes)))
                gone = "" if listed is None else f"{listed - len(codes)} of "
                done.lost.append(f"{gone}the deals of {name} were unsolved and only there (random seeds): "
                                 f"sample new ones with `dealpool --data {data} sample --boards {board} --random N`")  # fmt: skip
            else:
                done.lost.append(f"the deals of {name} (random seeds, none solved): sample new ones with --random")
        deals = store.read_table(folder, DEALS).select(["board", "code"]).to_pylist()
        verdicts = store.read_table(folder, VERDICTS).select(["board", "code", "verdict", "budget"]).to_pylist()
        asks, _ = store.read_asks(folder)
        done.missing = unsolved(deals, verdicts, asks)
    return done
