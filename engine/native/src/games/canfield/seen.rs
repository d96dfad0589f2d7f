//! Canfield's seen set: the shared hash set of exact 128-bit keys (`seen::HashSeen`), with a hash
//! that places the keys of one position under every stock pointer side by side. Why: stock
//! dominance (`Canfield::dominated`) probes up to 11 (off the cycle) or 22 (on it) keys that differ
//! only in the pointer (the key's low 6 bits) for every position, nearly all absent; with an
//! ordinary hash each probe is a cache miss of its own in a table of hundreds of megabytes (a sixth
//! of deal 26's search time went to them). Here the probes of one position read the same control
//! bytes. Only speed changes: the set is as exact as any hash set (the keys themselves are
//! compared), so the search, its counts and lines are the same. And where the memory cap leaves no
//! room for a table's doubling, the set starts another table beside the full one (`Seen`): about 53
//! million positions fit under 1 GiB, not 29.4 million.

use crate::core::search::{SeenKey, SeenSet};
use crate::core::seen::{hash_table_bytes, HashSeen};
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// A position's exact key (README.md, "Keys"): the stock pointer in its low 6 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Key(pub u128);

impl SeenKey for Key {
    type Set = Seen;
}

/// The 64-bit hash of a key, as the table (std's, hashbrown's) uses it: its low bits choose the
/// group of 16 control bytes a probe starts at, its top 7 are the tag stored there. Both come
/// from a mix of the key without its pointer, except the low 4 bits and the tag, which the
/// pointer changes: so the keys of one position under every pointer start within 16 slots of
/// each other (one or two cache lines of control bytes), each with its own tag (a probe for an
/// absent pointer compares no stored key).
#[inline]
pub fn place(k: u128) -> u64 {
    let (rest, ptr) = (k >> 6, (k & 0x3F) as u64);
    let mut h = (rest as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ((rest >> 64) as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    // murmur3's finaliser: every bit of the mix reaches the bits the table uses
    h ^= h >> 33;
    h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    h ^= h >> 33;
    h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    h ^= h >> 33;
    let tag = (h >> 57 ^ ptr) << 57;
    (h & (u64::MAX >> 7) & !15) | (ptr.wrapping_mul(5) & 15) | tag
}

/// Hands the table `place` of the key (a key hashes as one `u128`).
#[derive(Default)]
pub struct PlaceHasher(u64);

impl Hasher for PlaceHasher {
    #[inline]
    fn write_u128(&mut self, k: u128) {
        self.0 = place(k);
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("a canfield key hashes as one u128");
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// One hash table of the set: the shared set with `place` for a hash.
type Table = HashSeen<Key, BuildHasherDefault<PlaceHasher>>;

/// Tables at most: each one more is one more probe a look-up, for ever less room.
const MAX_TABLES: usize = 4;
/// The first size of a table started beside full ones.
const NEXT_ROOM: usize = 3584;

/// The set of expanded positions' keys: a few hash tables, the newest taking the inserts. A
/// table grows by doubling, which needs the old and the new table at once, so under a memory cap
/// the last doubling that fits leaves up to half the cap unused (at 1 GiB: a table of 2^25 keys'
/// slots, 570 MB, holds 29.4 million keys; its doubling would take 1.7 GB). Where the next
/// doubling does not fit the cap, the full table stays as it is (no more inserts) and a new one
/// starts beside it, doubling within the room left (at 1 GiB: 14.7, 7.3 and 1.8 million more
/// keys, about 53 million in all). A key is in the set when it is in one of the tables; each
/// key is inserted once (the search inserts only keys it did not find), so the tables are
/// disjoint and `len` is their sum. Which table takes a key depends only on the counts and the
/// cap, never on the machine: the search stays deterministic.
pub struct Seen {
    tables: Vec<Table>,
}

impl Default for Seen {
    fn default() -> Self {
        Seen { tables: vec![Table::default()] }
    }
}

impl Seen {
    fn newest(&mut self) -> &mut Table {
        self.tables.last_mut().expect("a set has a table")
    }
}

impl SeenSet<Key> for Seen {
    fn with_room(n: usize) -> Self {
        Seen { tables: vec![Table::with_room(n)] }
    }
    #[inline]
    fn contains(&self, k: &Key) -> bool {
        self.tables.iter().any(|t| t.contains(k))
    }
    /// `k` is in no table (the search inserts only keys it did not find).
    #[inline]
    fn insert(&mut self, k: Key) {
        debug_assert!(!self.contains(&k));
        self.newest().insert(k);
    }
    fn len(&self) -> usize {
        self.tables.iter().map(|t| t.len()).sum()
    }
    fn reserve_one(&mut self) -> bool {
        let Some(grown) = self.newest().growth_bytes() else {
            return true;
        };
        if grown > crate::core::memory::room() && self.tables.len() < MAX_TABLES {
            // the doubling does not fit: keep this table as it is and start a new one
            if !crate::core::memory::charge(hash_table_bytes::<Key>(NEXT_ROOM)) {
                return false;
            }
            crate::core::memory::release(hash_table_bytes::<Key>(NEXT_ROOM));
            self.tables.push(Table::with_room(NEXT_ROOM));
            return true;
        }
        self.newest().reserve_one()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_set_holds_exactly_what_the_shared_one_holds_and_is_charged_alike() {
        // keys that share their position part and differ in the pointer, as dominance probes do
        let keys: Vec<u128> = (0..60_000u128)
            .map(|i| i % 45_000)
            .map(|i| (1u128 << 122) | (i / 7).wrapping_mul(0x9E37_79B9_7F4A_7C15) % (1 << 100) << 6 | (i % 7 * 5 + 1))
            .collect();
        let probes = |i: u128| (1u128 << 122) | (i / 5).wrapping_mul(0x9E37_79B9_7F4A_7C15) % (1 << 100) << 6 | (i % 5 * 7 + 2);
        let (mine, charged) = {
            let _scope = crate::core::memory::scope(u64::MAX);
            let mut s = Seen::default();
            let news: Vec<bool> = keys.iter().map(|&k| s.reserve_one() && s.insert_new(Key(k))).collect();
            let found: Vec<bool> = (0..80_000).map(|i| s.contains(&Key(probes(i)))).collect();
            ((news, found, s.len()), crate::core::memory::used())
        };
        let (theirs, charged_shared) = {
            let _scope = crate::core::memory::scope(u64::MAX);
            let mut s: crate::core::seen::HashSeen<u128> = Default::default();
            let news: Vec<bool> = keys.iter().map(|&k| s.reserve_one() && s.insert_new(k)).collect();
            let found: Vec<bool> = (0..80_000).map(|i| s.contains(&probes(i))).collect();
            ((news, found, s.len()), crate::core::memory::used())
        };
        assert!(mine.0.iter().filter(|&&n| !n).count() > 1000 && mine.1.iter().filter(|&&f| f).count() > 1000);
        assert_eq!(mine, theirs);
        assert_eq!(charged, charged_shared);
    }

    #[test]
    fn one_positions_pointers_start_within_sixteen_slots_with_their_own_tags() {
        let rest = 0x1234_5678_9ABC_DEF0_1357_9BDF_u128 | 1 << 100;
        let homes: Vec<u64> = (0..64u128).map(|p| place(rest << 6 | p)).collect();
        let base = homes[0] & !15 & (u64::MAX >> 7);
        assert!(homes.iter().all(|&h| h & !15 & (u64::MAX >> 7) == base));
        let tags: std::collections::HashSet<u64> = homes.iter().map(|&h| h >> 57).collect();
        assert_eq!(tags.len(), 64);
    }

    #[test]
    fn under_a_cap_the_set_holds_more_in_several_tables_and_finds_exactly_them() {
        let cap = 5 << 20;
        let key = |i: u128| (1u128 << 122) | i.wrapping_mul(0x9E37_79B9_7F4A_7C15) % (1 << 100) << 6 | (i % 3 + 1);
        let fits_one = {
            let _scope = crate::core::memory::scope(cap);
            let mut s: crate::core::seen::HashSeen<u128> = Default::default();
            let mut n = 0;
            while s.reserve_one() {
                s.insert(key(n));
                n += 1;
            }
            n
        };
        let _scope = crate::core::memory::scope(cap);
        let mut s = Seen::default();
        let mut n = 0;
        while s.reserve_one() {
            assert!(s.insert_new(Key(key(n))));
            n += 1;
        }
        assert!(crate::core::memory::over() && crate::core::memory::used() <= cap);
        assert_eq!(s.tables.len(), MAX_TABLES);
        assert!(n as f64 > 1.5 * fits_one as f64, "{n} keys against {fits_one} in one table");
        assert_eq!(s.len() as u128, n);
        assert!((0..n).all(|i| s.contains(&Key(key(i)))));
        assert!((n..n + 100_000).all(|i| !s.contains(&Key(key(i)))));
        let charged: u64 = s.tables.iter().map(|t| t.table_bytes()).sum();
        assert_eq!(crate::core::memory::used(), charged);
    }
}
