//! The abstract Klondike game's position (README.md, "The abstract game"): what `Abs` holds, its
//! exact key and seen set, making and undoing a move, the keys of children, and which cards may
//! go up safely. Its moves (which are legal, in what order), the static loss proof and the
//! search's view are `abstract_game.rs`, above it; the pruning rules (`prune.rs`) read it.
//!
//! Cards are 0..51 as in `state.rs`; a card set is a u64 with bit c for card c, so suit s holds
//! bits 13s..13s+12 and a suit's part shifted down is a 13-bit mask by rank (bit r-1 for rank r).

use super::abs_move::AbsMove;

use super::state::{bit, fits, next_up, rank, red, safe_cards, suit, State, KINGS, PILES, UNLIMITED};
use crate::core::seen::dense::DenseSet;
use crate::core::seen::{SeenKey, SeenSet};

/// Cards the deal put in a pile at most (6 face down and the surface card of a layout).
pub(super) const STRUCT_CAP: usize = 8;

/// Suit `s`'s part of a card set, by rank (bit r-1 for rank r).
#[inline]
pub(super) fn by_rank(m: u64, s: u8) -> u32 {
    ((m >> (13 * s as u32)) & 0x1fff) as u32
}

/// An abstract position. The structure of pile p is the bottom `strct[p]` cards the deal put
/// there, still in place: `deal[p][..strct[p]-1]` face down and the surface `deal[p][strct[p]-1]`
/// face up (in `vis`). Every other face-up tableau card is *placed*: it sits on a face-up card
/// of the next rank and other colour, or (a king) on an empty pile.
#[derive(Clone, Debug)]
pub struct Abs {
    pub deal: [[u8; STRUCT_CAP]; PILES],
    pub strct: [u8; PILES],
    /// Face-up tableau cards, surfaces included.
    pub vis: u64,
    pub found: [u8; 4],
    /// The stock cycle in drawing order, as in `state.rs`: `seq[..pos]` is the waste. Bytes from
    /// `slen` on are 0, so that the cycle can be shifted as two words (`take_stock`).
    pub seq: [u8; 32],
    pub slen: u8,
    pub pos: u8,
    pub draw: u8,
    pub stock_index: [u8; 52],
    pub stock_mask: u32,
    /// The key without the waste size (`key`), kept up to date by make/undo.
    pub(super) code: u64,
    /// What one more structure card on pile p adds to `code` (mixed radix, `key`).
    pub(super) pmul: [u64; PILES],
    /// The surface cards, kept up to date by make/undo.
    pub(super) surf: u64,
    /// The pile each dealt tableau card was dealt to.
    pub(super) pile_of: [u8; 52],
    /// The cards dealt at the bottom of the piles (a king there alone is rule K's lone king).
    pub(super) bottoms: u64,
    /// The cards in the stock cycle, kept up to date by make/undo.
    pub(super) scards: u64,
    /// `safe_next()` of the foundations it was last asked for (heights as one word, cards): the
    /// search asks it for the position and again for every keyed child with the same heights.
    pub(super) safe_seen: std::cell::Cell<(u32, u64)>,
    /// Leave out the reveal of a king with nothing under it (README.md, "The abstract game",
    /// rule K); true but in the test that compares the search with and without it.
    pub lone_kings: bool,
    /// Leave out a reveal that empties its pile when no king could go there (README.md, "The
    /// abstract game", rule E; `prune.rs`); true but in the test that compares the search
    /// without it.
    pub rule_e: bool,
    /// Looser safe moves: a card goes up without branching once both suits of the other colour
    /// hold rank−2 and its twin rank−3 (README.md, "The abstract game", rule S); true but in the
    /// test that compares the search with Lemma A's rule alone.
    pub rule_s: bool,
    /// List the reveals first, then face-up cards up, stock cards to the tableau in reach order,
    /// stock cards up, foundation cards down (lonelybot's order), instead of `legal`'s own: for
    /// the short dive before the main abstract search (README.md, "The abstract game", how it
    /// runs). The same moves either way.
    pub reveal_first: bool,
}

/// The exact key of an abstract position (`Abs::key`). It hashes without the waste size (the low
/// 5 bits), so the positions that differ only by it, which the waste dominance probes together,
/// share one probe sequence of the set: after the first probe the others hit the cache. Equality
/// reads every bit, so the set still tells every position apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AbsKey(pub u64);

impl std::hash::Hash for AbsKey {
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        h.write_u64(self.0 >> POS_BITS)
    }
}

/// The seen set of the abstract search: keys are never 0 (the waste size part is 1..=31) and have
/// at most 61 bits (`Abs::from_state`); the waste size is the low `POS_BITS`, so the keys that
/// differ only by it share a probe (a cache line).
#[derive(Default)]
pub struct AbsSeen(DenseSet<POS_BITS, KEY_BITS>);

impl SeenSet<AbsKey> for AbsSeen {
    #[inline]
    fn contains(&self, k: &AbsKey) -> bool {
        self.0.contains(k.0)
    }
    #[inline]
    fn insert(&mut self, k: AbsKey) {
        self.0.insert(k.0)
    }
    fn len(&self) -> usize {
        self.0.len()
    }
    fn reserve_one(&mut self) -> bool {
        self.0.reserve_one()
    }
    #[inline]
    fn prefetch(&self, k: &AbsKey) {
        self.0.prefetch(k.0)
    }
}

impl SeenKey for AbsKey {
    type Set = AbsSeen;
}

/// Key bits of the waste size, and of the stock cards left.
pub(super) const POS_BITS: u32 = 5;
/// Bits of a key at most (the seen set's bound): 29 of waste and stock, 32 of the mixed radix.
pub(super) const KEY_BITS: u32 = 61;
pub(super) const STOCK_BITS: u32 = 24;
/// Where the mixed-radix number of the foundations and structure counts starts in the key.
pub(super) const RADIX_SHIFT: u32 = POS_BITS + STOCK_BITS;
/// What one more card on foundation s adds to the key: 14^s (heights 0..13).
pub(super) const FMUL: [u64; 4] = [1 << RADIX_SHIFT, 14 << RADIX_SHIFT, 196 << RADIX_SHIFT, 2744 << RADIX_SHIFT];

/// What `revert` needs: the move, the waste size before, and whether a structure card left.
#[derive(Clone, Copy, Debug)]
pub struct AbsUndo {
    m: AbsMove,
    pos: u8,
    /// The pile whose surface left, or 255.
    pile: u8,
}

impl Abs {
    /// The abstract image of a concrete position: each pile's face-down cards and its lowest
    /// face-up card are its structure, the face-up cards above are placed. None with limited
    /// passes, or when a face-up run is not built down in alternate colours (a hand-made layout:
    /// then a placed card need not sit on a card that takes it, and the counting lemma fails).
    pub fn from_state(s: &State) -> Option<Abs> {
        if s.redeals != UNLIMITED {
            return None;
        }
        let mut a = Abs {
            deal: [[0; STRUCT_CAP]; PILES],
            strct: [0; PILES],
            vis: 0,
            found: s.found,
            seq: [0; 32],
            slen: s.slen,
            pos: s.pos,
            draw: s.draw,
            stock_index: s.stock_index,
            stock_mask: s.stock_mask,
            code: 0,
            pmul: [0; PILES],
            surf: 0,
            pile_of: [u8::MAX; 52],
            bottoms: 0,
            scards: s.seq[..s.slen as usize].iter().fold(0, |m, &c| m | bit(c)),
            lone_kings: true,
            rule_e: true,
            rule_s: true,
            reveal_first: false,
            safe_seen: std::cell::Cell::new((u32::MAX, 0)),
        };
        a.seq[..s.slen as usize].copy_from_slice(&s.seq[..s.slen as usize]);
        for p in 0..PILES {
            let (l, d) = (s.len[p] as usize, s.down[p] as usize);
            if l == 0 {
                continue;
            }
            for i in 0..=d {
                a.deal[p][i] = s.cards[p][i];
                a.pile_of[s.cards[p][i] as usize] = p as u8;
            }
            a.surf |= bit(s.cards[p][d]);
            a.bottoms |= bit(s.cards[p][0]);
            a.strct[p] = d as u8 + 1;
            for i in d..l {
                a.vis |= bit(s.cards[p][i]);
                if i > d && !fits(s.cards[p][i], s.cards[p][i - 1]) {
                    return None;
                }
            }
        }
        // The structure counts only fall, so pile p's digit has radix strct[p] + 1 (after the four
        // foundation digits of radix 14); the number must fit above the stock and waste bits.
        let mut m = 14u64.pow(4);
        for p in 0..PILES {
            a.pmul[p] = m << RADIX_SHIFT;
            m *= a.strct[p] as u64 + 1;
        }
        if m > 1 << (KEY_BITS - RADIX_SHIFT) || s.slen as u32 > STOCK_BITS {
            return None;
        }
        a.code = a.fresh_code();
        Some(a)
    }

    /// `key` computed from scratch (make/undo keep `code` incrementally), for the tests.
    pub fn fresh_key(&self) -> AbsKey {
        let k = self.key().0 & ((1 << POS_BITS) - 1);
        AbsKey(self.fresh_code() | k)
    }

    pub(super) fn fresh_code(&self) -> u64 {
        let mut k = (self.stock_mask as u64) << POS_BITS;
        for s in 0..4 {
            k += self.found[s] as u64 * FMUL[s];
        }
        for p in 0..PILES {
            k += self.strct[p] as u64 * self.pmul[p];
        }
        k
    }

    #[inline]
    pub(super) fn found_up(&mut self, c: u8) {
        let s = suit(c) as usize;
        // the four heights as one word: the next reads (`safe_next`, `won`) load them whole, and
        // a byte store would stall them (no store forwarding from a narrower store)
        self.found = (u32::from_le_bytes(self.found) + (1 << (8 * s))).to_le_bytes();
        self.code += FMUL[s];
    }

    #[inline]
    pub(super) fn found_down(&mut self, c: u8) {
        let s = suit(c) as usize;
        self.found = (u32::from_le_bytes(self.found) - (1 << (8 * s))).to_le_bytes();
        self.code -= FMUL[s];
    }

    /// The surface cards (the top structure card of each pile that has one).
    #[inline]
    pub fn surfaces(&self) -> u64 {
        self.surf
    }

    /// The pile card `c` was dealt to (for a card of the structure).
    #[inline]
    pub(super) fn pile_of(&self, c: u8) -> usize {
        self.pile_of[c as usize] as usize
    }

    /// The pile whose surface is `c`, if any.
    #[inline]
    pub(super) fn surface_pile(&self, c: u8) -> Option<usize> {
        (self.surf & bit(c) != 0).then(|| self.pile_of[c as usize] as usize)
    }

    /// Which card types (rank and colour) have a face-up card with nothing on it, and how many
    /// empty piles nothing sits on: (black by rank, red by rank, free empty piles).
    ///
    /// The counting lemma: every placed card sits on exactly one face-up card of the next rank
    /// and other colour (a placed king on one empty pile), and a card holds at most one card, so
    /// the uncovered cards of a type number (face-up cards of that type) − (placed cards of the
    /// two types that sit on it). Here per rank with 0..2 cards each: "1 or 2 present and none
    /// placed on them" or "2 present and at most 1 placed".
    pub fn uncovered(&self) -> (u32, u32, i32) {
        let placed = self.vis & !self.surfaces();
        let v = |s| by_rank(self.vis, s);
        let pl = |s| by_rank(placed, s);
        let free = |a: u32, b: u32, c: u32, d: u32| {
            // a, b: the colour's two suits present; c, d: the other colour's placed, one rank lower.
            let (p1, p2) = (a | b, a & b);
            let (c1, c2) = ((c | d) << 1, (c & d) << 1);
            ((p2 & !c2) | (p1 & !c1)) & 0x1fff
        };
        let black = free(v(0), v(3), pl(1), pl(2));
        let red_ = free(v(1), v(2), pl(0), pl(3));
        let empty = self.strct.iter().filter(|&&k| k == 0).count() as i32 - (placed & KINGS).count_ones() as i32;
        (black, red_, empty)
    }

    /// Whether `c` has somewhere to go in the tableau: an uncovered face-up card of the next rank
    /// and other colour, or (a king) an empty pile nothing sits on.
    #[cfg(test)]
    #[inline]
    pub(super) fn has_parent(u: (u32, u32, i32), c: u8) -> bool {
        let r = rank(c);
        if r == 13 {
            return u.2 > 0;
        }
        let m = if red(c) { u.0 } else { u.1 };
        m >> r & 1 == 1
    }

    /// Whether some face-up card of `c`'s type (rank and colour) has nothing on it.
    #[cfg(test)]
    #[inline]
    pub(super) fn type_uncovered(u: (u32, u32, i32), c: u8) -> bool {
        let m = if red(c) { u.1 } else { u.0 };
        m >> (rank(c) - 1) & 1 == 1
    }

    /// The four cards the foundations take next.
    #[inline]
    pub(super) fn next_up(&self) -> u64 {
        next_up(&self.found)
    }

    #[inline]
    pub(super) fn to_found_ok(&self, c: u8) -> bool {
        self.found[suit(c) as usize] == rank(c) - 1
    }

    /// The waste sizes q (≥ 1) reachable by tapping and turning over (passes unlimited); the
    /// card played from size q is `seq[q-1]`. The current pass pos, pos+d, .., slen, then the
    /// turn-over cycle d, 2d, .., slen.
    pub fn reach(&self, mut f: impl FnMut(u8)) {
        let (l, d, p) = (self.slen, self.draw, self.pos);
        if l == 0 {
            return;
        }
        let mut seen = 0u32;
        let mut q = p;
        loop {
            if q > 0 && seen & 1 << q == 0 {
                seen |= 1 << q;
                f(q);
            }
            if q == l {
                break;
            }
            q = (q + d).min(l);
        }
        let mut q = 0;
        while q < l {
            q = (q + d).min(l);
            if seen & 1 << q == 0 {
                seen |= 1 << q;
                f(q);
            }
        }
    }

    /// The stock cycle as two little-endian words (byte i of `seq` is bits 8i.. of the pair).
    #[inline]
    pub(super) fn seq_words(&self) -> (u128, u128) {
        let (lo, hi) = self.seq.split_at(16);
        (u128::from_le_bytes(lo.try_into().unwrap()), u128::from_le_bytes(hi.try_into().unwrap()))
    }

    #[inline]
    pub(super) fn set_seq_words(&mut self, (lo, hi): (u128, u128)) {
        self.seq[..16].copy_from_slice(&lo.to_le_bytes());
        self.seq[16..].copy_from_slice(&hi.to_le_bytes());
    }

    /// Where stock card `c` is in the cycle: the first byte equal to `c`, found a word at a time
    /// (the lowest flag of the zero-byte test is exact; the cards are distinct, and the 0 bytes
    /// past `slen` come after every stock card).
    #[inline]
    pub(super) fn stock_index_of(&self, c: u8) -> usize {
        const ONES: u128 = u128::MAX / 255;
        let first_zero = |w: u128| {
            let x = w ^ (ONES * c as u128);
            (x.wrapping_sub(ONES) & !x & (ONES << 7)).trailing_zeros() as usize / 8
        };
        let (lo, hi) = self.seq_words();
        let i = match first_zero(lo) {
            16 => 16 + first_zero(hi),
            i => i,
        };
        debug_assert!(i < self.slen as usize && self.seq[i] == c, "a stock card");
        i
    }

    /// Bytes below `i` of the word pair, as a mask pair.
    #[inline]
    pub(super) fn below(i: usize) -> (u128, u128) {
        let m = |k: usize| if k >= 16 { u128::MAX } else { (1u128 << (8 * k)) - 1 };
        (m(i), m(i.saturating_sub(16)))
    }

    /// Take stock card `c` out of the cycle; the waste then holds the cards before it.
    pub(super) fn take_stock(&mut self, c: u8) {
        let i = self.stock_index_of(c);
        // the bytes above i move down one (a 0 comes in at the top)
        let (lo, hi) = self.seq_words();
        let (mlo, mhi) = Self::below(i);
        let (dlo, dhi) = (lo >> 8 | hi << 120, hi >> 8);
        self.set_seq_words((lo & mlo | dlo & !mlo, hi & mhi | dhi & !mhi));
        self.slen -= 1;
        self.pos = i as u8;
        self.stock_mask &= !(1 << self.stock_index[c as usize]);
        self.scards &= !bit(c);
        self.code &= !(1 << (POS_BITS + self.stock_index[c as usize] as u32));
    }

    pub(super) fn put_back_stock(&mut self, c: u8, pos: u8) {
        let i = self.pos as usize;
        // the bytes from i on move up one (the top byte, past `slen`, is 0), then c goes in at i
        let (lo, hi) = self.seq_words();
        let (mlo, mhi) = Self::below(i);
        let (ulo, uhi) = (lo << 8, hi << 8 | lo >> 120);
        self.set_seq_words((lo & mlo | ulo & !mlo, hi & mhi | uhi & !mhi));
        self.seq[i] = c;
        self.slen += 1;
        self.stock_mask |= 1 << self.stock_index[c as usize];
        self.scards |= bit(c);
        self.code |= 1 << (POS_BITS + self.stock_index[c as usize] as u32);
        self.pos = pos;
    }

    /// The surface of pile p leaves the structure: the card under it (if any) turns face up.
    pub(super) fn pop_structure(&mut self, p: usize) {
        self.strct[p] -= 1;
        self.code -= self.pmul[p];
        let k = self.strct[p] as usize;
        self.surf &= !bit(self.deal[p][k]);
        if k > 0 {
            self.vis |= bit(self.deal[p][k - 1]);
            self.surf |= bit(self.deal[p][k - 1]);
        }
    }

    pub(super) fn push_structure(&mut self, p: usize) {
        let k = self.strct[p] as usize;
        if k > 0 {
            self.vis &= !bit(self.deal[p][k - 1]);
            self.surf &= !bit(self.deal[p][k - 1]);
        }
        self.surf |= bit(self.deal[p][k]);
        self.strct[p] += 1;
        self.code += self.pmul[p];
    }

    /// Whether `c` (next on its foundation) may go up without branching: an ace, or both
    /// other-colour foundations hold rank−1 and the same colour's other suit rank−2 (with
    /// `rule_s`, rank−2 and rank−3; README.md, "The abstract game", safe moves: abstract Lemma A,
    /// and rule S).
    #[inline]
    pub(super) fn safe_up(&self, c: u8) -> bool {
        let r = rank(c);
        if !self.to_found_ok(c) {
            return false;
        }
        if r == 1 {
            return true;
        }
        let (o1, o2) = if red(c) { (0, 3) } else { (1, 2) };
        let (others, twin) = if self.rule_s { (r - 2, r as i8 - 3) } else { (r - 1, r as i8 - 2) };
        self.found[o1] >= others && self.found[o2] >= others && self.found[3 - suit(c) as usize] as i8 >= twin
    }

    /// The cards `safe_up` allows, one per suit at most, from the foundation heights alone
    /// (cheaper than testing cards one by one; `safe_of`).
    #[cfg(test)]
    pub(super) fn safe_next(&self) -> u64 {
        self.safe_of(self.found)
    }

    /// The search without rule S (`rule_s`), for the test that compares it with the rule: the
    /// remembered safe cards are forgotten with it.
    #[cfg(test)]
    pub(super) fn without_rule_s(&mut self) {
        self.rule_s = false;
        self.safe_seen.set((u32::MAX, 0));
    }

    /// `safe_of` of these heights (one word), from the last answer when they are the same.
    #[inline]
    pub(super) fn safe_cached(&self, found: u32) -> u64 {
        let (f, ok) = self.safe_seen.get();
        if f == found {
            return ok;
        }
        let ok = self.safe_of(found.to_le_bytes());
        self.safe_seen.set((found, ok));
        ok
    }

    /// `safe_next` with these heights (`safe_cards`, no card safe by its rank alone): Lemma A's
    /// rule, a suit's next card (rank f+1) when the other colour's heights are ≥ f and its twin's
    /// ≥ f−1; with rule S one lower each, ≥ f−1 and ≥ f−2 (then aces and twos always).
    #[inline]
    pub(super) fn safe_of(&self, found: [u8; 4]) -> u64 {
        safe_cards(found, 0, self.rule_s as u8)
    }

    pub fn apply(&mut self, m: AbsMove) -> AbsUndo {
        let mut undo = AbsUndo { m, pos: self.pos, pile: u8::MAX };
        match m {
            AbsMove::PileStack(c) => {
                if let Some(p) = self.surface_pile(c) {
                    self.pop_structure(p);
                    undo.pile = p as u8;
                }
                self.vis &= !bit(c);
                self.found_up(c);
            }
            AbsMove::Reveal(c) => {
                let p = self.surface_pile(c).expect("a surface");
                self.pop_structure(p);
                undo.pile = p as u8;
            }
            AbsMove::StackPile(c) => {
                self.found_down(c);
                self.vis |= bit(c);
            }
            AbsMove::DeckStack(c) => {
                self.take_stock(c);
                self.found_up(c);
            }
            AbsMove::DeckPile(c) => {
                self.take_stock(c);
                self.vis |= bit(c);
            }
        }
        undo
    }

    pub fn revert(&mut self, u: AbsUndo) {
        match u.m {
            AbsMove::PileStack(c) => {
                self.found_down(c);
                self.vis |= bit(c);
                if u.pile != u8::MAX {
                    self.push_structure(u.pile as usize);
                }
            }
            AbsMove::Reveal(_) => self.push_structure(u.pile as usize),
            AbsMove::StackPile(c) => {
                self.vis &= !bit(c);
                self.found_up(c);
            }
            AbsMove::DeckStack(c) => {
                self.found_down(c);
                self.put_back_stock(c, u.pos);
            }
            AbsMove::DeckPile(c) => {
                self.vis &= !bit(c);
                self.put_back_stock(c, u.pos);
            }
        }
    }

    /// The exact key, 61 bits at most: the waste size, one value for every size on the turn-over
    /// cycle (5), which dealt stock cards are left (24), and above them the foundation heights and
    /// structure counts as one mixed-radix number. The face-down cards follow from the counts, the
    /// face-up set from the rest (every card is on a foundation, in the stock, face down or face up).
    #[inline]
    pub fn key(&self) -> AbsKey {
        self.key_of(self.code, self.pos, self.slen)
    }

    /// `key` of a position with this draw and the given `code`, waste size and stock size.
    #[inline]
    pub(super) fn key_of(&self, code: u64, pos: u8, slen: u8) -> AbsKey {
        let on_cycle = self.draw == 1 || pos % self.draw == 0 || pos == slen;
        let pos = if slen == 0 || on_cycle { 31 } else { pos as u64 };
        AbsKey(code | pos)
    }

    /// The key of the position `m` (legal here) leads to, computed without making it, when that
    /// position has no safe move and is not won (then the search's key after `m` and its safe
    /// moves is exactly this); None otherwise. For the search's look-ahead (`Game::child_key`):
    /// it reads what `apply` would change (heights, face-up cards, `code`, waste and stock size).
    pub fn child_key(&self, m: AbsMove) -> Option<AbsKey> {
        // the heights as one word, as in `found_up`: a byte store then a word load would stall
        let (mut found, mut vis, mut code) = (u32::from_le_bytes(self.found), self.vis, self.code);
        let (mut pos, mut slen, mut scards) = (self.pos, self.slen, self.scards);
        let mut take = |c: u8, code: &mut u64| {
            // at draw 1 every waste size is on the turn-over cycle: the key has no waste size
            if self.draw != 1 {
                pos = self.stock_index_of(c) as u8;
            }
            slen -= 1;
            scards &= !bit(c);
            *code &= !(1 << (POS_BITS + self.stock_index[c as usize] as u32));
        };
        // the surface `c` of its pile leaves the structure, as `pop_structure`
        let pop = |c: u8, code: &mut u64, vis: &mut u64| {
            let p = self.pile_of[c as usize] as usize;
            *code -= self.pmul[p];
            let k = self.strct[p] as usize - 1;
            if k > 0 {
                *vis |= bit(self.deal[p][k - 1]);
            }
        };
        match m {
            AbsMove::PileStack(c) => {
                if self.surf & bit(c) != 0 {
                    pop(c, &mut code, &mut vis);
                }
                vis &= !bit(c);
                found += 1 << (8 * suit(c));
                code += FMUL[suit(c) as usize];
            }
            AbsMove::Reveal(c) => pop(c, &mut code, &mut vis),
            AbsMove::StackPile(c) => {
                found -= 1 << (8 * suit(c));
                code -= FMUL[suit(c) as usize];
                vis |= bit(c);
            }
            AbsMove::DeckStack(c) => {
                take(c, &mut code);
                found += 1 << (8 * suit(c));
                code += FMUL[suit(c) as usize];
            }
            AbsMove::DeckPile(c) => {
                take(c, &mut code);
                vis |= bit(c);
            }
        }
        let ok = self.safe_cached(found);
        if found == u32::from_le_bytes([13; 4]) || vis & ok != 0 || (self.draw == 1 && scards & ok != 0) {
            return None;
        }
        Some(self.key_of(code, pos, slen))
    }
}
