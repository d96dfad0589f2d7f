"""Spider's visible-information player: the Python twin of engine/native/src/games/spider/player.rs.

A playout plays a deal as a person who cannot see the face-down cards or the stock would: the
referee's `State` holds the whole deal, the policy is handed only a `View` (each column's face-up
cards and face-down count, the stock's size, the runs gone off), made by `view`, the one function
here that reads the state. Moves are made by the referee (`rules.play`), so every move the twin
makes is checked legal.

The policy, in the spirit of seed 004's hint: each candidate gets its policy's score plus a jitter
from the playout's SplitMix64 stream (engine/gamekit/playout.py `pick`), one draw a candidate in
the candidates' order (column moves by source, then target; then the deal); the highest total is
played, the first such on a tie. A column move carries the part of the source's movable run whose
deepest card goes on the target. Candidates leave out moves that cannot help: a run moved off a
card it already sits on in sequence unless onto its own suit from another suit, a whole column
into an empty one, an empty column other than the first, and (a tabu against shuffling back and
forth) the reverse of the move just made.

Policy 0 (`CAUTIOUS`, the one that grades): turning a face-down card up first (more beneath first),
then building in suit, emptying a column, building on any suit; filling an empty column and the
deal come last.
Policy 1 (`GREEDY`, held out for the honesty check): builds on any suit as readily as it turns
cards up, deals sooner, with less jitter.

A playout ends won, or lost when nothing is left to try or after `MAX_MOVES` moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from engine.gamekit.playout import Scale, SplitMix, pick
from engine.games.spider import rules

VERSION = 1
"""The players' version: bump it when a policy or the stream's use changes (stored grades name it)."""
MAX_MOVES = 500
CAUTIOUS, GREEDY = 0, 1
POLICIES = (CAUTIOUS, GREEDY)

#          reveal suited empty-col build to-empty deal noise
_SCORES = {
    CAUTIOUS: (60, 50, 45, 30, 15, 5, 30),
    GREEDY: (50, 30, 30, 45, 10, 20, 10),
}

GRADING = {
    # K = 150 playouts: about 8.5 ms of CPU a deal (bench/grades.py). Thresholds on policy 0's share,
    # set from its distribution on the first 300 won one-suit deals (quartiles 0.10, 0.20, 0.32; under
    # 1 % won by no playout): about a quarter of won deals a grade.
    # Not graded: two suits (95 % of the first 100 won deals are won by no playout at K = 300) and
    # four suits (none of the first 50 deals won by any of 100 playouts): the grades cannot separate.
    "spider-1": Scale(playouts=150, easy=0.32, medium=0.20, hard=0.10),
}
"""Per board: K and the least share won for easy, medium, hard (below: expert)."""


@dataclass(frozen=True)
class View:
    """What a player sees: each column's face-up cards (bottom first) and face-down count, the
    stock's size (not its cards) and how many runs are off."""

    up: tuple[tuple[int, ...], ...]
    down: tuple[int, ...]
    stock: int
    off: int


def view(state: rules.State) -> View:
    """The visible part of the referee's state: the only place the player reads a `State`."""
    return View(tuple(tuple(c[d:]) for c, d in zip(state.cols, state.down)), tuple(state.down), len(state.stock), len(state.off))


def _rank(c: int) -> int:
    return c % 13 + 1


def _run(up: tuple[int, ...]) -> int:
    n = 1 if up else 0
    while n < len(up) and up[-n - 1] // 13 == up[-n] // 13 and _rank(up[-n - 1]) == _rank(up[-n]) + 1:
        n += 1
    return n


def candidates(v: View, policy: int, last: tuple[int, int, int]) -> list[tuple[str, int]]:
    """The moves worth trying with their scores, in the order both twins use. `last`: the last
    column move as (source, cards, target), (-1, 0, -1) if none."""
    reveal, suited, empty_col, build, to_empty, deal, _ = _SCORES[policy]
    out: list[tuple[str, int]] = []
    first_empty = next((m for m, up in enumerate(v.up) if not up and not v.down[m]), -1)
    for n, up in enumerate(v.up):
        if not up:
            continue
        run = _run(up)
        for m, dest in enumerate(v.up):
            if m == n:
                continue
            if dest:
                k = _rank(dest[-1]) - _rank(up[-1])
                if not 1 <= k <= run:
                    continue
            elif m == first_empty:
                k = run
                if k == len(up) and not v.down[n]:
                    continue  # a whole column into an empty one
            else:
                continue
            if (m, k, n) == last:
                continue
            base = up[-k]
            if k < len(up) and _rank(up[-k - 1]) == _rank(base) + 1:  # it sits on a card it fits
                if up[-k - 1] // 13 == base // 13 or not dest or dest[-1] // 13 != base // 13:
                    continue
            if k == len(up) and v.down[n]:
                score = reveal + v.down[n]
            elif not dest:
                score = to_empty
            elif k == len(up):
                score = empty_col
            elif dest[-1] // 13 == base // 13:
                score = suited
            else:
                score = build
            out.append((rules.token(n, k, m), score))
    if v.stock and first_empty < 0:
        out.append(("d", deal))
    return out


def choose(v: View, policy: int, last: tuple[int, int, int], rng: SplitMix) -> str | None:
    """The policy's move from what the player sees (None when nothing is worth trying)."""
    return pick(candidates(v, policy, last), _SCORES[policy][-1], rng)


def playout(layout: Mapping[str, Any], options: Mapping[str, Any], seed: int, policy: int = CAUTIOUS) -> tuple[bool, list[str]]:
    """One playout from a laid-out deal with the stream seeded `seed`: (won, the moves made)."""
    state = rules.new_state(layout, options)
    rng = SplitMix(seed)
    line: list[str] = []
    last = (-1, 0, -1)
    while len(line) < MAX_MOVES and not rules.is_won(state):
        move = choose(view(state), policy, last, rng)
        if move is None:
            break
        rules.play(state, move)
        line.append(move)
        if move == "d":
            last = (-1, 0, -1)
        else:
            src, rest = move.split(">")[0], move.split(">")[1]
            n, k = (src.split(":") + ["1"])[:2]
            last = (int(n) - 1, int(k), int(rest) - 1)
    return rules.is_won(state), line
