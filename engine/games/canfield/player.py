"""Canfield's visible-information player: the Python twin of engine/native/src/games/canfield/player.rs.

A playout plays a deal as a person who sees the reserve's top card (the rest is face down) and its
size, the four piles, the foundations, the waste's top card and the stock's size, not the stock's
order: the referee's `State` holds the whole deal, the policy is handed only a `View` made by
`view`, the one function here that reads the state. Moves are made by the referee (`rules.play`),
so every move the twin makes is checked legal.

The policy, in the spirit of seed 004's hint: each candidate gets its policy's score plus a jitter
from the playout's SplitMix64 stream (engine/gamekit/playout.py `pick`), one draw a candidate in
order (to the foundations: reserve, piles, waste; the reserve onto piles; pile onto pile; the waste
onto piles; the stock); the highest total is played, the first such on a tie.

Policy 0 (`RESERVE`, the one that grades): safe foundation moves first (the referee's `is_safe`
rule), then whatever digs the reserve (its top up or onto a pile, a pile moved so the reserve fills
the space), then other foundation moves, the waste onto a pile, a pile moved into a space-to-be
once the reserve is gone, the waste into a space; the stock competes with the last three, so the
player sometimes lets a waste card go by (drawing three, that changes what the next passes show).
Policy 1 (`GREEDY`, held out for the honesty check): every foundation move first, the waste played
out readily, the reserve second, with less jitter.

A playout ends won, or lost when nothing is left to try: no candidate, `IDLE_PASSES` passes in a
row with no move but the stock's, or `MAX_MOVES` moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from engine.gamekit.playout import Scale, SplitMix, pick
from engine.games.canfield import rules

VERSION = 1
"""The players' version: bump it when a policy or the stream's use changes (stored grades name it)."""
MAX_MOVES = 1000
IDLE_PASSES = 3
"""Passes in a row without a move but the stock's after which the playout stops."""
RESERVE, GREEDY = 0, 1
POLICIES = (RESERVE, GREEDY)

#   safe-up reserve-up pile-up waste-up reserve-pile pile-reserve pile-space waste-pile waste-space stock noise
_SCORES = {
    RESERVE: (100, 90, 60, 55, 80, 70, 30, 40, 20, 25, 30),
    GREEDY: (100, 95, 95, 95, 50, 40, 40, 70, 45, 5, 10),
}

GRADING: dict[str, Scale] = {}
# Not graded. Tried: K = 1000 (8 ms of CPU a deal), thresholds easy >= 0.03, medium >= 0.006,
# hard >= 0.001 from policy 0's share on the first 300 won deals (at a 500,000-node budget; 40 %
# won by no playout, median 0.002, top quarter 0.033 and above). On 400 won deals
# (bench/grades.py) policy 0 on fresh seeds separates every pair (Mann-Whitney z 10.3, 7.6,
# 12.4), but the held-out policy, which never lets a waste card go by, wins only the easy deals
# (0.135 against 0.000 for the rest; z 3.0 for easy vs medium, none below) and rho is 0.35.
"""Per board: K and the least share won for easy, medium, hard (below: expert)."""


@dataclass(frozen=True)
class View:
    """What a player sees: the reserve's top card (None if empty) and size, the piles (bottom first),
    the waste's top card, the stock's size, the foundations' heights by suit and the base rank."""

    reserve_top: int | None
    reserve: int
    piles: tuple[tuple[int, ...], ...]
    waste_top: int | None
    stock: int
    found: tuple[int, ...]
    base: int


def view(state: rules.State) -> View:
    """The visible part of the referee's state: the only place the player reads a `State`."""
    return View(state.reserve[-1] if state.reserve else None, len(state.reserve), tuple(tuple(p) for p in state.tableau),
                state.waste[-1] if state.waste else None, len(state.stock), tuple(state.found), state.base)


def _level(v: View, card: int) -> int:
    return (card % 13 - v.base) % 13


def _up_ok(v: View, card: int) -> bool:
    return _level(v, card) == v.found[card // 13]


def _on(card: int, pile: tuple[int, ...]) -> bool:
    return bool(pile) and (pile[-1] // 13 in (1, 2)) != (card // 13 in (1, 2)) and pile[-1] % 13 == (card % 13 + 1) % 13


def _safe(v: View, card: int) -> bool:
    """The referee's `is_safe` on what the player sees (the piles and foundations are in view)."""
    level = (_level(v, card) + 12) % 13
    for o in rules.OPPOSITE[card // 13]:
        x = o * 13 + (v.base + level) % 13
        if v.found[o] > level or any(x in pile[1:] for pile in v.piles):
            continue
        if v.found[o] == level and all(v.found[t] > (level + 12) % 13 for t in rules.OPPOSITE[o]):
            continue
        return False
    return True


def candidates(v: View, policy: int, redeal_ok: bool) -> list[tuple[str, int]]:
    """The moves worth trying with their scores, in the order both twins use. `redeal_ok`: whether
    another pass is worth it (a move other than the stock's this pass, or fewer idle passes in a
    row than `IDLE_PASSES`)."""
    safe_up, reserve_up, pile_up, waste_up, reserve_pile, pile_reserve, pile_space, waste_pile, waste_space, stock, _ = _SCORES[policy]
    out: list[tuple[str, int]] = []
    x, w = v.reserve_top, v.waste_top
    if x is not None and _up_ok(v, x):
        out.append(("x>f", safe_up if _safe(v, x) else reserve_up))
    for n, pile in enumerate(v.piles):
        if pile and _up_ok(v, pile[-1]):
            out.append((f"{n + 1}>f", safe_up if _safe(v, pile[-1]) else pile_up))
    if w is not None and _up_ok(v, w):
        out.append(("w>f", safe_up if _safe(v, w) else waste_up))
    if x is not None:
        for m, pile in enumerate(v.piles):
            if _on(x, pile):
                out.append((f"x>{m + 1}", reserve_pile))
    for n, pile in enumerate(v.piles):
        for m, other in enumerate(v.piles):
            if m != n and pile and _on(pile[0], other):
                out.append((f"{n + 1}>{m + 1}", pile_reserve if v.reserve else pile_space))
    if w is not None:
        for m, pile in enumerate(v.piles):
            if _on(w, pile):
                out.append((f"w>{m + 1}", waste_pile))
            elif not pile and not v.reserve:
                out.append((f"w>{m + 1}", waste_space))
    if v.stock:
        out.append(("d", stock))
    elif w is not None and redeal_ok:
        out.append(("r", stock))
    return out


def choose(v: View, policy: int, redeal_ok: bool, rng: SplitMix) -> str | None:
    """The policy's move from what the player sees (None when nothing is worth trying)."""
    return pick(candidates(v, policy, redeal_ok), _SCORES[policy][-1], rng)


def playout(layout: Mapping[str, Any], options: Mapping[str, Any], seed: int, policy: int = RESERVE) -> tuple[bool, list[str]]:
    """One playout from a laid-out deal with the stream seeded `seed`: (won, the moves made)."""
    state = rules.new_state(layout, options)
    rng = SplitMix(seed)
    line: list[str] = []
    moved = False  # a move other than the stock's since the last redeal
    idle = 0  # passes in a row without one
    while len(line) < MAX_MOVES and not rules.is_won(state):
        move = choose(view(state), policy, moved or idle + 1 < IDLE_PASSES, rng)
        if move is None:
            break
        rules.play(state, move)
        line.append(move)
        if move == "r":
            idle = 0 if moved else idle + 1
            moved = False
        elif move != "d":
            moved = True
    return rules.is_won(state), line
