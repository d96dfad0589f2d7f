//! What every game uses, and nothing that names a game: the cards and the published shuffle
//! (`cards`, `deal`, `rng`), what a search reads (`input`), the searches (`search`, `best_first`)
//! and what they keep (`seen`, `memory`, `line`), random play for the differential tests
//! (`walk`), and the search's own CPU time (`clock`). A module here uses only modules here (tests/layers.rs checks it).

pub mod best_first;
pub mod cards;
pub mod clock;
pub mod deal;
pub mod game;
pub mod input;
pub mod kit;
pub mod line;
pub mod memory;
pub mod playout;
pub mod rng;
pub mod search;
pub mod seen;
pub mod turns;
pub mod walk;
