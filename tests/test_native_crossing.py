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


def test_each_call_reads_its_own_layout_and_options_whatever_came_before() -> None:
    """engine/native/src/bindings/mod.rs reads a call's layout and options into the maps the thread
    kept from its last call (their room reused, not made anew): a call must see nothing of the one
    before, whether that had other names (another game's layout, a Klondike waste group or none),
    other group sizes or options, or was refused halfway through its layout."""
    from engine import native
    from engine.games import game as game_of

    def call(code: str, waste: int = 0) -> tuple[str, int, list[str]]:
        d = engine.deal(code)
        layout = {k: [list(g) for g in v] for k, v in d.layout.items()}
        if waste:  # a position in play: the stock's top cards turned onto the waste
            stock = layout["stock"][0]
            layout["stock"], layout["waste"] = [stock[:-waste]], [stock[-waste:][::-1]]
        out = native.solve(d.game, layout, game_of(d.game).native_options(d.options), budget=3_000,
                           max_bytes=1 << 30, seed=d.seed)  # fmt: skip
        return out.verdict, out.nodes, list(out.line)

    calls = [(engine.board_code("klondike-1", 5), 0), (engine.board_code("klondike-3", 8), 0),
             (engine.board_code("klondike-3", 8), 2), (engine.board_code("freecell", 3), 0),
             (engine.board_code("klondike-1", 5), 2)]  # fmt: skip
    first = {c: call(*c) for c in calls}
    assert first[calls[1]] != first[calls[2]], "the waste changes the position"
    bad = engine.deal(engine.board_code("klondike-1", 5)).layout
    for order in (calls[::-1], calls[1::2] + calls[::2], calls * 2):
        for c in order:
            assert call(*c) == first[c], c
            # a layout refused halfway (its first pile read, then a card that is no int)
            broken = {"tableau": [list(bad["tableau"][0]), ["x"]], "down": bad["down"], "stock": bad["stock"], "more": [[1]]}
            try:
                native.solve("klondike", broken, {"draw": 1, "passes": 0}, budget=10, max_bytes=1 << 30)
            except (TypeError, ValueError):
                pass
            else:
                raise AssertionError("a card that is no int was taken")


def test_the_search_alone_is_timed_inside_the_whole_call_and_never_compared() -> None:
    """SolveResult.search_cpu_seconds (the native Outcome's, timed in Rust from the position built to
    the outcome returned: engine/native/src/core/clock.rs) is this thread's CPU in the search: above 0
    for a real search on every solvable board, within the whole native call's CPU timed from Python
    (which adds the crossing, the layout's reading and the line's list), and it grows with the search.
    It is recorded, never compared: results differing only in it are equal."""
    import dataclasses

    for board in engine.solvable_boards():
        r = engine.solve(engine.board_code(board, 1), budget=2_000)
        assert 0 < r.search_cpu_seconds <= r.cpu_seconds, (board, r.search_cpu_seconds, r.cpu_seconds)
    big = engine.solve(engine.board_code("klondike-1", 1))  # a real search: about 3,000 positions
    small = engine.solve(engine.board_code("klondike-1", 1), budget=1)
    assert big.nodes > 1_000 and big.search_cpu_seconds > small.search_cpu_seconds
    # most of a real search's call is the search: the clock is not read around something else
    assert big.search_cpu_seconds > 0.5 * big.cpu_seconds
    other = dataclasses.replace(big, search_cpu_seconds=big.search_cpu_seconds + 1.0, cpu_seconds=0.0)
    assert other == big
    assert not {f.name: f for f in dataclasses.fields(big)}["search_cpu_seconds"].compare
