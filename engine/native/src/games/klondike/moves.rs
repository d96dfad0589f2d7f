//! Safe moves, candidate moves (best first, dominated ones left out) and
//! their spelling in the notation of engine/games/klondike/README.md.

use super::state::{bit, next_up, rank, red, safe_cards, suit, twin, Move, State, FOUND, KINGS, PILES, SUIT_LETTERS};
use crate::core::rng::xorshift;
use crate::core::search::Line;

/// A move that keeps every win (README.md, "Safe moves"):
/// a pile's top card, or at draw 1 the waste's top card, that `safe_up`
/// allows. Never a waste card at draw 3 (taking one out regroups the cycle).
pub fn safe_move(s: &State) -> Option<Move> {
    let ok = safe_of(s);
    debug_assert_eq!(ok, safe_mask(&s.found));
    let tops = s.tops & ok;
    if tops != 0 {
        // the first pile in order whose top is safe
        let p = piles_of(s, tops).trailing_zeros() as u8;
        debug_assert!(s.safe_up(s.topc[p as usize]));
        return Some(Move::PileToFound { from: p });
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

/// The cards `State::safe_up` allows, as a card set, from the heights alone (`safe_cards`: aces
/// and twos up freely).
#[inline]
pub(super) fn safe_mask(found: &[u8; 4]) -> u64 {
    safe_cards(*found, 2, 0)
}

/// `safe_mask` read off the foundations' next cards (`State::up`) without a branch (a cold search
/// cannot predict them): suit s's next card (rank f+1) is safe when f < 2, or both foundations
/// of the other colour hold f and the same colour's other suit f−1.
#[inline]
fn safe_of(s: &State) -> u64 {
    let [sp, h, d, c] = s.found;
    let (black, red_) = (sp.min(c), h.min(d));
    let ok = |f: u8, others: u8, twin: u8| ((f < 2) | ((others >= f) & (twin + 1 >= f))) as u64 * SUIT;
    s.up & (ok(sp, red_, c) | ok(h, black, d) << 13 | ok(d, black, h) << 26 | ok(c, red_, sp) << 39)
}

/// Whether a card taken down from its foundation would be safe to put back
/// at once (then taking it down can never help: README.md).
#[inline]
pub(super) fn safe_back(s: &State, c: u8) -> bool {
    let r = rank(c);
    if r <= 2 {
        return true;
    }
    let (o1, o2) = if red(c) { (0, 3) } else { (1, 2) };
    s.found[o1] >= r - 1 && s.found[o2] >= r - 1 && s.found[twin(suit(c)) as usize] >= r - 2
}


/// Which piles take which card, from the set of pile tops (`State::tops`, `State::pile_of`)
/// without a table a position: card c goes on the tops that are the two cards of the other colour
/// one rank up, and a king only on the first empty pile (empty piles are interchangeable in the key).
struct Accept {
    tops: u64,
    empty: u8,
    /// The cards some pile takes (kings when a pile is empty), as a card set: a card outside it
    /// has no tableau move, which one test tells.
    any: u64,
}

/// The 13 ranks of one suit in a card set (bit r−1 for rank r).
const SUIT: u64 = (1 << 13) - 1;

impl Accept {
    #[inline]
    fn new(s: &State) -> Accept {
        let t = s.tops;
        // the ranks below the black tops and below the red ones (an ace takes nothing: its bit
        // shifts out); the red cards of those ranks go on the black tops, and the other way round
        let under_black = ((t | t >> 39) & SUIT) >> 1;
        let under_red = ((t >> 13 | t >> 26) & SUIT) >> 1;
        let mut any = under_black << 13 | under_black << 26 | under_red | under_red << 39;
        // the first empty pile: the lowest zero byte of the lengths (the lowest flag of the
        // zero-byte test is exact; an eighth byte of 1 stands for no pile)
        const ONES: u64 = u64::MAX / 255;
        let mut w = [1u8; 8];
        w[..PILES].copy_from_slice(&s.len);
        let x = u64::from_le_bytes(w);
        let zero = x.wrapping_sub(ONES) & !x & ONES << 7;
        let mut empty = u8::MAX;
        if zero != 0 {
            empty = (zero.trailing_zeros() / 8) as u8;
            any |= KINGS;
        }
        Accept { tops: t, empty, any }
    }

    /// Piles `c` (from pile `from`, or PILES) may go to, in pile order.
    #[inline]
    fn each(&self, s: &State, c: u8, from: usize, mut f: impl FnMut(u8)) {
        let r = rank(c);
        if r == 13 {
            if self.empty != u8::MAX && self.empty as usize != from {
                f(self.empty);
            }
            return;
        }
        // the two cards of the other colour one rank up (card index suit·13 + r)
        let (x, y) = if red(c) { (r, 39 + r) } else { (13 + r, 26 + r) };
        // a card that tops no pile adds nothing (its stale `pile_of` is still a pile number)
        let on = |z: u8| ((self.tops >> z) as u8 & 1) << s.pile_of[z as usize];
        let mut m = (on(x) | on(y)) & !(1u8 << from as u32 & 0x7f);
        while m != 0 {
            let t = m.trailing_zeros() as u8;
            m &= m - 1;
            f(t);
        }
    }
}

/// The groups of candidate moves, each made by one pass (README.md, "Candidate moves").
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Group {
    ToFound,
    Reveals,
    WasteToPiles,
    Emptying,
    Partial,
    FoundDown,
}

/// The order the groups are tried in, best first: the one table of it (`candidates` and
/// `more_candidates` both read it), so a reorder is a change of this line.
pub(super) const ORDER: [Group; 6] =
    [Group::ToFound, Group::Reveals, Group::WasteToPiles, Group::Emptying, Group::Partial, Group::FoundDown];

/// How many groups the search may ask for one at a time (`Game::STAGES`).
pub(super) const STAGES: u8 = ORDER.len() as u8;

/// What the passes share, worked out once a call: which piles take which card, the next
/// foundation cards, the stock.
struct Passes<'s> {
    s: &'s State,
    a: Accept,
    up: u64,
    st: Reach<'s>,
}

impl<'s> Passes<'s> {
    #[inline]
    fn new(s: &'s State) -> Self {
        let up = s.up;
        debug_assert_eq!(up, next_up(&s.found));
        Passes { s, a: Accept::new(s), up, st: Reach(s) }
    }

    /// Append group `g`'s moves.
    #[inline(always)]
    fn run(&self, g: Group, out: &mut Vec<Move>) {
        let (s, a, up, st) = (self.s, &self.a, self.up, &self.st);
        match g {
            Group::ToFound => to_found(s, up, st, out),
            Group::Reveals => reveals(s, a, out),
            Group::WasteToPiles => waste_to_piles(s, a, st, out),
            Group::Emptying => emptying(s, a, out),
            Group::Partial => partial(s, a, up, out),
            Group::FoundDown => found_down(s, a, out),
        }
    }
}

/// Candidate moves, best first (README.md, "Candidate moves"): the groups in `ORDER`'s order
/// (foundation moves (stock cards, then pile tops), moves that turn a face-down card up (deepest
/// pile first), waste cards to piles (lowest rank first), moves that empty a pile, moves of part
/// of a run, and last foundation cards back down).
/// A restart attempt (`shuffle` ≠ 0) puts the foundation moves first and shuffles the others.
pub fn candidates(s: &State, out: &mut Vec<Move>) {
    let p = Passes::new(s);
    if s.shuffle != 0 {
        return shuffled(&p, out);
    }
    for g in ORDER {
        p.run(g, out);
    }
}

/// The next non-empty group from `*stage` on (`Game::more_moves`), `*stage` set past it: the
/// groups in turn make `candidates`' list. A restart attempt (`shuffle` ≠ 0) orders all its
/// candidates together, so it hands them all at once.
pub fn more_candidates(s: &State, stage: &mut u8, out: &mut Vec<Move>) {
    if s.shuffle != 0 {
        *stage = STAGES;
        return shuffled(&Passes::new(s), out);
    }
    let p = Passes::new(s);
    let before = out.len();
    let k = *stage as usize;
    // ORDER's groups from `k` on, each written out and inlined, stop after one that adds moves.
    // Tests `k <= i`, not `k == i` with k counted up: the compiler made that a jump table on k,
    // which draw 3 mispredicted (a `match` on the group a call, out-of-line passes: draw 3 4.6 %
    // more instructions; bench log K48)
    macro_rules! group {
        ($i:literal) => {
            if k <= $i {
                p.run(ORDER[$i], out);
                if out.len() > before {
                    *stage = $i + 1;
                    return;
                }
            }
        };
    }
    const _: () = assert!(ORDER.len() == 6, "a group! line for each group");
    group!(0);
    group!(1);
    group!(2);
    group!(3);
    group!(4);
    group!(5);
    *stage = STAGES;
}

/// A restart attempt's candidates: the foundation moves, then the others in another order,
/// fixed by the seed and the position (so the search stays deterministic).
fn shuffled(p: &Passes, out: &mut Vec<Move>) {
    let s = p.s;
    p.run(Group::ToFound, out);
    let first = out.len();
    for g in ORDER {
        if g != Group::ToFound {
            p.run(g, out);
        }
    }
    if out.len() > first + 1 {
        let (k0, k1) = super::keys::key(s);
        let mut x = s.shuffle ^ (k0 as u64) ^ ((k0 >> 64) as u64).rotate_left(17) ^ (k1 as u64).rotate_left(31) ^ ((k1 >> 64) as u64);
        x |= 1;
        let tail = &mut out[first..];
        for i in (1..tail.len()).rev() {
            xorshift(&mut x);
            tail.swap(i, (x % (i as u64 + 1)) as usize);
        }
    }
}

/// The stock cards reachable by taps (`State::reachable`), asked for by card set: the foundation
/// and the tableau passes want only the cards they could play (most positions: none of the stock),
/// so instead of listing every reachable waste size a position, each wanted stock card is placed
/// (its index from the dealt order) and tested, and the hits come out in `reachable`'s order.
struct Reach<'s>(&'s State);

impl Reach<'_> {
    /// Calls `f(q, redeal, c)` for each stock card `c` in `set` that taps reach: with the waste at
    /// size `q` (its top `c`), after a turn-over when `redeal`; in `State::reachable`'s order.
    #[inline]
    fn each(&self, set: u64, mut f: impl FnMut(u8, bool, u8)) {
        let s = self.0;
        let mut m = set & s.scards;
        if m == 0 {
            return;
        }
        let (l, p) = (s.slen, s.pos);
        // `reachable` gives the sizes of this pass first, then those after a turn-over, each
        // rising: bit i or 32 + i of `order` (i: the card's index in the dealt stock, which rises
        // with its place in the cycle) puts them in that order
        let mut order = 0u64;
        // the card's place q in the cycle (the waste's size when it is the top): the dealt stock
        // cards before it still there, plus one
        let place = |i: u8| (s.stock_mask & ((1 << i) - 1)).count_ones() as u8 + 1;
        if s.draw == 1 {
            // every size from the waste's on in this pass (q ≥ p: no count needed, the dealt
            // index of the waste's top tells), the others after a turn-over if one is left
            let from = if p == 0 { 0 } else { s.stock_index[s.seq[p as usize - 1] as usize] };
            let again = (s.redeals > 0) as u64;
            while m != 0 {
                let i = s.stock_index[m.trailing_zeros() as usize];
                m &= m - 1;
                order |= if i >= from { 1 << i } else { again << (32 + i) };
            }
        } else {
            while m != 0 {
                let i = s.stock_index[m.trailing_zeros() as usize];
                m &= m - 1;
                let q = place(i);
                // in this pass: the waste's top or a multiple of 3 taps on, or the last card;
                // else after a turn-over, if one is left: a multiple of 3, or the last card
                let now = (q >= p) & ((q == l) | (q.wrapping_sub(p) % 3 == 0));
                let later = !now & (s.redeals > 0) & ((q == l) | (q % 3 == 0));
                order |= (now as u64) << i | (later as u64) << (32 + i);
            }
        }
        while order != 0 {
            let k = order.trailing_zeros() as u8;
            order &= order - 1;
            let q = place(k & 31);
            f(q, k >= 32, s.seq[q as usize - 1]);
        }
    }
}

/// Foundation moves from the stock cycle, then from the piles (in pile order): a pile top that
/// stays is still there later, a stock card may not be in reach (README.md, "Candidate moves",
/// bench log K46).
#[inline(always)]
fn to_found(s: &State, up: u64, st: &Reach, out: &mut Vec<Move>) {
    st.each(up, |q, redeal, _| out.push(Move::Waste { q, redeal, to: FOUND }));
    each_pile(s, s.tops & up, |p| out.push(Move::PileToFound { from: p }));
}

/// The piles whose tops are in `cards` (a subset of `State::tops`), as a pile mask.
#[inline]
fn piles_of(s: &State, mut cards: u64) -> u8 {
    let mut piles = 0u8;
    while cards != 0 {
        piles |= 1 << s.pile_of[cards.trailing_zeros() as usize];
        cards &= cards - 1;
    }
    piles
}

/// The piles whose tops are in `cards` (a subset of `State::tops`), in pile order.
#[inline]
fn each_pile(s: &State, cards: u64, mut f: impl FnMut(u8)) {
    let mut piles = piles_of(s, cards);
    while piles != 0 {
        f(piles.trailing_zeros() as u8);
        piles &= piles - 1;
    }
}

/// Whole runs off face-down cards, piles with the most face-down cards first.
#[inline(always)]
fn reveals(s: &State, a: &Accept, out: &mut Vec<Move>) {
    // the piles whose run could go somewhere, without a branch a pile (a cold search cannot
    // predict them); most positions have none
    let mut hits = 0u8;
    for p in 0..PILES {
        let (d, l) = (s.down[p], s.len[p]);
        let ok = (d > 0) & (l > d) & (a.any >> s.cards[p][d as usize] & 1 != 0);
        hits |= (ok as u8) << p;
    }
    if hits == 0 {
        return;
    }
    // an insertion sort (most face-down cards first, ties by pile) in place of a pass per count:
    // the same order
    let mut order = [0u8; PILES];
    let mut n = 0;
    while hits != 0 {
        let p = hits.trailing_zeros() as usize;
        hits &= hits - 1;
        let d = s.down[p];
        let mut i = n;
        while i > 0 && s.down[order[i - 1] as usize] < d {
            order[i] = order[i - 1];
            i -= 1;
        }
        order[i] = p as u8;
        n += 1;
    }
    for &p in &order[..n] {
        let p = p as usize;
        let k = s.len[p] - s.down[p];
        let b = s.cards[p][s.down[p] as usize];
        a.each(s, b, p, |t| out.push(Move::PileToPile { from: p as u8, to: t, n: k }));
    }
}

/// Stock cycle cards to piles, the lowest rank first (ties in reach order; README.md, "Candidate
/// moves", bench log K46): the few cards that fit (most positions: none), insertion-sorted, stable.
#[inline(always)]
fn waste_to_piles(s: &State, a: &Accept, st: &Reach, out: &mut Vec<Move>) {
    let (mut hits, mut n) = ([(0u8, false, 0u8); 24], 0);
    st.each(a.any, |q, redeal, c| {
        let mut i = n;
        while i > 0 && rank(hits[i - 1].2) > rank(c) {
            hits[i] = hits[i - 1];
            i -= 1;
        }
        hits[i] = (q, redeal, c);
        n += 1;
    });
    for &(q, redeal, c) in &hits[..n] {
        a.each(s, c, PILES, |t| out.push(Move::Waste { q, redeal, to: t }));
    }
}

/// Whole runs of piles without face-down cards (emptying the pile); a
/// king's run to another empty pile would give the same key.
#[inline(always)]
fn emptying(s: &State, a: &Accept, out: &mut Vec<Move>) {
    // the piles it could be, without a branch a pile (as in `reveals`)
    let mut hits = 0u8;
    for p in 0..PILES {
        let b = s.cards[p][0];
        let ok = (s.down[p] == 0) & (s.len[p] > 0) & ((a.any & !KINGS) >> b & 1 != 0);
        hits |= (ok as u8) << p;
    }
    while hits != 0 {
        let p = hits.trailing_zeros() as usize;
        hits &= hits - 1;
        a.each(s, s.cards[p][0], p, |t| out.push(Move::PileToPile { from: p as u8, to: t, n: s.len[p] }));
    }
}

/// Part of a run (its bottom card stays); never a king, so never to an empty pile. Only when the
/// face-up card it leaves bare can go to its foundation next (README.md, rule 4):
/// any other such move can be put off or mirrored without lengthening a win.
///
/// A pile's face-up cards are a built run (the referee refuses any other position), so its card
/// at index j has rank rb − (j − down) (rb: the run's bottom card's rank): the cards the
/// foundations take next that lie in a run under its top are found from their ranks, a test a
/// pile, and only those places are read (in order up the pile, as a scan would meet them).
#[inline(always)]
fn partial(s: &State, a: &Accept, up: u64, out: &mut Vec<Move>) {
    // the next foundation cards that lie face up in the tableau under a pile's top: none (one
    // test) unless one is neither in the stock, a top nor face down
    let hid = up & !(s.scards | s.tops | s.downs);
    if hid == 0 {
        return;
    }
    // their ranks (bit r−1 for rank r)
    let up_ranks = (hid | hid >> 13 | hid >> 26 | hid >> 39) & SUIT;
    // each pile's ranks of them under its top, without a branch a pile
    let mut under = [0u64; PILES];
    let mut hits = 0u8;
    for p in 0..PILES {
        let (d, l) = (s.down[p] as usize, s.len[p] as usize);
        // ranks rt+1..=rb: the run's cards under its top (none when the run is one card; an
        // empty pile reads its first place twice, so none either)
        let (rb, rt) = (rank(s.cards[p][d]), rank(s.cards[p][l.max(1) - 1]));
        under[p] = up_ranks & ((1 << rb) - 1) & !((1 << rt) - 1);
        hits |= ((under[p] != 0) as u8) << p;
    }
    while hits != 0 {
        let p = hits.trailing_zeros() as usize;
        hits &= hits - 1;
        let (d, l) = (s.down[p] as usize, s.len[p] as usize);
        let rb = rank(s.cards[p][d]);
        let mut m = under[p];
        while m != 0 {
            // the highest rank first: the lowest place in the pile
            let b = 63 - m.leading_zeros() as u8;
            m &= !(1 << b);
            let j = d + (rb - 1 - b) as usize;
            if hid & bit(s.cards[p][j]) == 0 {
                continue;
            }
            let i = j + 1;
            let y = s.cards[p][i];
            a.each(s, y, p, |t| out.push(Move::PileToPile { from: p as u8, to: t, n: (l - i) as u8 }));
        }
    }
}

/// Foundation cards back down, unless they would be safe to put back.
#[inline(always)]
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
        a.each(s, c, PILES, |t| out.push(Move::FoundToPile { suit: su, to: t }));
    }
}

fn taps(n: u8, out: &mut Line) {
    for _ in 0..n {
        out.push("d");
    }
}

/// A pile number (1..7) or a run length (1..13) written after `t`: every won line spells a
/// token a move, so this skips `format!`'s machinery (a quarter of an easy deal's instructions).
#[inline]
fn push_num(t: &mut String, n: u8) {
    if n >= 10 {
        t.push('1');
    }
    t.push(char::from(b'0' + n % 10));
}

/// A destination: a pile number (0-based `to`) or `f`.
#[inline]
fn push_dest(t: &mut String, to: u8) {
    if to == FOUND {
        t.push('f');
    } else {
        push_num(t, to + 1);
    }
}

/// Spell `m`, made from `s`: a stock move comes out as its taps (and
/// turn-over) and then the play. Each token is written straight into the line's text.
pub fn spell(s: &State, m: Move, out: &mut Line) {
    if let Move::Waste { q, redeal, .. } = m {
        let d = s.draw;
        if redeal {
            taps((s.slen - s.pos).div_ceil(d), out);
            out.push("r");
            taps(q.div_ceil(d), out);
        } else {
            taps((q - s.pos).div_ceil(d), out);
        }
    }
    out.push_with(|t| match m {
        Move::PileToFound { from } => {
            push_num(t, from + 1);
            t.push_str(">f");
        }
        Move::PileToPile { from, to, n } => {
            push_num(t, from + 1);
            if n != 1 {
                t.push(':');
                push_num(t, n);
            }
            t.push('>');
            push_num(t, to + 1);
        }
        Move::Waste { to, .. } => {
            t.push_str("w>");
            push_dest(t, to);
        }
        Move::FoundToPile { suit: su, to } => {
            t.push('f');
            t.push(SUIT_LETTERS[su as usize]);
            t.push('>');
            push_num(t, to + 1);
        }
    });
}
