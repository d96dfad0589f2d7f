"""Regenerate the golden fixtures, tests/games/<game>/golden.json: `make golden`, or

    python tests/golden/make.py [GAME ...]            re-measure every listed fixture and rewrite the files
    python tests/golden/make.py --check [GAME ...]    re-measure and list the differences; write nothing

Only after an intended change of a solver's search behaviour (review the diff; say why in the
commit). The choice of codes is kept: each fixture's board, kind, code and budget are read from the
file and only the measured fields (verdict, nodes, line_length, line_sha256) are written. To add a
fixture, add an entry with its kind, code and budget and run this. The schema is in
tests/golden/README.md; tests/test_golden.py checks every file against the solver with `measure`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import engine

HERE = Path(__file__).resolve().parent
GAMES_DIR = HERE.parent / "games"  # each game's tests folder holds its golden.json
FILE_KEYS = ("game", "about", "fixtures")
CHOSEN = ("board", "kind", "code", "budget")  # chosen, kept as they are
MEASURED = ("verdict", "nodes", "line_length", "line_sha256")  # written from the solver
FIELDS = CHOSEN + MEASURED


def path_of(game: str) -> Path:
    return GAMES_DIR / game / "golden.json"


def games() -> list[str]:
    """The games with a golden file, in the registry's order."""
    return [g for g in engine.GAMES if path_of(g).exists()]


def line_sha256(line: list[str]) -> str:
    """SHA-256 of a line's tokens joined by single spaces (empty line: the digest of b'')."""
    return hashlib.sha256(" ".join(line).encode()).hexdigest()


def measure(fixture: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """A fixture as the solver gives it now (its code at its budget, the default memory cap), and
    the line. The board is the code's (engine.board_for)."""
    r = engine.solve(fixture["code"], budget=fixture["budget"])
    out = {
        "board": engine.board_for(r.code).id,
        "kind": fixture["kind"],
        "code": r.code,
        "budget": fixture["budget"],
        "verdict": r.verdict,
        "nodes": r.nodes,
        "line_length": len(r.line),
        "line_sha256": line_sha256(r.line),
    }
    return out, r.line


def dump(data: dict[str, Any]) -> str:
    """A golden file's text: the one formatting every file has."""
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def regenerate(game: str) -> tuple[str, list[str]]:
    """The file of `game` re-measured (its text) and the differences from the file as it is."""
    data = json.loads(path_of(game).read_text())
    fixtures, diffs = [], []
    for old in data["fixtures"]:
        new, _ = measure(old)
        fixtures.append(new)
        for k in FIELDS:
            if old.get(k) != new[k]:
                diffs.append(f"{game}: {old['code']} {k}: {old.get(k)!r} -> {new[k]!r}")
    return dump({"game": game, "about": data["about"], "fixtures": fixtures}), diffs


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python tests/golden/make.py", description=__doc__.splitlines()[0])
    p.add_argument("games", nargs="*", help=f"games to re-measure (default: all with a file: {', '.join(games())})")
    p.add_argument("--check", action="store_true", help="list the differences, write nothing (exit 1 if any)")
    a = p.parse_args(argv)
    for g in a.games:
        if g not in games():
            p.error(f"no golden file for {g!r}; accepted: {', '.join(games())}")
    changed = False
    for game in a.games or games():
        text, diffs = regenerate(game)
        path = path_of(game)
        for d in diffs:
            print(d)
        same = text == path.read_text()
        changed = changed or not same
        if not same and not a.check:
            path.write_text(text)
        status = "unchanged" if same else "differs" if a.check else "rewritten"
        print(f"{path.relative_to(HERE.parent.parent)}: {len(json.loads(text)['fixtures'])} fixtures, {status}")
    return 1 if a.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
