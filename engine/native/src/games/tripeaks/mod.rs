//! tripeaks: moves, safe moves and position key for the shared search.
//!
//! Rules (engine/games/tripeaks/README.md): 28 cards in three peaks, 4 rows of
//! 3, 6, 9, 10; a card is free when no card overlaps it. A free card goes on
//! the waste when its rank is one above or below the waste's top card (with
//! `wrap`, K and A are neighbours). Draw moves the stock's top card to the
//! waste; no redeal. Won when the 28 table cards are gone.
//!
//! Only the waste's top card can ever matter again (nothing leaves the
//! waste), so a position is the table mask, how many stock cards are drawn,
//! and the waste's top card.

pub mod player;

use crate::core::kit::Dealt;
use crate::core::search::Game;
use crate::core::input::{Input, Layout, Options};

const TABLE: usize = 28;
const FULL: u32 = (1 << TABLE) - 1;
/// First position of each row (rows of 3, 6, 9, 10).
const ROW0: usize = 0;
const ROW1: usize = 3;
const ROW2: usize = 9;
const ROW3: usize = 18;

/// COVER[p]: the positions whose cards overlap p (all must be gone for p to be free).
const COVER: [u32; TABLE] = {
    let mut out = [0u32; TABLE];
    let mut p = 0;
    while p < 3 {
        out[ROW0 + p] = (1 << (ROW1 + 2 * p)) | (1 << (ROW1 + 2 * p + 1));
        p += 1;
    }
    let mut k = 0;
    while k < 6 {
        let below = ROW2 + 3 * (k / 2) + k % 2;
        out[ROW1 + k] = (1 << below) | (1 << (below + 1));
        k += 1;
    }
    let mut i = 0;
    while i < 9 {
        out[ROW2 + i] = (1 << (ROW3 + i)) | (1 << (ROW3 + i + 1));
        i += 1;
    }
    out
};

/// UNDER[p]: the positions p overlaps (the cards it helps free).
const UNDER: [u32; TABLE] = {
    let mut out = [0u32; TABLE];
    let mut p = 0;
    while p < TABLE {
        let mut q = 0;
        while q < TABLE {
            if COVER[q] & (1 << p) != 0 {
                out[p] |= 1 << q;
            }
            q += 1;
        }
        p += 1;
    }
    out
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// The table card at this position onto the waste.
    Play(u8),
    Draw,
}

#[derive(Clone, Copy, Debug)]
pub struct Undo {
    removed: u32,
    drawn: u8,
    waste: u8,
}

#[derive(Clone, Debug)]
pub struct TriPeaks {
    table: [u8; TABLE],
    /// The stock in draw order (stock[0] drawn first).
    stock: Vec<u8>,
    removed: u32,
    drawn: u8,
    /// The waste's top card.
    waste: u8,
    wrap: bool,
}

fn rank(c: u8) -> u8 {
    c % 13 + 1
}

impl TriPeaks {
    /// A position from the 28 table cards (row by row), the stock in draw
    /// order, the waste's top card and the wrap rule.
    pub fn new(table: [u8; TABLE], stock: Vec<u8>, waste: u8, wrap: bool) -> Result<Self, String> {
        if stock.len() > 31 {
            return Err(format!("tripeaks: the stock holds at most 31 cards, got {}", stock.len()));
        }
        Ok(TriPeaks { table, stock, removed: 0, drawn: 0, waste, wrap })
    }

    /// From a layout (`rows` of 3, 6, 9, 10 cards; `stock` bottom first; `waste` one card).
    pub fn from_layout(layout: &Layout, options: &Options) -> Result<Self, String> {
        let rows = layout.get("rows").ok_or("tripeaks layout: no `rows`")?;
        if rows.iter().map(|r| r.len()).collect::<Vec<_>>() != [3, 6, 9, 10] {
            return Err("tripeaks layout: `rows` must be 4 rows of 3, 6, 9, 10 cards".into());
        }
        let mut table = [0u8; TABLE];
        for (i, &c) in rows.iter().flatten().enumerate() {
            table[i] = card(c)?;
        }
        let stock = match layout.get("stock").map(|s| s.as_slice()) {
            Some([s]) => s.clone(),
            Some([]) | None => Vec::new(),
            _ => return Err("tripeaks layout: `stock` must be one list".into()),
        };
        let stock = stock.iter().rev().map(|&c| card(c)).collect::<Result<Vec<_>, _>>()?;
        let waste = match layout.get("waste").map(|w| w.as_slice()) {
            Some([w]) if !w.is_empty() => card(*w.last().unwrap())?,
            _ => return Err("tripeaks layout: `waste` must be one list with its top card".into()),
        };
        let wrap = match options.get("wrap").copied().unwrap_or(1) {
            0 => false,
            1 => true,
            v => return Err(format!("tripeaks option wrap must be 0 or 1, got {v}")),
        };
        TriPeaks::new(table, stock, waste, wrap)
    }

    fn free(&self, p: usize) -> bool {
        self.removed & (1 << p) == 0 && self.removed & COVER[p] == COVER[p]
    }

    fn fits(&self, c: u8) -> bool {
        let (a, b) = (rank(c), rank(self.waste));
        a.abs_diff(b) == 1 || (self.wrap && a.abs_diff(b) == 12)
    }

    /// Cards p's removal would turn up (cards under p whose other cover is gone).
    fn frees(&self, p: usize) -> u32 {
        let after = self.removed | (1 << p);
        let mut n = 0;
        let mut under = UNDER[p];
        while under != 0 {
            let q = under.trailing_zeros() as usize;
            under &= under - 1;
            if after & COVER[q] == COVER[q] {
                n += 1;
            }
        }
        n
    }

    /// Every legal move: plays (those turning up more cards first, then
    /// higher rows first), then the draw.
    fn legal(&self, out: &mut Vec<Move>) {
        let mut plays: Vec<(u32, usize)> = Vec::with_capacity(10);
        for p in 0..TABLE {
            if self.free(p) && self.fits(self.table[p]) {
                plays.push((self.frees(p), p));
            }
        }
        plays.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        out.extend(plays.into_iter().map(|(_, p)| Move::Play(p as u8)));
        if (self.drawn as usize) < self.stock.len() {
            out.push(Move::Draw);
        }
    }

    fn token(m: Move) -> String {
        match m {
            Move::Play(p) => format!("p{}", p + 1),
            Move::Draw => "d".into(),
        }
    }
}

fn card(c: i32) -> Result<u8, String> {
    if (0..52).contains(&c) { Ok(c as u8) } else { Err(format!("tripeaks layout: no card {c}; accepted 0..51")) }
}

impl Game for TriPeaks {
    type Move = Move;
    type Undo = Undo;
    type Key = u64;

    /// None: every play changes the waste's top card, which another play or
    /// a draw might have needed (README.md).
    fn safe_move(&self) -> Option<Move> {
        None
    }

    fn moves(&self, out: &mut Vec<Move>) {
        self.legal(out);
    }

    fn apply(&mut self, m: Move) -> Undo {
        let u = Undo { removed: self.removed, drawn: self.drawn, waste: self.waste };
        match m {
            Move::Play(p) => {
                self.removed |= 1 << p;
                self.waste = self.table[p as usize];
            }
            Move::Draw => {
                self.waste = self.stock[self.drawn as usize];
                self.drawn += 1;
            }
        }
        u
    }

    fn revert(&mut self, u: Undo) {
        self.removed = u.removed;
        self.drawn = u.drawn;
        self.waste = u.waste;
    }

    fn won(&self) -> bool {
        self.removed == FULL
    }

    /// Exact: table mask (28 bits), cards drawn (5 bits), waste top (6 bits).
    fn key(&self) -> u64 {
        self.removed as u64 | (self.drawn as u64) << 28 | (self.waste as u64) << 33
    }

    fn spell(&self, m: Move, out: &mut crate::core::search::Line) {
        out.push(Self::token(m));
    }
}

/// The kit's entry points (`crate::core::kit`): solved by the depth-first search.
impl Dealt for TriPeaks {
    fn deal(input: &Input) -> Result<Self, String> {
        TriPeaks::from_layout(input.layout, input.options)
    }
    fn singles(&self, out: &mut Vec<Move>) {
        self.legal(out)
    }
    fn token(&self, m: Move) -> String {
        TriPeaks::token(m)
    }
}

#[cfg(test)]
mod tests;
