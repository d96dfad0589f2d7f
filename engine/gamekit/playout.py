"""What every game's visible-information player shares: the seeded tie-break stream (SplitMix64),
a playout's seed from the deal's code and the playout's index, the playout loop of a policy that
remembers nothing between moves, many playouts from one deal, and the Wilson interval of a share.

Why SplitMix64: it is four lines of integer arithmetic mod 2^64, so the Rust player
(engine/native/src/core/playout.rs; the stream in core/rng.rs) and the Python twins draw the very
same numbers on every machine, and a differential test can ask both for the same moves. Nothing a verdict rests on reads it: it only
breaks ties (and jitters scores) in a player's policy.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from engine.gamekit.base import Rules

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
POLICY_SALT = 0xD1B54A32D192ED03
GRADES = ("easy", "medium", "hard", "expert")


class SplitMix:
    """Vigna's SplitMix64: `next()` a 64-bit number, `below(n)` one in 0..n-1 (by `% n`; the bias,
    under n / 2^64, does not matter for breaking ties)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next(self) -> int:
        self.state = (self.state + GOLDEN) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return self.next() % n


def pick(candidates: list[tuple[str, int]], noise: int, rng: SplitMix) -> str | None:
    """A scored policy's choice (the Rust side's `core::playout::pick`): each candidate's score plus
    a jitter in 0..noise-1 (one draw a candidate, in order), the highest total, the first on a tie;
    None when there is no candidate. Scores are not negative."""
    best, best_total = None, -1
    for token, score in candidates:
        total = score + rng.below(noise)
        if total > best_total:
            best, best_total = token, total
    return best


def code_seed(code: str) -> int:
    """A deal's base seed for its playouts: the first 8 bytes (little-endian) of SHA-256 of its
    canonical code. Every deal has a code (the classic FreeCell deals have no 64-byte seed), and the
    hash keeps the playouts of neighbouring numbers unrelated."""
    return int.from_bytes(hashlib.sha256(code.encode()).digest()[:8], "little")


def playout_seed(base: int, policy: int, index: int) -> int:
    """The stream's seed of playout `index` under policy `policy` (the Rust side computes the same:
    `crate::playout::playout_seed`)."""
    return ((base ^ ((policy * POLICY_SALT) & MASK)) + index * GOLDEN) & MASK


def plain_playout(rules: Rules, state: Any, choose: Callable[[Any, SplitMix], str | None], seed: int,
                  max_moves: int | None = None) -> tuple[bool, list[str]]:  # fmt: skip
    """One playout from `state` with the stream seeded `seed`: `choose(state, rng)` names each move
    (None: nothing left, the playout ends), the referee makes it; it ends won, stuck, or after
    `max_moves` moves (None: no cap, for a game whose moves run out by themselves). (won, the moves
    made). The loop of every player whose policy reads only the view of the moment; a policy that
    remembers something between moves (a redeal since the last move, the card last moved) keeps
    its own loop, since what it remembers is the game's."""
    rng = SplitMix(seed)
    line: list[str] = []
    while (max_moves is None or len(line) < max_moves) and not rules.is_won(state):
        move = choose(state, rng)
        if move is None:
            break
        rules.play(state, move)
        line.append(move)
    return rules.is_won(state), line


def redeal_playout(rules: Rules, state: Any, choose: Callable[[Any, bool, SplitMix], str | None], seed: int,
                   max_moves: int | None = None, draw: str = "d", redeal: str = "r") -> tuple[bool, list[str]]:  # fmt: skip
    """`plain_playout` for a policy that remembers one thing: whether a card has moved (a move
    other than the stock's `draw` and `redeal`) since the last redeal, passed to `choose(state,
    moved, rng)` so it does not turn the stock again over a pass that changed nothing."""
    rng = SplitMix(seed)
    line: list[str] = []
    moved = False
    while (max_moves is None or len(line) < max_moves) and not rules.is_won(state):
        move = choose(state, moved, rng)
        if move is None:
            break
        rules.play(state, move)
        line.append(move)
        if move == redeal:
            moved = False
        elif move != draw:
            moved = True
    return rules.is_won(state), line


def playouts(playout: Callable[..., tuple[bool, list[str]]], layout: Mapping[str, Any], options: Mapping[str, Any],
             base: int, policy: int, count: int, deal_seed: bytes | None = None) -> list[tuple[bool, int]]:  # fmt: skip
    """`count` playouts of a deal by a twin's `playout(layout, options, seed, policy[, deal_seed])`,
    playout i seeded `playout_seed(base, policy, i)`: (won, moves made) each, as the native
    player's `playouts` returns them (the twins' one by one, for the differential tests).
    `deal_seed` goes to the games that redeal by it, and only to them."""
    extra = () if deal_seed is None else (deal_seed,)
    out = []
    for i in range(count):
        won, line = playout(layout, options, playout_seed(base, policy, i), policy, *extra)
        out.append((won, len(line)))
    return out


@dataclass(frozen=True)
class Share:
    """Wins out of playouts, with the 95 % Wilson score interval of the share won."""

    wins: int
    playouts: int

    @property
    def share(self) -> float:
        return self.wins / self.playouts if self.playouts else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.playouts)


def wilson(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) of `wins` out of `n`: unlike the normal
    approximation it stays inside [0, 1] and is sensible at 0 and n wins, which graded deals hit."""
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= wins <= n:
        raise ValueError(f"wins must be 0..{n}, not {wins}")
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    # at 0 and n wins the bound is exactly 0 or 1 (rounding would leave a 1e-17 either side)
    return (0.0 if wins == 0 else max(0.0, centre - half), 1.0 if wins == n else min(1.0, centre + half))


@dataclass(frozen=True)
class Scale:
    """A board's grading: `playouts` (K, chosen so a deal costs about 20 ms or less) and the least
    share won for easy, medium and hard (below the last: expert)."""

    playouts: int
    easy: float
    medium: float
    hard: float

    def grade(self, share: float) -> str:
        for name, least in zip(GRADES, (self.easy, self.medium, self.hard)):
            if share >= least:
                return name
        return GRADES[-1]
