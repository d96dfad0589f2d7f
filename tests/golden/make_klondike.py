"""Regenerate tests/golden/klondike.json: `python tests/golden/make_klondike.py` (after an intended
change of the Klondike solver's search behaviour; review the diff before committing).

The fixtures are found by search, never picked by hand: for each board, numbered deals 1..DEALS are
solved at BUDGET positions; the easy win is the won deal that took the fewest positions, the hard win
the one that took the most, the proven loss the lost deal that took the most.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from engine import board_code
from engine import solve

DEALS = 60
BUDGET = 200_000
OUT = Path(__file__).with_name("klondike.json")


def digest(line: list[str]) -> str:
    return hashlib.sha256(" ".join(line).encode()).hexdigest()


def main() -> None:
    fixtures = []
    for board in ("klondike-1", "klondike-3"):
        results = [solve(board_code(board, n), budget=BUDGET) for n in range(1, DEALS + 1)]
        won = [r for r in results if r.verdict == "won"]
        lost = [r for r in results if r.verdict == "lost"]
        picks = {
            "easy win": min(won, key=lambda r: r.nodes),
            "hard win": max(won, key=lambda r: r.nodes),
            "proven loss": max(lost, key=lambda r: r.nodes),
        }
        for kind, r in picks.items():
            fixtures.append(
                {
                    "board": board,
                    "kind": kind,
                    "code": r.code,
                    "budget": BUDGET,
                    "verdict": r.verdict,
                    "nodes": r.nodes,
                    "line_length": len(r.line),
                    "line_sha256": digest(r.line),
                }
            )
            print(board, kind, r.code, r.verdict, r.nodes, len(r.line))
    OUT.write_text(json.dumps({"about": __doc__.strip().splitlines()[0], "fixtures": fixtures}, indent=1) + "\n")


if __name__ == "__main__":
    main()
