"""The Klondike concretizer seen from the referee: the solver's winning lines, taken to abstract
lines (cards only, no piles) and concretized back by the native engine, must replay to a win in the
Python referee; a line that does not win comes back as None, never as a line."""

from __future__ import annotations

import pytest

from engine import native
from engine.dealer import deal
from engine import board_code
from engine import replay
from engine.games.klondike import rules as k
from engine import solve


@pytest.mark.parametrize("board", ["klondike-1", "klondike-3"])
def test_reconcretized_lines_replay_in_the_referee(board):
    won = 0
    for n in range(1, 151):
        r = solve(board_code(board, n), budget=5000)
        if r.verdict != "won":
            continue
        won += 1
        d = deal(r.code)
        opts = k.native_options(d.options)
        line = native.testing.klondike_reconcretize(d.layout, opts, r.line)
        assert line is not None, r.code
        rep = replay(r.code, line)
        assert rep.ok, (r.code, rep)
        # Deterministic, and a concretized line concretizes to itself.
        assert native.testing.klondike_reconcretize(d.layout, opts, line) == line
        # Short of the win (the last foundation move dropped) it is refused.
        assert native.testing.klondike_reconcretize(d.layout, opts, r.line[:-1]) is None
    assert won > 80, won


def test_an_illegal_line_is_an_error():
    d = deal(board_code("klondike-1", 1))
    with pytest.raises(ValueError, match="illegal"):
        native.testing.klondike_reconcretize(d.layout, k.native_options(d.options), ["w>f"])
