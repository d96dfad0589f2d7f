"""La Belle Lucie's visible-information player: the Python twin of
engine/native/src/games/labellelucie/player.rs.

The fans are dealt face up, so what the player cannot see is what a redeal will deal: the game still
redeals by the deal's seed (the referee's `rules.play`), but the policy is handed only a `View`
(the fans, the foundations, the redeals left), made by `view`, the one function here that reads
the state; it never reads the seed. Moves are made by the referee, so every move is checked legal.

The policy, in the spirit of seed 004's hint: each candidate gets its policy's score plus a jitter
from the playout's SplitMix64 stream (engine/gamekit/playout.py `pick`), one draw a candidate in
order (fan by fan: its foundation move, then its build); the highest total is played, the first
such on a tie. A foundation move scores `up`; a build scores `build`, plus `uncover` when the card it
uncovers then goes up or builds, less `bury` for each lower card of its suit in the fan it goes on
(a build buries them deeper), never below zero. A redeal comes only when nothing else is left (the
rules allow it only then).

Policy 0 (`CAREFUL`, the one that grades): weighs what a build uncovers and buries.
Policy 1 (`GREEDY`, held out for the honesty check): builds as they come, blind to both, with less
jitter.

A playout ends won, or lost when no move and no redeal is left.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from engine.gamekit.playout import Scale, SplitMix, pick, plain_playout
from engine.games.labellelucie import rules

VERSION = 1
"""The players' version: bump it when a policy or the stream's use changes (stored grades name it)."""
CAREFUL, GREEDY = 0, 1
POLICIES = (CAREFUL, GREEDY)

#          up build uncover bury noise
_SCORES = {
    CAREFUL: (100, 40, 20, 15, 30),
    GREEDY: (100, 40, 0, 0, 10),
}

GRADING: dict[str, Scale] = {}
# Not graded. Tried: K = 300 (8.4 ms of CPU a deal), thresholds easy >= 0.05, medium >= 0.015,
# hard >= 0.005 from policy 0's share on the first 300 won deals (quartiles 0.004, 0.016, 0.049).
# On 1,000 won deals (bench/grades.py) policy 0 on fresh seeds separates every pair of grades
# (Mann-Whitney z 17.0, 11.0, 9.7), but the held-out policy does not separate medium from hard
# (z = 1.4; 7.0 and 4.3 for the others) and ranks the deals only loosely alike (Spearman rho 0.41):
# the grades would mean "hard for this player", not "hard".
"""Per board: K and the least share won for easy, medium, hard (below: expert)."""


@dataclass(frozen=True)
class View:
    """What a player sees: the fans (bottom first), the next rank each suit's foundation takes
    (1 = the ace), and the redeals left. Not the deal's seed: the next redeal's order is unknown."""

    fans: tuple[tuple[int, ...], ...]
    found: tuple[int, ...]
    redeals_left: int


def view(state: rules.State) -> View:
    """The visible part of the referee's state: the only place the player reads a `State`."""
    return View(tuple(tuple(f) for f in state.fans), tuple(state.found), rules.REDEALS - state.redeals)


def _up_ok(v: View, c: int) -> bool:
    return v.found[c // 13] == c % 13 + 1


def candidates(v: View, policy: int) -> list[tuple[str, int]]:
    """The moves with their scores, in the order both twins use; the redeal only when there is none."""
    up, build, uncover, bury, _ = _SCORES[policy]
    out: list[tuple[str, int]] = []
    tops = [f[-1] if f else -1 for f in v.fans]
    for i, fan in enumerate(v.fans):
        if not fan:
            continue
        c = fan[-1]
        if _up_ok(v, c):
            out.append((f"{i + 1}>f", up))
        if c % 13 == 12:
            continue
        for j, t in enumerate(tops):
            if j != i and t == c + 1:
                score = build
                if len(fan) > 1:
                    e = fan[-2]
                    after = [c if k == j else (e if k == i else x) for k, x in enumerate(tops)]
                    if _up_ok(v, e) or (e % 13 != 12 and e + 1 in after):
                        score += uncover
                score -= bury * sum(1 for x in v.fans[j] if x // 13 == c // 13 and x < c)
                out.append((f"{i + 1}>{j + 1}", max(0, score)))
    if not out and v.redeals_left > 0:
        out.append(("r", 0))
    return out


def choose(v: View, policy: int, rng: SplitMix) -> str | None:
    """The policy's move from what the player sees (None when nothing is left)."""
    return pick(candidates(v, policy), _SCORES[policy][-1], rng)


def playout(layout: Mapping[str, Any], options: Mapping[str, Any], seed: int, policy: int = CAREFUL,
            deal_seed: bytes | None = None) -> tuple[bool, list[str]]:  # fmt: skip
    """One playout from a laid-out deal (its 64-byte `deal_seed` for the redeals) with the stream
    seeded `seed`: (won, the moves made)."""
    state = rules.new_state(layout, options, deal_seed)
    return plain_playout(rules, state, lambda s, rng: choose(view(s), policy, rng), seed)
