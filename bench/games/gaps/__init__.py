"""Gaps benchmark: `python -m bench --games gaps [--deals 1-1000] [--budgets LIST]`.

Numbered deals of the `gaps` board (two redeals, each when no gap can be filled) at the board's
budget: decided %, won %, times, nodes, every won line replayed, and the solver's redeals against
the referee's on every deal (bench/redeals.py).
"""

from __future__ import annotations

from bench import redeals

GAME = "gaps"
REFERENCE = (
    "reference: Gaps without redeals (every card known), 85.815 % ± 3.717 % winnable over 10,000 deals, over 6 % "
    "inconclusive (Solvitaire, Blake & Gent, as quoted by solitairewinrates.com); no figure found with redeals."
)


def main(argv: list[str] | None = None) -> int:
    return redeals.main(GAME, "rows", REFERENCE, argv)


if __name__ == "__main__":
    raise SystemExit(main())
