"""The referee (engine/referee.py) and `dealpool replay`: winning lines found by a small search in
the test itself, every error kind with its index, the undo count, line parsing, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest

from engine.dealer import deal
from engine import BadInput
from engine.referee import Replay, parse_line, replay, replay_state
from engine.games.klondike import rules as k

sys.path.insert(0, str(Path(__file__).parent))
from klondike_helpers import position, search  # noqa: E402


def code(number: int, draw: int = 1, passes: str = "unlimited") -> str:
    return f"SOL1-klondike-draw={draw};passes={passes};scoring=standard-N{number}"


@lru_cache(maxsize=None)
def won_lines(draw: int, wanted: int = 2, budget: int = 600) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The first `wanted` numbered deals (from 1 up) the test search wins, with their lines."""
    found = []
    for number in range(1, 60):
        c = code(number, draw)
        d = deal(c)
        line = search(k.new_state(d.layout, d.options), budget)
        if line is not None:
            found.append((c, tuple(line)))
            if len(found) == wanted:
                break
    assert len(found) == wanted, f"the test search won fewer than {wanted} of deals 1..59 (draw {draw})"
    return tuple(found)


@pytest.mark.parametrize("draw", [1, 3])
def test_a_searched_winning_line_replays(draw):
    for c, line in won_lines(draw, 2 if draw == 1 else 1):
        r = replay(c, list(line))
        assert r == Replay(True, len(line), len(line), 0, None, -1)
        # the same line on the other variant of the deal is not (in general) a win: at least it
        # is judged, never accepted without being played
        other = replay(code(int(c.rsplit("N", 1)[1]), 4 - draw), list(line))
        assert other.ok or other.error is not None


def test_undos_count_and_restore():
    c, line = won_lines(1)[0]
    line = list(line)
    # take the 5th move back and make it again; take two back and make them again
    with_undos = line[:5] + ["u", line[4]] + line[5:10] + ["u2"] + line[8:10] + line[10:]
    r = replay(c, with_undos)
    assert r.ok and r.kept == len(line) and r.undos == 2 and r.moves == len(line) + 2
    # an undo of three, written u3, counts as one
    r3 = replay(c, line[:6] + ["u3"] + line[3:])
    assert r3.ok and r3.undos == 1 and r3.moves == len(line) + 1


def test_error_kinds_with_their_index():
    c, line = won_lines(1)[0]
    line = list(line)
    # illegal move: the rules' reason is passed on
    r = replay(c, line[:3] + ["7>7"] + line[3:])
    assert (r.ok, r.at, r.kept) == (False, 3, 3) and r.error.startswith("illegal move: ")
    assert "onto itself" in r.error
    r = replay(c, ["zz"])
    assert r.at == 0 and "not a Klondike move" in r.error
    # nothing to undo
    r = replay(c, line[:2] + ["u3"])
    assert (r.at, r.error.split(":")[0]) == (2, "nothing to undo")
    r = replay(c, ["u"])
    assert r.at == 0 and r.error.startswith("nothing to undo")
    r = replay(c, ["u0"])
    assert r.at == 0 and r.error.startswith("illegal move")
    # moves after the win (an undo too)
    r = replay(c, line + ["d"])
    assert (r.ok, r.at, r.error) == (False, len(line), "moves after the win")
    r = replay(c, line + ["u"])
    assert (r.at, r.error) == (len(line), "moves after the win")
    # not won: at = len(line)
    r = replay(c, line[:-1])
    assert (r.ok, r.at, r.error) == (False, len(line) - 1, "not won")
    r = replay(c, [])
    assert (r.ok, r.at, r.error, r.moves) == (False, 0, "not won", 0)
    # bad code: at = -1
    assert replay(c, " ".join(line)).at == -1  # a string is not a line: parse_line makes one
    for bad in ("SOL1-klondike-draw=2-N1", "nonsense", "SOL1-nosuch-N1"):
        r = replay(bad, line)
        assert not r.ok and r.at == -1 and r.error.startswith("bad code")


def test_replay_state_on_a_hand_made_near_win():
    """A near-won position with face-down cards, a waste and a draw-3 stock: the test search finds
    the line and the referee's engine accepts it; one card short is refused."""
    s = position(
        ["[KS] [QH] JS", "[KH] QS JH", "", "10H", "KD QC", "10S", "JD"],
        found=(9, 9, 10, 10),
        waste="KC",
        stock="QD JC",
        draw=3,
    )
    start = s.snapshot()
    line = search(s, 2000)
    assert line is not None and s.snapshot() == start
    r = replay_state(k, s, line)
    assert r.ok and r.kept == len(line)
    s2 = position(
        ["[KS] [QH] JS", "[KH] QS JH", "", "10H", "KD QC", "10S", "JD"],
        found=(9, 9, 10, 10), waste="KC", stock="QD JC", draw=3,
    )
    r = replay_state(k, s2, line[:-1])
    assert r.error == "not won" and r.at == len(line) - 1


def test_parse_line():
    assert parse_line(" d  w>f\n1:2>3\tu2 ") == ["d", "w>f", "1:2>3", "u2"]
    assert parse_line('["d", "fS>1"]') == ["d", "fS>1"]
    assert parse_line("") == []
    with pytest.raises(BadInput, match="JSON"):
        parse_line('["d", ')
    with pytest.raises(BadInput, match="array of strings"):
        parse_line('["d", 3]')


def run_cli(args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pipeline", *args], input=stdin, capture_output=True, text=True, timeout=120
    )


def test_replay_cli_exit_codes():
    c, line = won_lines(1)[0]
    ok = run_cli(["replay", c], " ".join(line))
    assert ok.returncode == 0 and ok.stdout.startswith(f"won in {len(line)} moves")
    ok_json = run_cli(["replay", c], json.dumps(list(line) + ["u", line[-1]]))
    assert ok_json.returncode == 2 and "moves after the win" in ok_json.stderr
    short = run_cli(["replay", c], " ".join(line[:-1]))
    assert short.returncode == 1
    assert short.stdout.strip() == f"move {len(line) - 1} (end of line): not won"
    bad = run_cli(["replay", c], "d 7>7")  # a refused move is bad input: exit 2, one line on stderr
    assert bad.returncode == 2 and bad.stderr.startswith("dealpool: error: move 1 (7>7): illegal move: ")
    assert len(bad.stderr.strip().splitlines()) == 1 and bad.stdout == ""
    bad_code = run_cli(["replay", "SOL1-klondike-draw=9-N1"], "d")
    assert bad_code.returncode == 2 and bad_code.stderr.startswith("dealpool: error: bad code")
    bad_input = run_cli(["replay", c], "[1, 2]")
    assert bad_input.returncode == 2 and bad_input.stderr.startswith("dealpool: error: ")
    assert "Traceback" not in bad_code.stderr + bad_input.stderr


def new_state(d):  # noqa: ANN001, ANN201  (a Deal; the game's state)
    """The dealt position, whether the rules take the seed as a layout group or as `seed=`."""
    import inspect

    from engine import rules_for

    rules = rules_for(d.game)
    if "seed" in inspect.signature(rules.new_state).parameters:
        return rules.new_state({g: v for g, v in d.layout.items() if g != "seed"}, d.options, seed=d.seed)
    return rules.new_state(d.layout, d.options)


DIGITS = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


@pytest.mark.parametrize("board", list(__import__("engine").BOARDS))
def test_moves_are_written_in_ascii_digits(board: str) -> None:
    """Found by the JS kit's differential fuzz (tests/test_js_kit.py): a position written with a
    digit Python's str.isdigit() takes but int() refuses ("p²") was a ValueError traceback out of
    the referee, and one int() takes ("p٣") was played as p3. Every legal move of a deal, its digits
    written in other scripts, is now refused as no move of the notation, in every game."""
    from engine import board_code, deal, replay, rules_for

    for n in range(1, 60):  # the first deal whose opening position has a move with digits
        code = board_code(board, n)
        d = deal(code)
        moves = [m for m in rules_for(d.game).legal_moves(new_state(d)) if any(c.isdigit() for c in m)]
        if moves:
            break
    assert moves, board
    for m in moves:
        for other in (m.translate(DIGITS), m.translate(SUPERSCRIPTS)):
            r = replay(code, [other])
            assert not r.ok and r.at == 0 and (r.error or "").startswith("illegal move: "), (other, r)
