//! The complete search's exact key and its set, without a heap buffer a key: `Exact` holds the
//! key's bytes inline (`Spider::key_bytes`), and `ExactSet` stores each key once, its bytes in an
//! arena (a length byte, then the bytes; in chunks of 1 MiB, so it grows a chunk at a time, never
//! by doubling) and a slot of a 32-bit tag of its hash and its place in the arena. A stored key costs its length + 1 bytes and a slot of 8 (at most half the slots are
//! used) instead of a vector's 24-byte header, its buffer (the allocator's header, rounded up) and
//! the table's slot. Exact: a key is found only when its very bytes are in the arena.

use super::cards::COLS;
use crate::core::memory::{self, Charged};
use crate::core::seen::{SeenKey, SeenSet};
use std::hash::{Hash, Hasher};

/// Marks a column's top card in the key (cards are below 64): it ends the column.
pub(super) const TOP: u8 = 0x80;
/// The key's header of an empty column (the only column without a face-up card).
pub(super) const EMPTY: u8 = 0xF1;
/// Room for the longest key: the deals byte, a header a column, every card face up (and spare).
pub(super) const KEY_MAX: usize = 1 + 2 * COLS + 104 + 7;

/// A key's bytes inline: equal, and hashed, by its first `len` bytes only.
#[derive(Clone, Copy)]
pub struct Exact {
    pub(super) len: u8,
    pub(super) b: [u8; KEY_MAX],
}

impl Exact {
    pub fn bytes(&self) -> &[u8] {
        &self.b[..self.len as usize]
    }
}

impl PartialEq for Exact {
    fn eq(&self, o: &Self) -> bool {
        self.bytes() == o.bytes()
    }
}

impl Eq for Exact {}

impl Hash for Exact {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.bytes().hash(h)
    }
}

impl std::fmt::Debug for Exact {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.bytes().fmt(f)
    }
}

impl SeenKey for Exact {
    type Set = ExactSet;
}

/// The high and low halves of x × y (64 × 64 → 128 bits) folded together: how a word goes into a
/// hash here and in the narrow searches' 128-bit key hash.
#[inline]
pub(super) fn mum(x: u64, y: u64) -> u64 {
    let p = x as u128 * y as u128;
    (p as u64) ^ ((p >> 64) as u64)
}

/// murmur3's 64-bit finaliser: every bit of h reaches every bit of the result.
#[inline]
pub(super) fn fmix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    h ^= h >> 33;
    h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    h ^ (h >> 33)
}

/// A 64-bit hash of `b`: each 8-byte word (the last padded with zeros) folded in by a
/// 64 × 64 → 128-bit multiply, then murmur3's finaliser. Only where keys are stored changes with
/// it, never whether one is found.
fn hash64(b: &[u8]) -> u64 {
    let mut h = 0x243F_6A88_85A3_08D3u64 ^ b.len() as u64;
    for w in b.chunks(8) {
        let mut x = [0u8; 8];
        x[..w.len()].copy_from_slice(w);
        h = mum(h ^ u64::from_le_bytes(x), 0xA076_1D64_78BD_642F);
    }
    fmix(h)
}

/// The set of exact keys (see the module): open addressing by linear probing, at most half full;
/// a slot is 0 when empty, else the key's tag (the low 32 bits of its hash) and 1 + its place in
/// the arena. Its table and arena are charged to the memory meter, growth before it happens.
#[derive(Default)]
pub struct ExactSet {
    slots: Vec<u64>,
    /// The arena: chunks of `CHUNK` bytes' room; a key never straddles two.
    arena: Vec<Vec<u8>>,
    len: usize,
    /// log2 of the slot count (0 while empty).
    bits: u32,
    charged: Charged,
}

/// Slots of a new table at least.
const MIN_BITS: u32 = 10;

/// log2 of an arena chunk's bytes: a place is its chunk's index and the offset in it.
const CHUNK_BITS: u32 = 20;
const CHUNK: usize = 1 << CHUNK_BITS;

impl ExactSet {
    fn key_at(&self, slot: u64) -> &[u8] {
        let at = (slot as u32 - 1) as usize;
        let chunk = &self.arena[at >> CHUNK_BITS];
        let at = at & (CHUNK - 1);
        &chunk[at + 1..at + 1 + chunk[at] as usize]
    }

    /// The slot holding `k` (and true), or the empty slot where it would go.
    fn find(&self, k: &[u8], h: u64) -> (usize, bool) {
        let mask = self.slots.len() - 1;
        let tag = h & 0xFFFF_FFFF;
        let mut i = (h >> (64 - self.bits)) as usize;
        loop {
            let s = self.slots[i];
            if s == 0 {
                return (i, false);
            }
            if s >> 32 == tag && self.key_at(s) == k {
                return (i, true);
            }
            i = (i + 1) & mask;
        }
    }

    fn recharge(&mut self) {
        // every chunk has room for exactly CHUNK bytes (`arena_room`)
        let chunks = (self.arena.len() << CHUNK_BITS) as u64;
        self.charged.set(memory::vec_bytes(&self.slots) + memory::vec_bytes(&self.arena) + chunks);
    }

    /// Twice the slots (at least 2^MIN_BITS), the new table charged first unless `anyway`.
    fn grow(&mut self, anyway: bool) -> bool {
        let bits = (self.bits + 1).max(MIN_BITS);
        let bytes = (8u64) << bits;
        if !anyway {
            if !memory::charge(bytes) {
                return false;
            }
            memory::release(bytes);
        }
        let mut new: Vec<u64> = Vec::new();
        if new.try_reserve_exact(1 << bits).is_err() {
            memory::fail();
            return false;
        }
        new.resize(1 << bits, 0);
        let old = std::mem::replace(&mut self.slots, new);
        self.bits = bits;
        for &s in old.iter().filter(|&&s| s != 0) {
            let h = hash64(self.key_at(s));
            let (i, _) = self.find(self.key_at(s), h);
            self.slots[i] = s;
        }
        drop(old);
        self.recharge();
        true
    }

    /// Room in the arena for one more key, charged first: a new chunk when the last one is
    /// short of a longest key. False when the cap or the allocator refuses, or when the places
    /// would outgrow the slots' 32 bits.
    fn arena_room(&mut self) -> bool {
        if self.arena.last().is_some_and(|c| c.len() + 1 + KEY_MAX <= CHUNK) {
            return true;
        }
        if (self.arena.len() + 1) << CHUNK_BITS >= u32::MAX as usize {
            memory::fail();
            return false;
        }
        let more = CHUNK as u64 + 64;
        if !memory::charge(more) {
            return false;
        }
        memory::release(more);
        let mut c: Vec<u8> = Vec::new();
        if c.try_reserve_exact(CHUNK).is_err() || c.capacity() != CHUNK || self.arena.try_reserve(1).is_err() {
            memory::fail();
            return false;
        }
        self.arena.push(c);
        self.recharge();
        true
    }
}

impl SeenSet<Exact> for ExactSet {
    fn contains(&self, k: &Exact) -> bool {
        self.len > 0 && self.find(k.bytes(), hash64(k.bytes())).1
    }
    fn insert(&mut self, k: Exact) {
        self.insert_new(k);
    }
    fn insert_new(&mut self, k: Exact) -> bool {
        if !self.reserve_one() {
            // only a caller that did not ask gets here: grow whatever the cap
            if 2 * (self.len + 1) > self.slots.len() {
                self.grow(true);
            }
            if !self.arena.last().is_some_and(|c| c.len() + 1 + KEY_MAX <= CHUNK) {
                let mut c = Vec::new();
                c.reserve_exact(CHUNK);
                self.arena.push(c);
            }
            self.recharge();
        }
        let h = hash64(k.bytes());
        let (i, found) = self.find(k.bytes(), h);
        if found {
            return false;
        }
        let n = self.arena.len() - 1;
        let chunk = &mut self.arena[n];
        let at = (n << CHUNK_BITS) | chunk.len();
        chunk.push(k.len);
        chunk.extend_from_slice(k.bytes());
        self.slots[i] = (h & 0xFFFF_FFFF) << 32 | (at as u64 + 1);
        self.len += 1;
        true
    }
    fn len(&self) -> usize {
        self.len
    }
    fn reserve_one(&mut self) -> bool {
        (2 * (self.len + 1) <= self.slots.len() || self.grow(false)) && self.arena_room()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::xorshift;

    fn exact(bytes: &[u8]) -> Exact {
        let mut k = Exact { len: bytes.len() as u8, b: [0; KEY_MAX] };
        k.b[..bytes.len()].copy_from_slice(bytes);
        k
    }

    #[test]
    fn finds_exactly_what_a_hash_set_of_the_bytes_finds() {
        // many short keys over few byte values (prefixes of one another, duplicates), through
        // several growths, against std's set
        let mut x = 7u64;
        let mut rnd = move |n: u64| xorshift(&mut x) % n;
        let mut set = ExactSet::default();
        let mut std_set = std::collections::HashSet::new();
        for _ in 0..60_000 {
            let n = rnd(12) as usize + if rnd(3) == 0 { 100 + rnd(20) as usize } else { 0 };
            let v: Vec<u8> = (0..n).map(|_| rnd(4) as u8).collect();
            let k = exact(&v);
            assert_eq!(set.contains(&k), std_set.contains(&v), "{v:?}");
            if rnd(2) == 0 {
                assert!(set.reserve_one());
                assert_eq!(set.insert_new(k), std_set.insert(v));
            }
            assert_eq!(set.len(), std_set.len());
        }
        assert!(std_set.len() > 10_000);
        assert!(set.arena.len() > 1, "keys in more than one chunk");
        for v in &std_set {
            assert!(set.contains(&exact(v)));
        }
    }

    #[test]
    fn charges_its_table_and_arena_and_releases_them() {
        {
            let _scope = memory::scope(1 << 30);
            let before = memory::used();
            let mut set = ExactSet::default();
            for i in 0..5000u32 {
                assert!(set.reserve_one());
                set.insert(exact(&i.to_le_bytes()));
            }
            let chunks: u64 = set.arena.iter().map(memory::vec_bytes).sum();
            assert_eq!(memory::used() - before, memory::vec_bytes(&set.slots) + memory::vec_bytes(&set.arena) + chunks);
            assert_eq!(chunks, 1 << CHUNK_BITS, "one chunk holds them");
            drop(set);
            assert_eq!(memory::used(), before);
        }
        // a cap too small for the first table: refused, nothing stored
        let _small = memory::scope(1000);
        let mut set = ExactSet::default();
        assert!(!set.reserve_one());
        assert_eq!(set.len(), 0);
    }
}
