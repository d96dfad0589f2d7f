//! Visible-information playouts: the shared part of every game's player (`games/<game>/player.rs`,
//! registered in `games::players`).
//! A player plays a deal as a person who cannot see the face-down cards or the stock's order would,
//! choosing by a scored policy with ties broken (and scores jittered) by SplitMix64; the Python twins
//! (`engine/games/<game>/player.py`, with `engine/gamekit/playout.py`) make the same moves on the
//! same seeds, which the differential tests check. Nothing here is a verdict: playouts measure how
//! hard a deal is for a player, for its grade.

/// Vigna's SplitMix64, as `engine/gamekit/playout.py`'s `SplitMix` (same numbers everywhere).
pub struct SplitMix(pub u64);

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;
const POLICY_SALT: u64 = 0xD1B5_4A32_D192_ED03;

impl SplitMix {
    #[inline]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in 0..n-1 (`% n`, as the twin).
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The stream's seed of playout `index` under `policy` from the deal's base seed (the twin's
/// `playout_seed`).
pub fn playout_seed(base: u64, policy: u8, index: u64) -> u64 {
    (base ^ (policy as u64).wrapping_mul(POLICY_SALT)).wrapping_add(index.wrapping_mul(GOLDEN))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_the_reference_values() {
        // Vigna's splitmix64.c from seed 0: the first outputs.
        let mut r = SplitMix(0);
        assert_eq!(r.next(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn playout_seeds_differ_by_policy_and_index() {
        assert_ne!(playout_seed(7, 0, 0), playout_seed(7, 1, 0));
        assert_ne!(playout_seed(7, 0, 0), playout_seed(7, 0, 1));
        assert_eq!(playout_seed(7, 0, 0), 7);
    }
}
