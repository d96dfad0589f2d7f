//! Visible-information playouts: the shared part of every game's player (`games/<game>/player.rs`,
//! registered in `games::players`).
//! A player plays a deal as a person who cannot see the face-down cards or the stock's order would,
//! choosing by a scored policy with ties broken (and scores jittered) by SplitMix64; the Python twins
//! (`engine/games/<game>/player.py`, with `engine/gamekit/playout.py`) make the same moves on the
//! same seeds, which the differential tests check. Nothing here is a verdict: playouts measure how
//! hard a deal is for a player, for its grade.

use crate::core::rng::{SplitMix, GOLDEN};

const POLICY_SALT: u64 = 0xD1B5_4A32_D192_ED03;

/// The stream's seed of playout `index` under `policy` from the deal's base seed (the twin's
/// `playout_seed`).
pub fn playout_seed(base: u64, policy: u8, index: u64) -> u64 {
    (base ^ (policy as u64).wrapping_mul(POLICY_SALT)).wrapping_add(index.wrapping_mul(GOLDEN))
}

/// The scored policies' choice (the twin's `pick`): each candidate's score plus a jitter in
/// 0..noise-1 (one draw a candidate, in order), the highest total, the first on a tie; None if there
/// is no candidate. Scores are not negative.
pub fn pick<T: Copy>(candidates: &[(T, i64)], noise: u64, rng: &mut SplitMix) -> Option<T> {
    let mut best: Option<T> = None;
    let mut best_total = -1i64;
    for &(mv, score) in candidates {
        let total = score + rng.below(noise) as i64;
        if total > best_total {
            best = Some(mv);
            best_total = total;
        }
    }
    best
}

/// A player's policy number checked (every game's `line` and `many` start with it): `game` has
/// policies 0..policies-1.
pub fn check_policy(game: &str, policy: u8, policies: usize) -> Result<(), String> {
    if (policy as usize) < policies {
        Ok(())
    } else {
        Err(format!("{game} has policies 0..{}, not {policy}", policies - 1))
    }
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

    #[test]
    fn pick_takes_the_best_total_and_the_first_on_a_tie() {
        let mut rng = SplitMix(1);
        assert_eq!(pick::<u8>(&[], 10, &mut rng), None);
        // noise 1 draws only zeros: the scores alone decide, the first of equals wins
        assert_eq!(pick(&[(1u8, 5), (2, 9), (3, 9), (4, 0)], 1, &mut rng), Some(2));
        // with jitter, the same seed picks the same, and one draw a candidate is taken
        let cands = [(1u8, 0), (2, 0), (3, 0), (4, 0)];
        let (mut a, mut b) = (SplitMix(42), SplitMix(42));
        assert_eq!(pick(&cands, 100, &mut a), pick(&cands, 100, &mut b));
        let mut c = SplitMix(42);
        for _ in 0..4 {
            c.next();
        }
        assert_eq!(a.next(), c.next());
        let picks: std::collections::HashSet<u8> = (0..50).map(|s| pick(&cands, 100, &mut SplitMix(s)).unwrap()).collect();
        assert!(picks.len() > 1, "the jitter reaches the choice");
    }
}
