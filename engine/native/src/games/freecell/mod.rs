//! freecell: moves, safe moves and position key for the shared search.
//!
//! Rules as the referee's (`engine/games/freecell/rules.py`): 8 columns, 1..4 free
//! cells, build down in alternating colours, foundations up by suit from the
//! ace, cards never come back from the foundations. The search plays single
//! cards plus the usual multi-card shorthand (a run moved through free cells
//! and empty columns), which the referee accepts and expands; every position a
//! shorthand move reaches is also reachable by single cards, so adding them
//! changes no verdict (see README.md).
//!
//! The files: `cards` (card tables), `state` (the position, make/undo), `key` (the packed key
//! and its set), `moves` (safe moves, legal moves, candidates), `eval` (move ordering),
//! `tuning` (profiles, the schedule of scans, `solve`'s search), `tests`.

mod cards;
mod eval;
mod key;
mod moves;
pub mod player;
mod state;
mod tuning;

#[cfg(test)]
mod tests;

use crate::core::search::{Game, Limits, Outcome};
use crate::core::input::{Input, Layout, Options};
use crate::core::kit::Dealt;
pub use key::{Key, KeySet};
pub use state::{FreeCell, Move};

impl Game for FreeCell {
    type Move = Move;
    type Undo = (Move, u8);
    type Key = Key;

    fn safe_move(&self) -> Option<Move> {
        self.safe_home_move()
    }

    fn moves(&self, out: &mut Vec<Move>) {
        self.candidates(out);
    }

    fn child_eval(&self, m: Move) -> Option<i64> {
        Some(self.eval_after(m, &self.w) as i64)
    }

    fn apply(&mut self, m: Move) -> (Move, u8) {
        (m, self.do_move(m))
    }

    fn revert(&mut self, u: (Move, u8)) {
        self.undo_move(u.0, u.1);
    }

    fn won(&self) -> bool {
        self.all_home()
    }

    fn key(&self) -> Key {
        self.key
    }

    fn child_key(&self, m: Move) -> Option<Key> {
        self.key_after(m)
    }

    fn spell(&self, m: Move, out: &mut crate::core::search::Line) {
        out.push(self.spell_move(m));
    }
}

/// The dealt position and cell count from a layout and options.
fn from_layout(layout: &Layout, options: &Options) -> Result<FreeCell, String> {
    let cols = layout.get("tableau").ok_or("freecell layout needs a tableau")?;
    let ncells = *options.get("cells").unwrap_or(&4);
    if !(1..=4).contains(&ncells) {
        return Err(format!("freecell cells must be 1..4, got {ncells}"));
    }
    let mut columns = Vec::with_capacity(cols.len());
    for col in cols {
        let mut v = Vec::with_capacity(col.len());
        for &c in col {
            if !(0..52).contains(&c) {
                return Err(format!("freecell layout has a bad card {c}"));
            }
            v.push(c as u8);
        }
        columns.push(v);
    }
    let g = if layout.contains_key("cells") || columns.iter().map(|c| c.len()).sum::<usize>() < 52 {
        in_play(&columns, layout.get("cells"), ncells as usize)?
    } else {
        FreeCell::new(&columns, ncells as usize)?
    };
    Ok(g)
}

/// A position in play: the columns, the cells (`cells`: [[card or -1 for empty, ...]], one entry a
/// cell) and, for the foundations, the cards missing from both: each suit's missing cards must be
/// its ace up (they are what its foundation holds).
fn in_play(columns: &[Vec<u8>], cells: Option<&Vec<Vec<i32>>>, ncells: usize) -> Result<FreeCell, String> {
    if columns.len() != 8 {
        return Err(format!("freecell needs 8 columns, got {}", columns.len()));
    }
    let mut seen = [false; 52];
    let mut held = [cards::NONE; 4];
    let cells: &[i32] = match cells.map(|c| c.as_slice()) {
        None | Some([]) => &[],
        Some([c]) => c,
        Some(_) => return Err("freecell cells must be one list".into()),
    };
    if cells.len() > ncells {
        return Err(format!("freecell position has {} cells, the game {ncells}", cells.len()));
    }
    for (k, &c) in cells.iter().enumerate() {
        if c >= 0 {
            held[k] = c as u8;
        }
    }
    for &c in columns.iter().flatten().chain(held[..ncells].iter().filter(|&&c| c != cards::NONE)) {
        if c >= 52 || seen[c as usize] {
            return Err(format!("freecell position has a bad or repeated card {c}"));
        }
        seen[c as usize] = true;
    }
    let mut found = [0u8; 4];
    for su in 0..4u8 {
        let n = (0..13).take_while(|r| !seen[(su * 13 + r) as usize]).count() as u8;
        if (n..13).any(|r| !seen[(su * 13 + r) as usize]) {
            return Err("freecell position is missing cards that are not a foundation's ace up".into());
        }
        found[su as usize] = n;
    }
    Ok(FreeCell::from_parts(columns, &held[..ncells], found))
}

/// Interleaved scans (`tuning::interleaved`) over `tuning::SCHEDULE`: depth-first and best-first
/// searches with different move orders take turns on one budget, none restarting, until one
/// wins, one runs dry (a complete search: lost, whatever the order) or the budget is spent.
/// Orders differ in how fast they find a win, never in what they prove; the nodes of every scan
/// count.
pub fn solve(input: &Input, limits: Limits) -> Result<Outcome, String> {
    let mut g = from_layout(input.layout, input.options)?;
    crate::core::clock::built();
    Ok(tuning::solve(&mut g, input.tuning, limits))
}


/// The kit's walk (`crate::core::kit`): the referee's single moves (a run moves card by card
/// there); `solve` is tuning.rs's.
impl Dealt for FreeCell {
    fn deal(input: &Input) -> Result<Self, String> {
        from_layout(input.layout, input.options)
    }
    fn singles(&self, out: &mut Vec<Move>) {
        self.legal_singles(out)
    }
    fn token(&self, m: Move) -> String {
        self.spell_move(m)
    }
    fn play(&mut self, m: Move) {
        self.do_move(m);
    }
}
