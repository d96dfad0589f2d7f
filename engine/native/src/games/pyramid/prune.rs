//! Pyramid's pruning (README.md): which live cards can still meet (`Reach`), a card's only
//! partner, positions proved dead by counts or by the order the cards must go, dominance, and the
//! canonical deck of the key. It reads the position (state.rs); mod.rs's `Game` calls it.

use super::state::*;

/// Which live cards can still meet: the live table and deck masks, the waste when no turn-over
/// is left (then no two of its cards are ever free together), and the deck cards that can
/// still be free (`Pyramid::reach`).
pub(super) struct Reach {
    pub(super) table: u32,
    pub(super) deck: u32,
    pub(super) waste: u32,
    pub(super) usable: u32,
}

/// A card's place: table position or deck index.
#[derive(Clone, Copy)]
pub(super) enum Loc {
    Table(usize),
    Deck(usize),
}


impl Pyramid {
    /// Live cards (table and stock/waste) of each rank 1..13.
    pub(super) fn live_by_rank(&self) -> [u8; 14] {
        let (table, live) = (FULL & !self.removed, self.live());
        let mut n = [0u8; 14];
        for r in 1..14 {
            n[r] = ((self.table_rank[r] & table).count_ones() + (self.deck_rank[r] & live).count_ones()) as u8;
        }
        n
    }

    /// Whether every win removes the card at `s`: table cards always; stock
    /// and waste cards only with the goal "all".
    pub(super) fn must_go(&self, s: Src) -> bool {
        matches!(s, Src::Table(_)) || self.all
    }

    /// Whether no turn-over is left: the waste is then a stack, each card reachable only once
    /// every card above it is gone.
    pub(super) fn last_pass(&self) -> bool {
        self.passes != 0 && self.pass + 1 >= self.passes
    }

    /// Which live cards can still meet which (README.md, "Partners").
    pub(super) fn reach(&self) -> Reach {
        let (table, deck) = (FULL & !self.removed, self.live());
        let waste = if self.last_pass() && self.off & OFF_WASTE == 0 { deck & ((1u32 << self.cursor) - 1) } else { 0 };
        let mut usable = deck;
        // Top down: a waste card (not a king) with no partner it could meet (a live table card
        // or a stock card of rank 13 - r; never a waste card, all above or below it) never
        // leaves, so every waste card below it is never free.
        let mut w = waste;
        while w != 0 {
            let i = 31 - w.leading_zeros() as usize;
            w &= !(1 << i);
            let r = rank(self.deck[i]) as usize;
            if r != 13 && self.table_rank[13 - r] & table == 0 && self.deck_rank[13 - r] & deck & !waste == 0 {
                usable &= !w;
                break;
            }
        }
        Reach { table, deck, waste, usable }
    }

    /// The cards a card of rank `r` at `at` could ever be paired with: table cards of rank
    /// 13 - r outside a table card's cone, usable stock and waste cards of that rank, but not a
    /// waste card with a waste card on the last pass.
    pub(super) fn partners(&self, reach: &Reach, r: u8, at: Loc) -> (u32, u32) {
        let s = 13 - r as usize;
        let (t, d) = (self.table_rank[s] & reach.table, self.deck_rank[s] & reach.usable);
        match at {
            Loc::Table(p) => (t & !CONE[p], d),
            Loc::Deck(i) if reach.waste >> i & 1 == 1 => (t, d & !reach.waste),
            Loc::Deck(_) => (t, d),
        }
    }

    /// Where a free card lies, as a table position or deck index.
    pub(super) fn loc(&self, s: Src) -> Loc {
        match s {
            Src::Table(p) => Loc::Table(p as usize),
            Src::Stock => Loc::Deck(self.stock_top().unwrap()),
            Src::Waste => Loc::Deck(self.waste_top().unwrap()),
        }
    }

    /// Whether the free card `b` is the only card the free card `a` could ever be paired with.
    pub(super) fn only_partner(&self, reach: &Reach, a: Src, b: Src) -> bool {
        let (t, d) = if self.off & OFF_PARTNERS != 0 {
            // without the partner sets: every live card of the partner rank
            let s = 13 - rank(self.card_at(a)) as usize;
            (self.table_rank[s] & reach.table, self.deck_rank[s] & reach.deck)
        } else {
            self.partners(reach, rank(self.card_at(a)), self.loc(a))
        };
        match self.loc(b) {
            Loc::Table(q) => t == 1 << q && d == 0,
            Loc::Deck(j) => t == 0 && d == 1 << j,
        }
    }

    /// A position no line wins (README.md, "Dead positions"): with goal "all" a live card is
    /// never free; or, for some rank r, the cards of rank r that must go cannot each get their
    /// own partner: some set S of them has fewer possible partners (`partners`, together) than
    /// cards (Hall's condition; each pair removes one card of each rank).
    pub(super) fn dead(&self) -> bool {
        if self.off & OFF_HALL != 0 {
            return self.dead_by_counts();
        }
        let reach = self.reach();
        if self.all && reach.usable != reach.deck {
            return true;
        }
        for r in 1..13u8 {
            // The cards of rank r that must go, each with its partners as one mask (table bits,
            // then deck bits from 32): the first 4 by subsets, any more only in the count of the
            // whole set (a position of a single deck has 4).
            let mut nb = [0u64; 4];
            let (mut k, mut all, mut total, mut fewest) = (0usize, 0u64, 0u32, u32::MAX);
            let mut push = |(t, d): (u32, u32)| {
                let m = t as u64 | (d as u64) << 32;
                if k < 4 {
                    nb[k] = m;
                    k += 1;
                }
                all |= m;
                total += 1;
                fewest = fewest.min(m.count_ones());
            };
            let mut t = self.table_rank[r as usize] & reach.table;
            while t != 0 {
                let p = t.trailing_zeros() as usize;
                t &= t - 1;
                push(self.partners(&reach, r, Loc::Table(p)));
            }
            if self.all {
                let mut d = self.deck_rank[r as usize] & reach.usable;
                while d != 0 {
                    let i = d.trailing_zeros() as usize;
                    d &= d - 1;
                    push(self.partners(&reach, r, Loc::Deck(i)));
                }
            }
            if all.count_ones() < total {
                return true;
            }
            // a set of at most k cards, each with at least k partners, always has enough
            if fewest >= k as u32 {
                continue;
            }
            let mut union = [0u64; 16];
            for m in 1usize..(1 << k) {
                let (low, rest) = (m.trailing_zeros() as usize, m & (m - 1));
                union[m] = union[rest] | nb[low];
                if union[m].count_ones() < m.count_ones() {
                    return true;
                }
            }
        }
        self.off & OFF_ORDER == 0 && (1..7).any(|r| self.no_order(&reach, r))
    }

    /// Whether the table cards of ranks r and 13 - r cannot all go (README.md, "Dead
    /// positions", (c)): every way to pair each with a table card of the other rank or a
    /// distinct usable stock or waste card of the other rank has a cycle of pairs each of which
    /// must wait for another (a card of one lies below a card of the next).
    pub(super) fn no_order(&self, reach: &Reach, r: usize) -> bool {
        let (xs, ys) = (self.table_rank[r] & reach.table, self.table_rank[13 - r] & reach.table);
        let cards = xs | ys;
        // no card of the two ranks below another: no pair ever waits for another
        let mut any = 0;
        let mut c = cards;
        while c != 0 {
            let p = c.trailing_zeros() as usize;
            c &= c - 1;
            any |= BELOW[p];
        }
        if any & cards == 0 || xs.count_ones() > 4 || ys.count_ones() > 4 {
            return false;
        }
        let list = |mut m: u32| {
            let (mut out, mut n) = ([0usize; 4], 0);
            while m != 0 {
                out[n] = m.trailing_zeros() as usize;
                m &= m - 1;
                n += 1;
            }
            (out, n)
        };
        let (x, nx) = list(xs);
        let (y, ny) = list(ys);
        let dx = (self.deck_rank[r] & reach.usable).count_ones() as usize;
        let dy = (self.deck_rank[13 - r] & reach.usable).count_ones() as usize;
        let mut pairs = [0u32; 4];
        !Self::some_order(&x[..nx], &y[..ny], dx, dy, 0, 0, &mut pairs)
    }

    /// Whether table cards `x[i..]` can each take a free table card of `y` (or one of `dy`
    /// deck cards) so that, with the cards of `y` left each taking one of `dx` deck cards,
    /// the pairs can go in some order. `used`: the cards of `y` taken so far; `pairs[k]`: the
    /// table cards of x[k]'s pair.
    pub(super) fn some_order(x: &[usize], y: &[usize], dx: usize, dy: usize, i: usize, used: u32, pairs: &mut [u32; 4]) -> bool {
        if i == x.len() {
            let alone = y.iter().filter(|&&q| used & 1 << q == 0).count();
            if alone > dx {
                return false;
            }
            // the pairs (x's, then y's alone), each as its table cards
            let mut groups = [0u32; 8];
            groups[..x.len()].copy_from_slice(&pairs[..x.len()]);
            let mut n = x.len();
            for &q in y {
                if used & 1 << q == 0 {
                    groups[n] = 1 << q;
                    n += 1;
                }
            }
            return Self::can_order(&groups[..n]);
        }
        for &q in y {
            if used & 1 << q == 0 && CONE[x[i]] & 1 << q == 0 {
                pairs[i] = 1 << x[i] | 1 << q;
                if Self::some_order(x, y, dx, dy, i + 1, used | 1 << q, pairs) {
                    return true;
                }
            }
        }
        // x[i] with a deck card: as many as there are deck cards of the other rank
        let with_deck = pairs[..i].iter().filter(|m| m.count_ones() == 1).count();
        if with_deck < dy {
            pairs[i] = 1 << x[i];
            if Self::some_order(x, y, dx, dy, i + 1, used, pairs) {
                return true;
            }
        }
        false
    }

    /// Whether groups of table cards (each removed in one move) can go in some order: peel
    /// off a group none of whose cards has a card of a group still left below it, until none
    /// is left; stuck means a cycle.
    pub(super) fn can_order(groups: &[u32]) -> bool {
        let mut left = (1u32 << groups.len()) - 1;
        while left != 0 {
            let mut cards = 0;
            let mut l = left;
            while l != 0 {
                cards |= groups[l.trailing_zeros() as usize];
                l &= l - 1;
            }
            let mut peeled = false;
            let mut l = left;
            while l != 0 {
                let k = l.trailing_zeros() as usize;
                l &= l - 1;
                let mut below = 0;
                let mut g = groups[k];
                while g != 0 {
                    below |= BELOW[g.trailing_zeros() as usize];
                    g &= g - 1;
                }
                if below & cards == 0 {
                    left &= !(1 << k);
                    peeled = true;
                }
            }
            if !peeled {
                return false;
            }
        }
        true
    }

    /// The deck's gone mask and the stock's top index as they stand (tests only, `OFF_CANON`).
    pub(super) fn exact_deck(&self) -> (u32, usize) {
        (self.gone, self.stock_top().unwrap_or(self.deck.len()))
    }

    /// The gone mask and stock top of the leftmost cards of the deck with the same ranks as
    /// the live waste, then the live stock: each live card in order goes to the first deck
    /// index after the last one taken that holds its rank (never after its own index, so there
    /// always is one). Equal exactly when the waste and the stock spell the same ranks.
    pub(super) fn canonical_deck(&self) -> (u32, usize) {
        let n = self.deck.len();
        let split = self.stock_top().unwrap_or(n);
        let (mut live, mut kept, mut at, mut top) = (self.live(), 0u32, 0usize, n);
        while live != 0 {
            let i = live.trailing_zeros() as usize;
            live &= live - 1;
            let j = at + (self.deck_rank[rank(self.deck[i]) as usize] >> at).trailing_zeros() as usize;
            if i == split {
                top = j;
            }
            kept |= 1 << j;
            at = j + 1;
        }
        (!kept & ((1u32 << n) - 1), top)
    }

    /// The dead test before Hall's condition (tests only, `OFF_HALL`): more cards of some rank r
    /// must go than live cards of rank 13 - r, or a table card with no partner in the stock or
    /// waste and every one on the table in its cone.
    pub(super) fn dead_by_counts(&self) -> bool {
        let (table, deck) = (FULL & !self.removed, self.live());
        let live = self.live_by_rank();
        let must = |r: usize| if self.all { live[r] } else { (self.table_rank[r] & table).count_ones() as u8 };
        if (1..13).any(|r| must(r) > live[13 - r]) {
            return true;
        }
        let mut t = table;
        while t != 0 {
            let p = t.trailing_zeros() as usize;
            t &= t - 1;
            let r = rank(self.table[p]) as usize;
            if r != 13 && self.deck_rank[13 - r] & deck == 0 && self.table_rank[13 - r] & table & !CONE[p] == 0 {
                return true;
            }
        }
        false
    }

    /// Whether the search already expanded these cards (table, stock and
    /// waste, cursor) on an earlier pass; records this expansion otherwise.
    /// Called once per expanded position (from `moves`).
    pub(super) fn dominated(&self) -> bool {
        if self.passes == 0 {
            return false; // unlimited: the pass is not part of the position
        }
        let cards = self.position_key() & ((1u64 << 57) - 1);
        let mut seen = self.expanded.borrow_mut();
        match seen.get(&cards) {
            Some(&p) if p < self.pass => true,
            Some(&p) if p <= self.pass => false,
            _ => {
                // refused by the memory cap: not recorded (less pruning, never a lost win), and
                // the search stops at its next position (`crate::core::memory`)
                seen.insert(cards, self.pass);
                false
            }
        }
    }

    /// The search key (`Game::key`): the table cards gone, the deck's cards gone and its top (the
    /// canonical deck, README.md), the pass; here beside the canonical deck and `dominated`,
    /// which reads it.
    #[inline]
    pub(super) fn position_key(&self) -> u64 {
        let (gone, top) = if self.off & OFF_CANON != 0 { self.exact_deck() } else { self.canonical_deck() };
        self.removed as u64 | (gone as u64) << 28 | (top as u64) << 52 | (self.pass as u64) << 57
    }
}
