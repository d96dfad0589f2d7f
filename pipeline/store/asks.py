"""What was asked of a folder: each (board, budget) a `solve`, `build` or `pool` run set out to solve,
recorded before the first deal is solved, so `check` can prove every sampled deal has its verdict at
each budget asked even when the run was killed before writing one.

    ledger/asked/<board>.b<budget>.json    {"board": id, "budget": n}

One file a (board, budget), written atomically (pipeline/files.py) and never rewritten: a second run
at the same budget finds it there. A folder written before these records has none; its budgets asked
are then the budgets its verdicts were solved at (`asked` adds those in any case).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import engine
from pipeline import files
from pipeline.store.tables import ASKED, LEDGER, Folder

MAX_ASK = 4096
"""The most bytes of an ask record read (one is about 40 bytes)."""
_NAME = re.compile(r"(?P<board>[A-Za-z0-9_=,+-]+)\.b(?P<budget>[0-9]{1,19})\.json")


def asked_dir(folder: Folder) -> Path:
    return folder.root / LEDGER / ASKED


def record_asks(folder: Folder, budgets: dict[str, int]) -> None:
    """Record each board's budget as asked (the caller holds the write lock); an existing record is
    left as it is."""
    for board, budget in sorted(budgets.items()):
        path = asked_dir(folder) / f"{board}.b{budget}.json"
        if files.require_regular(path, "ask record"):
            continue
        files.write_atomic(path, json.dumps({"board": board, "budget": budget}, sort_keys=True).encode())


def read_asks(folder: Folder) -> tuple[dict[str, set[int]], list[str]]:
    """({board: budgets asked}, problems): a record that is unreadable or not what its name says is a
    problem (one line each), never trusted."""
    d = asked_dir(folder)
    out: dict[str, set[int]] = {}
    problems: list[str] = []
    for p in sorted(d.iterdir()) if d.is_dir() else []:
        where = f"{LEDGER}/{ASKED}/{p.name}"
        m = _NAME.fullmatch(p.name)
        try:
            if not m:
                raise ValueError("not named <board>.b<budget>.json")
            doc = json.loads(files.read_capped(p, MAX_ASK, "ask record"))
            if doc != {"board": m["board"], "budget": int(m["budget"])}:
                raise ValueError("its board and budget differ from its name")
        except (ValueError, RecursionError, engine.BadInput) as e:
            problems.append(f"{where} is unreadable ({str(e).splitlines()[0] if str(e) else type(e).__name__})")
            continue
        out.setdefault(m["board"], set()).add(int(m["budget"]))
    return out, problems
