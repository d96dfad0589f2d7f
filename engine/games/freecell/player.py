"""FreeCell's player: the Python twin of engine/native/src/games/freecell/player.rs.

FreeCell hides nothing (every card is dealt face up), so this "visible-information" player differs
from the solver only in how it plays: one greedy pass, no search and no backtracking; it plays the
best-scored move it sees, as a person who does not look ahead would, and loses when it runs out of
moves worth trying or after `MAX_MOVES` moves. The policy reads only `View` (the columns, the cells,
the foundations), made by `view`; moves are made by the referee (`rules.play`), so every move the
twin makes is checked legal.

The policy, in the spirit of seed 004's hint: each candidate gets its policy's score plus a jitter
from the playout's SplitMix64 stream (engine/gamekit/playout.py `pick`), one draw a candidate in
the candidates' order; the highest total is played, the first such on a tie. Candidates leave out
moves that cannot help: a whole column into an empty one, a run or a cell card into an empty column
other than the first, a card into a cell other than the first free one, and (a tabu against
shuffling back and forth) any move but a foundation move of the card moved last.

Policy 0 (`BUILDER`, the one that grades): safe foundation moves first (the referee's `safe_move`
rule), then moves that uncover a card going up, other foundation moves, emptying a column onto
another, a cell card onto a column, building a run on a column; splitting a run, filling an empty
column and parking a card in a cell come last.
Policy 1 (`GREEDY`, held out for the honesty check): every foundation move first, parks cards in
cells readily, with less jitter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from engine.gamekit.playout import Scale, SplitMix, pick
from engine.games.freecell import rules

VERSION = 1
"""The players' version: bump it when a policy or the stream's use changes (stored grades name it)."""
MAX_MOVES = 300
BUILDER, GREEDY = 0, 1
POLICIES = (BUILDER, GREEDY)

#   safe-up up uncover build empty-col cell-out split to-empty cell-empty to-cell cell-uncover noise
_SCORES = {
    BUILDER: (100, 60, 70, 40, 55, 50, 5, 15, 10, 8, 30, 30),
    GREEDY: (100, 95, 60, 45, 40, 70, 5, 20, 15, 30, 30, 10),
}

GRADING = {
    # K = 300 playouts: about 7 ms of CPU a deal (bench/grades.py; Klondike's K = 200 takes 7.5 ms on
    # the same machine). Thresholds on policy 0's share, set from its distribution on the first 400
    # won deals: a greedy pass wins few FreeCell deals (quartiles 0.007, 0.033, 0.13; 17 % won by no
    # playout), so the scale sits low, about a quarter of won deals a grade.
    "freecell": Scale(playouts=300, easy=0.12, medium=0.03, hard=0.005),
}
"""Per board: K and the least share won for easy, medium, hard (below: expert)."""


@dataclass(frozen=True)
class View:
    """Everything (FreeCell deals face up): columns bottom first, cells (None if free), foundations."""

    columns: tuple[tuple[int, ...], ...]
    cells: tuple[int | None, ...]
    found: tuple[int, ...]


def view(state: rules.State) -> View:
    """The referee's state as the player sees it: the only place the player reads a `State`."""
    return View(tuple(tuple(c) for c in state.columns), tuple(state.cells), tuple(state.foundations))


def _rank(c: int) -> int:
    return c % 13 + 1


def _up_ok(v: View, c: int) -> bool:
    return v.found[c // 13] + 1 == _rank(c)


def _safe(v: View, c: int) -> bool:
    """The referee's `safe_move` rule for a card that goes up."""
    r = _rank(c)
    others = (0, 3) if c // 13 in (1, 2) else (1, 2)
    low = min(v.found[s] for s in others)
    twin = v.found[3 - c // 13]
    return r <= 2 or low >= r - 1 or (low >= r - 2 and twin >= r - 3)


def _run(col: tuple[int, ...]) -> int:
    n = 1 if col else 0
    while n < len(col) and rules.fits(col[-n], col[-n - 1]):
        n += 1
    return n


def _capacity(v: View, to_empty: bool) -> int:
    free = sum(c is None for c in v.cells)
    empty = sum(not col for col in v.columns) - (1 if to_empty else 0)
    return (free + 1) << empty


def candidates(v: View, policy: int, last: int) -> list[tuple[str, int]]:
    """The moves worth trying with their scores, in the order both twins use: to the foundation
    (columns 1..8, cells a..d), column to column (source, then target), cell to column, column to
    the first free cell. `last`: the card moved last by a move other than to a foundation (-1: none)."""
    safe_up, up, uncover, build, empty_col, cell_out, split, to_empty, cell_empty, to_cell, cell_uncover, _ = _SCORES[policy]
    out: list[tuple[str, int]] = []
    cols = v.columns
    for n, col in enumerate(cols):
        if col and _up_ok(v, col[-1]):
            out.append((f"{n + 1}h", safe_up if _safe(v, col[-1]) else up))
    for k, c in enumerate(v.cells):
        if c is not None and _up_ok(v, c):
            out.append((f"{rules.CELL_NAMES[k]}h", safe_up if _safe(v, c) else up))
    first_empty = next((m for m, col in enumerate(cols) if not col), -1)
    for n, col in enumerate(cols):
        if not col:
            continue
        run = _run(col)
        for m, dest in enumerate(cols):
            if m == n:
                continue
            if dest:
                count = _rank(dest[-1]) - _rank(col[-1])
                if not 1 <= count <= run or not rules.fits(col[-count], dest[-1]):
                    continue
                if count > _capacity(v, False) or col[-count] == last:
                    continue
                if count == len(col):
                    score = empty_col
                elif count < run:
                    score = split
                elif _up_ok(v, col[-count - 1]):
                    score = uncover
                else:
                    score = build
                out.append((f"{n + 1}{m + 1}", score))
            elif m == first_empty:
                count = min(run, _capacity(v, True))
                if count == len(col) or col[-count] == last:
                    continue
                token = f"{n + 1}{m + 1}" if count == 1 else f"{n + 1}{m + 1}v{count}"
                out.append((token, to_empty))
    for k, c in enumerate(v.cells):
        if c is None or c == last:
            continue
        for m, dest in enumerate(cols):
            if dest and rules.fits(c, dest[-1]):
                out.append((f"{rules.CELL_NAMES[k]}{m + 1}", cell_out))
            elif not dest and m == first_empty:
                out.append((f"{rules.CELL_NAMES[k]}{m + 1}", cell_empty))
    free = next((k for k, c in enumerate(v.cells) if c is None), -1)
    if free >= 0:
        for n, col in enumerate(cols):
            if col and col[-1] != last:
                score = cell_uncover if len(col) > 1 and _up_ok(v, col[-2]) else to_cell
                out.append((f"{n + 1}{rules.CELL_NAMES[free]}", score))
    return out


def _moved(state: rules.State, move: str) -> int:
    """The deepest card `move` carries (before it is made), for the tabu."""
    src = move[0]
    if src in rules.CELL_NAMES:
        return state.cells[rules.CELL_NAMES.index(src)]  # type: ignore[return-value]
    col = state.columns[int(src) - 1]
    dst = move[1]
    if "v" in move:
        return col[-int(move.split("v")[1])]
    if dst.isdigit() and state.columns[int(dst) - 1]:
        return col[-(_rank(state.columns[int(dst) - 1][-1]) - _rank(col[-1]))]
    return col[-1]


def choose(v: View, policy: int, last: int, rng: SplitMix) -> str | None:
    """The policy's move from what the player sees (None when nothing is worth trying)."""
    return pick(candidates(v, policy, last), _SCORES[policy][-1], rng)


def playout(layout: Mapping[str, Any], options: Mapping[str, Any], seed: int, policy: int = BUILDER) -> tuple[bool, list[str]]:
    """One playout from a laid-out deal with the stream seeded `seed`: (won, the moves made)."""
    state = rules.new_state(dict(layout), dict(options))
    rng = SplitMix(seed)
    line: list[str] = []
    last = -1
    while len(line) < MAX_MOVES and not rules.is_won(state):
        move = choose(view(state), policy, last, rng)
        if move is None:
            break
        last = -1 if move.endswith("h") else _moved(state, move)
        rules.play(state, move)
        line.append(move)
    return rules.is_won(state), line
