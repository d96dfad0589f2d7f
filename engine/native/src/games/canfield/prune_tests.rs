//! The prunings against the search without them (README.md, "Stock dominance", "Safe moves" and
//! "Candidate moves", 4):
//! on many random positions, at small budgets, a position the plain search wins is never `lost`
//! with the pruning, nor the other way round.

use super::*;
use crate::core::search::{search, Limits, Verdict};
use crate::core::rng::xorshift;

/// The game with one pruning switched off: `dominated` never, the safe rule that asks only the
/// foundations (the rule before the pile test), the safe rule without its last case (a card that
/// could sit on it fits its foundation and hosts nothing), or the plays into a dead position offered.
struct Without {
    g: Canfield,
    dominance: bool,
    pile_safe: bool,
    fit_safe: bool,
    cycle_cut: bool,
}

impl Game for Without {
    type Move = Move;
    type Undo = Undo;
    type Key = Key;
    fn safe_move(&self) -> Option<Move> {
        if self.pile_safe && self.fit_safe {
            return self.g.safe_move();
        }
        let g = &self.g;
        let safe = |c: u8| {
            if self.pile_safe {
                return g.safe_with(c, false);
            }
            let n = g.level(c);
            let need = if n == 0 { 13 } else { n };
            opposite(suit(c)).iter().all(|&o| g.found[o] >= need)
        };
        if let Some(r) = g.reserve_top() {
            if g.fits_found(r) && safe(r) {
                return Some(Move { taps: 0, src: RESERVE, dst: FOUND });
            }
        }
        (0..PILES).find_map(|i| {
            let &t = g.piles[i].last()?;
            (g.fits_found(t) && safe(t)).then_some(Move { taps: 0, src: i as u8, dst: FOUND })
        })
    }
    fn moves(&self, out: &mut Vec<Move>) {
        self.g.candidates(self.cycle_cut, out)
    }
    fn apply(&mut self, m: Move) -> Undo {
        self.g.apply(m)
    }
    fn revert(&mut self, u: Undo) {
        self.g.revert(u)
    }
    fn won(&self) -> bool {
        self.g.won()
    }
    fn key(&self) -> Key {
        self.g.key()
    }
    fn dominated(&self, seen: &dyn Fn(&Key) -> bool) -> bool {
        self.dominance && self.g.dominated(seen)
    }
    fn spell(&self, m: Move, out: &mut crate::core::search::Line) {
        self.g.spell(m, out)
    }
}

fn next(s: &mut u64) -> u64 {
    xorshift(s)
}

/// A random deal, then random single moves (foundation plays and whole-pile moves preferred, to
/// get past the deal), so positions late in the game come too.
fn random_position(seed: u64) -> Canfield {
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut order: Vec<i32> = (0..52).collect();
    for i in (1..52).rev() {
        order.swap(i, (next(&mut s) % (i as u64 + 1)) as usize);
    }
    let mut l = Layout::new();
    l.insert("reserve".into(), vec![order[0..13].to_vec()]);
    l.insert("foundation".into(), vec![vec![order[13]]]);
    l.insert("tableau".into(), order[14..18].iter().map(|&c| vec![c]).collect());
    l.insert("stock".into(), vec![order[18..52].to_vec()]);
    let mut g = Canfield::new(&l, &Options::new()).unwrap();
    let steps = next(&mut s) % 120;
    let mut ms = Vec::new();
    for _ in 0..steps {
        ms.clear();
        g.atomic(&mut ms);
        if ms.is_empty() {
            break;
        }
        let good: Vec<Move> = ms.iter().copied().filter(|m| m.src != TAP).collect();
        let pick = if !good.is_empty() && next(&mut s) % 3 != 0 { good[(next(&mut s) % good.len() as u64) as usize] } else { ms[(next(&mut s) % ms.len() as u64) as usize] };
        g.apply(pick);
    }
    g
}

/// Which prunings a search makes: (stock dominance, the pile part of the safe rule, its fitting
/// part, the cut of plays into a dead position).
type Prunings = (bool, bool, bool, bool);
const ALL: Prunings = (true, true, true, true);

fn verdict(g: Canfield, (dominance, pile_safe, fit_safe, cycle_cut): Prunings, nodes: u64) -> (&'static str, u64) {
    let mut w = Without { g, dominance, pile_safe, fit_safe, cycle_cut };
    let out = search(&mut w, Limits { budget: nodes, max_bytes: 1 << 30 });
    if let Verdict::Won(line) = &out.verdict {
        assert!(!line.is_empty() || w.g.won());
    }
    (out.verdict_str(), out.nodes)
}

/// Runs both searches on `n` random positions; panics on a won/lost disagreement and returns how
/// many were decided both ways (won, lost).
fn compare(n: u64, with: Prunings, without: Prunings) -> (u32, u32) {
    let (mut won, mut lost) = (0, 0);
    for seed in 1..=n {
        let g = random_position(seed);
        let (a, _) = verdict(g.clone(), with, 20_000);
        let (b, _) = verdict(g, without, 20_000);
        if a != "unknown" && b != "unknown" {
            assert_eq!(a, b, "seed {seed}: with the pruning {a}, without {b}");
            if a == "won" {
                won += 1
            } else {
                lost += 1
            }
        }
    }
    (won, lost)
}

#[test]
fn stock_dominance_loses_no_win() {
    let (won, lost) = compare(360, ALL, (false, true, true, true));
    assert!(won >= 50 && lost >= 50, "won {won} lost {lost}");
}

#[test]
fn the_pile_safe_rule_loses_no_win() {
    let (won, lost) = compare(360, ALL, (true, false, true, true));
    assert!(won >= 50 && lost >= 50, "won {won} lost {lost}");
}

#[test]
fn dominance_saves_positions_on_lost_deals() {
    // Where both are exhaustive, the pruned search never expands more positions.
    let mut fewer = 0;
    for seed in 1..=200 {
        let g = random_position(seed);
        let (a, na) = verdict(g.clone(), ALL, 20_000);
        let (b, nb) = verdict(g, (false, true, true, true), 20_000);
        if a == "lost" && b == "lost" {
            assert!(na <= nb, "seed {seed}: {na} > {nb}");
            fewer += (na < nb) as u32;
        }
    }
    assert!(fewer > 0);
}

#[test]
fn the_fitting_safe_rule_loses_no_win() {
    let (won, lost) = compare(360, ALL, (true, true, false, true));
    assert!(won >= 50 && lost >= 50, "won {won} lost {lost}");
}

#[test]
fn the_fitting_safe_rule_fires() {
    // On the random positions the last case of the safe rule makes some move safe that the rule
    // without it does not (else the comparison above proves nothing).
    let fired = (1..=360).filter(|&seed| {
        let g = random_position(seed);
        let w = Without { g: g.clone(), dominance: true, pile_safe: true, fit_safe: false, cycle_cut: true };
        g.safe_move() != w.safe_move()
    });
    assert!(fired.count() > 0);
}

#[test]
fn the_cut_of_plays_into_dead_positions_loses_no_win() {
    let (won, lost) = compare(360, ALL, (true, true, true, false));
    assert!(won >= 50 && lost >= 50, "won {won} lost {lost}");
}

#[test]
fn the_cut_takes_away_exactly_the_dead_positions() {
    // It changes nothing but the dead leaves: where both searches are exhaustive, the positions
    // the search without the cut expands are the cut search's plus the dead ones it entered
    // (every dead position is a leaf, and its pointer-only variants are dead too, so leaving it
    // out of the seen set refuses nothing else as dominated).
    let mut fewer = 0;
    for seed in 1..=200 {
        let g = random_position(seed);
        let (a, na) = verdict(g.clone(), ALL, 20_000);
        let (b, nb) = verdict(g.clone(), (true, true, true, false), 20_000);
        assert!(a == b || a == "unknown" || b == "unknown", "seed {seed}: {a} against {b}");
        if a == "lost" && b == "lost" {
            // (a dead start is entered by both)
            let root = g.dead() as u64;
            let mut w = Without { g, dominance: true, pile_safe: true, fit_safe: true, cycle_cut: false };
            let dead = Counting::dead_entered(&mut w);
            assert_eq!(na + dead - root, nb, "seed {seed}");
            fewer += (na < nb) as u32;
        }
    }
    assert!(fewer > 0);
}

/// The search without the cut, counting the dead positions it enters.
struct Counting<'a> {
    w: &'a mut Without,
    dead: std::cell::Cell<u64>,
}

impl Counting<'_> {
    fn dead_entered(w: &mut Without) -> u64 {
        let mut c = Counting { w, dead: std::cell::Cell::new(0) };
        search(&mut c, Limits { budget: 20_000, max_bytes: 1 << 30 });
        c.dead.get()
    }
}

impl Game for Counting<'_> {
    type Move = Move;
    type Undo = Undo;
    type Key = Key;
    fn safe_move(&self) -> Option<Move> {
        self.w.safe_move()
    }
    fn moves(&self, out: &mut Vec<Move>) {
        if self.w.g.dead() {
            self.dead.set(self.dead.get() + 1);
        }
        self.w.moves(out)
    }
    fn apply(&mut self, m: Move) -> Undo {
        self.w.apply(m)
    }
    fn revert(&mut self, u: Undo) {
        self.w.revert(u)
    }
    fn won(&self) -> bool {
        self.w.won()
    }
    fn key(&self) -> Key {
        self.w.key()
    }
    fn dominated(&self, seen: &dyn Fn(&Key) -> bool) -> bool {
        self.w.dominated(seen)
    }
    fn spell(&self, m: Move, out: &mut crate::core::search::Line) {
        self.w.spell(m, out)
    }
}

#[test]
fn the_packed_key_tells_positions_apart() {
    // The 128-bit key against the position it stands for (reserve length, pointer class,
    // foundations, the piles as a multiset): equal keys exactly when those are equal.
    use std::collections::HashMap;
    let mut by_key: HashMap<Key, (usize, usize, [u8; 4], Vec<Vec<u8>>)> = HashMap::new();
    let mut n = 0;
    for seed in 1..=400 {
        let mut g = random_position(seed);
        let mut s = seed;
        for _ in 0..40 {
            let k = if g.k % g.draw == 0 || g.k == g.seq.len() { usize::MAX } else { g.k };
            let mut piles: Vec<Vec<u8>> = g.piles.to_vec();
            piles.sort();
            let what = (g.res_len, k, g.found, piles);
            let old = by_key.insert(g.key(), what.clone());
            assert!(old.is_none_or(|o| o == what), "seed {seed}: two positions, one key");
            n += 1;
            let mut ms = Vec::new();
            g.atomic(&mut ms);
            if ms.is_empty() {
                break;
            }
            g.apply(ms[(next(&mut s) % ms.len() as u64) as usize]);
        }
    }
    assert!(by_key.len() > 2000, "{} keys of {n} positions", by_key.len());
}

#[test]
fn the_links_give_the_order_the_sort_gave() {
    // `later` (passes over the piles' links) against `later_kahn` (the topological sort over
    // all cards it replaced): the same sets for every pile top on every position of random play,
    // the same dead ones, and `hosted` the same cards as `builds_on`.
    let (mut n, mut dead) = (0, 0);
    for seed in 1..=400 {
        let mut g = random_position(seed);
        let mut s = seed;
        for _ in 0..40 {
            let kahn = g.later_kahn();
            let tops = kahn.map(|all| std::array::from_fn(|j| g.piles[j].last().map_or(0, |&t| all[t as usize])));
            assert_eq!(g.later(), tops, "seed {seed}");
            n += 1;
            dead += g.later().is_none() as u32;
            let mut ms = Vec::new();
            g.atomic(&mut ms);
            if ms.is_empty() {
                break;
            }
            g.apply(ms[(next(&mut s) % ms.len() as u64) as usize]);
        }
    }
    assert!(n > 4000 && dead > 20, "{n} positions, {dead} dead");
    for t in 0..52u8 {
        for c in 0..52u8 {
            assert_eq!(hosted(t) >> c & 1 == 1, builds_on(t, c));
        }
    }
}
