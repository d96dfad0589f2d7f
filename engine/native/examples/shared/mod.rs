//! What the bench examples share (not an example itself: a folder without main.rs).

use dealpool_native::core::search::{Outcome, Verdict};

/// FNV-1a of a won line's tokens (each followed by a space), 0 when there is no line: printed per
/// deal with `EACH=1`, so that before/after runs can be compared deal by deal, line included.
pub fn line_digest(out: &Outcome) -> u64 {
    match &out.verdict {
        Verdict::Won(l) => l.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, t| {
            t.bytes().chain([b' ']).fold(h, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
        }),
        _ => 0,
    }
}
