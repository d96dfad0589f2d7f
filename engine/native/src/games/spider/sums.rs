//! What `Spider` keeps so that a position's hashed key and evaluation do not take a pass over
//! every card (only speed changes: the evaluation is the same number, and the hash is still one
//! per exact key, README.md, "Keys of the searches that never say `lost`"):
//!
//! - the breaks and natural breaks, counted by the moves: a run that moves is in suit and in
//!   sequence, and so is a run that goes off, so only the pair where cards come or go changes;
//! - each column's 128-bit hash (`col_hash`), worked out only when a key is asked for and only
//!   for the columns that changed since (`Kept`): `apply` marks a run's two columns stale and
//!   keeps their old hashes in the undo record, `revert` puts them back, so the searches' walks
//!   from node to node hash nothing. The key's hash is the columns' hashes summed, then mixed with
//!   the deals made (`key_hash`).
//!
//! cargo test `kept_sums_equal_fresh_ones_along_random_play` checks both against fresh ones along
//! random play with undos.

use super::key::{fmix, mum};
use super::cards::{rank, suit, COLS};
use std::cell::Cell;

/// Every column's hash and which are stale (bit c: column c changed since its hash was worked
/// out). Cells: asking for the key (`&self`) works the stale ones out.
#[derive(Clone, Debug)]
pub(super) struct Kept {
    pub hashes: [Cell<u128>; COLS],
    pub stale: Cell<u16>,
}

/// Every column stale.
pub(super) const ALL: u16 = (1 << COLS) - 1;

impl Default for Kept {
    /// Nothing worked out yet.
    fn default() -> Self {
        Kept { hashes: Default::default(), stale: Cell::new(ALL) }
    }
}

/// What `p` under `x` (both face up) counts in the evaluation: (breaks, natural breaks), from a
/// table of every pair (`PAIRS`: one load in place of two divisions).
#[inline]
pub(super) fn pair(p: u8, x: u8) -> (i32, i32) {
    let k = PAIRS[p as usize * 52 + x as usize];
    ((k & 1) as i32, (k >> 1) as i32)
}

/// Every pair of cards (`p` * 52 + `x`, `x` on `p`): 1 a break (`x` not one rank lower), 2 a
/// natural break (one rank lower, another suit), 0 a suited sequence.
static PAIRS: [u8; 52 * 52] = {
    let mut t = [0u8; 52 * 52];
    let mut i = 0;
    while i < 52 * 52 {
        let (p, x) = ((i / 52) as u8, (i % 52) as u8);
        t[i] = if rank(p) != rank(x) + 1 {
            1
        } else if suit(p) != suit(x) {
            2
        } else {
            0
        };
        i += 1;
    }
    t
};

/// A 128-bit hash of a column as the exact key writes it: `head` its header byte, `up` its
/// face-up cards, `place` 1 + its index while the stock lasts (columns stay in place in the key
/// then), else 0 (the key sorts the columns then, so their hashes must not depend on where they
/// are). Two 64-bit lanes: a word of the header, place and length, then the cards eight to a word
/// (the last padded with zeros), each word folded in by a 64 × 64 → 128-bit multiply of its own,
/// then murmur3's finaliser.
pub(super) fn col_hash(up: &[u8], head: u8, place: u8) -> u128 {
    let (mut a, mut b) = (0x243F_6A88_85A3_08D3u64, 0x1319_8A2E_0370_7344u64);
    let mut fold = |w: u64| {
        a = mum(a ^ w, 0xA076_1D64_78BD_642F);
        b = mum(b ^ w.rotate_left(29), 0xE703_7ED1_A0B4_28DB).wrapping_add(a);
    };
    fold(head as u64 | (place as u64) << 8 | (up.len() as u64) << 16);
    for w in up.chunks(8) {
        fold(w.iter().rev().fold(0u64, |x, &c| x << 8 | c as u64));
    }
    let (a, b) = (fmix(a), fmix(b ^ a));
    (a as u128) << 64 | b as u128
}

/// The key's hash from the columns' (`hashes`) and the deals made: the columns' hashes summed (in
/// any order: the same for columns in another order once the stock is empty, where their places
/// are left out), then mixed with the deals one-to-one (no two sums of one `dealt` give one hash).
pub(super) fn key_hash(hashes: &[Cell<u128>], dealt: u8) -> u128 {
    let s = hashes.iter().fold(0u128, |s, h| s.wrapping_add(h.get()));
    let a = fmix((s >> 64) as u64 ^ dealt as u64);
    let b = fmix(s as u64 ^ a);
    (a as u128) << 64 | b as u128
}
