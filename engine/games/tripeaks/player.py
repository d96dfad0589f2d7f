"""TriPeaks' visible-information player: the Python twin of engine/native/src/games/tripeaks/player.rs.

A playout plays a deal as a person who sees only the free table cards (a card is turned up when the
last card overlapping it goes), the waste's top card and the stock's size, not its order: the
referee's `State` holds the whole deal, the policy is handed only a `View` made by `view`, the one
function here that reads the state. Moves are made by the referee (`rules.play`), so every move the
twin makes is checked legal.

The policy, in the spirit of seed 004's hint: each candidate gets its policy's score plus a jitter
from the playout's SplitMix64 stream (engine/gamekit/playout.py `pick`), one draw a candidate in
order (table cards p1..p28, then the stock); the highest total is played, the first such on a tie.
A play scores `play`, plus `reveal` for each face-down card it turns up, plus `chain` for each
other free card that would fit on it (a run the player can see coming). The stock scores `draw`,
below any play for policy 0.

Policy 0 (`CHAIN`, the one that grades): weighs the visible chain and the cards turned up.
Policy 1 (`DIG`, held out for the honesty check): ignores the chain, digs for face-down cards,
and draws rather than plays one card in five times (less jitter, but a draw can win).

A playout ends won, or lost when the stock is empty and no card fits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from engine.gamekit.playout import Scale, SplitMix, pick, plain_playout
from engine.games.tripeaks import rules

VERSION = 1
"""The players' version: bump it when a policy or the stream's use changes (stored grades name it)."""
CHAIN, DIG = 0, 1
POLICIES = (CHAIN, DIG)
HIDDEN = -1
"""A table card still face down in a `View`."""

#          play reveal chain draw noise
_SCORES = {
    CHAIN: (50, 12, 6, 5, 30),
    DIG: (50, 20, 0, 40, 12),
}

GRADING = {
    # K = 2000 playouts: about 8 ms of CPU a deal (bench/grades.py; TriPeaks' playouts are short).
    # Thresholds on policy 0's share, set from its distribution on the first 400 won deals
    # (quartiles 0.17, 0.51, 0.79; 8 % won by no playout): about a quarter of won deals a grade.
    "tripeaks": Scale(playouts=2000, easy=0.80, medium=0.50, hard=0.15),
}
"""Per board: K and the least share won for easy, medium, hard (below: expert)."""

# OVER[p]: the positions p overlaps (the inverse of rules.COVER).
OVER: tuple[tuple[int, ...], ...] = tuple(tuple(q for q in range(rules.TABLE) if p in rules.COVER[q]) for p in range(rules.TABLE))


@dataclass(frozen=True)
class View:
    """What a player sees: each position's card if free, HIDDEN if still overlapped, None if gone;
    the waste's top card; the stock's size; whether K and A are neighbours."""

    table: tuple[int | None, ...]
    waste_top: int | None
    stock: int
    wrap: bool


def view(state: rules.State) -> View:
    """The visible part of the referee's state: the only place the player reads a `State`."""
    table = tuple(None if c is None else (c if rules.free(state, p) else HIDDEN) for p, c in enumerate(state.table))
    return View(table, state.waste[-1] if state.waste else None, len(state.stock), state.wrap)


def _next(a: int, b: int, wrap: bool) -> bool:
    gap = abs(a % 13 - b % 13)
    return gap == 1 or (wrap and gap == 12)


def candidates(v: View, policy: int) -> list[tuple[str, int]]:
    """The moves with their scores, in the order both twins use: p1..p28, then the stock."""
    play, reveal, chain, draw, _ = _SCORES[policy]
    out: list[tuple[str, int]] = []
    w = v.waste_top
    for p, c in enumerate(v.table):
        if c is None or c == HIDDEN or w is None or not _next(c, w, v.wrap):
            continue
        turned = sum(1 for q in OVER[p] if all(r == p or v.table[r] is None for r in rules.COVER[q]))
        follow = sum(1 for q, d in enumerate(v.table) if q != p and d is not None and d != HIDDEN and _next(d, c, v.wrap))
        out.append((f"p{p + 1}", play + reveal * turned + chain * follow))
    if v.stock:
        out.append(("d", draw))
    return out


def choose(v: View, policy: int, rng: SplitMix) -> str | None:
    """The policy's move from what the player sees (None when nothing is left to do)."""
    return pick(candidates(v, policy), _SCORES[policy][-1], rng)


def playout(layout: Mapping[str, Any], options: Mapping[str, Any], seed: int, policy: int = CHAIN) -> tuple[bool, list[str]]:
    """One playout from a laid-out deal with the stream seeded `seed`: (won, the moves made)."""
    state = rules.new_state(layout, options)
    return plain_playout(rules, state, lambda s, rng: choose(view(s), policy, rng), seed)
