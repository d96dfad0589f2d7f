//! dealpool's native engine: the solver's search and each game's moves.
//! The Python side deals and lays out the cards; this crate only searches.
//!
//! Shared machinery here (`search`, `best_first`, `seen`, `walk`, `cards`, `deal`, `line`, `input`);
//! each game in its folder under `games/`, registered in `games::GAMES`, the one table `solve`,
//! `walk`, `position` and `solvable` read; the Python module in `bindings/` (the `python` feature).

pub mod best_first;
pub mod cards;
pub mod deal;
pub mod games;
pub mod input;
pub mod line;
pub mod memory;
pub mod rng;
pub mod search;
pub mod seen;
pub mod walk;

#[cfg(feature = "python")]
mod bindings;

pub use input::{Input, Layout, Options, Tuning};

/// The registered entry of `game`, its input's names checked, or the error for a game without a
/// solver or a name it does not read.
fn entry(game: &str, input: &Input) -> Result<&'static games::GameEntry, String> {
    let g = games::find(game).ok_or_else(|| format!("no solver for game {game:?}"))?;
    g.check(input)?;
    Ok(g)
}

/// Solve one laid-out deal of `game`. Everything the solve allocates for its searches (its
/// searches in turn, a game's own tables) is charged to one memory meter capped at
/// `limits.max_bytes` (`memory`).
pub fn solve(game: &str, input: &Input, limits: search::Limits) -> Result<search::Outcome, String> {
    let g = entry(game, input)?;
    let _scope = memory::scope(limits.max_bytes);
    (g.solve)(input, limits)
}

/// Random play for the differential tests (see each game's `walk`): `walk_seed` picks the moves.
pub fn walk(game: &str, input: &Input, walk_seed: u64, steps: usize) -> Result<walk::Walk, String> {
    (entry(game, input)?.walk)(input, walk_seed, steps)
}

/// The piles the solver holds after playing `line` from the deal, for the games with that test
/// hook (`games::GameEntry::position`).
pub fn position(game: &str, input: &Input, line: &[String]) -> Result<Vec<Vec<i32>>, String> {
    let position = entry(game, input)?.position.ok_or_else(|| format!("no position hook for game {game:?}"))?;
    position(input, line)
}

/// Which games `solve` can search (the Python side asks before offering a board).
pub fn solvable(game: &str) -> bool {
    games::find(game).is_some()
}

/// The ids of the games `solve` can search, in the order of `games::GAMES`.
pub fn solvable_games() -> Vec<&'static str> {
    games::GAMES.iter().map(|g| g.id).collect()
}
