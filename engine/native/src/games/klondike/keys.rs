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

use super::state::{bit, code_of, pile_code, Move, State, FOUND, PILES, UNLIMITED};

pub type Key = (u128, u128);

/// The waste-size code meaning "somewhere on the turn-over cycle".
const ON_CYCLE: u32 = 31;

/// The stock and waste: 31 bits.
#[inline]
pub fn stock_code(s: &State) -> u32 {
    stock_code_of(s, s.slen, s.pos, s.redeals, s.stock_mask)
}

/// `stock_code` of `s`'s stock and waste as a move would leave them: `slen` cards, the waste `pos`
/// of them, `redeals` turn-overs left, `mask` the dealt stock cards still there.
#[inline]
fn stock_code_of(s: &State, slen: u8, pos: u8, redeals: u8, mask: u32) -> u32 {
    if slen == 0 {
        return 0;
    }
    let (pos, redeals) = if redeals == UNLIMITED {
        // Every waste size on the cycle reaches every other by taps alone.
        // (draw is 1 or 3: a division by a constant, not by `draw`)
        let on_cycle = s.draw == 1 || pos % 3 == 0 || pos == slen;
        (if on_cycle { ON_CYCLE } else { pos as u32 }, 3)
    } else {
        (pos as u32, redeals as u32)
    };
    mask | pos << 24 | redeals << 29
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
    debug_assert!((0..PILES).all(|p| s.code[p] == pile_code(s, p)));
    pack(s.code, stock_code(s))
}

/// The key of seven pile codes (in any order) and a stock code.
#[inline]
fn pack(mut c: [u32; PILES], stock: u32) -> Key {
    sort7(&mut c);
    let w = |i: usize| c[i] as u128;
    let a = w(0) | w(1) << 28 | w(2) << 56 | w(3) << 84;
    let b = w(4) | w(5) << 28 | w(6) << 56 | (stock as u128) << 84;
    (a, b)
}

/// The key of the position `m` (a candidate here, where no safe move is left) leads to, told
/// without making it (`Game::child_key`), for the moves that cannot change the foundations: a run
/// from pile to pile, a waste card to a pile. None when the child has a safe move (then the search
/// makes the move to see), and for every other move. A child is never won: its foundations are
/// this position's, which is not. The search skips a child whose told key is seen without making
/// the move (most of a dead branch's children are transpositions), and enters the others with it;
/// no count, verdict or line changes (README.md, "Keys told ahead").
///
/// The child's safe moves: the foundations are unchanged, so the safe cards are too; no top here
/// is safe (no safe move is left) and the tops a move makes are the card a pile bares (or turns
/// up), the waste card placed, and at draw 1 the waste's new top: the child has a safe move
/// exactly when one of those is safe.
#[inline]
pub fn child_key(s: &State, m: Move) -> Option<Key> {
    // one card's test (most cards are no foundation's next: one bit tells)
    let safe = |c: u8| s.up & bit(c) != 0 && s.safe_up(c);
    match m {
        Move::PileToPile { from, to, n } => {
            let (f, t) = (from as usize, to as usize);
            let (lf, lt, df, dt) = (s.len[f], s.len[t], s.down[f], s.down[t]);
            let start = lf - n;
            // the card the run bares (turned up if face down) would be the pile's new top
            if start > 0 && safe(s.cards[f][start as usize - 1]) {
                return None;
            }
            let df2 = if df > 0 && df == start { df - 1 } else { df };
            let mut c = s.code;
            c[f] = code_of(f, start, df2, s.cards[f][df2 as usize], s.hi[f]);
            let bits = (s.hi[f] >> start) & ((1 << n) - 1);
            let hi_t = s.hi[t] & ((1 << lt) - 1) | bits << lt;
            let first_t = if lt > dt { s.cards[t][dt as usize] } else { s.cards[f][start as usize] };
            c[t] = code_of(t, lt + n, dt, first_t, hi_t);
            Some(pack(c, stock_code(s)))
        }
        Move::Waste { q, redeal, to } if to != FOUND => {
            let t = to as usize;
            let i = q as usize - 1;
            let card = s.seq[i];
            // the card placed tops its pile; at draw 1 the waste's new top could go up
            if safe(card) || (s.draw == 1 && i > 0 && safe(s.seq[i - 1])) {
                return None;
            }
            let (lt, dt) = (s.len[t], s.down[t]);
            let mut c = s.code;
            let hi_t = s.hi[t] & ((1 << lt) - 1) | ((card >= 26) as u32) << lt;
            let first_t = if lt > dt { s.cards[t][dt as usize] } else { card };
            c[t] = code_of(t, lt + 1, dt, first_t, hi_t);
            let redeals = if redeal && s.redeals != UNLIMITED { s.redeals - 1 } else { s.redeals };
            let mask = s.stock_mask & !(1 << s.stock_index[card as usize]);
            Some(pack(c, stock_code_of(s, s.slen - 1, q - 1, redeals, mask)))
        }
        _ => None,
    }
}
