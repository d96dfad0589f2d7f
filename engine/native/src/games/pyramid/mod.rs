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
use crate::{Layout, Options};

const TABLE: usize = 28;
const FULL: u32 = (1 << TABLE) - 1;

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

/// CONE[p]: the positions that must go before p is free (everything below
/// it, transitively) and those that cannot be free until p is gone
/// (everything above it): no card in p's cone can ever pair with p.
const CONE: [u32; TABLE] = {
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
    let mut out = below;
    let mut p = 0;
    while p < TABLE {
        let mut q = 0;
        while q < TABLE {
            if below[q] & (1 << p) != 0 {
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
        Ok(Pyramid { table, deck, removed: 0, gone: 0, cursor: 0, pass: 0, passes, all, expanded, plain: false, table_rank, deck_rank })
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
        if let Some(&k) = free.iter().find(|&&s| rank(self.card_at(s)) == 13) {
            return Some(Move::King(k));
        }
        let live = self.live_by_rank();
        for (i, &a) in free.iter().enumerate() {
            let ra = rank(self.card_at(a));
            for &b in &free[i + 1..] {
                let rb = rank(self.card_at(b));
                if ra + rb != 13 {
                    continue;
                }
                // a (or b) must go, and b (or a) is its only partner left.
                if (self.must_go(a) && live[rb as usize] == 1) || (self.must_go(b) && live[ra as usize] == 1) {
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

    /// Exact: table mask (28 bits), deck mask (24), the stock's top index
    /// (5 bits: equal for every cursor between the same live cards) and the
    /// pass (2 bits; 0 with unlimited passes, where it does not matter).
    fn key(&self) -> u64 {
        let top = self.stock_top().unwrap_or(self.deck.len()) as u64;
        self.removed as u64 | (self.gone as u64) << 28 | top << 52 | (self.pass as u64) << 57
    }

    fn spell(&self, m: Move, out: &mut Vec<String>) {
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

    /// A position no line wins: more cards of some rank r must go than
    /// partners of rank 13 - r are left (a pair takes one of each), or some
    /// table card (not a king) has no partner left that it could ever meet:
    /// none in the stock or waste, and every one on the table lies in its
    /// cone (below it, so gone before it is free, or above it, so not free
    /// until it is gone).
    fn dead(&self) -> bool {
        let (mut table, deck) = (FULL & !self.removed, self.live());
        let mut by_rank = [0u32; 14];
        let mut deck_ranks = 0u16;
        for r in 1..14 {
            by_rank[r] = self.table_rank[r] & table;
            if self.deck_rank[r] & deck != 0 {
                deck_ranks |= 1 << r;
            }
        }
        // Each removal of a table card of rank r takes one live card of
        // rank 13 - r: too few partners for the table's cards is dead.
        let live = self.live_by_rank();
        let must = |r: usize| if self.all { live[r] } else { by_rank[r].count_ones() as u8 };
        if (1..13).any(|r| must(r) > live[13 - r]) {
            return true;
        }
        while table != 0 {
            let p = table.trailing_zeros() as usize;
            table &= table - 1;
            let r = rank(self.table[p]);
            if r == 13 {
                continue;
            }
            let want = 13 - r;
            if deck_ranks & (1 << want) == 0 && by_rank[want as usize] & !CONE[p] == 0 {
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

pub fn solve(layout: &Layout, options: &Options, limits: Limits) -> Result<Outcome, String> {
    let mut g = Pyramid::from_layout(layout, options)?;
    Ok(search::search(&mut g, limits))
}

/// For the differential tests: random play from the deal, `steps` moves,
/// choosing with a xorshift stream from `seed`. Each entry is (the line so
/// far, every legal single move in the position it reaches, sorted), all
/// spelled in the notation the referee reads. A won position lists no moves.
pub fn walk(layout: &Layout, options: &Options, seed: u64, steps: usize) -> Result<crate::walk::Walk, String> {
    let mut g = Pyramid::from_layout(layout, options)?;
    Ok(crate::walk::random_walk(&mut g, seed, steps, |g, out| g.legal(out), |_, m| Pyramid::token(m), |g, m| {
        g.apply(m);
    }))
}

#[cfg(test)]
mod tests;
