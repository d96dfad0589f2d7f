//! Visible-information playouts: the shared part of every game's player (`games/<game>/player.rs`,
//! registered in `games::players`).
//! A player plays a deal as a person who cannot see the face-down cards or the stock's order would,
//! choosing by a scored policy with ties broken (and scores jittered) by SplitMix64; the Python twins
//! (`engine/games/<game>/player.py`, with `engine/gamekit/playout.py`) make the same moves on the
//! same seeds, which the differential tests check. Nothing here is a verdict: playouts measure how
//! hard a deal is for a player, for its grade.

use crate::core::rng::GOLDEN;

const POLICY_SALT: u64 = 0xD1B5_4A32_D192_ED03;

/// The stream's seed of playout `index` under `policy` from the deal's base seed (the twin's
/// `playout_seed`).
pub fn playout_seed(base: u64, policy: u8, index: u64) -> u64 {
    (base ^ (policy as u64).wrapping_mul(POLICY_SALT)).wrapping_add(index.wrapping_mul(GOLDEN))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playout_seeds_differ_by_policy_and_index() {
        assert_ne!(playout_seed(7, 0, 0), playout_seed(7, 1, 0));
        assert_ne!(playout_seed(7, 0, 0), playout_seed(7, 0, 1));
        assert_eq!(playout_seed(7, 0, 0), 7);
    }
}
