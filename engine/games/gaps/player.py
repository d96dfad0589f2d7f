"""Gaps' visible-information player: the Python twin of engine/native/src/games/gaps/player.rs.

Gaps deals every card face up, so before a redeal the player sees all the solver sees; what it
cannot see is what a redeal will deal: the game still redeals by the deal's seed (the referee's
`rules.play`), but the policy is handed only a `View` (the rows, the redeals left), made by `view`,
the one function here that reads the state; it never reads the seed. Before the first redeal the
player differs from the solver only by playing one greedy pass, without search. Moves are made by
the referee, so every move the twin makes is checked legal.

The policy, in the spirit of seed 004's hint: each candidate gets its policy's score plus a jitter
from the playout's SplitMix64 stream (engine/gamekit/playout.py `pick`), one draw a candidate in
order (gaps row by row, left to right; for a left-end gap the 2s in suit order, leaving out a 2
already at a row's left end); the highest total is played, the first such on a tie. A fill scores
`place` when it extends a row's run of cards in place, else `fill`; plus `open` when the place it
empties can be filled in turn, less `dead` when it cannot (after a king or a gap), never below zero.
A redeal comes only when no fill is left (the rules allow it only then).

Policy 0 (`PLANNER`, the one that grades): runs first, weighs the gap each fill leaves.
Policy 1 (`GREEDY`, held out for the honesty check): fills as they come (runs only a little
first), blind to the gap left, with less jitter.

A playout ends won, or lost when no move and no redeal is left or after `MAX_MOVES` moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from engine.cards import name
from engine.gamekit.playout import Scale, SplitMix, pick, plain_playout
from engine.games.gaps import rules

VERSION = 1
"""The players' version: bump it when a policy or the stream's use changes (stored grades name it)."""
MAX_MOVES = 400
PLANNER, GREEDY = 0, 1
POLICIES = (PLANNER, GREEDY)

#          place fill open dead noise
_SCORES = {
    PLANNER: (80, 30, 20, 20, 30),
    GREEDY: (50, 40, 0, 0, 10),
}

GRADING = {
    # K = 400 playouts: about 8.5 ms of CPU a deal (bench/grades.py). Thresholds on policy 0's share,
    # set from its distribution on the first 300 won deals, which is narrow (quartiles 0.044, 0.064,
    # 0.092 at K = 1000; almost none won by no playout): about a quarter of won deals a grade.
    "gaps": Scale(playouts=400, easy=0.09, medium=0.065, hard=0.045),
}
"""Per board: K and the least share won for easy, medium, hard (below: expert)."""


@dataclass(frozen=True)
class View:
    """What a player sees: the rows (rules.GAP for a gap) and the redeals left. Not the deal's
    seed: the next redeal's order is unknown."""

    rows: tuple[tuple[int, ...], ...]
    redeals_left: int


def view(state: rules.State) -> View:
    """The visible part of the referee's state: the only place the player reads a `State`."""
    return View(tuple(tuple(r) for r in state.rows), rules.REDEALS - state.redeals)


def candidates(v: View, policy: int) -> list[tuple[str, int]]:
    """The moves with their scores, in the order both twins use; the redeal only when there is none."""
    place, fill, open_, dead, _ = _SCORES[policy]
    at = {c: (r, p) for r, row in enumerate(v.rows) for p, c in enumerate(row) if c != rules.GAP}
    out: list[tuple[str, int]] = []
    for r, row in enumerate(v.rows):
        for p, c in enumerate(row):
            if c != rules.GAP:
                continue
            if p == 0:
                cards = [s * 13 + 1 for s in range(4) if at[s * 13 + 1][1] != 0]
            else:
                left = row[p - 1]
                cards = [left + 1] if left != rules.GAP and left % 13 != 12 else []
            for card in cards:
                score = place if p == rules.run(row) else fill
                sr, sp = at[card]
                left = card if (sr, sp - 1) == (r, p) else (v.rows[sr][sp - 1] if sp else None)
                if left is None or (left != rules.GAP and left % 13 != 12):
                    score += open_
                else:
                    score -= dead
                token = f"{name(card)}>{r + 1}" if p == 0 else name(card)
                out.append((token, max(0, score)))
    if not out and v.redeals_left > 0:
        out.append(("r", 0))
    return out


def choose(v: View, policy: int, rng: SplitMix) -> str | None:
    """The policy's move from what the player sees (None when nothing is left)."""
    return pick(candidates(v, policy), _SCORES[policy][-1], rng)


def playout(layout: Mapping[str, Any], options: Mapping[str, Any], seed: int, policy: int = PLANNER,
            deal_seed: bytes | None = None) -> tuple[bool, list[str]]:  # fmt: skip
    """One playout from a laid-out deal (its 64-byte `deal_seed` for the redeals) with the stream
    seeded `seed`: (won, the moves made)."""
    state = rules.new_state(layout, options, deal_seed)
    return plain_playout(rules, state, lambda s, rng: choose(view(s), policy, rng), seed, MAX_MOVES)
