"""La Belle Lucie benchmark: `python -m bench --games labellelucie [--deals 1-1000] [--budgets LIST]`.

Numbered deals of the `labellelucie` board (two redeals, each when no move is left; no merci) at the
board's budget: decided %, won %, times, nodes, every won line replayed, and the solver's redeals
against the referee's on every deal (bench/redeals.py).
"""

from __future__ import annotations

from bench import redeals

GAME = "labellelucie"
REFERENCE = (
    "reference: no published winnability figure with every card known was found for La Belle Lucie "
    "(a vendor's help page gives 'Chance of Winning: 3 in 5 games' for human play with a merci; not comparable)."
)


def main(argv: list[str] | None = None) -> int:
    return redeals.main(GAME, "fans", REFERENCE, argv)


if __name__ == "__main__":
    raise SystemExit(main())
