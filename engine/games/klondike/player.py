"""Klondike's visible-information player: the Python twin of engine/native/src/games/klondike/player.rs.

A playout plays a deal as a person who cannot see the face-down cards or the stock's order would:
the referee's `State` holds the whole deal, but the policy is handed only a `View` (each pile's
face-up cards and how many are face down, the stock's size, the waste's top, the foundations), made
by `view`, the one function here that reads the state. Moves are made by the referee (`rules.play`),
so every move the twin makes is checked legal.

The policy (in the spirit of seed 004's hint, "the best-scored move from what the player can see,
else a stock tap"): each candidate move gets its policy's score plus a jitter drawn from the
playout's SplitMix64 stream (engine/gamekit/playout.py), one draw a candidate in the candidates'
order; the highest total is played, the first such on a tie. Candidates leave out the moves a person
would not make because they cannot help: a card back from a foundation, a run moved off a pile with
nothing face down onto an empty pile, and part of a run unless the card it uncovers goes up.

Policy 0 (`CAUTIOUS`, the one that grades): safe foundation moves (seed 004's autoMove rule) first,
then turning a face-down card up (more face-down cards beneath first), then other foundation
moves, uncovering a card that goes up, waste to a pile, emptying a pile, and last the stock.
Policy 1 (`GREEDY`, held out for the honesty check): any foundation move first, then the waste, then
turning cards up, with less jitter.

A playout ends won, or lost when nothing is left to try: no candidate, a redeal after a whole pass
with no move but draws (the next pass would be the same), or `MAX_MOVES` moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from engine.gamekit.playout import Scale, SplitMix, pick, redeal_playout
from engine.games.klondike import rules

VERSION = 1
"""The players' version: bump it when a policy or the stream's use changes (stored grades name it)."""
MAX_MOVES = 1000
CAUTIOUS, GREEDY = 0, 1
POLICIES = (CAUTIOUS, GREEDY)

# What each kind of move scores under each policy, and the jitter's range (0..NOISE-1).
#          safe-up reveal-up reveal waste-up pile-up uncover waste-pile empty stock  noise
_SCORES = {
    CAUTIOUS: (100, 80, 60, 50, 40, 35, 30, 10, 5, 40),
    GREEDY: (100, 90, 50, 90, 90, 40, 70, 10, 5, 8),
}


GRADING = {
    # K = 200 playouts: about 10 ms a deal drawing one, 6 ms drawing three (bench/grades.py).
    # Thresholds on policy 0's share, set from its distribution on the first ~350 won deals of each
    # board (noise 40): drawing one, about a third of won deals are won by no playout and a quarter
    # by nearly all; drawing three, most won deals are won by none, so its scale sits much lower.
    "klondike-1": Scale(playouts=200, easy=0.75, medium=0.35, hard=0.05),
    "klondike-3": Scale(playouts=200, easy=0.30, medium=0.10, hard=0.01),
}
"""Per board: K and the least share won for easy, medium, hard (below: expert)."""


@dataclass(frozen=True)
class View:
    """What a player sees: each pile's face-up cards (bottom first) and face-down count, the stock's
    size (not its cards), the waste's top card (None if empty) and size, the foundations' heights,
    and whether the waste may be turned over (the pass limit)."""

    up: tuple[tuple[int, ...], ...]
    down: tuple[int, ...]
    stock: int
    waste_top: int | None
    waste: int
    found: tuple[int, ...]
    can_redeal: bool


def view(state: rules.State) -> View:
    """The visible part of the referee's state: the only place the player reads a `State`."""
    return View(
        up=tuple(tuple(p[d:]) for p, d in zip(state.piles, state.down)),
        down=tuple(state.down),
        stock=len(state.stock),
        waste_top=state.waste[-1] if state.waste else None,
        waste=len(state.waste),
        found=tuple(state.found),
        can_redeal=not state.stock and bool(state.waste)
        and (state.max_redeals is None or state.redeals < state.max_redeals),
    )


def _rank(c: int) -> int:
    return c % 13 + 1


def _fits(card: int, onto: int) -> bool:
    return _rank(card) + 1 == _rank(onto) and (card // 13 in (1, 2)) != (onto // 13 in (1, 2))


def _up_ok(v: View, c: int) -> bool:
    return v.found[c // 13] == _rank(c) - 1


def _safe(v: View, c: int) -> bool:
    """Seed 004's autoMove rule (the referee's `_safe_card`): nothing left could want to sit on it."""
    r, s, f = _rank(c), c // 13, v.found
    if r <= 2:
        return True
    if s in (0, 3):
        return f[1] >= r - 1 and f[2] >= r - 1 and f[3 - s] >= r - 2
    return f[0] >= r - 1 and f[3] >= r - 1 and f[3 - s] >= r - 2


def candidates(v: View, policy: int, redeal_ok: bool) -> list[tuple[str, int]]:
    """The moves worth trying here with their scores, in the fixed order both twins use: piles to
    the foundation, the waste to the foundation, pile to pile (source, then destination), the waste
    to a pile, the stock. `redeal_ok`: whether the last pass made a move (else no redeal)."""
    safe_up, reveal_up, reveal, waste_up, pile_up, uncover, waste_pile, empty, stock, _ = _SCORES[policy]
    out: list[tuple[str, int]] = []
    for n, up in enumerate(v.up):
        if up and _up_ok(v, up[-1]):
            if _safe(v, up[-1]):
                out.append((f"{n + 1}>f", safe_up))
            else:
                out.append((f"{n + 1}>f", reveal_up + v.down[n] if len(up) == 1 and v.down[n] else pile_up))
    w = v.waste_top
    if w is not None and _up_ok(v, w):
        out.append(("w>f", safe_up if _safe(v, w) else waste_up))
    for n, up in enumerate(v.up):
        for m, dest in enumerate(v.up):
            if m == n or not up:
                continue
            for k in range(1, len(up) + 1):
                base = up[-k]
                if not (_fits(base, dest[-1]) if dest else _rank(base) == rules.KING):
                    continue
                token = f"{n + 1}>{m + 1}" if k == 1 else f"{n + 1}:{k}>{m + 1}"
                if k == len(up):  # the whole face-up run
                    if v.down[n]:
                        out.append((token, reveal + v.down[n]))
                    elif dest:
                        out.append((token, empty))
                elif _up_ok(v, up[-k - 1]):
                    out.append((token, uncover))
                break
    if w is not None:
        for m, dest in enumerate(v.up):
            if (_fits(w, dest[-1]) if dest else _rank(w) == rules.KING):
                out.append((f"w>{m + 1}", waste_pile))
    if v.stock:
        out.append(("d", stock))
    elif v.can_redeal and redeal_ok:
        out.append(("r", stock))
    return out


def choose(v: View, policy: int, redeal_ok: bool, rng: SplitMix) -> str | None:
    """The policy's move from what the player sees: the highest score plus jitter (one draw a
    candidate, in order), the first on a tie (`pick`); None when there is nothing worth trying."""
    return pick(candidates(v, policy, redeal_ok), _SCORES[policy][-1], rng)


def playout(layout: Mapping[str, Any], options: Mapping[str, Any], seed: int, policy: int = CAUTIOUS) -> tuple[bool, list[str]]:
    """One playout from a laid-out deal with the stream seeded `seed`: (won, the moves made)."""
    state = rules.new_state(layout, options)
    return redeal_playout(rules, state, lambda s, moved, rng: choose(view(s), policy, moved, rng), seed, MAX_MOVES)
