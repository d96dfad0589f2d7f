//! Random play for the differential tests, shared by the games: at each step
//! every legal single move (spelled, sorted) is listed beside the line so far,
//! so the Python side can replay the line and compare its own legal moves.

use crate::core::search::Game;
use crate::core::rng::xorshift;

/// (the line so far, every legal single move in the position it reaches, sorted).
pub type Walk = Vec<(Vec<String>, Vec<String>)>;

/// Walk `steps` random moves from `g` (choosing with a xorshift stream from
/// `seed`), stopping early at a win (which lists no moves) or where no move is legal.
pub fn random_walk<G: Game, M: Copy>(
    g: &mut G,
    seed: u64,
    steps: usize,
    legal: impl Fn(&G, &mut Vec<M>),
    token: impl Fn(&G, M) -> String,
    mut play: impl FnMut(&mut G, M),
) -> Walk {
    let mut x = seed | 1;
    let mut line: Vec<String> = Vec::new();
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for step in 0..=steps {
        moves.clear();
        if !g.won() {
            legal(g, &mut moves);
        }
        let mut names: Vec<String> = moves.iter().map(|&m| token(g, m)).collect();
        names.sort();
        out.push((line.clone(), names));
        if step == steps || moves.is_empty() {
            break;
        }
        xorshift(&mut x);
        let m = moves[(x % moves.len() as u64) as usize];
        line.push(token(g, m));
        play(g, m);
    }
    out
}
