//! TriPeaks' visible-information player (`crate::core::playout`), the twin of
//! `engine/games/tripeaks/player.py`, whose docstring tells the policy and why. The solver's
//! `TriPeaks` holds the whole deal and makes the moves (its `Move`, `apply` and `token`); the policy
//! is handed only a `View` (free cards, which positions are face down or gone, the waste's top, the
//! stock's size), so it cannot read a hidden card.

use super::{Move, TriPeaks, COVER, TABLE, UNDER};
use crate::core::input::Input;
use crate::core::playout::{self, pick};
use crate::core::rng::SplitMix;
use crate::core::search::Game;

/// Per policy: play, reveal, chain, draw, noise (the twin's `_SCORES`).
const SCORES: [[i64; 5]; 2] = [[50, 12, 6, 5, 30], [50, 20, 0, 40, 12]];
const GONE: u8 = 255;
const HIDDEN: u8 = 254;

/// What a player sees: each position's card if free, HIDDEN if overlapped, GONE; the waste's top;
/// the stock's size; the wrap rule.
pub struct View {
    pub table: [u8; TABLE],
    pub waste: u8,
    pub stock: usize,
    pub wrap: bool,
}

fn view(t: &TriPeaks) -> View {
    let table = std::array::from_fn(|p| {
        if t.removed & (1 << p) != 0 {
            GONE
        } else if t.free(p) {
            t.table[p]
        } else {
            HIDDEN
        }
    });
    View { table, waste: t.waste, stock: t.stock.len() - t.drawn as usize, wrap: t.wrap }
}

fn next(a: u8, b: u8, wrap: bool) -> bool {
    let gap = (a % 13).abs_diff(b % 13);
    gap == 1 || (wrap && gap == 12)
}

fn candidates(v: &View, policy: u8, out: &mut Vec<(Move, i64)>) {
    let [play, reveal, chain, draw, _] = SCORES[policy as usize];
    out.clear();
    for p in 0..TABLE {
        let c = v.table[p];
        if c >= HIDDEN || !next(c, v.waste, v.wrap) {
            continue;
        }
        let mut turned = 0;
        let mut under = UNDER[p];
        while under != 0 {
            let q = under.trailing_zeros() as usize;
            under &= under - 1;
            let mut others = COVER[q] & !(1 << p);
            let mut all_gone = true;
            while others != 0 {
                let r = others.trailing_zeros() as usize;
                others &= others - 1;
                all_gone &= v.table[r] == GONE;
            }
            turned += all_gone as i64;
        }
        let follow = (0..TABLE).filter(|&q| q != p && v.table[q] < HIDDEN && next(v.table[q], c, v.wrap)).count() as i64;
        out.push((Move::Play(p as u8), play + reveal * turned + chain * follow));
    }
    if v.stock > 0 {
        out.push((Move::Draw, draw));
    }
}

/// The game's player (`core::playout::Player`): `games::PLAYERS` registers the shared
/// `playout::line` and `playout::many` of it.
impl playout::Player for TriPeaks {
    const GAME: &'static str = "tripeaks";
    const POLICIES: usize = SCORES.len();
    const MAX_MOVES: usize = usize::MAX;
    type Move = Move;
    type Memo = ();

    fn deal(input: &Input) -> Result<TriPeaks, String> {
        TriPeaks::from_layout(input.layout, input.options)
    }

    fn choose(t: &TriPeaks, policy: u8, _: (), rng: &mut SplitMix, buf: &mut Vec<(Move, i64)>) -> Option<Move> {
        candidates(&view(t), policy, buf);
        pick(buf, SCORES[policy as usize][4] as u64, rng)
    }

    fn make(t: &mut TriPeaks, mv: Move, _: ()) {
        t.apply(mv);
    }

    fn won(t: &TriPeaks) -> bool {
        t.won()
    }

    fn spell(mv: Move) -> String {
        TriPeaks::token(mv)
    }
}
