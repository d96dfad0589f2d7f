//! La Belle Lucie's visible-information player (`crate::core::playout`), the twin of
//! `engine/games/labellelucie/player.py`, whose docstring tells the policy and why. The solver's
//! `Lucie` holds the deal and its seed and makes the moves (a redeal shuffles by the seed); the
//! policy reads only the fans, the foundations and the redeals left, never the seed.

use super::{Lucie, Move, REDEALS};
use crate::core::input::Input;
use crate::core::playout::{self, pick};
use crate::core::search::Game;
use crate::core::rng::SplitMix;

/// Per policy: up, build, uncover, bury, noise (the twin's `_SCORES`).
const SCORES: [[i64; 5]; 2] = [[100, 40, 20, 15, 30], [100, 40, 0, 0, 10]];

fn spell(m: Move) -> String {
    match m {
        Move::Found(i) => format!("{}>f", i + 1),
        Move::Build(i, j) => format!("{}>{}", i + 1, j + 1),
        Move::Redeal => "r".into(),
    }
}

/// What a player sees: the fans (bottom first), cards on each foundation, the redeals left.
pub struct View<'a> {
    pub fans: Vec<&'a [u8]>,
    pub found: [u8; 4],
    pub redeals_left: u8,
}

fn view(l: &Lucie) -> View<'_> {
    let f = &l.fans;
    View {
        fans: (0..f.n as usize).map(|i| &f.cards[i][..f.len[i] as usize]).collect(),
        found: l.found,
        redeals_left: REDEALS - l.redeals,
    }
}

fn up_ok(v: &View, c: u8) -> bool {
    v.found[(c / 13) as usize] == c % 13
}

fn candidates(v: &View, policy: u8, out: &mut Vec<(Move, i64)>) {
    let [up, build, uncover, bury, _] = SCORES[policy as usize];
    out.clear();
    let tops: Vec<Option<u8>> = v.fans.iter().map(|f| f.last().copied()).collect();
    for (i, fan) in v.fans.iter().enumerate() {
        let Some(&c) = fan.last() else { continue };
        if up_ok(v, c) {
            out.push((Move::Found(i as u8), up));
        }
        if c % 13 == 12 {
            continue;
        }
        for (j, &t) in tops.iter().enumerate() {
            if j == i || t != Some(c + 1) {
                continue;
            }
            let mut score = build;
            if fan.len() > 1 {
                let e = fan[fan.len() - 2];
                let builds = e % 13 != 12
                    && tops.iter().enumerate().any(|(k, &x)| {
                        let after = if k == j { Some(c) } else if k == i { Some(e) } else { x };
                        after == Some(e + 1)
                    });
                if up_ok(v, e) || builds {
                    score += uncover;
                }
            }
            score -= bury * v.fans[j].iter().filter(|&&x| x / 13 == c / 13 && x < c).count() as i64;
            out.push((Move::Build(i as u8, j as u8), score.max(0)));
        }
    }
    if out.is_empty() && v.redeals_left > 0 {
        out.push((Move::Redeal, 0));
    }
}

/// The game's player (`core::playout::Player`): `games::PLAYERS` registers the shared
/// `playout::line` and `playout::many` of it.
impl playout::Player for Lucie {
    const GAME: &'static str = "labellelucie";
    const POLICIES: usize = SCORES.len();
    const MAX_MOVES: usize = usize::MAX;
    type Move = Move;
    type Memo = ();

    fn deal(input: &Input) -> Result<Lucie, String> {
        Lucie::from_input(input)
    }

    fn choose(l: &Lucie, policy: u8, _: (), rng: &mut SplitMix, buf: &mut Vec<(Move, i64)>) -> Option<Move> {
        candidates(&view(l), policy, buf);
        pick(buf, SCORES[policy as usize][4] as u64, rng)
    }

    fn make(l: &mut Lucie, mv: Move, _: ()) {
        l.apply(mv);
    }

    fn won(l: &Lucie) -> bool {
        l.won()
    }

    fn spell(mv: Move) -> String {
        spell(mv)
    }
}
