"""Shared helpers for the Klondike tests: hand-made positions and a small test-only search.

Not a test module (no `test_` prefix); the tests import it by path via conftest-free importlib mode.
"""

from __future__ import annotations

import sys
from typing import Any

from engine import cards
from engine.games.klondike import rules as k


def position(
    piles: list[str],
    found: tuple[int, int, int, int] = (0, 0, 0, 0),
    waste: str = "",
    stock: str = "",
    draw: int = 1,
    passes: str = "unlimited",
    rest: str = "stock",
) -> k.State:
    """A hand-made position. Piles are card names bottom first, `[XX]` face down (at the bottom);
    `found` gives each suit's height (S H D C); `waste` and `stock` are names bottom first (the stock's
    last card is drawn next). Cards not placed anywhere go to the bottom of the stock (rest="stock")
    or face down under pile 1 (rest="pile1"), so every position holds the 52 cards."""
    tableau: list[list[int]] = []
    down: list[int] = []
    for text in piles + [""] * (7 - len(piles)):
        pile, d = [], 0
        for tok in text.split():
            if tok.startswith("["):
                d += 1
                tok = tok.strip("[]")
            pile.append(cards.parse(tok))
        tableau.append(pile)
        down.append(d)
    w = cards.parse_many(waste)
    s = cards.parse_many(stock)
    foundation = [list(range(suit * 13, suit * 13 + h)) for suit, h in enumerate(found)]
    placed = {c for p in tableau for c in p} | set(w) | set(s) | {c for f in foundation for c in f}
    leftover = [c for c in range(52) if c not in placed]
    if rest == "stock":
        s = leftover + s
    else:
        tableau[0] = leftover + tableau[0]
        down[0] += len(leftover)
    layout = {"tableau": tableau, "down": [down], "stock": [s], "waste": [w], "foundation": foundation}
    return k.new_state(layout, {"draw": str(draw), "passes": passes})


def _key(s: k.State) -> Any:
    piles = tuple(sorted(tuple(p) + (-1 - d,) for p, d in zip(s.piles, s.down)))
    return piles, tuple(s.stock), tuple(s.waste), tuple(s.found), s.redeals


def search(state: k.State, budget: int) -> list[str] | None:
    """A small depth-first search for a winning line (test-only; no claim about losses).

    Safe moves first without branching, then foundation moves, reveals, other moves, stock taps;
    foundation-back moves are left out to keep it small. The state is left as it was."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    seen: set[Any] = set()
    trail: list[tuple[str, Any]] = []
    nodes = 0

    def order(m: str) -> int:
        if m.endswith(">f"):
            return 0
        if m in ("d", "r"):
            return 3
        if m[0] == "w":
            return 1
        if m[0] == "f":
            return 4
        src = int(m[0]) - 1
        n = int(m.split(":")[1].split(">")[0]) if ":" in m else 1
        return 1 if state.down[src] and n == len(state.piles[src]) - state.down[src] else 2

    def go() -> bool:
        nonlocal nodes
        mark = len(trail)
        while (m := k.safe_move(state)) is not None:
            trail.append((m, k.play(state, m)))
        if k.is_won(state):
            return True
        key = _key(state)
        if key not in seen and nodes < budget:
            seen.add(key)
            nodes += 1
            for m in sorted(k.legal_moves(state), key=order):
                if m[0] == "f":
                    continue
                trail.append((m, k.play(state, m)))
                if go():
                    return True
                k.undo(state, trail.pop()[1])
        while len(trail) > mark:
            k.undo(state, trail.pop()[1])
        return False

    won = go()
    line = [m for m, _ in trail]
    while trail:
        k.undo(state, trail.pop()[1])
    return line if won else None


def winnable(state: k.State, limit: int = 50_000) -> bool | None:
    """Exhaustive search over every legal move (foundation-back moves too): whether any line wins.
    None if more than `limit` positions would be needed. Keys are exact up to the order of the
    piles (interchangeable) and the redeal counter when passes are unlimited, so a dry search
    proves a loss. Iterative, on copies: the state is left as it was."""

    def key(s: k.State) -> Any:
        piles = tuple(sorted((d, tuple(p)) for p, d in zip(s.piles, s.down)))
        return piles, tuple(s.stock), tuple(s.waste), tuple(s.found), s.redeals if s.max_redeals is not None else 0

    seen = {key(state)}
    todo = [state.copy()]
    while todo:
        s = todo.pop()
        if k.is_won(s):
            return True
        # stack order: foundation moves are tried first (pushed last), so wins are found fast
        for m in sorted(k.legal_moves(s), key=lambda m: (m.endswith(">f"), m[0] != "f")):
            child = s.copy()
            k.play(child, m)
            kk = key(child)
            if kk not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(kk)
                todo.append(child)
    return False
