//! The abstract Klondike game (README.md, "The abstract game"): no piles, only
//! which cards are face up in the tableau, how much of each dealt pile is still in place, the
//! foundations and the stock cycle. Its search proves losses: every concrete winning line maps to
//! an abstract winning line, so an abstract search that runs dry proves the deal lost. Only for
//! unlimited passes (a concrete turn-over is dropped in the abstract game, which would miscount
//! limited passes).
//!
//! The position (what `Abs` holds, make and undo, its keys, the safe cards) is `abs_position.rs`;
//! here its moves and their order, waste dominance, the blocked-structure test and `Game`.
//!
//! Cards are 0..51 as in `state.rs`; a card set is a u64 with bit c for card c, so suit s holds
//! bits 13s..13s+12 and a suit's part shifted down is a 13-bit mask by rank (bit r-1 for rank r).

use super::abs_move::AbsMove;
use super::abs_position::by_rank;
pub use super::abs_position::{Abs, AbsKey, AbsSeen, AbsUndo};
use super::prune;
use super::state::{bit, rank, red, safe_suit, suit, KINGS, PILES};
use crate::core::search::Game;

impl Abs {
    /// A safe move: a face-up card, or at draw 1 a stock card, that `safe_up` allows (the lowest
    /// rank first, then the lowest card number: then no card that could sit on it lies face up,
    /// README.md, "The abstract game", rule S).
    pub fn safe(&self) -> Option<AbsMove> {
        let ok = self.safe_cached(u32::from_le_bytes(self.found));
        let m = self.vis & ok;
        if m != 0 {
            // at most one card a suit: the lowest rank, ties to the lower card number
            let (mut c, mut rest) = (m.trailing_zeros() as u8, m & (m - 1));
            while rest != 0 {
                let d = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                if rank(d) < rank(c) {
                    c = d;
                }
            }
            debug_assert!(self.safe_up(c));
            return Some(AbsMove::PileStack(c));
        }
        if self.draw == 1 && self.scards & ok != 0 {
            for &c in &self.seq[..self.slen as usize] {
                if ok & bit(c) != 0 {
                    return Some(AbsMove::DeckStack(c));
                }
            }
        }
        None
    }

    /// `has_parent` and `type_uncovered` for every card at once, as card sets: (the cards that
    /// have somewhere to go in the tableau, the cards whose type has an uncovered face-up card).
    #[inline]
    fn by_type(u: (u32, u32, i32)) -> (u64, u64) {
        // rank r's parent has rank r+1: bit r of the other colour's mask, moved to bit r-1
        let king = if u.2 > 0 { 1 << 12 } else { 0 };
        let (on_black, on_red) = ((u.0 >> 1 | king) as u64, (u.1 >> 1 | king) as u64);
        let parent = on_red | on_black << 13 | on_black << 26 | on_red << 39;
        let (b, r) = (u.0 as u64, u.1 as u64);
        (parent, b | r << 13 | r << 26 | b << 39)
    }

    /// Whether pile p's structure is one king alone (nothing face down under it): revealing it
    /// leads to a position that behaves exactly as this one, so it is left out (README.md,
    /// "The abstract game", rule K).
    #[cfg(test)]
    pub(super) fn lone_king(&self, p: usize) -> bool {
        self.strct[p] == 1 && rank(self.deal[p][0]) == 13
    }

    /// The reveals as first written, pile by pile: `reveals`' oracle, for `legal_by_card` (`fits`:
    /// whether a card has somewhere to go in the tableau). Each pile's surface with what lies on
    /// it to another pile, the deepest structure first (ties: the lower pile first).
    /// Rule E (prune.rs) leaves out a reveal that empties its pile when no king could go there
    /// (`reached`: the reachable stock cards; asked once, and only if such a reveal fits).
    #[cfg(test)]
    fn reveals_by_pile(&self, fits: impl Fn(u8) -> bool, reached: u64, out: &mut Vec<AbsMove>) {
        let (mut rv, mut n) = ([(0u8, 0u8); PILES], 0);
        let mut king_free = None;
        for p in 0..PILES {
            let k = self.strct[p];
            if k > 0 && !(self.lone_kings && self.lone_king(p)) && fits(self.deal[p][k as usize - 1]) {
                let c = self.deal[p][k as usize - 1];
                if self.rule_e
                    && prune::empties_at(k, c)
                    && !*king_free.get_or_insert_with(|| prune::king_to_place(self, reached))
                {
                    continue;
                }
                let mut i = n;
                while i > 0 && rv[i - 1].0 < k {
                    rv[i] = rv[i - 1];
                    i -= 1;
                }
                rv[i] = (k, c);
                n += 1;
            }
        }
        out.extend(rv[..n].iter().map(|&(_, c)| AbsMove::Reveal(c)));
    }

    /// `reveals_by_pile` (the tests' oracle) from the card sets: the surfaces that have somewhere
    /// to go (`parent`), but the lone kings (surfaces dealt at the bottom), one pile each, in the
    /// same order (the deepest structure first, ties: the lower pile first).
    #[inline]
    fn reveals(&self, parent: u64, reached: u64, out: &mut Vec<AbsMove>) {
        let lone = if self.lone_kings { KINGS & self.bottoms } else { 0 };
        let mut m = self.surf & parent & !lone;
        let (mut rv, mut n) = ([(0u8, 0u8, 0u8); PILES], 0);
        let mut king_free = None;
        while m != 0 {
            let c = m.trailing_zeros() as u8;
            m &= m - 1;
            let p = self.pile_of[c as usize];
            let k = self.strct[p as usize];
            if self.rule_e
                && prune::empties_at(k, c)
                && !*king_free.get_or_insert_with(|| prune::king_to_place(self, reached))
            {
                continue;
            }
            let mut i = n;
            while i > 0 && (rv[i - 1].0 < k || (rv[i - 1].0 == k && rv[i - 1].1 > p)) {
                rv[i] = rv[i - 1];
                i -= 1;
            }
            rv[i] = (k, p, c);
            n += 1;
        }
        out.extend(rv[..n].iter().map(|&(_, _, c)| AbsMove::Reveal(c)));
    }

    /// Every legal abstract move, in a fixed order (best first for finding wins: stock cards to
    /// the tableau before reveals, the lowest rank first, README.md, "The abstract game", move
    /// order).
    pub fn legal(&self, out: &mut Vec<AbsMove>) {
        let (parent, uncovered) = Self::by_type(self.uncovered());
        let up = self.next_up();
        // The stock cards reachable by taps and turn-overs, in `reach` order, and as a set.
        let (mut rc, mut nr, mut reached) = ([0u8; 24], 0, 0u64);
        if self.draw == 1 {
            // every stock card, from the waste's top on round the cycle (`reach`: sizes pos..slen,
            // then 1..pos−1), listed only when one of them has a move
            reached = self.scards;
            if reached & (up | parent) != 0 {
                // the cycle twice in a row (`seq` from 0 and again from `slen`), read from the
                // waste's top: copies of fixed sizes, which compile to a few vector moves
                let (l, p) = (self.slen as usize, (self.pos as usize).max(1));
                let mut twice = [0u8; 64];
                twice[..32].copy_from_slice(&self.seq);
                twice[l..l + 32].copy_from_slice(&self.seq);
                rc.copy_from_slice(&twice[p - 1..p - 1 + 24]);
                nr = l;
            }
        } else {
            self.reach(|q| {
                let c = self.seq[q as usize - 1];
                rc[nr] = c;
                nr += 1;
                reached |= bit(c);
            });
        }
        let rc = &rc[..nr];
        let fits = |c: u8| parent & bit(c) != 0;
        if self.reveal_first {
            self.reveals(parent, reached, out);
        }
        // Face-up cards to their foundations (the next card of a suit is always taken there).
        let mut m = self.vis & up & uncovered;
        while m != 0 {
            let c = m.trailing_zeros() as u8;
            m &= m - 1;
            out.push(AbsMove::PileStack(c));
        }
        if self.reveal_first {
            // Stock cards to the tableau in reach order, then to their foundations.
            out.extend(rc.iter().filter(|&&c| fits(c)).map(|&c| AbsMove::DeckPile(c)));
            out.extend(rc.iter().filter(|&&c| up & bit(c) != 0).map(|&c| AbsMove::DeckStack(c)));
        } else {
            // Stock cards to their foundations.
            if reached & up != 0 {
                out.extend(rc.iter().filter(|&&c| up & bit(c) != 0).map(|&c| AbsMove::DeckStack(c)));
            }
            // Stock cards to the tableau, the lowest rank first (ties in reach order; README.md,
            // "The abstract game", move order): an insertion sort, stable, of the few that fit.
            if reached & parent != 0 {
                let (mut dp, mut n) = ([0u8; 24], 0);
                for &c in rc.iter().filter(|&&c| fits(c)) {
                    let mut i = n;
                    while i > 0 && rank(dp[i - 1]) > rank(c) {
                        dp[i] = dp[i - 1];
                        i -= 1;
                    }
                    dp[i] = c;
                    n += 1;
                }
                out.extend(dp[..n].iter().map(|&c| AbsMove::DeckPile(c)));
            }
            self.reveals(parent, reached, out);
        }
        // Foundation cards back down, but none that the safe rule puts straight back up: that
        // child is this position again (README.md, "The abstract game", move order).
        for s in 0..4u8 {
            let f = self.found[s as usize];
            if f > 0 && parent & bit(s * 13 + f - 1) != 0 && !self.back_up_at_once(s) {
                out.push(AbsMove::StackPile(s * 13 + f - 1));
            }
        }
    }

    /// Whether suit `s`'s foundation top, brought down, is safe to put up (`safe_up`) with its
    /// suit one lower: then the position after `StackPile` and its safe moves is this one.
    #[inline]
    fn back_up_at_once(&self, s: u8) -> bool {
        // `safe_of` of the lowered heights, for suit s alone: only its own height changes
        let h = self.found;
        let others = if s == 1 || s == 2 { h[0].min(h[3]) } else { h[1].min(h[2]) };
        safe_suit(h[s as usize] - 1, others, h[3 - s as usize], 0, self.rule_s as u8)
    }

    /// `legal` as first written, card by card: the oracle of its test.
    #[cfg(test)]
    pub(super) fn legal_by_card(&self, out: &mut Vec<AbsMove>) {
        let u = self.uncovered();
        // The stock cards reachable by taps and turn-overs, in `reach` order.
        let (mut rc, mut nr) = ([0u8; 24], 0);
        self.reach(|q| {
            rc[nr] = self.seq[q as usize - 1];
            nr += 1;
        });
        let rc = &rc[..nr];
        let reached = rc.iter().fold(0, |m, &c| m | bit(c));
        if self.reveal_first {
            self.reveals_by_pile(|c| Self::has_parent(u, c), reached, out);
        }
        // Face-up cards to their foundations.
        let mut m = self.vis & self.next_up();
        while m != 0 {
            let c = m.trailing_zeros() as u8;
            m &= m - 1;
            if self.to_found_ok(c) && Self::type_uncovered(u, c) {
                out.push(AbsMove::PileStack(c));
            }
        }
        let deck_stack = |out: &mut Vec<AbsMove>| {
            for &c in rc {
                if self.to_found_ok(c) {
                    out.push(AbsMove::DeckStack(c));
                }
            }
        };
        if self.reveal_first {
            for &c in rc {
                if Self::has_parent(u, c) {
                    out.push(AbsMove::DeckPile(c));
                }
            }
            deck_stack(out);
        } else {
            deck_stack(out);
            // Stock cards to the tableau, rank by rank, each rank in reach order.
            for r in 1..=13 {
                for &c in rc {
                    if rank(c) == r && Self::has_parent(u, c) {
                        out.push(AbsMove::DeckPile(c));
                    }
                }
            }
            self.reveals_by_pile(|c| Self::has_parent(u, c), reached, out);
        }
        // Foundation cards back down, unless `safe_up` would put the card straight back.
        for s in 0..4u8 {
            let f = self.found[s as usize];
            if f > 0 {
                let c = s * 13 + f - 1;
                let mut down = self.clone();
                down.found[s as usize] -= 1;
                if Self::has_parent(u, c) && !down.safe_up(c) {
                    out.push(AbsMove::StackPile(c));
                }
            }
        }
    }

    /// Whether the same position with another waste size that reaches every size this one
    /// reaches was searched (README.md, "The abstract game", waste dominance). Draw 3 only:
    /// off the turn-over cycle, size p reaches p, p+3, .. and the cycle; on it, only the cycle.
    /// So a size p is dominated by any off-cycle size p−3k ≥ 1, and the cycle by any off-cycle size.
    pub fn dominated_by_waste(&self, seen: &dyn Fn(&AbsKey) -> bool) -> bool {
        let (l, d) = (self.slen, self.draw);
        if d == 1 || l == 0 {
            return false;
        }
        let base = self.code;
        let off = |p: u8| p % d != 0 && p < l;
        let probe = |p: u8| seen(&AbsKey(base | p as u64));
        if off(self.pos) {
            let mut p = self.pos;
            while p > d {
                p -= d;
                if probe(p) {
                    return true;
                }
            }
            false
        } else {
            (1..l).any(|p| off(p) && probe(p))
        }
    }

    /// Whether some structure card can never leave its place, so the position has no win
    /// (README.md, "The abstract game", blocked structure). Two least fixpoints grown
    /// together: the structure cards that may leave, and the cards that may be face up in the
    /// tableau (V). A structure card may leave once every card above it may, and either every
    /// lower card of its suit that is in the structure may (to go up) or a card of its parent type
    /// may be in V (to be revealed onto; a king: another pile may lose all its structure). A card
    /// may be in V when it is there now, or is a structure card with every card above it gone, or
    /// lies outside the structure (stock, foundation) and a card of its parent type may be in V
    /// (a king: some pile may lose all its structure).
    pub fn blocked(&self) -> bool {
        // The same least fixpoint as `blocked_by_card` (tests), with the cards that may leave
        // kept as a card set (a card's lower cards of its suit are one mask test, not a loop),
        // each pile followed down while its cards may leave, and a stop once all may.
        let (mut total, mut structure) = (0, 0u64);
        for p in 0..PILES {
            for i in 0..self.strct[p] as usize {
                structure |= bit(self.deal[p][i]);
            }
            total += self.strct[p];
        }
        // gone: every card outside the structure and each pile's structure cards that may leave
        let mut gone = !structure;
        // leaves[p] = how many of pile p's structure cards, from the top, may leave
        let mut leaves = [0u8; PILES];
        let mut inv = self.vis;
        let mut n = 0;
        let parents = |c: u8| -> u64 {
            let r = rank(c) as u32;
            if red(c) {
                1 << r | 1 << (39 + r)
            } else {
                1 << (13 + r) | 1 << (26 + r)
            }
        };
        loop {
            let mut moved = false;
            let empty_some = (0..PILES).any(|q| leaves[q] >= self.strct[q]);
            // cards that may come into V, a card set at a time (the same least fixpoint as card
            // by card: every rule only grows the sets): the cards outside the structure whose
            // parent type is in V (kings: a pile may empty), and below, each pile's structure
            // card left bare
            let (black, red_) = (by_rank(inv, 0) | by_rank(inv, 3), by_rank(inv, 1) | by_rank(inv, 2));
            let add = !structure & Self::by_type((black, red_, empty_some as i32)).0;
            if add & !inv != 0 {
                inv |= add;
                moved = true;
            }
            // each pile's bare structure cards while they may leave (the next one is bare then)
            for p in 0..PILES {
                let k = self.strct[p];
                while leaves[p] < k {
                    let c = self.deal[p][(k - 1 - leaves[p]) as usize];
                    if inv & bit(c) == 0 {
                        inv |= bit(c);
                        moved = true;
                    }
                    let (r, s) = (rank(c), suit(c));
                    // every lower card of its suit may leave (go up before it)
                    let up = ((1u64 << (r - 1)) - 1) << (13 * s) & !gone == 0;
                    let onto = if r == 13 {
                        (0..PILES).any(|q| q != p && leaves[q] >= self.strct[q])
                    } else {
                        inv & parents(c) != 0
                    };
                    if !(up || onto) {
                        break;
                    }
                    leaves[p] += 1;
                    gone |= bit(c);
                    n += 1;
                    moved = true;
                }
            }
            // every structure card may leave: not blocked, whatever another round would add
            if !moved || n == total {
                break;
            }
        }
        n < total
    }
}

/// Spell an abstract move as one token (`ps`, `sp`, `ds`, `dp`, `rv` and the card number), so
/// that a won abstract line can pass through the shared search's spelled lines.
pub fn token(m: AbsMove) -> String {
    let (t, c) = match m {
        AbsMove::PileStack(c) => ("ps", c),
        AbsMove::StackPile(c) => ("sp", c),
        AbsMove::DeckStack(c) => ("ds", c),
        AbsMove::DeckPile(c) => ("dp", c),
        AbsMove::Reveal(c) => ("rv", c),
    };
    format!("{t}{c}")
}

/// The move `token` spelled.
pub fn parse(t: &str) -> Option<AbsMove> {
    let (k, c) = t.split_at(2);
    let c: u8 = c.parse().ok()?;
    Some(match k {
        "ps" => AbsMove::PileStack(c),
        "sp" => AbsMove::StackPile(c),
        "ds" => AbsMove::DeckStack(c),
        "dp" => AbsMove::DeckPile(c),
        "rv" => AbsMove::Reveal(c),
        _ => return None,
    })
}

impl Game for Abs {
    type Move = AbsMove;
    type Undo = AbsUndo;
    type Key = AbsKey;

    fn safe_move(&self) -> Option<AbsMove> {
        self.safe()
    }
    fn moves(&self, out: &mut Vec<AbsMove>) {
        self.legal(out)
    }
    fn apply(&mut self, m: AbsMove) -> AbsUndo {
        Abs::apply(self, m)
    }
    fn revert(&mut self, u: AbsUndo) {
        Abs::revert(self, u)
    }
    fn won(&self) -> bool {
        self.found == [13; 4]
    }
    fn key(&self) -> AbsKey {
        Abs::key(self)
    }
    fn dominated(&self, seen: &dyn Fn(&AbsKey) -> bool) -> bool {
        self.dominated_by_waste(seen)
    }
    /// Its set is far larger than the caches and most children are seen (`Game::LOOKAHEAD`).
    const LOOKAHEAD: bool = true;
    fn child_key(&self, m: AbsMove) -> Option<AbsKey> {
        Abs::child_key(self, m)
    }
    fn spell(&self, m: AbsMove, out: &mut crate::core::search::Line) {
        out.push(token(m))
    }
}
