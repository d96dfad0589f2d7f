//! The exact position key: 227 bits in two u128 words, no hashing.
//!
//! Each pile is a 28-bit code (`state::pile_code`, kept up to date by the state's moves):
//! face-down count (3 bits), the pile's index
//! (3 bits, only when it has face-down cards: those cards never move, so the
//! index and the count name them exactly), and its face-up run (22 bits:
//! base card + 1, length, and one bit a further card choosing between the
//! two suits of the colour the run requires). The seven codes are sorted, so
//! piles without face-down cards (empty ones included) are interchangeable.
//! The stock part: which dealt stock cards are still in stock or waste (the
//! cycle order never changes, so this fixes the sequence), the waste size
//! (or one value for every size on the turn-over cycle when passes are
//! unlimited), and the turn-overs left when they are limited. Foundations
//! follow from the rest (every other card is on them).

use super::state::{pile_code, State, PILES, UNLIMITED};

pub type Key = (u128, u128);

/// The waste-size code meaning "somewhere on the turn-over cycle".
const ON_CYCLE: u32 = 31;

/// The stock and waste: 31 bits.
#[inline]
pub fn stock_code(s: &State) -> u32 {
    if s.slen == 0 {
        return 0;
    }
    let (pos, redeals) = if s.redeals == UNLIMITED {
        // Every waste size on the cycle reaches every other by taps alone.
        // (draw is 1 or 3: a division by a constant, not by `draw`)
        let on_cycle = s.draw == 1 || s.pos % 3 == 0 || s.pos == s.slen;
        (if on_cycle { ON_CYCLE } else { s.pos as u32 }, 3)
    } else {
        (s.pos as u32, s.redeals as u32)
    };
    s.stock_mask | pos << 24 | redeals << 29
}

/// Sort seven codes: a sorting network (16 compare-exchanges, branch-free min/max, Knuth's for
/// n = 7), cheaper than an insertion sort's unpredictable branches; equal codes are equal, so
/// the result is the one any sort gives (tests.rs checks it against `sort`).
#[inline]
pub(super) fn sort7(c: &mut [u32; PILES]) {
    const NET: [(usize, usize); 16] = [
        (0, 6), (2, 3), (4, 5), (0, 2), (1, 4), (3, 6), (0, 1), (2, 5),
        (3, 4), (1, 2), (4, 6), (2, 3), (4, 5), (1, 2), (3, 4), (5, 6),
    ];
    for (i, j) in NET {
        let (a, b) = (c[i], c[j]);
        c[i] = a.min(b);
        c[j] = a.max(b);
    }
}

pub fn key(s: &State) -> Key {
    let mut c = s.code;
    debug_assert!((0..PILES).all(|p| c[p] == pile_code(s, p)));
    sort7(&mut c);
    let w = |i: usize| c[i] as u128;
    let a = w(0) | w(1) << 28 | w(2) << 56 | w(3) << 84;
    let b = w(4) | w(5) << 28 | w(6) << 56 | (stock_code(s) as u128) << 84;
    (a, b)
}
