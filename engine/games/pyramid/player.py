"""Pyramid's visible-information player: the Python twin of engine/native/src/games/pyramid/player.rs.

A playout plays a deal as a person who sees the table (Pyramid deals it face up), the stock's top
card (shown face up) and size, the waste's top card and size, and whether a pass remains, but not
the stock's order: the referee's `State` holds the whole deal, the policy is handed only a `View`
made by `view`, the one function here that reads the state. Moves are made by the referee
(`rules.play`), so every move the twin makes is checked legal.

The policy, in the spirit of seed 004's hint: each candidate gets its policy's score plus a jitter
from the playout's SplitMix64 stream (engine/gamekit/playout.py `pick`), one draw a candidate in
order (kings, then pairs over the free cards p1..p28, s, w, then the stock, then the redeal); the
highest total is played, the first such on a tie. A removal scores by what it takes: a king, two
table cards (`table`), a table card with the stock's or the waste's top (`mixed`), or the stock's
top with the waste's (`stock`), plus `uncover` for each table card it frees.

Policy 0 (`CLEAR`, the one that grades): table pairs first, then table cards with the stock or the
waste, the cards freed counting; the stock's top with the waste's only when nothing better shows.
Policy 1 (`GREEDY`, held out for the honesty check): any pair as it comes, stock and waste pairs
as readily as table pairs, blind to what a removal frees, with less jitter.

A playout ends won, or lost when nothing is left to try: no candidate, or a redeal after a whole
pass that removed nothing (the next pass would be the same).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from engine.gamekit.playout import Scale, SplitMix, pick, redeal_playout
from engine.games.pyramid import rules

VERSION = 1
"""The players' version: bump it when a policy or the stream's use changes (stored grades name it)."""
CLEAR, GREEDY = 0, 1
POLICIES = (CLEAR, GREEDY)

#          king table mixed stock uncover draw noise
_SCORES = {
    CLEAR: (100, 60, 45, 20, 15, 5, 30),
    GREEDY: (100, 50, 55, 50, 0, 5, 10),
}

GRADING = {
    # K = 700 playouts: about 9 ms of CPU a deal (bench/grades.py). Thresholds on policy 0's share,
    # set from its distribution on the first 400 won deals: 27 % are won by no playout and 14 % by
    # all, the middle spread evenly (median 0.44): about a quarter of won deals a grade.
    "pyramid": Scale(playouts=700, easy=0.85, medium=0.40, hard=0.01),
}
"""Per board: K and the least share won for easy, medium, hard (below: expert)."""

# OVER[p]: the table positions p lies on (the row above; the inverse of rules.COVER).
OVER: tuple[tuple[int, ...], ...] = tuple(tuple(q for q in range(rules.TABLE) if p in rules.COVER[q]) for p in range(rules.TABLE))


@dataclass(frozen=True)
class View:
    """What a player sees: the table (None where gone), the stock's top and size, the waste's top
    and size, and whether the waste may be turned over (a pass remains)."""

    table: tuple[int | None, ...]
    stock_top: int | None
    stock: int
    waste_top: int | None
    waste: int
    can_redeal: bool


def view(state: rules.State) -> View:
    """The visible part of the referee's state: the only place the player reads a `State`."""
    return View(tuple(state.table), state.stock[-1] if state.stock else None, len(state.stock),
                state.waste[-1] if state.waste else None, len(state.waste), rules.can_recycle(state))


def _free(v: View, p: int) -> bool:
    return v.table[p] is not None and all(v.table[q] is None for q in rules.COVER[p])


def _freed(v: View, taken: tuple[int, ...]) -> int:
    """Table cards the removal of table positions `taken` frees."""
    after = set(taken)
    found = {q for p in taken for q in OVER[p] if v.table[q] is not None
             and all(v.table[r] is None or r in after for r in rules.COVER[q])}
    return len(found)


def candidates(v: View, policy: int, redeal_ok: bool) -> list[tuple[str, int]]:
    """The moves worth trying with their scores, in the order both twins use. `redeal_ok`: whether
    the pass so far removed a card (else no redeal)."""
    king, table, mixed, stock, uncover, draw, _ = _SCORES[policy]
    free = [(f"p{p + 1}", v.table[p], p) for p in range(rules.TABLE) if _free(v, p)]
    if v.stock_top is not None:
        free.append(("s", v.stock_top, -1))
    if v.waste_top is not None:
        free.append(("w", v.waste_top, -1))
    out: list[tuple[str, int]] = []
    for token, c, p in free:
        if c % 13 == 12:
            out.append((token, king + (uncover * _freed(v, (p,)) if p >= 0 else 0)))
    for i, (a, ca, pa) in enumerate(free):
        for b, cb, pb in free[i + 1:]:
            if ca % 13 + cb % 13 + 2 != 13:
                continue
            taken = tuple(p for p in (pa, pb) if p >= 0)
            base = (stock, mixed, table)[len(taken)]
            out.append((f"{a}+{b}", base + uncover * _freed(v, taken)))
    if v.stock:
        out.append(("d", draw))
    elif v.can_redeal and redeal_ok:
        out.append(("r", draw))
    return out


def choose(v: View, policy: int, redeal_ok: bool, rng: SplitMix) -> str | None:
    """The policy's move from what the player sees (None when nothing is worth trying)."""
    return pick(candidates(v, policy, redeal_ok), _SCORES[policy][-1], rng)


def playout(layout: Mapping[str, Any], options: Mapping[str, Any], seed: int, policy: int = CLEAR) -> tuple[bool, list[str]]:
    """One playout from a laid-out deal with the stream seeded `seed`: (won, the moves made)."""
    state = rules.new_state(layout, options)
    return redeal_playout(rules, state, lambda s, removed, rng: choose(view(s), policy, removed, rng), seed)
