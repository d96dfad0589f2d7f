"""The referee: deal a code, play a line through the game's rules, say whether it wins.

It trusts nothing it is given: every move must be legal where it is made, an undo (`u`, `uN`) can't
take back more than was played, nothing may follow the win, and the line must end won. The count is
seed 004's: the moves still standing plus one for every undo entry. Generic over games: the rules
come from the game's folder (`engine/games/<game>/rules.py`), the position from `engine.dealer.deal`
(or from the Deal given, as a solve hands it back: not dealt again), the deal's seed as `seed=`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Sequence

from engine.dealer import Deal, deal
from engine.errors import BadInput, IllegalMove
from engine.games import game
from engine.gamekit.base import Rules

MAX_TOKEN = 32
_UNDO_RE = re.compile(r"^u([1-9][0-9]{0,8})?$")  # at most 9 digits: no line is that long


@dataclass(frozen=True)
class Replay:
    """A replayed line. `at` is the index of the first bad entry, len(line) for a line that ends
    without winning, -1 for a bad code or no error; `moves` = kept + undos (seed 004's count)."""

    ok: bool
    moves: int
    kept: int
    undos: int
    error: str | None
    at: int


def rules_for(game_id: str) -> Rules:
    """The referee's rules of a game, or BadInput if the game has none yet."""
    return game(game_id).require_rules()


def replay(code: str | Deal, line: Sequence[str]) -> Replay:
    """Replay `line` (tokens in the game's notation, undos included) on the deal of `code`: a code
    is dealt; a Deal (e.g. `SolveResult.deal`) is played as it is, not dealt again."""
    if not isinstance(line, (list, tuple)):
        return Replay(False, 0, 0, 0, "no moves: a line is a list of move strings", -1)
    try:
        dealt = code if isinstance(code, Deal) else deal(code)
        rules = rules_for(dealt.game)
        state = rules.new_state(dealt.layout, dealt.options, seed=dealt.seed)
    except BadInput as e:
        return Replay(False, 0, 0, 0, f"bad code: {e}", -1)
    return replay_state(rules, state, line)


def replay_state(rules: Rules, state: Any, line: Sequence[str]) -> Replay:
    """Replay `line` from a position of `rules` (changed in place); the engine of `replay`."""
    done: list[Any] = []
    undos = 0
    for k, move in enumerate(line):
        if rules.is_won(state):
            return Replay(False, len(done) + undos, len(done), undos, "moves after the win", k)
        if not isinstance(move, str):
            return Replay(False, len(done) + undos, len(done), undos, f"illegal move: {move!r} is not a string", k)
        if len(move) > MAX_TOKEN:  # no move of any notation is longer; a huge number is never a move
            reason = f"illegal move: {move[:16]!r}... is {len(move):,} characters; a move has at most {MAX_TOKEN}"
            return Replay(False, len(done) + undos, len(done), undos, reason, k)
        back = _UNDO_RE.match(move)
        if back:
            n = int(back.group(1) or 1)
            if n > len(done):
                reason = f"nothing to undo: {move} takes back {n}, {len(done)} standing"
                return Replay(False, len(done) + undos, len(done), undos, reason, k)
            for _ in range(n):
                rules.undo(state, done.pop())
            undos += 1
            continue
        try:
            done.append(rules.play(state, move))
        except IllegalMove as e:
            return Replay(False, len(done) + undos, len(done), undos, f"illegal move: {e}", k)
    if not rules.is_won(state):
        return Replay(False, len(done) + undos, len(done), undos, "not won", len(line))
    return Replay(True, len(done) + undos, len(done), undos, None, -1)


def parse_line(text: str) -> list[str]:
    """A line from text: whitespace-separated tokens, or a JSON array of strings."""
    stripped = text.strip()
    if stripped.startswith("["):
        try:
            value = json.loads(stripped)
        except json.JSONDecodeError as e:
            raise BadInput(
                f"the line is not valid JSON ({e.msg} at character {e.pos}); accepted: "
                "moves separated by spaces, or a JSON array of strings"
            ) from None
        except RecursionError:
            raise BadInput("the JSON line is nested too deeply; accepted: a flat JSON array of strings") from None
        if not isinstance(value, list) or not all(isinstance(m, str) for m in value):
            raise BadInput("the JSON line must be an array of strings, e.g. [\"d\", \"w>f\"]")
        return value
    return stripped.split()
