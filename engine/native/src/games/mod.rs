//! The solvable games, one folder each: a game's moves, safe moves, key, search tuning, random
//! walk and tests live in `games/<game>/`; the shared search machinery beside (`crate::search`,
//! `crate::best_first`, `crate::seen`, `crate::walk`).

pub mod canfield;
pub mod freecell;
pub mod klondike;
pub mod pyramid;
pub mod tripeaks;
