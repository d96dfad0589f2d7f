//! FreeCell's player (`crate::core::playout`), the twin of `engine/games/freecell/player.py`, whose
//! docstring tells the policy and why. FreeCell hides nothing, so the policy reads the whole table;
//! it differs from the solver by playing one greedy pass (no search, no backtracking).

use crate::core::input::Input;
use crate::core::playout::{self, pick};
use crate::core::rng::SplitMix;
use super::cards::{fits, rank, red};

const COLUMNS: usize = 8;
const MAX_MOVES: usize = 300;
const NONE: u8 = 255;
/// Per policy: safe-up, up, uncover, build, empty-col, cell-out, split, to-empty, cell-empty,
/// to-cell, cell-uncover, noise (the twin's `_SCORES`).
const SCORES: [[i64; 12]; 2] = [[100, 60, 70, 40, 55, 50, 5, 15, 10, 8, 30, 30], [100, 95, 60, 45, 40, 70, 5, 20, 15, 30, 30, 10]];
const CELL_NAMES: &[u8; 4] = b"abcd";

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mv {
    /// column to the foundation
    ColUp(u8),
    /// cell to the foundation
    CellUp(u8),
    /// column to a non-empty column (the shorthand: the count follows from the ranks)
    Build(u8, u8, u8),
    /// column to an empty column: source, target, cards
    ToEmpty(u8, u8, u8),
    /// cell to a column
    CellOut(u8, u8),
    /// column to a cell
    ToCell(u8, u8),
}

impl Mv {
    pub fn spell(self) -> String {
        let cell = |k: u8| CELL_NAMES[k as usize] as char;
        match self {
            Mv::ColUp(n) => format!("{}h", n + 1),
            Mv::CellUp(k) => format!("{}h", cell(k)),
            Mv::Build(n, m, _) => format!("{}{}", n + 1, m + 1),
            Mv::ToEmpty(n, m, 1) => format!("{}{}", n + 1, m + 1),
            Mv::ToEmpty(n, m, k) => format!("{}{}v{}", n + 1, m + 1, k),
            Mv::CellOut(k, m) => format!("{}{}", cell(k), m + 1),
            Mv::ToCell(n, k) => format!("{}{}", n + 1, cell(k)),
        }
    }
}

/// The table (all of it is visible).
#[derive(Clone)]
pub struct Table {
    cols: [Vec<u8>; COLUMNS],
    cells: Vec<u8>,
    found: [u8; 4],
}

impl Table {
    /// The deal's table from the layout's `tableau` and the `cells` option.
    pub fn new(input: &Input) -> Result<Table, String> {
        let tableau = input.layout.get("tableau").ok_or("freecell layout has no \"tableau\"")?;
        if tableau.len() != COLUMNS {
            return Err(format!("a freecell layout has {COLUMNS} columns, not {}", tableau.len()));
        }
        let mut cols: [Vec<u8>; COLUMNS] = Default::default();
        let mut seen = 0u64;
        for (col, cards) in cols.iter_mut().zip(tableau) {
            for &c in cards {
                let c = u8::try_from(c).ok().filter(|c| *c < 52).ok_or_else(|| format!("bad card {c}"))?;
                seen |= 1 << c;
                col.push(c);
            }
        }
        if seen != (1u64 << 52) - 1 {
            return Err("a freecell deal holds each of the 52 cards once in its tableau".into());
        }
        let n = input.options.get("cells").copied().unwrap_or(4);
        if !(1..=4).contains(&n) {
            return Err(format!("freecell cells must be 1..4, not {n}"));
        }
        Ok(Table { cols, cells: vec![NONE; n as usize], found: [0; 4] })
    }

    pub fn won(&self) -> bool {
        self.found == [13; 4]
    }

    /// The deepest card `m` carries (before it is made).
    fn moved(&self, m: Mv) -> u8 {
        match m {
            Mv::ColUp(n) | Mv::ToCell(n, _) => *self.cols[n as usize].last().unwrap(),
            Mv::CellUp(k) | Mv::CellOut(k, _) => self.cells[k as usize],
            Mv::Build(n, _, k) | Mv::ToEmpty(n, _, k) => {
                let col = &self.cols[n as usize];
                col[col.len() - k as usize]
            }
        }
    }

    pub fn play(&mut self, m: Mv) {
        match m {
            Mv::ColUp(n) => {
                let c = self.cols[n as usize].pop().unwrap();
                self.found[(c / 13) as usize] += 1;
            }
            Mv::CellUp(k) => {
                let c = std::mem::replace(&mut self.cells[k as usize], NONE);
                self.found[(c / 13) as usize] += 1;
            }
            Mv::Build(n, m, k) | Mv::ToEmpty(n, m, k) => {
                let src = &mut self.cols[n as usize];
                let at = src.len() - k as usize;
                let moved: Vec<u8> = src.drain(at..).collect();
                self.cols[m as usize].extend(moved);
            }
            Mv::CellOut(k, m) => {
                let c = std::mem::replace(&mut self.cells[k as usize], NONE);
                self.cols[m as usize].push(c);
            }
            Mv::ToCell(n, k) => {
                self.cells[k as usize] = self.cols[n as usize].pop().unwrap();
            }
        }
    }

    fn up_ok(&self, c: u8) -> bool {
        self.found[(c / 13) as usize] + 1 == rank(c)
    }

    /// The referee's `safe_move` rule for a card that goes up.
    fn safe(&self, c: u8) -> bool {
        let r = rank(c);
        let f = &self.found;
        let low = if red(c) { f[0].min(f[3]) } else { f[1].min(f[2]) };
        let twin = f[3 - (c / 13) as usize];
        r <= 2 || low + 1 >= r || (low + 2 >= r && twin + 3 >= r)
    }

    fn capacity(&self, to_empty: bool) -> usize {
        let free = self.cells.iter().filter(|&&c| c == NONE).count();
        let empty = self.cols.iter().filter(|c| c.is_empty()).count() - to_empty as usize;
        (free + 1) << empty
    }

    /// The candidates with their scores, in the twin's order (`candidates`).
    fn candidates(&self, policy: u8, last: u8, out: &mut Vec<(Mv, i64)>) {
        let [safe_up, up, uncover, build, empty_col, cell_out, split, to_empty, cell_empty, to_cell, cell_uncover, _] = SCORES[policy as usize];
        out.clear();
        for (n, col) in self.cols.iter().enumerate() {
            if let Some(&c) = col.last() {
                if self.up_ok(c) {
                    out.push((Mv::ColUp(n as u8), if self.safe(c) { safe_up } else { up }));
                }
            }
        }
        for (k, &c) in self.cells.iter().enumerate() {
            if c != NONE && self.up_ok(c) {
                out.push((Mv::CellUp(k as u8), if self.safe(c) { safe_up } else { up }));
            }
        }
        let first_empty = self.cols.iter().position(|c| c.is_empty());
        for (n, col) in self.cols.iter().enumerate() {
            let Some(&top) = col.last() else { continue };
            let mut run = 1;
            while run < col.len() && fits(col[col.len() - run], col[col.len() - run - 1]) {
                run += 1;
            }
            for (m, dest) in self.cols.iter().enumerate() {
                if m == n {
                    continue;
                }
                if let Some(&d) = dest.last() {
                    let count = rank(d) as i32 - rank(top) as i32;
                    if count < 1 || count as usize > run {
                        continue;
                    }
                    let count = count as usize;
                    let base = col[col.len() - count];
                    if !fits(base, d) || count > self.capacity(false) || base == last {
                        continue;
                    }
                    let score = if count == col.len() {
                        empty_col
                    } else if count < run {
                        split
                    } else if self.up_ok(col[col.len() - count - 1]) {
                        uncover
                    } else {
                        build
                    };
                    out.push((Mv::Build(n as u8, m as u8, count as u8), score));
                } else if Some(m) == first_empty {
                    let count = run.min(self.capacity(true));
                    if count == col.len() || col[col.len() - count] == last {
                        continue;
                    }
                    out.push((Mv::ToEmpty(n as u8, m as u8, count as u8), to_empty));
                }
            }
        }
        for (k, &c) in self.cells.iter().enumerate() {
            if c == NONE || c == last {
                continue;
            }
            for (m, dest) in self.cols.iter().enumerate() {
                match dest.last() {
                    Some(&d) if fits(c, d) => out.push((Mv::CellOut(k as u8, m as u8), cell_out)),
                    None if Some(m) == first_empty => out.push((Mv::CellOut(k as u8, m as u8), cell_empty)),
                    _ => {}
                }
            }
        }
        if let Some(free) = self.cells.iter().position(|&c| c == NONE) {
            for (n, col) in self.cols.iter().enumerate() {
                if let Some(&c) = col.last() {
                    if c != last {
                        let score = if col.len() > 1 && self.up_ok(col[col.len() - 2]) { cell_uncover } else { to_cell };
                        out.push((Mv::ToCell(n as u8, free as u8), score));
                    }
                }
            }
        }
    }
}

/// The player's memory of its last move: the card it moved within the tableau (`Table::moved`),
/// `NONE` at the start and after a card went home.
#[derive(Clone, Copy)]
pub struct Last(u8);

impl Default for Last {
    fn default() -> Last {
        Last(NONE)
    }
}

/// The game's player (`core::playout::Player`): `games::PLAYERS` registers the shared
/// `playout::line` and `playout::many` of it.
impl playout::Player for Table {
    const GAME: &'static str = "freecell";
    const POLICIES: usize = SCORES.len();
    const MAX_MOVES: usize = MAX_MOVES;
    type Move = Mv;
    type Memo = Last;

    fn deal(input: &Input) -> Result<Table, String> {
        Table::new(input)
    }

    fn choose(table: &Table, policy: u8, last: Last, rng: &mut SplitMix, buf: &mut Vec<(Mv, i64)>) -> Option<Mv> {
        table.candidates(policy, last.0, buf);
        pick(buf, SCORES[policy as usize][11] as u64, rng)
    }

    fn make(table: &mut Table, mv: Mv, _: Last) -> Last {
        let last = match mv {
            Mv::ColUp(_) | Mv::CellUp(_) => NONE,
            _ => table.moved(mv),
        };
        table.play(mv);
        Last(last)
    }

    fn won(table: &Table) -> bool {
        table.won()
    }

    fn spell(mv: Mv) -> String {
        mv.spell()
    }
}
