//! spider: moves, position key and search for the shared machinery (README.md argues each
//! pruning and key merge).
//!
//! Rules (engine/games/spider/README.md): ten columns, the bottom cards face down; a stock of 50
//! dealt ten at a time, one to each column, only when no column is empty. A card goes onto a
//! card one rank higher of any suit, or into an empty column; a run moves as a unit when it is in
//! one suit and in sequence. A complete K..A run of one suit goes off by itself, and a face-down
//! card turns up by itself when uncovered. Won when the eight runs are off.
//!
//! Every card is known (face-down cards and the stock order). A face-down card never moves, and
//! nothing goes under it, so column i's face-down part is always the first `down[i]` cards it
//! was dealt: the key names it by (i, down[i]) instead of its cards.

//!
//! The files, each using only those above it: `cards.rs` (cards, table size), `key.rs` (the exact
//! key and its set), `sums.rs` (kept hashes and counts), `state.rs` (the position, its moves and
//! `Game`), `beam.rs` (the beam search), `search.rs` (the searches `solve` runs, the tuning).

mod beam;
mod cards;
mod key;
pub mod player;
mod search;
mod state;
mod sums;

use crate::core::kit::Dealt;
use crate::core::input::Input;
use crate::core::search::{Limits, Outcome};
pub use cards::COLS;
pub use state::{Move, Spider};

/// Solve a dealt position (search.rs says how: searches taking turns, `lost` only from the
/// complete one; tuning knobs for measurement only).
pub fn solve(input: &Input, limits: Limits) -> Result<Outcome, String> {
    search::solve(input, limits)
}

/// The kit's walk (`crate::core::kit`); `solve` is search.rs's own.
impl Dealt for Spider {
    fn deal(input: &Input) -> Result<Self, String> {
        Spider::from_layout(input.layout, input.options)
    }
    fn singles(&self, out: &mut Vec<Move>) {
        self.legal(out)
    }
    fn token(&self, m: Move) -> String {
        Spider::token(m)
    }
}

#[cfg(test)]
mod tests;
