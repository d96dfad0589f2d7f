//! Pyramid's position: the table, the stock and waste as one sequence, the free cards, the legal
//! moves and making them. The pruning that reads it (dead positions, dominance, canonical decks)
//! is prune.rs; `Game` is mod.rs.

use crate::core::seen::MeteredMap;
use std::cell::RefCell;
use crate::core::input::{Layout, Options};

pub(super) const TABLE: usize = 28;
pub(super) const FULL: u32 = (1 << TABLE) - 1;

/// Tests only (`Pyramid::off`): the safe pair by the rank count alone, not by partner sets.
pub(super) const OFF_PARTNERS: u8 = 1;
/// Tests only: the dead test by counts and single cards (README.md), not by Hall's condition.
pub(super) const OFF_HALL: u8 = 2;
/// Tests only: no use of the waste being a stack on the last pass.
pub(super) const OFF_WASTE: u8 = 4;
/// Tests only: the key with the deck's cards as they are, not the leftmost with the same ranks.
pub(super) const OFF_CANON: u8 = 8;
/// Tests only: no test of the order the pairs of a rank and its partner rank must go in.
pub(super) const OFF_ORDER: u8 = 16;

/// Table position of row `r` (0..6), index `j` (0..r).
pub(super) const fn pos(r: usize, j: usize) -> usize {
    r * (r + 1) / 2 + j
}

/// COVER[p]: the positions whose cards lie on p (both must be gone for p to be free).
pub(super) const COVER: [u32; TABLE] = {
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
pub(super) const BELOW: [u32; TABLE] = {
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
pub(super) const CONE: [u32; TABLE] = {
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
pub(super) struct Free {
    pub(super) srcs: [Src; 12],
    pub(super) len: usize,
}

impl Free {
    pub(super) fn push(&mut self, s: Src) {
        self.srcs[self.len] = s;
        self.len += 1;
    }
    pub(super) fn as_slice(&self) -> &[Src] {
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
    pub(super) removed: u32,
    pub(super) gone: u32,
    pub(super) cursor: u8,
    pub(super) pass: u8,
}

#[derive(Clone, Debug)]
pub struct Pyramid {
    pub(super) table: [u8; TABLE],
    pub(super) deck: Vec<u8>,
    /// Bit p: table position p is gone.
    pub(super) removed: u32,
    /// Bit i: deck[i] is gone.
    pub(super) gone: u32,
    pub(super) cursor: u8,
    /// Passes started before this one (0 on the first pass).
    pub(super) pass: u8,
    /// Passes allowed; 0 = unlimited.
    pub(super) passes: u8,
    /// Goal: all 52 cards rather than the 28 of the table.
    pub(super) all: bool,
    /// For each position expanded by the search, keyed without its pass,
    /// the lowest pass it was expanded on: the same cards on a later pass
    /// (fewer turn-overs left) are dominated (README.md).
    pub(super) expanded: RefCell<MeteredMap<u64, u8>>,
    /// Tests only: no safe moves, no dead or dominated positions pruned.
    pub(super) plain: bool,
    /// Tests only: prunings turned off one by one (`OFF_*`), to check each keeps every verdict.
    pub(super) off: u8,
    /// Per rank 1..13, the table positions / deck indices holding that rank: the rank counts
    /// the dead-position test and the safe pairs need are popcounts of these under the live
    /// masks, not a scan of 52 cards per position (it ran on every expanded position).
    pub(super) table_rank: [u32; 14],
    pub(super) deck_rank: [u32; 14],
}

pub(super) fn rank(c: u8) -> u8 {
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

    pub(super) fn live(&self) -> u32 {
        !self.gone & ((1u32 << self.deck.len()) - 1)
    }

    /// Deck index of the stock's top card.
    pub(super) fn stock_top(&self) -> Option<usize> {
        let s = self.live() >> self.cursor;
        (s != 0).then(|| self.cursor as usize + s.trailing_zeros() as usize)
    }

    /// Deck index of the waste's top card.
    pub(super) fn waste_top(&self) -> Option<usize> {
        let w = self.live() & ((1u32 << self.cursor) - 1);
        (w != 0).then(|| 31 - w.leading_zeros() as usize)
    }


    pub(super) fn card_at(&self, s: Src) -> u8 {
        match s {
            Src::Table(p) => self.table[p as usize],
            Src::Stock => self.deck[self.stock_top().unwrap()],
            Src::Waste => self.deck[self.waste_top().unwrap()],
        }
    }

    /// Every free card, table first (deepest rows first), then stock, waste.
    pub(super) fn free_cards(&self) -> Free {
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

    pub(super) fn can_recycle(&self) -> bool {
        self.stock_top().is_none()
            && self.waste_top().is_some()
            && (self.passes == 0 || self.pass + 1 < self.passes)
    }

    /// Every legal move (kings included), in search order: kings, then
    /// pairs of two table cards (deepest first, as those free the most),
    /// a table card with the waste, with the stock, the stock with the
    /// waste, then the draw and the turn-over.
    pub(super) fn legal(&self, out: &mut Vec<Move>) {
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

    pub(super) fn take(&mut self, s: Src) {
        match s {
            Src::Table(p) => self.removed |= 1 << p,
            Src::Stock => self.gone |= 1 << self.stock_top().unwrap(),
            Src::Waste => self.gone |= 1 << self.waste_top().unwrap(),
        }
    }

    pub(super) fn spell_src(s: Src) -> String {
        match s {
            Src::Table(p) => format!("p{}", p + 1),
            Src::Stock => "s".into(),
            Src::Waste => "w".into(),
        }
    }

    pub(super) fn token(m: Move) -> String {
        match m {
            Move::Draw => "d".into(),
            Move::Recycle => "r".into(),
            Move::King(s) => Self::spell_src(s),
            Move::Pair(a, b) => format!("{}+{}", Self::spell_src(a), Self::spell_src(b)),
        }
    }
}

/// Canonical order of a pair: table (lower position first), stock, waste.
pub(super) fn order(a: Src, b: Src) -> (Src, Src) {
    let k = |s: Src| match s {
        Src::Table(p) => p as u32,
        Src::Stock => 100,
        Src::Waste => 101,
    };
    if k(a) <= k(b) { (a, b) } else { (b, a) }
}

pub(super) fn card(c: i32) -> Result<u8, String> {
    if (0..52).contains(&c) { Ok(c as u8) } else { Err(format!("pyramid layout: no card {c}; accepted 0..51")) }
}

impl Pyramid {
    pub(super) fn index_of(&self, s: Src) -> Option<usize> {
        match s {
            Src::Table(_) => None,
            Src::Stock => self.stock_top(),
            Src::Waste => self.waste_top(),
        }
    }

    pub(super) fn take_at(&mut self, s: Src, i: Option<usize>) {
        match (s, i) {
            (Src::Table(p), _) => self.removed |= 1 << p,
            (_, Some(i)) => self.gone |= 1 << i,
            _ => unreachable!("a stock or waste card without an index"),
        }
    }
}
