//! pyramid: moves, safe moves and position key for the shared search.
//!
//! Rules (engine/games/pyramid/README.md): 28 cards in 7 rows; a table card is free
//! when both cards below it are gone. The stock's top card and the waste's
//! top card are free too. Remove a free king alone, or two free cards whose
//! ranks sum to 13. Draw moves the stock's top card to the waste; when the
//! stock is empty the waste turns over into a new stock (same cycle order) if
//! a pass remains. Won when the 28 table cards are gone (goal "pyramid") or
//! all 52 (goal "all").
//!
//! The stock and waste are one fixed sequence `deck` (deck[0] drawn first)
//! with a `gone` mask and a `cursor`: live cards below the cursor are the
//! waste (top = the highest), live cards at or above it the stock (top = the
//! lowest). Every move changes only `removed`, `gone`, `cursor` and `pass`,
//! so an undo is a snapshot of those four.

use crate::search::{self, Game, Limits, Outcome};
use crate::seen::MeteredMap;
use std::cell::RefCell;
use crate::{Input, Layout, Options};

const TABLE: usize = 28;
const FULL: u32 = (1 << TABLE) - 1;

/// Tests only (`Pyramid::off`): the safe pair by the rank count alone, not by partner sets.
const OFF_PARTNERS: u8 = 1;
/// Tests only: the dead test by counts and single cards (README.md), not by Hall's condition.
const OFF_HALL: u8 = 2;
/// Tests only: no use of the waste being a stack on the last pass.
const OFF_WASTE: u8 = 4;
/// Tests only: the key with the deck's cards as they are, not the leftmost with the same ranks.
const OFF_CANON: u8 = 8;
/// Tests only: no test of the order the pairs of a rank and its partner rank must go in.
const OFF_ORDER: u8 = 16;

/// Table position of row `r` (0..6), index `j` (0..r).
const fn pos(r: usize, j: usize) -> usize {
    r * (r + 1) / 2 + j
}

/// COVER[p]: the positions whose cards lie on p (both must be gone for p to be free).
const COVER: [u32; TABLE] = {
    let mut out = [0u32; TABLE];
    let mut r = 0;
    while r < 6 {
        let mut j = 0;
        while j <= r {
            out[pos(r, j)] = (1 << pos(r + 1, j)) | (1 << pos(r + 1, j + 1));
            j += 1;
        }
        r += 1;
    }
    out
};

/// BELOW[p]: the positions that must go before p is free (everything below it, transitively).
const BELOW: [u32; TABLE] = {
    let mut below = [0u32; TABLE];
    let mut r = 6;
    loop {
        let mut j = 0;
        while j <= r {
            let p = pos(r, j);
            if r < 6 {
                let (a, b) = (pos(r + 1, j), pos(r + 1, j + 1));
                below[p] = (1 << a) | (1 << b) | below[a] | below[b];
            }
            j += 1;
        }
        if r == 0 {
            break;
        }
        r -= 1;
    }
    below
};

/// CONE[p]: the positions that must go before p is free (everything below
/// it, transitively) and those that cannot be free until p is gone
/// (everything above it): no card in p's cone can ever pair with p.
const CONE: [u32; TABLE] = {
    let mut out = BELOW;
    let mut p = 0;
    while p < TABLE {
        let mut q = 0;
        while q < TABLE {
            if BELOW[q] & (1 << p) != 0 {
                out[p] |= 1 << q;
            }
            q += 1;
        }
        p += 1;
    }
    out
};

/// The free cards of a position (at most 7 on the table, plus stock and waste).
struct Free {
    srcs: [Src; 12],
    len: usize,
}

impl Free {
    fn push(&mut self, s: Src) {
        self.srcs[self.len] = s;
        self.len += 1;
    }
    fn as_slice(&self) -> &[Src] {
        &self.srcs[..self.len]
    }
}

/// Where a free card lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Src {
    Table(u8),
    Stock,
    Waste,
}

/// Which live cards can still meet: the live table and deck masks, the waste when no turn-over
/// is left (then no two of its cards are ever free together), and the deck cards that can
/// still be free (`Pyramid::reach`).
struct Reach {
    table: u32,
    deck: u32,
    waste: u32,
    usable: u32,
}

/// A card's place: table position or deck index.
#[derive(Clone, Copy)]
enum Loc {
    Table(usize),
    Deck(usize),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Draw,
    Recycle,
    /// A king alone.
    King(Src),
    /// Two cards summing to 13 (table before stock before waste; lower position first).
    Pair(Src, Src),
}

#[derive(Clone, Copy, Debug)]
pub struct Undo {
    removed: u32,
    gone: u32,
    cursor: u8,
    pass: u8,
}

#[derive(Clone, Debug)]
pub struct Pyramid {
    table: [u8; TABLE],
    deck: Vec<u8>,
    /// Bit p: table position p is gone.
    removed: u32,
    /// Bit i: deck[i] is gone.
    gone: u32,
    cursor: u8,
    /// Passes started before this one (0 on the first pass).
    pass: u8,
    /// Passes allowed; 0 = unlimited.
    passes: u8,
    /// Goal: all 52 cards rather than the 28 of the table.
    all: bool,
    /// For each position expanded by the search, keyed without its pass,
    /// the lowest pass it was expanded on: the same cards on a later pass
    /// (fewer turn-overs left) are dominated (README.md).
    expanded: RefCell<MeteredMap<u64, u8>>,
    /// Tests only: no safe moves, no dead or dominated positions pruned.
    plain: bool,
    /// Tests only: prunings turned off one by one (`OFF_*`), to check each keeps every verdict.
    off: u8,
    /// Per rank 1..13, the table positions / deck indices holding that rank: the rank counts
    /// the dead-position test and the safe pairs need are popcounts of these under the live
    /// masks, not a scan of 52 cards per position (it ran on every expanded position).
    table_rank: [u32; 14],
    deck_rank: [u32; 14],
}

fn rank(c: u8) -> u8 {
    c % 13 + 1
}

impl Pyramid {
    /// A position from the 28 table cards (row by row), the stock in draw
    /// order (first drawn first), passes (0 = unlimited) and the goal.
    pub fn new(table: [u8; TABLE], deck: Vec<u8>, passes: u8, all: bool) -> Result<Self, String> {
        if deck.len() > 24 {
            return Err(format!("pyramid: the stock holds at most 24 cards, got {}", deck.len()));
        }
        if passes > 4 {
            return Err(format!("pyramid: passes must be 0 (unlimited) or 1..4, got {passes}"));
        }
        let expanded = RefCell::new(MeteredMap::default());
        let (mut table_rank, mut deck_rank) = ([0u32; 14], [0u32; 14]);
        for (p, &c) in table.iter().enumerate() {
            table_rank[rank(c) as usize] |= 1 << p;
        }
        for (i, &c) in deck.iter().enumerate() {
            deck_rank[rank(c) as usize] |= 1 << i;
        }
        Ok(Pyramid { table, deck, removed: 0, gone: 0, cursor: 0, pass: 0, passes, all, expanded, plain: false, off: 0, table_rank, deck_rank })
    }

    /// From a layout (`rows` 7 rows of 1..7 cards, `stock` bottom first) and options.
    pub fn from_layout(layout: &Layout, options: &Options) -> Result<Self, String> {
        let rows = layout.get("rows").ok_or("pyramid layout: no `rows`")?;
        if rows.len() != 7 || rows.iter().enumerate().any(|(r, row)| row.len() != r + 1) {
            return Err("pyramid layout: `rows` must be 7 rows of 1..7 cards".into());
        }
        let mut table = [0u8; TABLE];
        for (i, &c) in rows.iter().flatten().enumerate() {
            table[i] = card(c)?;
        }
        let stock = match layout.get("stock").map(|s| s.as_slice()) {
            Some([s]) => s,
            Some([]) | None => &[][..],
            _ => return Err("pyramid layout: `stock` must be one list".into()),
        };
        let deck = stock.iter().rev().map(|&c| card(c)).collect::<Result<Vec<_>, _>>()?;
        let passes = *options.get("passes").unwrap_or(&3);
        let all = match options.get("all").copied().unwrap_or(0) {
            0 => false,
            1 => true,
            v => return Err(format!("pyramid option all must be 0 or 1, got {v}")),
        };
        if !(0..=4).contains(&passes) {
            return Err(format!("pyramid option passes must be 0 (unlimited) or 1..4, got {passes}"));
        }
        Pyramid::new(table, deck, passes as u8, all)
    }

    fn live(&self) -> u32 {
        !self.gone & ((1u32 << self.deck.len()) - 1)
    }

    /// Deck index of the stock's top card.
    fn stock_top(&self) -> Option<usize> {
        let s = self.live() >> self.cursor;
        (s != 0).then(|| self.cursor as usize + s.trailing_zeros() as usize)
    }

    /// Deck index of the waste's top card.
    fn waste_top(&self) -> Option<usize> {
        let w = self.live() & ((1u32 << self.cursor) - 1);
        (w != 0).then(|| 31 - w.leading_zeros() as usize)
    }


    fn card_at(&self, s: Src) -> u8 {
        match s {
            Src::Table(p) => self.table[p as usize],
            Src::Stock => self.deck[self.stock_top().unwrap()],
            Src::Waste => self.deck[self.waste_top().unwrap()],
        }
    }

    /// Every free card, table first (deepest rows first), then stock, waste.
    fn free_cards(&self) -> Free {
        let mut f = Free { srcs: [Src::Stock; 12], len: 0 };
        let mut t = FULL & !self.removed;
        // Highest positions (deepest rows) first.
        while t != 0 {
            let p = 31 - t.leading_zeros() as usize;
            t &= !(1 << p);
            if self.removed & COVER[p] == COVER[p] {
                f.push(Src::Table(p as u8));
            }
        }
        if self.stock_top().is_some() {
            f.push(Src::Stock);
        }
        if self.waste_top().is_some() {
            f.push(Src::Waste);
        }
        f
    }

    fn can_recycle(&self) -> bool {
        self.stock_top().is_none()
            && self.waste_top().is_some()
            && (self.passes == 0 || self.pass + 1 < self.passes)
    }

    /// Every legal move (kings included), in search order: kings, then
    /// pairs of two table cards (deepest first, as those free the most),
    /// a table card with the waste, with the stock, the stock with the
    /// waste, then the draw and the turn-over.
    fn legal(&self, out: &mut Vec<Move>) {
        let f = self.free_cards();
        let free = f.as_slice();
        let mut ranks = [0u8; 12];
        for (i, &s) in free.iter().enumerate() {
            ranks[i] = rank(self.card_at(s));
            if ranks[i] == 13 {
                out.push(Move::King(s));
            }
        }
        for class in 0..4 {
            for (i, &a) in free.iter().enumerate() {
                for (j, &b) in free.iter().enumerate().skip(i + 1) {
                    if ranks[i] + ranks[j] != 13 {
                        continue;
                    }
                    let (a, b) = order(a, b);
                    let c = match (a, b) {
                        (Src::Table(_), Src::Table(_)) => 0,
                        (Src::Table(_), Src::Waste) => 1,
                        (Src::Table(_), Src::Stock) => 2,
                        _ => 3,
                    };
                    if c == class {
                        out.push(Move::Pair(a, b));
                    }
                }
            }
        }
        if self.stock_top().is_some() {
            out.push(Move::Draw);
        }
        if self.can_recycle() {
            out.push(Move::Recycle);
        }
    }

    fn take(&mut self, s: Src) {
        match s {
            Src::Table(p) => self.removed |= 1 << p,
            Src::Stock => self.gone |= 1 << self.stock_top().unwrap(),
            Src::Waste => self.gone |= 1 << self.waste_top().unwrap(),
        }
    }

    fn spell_src(s: Src) -> String {
        match s {
            Src::Table(p) => format!("p{}", p + 1),
            Src::Stock => "s".into(),
            Src::Waste => "w".into(),
        }
    }

    fn token(m: Move) -> String {
        match m {
            Move::Draw => "d".into(),
            Move::Recycle => "r".into(),
            Move::King(s) => Self::spell_src(s),
            Move::Pair(a, b) => format!("{}+{}", Self::spell_src(a), Self::spell_src(b)),
        }
    }
}

/// Canonical order of a pair: table (lower position first), stock, waste.
fn order(a: Src, b: Src) -> (Src, Src) {
    let k = |s: Src| match s {
        Src::Table(p) => p as u32,
        Src::Stock => 100,
        Src::Waste => 101,
    };
    if k(a) <= k(b) { (a, b) } else { (b, a) }
}

fn card(c: i32) -> Result<u8, String> {
    if (0..52).contains(&c) { Ok(c as u8) } else { Err(format!("pyramid layout: no card {c}; accepted 0..51")) }
}

impl Game for Pyramid {
    type Move = Move;
    type Undo = Undo;
    type Key = u64;

    /// A free king, else an exclusive pair: both always safe (README.md,
    /// Pyramid). A king pairs with nothing, so a line that keeps it only has
    /// it in the way; a card that must go and has one partner left must go
    /// with that partner, so it may as well go now.
    fn safe_move(&self) -> Option<Move> {
        if self.won() || self.plain {
            return None;
        }
        let f = self.free_cards();
        let free = f.as_slice();
        let mut ranks = [0u8; 12];
        for (i, &s) in free.iter().enumerate() {
            ranks[i] = rank(self.card_at(s));
            if ranks[i] == 13 {
                return Some(Move::King(s));
            }
        }
        let mut reach = None; // only once a pair sums to 13
        for (i, &a) in free.iter().enumerate() {
            for (j, &b) in free.iter().enumerate().skip(i + 1) {
                if ranks[i] + ranks[j] != 13 {
                    continue;
                }
                let reach = reach.get_or_insert_with(|| self.reach());
                // a (or b) must go, and b (or a) is the only partner it could ever meet.
                if (self.must_go(a) && self.only_partner(reach, a, b)) || (self.must_go(b) && self.only_partner(reach, b, a)) {
                    let (a, b) = order(a, b);
                    return Some(Move::Pair(a, b));
                }
            }
        }
        None
    }

    /// Every legal move; none in a dead position (`dead`), nor in one whose
    /// cards were already expanded on an earlier pass (`dominated`).
    fn moves(&self, out: &mut Vec<Move>) {
        if self.plain || (!self.dead() && !self.dominated()) {
            self.legal(out);
        }
    }

    fn apply(&mut self, m: Move) -> Undo {
        let u = Undo { removed: self.removed, gone: self.gone, cursor: self.cursor, pass: self.pass };
        match m {
            Move::Draw => self.cursor = self.stock_top().unwrap() as u8 + 1,
            Move::Recycle => {
                self.cursor = 0;
                if self.passes != 0 {
                    self.pass += 1;
                }
            }
            Move::King(s) => self.take(s),
            Move::Pair(a, b) => {
                // Stock and waste tops are found before either is taken:
                // taking one never changes where the other is.
                let (ia, ib) = (self.index_of(a), self.index_of(b));
                self.take_at(a, ia);
                self.take_at(b, ib);
            }
        }
        u
    }

    fn revert(&mut self, u: Undo) {
        self.removed = u.removed;
        self.gone = u.gone;
        self.cursor = u.cursor;
        self.pass = u.pass;
    }

    fn won(&self) -> bool {
        self.removed == FULL && (!self.all || self.live() == 0)
    }

    /// Exact up to suits: table mask (28 bits), the live stock and waste cards as the
    /// leftmost cards of the deck spelling the same ranks (24 bits), the index of the stock's
    /// top card among those (5 bits; 24 when the stock is empty) and the pass (2 bits; 0 with
    /// unlimited passes, where it does not matter). Every rule reads only ranks, so positions
    /// whose waste and stock spell the same ranks are the same position (README.md, "Key").
    fn key(&self) -> u64 {
        let (gone, top) = if self.off & OFF_CANON != 0 { self.exact_deck() } else { self.canonical_deck() };
        self.removed as u64 | (gone as u64) << 28 | (top as u64) << 52 | (self.pass as u64) << 57
    }

    fn spell(&self, m: Move, out: &mut crate::search::Line) {
        out.push(Self::token(m));
    }
}

impl Pyramid {
    /// Live cards (table and stock/waste) of each rank 1..13.
    fn live_by_rank(&self) -> [u8; 14] {
        let (table, live) = (FULL & !self.removed, self.live());
        let mut n = [0u8; 14];
        for r in 1..14 {
            n[r] = ((self.table_rank[r] & table).count_ones() + (self.deck_rank[r] & live).count_ones()) as u8;
        }
        n
    }

    /// Whether every win removes the card at `s`: table cards always; stock
    /// and waste cards only with the goal "all".
    fn must_go(&self, s: Src) -> bool {
        matches!(s, Src::Table(_)) || self.all
    }

    /// Whether no turn-over is left: the waste is then a stack, each card reachable only once
    /// every card above it is gone.
    fn last_pass(&self) -> bool {
        self.passes != 0 && self.pass + 1 >= self.passes
    }

    /// Which live cards can still meet which (README.md, "Partners").
    fn reach(&self) -> Reach {
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
    fn partners(&self, reach: &Reach, r: u8, at: Loc) -> (u32, u32) {
        let s = 13 - r as usize;
        let (t, d) = (self.table_rank[s] & reach.table, self.deck_rank[s] & reach.usable);
        match at {
            Loc::Table(p) => (t & !CONE[p], d),
            Loc::Deck(i) if reach.waste >> i & 1 == 1 => (t, d & !reach.waste),
            Loc::Deck(_) => (t, d),
        }
    }

    /// Where a free card lies, as a table position or deck index.
    fn loc(&self, s: Src) -> Loc {
        match s {
            Src::Table(p) => Loc::Table(p as usize),
            Src::Stock => Loc::Deck(self.stock_top().unwrap()),
            Src::Waste => Loc::Deck(self.waste_top().unwrap()),
        }
    }

    /// Whether the free card `b` is the only card the free card `a` could ever be paired with.
    fn only_partner(&self, reach: &Reach, a: Src, b: Src) -> bool {
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
    fn dead(&self) -> bool {
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
    fn no_order(&self, reach: &Reach, r: usize) -> bool {
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
    fn some_order(x: &[usize], y: &[usize], dx: usize, dy: usize, i: usize, used: u32, pairs: &mut [u32; 4]) -> bool {
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
    fn can_order(groups: &[u32]) -> bool {
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
    fn exact_deck(&self) -> (u32, usize) {
        (self.gone, self.stock_top().unwrap_or(self.deck.len()))
    }

    /// The gone mask and stock top of the leftmost cards of the deck with the same ranks as
    /// the live waste, then the live stock: each live card in order goes to the first deck
    /// index after the last one taken that holds its rank (never after its own index, so there
    /// always is one). Equal exactly when the waste and the stock spell the same ranks.
    fn canonical_deck(&self) -> (u32, usize) {
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
    fn dead_by_counts(&self) -> bool {
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
    fn dominated(&self) -> bool {
        if self.passes == 0 {
            return false; // unlimited: the pass is not part of the position
        }
        let cards = self.key() & ((1u64 << 57) - 1);
        let mut seen = self.expanded.borrow_mut();
        match seen.get(&cards) {
            Some(&p) if p < self.pass => true,
            Some(&p) if p <= self.pass => false,
            _ => {
                // refused by the memory cap: not recorded (less pruning, never a lost win), and
                // the search stops at its next position (`crate::memory`)
                seen.insert(cards, self.pass);
                false
            }
        }
    }

    fn index_of(&self, s: Src) -> Option<usize> {
        match s {
            Src::Table(_) => None,
            Src::Stock => self.stock_top(),
            Src::Waste => self.waste_top(),
        }
    }

    fn take_at(&mut self, s: Src, i: Option<usize>) {
        match (s, i) {
            (Src::Table(p), _) => self.removed |= 1 << p,
            (_, Some(i)) => self.gone |= 1 << i,
            _ => unreachable!("a stock or waste card without an index"),
        }
    }
}

pub fn solve(input: &Input, limits: Limits) -> Result<Outcome, String> {
    let mut g = Pyramid::from_layout(input.layout, input.options)?;
    Ok(search::search(&mut g, limits))
}

/// For the differential tests: random play from the deal, `steps` moves,
/// choosing with a xorshift stream from `seed`. Each entry is (the line so
/// far, every legal single move in the position it reaches, sorted), all
/// spelled in the notation the referee reads. A won position lists no moves.
pub fn walk(input: &Input, seed: u64, steps: usize) -> Result<crate::walk::Walk, String> {
    let mut g = Pyramid::from_layout(input.layout, input.options)?;
    Ok(crate::walk::random_walk(&mut g, seed, steps, |g, out| g.legal(out), |_, m| Pyramid::token(m), |g, m| {
        g.apply(m);
    }))
}

#[cfg(test)]
mod tests;
