//! dealpool's native engine: the solver's search and each game's moves.
//! The Python side deals and lays out the cards; this crate only searches.
//!
//! Three layers, each using only those before it (tests/layers.rs checks it, and that no two
//! files use each other, however indirectly):
//! - `core/`: what every game uses (cards, the shuffle, the searches and their tables, `Input`);
//! - `games/`: one folder a game, and the registry `games::GAMES` that `solve`, `walk`,
//!   `position` and `solvable` read;
//! - `bindings/`: the Python module (PyO3, the `python` feature alone).

pub mod core;
pub mod games;

#[cfg(feature = "python")]
mod bindings;

pub use crate::core::input::{Input, Layout, Options, Tuning};
pub use crate::core::search::{Limits, Outcome, Verdict};
pub use crate::games::{position, solvable, solvable_games, solve, walk};
