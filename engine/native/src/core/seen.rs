//! The shared search's set of expanded positions (`search::Searcher::seen`). Each key type names
//! its set (`SeenKey::Set`): most use `HashSeen`, a hash set; a game whose key is one non-zero
//! word can use `WordSet`, an open-addressing table of words in which a probe is one cache line.
//! Both are exact: a key is found only if that very key was inserted.
//!
//! Every set charges the memory meter (`crate::core::memory`) what its table takes, and grows only when
//! the meter allows it (`reserve_one`, asked by the searches before each insert) and the allocator
//! gives the memory (fallible allocation: a refusal ends the search `unknown`, never an abort).

use crate::core::memory::{self, give_back, try_zeroed, zeroed_table, Charged};
use rustc_hash::FxBuildHasher;
use std::collections::HashSet;
use std::hash::{BuildHasher, Hash};

pub mod dense;

/// A set of keys: the search asks `contains` and then inserts keys it did not find.
pub trait SeenSet<K>: Default {
    /// An empty set with room for about `n` keys (a hint).
    fn with_room(_n: usize) -> Self {
        Self::default()
    }
    fn contains(&self, k: &K) -> bool;
    /// Insert `k`, which is not in the set.
    fn insert(&mut self, k: K);
    /// Insert `k` if it is not in the set; whether it was not (one probe where the set allows).
    fn insert_new(&mut self, k: K) -> bool {
        let new = !self.contains(&k);
        if new {
            self.insert(k);
        }
        new
    }
    fn len(&self) -> usize;
    /// Room for one more key: grow the table now if the next insert would, charging the memory
    /// meter first. False (nothing inserted may follow) when the cap or the allocator refuses.
    fn reserve_one(&mut self) -> bool;
    /// Start fetching the memory a probe for `k` will read (only speed changes). Default: nothing.
    #[inline]
    fn prefetch(&self, _k: &K) {}
}

/// A key type and the set the search keeps it in.
pub trait SeenKey: Eq + Hash + Sized {
    type Set: SeenSet<Self>;
    /// Bytes the key holds outside the set's table (a Vec's buffer, with the allocator's header),
    /// charged to the memory meter while the key is stored. Default: none.
    fn heap_bytes(&self) -> usize {
        0
    }
}

/// The default set: a hash set (rustc-hash's hash unless a game hands its own, `S`), its table
/// and its keys' heap bytes charged to the memory meter.
pub struct HashSeen<K, S = FxBuildHasher>(HashSet<K, S>, Charged, Charged);

impl<K, S: Default> Default for HashSeen<K, S> {
    fn default() -> Self {
        HashSeen(HashSet::default(), Charged::default(), Charged::default())
    }
}

/// The bytes of a hash table (hashbrown, behind std's and rustc-hash's sets) of `T`s with room for
/// `cap` entries: a power of two of buckets (4 or 8 for small ones), 7/8 of them usable, a slot and
/// a control byte each, 16 more control bytes. The crate's tests check it against the allocator.
pub fn hash_table_bytes<T>(cap: usize) -> u64 {
    if cap == 0 {
        return 0;
    }
    let buckets = match cap {
        0..4 => 4,
        4..8 => 8,
        _ => (cap * 8 / 7).next_power_of_two(),
    };
    let slots = (buckets * std::mem::size_of::<T>()).next_multiple_of(16);
    (slots + buckets + 16) as u64
}

impl<K: SeenKey, S> HashSeen<K, S> {
    /// The bytes its table takes (what is charged for it).
    pub fn table_bytes(&self) -> u64 {
        hash_table_bytes::<K>(self.0.capacity())
    }
    /// None while the table has room for one more key, else the bytes of the table the next
    /// insert would make (twice the buckets).
    pub fn growth_bytes(&self) -> Option<u64> {
        let (len, cap) = (self.0.len(), self.0.capacity());
        (len >= cap).then(|| hash_table_bytes::<K>(cap + 1))
    }
    /// Keep the charge equal to the table (after growth the set could not ask for).
    fn charge(&mut self) {
        self.1.set(self.table_bytes());
    }
}

impl<K: SeenKey, S: BuildHasher + Default> SeenSet<K> for HashSeen<K, S> {
    fn with_room(n: usize) -> Self {
        let mut s = HashSeen(HashSet::with_capacity_and_hasher(n, S::default()), Charged::default(), Charged::default());
        s.charge();
        s
    }
    #[inline]
    fn contains(&self, k: &K) -> bool {
        self.0.contains(k)
    }
    #[inline]
    fn insert(&mut self, k: K) {
        self.insert_new(k);
    }
    #[inline]
    fn insert_new(&mut self, k: K) -> bool {
        let (cap, heap) = (self.0.capacity(), k.heap_bytes() as u64);
        let new = self.0.insert(k);
        if new && heap > 0 {
            let held = self.2 .0 + heap;
            self.2.set(held);
        }
        if self.0.capacity() != cap {
            self.charge();
        }
        new
    }
    fn len(&self) -> usize {
        self.0.len()
    }
    fn reserve_one(&mut self) -> bool {
        // the table the next insert would make, charged first; the old one stays live while the
        // keys move
        let Some(more) = self.growth_bytes() else {
            return true;
        };
        let ok = memory::grow_within(more, || self.0.try_reserve(1).is_ok());
        self.charge();
        ok
    }
}

/// A hash map a game keeps beside the search (such as the positions it expanded), its table
/// charged to the memory meter like `HashSeen`'s: an entry the meter has no room for is not stored.
pub struct MeteredMap<K, V>(rustc_hash::FxHashMap<K, V>, Charged);

impl<K, V> Default for MeteredMap<K, V> {
    fn default() -> Self {
        MeteredMap(Default::default(), Charged::default())
    }
}

impl<K: Eq + Hash, V> MeteredMap<K, V> {
    #[inline]
    pub fn get(&self, k: &K) -> Option<&V> {
        self.0.get(k)
    }

    /// Store `v` under `k`; false (nothing stored, the solve marked out of memory) when a new
    /// entry needs a bigger table than the cap or the allocator allows.
    pub fn insert(&mut self, k: K, v: V) -> bool {
        let (len, cap) = (self.0.len(), self.0.capacity());
        if len == cap && !self.0.contains_key(&k) {
            let more = hash_table_bytes::<(K, V)>(cap + 1);
            let ok = memory::grow_within(more, || self.0.try_reserve(1).is_ok());
            self.1.set(hash_table_bytes::<(K, V)>(self.0.capacity()));
            if !ok {
                return false;
            }
        }
        self.0.insert(k, v);
        true
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<K: Clone + Eq + Hash, V: Clone> Clone for MeteredMap<K, V> {
    fn clone(&self) -> Self {
        let mut c = MeteredMap(self.0.clone(), Charged::default());
        c.1.set(hash_table_bytes::<(K, V)>(c.0.capacity()));
        c
    }
}

impl<K: std::fmt::Debug, V: std::fmt::Debug> std::fmt::Debug for MeteredMap<K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

macro_rules! hash_seen {
    ($($t:ty),*) => { $(impl SeenKey for $t { type Set = HashSeen<$t>; })* };
}
// A game with another key type adds it here (or gives it a set of its own, as abstract Klondike).
hash_seen!(u8, u16, u32, u64, u128, usize, (u64, u64), (u128, u128));
impl SeenKey for Vec<u8> {
    type Set = HashSeen<Vec<u8>>;
    fn heap_bytes(&self) -> usize {
        if self.capacity() == 0 { 0 } else { (self.capacity() + 8).next_multiple_of(16) }
    }
}
impl<T: Eq + Hash, const N: usize> SeenKey for [T; N] {
    type Set = HashSeen<[T; N]>;
}

/// Non-zero words by linear probing from a home slot the caller chooses (so that keys probed
/// together can share a cache line), at most half full. 0 marks an empty slot.
#[derive(Default)]
pub struct WordSet {
    slots: Vec<u64>,
    len: usize,
    /// log2 of the slot count (0 while empty).
    bits: u32,
}

impl WordSet {
    /// The slot `home` (any 64-bit hash; its top bits are used) starts from.
    #[inline]
    fn start(&self, home: u64) -> usize {
        (home >> (64 - self.bits)) as usize
    }

    /// Whether `w` (non-zero) is in the set; `home` must be the one it was inserted with.
    #[inline]
    pub fn contains(&self, home: u64, w: u64) -> bool {
        if self.len == 0 {
            return false;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.start(home);
        loop {
            let s = self.slots[i];
            if s == w {
                return true;
            }
            if s == 0 {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    /// Start loading the slot a probe from `home` reads first, so that several probes can wait on
    /// memory at once (a hint: only speed changes).
    #[inline]
    pub fn prefetch(&self, home: u64) {
        if self.len == 0 {
            return;
        }
        let p: *const u64 = &self.slots[self.start(home)];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch reads nothing and cannot fault; `p` points into `slots` anyway.
        unsafe {
            std::arch::x86_64::_mm_prefetch(p as *const i8, std::arch::x86_64::_MM_HINT_T0);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = p;
    }

    /// Insert `w` (non-zero, not in the set) probing from `home`; `rehome` gives the home of a
    /// stored word when the table grows. Growth the meter refuses is left out while the table has
    /// a free slot (the search, told by the meter, stops at once).
    pub fn insert(&mut self, home: u64, w: u64, rehome: impl Fn(u64) -> u64) {
        debug_assert!(w != 0);
        if !self.reserve_one(&rehome) && self.len + 1 >= self.slots.len() {
            // no free slot left: grow whatever the cap (only a caller that did not ask gets here)
            self.grow(&rehome, true);
        }
        self.put(home, w);
        self.len += 1;
    }

    /// Room for one more word (the table grows at half full), charged to the meter first; false
    /// when the cap or the allocator refuses.
    pub fn reserve_one(&mut self, rehome: impl Fn(u64) -> u64) -> bool {
        if self.has_room() {
            return true;
        }
        self.grow(&rehome, false)
    }

    /// Whether one more word fits without growing (at most half full).
    #[inline]
    pub(crate) fn has_room(&self) -> bool {
        2 * (self.len + 1) <= self.slots.len()
    }

    /// The slot bits of the table `grow` takes: twice the slots, at least 1024.
    #[inline]
    fn grown_bits(&self) -> u32 {
        (self.bits + 1).max(10)
    }

    /// The bytes of the table `grow` takes (charged while the old one is still held).
    #[inline]
    pub(crate) fn grown_bytes(&self) -> u64 {
        8u64 << self.grown_bits()
    }

    /// Twice the slots (at least 1024): the new table is charged before it is taken (the old one
    /// is live while the words move), then the old one is released and kept as a spare.
    fn grow(&mut self, rehome: &impl Fn(u64) -> u64, anyway: bool) -> bool {
        let bits = self.grown_bits();
        let bytes = self.grown_bytes();
        if anyway {
            memory::charge_anyway(bytes);
        } else if !memory::charge(bytes) {
            return false;
        }
        let Some(new) = zeroed_table(1 << bits) else {
            memory::release(bytes);
            memory::fail();
            return false;
        };
        memory::charge_anyway(memory::vec_bytes(&new) - bytes); // a bigger spare
        let old = std::mem::replace(&mut self.slots, new);
        self.bits = bits;
        for &o in old.iter().filter(|&&o| o != 0) {
            self.put(rehome(o), o);
        }
        memory::release(memory::vec_bytes(&old));
        give_back(old);
        true
    }

    #[inline]
    fn put(&mut self, home: u64, w: u64) {
        let mask = self.slots.len() - 1;
        let mut i = self.start(home);
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = w;
    }

    pub fn len(&self) -> usize {
        self.len
    }
}

impl Drop for WordSet {
    fn drop(&mut self) {
        let slots = std::mem::take(&mut self.slots);
        memory::release(memory::vec_bytes(&slots));
        give_back(slots);
    }
}

/// Keys of N words, not all zero, by linear probing from a hash of the words, at most half full
/// (all zero marks an empty slot): a probe reads one slot's words, with no separate control
/// bytes, so a lookup is one cache line where hash tables of keys this wide need two.
pub struct WordsSet<const N: usize> {
    slots: Vec<[u64; N]>,
    len: usize,
    /// log2 of the slot count (0 while empty).
    bits: u32,
}

impl<const N: usize> Default for WordsSet<N> {
    fn default() -> Self {
        WordsSet { slots: Vec::new(), len: 0, bits: 0 }
    }
}

impl<const N: usize> WordsSet<N> {
    /// The slot a key's probe starts from: the top bits of a multiplicative hash of its words.
    #[inline]
    fn start(&self, k: &[u64; N]) -> usize {
        let mut h = 0u64;
        for &w in k {
            h = (h.rotate_left(23) ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        (h >> (64 - self.bits)) as usize
    }

    /// The slot holding `k` (and true), or the empty slot where it would go. Words compared one
    /// by one: a key just stored word by word and read back whole stalls store forwarding.
    #[inline]
    fn find(&self, k: &[u64; N]) -> (usize, bool) {
        let mask = self.slots.len() - 1;
        let mut i = self.start(k);
        loop {
            let s = &self.slots[i];
            let mut same = true;
            let mut empty = true;
            for j in 0..N {
                same &= s[j] == k[j];
                empty &= s[j] == 0;
            }
            if same || empty {
                return (i, same);
            }
            i = (i + 1) & mask;
        }
    }

    /// Twice the slots (at least 1024), the new table charged first (`WordSet::grow`); `anyway`
    /// when the table is full and must grow whatever the cap. False when refused.
    fn grow(&mut self, anyway: bool) -> bool {
        let bits = (self.bits + 1).max(10);
        let bytes = (std::mem::size_of::<[u64; N]>() << bits) as u64;
        if anyway {
            memory::charge_anyway(bytes);
        } else if !memory::charge(bytes) {
            return false;
        }
        let Some(new) = try_zeroed::<[u64; N]>(1 << bits) else {
            memory::release(bytes);
            memory::fail();
            return false;
        };
        let old = std::mem::replace(&mut self.slots, new);
        self.bits = bits;
        for o in old.iter().filter(|o| **o != [0; N]) {
            let (i, _) = self.find(o);
            self.slots[i] = *o;
        }
        memory::release(memory::vec_bytes(&old));
        true
    }
}

impl<const N: usize> Drop for WordsSet<N> {
    fn drop(&mut self) {
        memory::release(memory::vec_bytes(&self.slots));
    }
}

impl<const N: usize> SeenSet<[u64; N]> for WordsSet<N> {
    fn with_room(n: usize) -> Self {
        let mut s = WordsSet::default();
        while (1usize << s.bits) < 2 * n.max(1) {
            s.bits += 1;
        }
        s.bits = s.bits.max(10);
        s.slots = vec![[0; N]; 1 << s.bits];
        memory::charge_anyway(memory::vec_bytes(&s.slots));
        s
    }
    #[inline]
    fn contains(&self, k: &[u64; N]) -> bool {
        self.len > 0 && self.find(k).1
    }
    #[inline]
    fn insert(&mut self, k: [u64; N]) {
        self.insert_new(k);
    }
    #[inline]
    fn insert_new(&mut self, k: [u64; N]) -> bool {
        debug_assert!(k != [0; N], "the all-zero key marks an empty slot");
        if !self.reserve_one() && self.len + 1 >= self.slots.len() {
            self.grow(true); // full: only a caller that did not ask gets here
        }
        let (i, found) = self.find(&k);
        if found {
            return false;
        }
        self.slots[i] = k;
        self.len += 1;
        true
    }
    fn len(&self) -> usize {
        self.len
    }
    fn reserve_one(&mut self) -> bool {
        2 * (self.len + 1) <= self.slots.len() || self.grow(false)
    }
    #[inline]
    fn prefetch(&self, k: &[u64; N]) {
        if self.len == 0 {
            return;
        }
        let p: *const [u64; N] = &self.slots[self.start(k)];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch reads nothing and cannot fault; `p` points into `slots` anyway.
        unsafe {
            std::arch::x86_64::_mm_prefetch(p as *const i8, std::arch::x86_64::_MM_HINT_T0);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = p;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_set_finds_exactly_what_was_inserted_across_growth() {
        // Homes from a coarse part of the word, so many words share one and probe runs form.
        let home = |w: u64| (w >> 3).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut s = WordSet::default();
        let mut x = 1u64;
        let mut all = Vec::new();
        for _ in 0..20_000 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let w = (x >> 40) | 1;
            if !s.contains(home(w), w) {
                s.insert(home(w), w, home);
                all.push(w);
            }
        }
        assert_eq!(s.len(), all.len());
        assert!(all.iter().all(|&w| s.contains(home(w), w)));
        let missing = (0..5_000u64).map(|i| (i << 41) | 2).filter(|w| !all.contains(w));
        assert!(missing.into_iter().all(|w| !s.contains(home(w), w)));
        assert!(!WordSet::default().contains(5, 7));
    }

    #[test]
    fn a_reused_table_holds_nothing_of_the_last_set() {
        // big enough (over SPARE_MIN_BYTES) that grown and dropped tables go to the spares, and
        // the later rounds take them again (unless a test running beside took them first)
        let home = |w: u64| w.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for round in 0..3u64 {
            let mut s = WordSet::default();
            let words = |i: u64| (i << 2 | round) + 1;
            for i in 0..400_000 {
                s.insert(home(words(i)), words(i), home);
            }
            assert_eq!(s.len(), 400_000);
            assert!((0..400_000).all(|i| s.contains(home(words(i)), words(i))));
            // the other rounds' words are not there
            let other = |i: u64| (i << 2 | (round + 1) % 3) + 1;
            assert!((0..400_000).step_by(7).all(|i| !s.contains(home(other(i)), other(i))));
        }
    }

    #[test]
    fn sets_grow_only_within_the_cap_and_charge_their_tables() {
        let cap = 3 << 20;
        let _s = memory::scope(cap);
        {
            // WordSet: 1 MiB -> 2 MiB holds both (3 MiB); 2 -> 4 MiB would pass the cap
            let home = |w: u64| w.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let mut s = WordSet::default();
            let mut n = 0u64;
            while s.reserve_one(home) {
                n += 1;
                s.insert(home(n), n, home);
            }
            assert!(memory::over());
            assert_eq!(memory::used(), memory::vec_bytes(&s.slots));
            assert_eq!((s.slots.len(), s.len()), (1 << 18, 1 << 17));
            assert!((1..=n).step_by(97).all(|w| s.contains(home(w), w)));
        }
        assert_eq!(memory::used(), 0, "a dropped set gives its charge back");
        memory::clear_over();
        {
            let mut s: HashSeen<u64> = SeenSet::with_room(256);
            let mut n = 0u64;
            while s.reserve_one() {
                n += 1;
                s.insert(n);
            }
            assert!(memory::over() && s.len() as u64 == n);
            assert_eq!(memory::used(), hash_table_bytes::<u64>(s.0.capacity()));
            let next = hash_table_bytes::<u64>(s.0.capacity() + 1);
            assert!(memory::used() <= cap && memory::used() + next > cap);
        }
        memory::clear_over();
        {
            let mut s: WordsSet<3> = SeenSet::with_room(10);
            let mut n = 0u64;
            while s.reserve_one() {
                n += 1;
                s.insert([n, 0, 1]);
            }
            assert!(memory::over() && memory::used() <= cap);
            assert_eq!(memory::used(), memory::vec_bytes(&s.slots));
        }
        assert_eq!(memory::used(), 0);
    }

    #[test]
    fn words_set_finds_exactly_what_was_inserted_across_growth() {
        // Keys that differ in a few bits of one word, as a game's keys do from move to move.
        let mut s: WordsSet<3> = SeenSet::with_room(10);
        let mut x = 1u64;
        let mut all = Vec::new();
        for i in 0..30_000u64 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let k = [1 << (x >> 58), x >> 50 & 0x3F0, i % 3];
            let new = !all.contains(&k);
            assert_eq!(s.insert_new(k), new, "{k:?}");
            if new {
                all.push(k);
            }
        }
        assert_eq!(s.len(), all.len());
        assert!(all.len() > 2_000 && s.slots.len() >= 2 * all.len(), "{} keys, {} slots", all.len(), s.slots.len());
        assert!(all.iter().all(|k| s.contains(k)));
        assert!((0..2000u64).map(|i| [i << 1, 7, 9]).filter(|k| !all.contains(k)).all(|k| !s.contains(&k)));
        assert!(!WordsSet::<2>::default().contains(&[1, 2]));
    }
}
