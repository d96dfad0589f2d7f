//! Canfield's seen set: the keys of expanded positions, one table entry a position without its
//! stock pointer (the key's low 6 bits), holding the pointers expanded as a bitmask. Why: stock
//! dominance (`Canfield::dominated`) probes, for every position, up to 11 (off the cycle) or 22
//! (on it) keys that differ from its own only in the pointer, nearly all absent. Here the key's
//! own probe reads the entry of its position, and every dominance probe after it asks the same
//! entry again: the set remembers the last entry looked up, so they cost a bit test each, not a
//! hash probe each (the closure of those probes was a tenth of a big lost search's time; bench
//! log C13). Only speed and bytes change: the set is as exact as any hash set (whole keys are
//! compared, the pointer by its bit), so the search, its counts and lines are the same. A lost
//! search holds about 1.8 pointers a position (deals 2, 12, 26), so an entry of 24 bytes and a
//! control byte takes about 14 bytes a key, against 17 for a key of 16 bytes alone. And where the
//! memory cap leaves no room for a table's doubling, the set starts another table beside the full
//! one (`Seen`).

use crate::core::memory::{self, Charged};
use crate::core::search::{SeenKey, SeenSet};
use crate::core::seen::hash_table_bytes;
use std::cell::Cell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// A position's exact key (README.md, "Keys"): the stock pointer in its low 6 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Key(pub u128);

impl SeenKey for Key {
    type Set = Seen;
}

/// A key without its pointer (`key >> 6`, never 0: a key has a leading 1), as two words so that an
/// entry with its mask takes 24 bytes (a `u128` would align it to 32).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Rest(u64, u64);

impl Rest {
    fn of(k: u128) -> Rest {
        let r = k >> 6;
        Rest(r as u64, (r >> 64) as u64)
    }
}

impl Hash for Rest {
    /// murmur3's finaliser over a mix of both words: every bit reaches the bits the table uses
    /// (the low ones choose the bucket, the top 7 are the control byte's tag).
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        let mut h = self.0.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ self.1.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        h ^= h >> 33;
        h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        h ^= h >> 33;
        h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
        h ^= h >> 33;
        state.write_u64(h);
    }
}

/// Hands the table the hash `Rest` worked out.
#[derive(Default)]
pub struct PassHasher(u64);

impl Hasher for PassHasher {
    #[inline]
    fn write_u64(&mut self, h: u64) {
        self.0 = h;
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("a canfield rest hashes as one u64");
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// An entry: a position without its pointer, and the pointers expanded (bit p for pointer p).
type Entry = (Rest, u64);

/// One hash table of the set, its bytes charged to the memory meter (as `HashSeen` charges its own).
struct Table(HashMap<Rest, u64, BuildHasherDefault<PassHasher>>, Charged);

impl Table {
    fn with_room(n: usize) -> Table {
        let mut t = Table(HashMap::with_capacity_and_hasher(n, Default::default()), Charged::default());
        t.charge();
        t
    }
    fn table_bytes(&self) -> u64 {
        hash_table_bytes::<Entry>(self.0.capacity())
    }
    fn charge(&mut self) {
        self.1.set(self.table_bytes());
    }
    /// None while the table has room for one more entry, else the bytes of the table the next
    /// new entry would make (twice the buckets).
    fn growth_bytes(&self) -> Option<u64> {
        let (len, cap) = (self.0.len(), self.0.capacity());
        (len >= cap).then(|| hash_table_bytes::<Entry>(cap + 1))
    }
    /// Room for one more entry, the grown table charged first (the old one stays live while
    /// the entries move): as `HashSeen::reserve_one`.
    fn reserve_one(&mut self) -> bool {
        let Some(more) = self.growth_bytes() else {
            return true;
        };
        let ok = memory::grow_within(more, || self.0.try_reserve(1).is_ok());
        self.charge();
        ok
    }
}

/// Tables at most: each one more is one more probe a look-up, for ever less room.
const MAX_TABLES: usize = 4;
/// The first size of a table started beside full ones.
const NEXT_ROOM: usize = 3584;
/// `Seen::last`'s table for a rest in no table.
const NOWHERE: usize = usize::MAX;

/// The set of expanded positions' keys: a few hash tables of entries, the newest taking new
/// entries. A table grows by doubling, which needs the old and the new table at once, so under a
/// memory cap the last doubling that fits leaves up to half the cap unused. Where the next
/// doubling does not fit the cap, the full table stays as it is (its entries still take their
/// pointers' bits, no new entry) and a new one starts beside it, doubling within the room left.
/// A rest is in at most one table (a new entry goes to the newest only when no table has it), so
/// a key is in the set when its rest's entry, wherever it is, has its pointer's bit. Which table
/// takes an entry depends only on the counts and the cap, never on the machine: the search stays
/// deterministic.
pub struct Seen {
    tables: Vec<Table>,
    /// Keys inserted (bits set).
    keys: usize,
    /// The last rest looked up: (rest, its mask, its table or `NOWHERE`). The search asks a
    /// position's key and then its dominance probes (the same rest), and inserts that key: one
    /// hash probe for all of them. Kept equal to the tables by `insert`.
    last: Cell<(Rest, u64, usize)>,
}

impl Default for Seen {
    fn default() -> Self {
        Seen::of(Table::with_room(0))
    }
}

impl Seen {
    fn of(t: Table) -> Seen {
        Seen { tables: vec![t], keys: 0, last: Cell::new((Rest(0, 0), 0, NOWHERE)) }
    }
    fn newest(&mut self) -> &mut Table {
        self.tables.last_mut().expect("a set has a table")
    }
    /// `rest`'s mask and table (0 and `NOWHERE` when absent), remembered in `last`.
    #[inline]
    fn find(&self, rest: Rest) -> (u64, usize) {
        let (r, mask, at) = self.last.get();
        if r == rest {
            return (mask, at);
        }
        let found = self.tables.iter().enumerate().find_map(|(i, t)| t.0.get(&rest).map(|&m| (m, i)));
        let (mask, at) = found.unwrap_or((0, NOWHERE));
        self.last.set((rest, mask, at));
        (mask, at)
    }
    /// The bytes of every table (what is charged for them).
    #[cfg(test)]
    fn table_bytes(&self) -> u64 {
        self.tables.iter().map(|t| t.table_bytes()).sum()
    }
}

impl SeenSet<Key> for Seen {
    fn with_room(n: usize) -> Self {
        Seen::of(Table::with_room(n))
    }
    #[inline]
    fn contains(&self, k: &Key) -> bool {
        self.find(Rest::of(k.0)).0 >> (k.0 & 0x3F) & 1 == 1
    }
    /// `k` is not in the set (the search inserts only keys it did not find).
    #[inline]
    fn insert(&mut self, k: Key) {
        let (rest, bit) = (Rest::of(k.0), 1u64 << (k.0 & 0x3F));
        let (mask, at) = self.find(rest);
        debug_assert!(mask & bit == 0);
        let at = if at == NOWHERE {
            let t = self.newest();
            let cap = t.0.capacity();
            t.0.insert(rest, bit);
            if t.0.capacity() != cap {
                t.charge();
            }
            self.tables.len() - 1
        } else {
            *self.tables[at].0.get_mut(&rest).expect("the entry `find` found") |= bit;
            at
        };
        self.last.set((rest, mask | bit, at));
        self.keys += 1;
    }
    fn len(&self) -> usize {
        self.keys
    }
    fn reserve_one(&mut self) -> bool {
        let Some(grown) = self.newest().growth_bytes() else {
            return true;
        };
        if grown > memory::room() && self.tables.len() < MAX_TABLES {
            // the doubling does not fit: keep this table as it is and start a new one
            let room = hash_table_bytes::<Entry>(NEXT_ROOM);
            if !memory::charge(room) {
                return false;
            }
            memory::release(room);
            self.tables.push(Table::with_room(NEXT_ROOM));
            return true;
        }
        self.newest().reserve_one()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A key of position `i` (its rest) under stock pointer `p` (1..33, or 63 for the cycle).
    fn key(i: u128, p: u128) -> Key {
        Key((1u128 << 122) | i.wrapping_mul(0x9E37_79B9_7F4A_7C15) % (1 << 100) << 6 | p)
    }
    /// A pointer a lost search could have: off the cycle 1..33 or the cycle's 63.
    fn pointer(x: u128) -> u128 {
        if x % 5 == 0 {
            63
        } else {
            x % 33 + 1
        }
    }

    #[test]
    fn the_set_answers_exactly_as_a_std_set_and_is_charged_its_tables() {
        // positions under a few pointers each, asked as the search asks: a key, then other
        // pointers of the same position (dominance), then the key inserted if it was new
        let _scope = memory::scope(u64::MAX);
        let (mut mine, mut theirs) = (Seen::default(), std::collections::HashSet::<u128>::new());
        let (mut news, mut hits) = (0, 0);
        for n in 0..120_000u128 {
            let i = n.wrapping_mul(2_654_435_761) % 40_000;
            let k = key(i, pointer(n % 4 * 11));
            assert_eq!(mine.contains(&k), theirs.contains(&k.0), "key {n}");
            for d in 0..12 {
                let other = key(i, pointer(n + d * 3));
                assert_eq!(mine.contains(&other), theirs.contains(&other.0), "probe {n} {d}");
                hits += theirs.contains(&other.0) as usize;
            }
            // and a key of another position between, as a child's probe would be
            let j = key(i + 1, pointer(n));
            assert_eq!(mine.contains(&j), theirs.contains(&j.0));
            assert!(mine.reserve_one());
            let new = mine.insert_new(k);
            assert_eq!(new, theirs.insert(k.0));
            news += new as usize;
            assert!(mine.contains(&k));
        }
        assert!(news > 30_000 && news < 110_000 && hits > 50_000, "{news} new, {hits} found");
        assert_eq!(mine.len(), theirs.len());
        assert!((0..40_000).all(|i| (1..=63).all(|p| mine.contains(&key(i, p)) == theirs.contains(&key(i, p).0))));
        assert_eq!(memory::used(), mine.table_bytes());
    }

    #[test]
    fn under_a_cap_the_set_holds_more_in_several_tables_and_finds_exactly_them() {
        // about two pointers a position, as in a lost search (1.7 to 1.9 on deals 2, 12 and 26)
        let cap = 5 << 20;
        let k = |n: u128| key(n / 2, pointer(n % 2 * 11 + n / 2 % 3));
        let fits_one = {
            let _scope = memory::scope(cap);
            let mut s: crate::core::seen::HashSeen<u128> = Default::default();
            let mut n = 0;
            while s.reserve_one() {
                s.insert(k(n).0);
                n += 1;
            }
            n
        };
        let _scope = memory::scope(cap);
        let mut s = Seen::default();
        let mut n = 0;
        while s.reserve_one() {
            assert!(s.insert_new(k(n)));
            n += 1;
        }
        assert!(memory::over() && memory::used() <= cap);
        assert_eq!(s.tables.len(), MAX_TABLES);
        assert!(n as f64 > 1.5 * fits_one as f64, "{n} keys against {fits_one} in one table");
        assert_eq!(s.len() as u128, n);
        assert!((0..n).all(|i| s.contains(&k(i))));
        assert!((n..n + 100_000).all(|i| !s.contains(&k(i))));
        assert!((0..n / 2).all(|i| !s.contains(&key(i, 40))));
        assert_eq!(memory::used(), s.table_bytes());
    }
}
