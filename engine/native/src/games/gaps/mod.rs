//! gaps: moves, redeals and the exact key for the shared search.
//!
//! Rules (engine/games/gaps/README.md): four rows of 13 places, the aces out (four gaps). A gap
//! takes the card one higher in suit than its left neighbour (nothing after a king or a gap); a
//! gap at a row's left end takes any 2. Won when each row holds 2..K of one suit from the left.
//! When no gap can be filled, a redeal (two in a game) gathers every card right of each row's run
//! (row 1 first), shuffles them with redeal stream n of the deal's seed (`crate::core::deal`, the one
//! Rust stream) and deals them back row by row, one gap just after each run. Every card is known,
//! redeals included. Soundness: README.md here.

pub mod player;

use crate::core::best_first::best_first;
use crate::core::kit::{self, Dealt};
use crate::core::search::{Game, Limits, Outcome};
use crate::core::input::{Input, Layout, Options};

const ROWS: usize = 4;
const PLACES: usize = 13;
const CELLS: usize = ROWS * PLACES;
/// An empty place. The aces never come back, so the key writes a gap as 0 (the ace of spades).
const GAP: u8 = 0xFF;
pub const REDEALS: u8 = 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// A card into the gap at a place.
    Fill { card: u8, to: u8 },
    Redeal,
}

#[derive(Debug)]
pub enum Undo {
    Fill { from: u8, to: u8 },
    Redeal(Box<[u8; CELLS]>),
}

#[derive(Clone, Debug)]
pub struct Gaps {
    cells: [u8; CELLS],
    /// Where each card is (aces: unused).
    at: [u8; 52],
    /// The four gaps' places, in no order.
    gaps: [u8; 4],
    redeals: u8,
    seed: Vec<u8>,
}

fn rank(c: u8) -> u8 {
    c % 13 + 1
}

/// The card's name as the notation writes it (`10H`, `2S`).
fn name(c: u8) -> String {
    const R: [&str; 13] = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
    format!("{}{}", R[(c % 13) as usize], ["S", "H", "D", "C"][(c / 13) as usize])
}

impl Gaps {
    /// The dealt position of an input: its layout and options, and its seed (refused when
    /// missing or not 64 bytes: the redeals need it).
    pub fn from_input(input: &Input) -> Result<Self, String> {
        Self::from_layout(input.layout, input.options, input.seed64("gaps")?)
    }

    /// From a layout: `rows` (4 rows of 13, the 52 cards once each; the aces are taken out here)
    /// and the deal's `seed` (its redeals' streams).
    pub fn from_layout(layout: &Layout, options: &Options, seed: [u8; 64]) -> Result<Self, String> {
        if let Some(k) = options.keys().next() {
            return Err(format!("gaps has no options, got {k:?}"));
        }
        let rows = layout.get("rows").ok_or("gaps layout: no `rows`")?;
        if rows.len() != ROWS || rows.iter().any(|r| r.len() != PLACES) {
            return Err("gaps layout: `rows` must be 4 rows of 13".into());
        }
        let mut cells = [GAP; CELLS];
        let mut seen = [false; 52];
        for (i, &c) in rows.iter().flatten().enumerate() {
            if !(0..52).contains(&c) || seen[c as usize] {
                return Err(format!("gaps layout: card {c} is not 0..51 or is there twice"));
            }
            seen[c as usize] = true;
            cells[i] = if c % 13 == 0 { GAP } else { c as u8 };
        }
        let seed = seed.to_vec();
        let mut g = Gaps { cells, at: [0; 52], gaps: [0; 4], redeals: 0, seed };
        g.index();
        Ok(g)
    }

    /// `at` and `gaps` from `cells`.
    fn index(&mut self) {
        let mut k = 0;
        for (i, &c) in self.cells.iter().enumerate() {
            if c == GAP {
                self.gaps[k] = i as u8;
                k += 1;
            } else {
                self.at[c as usize] = i as u8;
            }
        }
        debug_assert_eq!(k, 4);
    }

    /// How many cards at row r's left are in place: a 2, then the same suit's 3, 4, ...
    fn run(&self, r: usize) -> usize {
        let row = &self.cells[r * PLACES..(r + 1) * PLACES];
        let mut k = 0;
        while k < PLACES && row[k] != GAP && rank(row[k]) == k as u8 + 2 && row[k] / 13 == row[0] / 13 {
            k += 1;
        }
        k
    }

    /// Every fill of a gap (gaps in place order, the 2s for a left-end gap in suit order); the
    /// redeal only when there is none.
    fn legal(&self, out: &mut Vec<Move>) {
        let mut gaps = self.gaps;
        gaps.sort_unstable();
        for &g in &gaps {
            if g as usize % PLACES == 0 {
                out.extend((0..4).map(|s| Move::Fill { card: s * 13 + 1, to: g }));
            } else {
                let left = self.cells[g as usize - 1];
                if left != GAP && rank(left) != 13 {
                    out.push(Move::Fill { card: left + 1, to: g });
                }
            }
        }
        if out.is_empty() && self.redeals < REDEALS && !self.won() {
            out.push(Move::Redeal);
        }
    }

    fn token(m: Move) -> String {
        match m {
            Move::Fill { card, to } if rank(card) == 2 => format!("{}>{}", name(card), to as usize / PLACES + 1),
            Move::Fill { card, .. } => name(card),
            Move::Redeal => "r".into(),
        }
    }

    /// Best-first's score, lower first: 4 a card in place (in a row's run), 30 a redeal used.
    /// Weights from measurement (README.md); only the order of search.
    fn score(&self) -> i64 {
        let placed: i64 = (0..ROWS).map(|r| self.run(r) as i64).sum();
        -4 * placed + 30 * self.redeals as i64
    }

    /// The rows, GAP as -1 (for the test hook).
    pub fn rows(&self) -> Vec<Vec<i32>> {
        self.cells.chunks(PLACES).map(|r| r.iter().map(|&c| if c == GAP { -1 } else { c as i32 }).collect()).collect()
    }
}

impl Game for Gaps {
    type Move = Move;
    type Undo = Undo;
    type Key = [u64; 5];

    /// None: a fill moves a gap, and where the gaps are decides every later move and what a
    /// redeal gathers (README.md).
    fn safe_move(&self) -> Option<Move> {
        None
    }

    fn moves(&self, out: &mut Vec<Move>) {
        self.legal(out);
    }

    fn apply(&mut self, m: Move) -> Undo {
        match m {
            Move::Fill { card, to } => {
                let from = self.at[card as usize];
                self.cells[to as usize] = card;
                self.cells[from as usize] = GAP;
                self.at[card as usize] = to;
                let k = self.gaps.iter().position(|&g| g == to).unwrap();
                self.gaps[k] = from;
                Undo::Fill { from, to }
            }
            Move::Redeal => {
                let old = Box::new(self.cells);
                self.redeals += 1;
                let runs: Vec<usize> = (0..ROWS).map(|r| self.run(r)).collect();
                let mut gathered = Vec::with_capacity(48);
                for (r, &k) in runs.iter().enumerate() {
                    gathered.extend(self.cells[r * PLACES + k..(r + 1) * PLACES].iter().copied().filter(|&c| c != GAP));
                }
                let mut cards = crate::core::deal::redeal(&self.seed, self.redeals as u32, &gathered).into_iter();
                for (r, &k) in runs.iter().enumerate() {
                    self.cells[r * PLACES + k] = GAP;
                    for p in k + 1..PLACES {
                        self.cells[r * PLACES + p] = cards.next().expect("as many places as cards");
                    }
                }
                self.index();
                Undo::Redeal(old)
            }
        }
    }

    fn revert(&mut self, u: Undo) {
        match u {
            Undo::Fill { from, to } => {
                let card = self.cells[to as usize];
                self.cells[from as usize] = card;
                self.cells[to as usize] = GAP;
                self.at[card as usize] = from;
                let k = self.gaps.iter().position(|&g| g == from).unwrap();
                self.gaps[k] = to;
            }
            Undo::Redeal(old) => {
                self.cells = *old;
                self.redeals -= 1;
                self.index();
            }
        }
    }

    fn won(&self) -> bool {
        (0..ROWS).all(|r| self.run(r) == PLACES - 1)
    }

    /// Exact: the 52 places, 6 bits each (a gap as 0: the aces are out), then the redeals used.
    fn key(&self) -> [u64; 5] {
        let mut k = [0u64; 5];
        for (i, &c) in self.cells.iter().enumerate() {
            let v = if c == GAP { 0 } else { c as u64 };
            let bit = i * 6;
            k[bit / 64] |= v << (bit % 64);
            if bit % 64 > 58 {
                k[bit / 64 + 1] |= v >> (64 - bit % 64);
            }
        }
        k[4] |= (self.redeals as u64) << 56;
        k
    }

    fn spell(&self, m: Move, out: &mut crate::core::search::Line) {
        out.push(Self::token(m));
    }
}

/// The kit's entry points (`crate::core::kit`), redeals included in a walk.
impl Dealt for Gaps {
    fn deal(input: &Input) -> Result<Self, String> {
        Gaps::from_input(input)
    }
    fn singles(&self, out: &mut Vec<Move>) {
        self.legal(out)
    }
    fn token(&self, m: Move) -> String {
        Gaps::token(m)
    }
    /// Best-first (crate::core::best_first, complete like the depth-first search: `lost` only when
    /// every reachable position was expanded), scored by `score`. Measured (README.md): a
    /// depth-first search left 3 of deals 1..60 unknown at 300,000 positions; this decides deals
    /// 1..1000 within 1,000,000.
    fn search(&mut self, limits: Limits) -> Outcome {
        best_first(self, limits, |g, _| g.score())
    }
}

/// Test hook: the rows (-1 for a gap) after playing `line` (tokens as the referee reads them).
pub fn position(input: &Input, line: &[String]) -> Result<Vec<Vec<i32>>, String> {
    Ok(kit::replay::<Gaps>(input, line)?.rows())
}

#[cfg(test)]
mod tests;
