//! tripeaks: moves, safe moves and position key for the shared search.
//! (Not written yet: the binding reports it as unsupported.)

use crate::search::{Limits, Outcome};
use crate::{Layout, Options};

/// Whether this solver is built (the binding offers only built ones).
pub const BUILT: bool = false;

pub fn solve(_layout: &Layout, _options: &Options, _limits: Limits) -> Result<Outcome, String> {
    Err("the tripeaks solver is not built yet".to_string())
}
