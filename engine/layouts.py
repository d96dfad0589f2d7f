"""How each game lays the shuffled cards out (docs/architecture.md, docs/games.md).

Seed 000: "the tableau is dealt across the piles a row at a time, as at a table ... cards left
over form the stock, the first of them at the bottom". Every group is a list of card lists,
each bottom first; a stock's last element is the card drawn next. The layout never depends
on the player, only on the order.
"""

from __future__ import annotations

from typing import Callable, Mapping, Sequence

from engine.errors import DealpoolError

Layout = dict[str, list[list[int]]]


def deal_rows(order: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    """Deal cards across piles a row at a time: each row goes left to right over the piles
    that still want cards (pile i wants sizes[i]). Returns the piles, bottom first."""
    piles: list[list[int]] = [[] for _ in sizes]
    k = 0
    for row in range(max(sizes, default=0)):
        for p, size in enumerate(sizes):
            if row < size:
                piles[p].append(order[k])
                k += 1
    return piles


def _klondike(order: Sequence[int], options: Mapping[str, str]) -> Layout:
    # Row r starts at pile r+1 (0-based r): pile p (1..7) gets p cards, the top one face up.
    tableau = deal_rows(order, range(1, 8))
    return {"tableau": tableau, "down": [[p for p in range(7)]], "stock": [list(order[28:52])]}


def _freecell(order: Sequence[int], options: Mapping[str, str]) -> Layout:
    return {"tableau": deal_rows(order, [7, 7, 7, 7, 6, 6, 6, 6])}


def _canfield(order: Sequence[int], options: Mapping[str, str]) -> Layout:
    return {
        "reserve": [list(order[0:13])],
        "foundation": [[order[13]]],
        "tableau": [[c] for c in order[14:18]],
        "stock": [list(order[18:52])],
    }


def _tripeaks(order: Sequence[int], options: Mapping[str, str]) -> Layout:
    return {
        "rows": [list(order[0:3]), list(order[3:9]), list(order[9:18]), list(order[18:28])],
        "stock": [list(order[28:51])],
        "waste": [[order[51]]],
    }


def _pyramid(order: Sequence[int], options: Mapping[str, str]) -> Layout:
    rows = [list(order[r * (r - 1) // 2 : r * (r + 1) // 2]) for r in range(1, 8)]
    return {"rows": rows, "stock": [list(order[28:52])]}


def _spider(order: Sequence[int], options: Mapping[str, str]) -> Layout:
    # 10 columns, 54 cards row by row: columns 1-4 get 6, 5-10 get 5; only the top is face up.
    sizes = [6] * 4 + [5] * 6
    return {
        "tableau": deal_rows(order, sizes),
        "down": [[s - 1 for s in sizes]],
        "stock": [list(order[54:104])],
    }


def _labellelucie(order: Sequence[int], options: Mapping[str, str]) -> Layout:
    # 18 fans row by row: 17 fans of three and the last fan of one; all face up.
    return {"tableau": deal_rows(order, [3] * 17 + [1])}


def _gaps(order: Sequence[int], options: Mapping[str, str]) -> Layout:
    # 4 rows of 13, left to right, row 1 first; the aces are taken out by the rules' first step.
    return {"rows": [list(order[r * 13 : r * 13 + 13]) for r in range(4)]}


LAYOUTS: dict[str, tuple[int, Callable[[Sequence[int], Mapping[str, str]], Layout]]] = {
    "klondike": (52, _klondike),
    "freecell": (52, _freecell),
    "canfield": (52, _canfield),
    "tripeaks": (52, _tripeaks),
    "pyramid": (52, _pyramid),
    "spider": (104, _spider),
    "labellelucie": (52, _labellelucie),
    "gaps": (52, _gaps),
}


def lay_out(game: str, options: Mapping[str, str] | None, order: Sequence[int]) -> Layout:
    """The dealt layout of `game` from the shuffled order (position 0 dealt first)."""
    try:
        size, fn = LAYOUTS[game]
    except KeyError:
        raise DealpoolError(f"no layout for game {game!r}; accepted: {', '.join(LAYOUTS)}") from None
    if len(order) != size:
        raise DealpoolError(f"{game} deals {size} cards, got an order of {len(order)}")
    return fn(list(order), dict(options or {}))
