//! What one search of a deal reads, as one value: the layout, the game's rule options, the deal's
//! seed and the search's tuning knobs. The rules (options) and the measurement knobs (tuning) are
//! two maps so that a knob can never pass for a rule: the pipeline sends rules only, and a game
//! names the knobs it reads (`games::GameEntry::knobs`), any other refused.

use std::collections::{BTreeMap, HashMap};

/// A dealt layout as the Python side lays it out (each game's `lay_out` in engine/games/<game>/): named
/// groups of card lists, each list bottom first; cards are 0..51
/// (suit * 13 + rank - 1, suits spades, hearts, diamonds, clubs).
pub type Layout = HashMap<String, Vec<Vec<i32>>>;
/// A game's rule options as whole numbers (e.g. draw=3, passes=0 for unlimited).
pub type Options = HashMap<String, i64>;
/// Search tuning knobs as whole numbers (measurement only: e.g. FreeCell's `bf`, Klondike's
/// `abstract`). Ordered, so a refusal names the same knob first on every run.
pub type Tuning = BTreeMap<String, i64>;

/// The tuning of an `Input` given none: every game's own defaults.
static NO_TUNING: Tuning = BTreeMap::new();

/// One deal to search or walk: borrowed, so building one costs nothing.
#[derive(Clone, Copy, Debug)]
pub struct Input<'a> {
    pub layout: &'a Layout,
    pub options: &'a Options,
    /// The deal's 64-byte seed (None for a classic FreeCell deal or a position): the games that
    /// redeal (La Belle Lucie, Gaps) shuffle their redeals with its streams.
    pub seed: Option<&'a [u8]>,
    pub tuning: &'a Tuning,
}

impl<'a> Input<'a> {
    /// A deal with no seed and no tuning.
    pub fn new(layout: &'a Layout, options: &'a Options) -> Self {
        Input { layout, options, seed: None, tuning: &NO_TUNING }
    }

    /// The same deal with its seed.
    pub fn with_seed(self, seed: &'a [u8]) -> Self {
        Input { seed: Some(seed), ..self }
    }

    /// The same deal with these tuning knobs.
    pub fn with_tuning(self, tuning: &'a Tuning) -> Self {
        Input { tuning, ..self }
    }

    /// A tuning knob's value, if set.
    pub fn knob(&self, name: &str) -> Option<i64> {
        self.tuning.get(name).copied()
    }

    /// The deal's seed for a game whose redeals need it: exactly 64 bytes, else the error
    /// naming `game`.
    pub fn seed64(&self, game: &str) -> Result<[u8; 64], String> {
        match self.seed {
            Some(s) => s.try_into().map_err(|_| format!("{game} redeals from the deal's seed: it must be 64 bytes, got {}", s.len())),
            None => Err(format!("{game} redeals from the deal's seed: none given")),
        }
    }
}
