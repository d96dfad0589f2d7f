//! Gaps' visible-information player (`crate::core::playout`), the twin of
//! `engine/games/gaps/player.py`, whose docstring tells the policy and why. The solver's `Gaps`
//! holds the deal and its seed and makes the moves (a redeal shuffles by the seed); the policy reads
//! only the rows and the redeals left, never the seed.

use super::{name, rank, Gaps, Move, GAP, PLACES, REDEALS, ROWS};
use crate::core::input::Input;
use crate::core::playout::{self, pick};
use crate::core::rng::SplitMix;
use crate::core::search::Game;

const MAX_MOVES: usize = 400;
/// Per policy: place, fill, open, dead, noise (the twin's `_SCORES`).
const SCORES: [[i64; 5]; 2] = [[80, 30, 20, 20, 30], [50, 40, 0, 0, 10]];

fn spell(m: Move) -> String {
    match m {
        Move::Fill { card, to } if rank(card) == 2 => format!("{}>{}", name(card), to as usize / PLACES + 1),
        Move::Fill { card, .. } => name(card),
        Move::Redeal => "r".into(),
    }
}

/// What a player sees: the places row by row (GAP for a gap), where each card is, the redeals left.
pub struct View<'a> {
    pub cells: &'a [u8],
    pub at: &'a [u8; 52],
    pub redeals_left: u8,
}

fn view(g: &Gaps) -> View<'_> {
    View { cells: &g.cells, at: &g.at, redeals_left: REDEALS - g.redeals }
}

fn run(v: &View, r: usize) -> usize {
    let row = &v.cells[r * PLACES..(r + 1) * PLACES];
    let mut k = 0;
    while k < PLACES && row[k] != GAP && rank(row[k]) == k as u8 + 2 && row[k] / 13 == row[0] / 13 {
        k += 1;
    }
    k
}

fn candidates(v: &View, policy: u8, out: &mut Vec<(Move, i64)>) {
    let [place, fill, open, dead, _] = SCORES[policy as usize];
    out.clear();
    for r in 0..ROWS {
        let k = run(v, r);
        for p in 0..PLACES {
            let to = r * PLACES + p;
            if v.cells[to] != GAP {
                continue;
            }
            let mut cards = [0u8; 4];
            let mut n = 0;
            if p == 0 {
                for s in 0..4u8 {
                    if v.at[(s * 13 + 1) as usize] as usize % PLACES != 0 {
                        cards[n] = s * 13 + 1;
                        n += 1;
                    }
                }
            } else {
                let left = v.cells[to - 1];
                if left != GAP && rank(left) != 13 {
                    cards[0] = left + 1;
                    n = 1;
                }
            }
            for &card in &cards[..n] {
                let mut score = if p == k { place } else { fill };
                let from = v.at[card as usize] as usize;
                let left = if from % PLACES == 0 {
                    None
                } else if from - 1 == to {
                    Some(card)
                } else {
                    Some(v.cells[from - 1])
                };
                if left.is_none_or(|l| l != GAP && rank(l) != 13) {
                    score += open;
                } else {
                    score -= dead;
                }
                out.push((Move::Fill { card, to: to as u8 }, score.max(0)));
            }
        }
    }
    if out.is_empty() && v.redeals_left > 0 {
        out.push((Move::Redeal, 0));
    }
}

/// The game's player (`core::playout::Player`): `games::PLAYERS` registers the shared
/// `playout::line` and `playout::many` of it.
impl playout::Player for Gaps {
    const GAME: &'static str = "gaps";
    const POLICIES: usize = SCORES.len();
    const MAX_MOVES: usize = MAX_MOVES;
    type Move = Move;
    type Memo = ();

    fn deal(input: &Input) -> Result<Gaps, String> {
        Gaps::from_input(input)
    }

    fn choose(g: &Gaps, policy: u8, _: (), rng: &mut SplitMix, buf: &mut Vec<(Move, i64)>) -> Option<Move> {
        candidates(&view(g), policy, buf);
        pick(buf, SCORES[policy as usize][4] as u64, rng)
    }

    fn make(g: &mut Gaps, mv: Move, _: ()) {
        g.apply(mv);
    }

    fn won(g: &Gaps) -> bool {
        g.won()
    }

    fn spell(mv: Move) -> String {
        spell(mv)
    }
}
