"""`dealpool deal`, `code`, `boards`: output, and every bad input as one line with exit 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

import engine
from engine import games
from pipeline.cli import main

KLONDIKE_4711 = "JS 6H KH 5S 10H 5D 10C 8S JC 4H QS 7D"
SEED = "A" * 103


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as e:
        main(list(args))
    out, err = capsys.readouterr()
    return int(e.value.code or 0), out, err


def field(out: str, name: str) -> str:
    return next(line.split(None, 1)[1] for line in out.splitlines() if line.startswith(name + " "))


def test_deal_game_number(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, err = run(capsys, "deal", "klondike", "4711")
    assert rc == 0 and err == ""
    assert field(out, "code") == "SOL1-klondike-draw=1;passes=unlimited;scoring=standard-N4711"
    assert field(out, "board") == "klondike-1"
    assert field(out, "order").startswith(KLONDIKE_4711)
    assert field(out, "seed").startswith("dc4e02e1719dcfa0")


def test_deal_code_board_and_option_agree(capsys: pytest.CaptureFixture[str]) -> None:
    a = run(capsys, "deal", "--code", "SOL1-klondike-draw=3-N4711")
    b = run(capsys, "deal", "--board", "klondike-3", "4711")
    c = run(capsys, "deal", "klondike", "4711", "-o", "draw=3")
    assert a == b == c and a[0] == 0
    assert field(a[1], "board") == "klondike-3" and field(a[1], "order").startswith(KLONDIKE_4711)


def test_deal_classic_and_layout(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run(capsys, "deal", "--code", "SOL1-freecell-C1", "--layout")
    assert rc == 0 and field(out, "order").startswith("JD 2D 9H JC 5D 7H 7C 5H")
    assert "TS" in field(out, "order")
    assert "   1: JD KD 2S 4C 3S 6D 6S" in out.splitlines()
    rc, out, _ = run(capsys, "deal", "klondike", "4711", "--layout")
    lines = out.splitlines()
    assert "   2: [6H] 8S" in lines and "   1: JS" in lines
    assert any(line.startswith("stock") for line in lines)


def test_code_and_boards(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "code", "klondike-3", "4711") == (
        0, "SOL1-klondike-draw=3;passes=unlimited;scoring=standard-N4711\n", "")
    rc, out, _ = run(capsys, "boards")
    rows = out.splitlines()
    assert rc == 0 and rows[0].split() == ["board", "game", "options", "budget", "solvable", "pool"]
    assert [r.split()[0] for r in rows[1:]] == list(games.BOARDS)
    assert rows[1].split()[:4] == ["klondike-1", "klondike", "draw=1;passes=unlimited;scoring=standard", f"{games.BOARDS['klondike-1'].budget:,}"]
    assert all(r.split()[-2] in ("yes", "no") and r.split()[-1] in ("yes", "no") for r in rows[1:])
    pool = {r.split()[0] for r in rows[1:] if r.split()[-1] == "yes"}
    assert pool == {b for b in engine.solvable_boards() if games.BOARDS[b].pooled} and "klondike-3" in pool


BAD = [
    (("deal", "hearts", "1"), "unknown game 'hearts'"),
    (("deal", "--board", "klondike-2", "1"), "unknown board 'klondike-2'"),
    (("code", "klondike", "1"), "unknown board 'klondike'"),
    (("deal", "klondike", "1", "-o", "draw=2"), "draw=1|3"),
    (("deal", "klondike", "1", "-o", "cells=4"), "unknown option 'cells'"),
    (("deal", "klondike", "1", "-o", "draw"), "name=value"),
    (("deal", "--code", "SOL1-klondike-draw=2-N1"), "draw=1|3"),
    (("deal", "--code", "SOL1-klondike-bogus=1-N1"), "unknown option 'bogus'"),
    (("deal", "klondike", "0"), "1..1,000,000"),
    (("deal", "klondike", "1000001"), "1..1,000,000"),
    (("code", "klondike-1", "0"), "1..1,000,000"),
    (("deal", "klondike", "x"), "whole number"),
    (("deal", "--code", "SOL1-klondike-N1000001"), "1..1,000,000"),
    (("deal", "--code", "SOL1-freecell-C0"), "1..2147483647"),
    (("deal", "--code", "SOL1-klondike-C1"), "freecell only"),
    (("deal", "--code", "klondike-4711"), "malformed deal code"),
    (("deal", "--code", "SOL9-klondike-N1"), "accepted: SOL1"),
    (("deal", "--code", "SOL1-klondike-S" + SEED[:-1] + "0"), "not base32"),
    (("deal", "--code", "SOL1-klondike-S" + SEED[:-1] + "B"), "unused bits"),
    (("deal", "--code", "SOL1-klondike-S" + SEED[:-3]), "exactly 103"),
    (("deal", "--code", "SOL1-klondike-S" + SEED + "AAAA"), "exactly 103"),
    (("deal", "klondike"), "deal needs GAME NUMBER"),
    (("deal", "--code", "SOL1-klondike-N1", "klondike"), "--code takes no"),
    (("deal", "--board", "klondike-1"), "--board needs one NUMBER"),
    (("deal", "--bogus"), "No such option"),
]


@pytest.mark.parametrize("args,needle", BAD)
def test_bad_input_is_one_line_exit_2(capsys: pytest.CaptureFixture[str], args: tuple[str, ...], needle: str) -> None:
    rc, out, err = run(capsys, *args)
    assert rc == 2 and out == ""
    assert err.startswith("dealpool: error: ") and err.endswith("\n") and err.count("\n") == 1
    assert needle in err and "Traceback" not in err


def test_console_entry_point_reports_cleanly() -> None:
    """The real process (python -m pipeline): a bad code is one stderr line, exit 2."""
    p = subprocess.run(
        [sys.executable, "-m", "pipeline", "deal", "--code", "SOL1-klondike-N0"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr == "dealpool: error: deal number 0 is out of range; accepted: 1..1,000,000\n"
