"""Provably fair draws (issue 17, seed 002): the primitive against an independent re-derivation
from the seed's text, the committed sample end to end, each tampering caught, bad input refused."""

from __future__ import annotations

import hashlib
import json
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pipeline_fake import FakeSolver  # noqa: E402
from pipeline_helpers import env, run  # noqa: E402

import engine  # noqa: E402
from engine import fair  # noqa: E402

# ---- an independent re-derivation, written from seed 002's text --------------------------------
# "digest = SHA3-384(concat(inputs) ++ k as 4-byte big-endian); key = digest[0..31];
#  counter = digest[32..47]; block = AES-256-CTR(key, counter) keystream, 16 bytes;
#  acc = XOR of the four little-endian uint32 chunks of block; r[k] = 0.5 + int32(acc) / 0xFFFFFFFF"
# The first CTR keystream block is AES(key, counter) itself, so this uses AES in ECB mode on the
# counter block (another path through the library than engine/fair.py's CTR mode).


def ref_r(seeds: list[str], k: int) -> float:
    digest = hashlib.sha3_384("".join(seeds).encode("utf-8") + struct.pack(">I", k)).digest()
    enc = Cipher(algorithms.AES(digest[0:32]), modes.ECB()).encryptor()
    block = enc.update(digest[32:48]) + enc.finalize()
    a, b, c, d = struct.unpack("<4I", block)
    (acc,) = struct.unpack("<i", struct.pack("<I", a ^ b ^ c ^ d))
    return 0.5 + acc / 0xFFFFFFFF


def ref_shoe_positions(seeds: list[str]) -> list[int]:
    """'for i = 415 down to 1: j = trunc(r[k++] * (i + 1)); swap(deck[i], deck[j])'."""
    deck = list(range(416))
    k = 0
    for i in range(415, 0, -1):
        j = int(ref_r(seeds, k) * (i + 1))  # int() truncates toward zero
        k += 1
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def ref_fresh_shoe() -> list[str]:
    """docs/fair.md's reading of "AC,KC,QC,…": 8 decks of C, D, H, S, each A K Q J 10 9 .. 2."""
    ranks = ["A", "K", "Q", "J"] + [str(n) for n in range(10, 1, -1)]
    return [r + s for _ in range(8) for s in "CDHS" for r in ranks]


SEEDS = [
    ["abc"],
    ["server-seed-1", "alice"],
    ["9f8e7d", "bob", "carol", "dave"],
    ["Straße ♠", "日本語"],
]


@pytest.mark.parametrize("seeds", SEEDS)
def test_draws_match_the_published_algorithm(seeds):
    assert fair.draws(seeds, 415) == [ref_r(seeds, k) for k in range(415)]


@pytest.mark.parametrize("seeds", SEEDS)
def test_shoe_matches_the_published_fisher_yates(seeds):
    want = ref_shoe_positions(seeds)
    assert fair.shuffle(seeds, 416) == want
    fresh = ref_fresh_shoe()
    assert fair.shoe(seeds) == [fresh[p] for p in want]


def test_shoe_command_prints_commitment_and_shoe(capsys):
    seeds = ["server-seed-1", "alice", "bob"]
    code, out, err = run(capsys, "fair", "shoe", *seeds)
    assert code == 0, err
    head, cards = out.splitlines()
    assert head == "commitment " + hashlib.sha256(b"server-seed-1").hexdigest()
    fresh = ref_fresh_shoe()
    assert cards.split(",") == [fresh[p] for p in ref_shoe_positions(seeds)]
    code, out, err = run(capsys, "fair", "shoe", "--positions", *seeds)
    assert code == 0, err
    assert [int(p) for p in out.splitlines()[1].split(",")] == ref_shoe_positions(seeds)


def test_commitment_is_sha256_of_the_utf8_seed():
    assert fair.commitment("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"  # FIPS 180-2
    with pytest.raises(engine.BadInput, match="hashes to"):
        fair.check_commitment("abd", fair.commitment("abc"))


def test_seeds_are_concatenated_so_the_split_does_not_matter():
    # the published scheme concatenates the inputs: a property of the scheme, stated in docs/fair.md
    assert fair.draws(["ab", "c"], 3) == fair.draws(["a", "bc"], 3)


def test_the_one_negative_draw_still_gives_index_zero():
    r = fair._float(0x80000000)
    assert -1.2e-10 < r < 0 and int(r * 416) == 0
    assert fair._float(0x7FFFFFFF) < 1


def test_below_rejects_the_words_that_would_bias_it():
    n = 3
    limit = (1 << 32) - (1 << 32) % n  # 4294967295: the one word 0xFFFFFFFF must be rejected
    assert fair._below(iter([limit, 7]), n) == 7 % n
    assert fair._below(iter([limit - 1]), n) == (limit - 1) % n
    assert fair._below(iter([0xFFFFFFFF, 3 << 30, 5]), 3 << 30) == 5  # limit = n: a quarter of words refused
    assert fair._below(iter([0xFFFFFFFF]), 1 << 31) == (1 << 31) - 1  # a power of two refuses nothing


@settings(max_examples=30, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=8), min_size=1, max_size=3), st.integers(1, 60))
def test_shuffle_conserves_positions_and_sample_is_distinct(seeds, n):
    assert sorted(fair.shuffle(seeds, n)) == list(range(n))
    s = fair.sample(seeds, 1000, n)
    assert len(set(s)) == n and all(0 <= x < 1000 for x in s)
    # a sample of the whole population is a permutation of it
    assert sorted(fair.sample(seeds, n, n)) == list(range(n))


def test_sample_is_the_fisher_yates_prefix_with_unbiased_indices():
    seeds = ["s", "c"]
    # independent: the dense Fisher-Yates from the top, j by rejection on the same words
    words = iter(fair.word(b"sc", k) for k in range(10_000))
    pop, deck, out = 50, list(range(50)), []
    for i in range(pop - 1, pop - 11, -1):
        lim = (1 << 32) - (1 << 32) % (i + 1)
        w = next(words)
        while w >= lim:
            w = next(words)
        j = w % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
        out.append(deck[i])
    assert fair.sample(seeds, pop, 10) == out


# ---- the committed sample, end to end ----------------------------------------------------------

BOARD = "klondike-1"


def _ok(capsys, *argv, solver=None):
    code, out, err = run(capsys, *argv, solver=solver)
    assert code == 0, err
    return out


def _committed_export(capsys, data: Path, solver=None, count: str = "12", budget: str = "3000") -> tuple[str, Path]:
    d = ("--data", str(data))
    c = _ok(capsys, *d, "fair", "commit").split()[1]
    _ok(capsys, *d, "sample", "--boards", BOARD, "--committed", "--client-seed", "alice", "--client-seed", "bob",
        "--random", count, solver=solver)  # fmt: skip
    _ok(capsys, *d, "solve", "--budget", budget, "--workers", "1", "--quiet", solver=solver)
    _ok(capsys, *d, "export", solver=solver)
    pool = data / "pool"
    assert not list(pool.glob("reveal-*.json"))
    return c, pool


def test_commit_sample_solve_export_reveal_verify_on_the_engine(capsys, tmp_path):
    data = tmp_path / "data"
    c, pool = _committed_export(capsys, data, count="6")
    seed = (data / "fair" / "secret" / c).read_text()
    assert fair.commitment(seed) == c
    assert (data / "fair" / "secret" / c).stat().st_mode & 0o077 == 0
    # before the reveal the export holds no seed, and verify says the sample waits for it
    assert seed not in "".join(p.read_text(errors="replace") for p in pool.iterdir())
    out = _ok(capsys, "verify", str(pool))
    assert "not revealed yet" in out

    # the sample is the Fisher-Yates prefix over numbered deals 1..1,000,000 of the revealed seeds
    shipped = json.loads((pool / "sample.json").read_text())
    numbers = [n + 1 for n in fair.sample([seed, "alice", "bob"], 1_000_000, 6)]
    assert [d["number"] for d in shipped["boards"][BOARD]["deals"]] == numbers
    assert [d["code"] for d in shipped["boards"][BOARD]["deals"]] == [engine.board_code(BOARD, n) for n in numbers]
    assert all(d["verdict"] in ("won", "lost", "unknown") for d in shipped["boards"][BOARD]["deals"])

    out = _ok(capsys, "--data", str(data), "fair", "reveal")
    assert seed in out and not (data / "fair" / "secret" / c).exists()
    rev = json.loads((pool / f"reveal-{c}.json").read_text())
    assert rev["server_seed"] == seed and rev["commitment"] == c and rev["client_seeds"] == ["alice", "bob"]
    out = _ok(capsys, "verify", str(pool))
    assert out.startswith("verify: OK") and "re-derived from the revealed seed: 6 deals of each of klondike-1" in out
    from pipeline import fair as pipeline_fair

    assert pipeline_fair.export_names(pool) == ({"sample.json"}, {f"reveal-{c}.json"})
    assert "sample.json" in json.loads((pool / "manifest.json").read_text())["files"]


FIXED_SEED = "a fixed server seed, so the fake's verdicts are the same on every run"


@pytest.fixture
def revealed(capsys, tmp_path, monkeypatch) -> tuple[Path, Path]:
    """A committed sample solved by the fake (won, lost and unknown verdicts), exported, revealed."""
    monkeypatch.setattr("secrets.token_hex", lambda n: FIXED_SEED)  # the test's one stand-in for `secrets`
    data = tmp_path / "data"
    _committed_export(capsys, data, solver=FakeSolver())
    _ok(capsys, "--data", str(data), "fair", "reveal")
    pool = data / "pool"
    out = _ok(capsys, "verify", str(pool), solver=FakeSolver())
    counts = json.loads((pool / "sample.json").read_text())["boards"][BOARD]["counts"]
    assert counts["won"] and counts["lost"] and counts["unknown"], counts  # all three shipped
    assert f"won {counts['won']}, lost {counts['lost']}, unknown {counts['unknown']}" in out
    return data, pool


def _rewrite(pool: Path, name: str, edit) -> None:
    """Edit a JSON file of the export, re-hashing it in the manifest (so only the fair check can tell)."""
    p = pool / name
    doc = json.loads(p.read_text())
    edit(doc)
    p.write_text(json.dumps(doc))
    m = json.loads((pool / "manifest.json").read_text())
    if name in m["files"]:
        m["files"][name] = hashlib.sha256(p.read_bytes()).hexdigest()
        (pool / "manifest.json").write_text(json.dumps(m))


def _fails(capsys, pool: Path, says: str) -> None:
    code, out, err = run(capsys, "verify", str(pool), solver=FakeSolver())
    assert code == 1 and out == "", (out, err)
    assert err.startswith("dealpool: error: verify: FAILED") and err.count("\n") == 1 and says in err, err


def _reveal(pool: Path) -> str:
    (p,) = pool.glob("reveal-*.json")
    return p.name


def _deals(doc):
    return doc["boards"][BOARD]["deals"]


def test_a_changed_server_seed_fails_verify(capsys, revealed):
    _, pool = revealed
    _rewrite(pool, _reveal(pool), lambda d: d.update(server_seed=d["server_seed"] + "0"))
    _fails(capsys, pool, f"{_reveal(pool)}: the revealed server seed hashes to")


def test_a_changed_client_seed_fails_verify(capsys, revealed):
    _, pool = revealed
    _rewrite(pool, _reveal(pool), lambda d: d.update(client_seeds=["alice", "eve"]))
    _fails(capsys, pool, "client seeds ['alice', 'eve'] differ from the committed sample's ['alice', 'bob']")


def test_client_seeds_changed_everywhere_fail_verify(capsys, revealed):
    _, pool = revealed
    _rewrite(pool, _reveal(pool), lambda d: d.update(client_seeds=["alice", "eve"]))
    _rewrite(pool, "sample.json", lambda d: d.update(client_seeds=["alice", "eve"]))
    _fails(capsys, pool, f"{BOARD}: 12 deal(s) in sample.json are not in the committed sample (changed)")


def test_a_changed_sampled_deal_fails_verify(capsys, revealed):
    _, pool = revealed

    def swap(doc):
        _deals(doc)[3]["code"] = engine.board_code(BOARD, 999_999)

    _rewrite(pool, "sample.json", swap)
    _fails(capsys, pool, f"1 deal(s) in sample.json are not in the committed sample (changed), first {engine.board_code(BOARD, 999_999)}")


def test_a_dropped_verdict_fails_verify(capsys, revealed):
    _, pool = revealed
    gone = {}

    def drop(doc):
        lost = next(d for d in _deals(doc) if d["verdict"] == "lost")  # a lost deal is what a cheat drops
        gone["code"] = lost["code"]
        _deals(doc).remove(lost)

    _rewrite(pool, "sample.json", drop)
    _fails(capsys, pool, f"{BOARD}: 1 deal(s) of the committed sample have no verdict shipped (dropped), first {gone['code']}")


def test_a_relabelled_verdict_fails_verify(capsys, revealed):
    _, pool = revealed
    _rewrite(pool, "sample.json", lambda doc: next(d for d in _deals(doc) if d["verdict"] == "lost").update(verdict="won"))
    _fails(capsys, pool, "is shipped as won but is not in the pool with its line")


def test_an_unsolved_sampled_deal_fails_verify(capsys, tmp_path):
    data = tmp_path / "data"
    d = ("--data", str(data))
    _ok(capsys, *d, "fair", "commit")
    _ok(capsys, *d, "sample", "--boards", BOARD, "--committed", "--client-seed", "x", "--random", "3")
    _ok(capsys, *d, "export")
    _fails(capsys, data / "pool", "has no verdict shipped (None)")


def test_a_dropped_board_fails_verify(capsys, revealed):
    _, pool = revealed
    _rewrite(pool, "sample.json", lambda doc: doc.update(boards={}))
    _fails(capsys, pool, "the sampled boards ['klondike-1'] differ from sample.json's []")


def test_edited_counts_fail_verify(capsys, revealed):
    _, pool = revealed
    _rewrite(pool, "sample.json", lambda doc: doc["boards"][BOARD]["counts"].update(lost=0))
    _fails(capsys, pool, "the counts in sample.json differ from its deals' verdicts")


def test_sample_json_edited_without_rehash_fails_on_its_hash(capsys, revealed):
    _, pool = revealed
    p = pool / "sample.json"
    p.write_text(p.read_text().replace('"lost"', '"won"', 1))
    _fails(capsys, pool, "sample.json: SHA-256 differs from the manifest")


def test_a_committed_sample_resumes_and_cannot_be_swapped(capsys, tmp_path):
    data = tmp_path / "data"
    d = ("--data", str(data))
    _ok(capsys, *d, "fair", "commit")
    args = ("sample", "--boards", BOARD, "--committed", "--client-seed", "x", "--random", "4")
    assert _ok(capsys, *d, *args).strip() == f"sample: {BOARD} +4"
    assert _ok(capsys, *d, *args).strip() == f"sample: {BOARD} +0"  # re-run: nothing new, nothing lost
    code, _, err = run(capsys, *d, "sample", "--boards", BOARD, "--committed", "--client-seed", "y", "--random", "4")
    assert code == 2 and "already has a committed sample" in err and err.count("\n") == 1


# ---- player draws ------------------------------------------------------------------------------


def test_draw_then_verify_draw_after_the_reveal(capsys, tmp_path):
    data = tmp_path / "data"
    d = ("--data", str(data))
    _ok(capsys, *d, "sample", "--boards", BOARD, "--numbers", "1-30", solver=FakeSolver())
    _ok(capsys, *d, "solve", "--workers", "1", "--quiet", solver=FakeSolver())
    _ok(capsys, *d, "export")
    pool = data / "pool"
    out = _ok(capsys, *d, "fair", "commit", "--pool", str(pool))
    c = out.split()[1]
    assert out.splitlines()[1] == f"pool {BOARD} " + hashlib.sha256((pool / f"{BOARD}.json").read_bytes()).hexdigest()
    seed = (data / "fair" / "secret" / c).read_text()
    got = json.loads(_ok(capsys, *d, "fair", "draw", str(pool), "--client-seed", "player-7", "--json"))
    codes = [x["code"] for x in json.loads((pool / f"{BOARD}.json").read_text())["deals"]]
    # independently: the first accepted word of [seed, player seed] modulo the pool's size
    words = (fair.word((seed + "player-7").encode(), k) for k in range(100))
    lim = (1 << 32) - (1 << 32) % len(codes)
    assert got["code"] == codes[next(w for w in words if w < lim) % len(codes)]
    # the pool file is pinned by the commit
    p = pool / f"{BOARD}.json"
    doc = json.loads(p.read_text())
    doc["deals"] = doc["deals"][1:]
    backup = p.read_text()
    p.write_text(json.dumps(doc))
    code, _, err = run(capsys, *d, "fair", "draw", str(pool), "--client-seed", "p8")
    assert code == 2 and "is not the pool pinned under commitment" in err
    p.write_text(backup)

    code, _, err = run(capsys, "fair", "verify-draw", str(pool), "--client-seed", "player-7")
    assert code == 2 and "holds no reveal" in err  # nothing revealed yet
    _ok(capsys, *d, "fair", "reveal")
    out = _ok(capsys, "fair", "verify-draw", str(pool), "--client-seed", "player-7", "--code", got["code"])
    assert f"must have been {got['code']}" in out
    other = next(x for x in codes if x != got["code"])
    code, _, err = run(capsys, "fair", "verify-draw", str(pool), "--client-seed", "player-7", "--code", other)
    assert code == 1 and f"the draw gives {got['code']}" in err
    # a revealed seed that does not hash to the commitment is refused
    code, _, err = run(capsys, "fair", "verify-draw", str(pool), "--client-seed", "player-7",
                       "--server-seed", seed + "x", "--commitment", c)  # fmt: skip
    assert code == 2 and f"not to the commitment {c}" in err and err.count("\n") == 1
    # a new commit is allowed after the reveal
    _ok(capsys, *d, "fair", "commit")


def test_reveal_refuses_a_secret_that_does_not_match_its_commitment(capsys, tmp_path):
    data = tmp_path / "data"
    c = _ok(capsys, "--data", str(data), "fair", "commit").split()[1]
    (data / "fair" / "secret" / c).write_text("forged")
    (data / "pool").mkdir()
    code, _, err = run(capsys, "--data", str(data), "fair", "reveal")
    assert code == 2 and "hashes to" in err and err.count("\n") == 1


def test_reveal_waits_for_the_export_of_the_sample(capsys, tmp_path):
    data = tmp_path / "data"
    d = ("--data", str(data))
    _ok(capsys, *d, "fair", "commit")
    _ok(capsys, *d, "sample", "--boards", BOARD, "--committed", "--client-seed", "x", "--random", "2")
    code, _, err = run(capsys, *d, "fair", "reveal")
    assert code == 2 and "run `dealpool export` first" in err


# ---- bad input: one line, exit 2 ---------------------------------------------------------------


@pytest.mark.parametrize(
    "argv, says",
    [
        (["fair", "shoe", ""], "server seed is empty"),
        (["fair", "shoe", "s", "a", ""], "client seed 2 is empty"),
        (["fair", "shoe", "s", "\udcff"], "client seed 1 is not valid UTF-8"),
        (["fair", "draw", "nowhere", "--client-seed", "\udcff"], "client seed 1 is not valid UTF-8"),
        (["fair", "reveal"], "no committed server seed"),
        (["fair", "draw", "nowhere", "--client-seed", "p"], "no committed server seed"),
        (["sample", "--committed", "--client-seed", "x", "--random", "3"], "no committed server seed"),
        (["sample", "--committed", "--random", "3"], "at least one --client-seed"),
        (["sample", "--committed", "--client-seed", "", "--random", "3"], "client seed 1 is empty"),
        (["sample", "--client-seed", "x", "--numbers", "1-3"], "a committed sample is"),
    ],
)
def test_bad_input(capsys, tmp_path, argv, says):
    code, out, err = run(capsys, "--data", str(tmp_path / "d"), *argv)
    assert code == 2 and out == "", err
    assert err.startswith("dealpool: error: ") and err.count("\n") == 1 and says in err, err


def test_non_utf8_seed_on_the_command_line(tmp_path):
    cmd = [sys.executable, "-m", "pipeline", "fair", "shoe", b"seed\xff".decode("utf-8", "surrogateescape")]
    p = subprocess.run([a.encode("utf-8", "surrogateescape") for a in cmd], capture_output=True, env=env())
    assert p.returncode == 2, p.stderr
    assert p.stderr.decode() == "dealpool: error: server seed is not valid UTF-8 text; a seed is any non-empty UTF-8 text\n"


def test_second_commit_over_an_unrevealed_one(capsys, tmp_path):
    d = ("--data", str(tmp_path / "d"))
    c = _ok(capsys, *d, "fair", "commit").split()[1]
    code, out, err = run(capsys, *d, "fair", "commit")
    assert code == 2 and f"commitment {c} is not revealed yet" in err and err.count("\n") == 1


def test_draw_from_an_empty_pool(capsys, tmp_path):
    d = ("--data", str(tmp_path / "d"))
    _ok(capsys, *d, "fair", "commit")
    pool = tmp_path / "pool"
    pool.mkdir()
    (pool / "manifest.json").write_text(json.dumps({"format": "dealpool-pool/1", "boards": {}, "files": {}}))
    code, _, err = run(capsys, *d, "fair", "draw", str(pool), "--client-seed", "p")
    assert code == 2 and "cannot draw from an empty pool" in err and err.count("\n") == 1


def test_reveals_add_up_in_one_export(capsys, revealed, monkeypatch):
    data, pool = revealed
    d = ("--data", str(data))
    code, _, err = run(capsys, *d, "fair", "commit")  # the fixed seed again: a revealed seed is never reused
    assert code == 1 and "already used" in err
    monkeypatch.setattr("secrets.token_hex", lambda n: "another seed")
    c2 = _ok(capsys, *d, "fair", "commit", "--pool", str(pool)).split()[1]
    got = json.loads(_ok(capsys, *d, "fair", "draw", str(pool), "--client-seed", "p", "--json"))
    _ok(capsys, *d, "fair", "reveal")
    assert len(list(pool.glob("reveal-*.json"))) == 2
    assert _ok(capsys, "verify", str(pool), solver=FakeSolver()).startswith("verify: OK")  # the sample's reveal intact
    code, _, err = run(capsys, "fair", "verify-draw", str(pool), "--client-seed", "p")
    assert code == 2 and "2 reveals: give --commitment" in err
    out = _ok(capsys, "fair", "verify-draw", str(pool), "--client-seed", "p", "--commitment", c2, "--code", got["code"])
    assert f"must have been {got['code']}" in out


def test_unreadable_fair_files_are_findings_not_tracebacks(capsys, revealed):
    _, pool = revealed
    name = _reveal(pool)
    (pool / name).write_text("[" * 100_000 + "]" * 100_000)
    _fails(capsys, pool, f"{name}: not valid JSON (RecursionError)")
    (pool / "sample.json").write_text("{")
    _fails(capsys, pool, "sample.json: unreadable (JSONDecodeError")
