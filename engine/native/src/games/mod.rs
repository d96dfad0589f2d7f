//! The solvable games, one folder each: a game's moves, safe moves, key, search tuning, random
//! walk and tests live in `games/<game>/`; the shared search machinery beside (`crate::search`,
//! `crate::best_first`, `crate::seen`, `crate::walk`). `GAMES` registers them: the crate's
//! `solve`, `walk` and `solvable` (and the Python module) read only that table.

pub mod canfield;
pub mod freecell;
pub mod gaps;
pub mod klondike;
pub mod labellelucie;
pub mod pyramid;
pub mod spider;
pub mod tripeaks;

use crate::search::{Limits, Outcome};
use crate::walk::Walk;
use crate::{Layout, Options};

/// One solvable game: its id (as the Python side names it) and its entry points.
pub struct GameEntry {
    pub id: &'static str,
    /// Solve one laid-out deal with the game's options, within the limits.
    pub solve: fn(&Layout, &Options, Limits) -> Result<Outcome, String>,
    /// Random play from a deal for the differential tests (seed, steps).
    pub walk: fn(&Layout, &Options, u64, usize) -> Result<Walk, String>,
    /// The piles the solver holds after playing a line from the deal (the Python module's test hook
    /// `_position`, which compares them with the referee's), for the games that have it.
    pub position: Option<fn(&Layout, &Options, &[String]) -> Result<Vec<Vec<i32>>, String>>,
    /// Registers the game's own Python functions (test hooks) in the native module, if any.
    pub python: Option<PyHook>,
}

/// A game's registration of its own Python functions in the native module.
#[cfg(feature = "python")]
pub type PyHook = fn(&pyo3::Bound<'_, pyo3::types::PyModule>) -> pyo3::PyResult<()>;
/// Without the Python build there is no module: the hook is never called (the table stays the
/// same in both builds).
#[cfg(not(feature = "python"))]
pub type PyHook = fn();

/// The solvable games, in the order `solvable_games` lists them: a game is solvable exactly
/// when it is here.
pub static GAMES: &[GameEntry] = &[
    GameEntry { id: "klondike", solve: klondike::solve, walk: klondike::walk, position: None, python: Some(klondike::python::register) },
    GameEntry { id: "freecell", solve: freecell::solve, walk: freecell::walk, position: None, python: None },
    GameEntry { id: "canfield", solve: canfield::solve, walk: canfield::walk, position: None, python: None },
    GameEntry { id: "tripeaks", solve: tripeaks::solve, walk: tripeaks::walk, position: None, python: None },
    GameEntry { id: "pyramid", solve: pyramid::solve, walk: pyramid::walk, position: None, python: None },
    GameEntry { id: "spider", solve: spider::solve, walk: spider::walk, position: None, python: None },
    GameEntry { id: "labellelucie", solve: labellelucie::solve, walk: labellelucie::walk, position: Some(labellelucie::position), python: None },
    GameEntry { id: "gaps", solve: gaps::solve, walk: gaps::walk, position: Some(gaps::position), python: None },
];

/// The entry of `game`, if it is solvable.
pub fn find(game: &str) -> Option<&'static GameEntry> {
    GAMES.iter().find(|g| g.id == game)
}
