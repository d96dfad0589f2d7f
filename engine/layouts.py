"""How each game lays the shuffled cards out (docs/architecture.md, docs/games.md).

Seed 000: "the tableau is dealt across the piles a row at a time, as at a table ... cards left
over form the stock, the first of them at the bottom". Every group is a list of card lists,
each bottom first; a stock's last element is the card drawn next. The layout never depends
on the player, only on the order.
"""

from __future__ import annotations

from typing import Callable, Mapping, Sequence

from engine import deal as method
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


GAP = -1  # an empty place in a Gaps row (the rules' and redeal's marker, never a card)
REDEALS = {"labellelucie": 2, "gaps": 2}  # redeals allowed after the deal: three deals in all


def labellelucie_redeal(seed: bytes, n: int, fans: Sequence[Sequence[int]]) -> list[list[int]]:
    """La Belle Lucie's redeal n (1, 2): gather the fans (fan 1 first, each bottom to top),
    shuffle with the redeal stream n of the deal's seed, and deal them across new fans of
    three a row at a time (the last fan gets the one or two left over)."""
    _check_redeal("labellelucie", n)
    gathered = [c for fan in fans for c in fan]
    cards = method.redeal(seed, n, gathered)
    k = len(cards)
    return deal_rows(cards, [3] * (k // 3) + ([k % 3] if k % 3 else []))


def gaps_remove_aces(rows: Sequence[Sequence[int]]) -> list[list[int]]:
    """The first step of Gaps: the four aces are taken out, leaving four gaps."""
    return [[GAP if c != GAP and c % 13 == 0 else c for c in row] for row in rows]


def gaps_run(row: Sequence[int]) -> int:
    """How many cards at the row's left are in place: a 2, then the same suit's 3, 4, ..."""
    k = 0
    while k < len(row) and row[k] != GAP and row[k] % 13 == k + 1 and row[k] // 13 == row[0] // 13:
        k += 1
    return k


def gaps_redeal(seed: bytes, n: int, rows: Sequence[Sequence[int]]) -> list[list[int]]:
    """Gaps' redeal n (1, 2): gather the cards not in place (row 1 first, left to right),
    shuffle them with the redeal stream n, and deal them back row by row into the places
    right of each row's run, leaving one gap just after the run. The aces stay out."""
    _check_redeal("gaps", n)
    runs = [gaps_run(row) for row in rows]
    gathered = [c for row, k in zip(rows, runs) for c in row[k:] if c != GAP]
    cards = iter(method.redeal(seed, n, gathered))
    out = [list(row[:k]) + [GAP] + [next(cards) for _ in range(len(row) - k - 1)] for row, k in zip(rows, runs)]
    if next(cards, None) is not None:
        raise DealpoolError("gaps redeal: more cards than places; accepted: 4 rows of 13 with the 4 aces out")
    return out


def _check_redeal(game: str, n: int) -> None:
    if not 1 <= n <= REDEALS[game]:
        raise DealpoolError(f"{game} has no redeal {n}; accepted: 1..{REDEALS[game]}")


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
