//! The FreeCell search key (what each card lies on, packed at 3 bits a card and kept up to
//! date by each move, `FreeCell::set_below`, and told ahead by `FreeCell::key_after` in state.rs)
//! and the searches' set of keys.

use super::cards::FITS;
use crate::core::seen::{SeenKey, SeenSet, WordsSet};

/// The exact key: for each card, what it lies on (`below`). It names no column and no cell,
/// so it is the same for every order of them, and it is kept up to date by each move.
/// Packed at 3 bits a card (21 cards a word): a card only ever lies where it was dealt
/// (`orig`), at a column's bottom, in a cell, at home, or on one of the two cards it fits
/// (moves set cards only there), so 6 codes name its support exactly (`CODE`), and
/// two positions of one search have equal keys exactly when their `below` are equal.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct Key(pub(super) [u64; 3]);

impl std::hash::Hash for Key {
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        h.write_u64(self.0[0]);
        h.write_u64(self.0[1]);
        h.write_u64(self.0[2]);
    }
}

impl SeenKey for Key {
    type Set = KeySet;
}

/// The searches' set of keys: an open-addressing table of their three words (a key is never all
/// zero: that would be every card home, a won position, which is never stored).
#[derive(Default)]
pub struct KeySet(WordsSet<3>);

impl SeenSet<Key> for KeySet {
    fn with_room(n: usize) -> Self {
        KeySet(WordsSet::with_room(n))
    }
    #[inline]
    fn contains(&self, k: &Key) -> bool {
        self.0.contains(&k.0)
    }
    #[inline]
    fn insert(&mut self, k: Key) {
        self.0.insert(k.0);
    }
    #[inline]
    fn insert_new(&mut self, k: Key) -> bool {
        self.0.insert_new(k.0)
    }
    fn len(&self) -> usize {
        self.0.len()
    }
    fn reserve_one(&mut self) -> bool {
        self.0.reserve_one()
    }
    #[inline]
    fn prefetch(&self, k: &Key) {
        self.0.prefetch(&k.0);
    }
}

/// `below` of a card at the bottom of a column, in a free cell, on its foundation.
pub(super) const BOTTOM: u8 = 52;
pub(super) const IN_CELL: u8 = 53;
pub(super) const AT_HOME: u8 = 54;
/// SLOT[c]: where card `c`'s code lies in the key, word * 64 + bit (21 cards a word).
const SLOT: [u8; 52] = {
    let mut t = [0u8; 52];
    let mut c = 0;
    while c < 52 {
        t[c] = (c / 21 * 64 + c % 21 * 3) as u8;
        c += 1;
    }
    t
};
/// CODE[c][b]: the key code of card `c` lying on `b` where it was not dealt: 0 home, 2 a
/// column's bottom, 3 a cell, 4 or 5 the card it fits of the first or second suit of the other
/// colour; 7 where no move sets it (code 1 is "where it was dealt").
const CODE: [[u8; 55]; 52] = {
    let mut t = [[7u8; 55]; 52];
    let mut c = 0;
    while c < 52 {
        t[c][AT_HOME as usize] = 0;
        t[c][BOTTOM as usize] = 2;
        t[c][IN_CELL as usize] = 3;
        let mut on = 0;
        while on < 52 {
            if FITS[c][on] {
                t[c][on] = 4 + (on / 13 >= 2) as u8;
            }
            on += 1;
        }
        c += 1;
    }
    t
};

/// The key word holding card `c`'s code, and its value with `c` lying on `b` (`dealt`: what it
/// was dealt on): the code is 1 where it was dealt, else `CODE` (home, a column's bottom, a cell,
/// or one of the two cards it fits).
#[inline]
pub(super) fn word_with(key: &Key, c: usize, b: u8, dealt: u8) -> (usize, u64) {
    let code = if b == dealt { 1 } else { CODE[c][b as usize] as u64 };
    debug_assert!(code != 7, "card {c} set on {b}, which it does not fit");
    let (w, s) = ((SLOT[c] >> 6) as usize, SLOT[c] & 63);
    (w, key.0[w] & !(7 << s) | code << s)
}
