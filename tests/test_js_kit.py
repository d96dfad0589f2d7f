"""The JavaScript kit (clients/js/) against the engine, differentially: the same random codes dealt
by both sides (2,000 per board: numbered, random seeds, classic FreeCell numbers) and random walks
where both referees list the same legal moves at every step (undos included) and reach the same
position. Node runs clients/js/testing/driver.mjs over one JSON batch; the kit's own tests are
`make test-js` (node --test clients/js/test/).

The rules exist three times on purpose (Rust solver, Python referee, JS kit): kept honest by tests
like this one, never by one calling another.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import engine
from engine import method

ROOT = Path(__file__).resolve().parents[1]
DRIVER = ROOT / "clients" / "js" / "testing" / "driver.mjs"
NODE = shutil.which("node")
CODES_PER_BOARD = 2000
WALKS_PER_BOARD = 24
STEPS = 220


def _golden_module() -> Any:
    """clients/js/test/golden/make.py: its `new_state`, `layout_of` and `state_doc` (a position as
    plain data, every field) are this test's Python side too."""
    spec = importlib.util.spec_from_file_location("js_golden_make", ROOT / "clients/js/test/golden/make.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


G = _golden_module()


def _node(batch: dict[str, Any]) -> dict[str, Any]:
    if NODE is None:
        if os.environ.get("CI"):
            pytest.fail("node is missing: the JS kit's tests need Node >= 18")
        pytest.skip("node is not installed")
    r = subprocess.run([NODE, str(DRIVER)], input=json.dumps(batch), capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def _codes(rng: random.Random) -> list[str]:
    out = []
    for b in engine.BOARDS.values():
        for i in range(CODES_PER_BOARD):
            if i % 2:
                out.append(engine.seed_code(b.id, bytes(rng.randrange(256) for _ in range(64))))
            else:
                out.append(engine.board_code(b.id, rng.randint(1, method.NUMBER_MAX)))
        if engine.game(b.game).classic:
            out += [f"SOL1-{b.game}-{b.options_text()}-C{rng.randint(1, method.CLASSIC_MAX)}" for _ in range(CODES_PER_BOARD // 4)]
    return out


def test_random_codes_deal_bit_exact_in_both() -> None:
    rng = random.Random(2028)
    codes = _codes(rng)
    assert len(codes) >= CODES_PER_BOARD * len(engine.BOARDS)
    got = _node({"deals": codes})["deals"]
    assert len(got) == len(codes)
    for code, js in zip(codes, got):
        d = engine.deal(code)
        want = {"code": d.code, "seed": None if d.seed is None else d.seed.hex(), "order": d.order, "layout": G.layout_of(d)}
        assert js == want, code


def _walk(rng: random.Random, code: str) -> tuple[list[str], list[list[str]], Any, bool]:
    """A random walk on the Python referee: (line, legal lists at every step, final position, won)."""
    d = engine.deal(code)
    rules = engine.rules_for(d.game)
    state = G.new_state(d)
    line: list[str] = []
    legal = [rules.legal_moves(state)]
    done: list[Any] = []
    for _ in range(STEPS):
        moves = legal[-1]
        if done and (not moves or rng.random() < 0.08):
            rules.undo(state, done.pop())
            line.append("u")
        elif moves:
            move = rng.choice(moves)
            done.append(rules.play(state, move))
            line.append(move)
        else:
            break
        legal.append(rules.legal_moves(state))
    return line, legal, json.loads(json.dumps(G.state_doc(state))), rules.is_won(state)


def test_random_walks_list_the_same_moves_in_both() -> None:
    rng = random.Random(29)
    walks, want = [], []
    for b in engine.BOARDS.values():
        for _ in range(WALKS_PER_BOARD):
            code = engine.board_code(b.id, rng.randint(1, method.NUMBER_MAX))
            line, legal, state, won = _walk(rng, code)
            walks.append({"code": code, "line": line})
            want.append({"legal": legal, "state": state, "won": won})
    got = _node({"walks": walks})["walks"]
    steps = 0
    for w, js, py in zip(walks, got, want):
        for k, (a, b) in enumerate(zip(js["legal"], py["legal"])):
            assert a == b, f"{w['code']} after {w['line'][:k]}"
        assert len(js["legal"]) == len(py["legal"])
        assert js["state"] == py["state"], w["code"]
        assert js["won"] == py["won"]
        steps += len(w["line"])
    assert steps >= len(engine.BOARDS) * WALKS_PER_BOARD * 50  # walks long enough to say something


PROBES = ["d", "r", "u", "1>2", "2>f", "w>f", "x>1", "p28", "s+w", "3h", "a1", "1:2>3", "KH", "2S>1", "zz"]


def test_solver_lines_and_altered_lines_replay_alike() -> None:
    """Lines the solver finds (not a random walk's) replay to a win in both referees; the same lines
    with one move changed, cut short or run past the win are refused or not won at the same index
    with the same reason."""
    rng = random.Random(30)
    replays = []
    for b in engine.BOARDS.values():
        for n in range(1, 40):
            code = engine.board_code(b.id, n)
            r = engine.solve(code, budget=min(b.budget, 50_000))
            if r.verdict != "won":
                continue
            line = list(r.line)
            replays.append({"code": code, "line": line})
            for _ in range(12):
                k = rng.randrange(len(line))
                replays.append({"code": code, "line": line[:k] + [rng.choice(PROBES)] + line[k + 1 :]})
            replays.append({"code": code, "line": line[: len(line) // 2]})
            replays.append({"code": code, "line": line + ["d"]})
            break
    assert len(replays) >= 15 * (len(engine.BOARDS) - 2)
    got = _node({"replays": replays})["replays"]
    refused = 0
    for r, js in zip(replays, got):
        py = engine.replay(r["code"], r["line"])
        assert js["won"] == py.ok, r
        assert (js["moves"], js["kept"], js["undos"]) == (py.moves, py.kept, py.undos), r
        if py.ok or py.at == len(r["line"]):
            assert js["refused"] is None
        else:
            refused += 1
            assert (js["refused"]["at"], js["refused"]["reason"]) == (py.at, py.error), r
    assert refused >= 5 * len(engine.BOARDS)


FUZZ_PER_BOARD = int(os.environ.get("FUZZ_PER_BOARD", "150"))
FUZZ = ["1", "2", "3", "9", "10", "11", "0", ">", ":", "v", "f", "w", "x", "r", "d", "u", "p", "s", "+", "h", "a", "b",
        "S", "H", "D", "C", "K", "A", "T", "Q", "\n", " ", "é", "-", "19", "28", "٣", "²"]  # fmt: skip


def test_fuzzed_lines_are_judged_alike() -> None:
    """The golden won lines with a token replaced or inserted by noise from the notations' alphabet:
    both referees reach the same verdict, index and reason on every one (never a crash in either)."""
    rng = random.Random(31)
    golden = json.loads((ROOT / "clients/js/test/golden/lines.json").read_text())["boards"]
    replays = []
    for b in golden:
        for _ in range(FUZZ_PER_BOARD):
            line = list(b["line"])
            token = "".join(rng.choice(FUZZ) for _ in range(rng.randint(1, 6)))
            if rng.random() < 0.3:
                token = rng.choice(line) + rng.choice(["", *FUZZ])
            k = rng.randrange(len(line))
            line[k : k + rng.randint(0, 1)] = [token]
            replays.append({"code": b["code"], "line": line})
    got = _node({"replays": replays})["replays"]
    differ = []
    for r, js in zip(replays, got):
        py = engine.replay(r["code"], r["line"])
        mine = (js["won"], js["refused"]["at"] if js["refused"] else (-1 if js["won"] else len(r["line"])),
                js["refused"]["reason"] if js["refused"] else (None if js["won"] else "not won"))  # fmt: skip
        if mine != (py.ok, py.at, py.error):
            differ.append((r["code"], r["line"][py.at] if 0 <= py.at < len(r["line"]) else None, mine, (py.ok, py.at, py.error)))
    assert differ == [], "\n".join(map(repr, differ[:12]))
