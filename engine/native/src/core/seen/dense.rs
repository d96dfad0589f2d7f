//! `DenseSet`: an exact set of words of up to `BITS` (≤ 61) bits in about 6–7 bytes a word once
//! it is big, where a `WordSet` takes 16–32 (48 while it doubles). It *is* a `WordSet` (the fastest
//! probe) as long as the memory cap has room for the `WordSet`'s doubling; when it has not, the
//! words move to *quotiented buckets*, which hold 2.5–5 times as many words in the same bytes:
//!
//! - a word `w` is split into its group `g = w >> LOW` and its low `LOW` bits; `x = mix(g)` is a
//!   bijection of the group's `Q = BITS − LOW` bits; with `n` buckets the bucket is
//!   `floor(x · n / 2^Q)` (a product's high half), and the bucket stores only `x`'s low
//!   `E = 40 − LOW` bits and the low bits: `e = (x mod 2^E) << LOW | low`, 40 bits. A bucket's
//!   `x` values form an interval of at most `ceil(2^Q / n)` values, at most `2^E` once `n` is
//!   at least `2^(BITS − 40)`, and such an interval holds each residue mod `2^E` once: so
//!   `(bucket, e)` gives back `x`, hence `g` (mix is a bijection), hence `w`: two words are equal
//!   exactly when their buckets and entries are, so nothing is lossy (a false "seen" could lose a
//!   win and give a false `lost`).
//! - a bucket is one cache line: 12 entries of 5 bytes (their low 4 bytes side by side, compared
//!   four at a time), their count, and a flag telling that a word
//!   of this bucket found it full and went to the overflow set, an exact hash set of whole words
//!   (each as `x << LOW | low`)
//!   (a few per cent of them near the top load); a lookup reads it only for a flagged bucket.
//!   Words of one group share a bucket, so the probes a game makes for words that differ only in
//!   their low bits (Klondike's waste sizes) read one line.
//! - it grows at 80 % of its entries, in chunks of 2^(BITS − 40) buckets (128 MiB at 61 bits):
//!   to twice the buckets when the memory cap has room for them, else a quarter more, else one
//!   chunk (so a table the cap cannot double still fills the cap: Klondike's draw 3 deal 262,
//!   about 100 M positions, in 640 MiB of buckets instead of 1 GiB). An entry does not depend on
//!   `n`, and a word's bucket among more buckets is at or after its bucket before, so the buckets
//!   are emptied from the last down into buckets at or after them, where they lie: nothing is
//!   copied and the peak is the new table alone (no old-plus-new). A bucket may receive more
//!   than it holds (not when the table doubles): those words and the old overflow words are
//!   placed again in the overflow set.
//!
//! Every chunk is charged to the memory meter before it is allocated, the overflow set charges its
//! table (`HashSeen`), and the `WordSet` its own: what the meter counts is what the set holds.

use super::{HashSeen, SeenSet, WordSet};
use crate::core::memory::{self, drop_spares, try_zeroed};

/// Entries a bucket holds.
const SLOTS: usize = 12;
/// Bits of an entry (the quotient of a word): its low 32 in `lo`, the next 8 in `hi`.
const ENTRY_BITS: u32 = 40;
/// The share of the bucketed entries at which the table doubles, in 1/256ths (80 %): above it
/// ever more buckets are full and their misses read the overflow set too.
const LOAD_256: usize = 205;

/// One cache line: `SLOTS` entries, each its low 32 bits in `lo` and its next 8 in `hi` (so that
/// one compare of 16-byte vectors tests four entries), their count, and the overflow flag.
#[repr(C, align(64))]
#[derive(Clone, Copy)]
struct Bucket {
    lo: [u32; SLOTS],
    hi: [u8; SLOTS],
    count: u8,
    flag: u8,
    _pad: [u8; 2],
}

const _: () = assert!(std::mem::size_of::<Bucket>() == 64);

impl Bucket {
    const EMPTY: Bucket = Bucket { lo: [0; SLOTS], hi: [0; SLOTS], count: 0, flag: 0, _pad: [0; 2] };

    #[inline]
    fn entry(&self, j: usize) -> u64 {
        (self.hi[j] as u64) << 32 | self.lo[j] as u64
    }

    /// Bit j set when `lo[j]` is `lo` (every slot, filled or not).
    #[inline]
    fn lo_matches(&self, lo: u32) -> u32 {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: SSE2 is part of x86_64; the three 16-byte loads lie in `self.lo` (48 bytes).
        unsafe {
            use std::arch::x86_64::*;
            let k = _mm_set1_epi32(lo as i32);
            let p = self.lo.as_ptr() as *const __m128i;
            let m = |i: usize| _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_loadu_si128(p.add(i)), k))) as u32;
            m(0) | m(1) << 4 | m(2) << 8
        }
        #[cfg(not(target_arch = "x86_64"))]
        (0..SLOTS).fold(0, |m, j| m | ((self.lo[j] == lo) as u32) << j)
    }

    /// Whether `e` is one of the filled entries: the slots whose low 32 bits agree, then their
    /// high 8 (rarely more than the one that holds it).
    #[inline]
    fn holds(&self, e: u64) -> bool {
        let mut m = self.lo_matches(e as u32) & ((1 << self.count) - 1);
        while m != 0 {
            if self.hi[m.trailing_zeros() as usize] == (e >> 32) as u8 {
                return true;
            }
            m &= m - 1;
        }
        false
    }

    /// Store `e` if there is room; false when the bucket is full.
    #[inline]
    fn push(&mut self, e: u64) -> bool {
        debug_assert!(e >> ENTRY_BITS == 0);
        let n = self.count as usize;
        if n == SLOTS {
            return false;
        }
        (self.lo[n], self.hi[n]) = (e as u32, (e >> 32) as u8);
        self.count += 1;
        true
    }
}

/// Odd multipliers of the mix (splitmix64's and the golden ratio's).
const MIX: [u64; 3] = [0x9E37_79B9_7F4A_7C15, 0xBF58_476D_1CE4_E5B9, 0x94D0_49BB_1331_11EB];

/// A bijection of the words below 2^bits (bits ≥ 2): each step is one (a product by an odd
/// number modulo 2^bits; `x ^= x >> s` for s ≥ 1, whose top s bits are unchanged and give back
/// the next s, and so on down), and the last steps bring the high bits down to the low ones,
/// which choose the bucket.
#[inline]
pub(crate) fn mix(x: u64, bits: u32) -> u64 {
    let m = u64::MAX >> (64 - bits);
    let s = bits / 2;
    let mut x = x.wrapping_mul(MIX[0]) & m;
    x ^= x >> s;
    x = x.wrapping_mul(MIX[1]) & m;
    x ^= x >> (s + 1).min(bits - 1);
    x = x.wrapping_mul(MIX[2]) & m;
    x ^ (x >> s)
}

/// `CHUNK` buckets in a buffer of words (one bucket more, for the alignment): a buffer of
/// words comes zeroed from `calloc` untouched (its pages mapped only when first used: a chunk
/// the search half fills costs the pages it touched), where one of 64-byte-aligned buckets
/// would be zeroed by hand at once, every page of it. `off` is where the first 64-byte-aligned word lies.
struct Chunk {
    words: Vec<u64>,
    off: usize,
}

impl Chunk {
    /// A chunk of `n` empty buckets (None when the allocator refuses).
    fn new(n: usize) -> Option<Chunk> {
        let words = try_zeroed::<u64>(8 * (n + 1))?;
        let off = words.as_ptr().align_offset(64);
        assert!(off < 8, "a buffer of words is 8-byte aligned");
        huge_pages(&words);
        Some(Chunk { words, off })
    }

    #[inline]
    fn bucket(&self, j: usize) -> &Bucket {
        debug_assert!(self.off + 8 * (j + 1) <= self.words.len());
        // SAFETY: bucket j's 64 bytes lie in `words` (its length is 8 words a bucket and 8 more
        // for the offset, j is below the chunk's bucket count), at a 64-byte-aligned address;
        // every bit pattern is a valid Bucket (integers only); `&self` borrows the buffer.
        unsafe { &*(self.words.as_ptr().add(self.off + 8 * j) as *const Bucket) }
    }

    #[inline]
    fn bucket_mut(&mut self, j: usize) -> &mut Bucket {
        debug_assert!(self.off + 8 * (j + 1) <= self.words.len());
        // SAFETY: as in `bucket`; `&mut self` borrows the buffer exclusively.
        unsafe { &mut *(self.words.as_mut_ptr().add(self.off + 8 * j) as *mut Bucket) }
    }
}

/// Ask Linux to back a chunk with transparent huge pages (where they are on `madvise`): every probe
/// lands in a random bucket, and with 4 KiB pages nearly each one misses the TLB as well, a page
/// walk the probe's prefetch waits on. Only the buckets ask (bench log K64): they exist only in a
/// search past 2^25 words (or under a small cap), which fills a chunk's pages anyway, so a huge
/// page's slower fault (K50: about 15-20 ms on a guest whose host backs it late) is paid once for
/// millions of probes; the `WordSet` before them, which every big default search grows through,
/// asks for none (K50). Only speed changes (the contents stay zero, the meter charged the chunk
/// whole before it was allocated); a refusal is ignored.
fn huge_pages(v: &[u64]) {
    #[cfg(target_os = "linux")]
    {
        extern "C" {
            fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
        }
        const MADV_HUGEPAGE: i32 = 14;
        const PAGE: usize = 4096;
        let (start, bytes) = (v.as_ptr() as usize, std::mem::size_of_val(v));
        let a = (start + PAGE - 1) & !(PAGE - 1);
        if start + bytes <= a + PAGE {
            return;
        }
        let len = (start + bytes - a) & !(PAGE - 1);
        // SAFETY: [a, a + len) lies inside `v`'s allocation (rounded inwards to whole pages); this
        // advice changes no contents and no mapping a Rust reference relies on.
        unsafe {
            madvise(a as *mut std::ffi::c_void, len, MADV_HUGEPAGE);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = v;
}

/// The quotiented table (module docs): `n` buckets (a multiple of `2^(BITS − 40)`, at least one
/// chunk) in chunks of `2^(BITS − 40)`. Its probes are calls (`inline(never)`): beside a cache miss
/// a call costs nothing, and the searches that inline them (every probe site of the set) stay as
/// small as with a `WordSet` alone.
struct Buckets<const LOW: u32, const BITS: u32> {
    chunks: Vec<Chunk>,
    /// Buckets.
    n: usize,
    /// Words in the buckets and the overflow set.
    len: usize,
    /// Words whose bucket was full, exact: each as its mixed group and low bits,
    /// `mix(w >> LOW) << LOW | low` (a bijection of the words, so the growth can put an entry
    /// there without inverting `mix`).
    over: HashSeen<u64>,
}

impl<const LOW: u32, const BITS: u32> Buckets<LOW, BITS> {
    /// The fewest buckets are `2^MIN_BITS`, so that an entry (module docs) fits `ENTRY_BITS`;
    /// also the chunk's size, the step the table grows by.
    const MIN_BITS: u32 = BITS - ENTRY_BITS;
    const CHUNK_BUCKETS: usize = 1 << Self::MIN_BITS;
    /// A chunk's buffer: its buckets and one more (the alignment).
    const CHUNK_BYTES: u64 = ((Self::CHUNK_BUCKETS + 1) * std::mem::size_of::<Bucket>()) as u64;
    /// Bits of the mixed group `x`.
    const Q: u32 = BITS - LOW;
    /// The low bits of `x` an entry keeps.
    const E: u32 = ENTRY_BITS - LOW;

    /// The mixed group of `w` and its low bits, as one word (what the overflow set holds).
    #[inline]
    fn mixed(w: u64) -> u64 {
        debug_assert!(w >> BITS == 0, "a DenseSet word has at most {BITS} bits");
        mix(w >> LOW, Self::Q) << LOW | (w & ((1 << LOW) - 1))
    }

    /// The bucket of a mixed word `m` among `n` and its entry there: the bucket is
    /// `floor(x · n / 2^Q)`, so each bucket holds the `x` of an interval of at most
    /// `ceil(2^Q / n) ≤ 2^E` values, in which the low `E` bits of `x` tell them apart.
    #[inline]
    fn locate(m: u64, n: usize) -> (usize, u64) {
        let x = m >> LOW;
        let i = ((x as u128 * n as u128) >> Self::Q) as usize;
        (i, m & ((1 << ENTRY_BITS) - 1))
    }

    /// The first `x` of bucket `j` among `n`: `ceil(j · 2^Q / n)`.
    fn start(j: usize, n: usize) -> u64 {
        (((j as u128) << Self::Q).div_ceil(n as u128)) as u64
    }

    /// The mixed word of entry `e` in bucket `j` among `n`: the one `x` of the bucket's interval
    /// (which starts at `start(j, n)` and is at most `2^E` long) with `e`'s low `E` bits.
    fn unlocate(j: usize, n: usize, e: u64) -> u64 {
        let s = Self::start(j, n);
        let x = s + ((e >> LOW).wrapping_sub(s) & ((1 << Self::E) - 1));
        x << LOW | (e & ((1 << LOW) - 1))
    }

    #[inline]
    fn bucket(&self, i: usize) -> &Bucket {
        self.chunks[i >> Self::MIN_BITS].bucket(i & (Self::CHUNK_BUCKETS - 1))
    }

    #[inline]
    fn bucket_mut(&mut self, i: usize) -> &mut Bucket {
        self.chunks[i >> Self::MIN_BITS].bucket_mut(i & (Self::CHUNK_BUCKETS - 1))
    }

    /// `n` new chunks, charged first (None, nothing kept or charged, when refused).
    fn new_chunks(n: usize) -> Option<Vec<Chunk>> {
        if !memory::charge(n as u64 * Self::CHUNK_BYTES) {
            return None;
        }
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            let Some(c) = Chunk::new(Self::CHUNK_BUCKETS) else {
                memory::release(n as u64 * Self::CHUNK_BYTES);
                memory::fail();
                return None;
            };
            out.push(c);
        }
        Some(out)
    }

    /// An empty table with room for `n` words below its load (the fewest buckets, a power of two
    /// and at least a chunk); None when the meter or the allocator refuses.
    fn new(n: usize) -> Option<Self> {
        let bits = Self::bits_for(n);
        let chunks = Self::new_chunks(1 << (bits - Self::MIN_BITS))?;
        Some(Buckets { chunks, n: 1 << bits, len: 0, over: HashSeen::default() })
    }

    /// The fewest bucket bits (at least `MIN_BITS`) whose buckets hold `n` words below their load.
    fn bits_for(n: usize) -> u32 {
        let mut bits = Self::MIN_BITS;
        while !Self::fit(n, 1 << bits) {
            bits += 1;
        }
        bits
    }

    /// The bytes of the table `new(n)` makes.
    fn bytes_for(n: usize) -> u64 {
        Self::CHUNK_BYTES << (Self::bits_for(n) - Self::MIN_BITS)
    }

    #[inline(never)]
    fn contains(&self, w: u64) -> bool {
        let m = Self::mixed(w);
        let (i, e) = Self::locate(m, self.n);
        let b = self.bucket(i);
        b.holds(e) || (b.flag != 0 && self.over.contains(&m))
    }

    /// Insert `w` (not in the set): into its bucket, or when that is full, flag it and put `w`
    /// in the overflow set (whose room `reserve_one` made).
    #[inline(never)]
    fn insert(&mut self, w: u64) {
        self.insert_mixed(Self::mixed(w));
        self.len += 1;
    }

    /// Place the mixed word `m` (its bucket, or the overflow set); `len` is the caller's.
    #[inline]
    fn insert_mixed(&mut self, m: u64) {
        let (i, e) = Self::locate(m, self.n);
        let b = self.bucket_mut(i);
        if !b.push(e) {
            b.flag = 1;
            self.over.insert(m);
        }
    }

    /// Whether `len` words fit below the load at which the table grows.
    fn fits(&self, len: usize) -> bool {
        Self::fit(len, self.n)
    }

    /// Whether `len` words fit below the load of `n` buckets.
    fn fit(len: usize, n: usize) -> bool {
        len * 256 <= (SLOTS * n) * LOAD_256
    }

    /// Room for one more word: the table grows at its load (the new chunks charged first) and
    /// the overflow set has room for one more. False when the meter or the allocator refuses.
    fn reserve_one(&mut self) -> bool {
        (self.fits(self.len + 1) || self.grow()) && self.over.reserve_one()
    }

    /// More buckets: twice as many when the cap has room for them, else a quarter more (at least
    /// a chunk), else one chunk; a table the cap cannot double still grows to the cap's bytes.
    fn grow(&mut self) -> bool {
        let have = self.n / Self::CHUNK_BUCKETS;
        let room = memory::room();
        let add = [have, (have / 4).max(1), 1]
            .into_iter()
            .find(|&c| c as u64 * Self::CHUNK_BYTES <= room)
            .unwrap_or(1); // refused by the meter below, which marks the solve out of memory
        self.grow_to(self.n + add * Self::CHUNK_BUCKETS)
    }

    /// `n2` buckets (more than `n`, a multiple of the chunk): the new chunks, then every entry
    /// moved to its bucket among `n2`, in place. A word's bucket among `n2` is at or after its
    /// bucket among `n` (`floor(x · n2 / 2^Q) ≥ floor(x · n / 2^Q)`), and an entry does not
    /// depend on the bucket count, so the buckets are emptied from the last down, each one's
    /// entries pushed to buckets at or after it, all of which are emptied already. A new bucket
    /// may receive more than it holds (from two old ones): those words go to the overflow set,
    /// with the old overflow words placed again. Nothing is copied but a bucket at a time.
    fn grow_to(&mut self, n2: usize) -> bool {
        let n = self.n;
        debug_assert!(n2 > n && n2 % Self::CHUNK_BUCKETS == 0);
        let Some(more) = Self::new_chunks((n2 - n) / Self::CHUNK_BUCKETS) else {
            return false;
        };
        self.chunks.extend(more);
        let mut spill = Vec::new();
        for j in (0..n).rev() {
            let old = std::mem::replace(self.bucket_mut(j), Bucket::EMPTY);
            for s in 0..old.count as usize {
                let e = old.entry(s);
                let m = Self::unlocate(j, n, e);
                let (k, e2) = Self::locate(m, n2);
                debug_assert!(k >= j && e2 == e);
                let b = self.bucket_mut(k);
                if !b.push(e) {
                    b.flag = 1;
                    spill.push(m);
                }
            }
        }
        self.n = n2;
        // the overflow words again: most now find room; the old set's charge is held until it goes
        let old = std::mem::take(&mut self.over);
        for &m in old.0.iter() {
            self.insert_mixed(m);
        }
        for m in spill {
            self.over.insert(m);
        }
        true
    }

    fn table_bytes(&self) -> u64 {
        self.chunks.len() as u64 * Self::CHUNK_BYTES
    }

    #[inline(never)]
    fn prefetch(&self, w: u64) {
        let p: *const Bucket = self.bucket(Self::locate(Self::mixed(w), self.n).0);
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch reads nothing and cannot fault; `p` points into a chunk anyway.
        unsafe {
            std::arch::x86_64::_mm_prefetch(p as *const i8, std::arch::x86_64::_MM_HINT_T0);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = p;
    }
}

impl<const LOW: u32, const BITS: u32> Drop for Buckets<LOW, BITS> {
    fn drop(&mut self) {
        memory::release(self.table_bytes());
    }
}

/// Words of at most `BITS` bits (41..=61), never 0, kept exactly (module docs); words that differ
/// only in their low `LOW` bits are probed together (one cache line).
#[derive(Default)]
pub struct DenseSet<const LOW: u32, const BITS: u32> {
    small: WordSet,
    big: Option<Box<Buckets<LOW, BITS>>>,
}

impl<const LOW: u32, const BITS: u32> DenseSet<LOW, BITS> {
    /// The slots of the largest `WordSet` (2^26 at 61 bits: 512 MiB, 2^25 words, as many as
    /// Klondike's default budget), or less when the cap has no room for its doubling.
    const SMALL_MAX: usize = 1 << (BITS - 35);

    /// Where a word's `WordSet` probe starts: a hash of its group, so that a group is side by side.
    #[inline]
    fn home(w: u64) -> u64 {
        (w >> LOW).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    #[inline]
    pub fn contains(&self, w: u64) -> bool {
        match &self.big {
            None => self.small.contains(Self::home(w), w),
            Some(b) => b.contains(w),
        }
    }

    /// Insert `w` (non-zero, not in the set), after `reserve_one` said yes.
    #[inline]
    pub fn insert(&mut self, w: u64) {
        debug_assert!(w != 0 && w >> BITS == 0);
        match &mut self.big {
            None => self.small.insert(Self::home(w), w, Self::home),
            Some(b) => b.insert(w),
        }
    }

    /// Room for one more word, charged first; false when the cap or the allocator refuses. The
    /// `WordSet` (fastest, 16–32 bytes a word) doubles while the cap has room for its doubling
    /// (old and new table); when it has not (or the `WordSet` is at `SMALL_MAX`), the words move to
    /// buckets just big enough for them below their load, if the cap has room for those beside the
    /// `WordSet`, which is then freed. So the set is the `WordSet` alone, and every search the
    /// same, wherever the `WordSet` fits the cap, and holds about 2.5–5 times its words where not.
    pub fn reserve_one(&mut self) -> bool {
        if let Some(b) = &mut self.big {
            return b.reserve_one();
        }
        let s = &self.small;
        if s.has_room() {
            return true;
        }
        if s.slots.len() >= Self::SMALL_MAX || memory::room() < s.grown_bytes() {
            let n = s.len + 1;
            if memory::room() >= Buckets::<LOW, BITS>::bytes_for(n) {
                return self.to_buckets(n) && self.reserve_one();
            }
        }
        self.small.reserve_one(Self::home)
    }

    /// Move the words to buckets with room for `n` (the cap has room for them): false when the
    /// allocator (or the overflow set's charge) refuses.
    #[cold]
    fn to_buckets(&mut self, n: usize) -> bool {
        let Some(mut b) = Buckets::new(n) else {
            return false;
        };
        for &w in self.small.slots.iter().filter(|&&w| w != 0) {
            if !b.over.reserve_one() {
                return false; // the meter is told; `b` gives its charge back
            }
            b.insert(w);
        }
        self.small = WordSet::default();
        self.big = Some(Box::new(b));
        // A search this big is far from the deals the spare tables speed up (their first page
        // faults): freed, so that what the process holds is what the meter counts.
        drop_spares();
        true
    }

    pub fn len(&self) -> usize {
        self.big.as_ref().map_or(self.small.len, |b| b.len)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    #[inline]
    pub fn prefetch(&self, w: u64) {
        match &self.big {
            None => self.small.prefetch(Self::home(w)),
            Some(b) => b.prefetch(w),
        }
    }

    /// Words in the overflow set (0 before the buckets), for the tests and the tuning examples.
    pub fn overflow(&self) -> usize {
        self.big.as_ref().map_or(0, |b| b.over.len())
    }

    /// Bytes of the tables (the `WordSet`'s, or the chunks and the overflow set's), as charged.
    pub fn bytes(&self) -> u64 {
        match &self.big {
            None => memory::vec_bytes(&self.small.slots),
            Some(b) => b.table_bytes() + super::hash_table_bytes::<u64>(b.over.0.capacity()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// 48-bit words: buckets from 2^8 on (chunks of 16 KiB), the `WordSet` left at 2^12 words.
    type Set = DenseSet<5, 48>;

    fn hash_bytes(b: &Buckets<5, 48>) -> u64 {
        crate::core::seen::hash_table_bytes::<u64>(b.over.0.capacity())
    }

    fn xorshift(x: &mut u64) -> u64 {
        crate::core::rng::xorshift(x)
    }

    /// `mix`'s inverse, step by step (the argument in its docs made code).
    fn unmix(mut x: u64, bits: u32) -> u64 {
        let m = u64::MAX >> (64 - bits);
        let s = bits / 2;
        let unshift = |y: u64, s: u32| (0..bits / s + 1).fold(y, |x, _| y ^ (x >> s));
        let inv = |a: u64| (0..6).fold(a, |i: u64, _| i.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(i))));
        x = unshift(x, s);
        x = x.wrapping_mul(inv(MIX[2])) & m;
        x = unshift(x, (s + 1).min(bits - 1));
        x = x.wrapping_mul(inv(MIX[1])) & m;
        x = unshift(x, s);
        x.wrapping_mul(inv(MIX[0])) & m
    }

    #[test]
    fn mix_is_a_bijection_of_its_bits() {
        let mut r = 7u64;
        for bits in [2, 3, 8, 43, 56] {
            let m = u64::MAX >> (64 - bits);
            for _ in 0..20_000 {
                let x = xorshift(&mut r) & m;
                let h = mix(x, bits);
                assert!(h <= m && unmix(h, bits) == x, "bits {bits}: {x:#x} -> {h:#x}");
            }
        }
        // small widths: every value once
        for bits in [2, 5, 11] {
            let mut hit = vec![false; 1 << bits];
            (0..1u64 << bits).for_each(|x| hit[mix(x, bits) as usize] = true);
            assert!(hit.iter().all(|&h| h), "bits {bits}");
        }
    }

    /// Random words, whole groups (the 31 low values of one group) and groups whose mixed groups
    /// agree in their high 12 bits (one bucket until the table has 2^13 buckets: most go to the overflow
    /// set, and the splits place them again), against a std HashSet, across the move from the
    /// `WordSet` and many doublings; the meter charges exactly the tables.
    #[test]
    fn dense_set_agrees_with_a_hash_set_through_growth_and_overflow() {
        let _s = memory::scope(1 << 30);
        let collide: Vec<u64> = (1..).filter(|&g| mix(g, 43) >> 31 == 0x5a5).take(400).collect();
        let mut r = 99u64;
        let word = |r: &mut u64| -> u64 {
            let x = xorshift(r);
            let w = match x % 4 {
                0 => x >> 16,                                                 // any 48-bit word
                1 => (collide[(x >> 8) as usize % collide.len()] << 5) | (x >> 40) % 32, // one bucket
                2 => ((x >> 30) % 2000) << 5 | (x >> 50) % 32,                // a few small groups
                _ => (x >> 21) << 5 | 31,
            };
            w.max(1)
        };
        let (mut s, mut std) = (Set::default(), HashSet::new());
        let mut max_over = 0;
        for step in 0..300_000 {
            let w = word(&mut r);
            assert_eq!(s.contains(w), std.contains(&w), "step {step} {w:#x}");
            if std.insert(w) {
                assert!(s.reserve_one());
                s.insert(w);
            }
            max_over = max_over.max(s.overflow());
            if step % 20_000 == 0 {
                assert_eq!(memory::used(), s.bytes(), "the meter charges the tables");
            }
        }
        assert_eq!(s.len(), std.len());
        assert!(s.big.as_ref().unwrap().n > 1 << 12, "grew past the colliding bucket");
        assert!(max_over > 1000, "the overflow set was used: {max_over}");
        assert!(std.iter().all(|&w| s.contains(w)));
        let mut r2 = 12345u64;
        for _ in 0..200_000 {
            let w = word(&mut r2);
            assert_eq!(s.contains(w), std.contains(&w), "{w:#x}");
        }
        assert_eq!(memory::used(), s.bytes());
        drop(s);
        assert_eq!(memory::used(), 0, "a dropped set gives its charge back");
    }

    /// A `WordSet` whose doubling the cap has no room for moves to buckets (and holds more than
    /// twice its words in the cap); one whose doubling fits stays as it is, the same table.
    #[test]
    fn dense_set_moves_to_buckets_when_the_cap_refuses_the_word_sets_doubling() {
        let cap = 80 << 10;
        let _s = memory::scope(cap);
        let (mut s, mut r, mut n) = (Set::default(), 3u64, 0usize);
        while s.reserve_one() {
            if n == 2000 {
                // 2^12 slots (32 KiB): doubling it would need 96 KiB
                assert!(s.big.is_none() && s.small.slots.len() == 1 << 12);
            }
            let w = (xorshift(&mut r) >> 16).max(1);
            if !s.contains(w) {
                s.insert(w);
                n += 1;
            }
        }
        let b = s.big.as_ref().expect("moved to buckets");
        assert_eq!(b.n, 1 << 10); // 2^12 slots -> 2^8 buckets -> 2^10 (64 KiB): a chunk more would pass the cap
        assert!(n > 2 * 2048 && memory::used() <= cap && memory::used() == s.bytes(), "{n} words");
    }

    /// Under a cap the set grows only while the meter allows: the table charged never passes it,
    /// growth adds the new chunks alone (never old and new twice), past the last doubling it grows
    /// by a quarter or a chunk until a chunk more would pass the cap, and it holds 4–5 words a
    /// bucket line of 64 bytes where a `WordSet` holds one per 16 bytes.
    #[test]
    fn dense_set_grows_within_the_cap_by_its_new_chunks() {
        let cap = 1 << 20;
        let _s = memory::scope(cap);
        let mut s = Set::default();
        let (mut n, mut r, mut peak) = (0u64, 5u64, 0);
        while s.reserve_one() {
            peak = peak.max(memory::used());
            let w = (xorshift(&mut r) >> 16).max(1);
            if !s.contains(w) {
                s.insert(w);
                n += 1;
            }
        }
        assert!(memory::over() && memory::used() <= cap && peak <= cap);
        let b = s.big.as_ref().unwrap();
        let chunk = Buckets::<5, 48>::CHUNK_BYTES;
        // 16 KiB chunks (and 64 bytes for the alignment): 2^13 buckets (32 chunks) double no
        // more, but grow by quarters and chunks until the next chunk would pass the cap
        assert!(b.n > 1 << 13 && b.n % (1 << 8) == 0, "{} buckets", b.n);
        assert_eq!(b.table_bytes(), (b.n >> 8) as u64 * chunk);
        assert_eq!(memory::used(), s.bytes());
        assert!(b.table_bytes() + chunk + hash_bytes(b) > cap);
        // more words than the 2^13 buckets held at their load (what doubling alone gave), at 7.5
        // bytes a word at most, the overflow set's table included (a WordSet: 16 at best)
        assert!(s.len() * 256 > (SLOTS << 13) * LOAD_256 * 3 / 2, "{} words", s.len());
        let (bytes, len) = (s.bytes(), s.len() as u64);
        assert!(2 * bytes <= 15 * len, "{bytes} bytes for {len} words, {} overflowed", s.overflow());
        assert_eq!(s.len() as u64, n);
    }

    /// Growth by any number of chunks (not only doubling) keeps exactly the words, however full
    /// the buckets they come from: a table filled past its load (many words in the overflow set),
    /// grown by one chunk, then three, then a doubling, each time against a std HashSet; every
    /// word's entry is the same in its new bucket, which is at or after its old one.
    #[test]
    fn dense_set_growth_by_chunks_keeps_every_word() {
        let _s = memory::scope(1 << 30);
        let collide: Vec<u64> = (1..).filter(|&g| mix(g, 43) >> 31 == 0x2c3).take(300).collect();
        let mut b = Buckets::<5, 48>::new(1).unwrap();
        assert_eq!(b.n, 1 << 8);
        let (mut r, mut std) = (41u64, HashSet::new());
        // 2^8 buckets at 16 a bucket: a third in the overflow set
        while std.len() < 16 << 8 {
            let x = xorshift(&mut r);
            let w = if x % 3 == 0 { collide[(x >> 8) as usize % collide.len()] << 5 | (x >> 40) % 32 } else { (x >> 16).max(1) };
            if std.insert(w) {
                assert!(b.over.reserve_one());
                b.insert(w);
            }
        }
        assert!(b.over.len() > 1000, "{} overflowed", b.over.len());
        let probe = |b: &Buckets<5, 48>, r: &mut u64| {
            assert!(std.iter().all(|&w| b.contains(w)));
            for _ in 0..50_000 {
                let w = (xorshift(r) >> 16).max(1);
                assert_eq!(b.contains(w), std.contains(&w), "{w:#x}");
            }
            assert_eq!(b.len, std.len());
            let held: usize = (0..b.n).map(|i| b.bucket(i).count as usize).sum();
            assert_eq!(held + b.over.len(), std.len(), "every word once");
        };
        probe(&b, &mut r);
        for add in [1, 3, 5] {
            let n = b.n;
            for &w in std.iter().take(2000) {
                let m = Buckets::<5, 48>::mixed(w);
                let (i, e) = Buckets::<5, 48>::locate(m, n);
                let (k, e2) = Buckets::<5, 48>::locate(m, n + add * 256);
                assert!(k >= i && e2 == e && Buckets::<5, 48>::unlocate(i, n, e) == m);
            }
            assert!(b.grow_to(n + add * 256));
            probe(&b, &mut r);
        }
        assert_eq!(b.n, 10 << 8); // the last a doubling
    }
}
