//! The FreeCell position: 8 columns, 1..4 free cells that keep their places (the notation
//! names them), the foundations; with make/undo, which keep up to date what each card lies on
//! (`below`, the key's source), where it lies (`at`) and each column's figures (`fig`).

use super::cards::{fits, rank, suit, NONE};
use super::key::{Key, AT_HOME, BOTTOM, IN_CELL};
use std::cell::{Cell, RefCell};

pub(super) const NCOL: usize = 8;
/// Room for any column: a column can never hold more than the deck.
const CAP: usize = 52;
/// Locations: 0..8 columns, 8..12 free cells, 12 the foundations.
pub(super) const CELL0: u8 = 8;
pub(super) const HOME: u8 = 12;
const DEFAULT_W: [i32; 8] = [6, 2, 1, 2, 4, 0, 10, 0];

/// A move of `n` cards (n > 1 only column to column) from one location to another.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Move {
    pub(super) from: u8,
    pub(super) to: u8,
    pub(super) n: u8,
}

/// One FreeCell position. Free cells keep their places (the notation names
/// them), the key sorts them away.
#[derive(Clone)]
pub struct FreeCell {
    pub(super) cols: [[u8; CAP]; NCOL],
    pub(super) len: [u8; NCOL],
    pub(super) cells: [u8; 4],
    pub(super) ncells: usize,
    pub(super) found: [u8; 4],
    /// Weights of `eval` (move ordering only); w[7] > 0 adds noise below w[7] to each score.
    pub(super) w: [i32; 8],
    /// The xorshift state of that noise (move ordering only).
    pub(super) rng: Cell<u64>,
    /// Figures of each column's bottom p + 1 cards, at [column][p], for `eval` (move ordering
    /// only): kept up to date by every card set in a column, current up to the column's length.
    pub(super) fig: [[Fig; CAP]; NCOL],
    /// What each card lies on: another card, BOTTOM, IN_CELL or AT_HOME (the key).
    pub(super) below: [u8; 52],
    /// `below` when the position was made: the key codes each card's support against it.
    pub(super) orig: [u8; 52],
    /// The search key, `below` coded (`Key`), kept up to date with it.
    pub(super) key: Key,
    /// Where each card was last set in a column (column, place); current for the cards whose
    /// `below` is a card or BOTTOM (those in a column), stale for the others.
    pub(super) at: [(u8, u8); 52],
    /// The depth-first candidates' column figures (`ColStats`, move ordering only), kept between
    /// positions: bit i of `stale` set when column i changed since (or a card went home, which
    /// moves the next cards), and `stats_w` the weights they were made with.
    pub(super) stats: RefCell<[ColStats; NCOL]>,
    pub(super) stale: Cell<u8>,
    pub(super) stats_w: Cell<[i32; 8]>,
    /// The sums over the columns `eval` reads (blockers, misfits, empty columns), when
    /// `sums_ok`: kept for scoring children without making them (`eval_after`); cleared with `stale`.
    pub(super) sums: Cell<(i32, i32, i32)>,
    pub(super) sums_ok: Cell<bool>,
}

/// A column's figures for rescoring the moves of a position (`FreeCell::col_stats`).
#[derive(Clone, Copy, Default, PartialEq)]
pub(super) struct ColStats {
    /// The column's part of `eval` (its blockers, misfits and the depths of next cards in it) with the top d cards gone, d = 0..=the top run (at most 13).
    pub(super) pre: [i32; 14],
    /// The lowest rank in the column (14 when empty).
    pub(super) mn: u8,
    /// How many of its cards are next for their foundations.
    pub(super) next: i32,
}

/// A column prefix's figures for `eval`: cards above a lower card, cards not on a fitting
/// parent, and the lowest rank (so the next card's figures follow from these alone).
#[derive(Clone, Copy, Default)]
pub(super) struct Fig {
    pub(super) blockers: u8,
    pub(super) misfits: u8,
    pub(super) low: u8,
    /// Where the run (alternating colours, down by one) ending at this card starts.
    pub(super) run_from: u8,
}

impl FreeCell {
    /// A position from the dealt columns (bottom first) and the number of cells.
    pub fn new(columns: &[Vec<u8>], ncells: usize) -> Result<Self, String> {
        if columns.len() != NCOL {
            return Err(format!("freecell needs 8 columns, got {}", columns.len()));
        }
        if !(1..=4).contains(&ncells) {
            return Err(format!("freecell cells must be 1..4, got {ncells}"));
        }
        let mut seen = [false; 52];
        let mut g = FreeCell { cols: [[0; CAP]; NCOL], len: [0; NCOL], cells: [NONE; 4], ncells, found: [0; 4], w: DEFAULT_W, rng: Cell::new(1), fig: [[Fig::default(); CAP]; NCOL], below: [AT_HOME; 52], orig: [AT_HOME; 52], key: Key::default(), at: [(0, 0); 52], stats: RefCell::new([ColStats::default(); NCOL]), stale: Cell::new(0xFF), stats_w: Cell::new([0; 8]), sums: Cell::new((0, 0, 0)), sums_ok: Cell::new(false) };
        for (i, col) in columns.iter().enumerate() {
            for (k, &c) in col.iter().enumerate() {
                if c >= 52 || seen[c as usize] {
                    return Err(format!("freecell layout has a bad or repeated card {c}"));
                }
                seen[c as usize] = true;
                g.cols[i][k] = c;
            }
            g.len[i] = col.len() as u8;
        }
        if seen.iter().any(|s| !s) {
            return Err("freecell layout must hold all 52 cards".to_string());
        }
        g.init_below();
        Ok(g)
    }

    /// A hand-made position for tests: columns, cells (NONE empty) and foundation heights.
    pub fn from_parts(columns: &[Vec<u8>], cells: &[u8], found: [u8; 4]) -> Self {
        let mut g = FreeCell { cols: [[0; CAP]; NCOL], len: [0; NCOL], cells: [NONE; 4], ncells: cells.len(), found, w: DEFAULT_W, rng: Cell::new(1), fig: [[Fig::default(); CAP]; NCOL], below: [AT_HOME; 52], orig: [AT_HOME; 52], key: Key::default(), at: [(0, 0); 52], stats: RefCell::new([ColStats::default(); NCOL]), stale: Cell::new(0xFF), stats_w: Cell::new([0; 8]), sums: Cell::new((0, 0, 0)), sums_ok: Cell::new(false) };
        for (i, col) in columns.iter().enumerate() {
            g.cols[i][..col.len()].copy_from_slice(col);
            g.len[i] = col.len() as u8;
        }
        g.cells[..cells.len()].copy_from_slice(cells);
        g.init_below();
        g
    }

    #[inline]
    pub(super) fn top(&self, i: usize) -> Option<u8> {
        let l = self.len[i] as usize;
        if l == 0 {
            None
        } else {
            Some(self.cols[i][l - 1])
        }
    }

    /// The card a location offers (a column's top card or a cell's card).
    #[inline]
    pub(super) fn card_at(&self, loc: u8) -> Option<u8> {
        if loc < CELL0 {
            self.top(loc as usize)
        } else {
            let c = self.cells[(loc - CELL0) as usize];
            (c != NONE).then_some(c)
        }
    }

    pub(super) fn free_cells(&self) -> usize {
        self.cells[..self.ncells].iter().filter(|&&c| c == NONE).count()
    }

    pub(super) fn empty_cols(&self) -> usize {
        self.len.iter().filter(|&&l| l == 0).count()
    }

    /// Length of the run on top of column `i` (alternating colours, down by one).
    pub(super) fn run_len(&self, i: usize) -> usize {
        let l = self.len[i] as usize;
        if l == 0 {
            return 0;
        }
        l - self.fig[i][l - 1].run_from as usize
    }

    pub(super) fn first_free_cell(&self) -> Option<usize> {
        self.cells[..self.ncells].iter().position(|&c| c == NONE)
    }

    /// Make `m`; returns the card it moved (the deepest one of a run).
    pub(super) fn do_move(&mut self, m: Move) -> u8 {
        let n = m.n as usize;
        if m.from < CELL0 && m.to < CELL0 {
            let (i, j) = (m.from as usize, m.to as usize);
            self.touch(1 << i | 1 << j);
            let li = self.len[i] as usize;
            let lj = self.len[j] as usize;
            for k in 0..n {
                self.cols[j][lj + k] = self.cols[i][li - n + k];
            }
            self.len[i] -= n as u8;
            self.len[j] += n as u8;
            self.seat(j, lj);
            for p in lj + 1..lj + n {
                self.at[self.cols[j][p] as usize] = (j as u8, p as u8);
                self.figure(j, p);
            }
            return self.cols[j][lj];
        }
        let c = self.take(m.from);
        if m.to < CELL0 {
            let j = m.to as usize;
            self.touch(1 << j);
            self.cols[j][self.len[j] as usize] = c;
            self.len[j] += 1;
            self.seat(j, self.len[j] as usize - 1);
        } else if m.to < HOME {
            self.cells[(m.to - CELL0) as usize] = c;
            self.set_below(c as usize, IN_CELL);
        } else {
            self.found[suit(c)] += 1;
            self.touch(0xFF);
            self.set_below(c as usize, AT_HOME);
        }
        c
    }

    /// Record what the card at `pos` of column `j` lies on.
    #[inline]
    fn seat(&mut self, j: usize, pos: usize) {
        let c = self.cols[j][pos] as usize;
        self.set_below(c, if pos == 0 { BOTTOM } else { self.cols[j][pos - 1] });
        self.at[c] = (j as u8, pos as u8);
        self.figure(j, pos);
    }

    /// `fig` of the card at `pos` of column `j`, from the one below it.
    #[inline]
    fn figure(&mut self, j: usize, pos: usize) {
        let c = self.cols[j][pos];
        let r = rank(c);
        self.fig[j][pos] = if pos == 0 {
            Fig { blockers: 0, misfits: 0, low: r, run_from: 0 }
        } else {
            let f = self.fig[j][pos - 1];
            let under = self.cols[j][pos - 1];
            let fit = fits(c, under);
            Fig {
                blockers: f.blockers + (r > f.low) as u8,
                misfits: f.misfits + !fit as u8,
                low: f.low.min(r),
                run_from: if fit { f.run_from } else { pos as u8 },
            }
        };
    }

    /// `below` from scratch (positions built by hand or dealt); the key codes supports
    /// against it from now on.
    fn init_below(&mut self) {
        self.orig = [AT_HOME; 52];
        for j in 0..NCOL {
            for pos in 0..self.len[j] as usize {
                self.orig[self.cols[j][pos] as usize] = if pos == 0 { BOTTOM } else { self.cols[j][pos - 1] };
            }
        }
        for k in 0..self.ncells {
            if self.cells[k] != NONE {
                self.orig[self.cells[k] as usize] = IN_CELL;
            }
        }
        for c in 0..52 {
            self.set_below(c, self.orig[c]);
        }
        for j in 0..NCOL {
            for pos in 0..self.len[j] as usize {
                self.at[self.cols[j][pos] as usize] = (j as u8, pos as u8);
                self.figure(j, pos);
            }
        }
    }

    /// Set what card `c` lies on, in `below` and in the key (one word changed in place).
    #[inline]
    fn set_below(&mut self, c: usize, b: u8) {
        self.below[c] = b;
        let (w, word) = self.key_word(c, b);
        self.key.0[w] = word;
    }

    /// Take back `m`, which moved `c`.
    pub(super) fn undo_move(&mut self, m: Move, c: u8) {
        if m.from < CELL0 && m.to < CELL0 {
            self.do_move(Move { from: m.to, to: m.from, n: m.n });
            return;
        }
        if m.to == HOME {
            self.found[suit(c)] -= 1;
            self.touch(0xFF);
        } else {
            self.take(m.to);
        }
        if m.from < CELL0 {
            let i = m.from as usize;
            self.touch(1 << i);
            self.cols[i][self.len[i] as usize] = c;
            self.len[i] += 1;
            self.seat(i, self.len[i] as usize - 1);
        } else {
            self.cells[(m.from - CELL0) as usize] = c;
            self.set_below(c as usize, IN_CELL);
        }
    }

    /// Columns `mask` changed (0xFF: a foundation too): their kept figures are stale.
    #[inline]
    fn touch(&self, mask: u8) {
        self.stale.set(self.stale.get() | mask);
        self.sums_ok.set(false);
    }

    /// Remove and return the card a column or cell offers.
    fn take(&mut self, loc: u8) -> u8 {
        if loc < CELL0 {
            let i = loc as usize;
            self.touch(1 << i);
            self.len[i] -= 1;
            self.cols[i][self.len[i] as usize]
        } else {
            std::mem::replace(&mut self.cells[(loc - CELL0) as usize], NONE)
        }
    }

    /// Whether every card is on the foundations.
    pub(super) fn all_home(&self) -> bool {
        self.found == [13; 4]
    }

    /// What each card lies on: the key before coding, comparable across positions made apart.
    #[cfg(test)]
    pub(super) fn make_key(&self) -> [u8; 52] {
        self.below
    }
}

// The key a move leads to, told without making it (the key itself is key.rs).
impl FreeCell {
    /// The key with card `c` lying on `b`.
    #[inline]
    fn key_with(&self, c: usize, b: u8) -> Key {
        let (w, word) = self.key_word(c, b);
        let k = &self.key.0;
        Key([if w == 0 { word } else { k[0] }, if w == 1 { word } else { k[1] }, if w == 2 { word } else { k[2] }])
    }

    /// The key word holding card `c`'s code and its value with `c` lying on `b`: the code is 1
    /// where it was dealt, else `CODE` (home, a column's bottom, a cell, or one of the two cards
    /// it fits).
    #[inline]
    pub(super) fn key_word(&self, c: usize, b: u8) -> (usize, u64) {
        super::key::word_with(&self.key, c, b, self.orig[c])
    }

    /// The key after `m` when no card goes home: then only the card `m` sets down (the run's
    /// deepest) lies elsewhere, and the only card that may become safe is the one it uncovers
    /// (the foundations are unchanged, no other card is uncovered); None when that one is safe.
    pub(super) fn key_after(&self, m: Move) -> Option<Key> {
        debug_assert!(self.safe_home_move().is_none(), "key_after in a position with a safe move");
        if m.to == HOME {
            return None;
        }
        let c = if m.from < CELL0 {
            let (i, n) = (m.from as usize, m.n as usize);
            let l = self.len[i] as usize;
            if l > n && self.safe_home(self.cols[i][l - n - 1]) {
                return None;
            }
            self.cols[i][l - n]
        } else {
            self.cells[(m.from - CELL0) as usize]
        };
        let b = if m.to < CELL0 { self.top(m.to as usize).unwrap_or(BOTTOM) } else { IN_CELL };
        Some(self.key_with(c as usize, b))
    }
}
