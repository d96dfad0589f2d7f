"""Provably fair draws (seed 002): a commit-reveal scheme anyone can re-run after the reveal.

The operator publishes `commitment(server_seed)` (SHA-256) before it sees the clients' seeds; every
draw is a function of the server seed and the client seeds only, so once the seed is revealed
anyone can re-hash it and re-run the draws. The published algorithm, bit for bit:

    inputs  = server_seed, client_seed_1, ...     each as UTF-8 bytes, concatenated
    digest  = SHA3-384(inputs ++ k as 4-byte big-endian)
    block   = AES-256-CTR(key=digest[0:32], counter=digest[32:48]) keystream, first 16 bytes
    acc     = XOR of the block's four little-endian uint32
    r[k]    = 0.5 + int32(acc) / 0xFFFFFFFF

`r[k]` lies in [-1.2e-10, 1): acc = 0x80000000 gives 0.5 - 2^31/(2^32-1), a hair below 0, which
trunc() still maps to index 0 (trunc rounds toward zero), so the shuffle below needs no special case.

The shoe (`shuffle`) is the published Fisher-Yates over n positions consuming r[0], r[1], ...
(`j = trunc(r * (i + 1))`), exactly as published, float and all. Where dealpool itself picks an
index (a committed sample, a player's draw) it uses `below`: the same stream's 32-bit words `acc`
with rejection, which is exactly uniform, where trunc(r * n) would favour some indices by up to
n / 2^32. No crypto is written here: SHA-256 and SHA3-384 are hashlib's, AES is `cryptography`'s.
"""

from __future__ import annotations

import hashlib
import math
from typing import Iterator, Sequence

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from engine.errors import BadInput

SCHEME = "dealpool-fair/1"
"""The name of this scheme and of the draw methods built on it (shipped in the files it writes)."""
DIVISOR = 0xFFFFFFFF
SHOE_DECKS = 8
SHOE_SUITS = "CDHS"
SHOE_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
FRESH_SHOE: tuple[str, ...] = tuple(r + s for _ in range(SHOE_DECKS) for s in SHOE_SUITS for r in SHOE_RANKS)
"""Our reading of the seed's fresh shoe "AC,KC,QC,…" (416 cards): eight 52-card decks one after the
other, each clubs, diamonds, hearts, spades, each suit ace first then king down to two. The seed
gives only the first three cards; `dealpool fair shoe --positions` prints the shuffle as positions
0..415 of the fresh shoe, which needs no reading of it."""

__all__ = [
    "SCHEME", "FRESH_SHOE", "seed_bytes", "commitment", "check_commitment", "word", "draw", "draws",
    "shuffle", "shoe", "below", "sample", "pick",
]  # fmt: skip


def seed_bytes(seeds: Sequence[str], what: str = "seed") -> bytes:
    """The scheme's input: the seeds (server seed first) as UTF-8, concatenated. An empty seed or one that is not
    UTF-8 text (e.g. undecodable bytes on a command line) is BadInput: it would hide in the mix."""
    if not seeds:
        raise BadInput(f"no {what}s given; give at least the server seed")
    out = []
    for i, s in enumerate(seeds):
        # the scheme's own order names them: the server seed first, then the client seeds
        label = ("server seed" if i == 0 else f"client seed {i}") if what == "seed" else f"{what} {i + 1}"
        if not isinstance(s, str) or not s:
            raise BadInput(f"{label} is empty; a seed is any non-empty UTF-8 text")
        try:
            out.append(s.encode("utf-8"))
        except UnicodeEncodeError:
            raise BadInput(f"{label} is not valid UTF-8 text; a seed is any non-empty UTF-8 text") from None
    return b"".join(out)


def commitment(server_seed: str) -> str:
    """SHA-256 of the server seed's UTF-8 bytes, hex: what the operator publishes before play."""
    return hashlib.sha256(seed_bytes([server_seed], "server seed")).hexdigest()


def check_commitment(server_seed: str, published: str) -> None:
    """BadInput unless the revealed seed hashes to the published commitment."""
    got = commitment(server_seed)
    if got != published.strip().lower():
        raise BadInput(f"the revealed server seed hashes to {got}, not to the commitment {published}")


def word(inputs: bytes, k: int) -> int:
    """acc of draw k: the 32-bit word r[k] is made from (0 <= k < 2^32)."""
    digest = hashlib.sha3_384(inputs + k.to_bytes(4, "big")).digest()
    enc = Cipher(algorithms.AES(digest[:32]), modes.CTR(digest[32:48])).encryptor()
    block = enc.update(bytes(16))  # the keystream: CTR encrypts zeros to the keystream itself
    acc = 0
    for i in range(0, 16, 4):
        acc ^= int.from_bytes(block[i : i + 4], "little")
    return acc


def _float(acc: int) -> float:
    signed = acc - (1 << 32) if acc >= 1 << 31 else acc
    return 0.5 + signed / DIVISOR


def draw(seeds: Sequence[str], k: int) -> float:
    """r[k] of the seeds (server seed first)."""
    return _float(word(seed_bytes(seeds), k))


def draws(seeds: Sequence[str], count: int) -> list[float]:
    """r[0] .. r[count-1]."""
    inputs = seed_bytes(seeds)
    return [_float(word(inputs, k)) for k in range(count)]


def shuffle(seeds: Sequence[str], n: int) -> list[int]:
    """The published Fisher-Yates over positions 0..n-1: for i = n-1 down to 1,
    j = trunc(r[k++] * (i + 1)), swap. Returns the final array (index 0 first), which is the
    shoe as fresh-shoe positions; it consumes r[0] .. r[n-2]."""
    if n < 1:
        raise BadInput(f"cannot shuffle {n} positions; give at least 1")
    inputs = seed_bytes(seeds)
    deck = list(range(n))
    k = 0
    for i in range(n - 1, 0, -1):
        j = math.trunc(_float(word(inputs, k)) * (i + 1))
        k += 1
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def shoe(seeds: Sequence[str]) -> list[str]:
    """The 8-deck shoe after the shuffle, top (index 0) first, in our reading of the fresh order."""
    return [FRESH_SHOE[p] for p in shuffle(seeds, len(FRESH_SHOE))]


def _words(inputs: bytes) -> Iterator[int]:
    k = 0
    while True:
        yield word(inputs, k)
        k += 1


def _below(words: Iterator[int], n: int) -> int:
    """Uniform in 0..n-1 (1 <= n <= 2^32) by rejection: accept a word below the largest multiple of
    n that fits in 32 bits, then take it modulo n; every index then has the same number of words."""
    if not 1 <= n <= 1 << 32:
        raise BadInput(f"cannot draw below {n}; accepted: 1..2^32")
    limit = (1 << 32) - (1 << 32) % n
    for w in words:
        if w < limit:
            return w % n
    raise AssertionError("unreachable: the word stream is endless")


def below(seeds: Sequence[str], n: int) -> int:
    """One unbiased index in 0..n-1 from the seeds' draw stream (words from k = 0 on)."""
    return _below(_words(seed_bytes(seeds)), n)


def sample(seeds: Sequence[str], population: int, count: int) -> list[int]:
    """`count` distinct indices of 0..population-1, in draw order: the published Fisher-Yates run for
    its first `count` steps only (i = population-1 down, taking position i after each swap), each j
    drawn by the unbiased `below(i + 1)`. Sparse, so a population of millions costs only `count`."""
    if not 1 <= count <= population:
        raise BadInput(f"cannot sample {count} of {population}; accepted: 1..{population}")
    words = _words(seed_bytes(seeds))
    moved: dict[int, int] = {}
    out = []
    for i in range(population - 1, population - 1 - count, -1):
        j = _below(words, i + 1)
        vi, vj = moved.get(i, i), moved.get(j, j)
        moved[i], moved[j] = vj, vi
        out.append(vj)
    return out


def pick(seeds: Sequence[str], items: Sequence[str]) -> str:
    """The item a client's draw selects: `items[below(len(items))]`; BadInput on an empty list."""
    if not items:
        raise BadInput("cannot draw from an empty pool; export a pool with won deals first")
    return items[below(seeds, len(items))]
