"""The native solve's crossing back to Python: a won line comes back as a list of str made by
engine/native/src/bindings/convert.rs's `py_tokens` (each distinct short token made once a call and shared, a table of 64 kept
tokens; any token past that made anew). A token made wrong, or a slot left empty, breaks the replay.
A line longer than the table (more distinct tokens) is a game's own test: tests/games/<game>/."""

from __future__ import annotations

import engine


def _check(code: str) -> list[str]:
    r = engine.solve(code)
    assert r.verdict == "won", code
    assert all(type(t) is str for t in r.line)
    assert engine.replay(code, r.line).ok, code
    again = engine.solve(code)
    assert again.line == r.line and again.nodes == r.nodes
    return r.line


def test_klondike_lines_share_their_repeated_tokens_and_replay() -> None:
    for board in ("klondike-1", "klondike-3"):
        line = _check(engine.board_code(board, 108))
        assert line.count("d") > 10
        # each distinct token is one str object in the list (made once, shared)
        assert len({id(t) for t in line}) == len(set(line))
