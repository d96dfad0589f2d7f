//! The candidate and safe moves as main had them before bench log K42 (a table of which piles take
//! which card, the reachable stock listed a position, every run card scanned, the safe set from the
//! heights), kept only for the tests: moves.rs must give the very same moves in the same order on
//! every position (`tests::candidates_match_the_scans_on_random_play`), so the search is unchanged.
//! Bench log K46 reordered two groups here and in moves.rs alike (stock cards to foundations before
//! pile tops, stock cards to piles the lowest rank first).

use super::moves::{safe_back, safe_mask};
use super::state::{bit, card_bit, next_up, rank, red, Move, State, FOUND, KINGS, NONE, PILES};

/// A move that keeps every win (README.md, "Safe moves"):
/// a pile's top card, or at draw 1 the waste's top card, that `safe_up`
/// allows. Never a waste card at draw 3 (taking one out regroups the cycle).
pub(super) fn safe_move(s: &State) -> Option<Move> {
    let ok = safe_mask(&s.found);
    if s.tops & ok != 0 {
        for p in 0..PILES {
            if card_bit(s.topc[p]) & ok != 0 {
                debug_assert!(s.safe_up(s.topc[p]));
                return Some(Move::PileToFound { from: p as u8 });
            }
        }
    }
    if s.draw == 1 {
        if let Some(c) = s.waste_top() {
            if ok & bit(c) != 0 {
                return Some(Move::Waste { q: s.pos, redeal: false, to: FOUND });
            }
        }
    }
    None
}

/// Which piles take which card: a bit per pile for each card, and the
/// first empty pile (kings go only there: empty piles are interchangeable
/// in the key).
struct Accept {
    piles: [u8; 52],
    empty: u8,
    /// The cards some pile takes (kings when a pile is empty), as a card set: a card outside it
    /// has no tableau move, which one test tells.
    any: u64,
}

impl Accept {
    fn new(s: &State) -> Accept {
        let mut a = Accept { piles: [0; 52], empty: u8::MAX, any: 0 };
        for t in 0..PILES {
            match s.topc[t] {
                NONE => {
                    if a.empty == u8::MAX {
                        a.empty = t as u8;
                        a.any |= KINGS;
                    }
                }
                u => {
                    let r = rank(u);
                    if r > 1 {
                        // The two cards of the other colour one rank lower.
                        let (s1, s2) = if red(u) { (0u8, 3u8) } else { (1, 2) };
                        a.piles[(s1 * 13 + r - 2) as usize] |= 1 << t;
                        a.piles[(s2 * 13 + r - 2) as usize] |= 1 << t;
                        a.any |= bit(s1 * 13 + r - 2) | bit(s2 * 13 + r - 2);
                    }
                }
            }
        }
        a
    }

    /// Piles `c` (from pile `from`, or PILES) may go to.
    #[inline]
    fn each(&self, c: u8, from: usize, mut f: impl FnMut(u8)) {
        if rank(c) == 13 {
            if self.empty != u8::MAX && self.empty as usize != from {
                f(self.empty);
            }
            return;
        }
        let mut m = self.piles[c as usize] & !(1u8 << from as u32 & 0x7f);
        while m != 0 {
            let t = m.trailing_zeros() as u8;
            m &= m - 1;
            f(t);
        }
    }
}

/// Candidate moves, best first (README.md, "Moves"):
/// foundation moves (stock cards, then pile tops), moves that turn a face-down card up (deepest
/// pile first), waste cards to piles (lowest rank first), moves that empty a pile, moves of part
/// of a run, and last foundation cards back down.
pub(super) fn candidates(s: &State, out: &mut Vec<Move>) {
    let a = &Accept::new(s);
    let up = next_up(&s.found);
    let st = &Reach::new(s);
    to_found(s, up, st, out);
    reveals(s, a, out);
    waste_to_piles(s, a, st, out);
    emptying(s, a, out);
    partial(s, a, up, out);
    found_down(s, a, out);
}

/// The stock cards reachable by taps (`State::reachable`), listed once a position in its order,
/// with the set of their cards: the foundation and the tableau passes read the list only when
/// the set meets the cards they could play (most positions: none).
struct Reach {
    /// (waste size q, turn over first?, the card played from size q), in `reachable` order.
    list: [(u8, bool, u8); 24],
    n: usize,
    cards: u64,
}

impl Reach {
    #[inline]
    fn new(s: &State) -> Reach {
        let mut r = Reach { list: [(0, false, 0); 24], n: 0, cards: 0 };
        s.reachable(|q, redeal| {
            let c = s.seq[q as usize - 1];
            r.list[r.n] = (q, redeal, c);
            r.n += 1;
            r.cards |= bit(c);
        });
        r
    }

    #[inline]
    fn each(&self, set: u64, mut f: impl FnMut(u8, bool, u8)) {
        if self.cards & set != 0 {
            for &(q, redeal, c) in &self.list[..self.n] {
                if set & bit(c) != 0 {
                    f(q, redeal, c);
                }
            }
        }
    }
}

/// Foundation moves from the stock cycle, then from the piles.
fn to_found(s: &State, up: u64, st: &Reach, out: &mut Vec<Move>) {
    st.each(up, |q, redeal, _| out.push(Move::Waste { q, redeal, to: FOUND }));
    if s.tops & up != 0 {
        for p in 0..PILES {
            if card_bit(s.topc[p]) & up != 0 {
                out.push(Move::PileToFound { from: p as u8 });
            }
        }
    }
}

/// Whole runs off face-down cards, piles with the most face-down cards first.
fn reveals(s: &State, a: &Accept, out: &mut Vec<Move>) {
    // one pass with an insertion sort (most face-down cards first, ties by pile) in place of a
    // pass per count: the same order
    let mut order = [0u8; PILES];
    let mut n = 0;
    for p in 0..PILES {
        let d = s.down[p];
        if d > 0 && s.len[p] > d && a.any & bit(s.cards[p][d as usize]) != 0 {
            let mut i = n;
            while i > 0 && s.down[order[i - 1] as usize] < d {
                order[i] = order[i - 1];
                i -= 1;
            }
            order[i] = p as u8;
            n += 1;
        }
    }
    for &p in &order[..n] {
        let p = p as usize;
        let k = s.len[p] - s.down[p];
        let b = s.cards[p][s.down[p] as usize];
        a.each(b, p, |t| out.push(Move::PileToPile { from: p as u8, to: t, n: k }));
    }
}

/// Stock cycle cards to piles, rank by rank from the lowest, each rank in reach order.
fn waste_to_piles(_s: &State, a: &Accept, st: &Reach, out: &mut Vec<Move>) {
    for r in 1..=13 {
        st.each(a.any, |q, redeal, c| {
            if rank(c) == r {
                a.each(c, PILES, |t| out.push(Move::Waste { q, redeal, to: t }));
            }
        });
    }
}

/// Whole runs of piles without face-down cards (emptying the pile); a
/// king's run to another empty pile would give the same key.
fn emptying(s: &State, a: &Accept, out: &mut Vec<Move>) {
    for p in 0..PILES {
        if s.down[p] == 0 && s.len[p] > 0 {
            let b = s.cards[p][0];
            if rank(b) != 13 && a.any & bit(b) != 0 {
                a.each(b, p, |t| out.push(Move::PileToPile { from: p as u8, to: t, n: s.len[p] }));
            }
        }
    }
}

/// Part of a run (its bottom card stays); never a king, so never to an empty pile. Only when the
/// face-up card it leaves bare can go to its foundation next (README.md, rule 4):
/// any other such move can be put off or mirrored without lengthening a win.
fn partial(s: &State, a: &Accept, up: u64, out: &mut Vec<Move>) {
    for p in 0..PILES {
        let (d, l) = (s.down[p] as usize, s.len[p] as usize);
        for i in d + 1..l {
            if up & bit(s.cards[p][i - 1]) == 0 {
                continue;
            }
            let y = s.cards[p][i];
            a.each(y, p, |t| out.push(Move::PileToPile { from: p as u8, to: t, n: (l - i) as u8 }));
        }
    }
}

/// Foundation cards back down, unless they would be safe to put back.
fn found_down(s: &State, a: &Accept, out: &mut Vec<Move>) {
    for su in 0..4u8 {
        let f = s.found[su as usize];
        if f == 0 {
            continue;
        }
        let c = su * 13 + f - 1;
        if safe_back(s, c) {
            continue;
        }
        a.each(c, PILES, |t| out.push(Move::FoundToPile { suit: su, to: t }));
    }
}

