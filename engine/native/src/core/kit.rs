//! The kit a game's folder fills in so that its entry points are the shared ones: a game that
//! implements `Dealt` (how its position is dealt from an `Input`, its single moves as the referee
//! lists and spells them, and, if not the depth-first `search`, which search `solve` runs) is
//! registered with `kit::solve::<G>` and `kit::walk::<G>`, and its test hook `position` replays a
//! line with `kit::replay::<G>`. Generic, so each game's search is compiled for it as before.

use crate::core::game::{Game, Limits, Outcome};
use crate::core::input::Input;
use crate::core::search;
use crate::core::walk::{random_walk, Walk};

/// A game the kit's entry points can deal, walk, replay and solve.
pub trait Dealt: Game + Sized {
    /// The dealt position of an input (its layout, options and, for the redealing games, seed).
    fn deal(input: &Input) -> Result<Self, String>;
    /// Every legal single move here, as the referee lists them (what a walk lists and picks from,
    /// and what a replayed token must be).
    fn singles(&self, out: &mut Vec<Self::Move>);
    /// A single move as the referee's token.
    fn token(&self, m: Self::Move) -> String;
    /// Make a single move in a walk or a replay (default: `Game::apply`, its undo dropped).
    fn play(&mut self, m: Self::Move) {
        self.apply(m);
    }
    /// The search `solve` runs from the dealt position (default: the depth-first `search`).
    fn search(&mut self, limits: Limits) -> Outcome {
        search::search(self, limits)
    }
}

/// Solve one laid-out deal of `G` within the limits (the search's clock started once it is dealt:
/// `crate::core::clock`).
pub fn solve<G: Dealt>(input: &Input, limits: Limits) -> Result<Outcome, String> {
    let mut g = G::deal(input)?;
    crate::core::clock::built();
    Ok(g.search(limits))
}

/// For the differential tests: random play from the deal of `G`, `steps` moves chosen by a
/// xorshift stream from `seed` (`crate::core::walk`), every legal single move listed, sorted and
/// spelled as the referee reads them, at each step; a won position lists none.
pub fn walk<G: Dealt>(input: &Input, seed: u64, steps: usize) -> Result<Walk, String> {
    let mut g = G::deal(input)?;
    Ok(random_walk(&mut g, seed, steps, |g, out| g.singles(out), |g, m| g.token(m), |g, m| g.play(m)))
}

/// The position of `G` after `line` (tokens as the referee reads them) from the deal: the test
/// hooks' view of the solver's state. An error names the first token that is no legal move.
pub fn replay<G: Dealt>(input: &Input, line: &[String]) -> Result<G, String> {
    let mut g = G::deal(input)?;
    let mut ms = Vec::new();
    for (k, t) in line.iter().enumerate() {
        ms.clear();
        g.singles(&mut ms);
        let m = ms.iter().copied().find(|&m| g.token(m) == *t).ok_or(format!("move {k} ({t}) is not legal here"))?;
        g.play(m);
    }
    Ok(g)
}

/// For the redealing games' cargo tests: a deal seed (its 64 bytes 0, 1, ..., 63) to deal their
/// positions with, so that their redeal streams shuffle.
#[cfg(test)]
pub const TEST_SEED: [u8; 64] = {
    let mut s = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        s[i] = i as u8;
        i += 1;
    }
    s
};

/// For a game's cargo tests, the two things its search's soundness rests on: from `g`, at each of
/// up to `steps` positions (fewer if no move is left), every move `moves` lists is made and taken
/// back: each must give a key of its own, and taking it back must restore the key and `snapshot`;
/// then one of them, picked by a xorshift stream from `seed`, is played.
#[cfg(test)]
pub fn check_undo_and_keys<G: Game, S: PartialEq + std::fmt::Debug>(
    g: &mut G,
    seed: u64,
    steps: usize,
    moves: impl Fn(&G, &mut Vec<G::Move>),
    snapshot: impl Fn(&G) -> S,
) where
    G::Key: std::fmt::Debug,
{
    let mut rng = seed;
    for _ in 0..steps {
        let mut ms = Vec::new();
        moves(g, &mut ms);
        if ms.is_empty() {
            break;
        }
        let (k0, s0) = (g.key(), snapshot(g));
        let mut keys = std::collections::HashSet::new();
        for &m in &ms {
            let u = g.apply(m);
            assert!(keys.insert(g.key()), "two moves, one key");
            g.revert(u);
            assert_eq!(g.key(), k0);
            assert_eq!(snapshot(g), s0);
        }
        crate::core::rng::xorshift(&mut rng);
        g.apply(ms[(rng % ms.len() as u64) as usize]);
    }
}
