"""Regenerate the JavaScript kit's golden vectors from the Python engine: `make golden` (or
`make golden-js`), or `.venv/bin/python clients/js/test/golden/make.py [--pool]`.

Writes, under clients/js/test/golden/ (checked by `node --test clients/js/test/`):

    method.json   seed 000's test values, SHA-512 of assorted lengths, base32 seed texts
    games.json    every game (options, deck, deal keys) and board, as engine.GAMES and engine.BOARDS
    codes.json    spellings and their canonical codes, bad codes and the engine's one-line refusal,
                  derived boards of codes with other options
    deals.json    codes of every board and option combination (N, random S, classic C) with seed,
                  order and layout (the layout without a `seed` group: Deal.seed carries it)
    lines.json    a won line per board with the legal-move list at every step and the referee's
                  whole position (every state field) at a few steps; the same lines with undos;
                  refused lines with the referee's index and reason
    zstd.json     pyarrow's zstd frames of text, noise and repeats at levels 1, 3 and 19
    fair.json     seed 002's shoe, draws, unbiased below/sample/pick, commitments, SHA3-384 vectors
    pool/         with --pool (or when missing): a small exported pool, signed (the private key is
                  thrown away; pool.pub is kept), with a committed sample and its reveal, and
                  pool-verify.txt: what `dealpool verify --key` printed for it, pool-draws.json: what
                  `dealpool fair verify-draw` printed for three player seeds

Deterministic but for pool/ (a fresh key and server seed each time), so only --pool rewrites it.
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import itertools
import json
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import engine
from engine import fair
from engine import method  # the published method, engine/deal.py
from engine.games import BOARDS, GAMES

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
RNG_SEED = 28  # the number: the random codes, lines and bytes below are the same every run


def layout_of(d: engine.Deal) -> dict[str, list[list[int]]]:
    """The layout as the kit gives it: no `seed` group (CONTRACT.md: Deal.seed carries it)."""
    return {k: v for k, v in d.layout.items() if k != "seed"}


def new_state(d: engine.Deal) -> Any:
    """The referee's dealt position, whether the rules take the seed as a group or as `seed=`."""
    rules = engine.rules_for(d.game)
    if "seed" in inspect.signature(rules.new_state).parameters:
        return rules.new_state(layout_of(d), d.options, seed=d.seed)
    return rules.new_state(d.layout, d.options)


# ---------------------------------------------------------------- a position as plain data


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(w.title() for w in rest)


def _plain(value: Any) -> Any:
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).hex()
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def state_doc(state: Any) -> dict[str, Any]:
    """A referee's position as plain data, whatever the game: every field of its state, named in
    camelCase (the kit's states carry the same fields), bytes as hex. Compared whole with the kit's
    state, it says more than the legal moves alone (clients/js/testing/helpers.js: stateDoc)."""
    names = getattr(state, "__slots__", None) or list(vars(state))
    return {_camel(n): _plain(getattr(state, n)) for n in names}


# ---------------------------------------------------------------- the files


def _deal_keys() -> list[str]:
    """Every deal key of every game and option combination (the registry's)."""
    keys = {g.deal_key(g.canonical(dict(zip([o.name for o in g.options], vals))))
            for g in GAMES.values() for vals in itertools.product(*[o.values for o in g.options])}  # fmt: skip
    return sorted(keys)


def method_vectors(rng: random.Random) -> dict[str, Any]:
    lengths = [0, 1, 3, 55, 111, 112, 127, 128, 129, 239, 240, 1000]
    msgs = [bytes(rng.randrange(256) for _ in range(n)) for n in lengths]
    seeds = [bytes(rng.randrange(256) for _ in range(64)) for _ in range(6)] + [bytes(64), bytes([255] * 64)]
    stream = method.Stream(method.numbered_seed("klondike", 1))
    return {
        "sha512": [{"hex": m.hex(), "digest": hashlib.sha512(m).hexdigest()} for m in msgs],
        "numbered_seeds": [
            {"key": k, "number": n, "seed": method.numbered_seed(k, n).hex()}
            for k, n in [("klondike", 1), ("klondike", 4711), ("freecell", 1)] + [(key, 1_000_000 - i) for i, key in enumerate(_deal_keys())]
        ],
        "below52": [stream.below(52) for _ in range(8)],
        "below": [{"seed": s.hex(), "n": n, "values": [st.below(n) for _ in range(20)]}
                  for s, n in zip(seeds, [1, 2, 3, 52, 104, 1000, 2**31 + 1, 2**32]) for st in [method.Stream(s)]],  # fmt: skip
        "redeal": [{"seed": s.hex(), "n": n, "cards": list(range(40)), "out": method.redeal(s, n, list(range(40)))}
                   for s, n in zip(seeds[:2], (1, 2))],  # fmt: skip
        "base32": [{"seed": s.hex(), "text": method.seed_to_text(s)} for s in seeds],
        "published": {
            "SOL1-klondike-draw=1;passes=unlimited;scoring=standard-N1": engine.deal("SOL1-klondike-N1").order,
            "SOL1-klondike-draw=3;passes=unlimited;scoring=standard-N4711": engine.deal("SOL1-klondike-draw=3-N4711").order,
            "SOL1-freecell-cells=4-N1": engine.deal("SOL1-freecell-N1").order,
            "SOL1-freecell-cells=4-C1": engine.deal("SOL1-freecell-C1").order,
        },
    }


def games_table() -> dict[str, Any]:
    games = []
    for g in GAMES.values():
        combos = [dict(zip([o.name for o in g.options], vals)) for vals in itertools.product(*[o.values for o in g.options])]
        games.append({
            "id": g.id, "label": g.label, "deck_size": g.deck_size, "classic": g.classic, "seeded": g.seeded,
            "options": [{"name": o.name, "values": list(o.values), "default": o.default, "solving": o.solving, "deals": o.deals}
                        for o in g.options],
            "combos": [{"options": dict(g.canonical(c)), "key": g.deal_key(g.canonical(c)), "deck": g.deck(g.canonical(c))}
                       for c in combos],
        })  # fmt: skip
    boards = [{"id": b.id, "game": b.game, "options": dict(b.options), "budget": b.budget, "label": b.label, "pooled": b.pooled}
              for b in BOARDS.values()]  # fmt: skip
    return {"games": games, "boards": boards}


BAD_CODES = [
    "", "SOL1", "SOL2-klondike-N1", "SOL1-solitaire-N1", "SOL1-klondike-draw=2-N1", "SOL1-klondike-draw-N1",
    "SOL1-klondike-draw=1;draw=3-N1", "SOL1-klondike-speed=1-N1", "SOL1-klondike-N0", "SOL1-klondike-N1000001",
    "SOL1-klondike-N01", "SOL1-klondike-N1x", "SOL1-klondike-N12345678901", "SOL1-klondike-X1", "SOL1-klondike-C1",
    "SOL1-freecell-C0", "SOL1-freecell-C2147483648", "SOL1-klondike-S", "SOL1-klondike-S" + "A" * 102 + "B",
    "SOL1-klondike-S" + "A" * 102 + "1", "SOL1-klondike-S" + "A" * 104, "SOL1-freecell-cells=0-N1",
    "SOL1-klondike-;;-N1x", "SOL1-klondike-=3-N1",
]
SPELLINGS = [
    "sol1-KLONDIKE-N4711", " SOL1-klondike-draw=3-N4711 ", "SOL1-klondike-scoring=standard;draw=3-N1", "SOL1-klondike--N7",
    "SOL1-freecell-c1", "SOL1-klondike-Saaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
]


def _registry_codes() -> tuple[list[str], list[str], list[str]]:
    """(bad codes, spellings, codes of derived boards) of every game, made from the registry."""
    bad, spelled, derived = [], [], []
    for g in GAMES.values():
        bad += [f"SOL1-{g.id}-nosuch=1-N1"] + [f"SOL1-{g.id}-{o.name}=zz-N1" for o in g.options]
        opts = ";".join(f"{o.name.upper()}={o.values[-1].upper()}" for o in reversed(g.options))
        spelled += [f"sol1-{g.id.upper()}-n3", f"SOL1-{g.id}-{opts}-N9", f"SOL1-{g.id}--N5"]
    for b in BOARDS.values():
        for name, value in b.options:
            other = next((v for v in engine.game(b.game).option(name).values if v != value), None)
            if other is not None:
                opts = ";".join(f"{n}={other if n == name else v}" for n, v in b.options)
                derived.append(f"SOL1-{b.game}-{opts}-N3")
    return bad, spelled, derived


def codes_table() -> dict[str, Any]:
    more_bad, more_spelled, derived = _registry_codes()
    bad = []
    for text in BAD_CODES + more_bad:
        try:
            engine.deal(text)
        except engine.BadInput as e:
            bad.append({"code": text, "error": str(e)})
        else:
            raise AssertionError(f"{text!r} deals")
    spelled = [{"code": t, "canonical": engine.canonical_code(t)} for t in SPELLINGS + more_spelled]
    board_for = []
    for c in derived:
        b = engine.board_for(c)
        board_for.append({"code": c, "board": {"id": b.id, "game": b.game, "options": dict(b.options), "budget": b.budget,
                                               "label": b.label, "pooled": b.pooled}})  # fmt: skip
    return {"bad": bad, "spellings": spelled, "board_for": board_for}


def deals_table(rng: random.Random) -> list[dict[str, Any]]:
    out = []

    def add(code: str) -> None:
        d = engine.deal(code)
        out.append({"code": code, "canonical": d.code, "kind": d.kind, "number": d.number,
                    "seed": None if d.seed is None else d.seed.hex(), "order": d.order, "layout": layout_of(d)})  # fmt: skip

    for g in GAMES.values():
        for vals in itertools.product(*[o.values for o in g.options]):
            opts = ";".join(f"{o.name}={v}" for o, v in zip(g.options, vals))
            head = f"SOL1-{g.id}" + (f"-{opts}" if opts else "")
            for n in (1, 4711, 1_000_000, rng.randint(1, 1_000_000)):
                add(f"{head}-N{n}")
            add(f"{head}-S{method.seed_to_text(bytes(rng.randrange(256) for _ in range(64)))}")
            if g.classic:
                for n in (1, 617, 11982, 2**31 - 1, rng.randint(1, 2**31 - 1)):
                    add(f"{head}-C{n}")
    return out


def _shape(move: str) -> str:
    return "".join("#" if c.isdigit() else c for c in move)


def won_line(board: engine.Board) -> tuple[str, list[str]]:
    """A won deal of the board among its first numbers: the line with the most kinds of move (digits
    aside), so redeals, draws and moves back from a foundation are in it where the game has them."""
    best: tuple[int, str, list[str]] | None = None
    won = 0
    for n in range(1, 40):
        code = engine.board_code(board.id, n)
        r = engine.solve(code, budget=min(board.budget, 300_000))
        if r.verdict != "won":
            continue
        kinds = len({_shape(m) for m in r.line})
        if best is None or kinds > best[0]:
            best = (kinds, code, list(r.line))
        won += 1
        if won == 8:
            break
    assert best, board.id
    return best[1], best[2]


# Tokens of every game's notation, probed on every board (another game's token is no move here).
PROBES = sorted({
    "7>1", "1:3>2", "1:1>2", "1:02>3", "fS>1", "w>f", "w>1", "r", "d", "1>f", "1:2>f", "8>1", "x", "",
    "3h", "ah", "a1", "1a", "11", "12v5", "1e", "9h", "36v1", "h1", "1h2", "x>f", "5>1", "x>5", "f>1",
    "p1", "p28", "p29", "p01", "q3", "p", "p22+p23", "s+w", "w", "p1+p1", "p1+p2+p3", "p0", "1>2",
    "1:13>2", "10>1", "11>1", "19>1", "1>1", "0>1", "2S>1", "2S>5", "AS", "3H", "10H", "TH", "2S", "KH>1",
})  # fmt: skip


def replay_doc(code: str, line: list[Any]) -> dict[str, Any]:
    r = engine.replay(code, line)
    return {"code": code, "line": line, "ok": r.ok, "moves": r.moves, "kept": r.kept, "undos": r.undos, "error": r.error, "at": r.at}


def lines_table(rng: random.Random) -> dict[str, Any]:
    boards = []
    refusals = []
    undo_lines = []
    for b in BOARDS.values():
        code, line = won_line(b)
        d = engine.deal(code)
        rules = engine.rules_for(d.game)
        state = new_state(d)
        legal, states = [], {}
        marks = {0, len(line) // 3, len(line) // 2, len(line)}
        for k, move in enumerate(line + [None]):
            legal.append(rules.legal_moves(state))
            if k in marks:
                states[str(k)] = json.loads(json.dumps(state_doc(state)))
            if move is not None:
                rules.play(state, move)
        assert rules.is_won(state)
        boards.append({"board": b.id, "code": code, "line": line, "legal": legal, "states": states})
        # the same line with undos: take back 1 or 3 and play them again
        k = rng.randrange(3, len(line) - 3)
        undo_lines.append(replay_doc(code, line[:k] + ["u"] + line[k - 1 : k] + line[k:]))
        undo_lines.append(replay_doc(code, line[:k] + ["u3"] + line[k - 3 :]))
        undo_lines.append(replay_doc(code, line[:k] + ["u2", "u1"] + line[k - 3 :]))
        # refusals: probe tokens where they are illegal, after the win, too many undos, too long, not won
        for token in rng.sample(PROBES, 14):
            at = rng.randrange(0, len(line))
            refusals.append(replay_doc(code, line[:at] + [token]))
        refusals.append(replay_doc(code, line + [line[-1]]))
        refusals.append(replay_doc(code, ["u"] + line))
        refusals.append(replay_doc(code, line[:5] + ["u6"]))
        refusals.append(replay_doc(code, line[:2] + ["x" * 40]))
        refusals.append(replay_doc(code, line[:-1]))
    return {"boards": boards, "undos": undo_lines, "refusals": refusals}


SEEDS = [["abc"], ["server-seed-1", "alice", "bob"], ["9f8e7d", "bob", "carol", "dave"], ["Straße ♠", "日本語"]]


def fair_table(rng: random.Random) -> dict[str, Any]:
    lengths = [0, 1, 3, 47, 48, 71, 103, 104, 105, 135, 136, 137, 208, 300]
    msgs = [bytes(rng.randrange(256) for _ in range(n)) for n in lengths]
    items = [f"item-{i}" for i in range(37)]
    return {
        "sha3_384": [{"hex": m.hex(), "digest": hashlib.sha3_384(m).hexdigest()} for m in msgs],
        "seeds": [{
            "seeds": s,
            "commitment": fair.commitment(s[0]),
            "draws": fair.draws(s, 20),
            "words": [fair.word(fair.seed_bytes(s), k) for k in range(20)],
            "below": {str(n): fair.below(s, n) for n in (1, 2, 3, 52, 1000, 2**31 + 1, 2**32)},
            "sample": fair.sample(s, 1_000_000, 12),
            "sample_all": fair.sample(s, 10, 10),
            "pick": fair.pick(s, items),
        } for s in SEEDS],  # fmt: skip
        "items": items,
        "shoes": [{"seeds": s, "positions": fair.shuffle(s, 416), "cards": fair.shoe(s)} for s in SEEDS[:2]],
    }


def zstd_table(rng: random.Random) -> list[dict[str, Any]]:
    """pyarrow's zstd at several levels over text, repeats and noise (the kit's decompressor's test)."""
    import pyarrow as pa

    words = ["d", "w>f", "1>2", "SOL1-klondike-N", "r", "10:3>4", "p22+p23"]
    inputs = [
        b"",
        b"a",
        " ".join(rng.choice(words) for _ in range(3000)).encode(),
        bytes(rng.randrange(256) for _ in range(2000)),
        bytes(rng.choice(b"ab") for _ in range(5000)),
        b"\0" * 70000,
    ]
    out = []
    for data in inputs:
        for level in (1, 3, 19):
            comp = pa.Codec("zstd", compression_level=level).compress(data, asbytes=True)
            out.append({"level": level, "zst": comp.hex(), "size": len(data), "sha256": hashlib.sha256(data).hexdigest()})
    return out


def make_pool(out: Path) -> None:
    """A small signed export with a committed, revealed sample, made by the CLI as an operator would."""
    dealpool = [str(Path(sys.executable).with_name("dealpool"))]
    with tempfile.TemporaryDirectory() as tmp:
        data, key = Path(tmp) / "data", Path(tmp) / "keys" / "op"

        def run(*args: str) -> str:
            r = subprocess.run(dealpool + ["--data", str(data), *args], capture_output=True, text=True, check=True)
            return r.stdout

        boards = ",".join(BOARDS)
        run("build", "--boards", boards, "--numbers", "1-2", "--budget", "300000", "--workers", "1", "--quiet")
        run("keygen", str(key))
        run("fair", "commit")
        run("sample", "--boards", "klondike-1,freecell", "--committed", "--client-seed", "alice", "--client-seed", "bob", "--random", "5")
        run("solve", "--budget", "3000", "--workers", "1", "--quiet")
        run("export", "--sign", str(key))
        run("fair", "reveal")
        verified = subprocess.run(dealpool + ["verify", str(data / "pool"), "--key", f"{key}.pub"], capture_output=True, text=True, check=True)
        draws = []
        shipped = sorted(json.loads((data / "pool" / "manifest.json").read_text())["boards"])
        for board, client in (("klondike-1", "player-7"), (shipped[-1], "Straße ♠"), ("freecell", "x")):
            r = subprocess.run(dealpool + ["fair", "verify-draw", str(data / "pool"), "--board", board, "--client-seed", client],
                               capture_output=True, text=True, check=True)  # fmt: skip
            draws.append({"board": board, "client_seed": client, "printed": r.stdout.strip()})
        if out.exists():
            shutil.rmtree(out)
        shutil.copytree(data / "pool", out)
        shutil.copy(f"{key}.pub", out.parent / "pool.pub")
        (out.parent / "pool-draws.json").write_text(json.dumps(draws, indent=1, ensure_ascii=False) + "\n")
        (out.parent / "pool-verify.txt").write_text(verified.stdout.replace(str(data / "pool"), "POOL").replace(f"{key}.pub", "KEY"))


def write(name: str, doc: Any) -> None:
    (HERE / name).write_text(json.dumps(doc, separators=(",", ":"), ensure_ascii=False) + "\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pool", action="store_true", help="also rebuild pool/ (a new key and server seed)")
    args = ap.parse_args(argv)
    rng = random.Random(RNG_SEED)
    write("method.json", method_vectors(rng))
    write("games.json", games_table())
    write("codes.json", codes_table())
    write("deals.json", deals_table(rng))
    write("lines.json", lines_table(rng))
    write("fair.json", fair_table(rng))
    write("zstd.json", zstd_table(rng))
    if args.pool or not (HERE / "pool").exists():
        make_pool(HERE / "pool")
    total = sum(p.stat().st_size for p in HERE.rglob("*") if p.is_file())
    print(f"golden-js: {HERE.relative_to(ROOT)}: {total:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
