//! tripeaks: moves, safe moves and position key for the shared search.
//! (Not written yet: the binding reports it as unsupported.)

use crate::search::{Limits, Outcome};
use crate::{Layout, Options};

/// Whether this solver is built (the binding offers only built ones).
pub const BUILT: bool = false;

pub fn solve(_layout: &Layout, _options: &Options, _limits: Limits) -> Result<Outcome, String> {
    Err("the tripeaks solver is not built yet".to_string())
}

/// For the differential tests: random play from the deal, `steps` moves,
/// choosing with a xorshift stream from `seed`. Each entry is (the line so
/// far, every legal single move in the position it reaches, sorted), all
/// spelled in the notation the referee reads.
pub fn walk(_layout: &Layout, _options: &Options, _seed: u64, _steps: usize) -> Result<Vec<(Vec<String>, Vec<String>)>, String> {
    Err("the tripeaks solver is not built yet".to_string())
}
