//! Random play with every legal single move, for the differential tests
//! against the Python rules: no pruning, no macro moves, taps one by one.

use super::moves::spell;
use crate::core::search::Line;
use super::state::{Move, State, FOUND, PILES, UNLIMITED};

/// One legal move as the referee reads it.
#[derive(Clone, Copy, Debug)]
pub enum Single {
    Tap,
    TurnOver,
    Play(Move),
}

/// Every legal single move here, with its token.
pub fn legal(s: &State) -> Vec<(String, Single)> {
    let mut v: Vec<(String, Single)> = Vec::new();
    let add = |m: Move, v: &mut Vec<(String, Single)>| {
        let mut t = Line::new();
        spell(s, m, &mut t);
        debug_assert_eq!(t.len(), 1);
        v.push((t[0].to_string(), Single::Play(m)));
    };
    if s.pos < s.slen {
        v.push(("d".into(), Single::Tap));
    }
    if s.pos == s.slen && s.slen > 0 && s.redeals > 0 {
        v.push(("r".into(), Single::TurnOver));
    }
    if let Some(c) = s.waste_top() {
        if s.to_found_ok(c) {
            add(Move::Waste { q: s.pos, redeal: false, to: FOUND }, &mut v);
        }
        for t in 0..PILES {
            if s.to_pile_ok(c, t) {
                add(Move::Waste { q: s.pos, redeal: false, to: t as u8 }, &mut v);
            }
        }
    }
    for p in 0..PILES {
        if let Some(c) = s.top(p) {
            if s.to_found_ok(c) {
                add(Move::PileToFound { from: p as u8 }, &mut v);
            }
        }
        let (d, l) = (s.down[p] as usize, s.len[p] as usize);
        for i in d..l {
            let y = s.cards[p][i];
            for t in 0..PILES {
                if t != p && s.to_pile_ok(y, t) {
                    add(Move::PileToPile { from: p as u8, to: t as u8, n: (l - i) as u8 }, &mut v);
                }
            }
        }
    }
    for su in 0..4u8 {
        let f = s.found[su as usize];
        if f == 0 {
            continue;
        }
        let c = su * 13 + f - 1;
        for t in 0..PILES {
            if s.to_pile_ok(c, t) {
                add(Move::FoundToPile { suit: su, to: t as u8 }, &mut v);
            }
        }
    }
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v
}

/// Make a single move (taps and turn-overs included).
pub fn play(s: &mut State, m: Single) {
    match m {
        Single::Tap => s.pos = (s.pos + s.draw).min(s.slen),
        Single::TurnOver => {
            s.pos = 0;
            if s.redeals != UNLIMITED {
                s.redeals -= 1;
            }
        }
        Single::Play(m) => {
            s.apply(m);
        }
    }
}

/// xorshift64* stream: deterministic and dependency-free.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

pub fn walk(mut s: State, seed: u64, steps: usize) -> Vec<(Vec<String>, Vec<String>)> {
    let mut rng = Rng(seed ^ 0x9E37_79B9_7F4A_7C15 | 1);
    let mut line: Vec<String> = Vec::new();
    let mut out = Vec::new();
    loop {
        let legal = legal(&s);
        out.push((line.clone(), legal.iter().map(|(t, _)| t.clone()).collect()));
        if line.len() >= steps || legal.is_empty() || s.won() {
            break;
        }
        let (t, m) = legal[(rng.next() % legal.len() as u64) as usize].clone();
        play(&mut s, m);
        line.push(t);
    }
    out
}

/// Whether `line` (tokens) plays from `s` through legal single moves to a won position: a
/// concretized line is checked before it is returned (the referee checks it again).
pub fn replays_to_win<T: AsRef<str>>(s: &State, line: impl IntoIterator<Item = T>) -> bool {
    let mut t = s.clone();
    for tok in line {
        match legal(&t).into_iter().find(|(x, _)| x == tok.as_ref()) {
            Some((_, m)) => play(&mut t, m),
            None => return false,
        }
    }
    t.won()
}
