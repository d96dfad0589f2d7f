"""Helpers for the Canfield tests: random positions past the deal and a brute-force searcher.

The brute force is the solver's independent check: it tries every legal single move the referee's
rules allow, with exact keys and no safe moves, symmetry or stock-cycle merging, so a position it
exhausts is lost by the rules themselves.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from engine.games.canfield import rules as R

OPTIONS = {"draw": 3, "passes": 0}


def random_position(rng: random.Random, left: int) -> dict[str, list[list[int]]]:
    """A layout past the deal: `left` cards not yet up, spread over reserve, piles, waste and stock.

    Not every such position is reachable from a deal, but the rules apply to each the same way,
    which is what the differential and soundness tests need.
    """
    base = rng.randrange(52)
    b, bs = base % 13, base // 13
    counts = [13, 13, 13, 13]
    for _ in range(left):
        choices = [s for s in range(4) if counts[s] > (1 if s == bs else 0)]
        counts[rng.choice(choices)] -= 1
    up = {s: [s * 13 + (b + i) % 13 for i in range(counts[s])] for s in range(4)}
    foundation = [up[bs]] + [up[s] for s in range(4) if s != bs and counts[s]]
    rest = [c for c in range(52) if all(c not in f for f in foundation)]
    rng.shuffle(rest)
    cut = sorted(rng.randint(0, len(rest)) for _ in range(3))
    reserve, piles_cards, waste, stock = rest[: cut[0]], rest[cut[0] : cut[1]], rest[cut[1] : cut[2]], rest[cut[2] :]
    # Piles built down in alternating colours, as play builds them (the solver refuses others): a
    # card goes on a random pile it fits, else into an empty pile, else back to the stock.
    piles: list[list[int]] = [[], [], [], []]
    for c in piles_cards:
        fits = [p for p in piles if R._fits_pile(c, p)]
        empty = [p for p in piles if not p]
        if fits or empty:
            rng.choice(fits or empty).append(c)
        else:
            stock.append(c)
    return {"reserve": [reserve], "foundation": foundation, "tableau": piles, "waste": [waste], "stock": [stock]}


def state_key(s: R.State) -> tuple[Any, ...]:
    return (tuple(s.reserve), tuple(map(tuple, s.tableau)), tuple(s.stock), tuple(s.waste), tuple(s.found))


def brute_force(s: R.State, limit: int) -> bool | None:
    """Whether `s` can be won (True/False), trying every legal move; None past `limit` positions."""
    seen: set[tuple[Any, ...]] = set()
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))

    class TooBig(Exception):
        pass

    def go() -> bool:
        if R.is_won(s):
            return True
        k = state_key(s)
        if k in seen:
            return False
        if len(seen) >= limit:
            raise TooBig
        seen.add(k)
        for m in R.legal_moves(s):
            u = R.play(s, m)
            won = go()
            R.undo(s, u)
            if won:
                return True
        return False

    try:
        return go()
    except TooBig:
        return None


def all_cards(s: R.State) -> list[int]:
    """Every card of the position, foundations included, sorted (a conserved position gives 0..51)."""
    up = [su * 13 + (s.base + i) % 13 for su in range(4) for i in range(s.found[su])]
    return sorted([*s.reserve, *(c for p in s.tableau for c in p), *s.stock, *s.waste, *up])
