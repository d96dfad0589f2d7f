//! How FreeCell's `solve` searches: the move-ordering profiles, the scans it interleaves and
//! their quotas (`SCHEDULE`), and the tuning knobs (for measurement only).

use super::state::FreeCell;
use crate::core::best_first::{best_first, BestFirst};
use crate::core::search::{search, Limits, Outcome, Scan};
use crate::core::turns::{interleave, search_restarts, Lazy, Resume};
use crate::core::input::Tuning;
use std::cell::Cell;

/// Move-ordering profiles (weights of `eval`: cards not home, cards above a lower card, depth
/// of the cards next for the foundations, free cells, empty columns, cards not on a fitting
/// parent; then the weight of `eval` against the kind of move (0: kind alone), and the
/// amplitude of ordering noise).
pub(super) const PROFILES: [[i32; 8]; 16] = [
    [6, 2, 1, 2, 4, 0, 10, 0],
    [6, 2, 1, 2, 4, 2, 10, 0],
    [8, 2, 2, 2, 4, 1, 10, 0],
    [3, 1, 3, 1, 2, 0, 10, 0],
    [6, 2, 1, 2, 4, 0, 0, 0],
    [10, 1, 1, 4, 8, 1, 10, 0],
    [4, 3, 1, 1, 3, 0, 10, 0],
    [6, 2, 3, 2, 4, 0, 10, 0],
    [12, 2, 1, 2, 4, 0, 10, 0],
    [6, 0, 0, 2, 4, 3, 10, 0],
    [6, 0, 1, 3, 6, 3, 10, 0],
    [6, 2, 1, 2, 4, 3, 10, 0],
    [6, 0, 2, 2, 4, 4, 10, 0],
    [10, 1, 1, 4, 8, 1, 10, 40],
    [6, 2, 1, 2, 4, 0, 0, 40],
    [10, 1, 1, 4, 8, 1, 10, 15],
];
/// The scans `solve` interleaves: (None for depth-first, or best-first with the weight of the
/// moves made so far against 4 x the evaluation; the profile; the weights of `bf_extra` in a
/// best-first score; positions in the first round, each round doubling them). Chosen by measuring each of 44 scans alone on classic deals 1..1500 and
/// simulating the rounds, then checked on 2001..6000; re-tuned (quotas, and a best-first scan on
/// profile 0 in place of the second depth-first one) by the same exact simulation on 1..4000,
/// checked on 20001..24000 (README.md). The first, depth-first, has the lowest median on
/// easy deals, and finishes alone.
/// Re-tuned for issue 5 with the wider safe rule, by CPU time rather than positions: each
/// scan's cost per position weighed in, `bf_extra` off (it saved positions, not time), and the
/// quotas of the second and fourth moved (README.md). For issue 32 the best-first scan on
/// profile 10 with weight 12 and first quota 1 went: in the exact simulation it won none of
/// classic 1..8000 (its turns, 2^r positions a round, never catch up with the others'), so it
/// only cost its set-up (bench log F29).
pub(super) const SCHEDULE: [(Option<i64>, usize, [i32; 2], u64); 5] = [
    (None, 12, [0, 0], 150),
    (Some(10), 10, [0, 0], 750),
    (Some(0), 9, [0, 0], 350),
    (Some(10), 12, [0, 0], 500),
    (Some(10), 0, [0, 0], 525),
];
/// The scans take turns within 1/SHARE of the budget; then the first depth-first one goes on alone.
const SHARE: u64 = 2;
/// The profiles of the old restarts (`mode=0`, for comparison only).
const RESTART_SET: [usize; 6] = [5, 4, 9, 6, 3, 0];

/// The search of `solve` on the dealt position `g`: the interleaved `SCHEDULE`, unless the
/// tuning asks for another (its knobs, below).
pub(super) fn solve(g: &mut FreeCell, tuning: &Tuning, limits: Limits) -> Outcome {
    // Tuning knobs for measurement only (the pipeline passes none):
    // w0..w7: one depth-first search with that profile; bf=N (+ bfw=P or bw0..bw7): one
    // best-first search of N positions; sch (+ sch2): the scans as 3-digit groups
    // (1 depth-first / 2 best-first, then the profile); quota: the first round's positions;
    // wts: each scan's multiple of it; q0..q4: one SCHEDULE scan's first quota; x0, x1:
    // `bf_extra`'s weights for `bf` and every best-first scan of `sch`; mode=0: the old
    // doubling restarts.
    for k in 0..8 {
        if let Some(&v) = tuning.get(&format!("w{k}")) {
            g.w[k] = v as i32;
        }
    }
    if tuning.contains_key("w0") {
        return search(g, limits);
    }
    if let Some(&bf) = tuning.get("bf") {
        let mut bw = PROFILES[tuning.get("bfw").map_or(0, |&d| d as usize)];
        for (k, x) in bw.iter_mut().enumerate() {
            if let Some(&v) = tuning.get(&format!("bw{k}")) {
                *x = v as i32;
            }
        }
        g.w[6] = 0; // the candidates unsorted: the open list orders them
        let dw = tuning.get("bfd").copied().unwrap_or(0);
        let xw = xweights(tuning);
        return best_first(g, Limits { budget: (bf.max(1) as u64).min(limits.budget), ..limits }, |g, d| {
            g.eval(&bw) as i64 * 4 + g.bf_extra(&xw) as i64 + d as i64 * dw
        });
    }
    let quota = tuning.get("quota").map(|&q| q.max(1) as u64);
    let first = quota.unwrap_or(250);
    if tuning.get("mode") == Some(&0) {
        let mut attempt = 0usize;
        return search_restarts(g, limits, first, SHARE, |g, seed| {
            attempt = if seed == 0 { 0 } else { attempt + 1 };
            g.w = PROFILES[RESTART_SET[attempt % RESTART_SET.len()]];
        });
    }
    let xw = xweights(tuning);
    let sched: Vec<(Option<i64>, [i32; 8], [i32; 2])> = match tuning.get("sch") {
        Some(&d) => {
            let more = tuning.get("sch2").map_or(String::new(), |d| d.to_string());
            let ds: Vec<u8> = (d.to_string() + &more).bytes().map(|b| b - b'0').collect();
            // kind 1 depth-first; 2.. best-first, its depth weight by the kind
            ds.chunks(3).map(|p| ((p[0] >= 2).then(|| [0, 0, 0, 8, 10, 12, 6, 4, 16, 2][p[0] as usize]), PROFILES[(p[1] * 10 + p[2]) as usize], xw)).collect()
        }
        None => SCHEDULE.iter().map(|&(b, k, x, _)| (b, PROFILES[k], x)).collect(),
    };
    let wts: Vec<u64> = tuning.get("wts").map_or(Vec::new(), |d| d.to_string().bytes().map(|b| (b - b'0') as u64).collect());
    let firsts: Vec<u64> = if quota.is_none() && wts.is_empty() && !tuning.contains_key("sch") {
        SCHEDULE.iter().enumerate().map(|(i, &(_, _, _, f))| tuning.get(&format!("q{i}")).map_or(f, |&q| q as u64)).collect()
    } else {
        (0..sched.len()).map(|i| first * wts.get(i).copied().unwrap_or(1)).collect()
    };
    interleaved(g, limits, &firsts, &sched)
}

/// The weights of `bf_extra` from the tuning knobs x0, x1 (tuning only; 0 when absent).
fn xweights(tuning: &Tuning) -> [i32; 2] {
    let mut x = [0; 2];
    for (k, v) in x.iter_mut().enumerate() {
        if let Some(&o) = tuning.get(&format!("x{k}")) {
            *v = o as i32;
        }
    }
    x
}

/// The methods of `sched` (best-first when its flag is set, else depth-first; with its
/// profile), each on its own copy of the position, taking turns by the shared `interleave`:
/// none restarts, so none repeats work; the first method (a depth-first one) goes on alone with
/// what is left once half the budget is spent, so a loss can still be proved in one piece.
pub(super) fn interleaved(g: &FreeCell, limits: Limits, first: &[u64], sched: &[(Option<i64>, [i32; 8], [i32; 2])]) -> Outcome {
    let mut games: Vec<FreeCell> = sched
        .iter()
        .enumerate()
        .map(|(i, &(bf, w, _))| {
            let bf = bf.is_some();
            let mut c = g.clone();
            c.w = w;
            c.rng = Cell::new(0x9E37_79B9_7F4A_7C15 ^ (i as u64 + 1).wrapping_mul(0x2545_F491_4F6C_DD1D));
            if bf {
                c.w[6] = 0; // candidates unsorted: the open list orders them
            }
            c
        })
        .collect();
    let mut scans: Vec<Box<dyn Resume + '_>> = games
        .iter_mut()
        .zip(sched)
        .map(|(c, &(depth, w, xw))| -> Box<dyn Resume + '_> {
            Box::new(Lazy::new(move || -> Box<dyn Resume + '_> {
                match depth {
                    // weighted best-first: the evaluation plus the moves made so far, weighted
                    Some(dw) => {
                        let b = BestFirst::new(c, limits.max_bytes, move |g: &FreeCell, d| g.eval(&w) as i64 * 4 + g.bf_extra(&xw) as i64 + d as i64 * dw);
                        // the same score from `child_eval` (by the game's weights, which are
                        // `w` but for w[6], unread by `eval`), when `bf_extra` adds nothing
                        if xw == [0, 0] {
                            Box::new(b.scoring_children(move |e, d| e * 4 + d as i64 * dw))
                        } else {
                            Box::new(b)
                        }
                    }
                    None => Box::new(Scan::new(c, limits.max_bytes)),
                }
            }))
        })
        .collect();
    // the first depth-first scan finishes alone: it stores only the positions it expanded
    let alone = sched.iter().position(|&(bf, _, _)| bf.is_none()).unwrap_or(0);
    interleave(&mut scans, limits, first, SHARE, alone)
}
