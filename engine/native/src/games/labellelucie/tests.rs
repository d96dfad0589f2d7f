//! La Belle Lucie's tests: the deal of fans of three, undo and the exact key, redeals from the
//! stream, a won line that replays, a lost proof.

use super::*;
use crate::core::search::{self, Verdict};

const BIG: Limits = Limits { budget: 2_000_000, max_bytes: 1 << 30 };

/// The seed of the tests' deals (its redeal streams shuffle the redeals).
const SEED: [u8; 64] = crate::core::kit::TEST_SEED;

fn layout(fans: Vec<Vec<i32>>) -> Layout {
    let mut l = Layout::new();
    l.insert("tableau".into(), fans);
    l
}

/// The deal's fans of the order 0..51 (17 of three, the last of one), as the Python side lays them.
fn fresh() -> Vec<Vec<i32>> {
    let mut fans: Vec<Vec<i32>> = vec![Vec::new(); 18];
    let mut k = 0;
    for row in 0..3 {
        for (f, fan) in fans.iter_mut().enumerate() {
            if row == 0 || f < 17 {
                fan.push(k);
                k += 1;
            }
        }
    }
    fans
}

#[test]
fn fans_deal_a_row_at_a_time() {
    let cards: Vec<u8> = (0..52).collect();
    let f = Fans::deal(&cards);
    assert_eq!(f.n, 18);
    assert_eq!(f.lists(), fresh());
    let f = Fans::deal(&cards[..8]);
    assert_eq!(f.lists(), vec![vec![0, 3, 6], vec![1, 4, 7], vec![2, 5]]);
}

#[test]
fn undo_restores_and_keys_differ() {
    let mut g = Lucie::from_layout(&layout(fresh()), &Options::new(), SEED).unwrap();
    crate::core::kit::check_undo_and_keys(&mut g, 7, 200, |g, out| g.legal(out), |g| g.fans);
}

#[test]
fn redeals_shuffle_the_gathered_cards_with_the_stream() {
    // Play the first legal move until stuck; each redeal must deal the stream's shuffle.
    let seed: Vec<u8> = (0..64).collect();
    let mut g = Lucie::from_layout(&layout(fresh()), &Options::new(), SEED).unwrap();
    let mut redeals = 0;
    loop {
        let mut ms = Vec::new();
        g.legal(&mut ms);
        let Some(&m) = ms.first() else { break };
        let gathered = g.fans.gathered();
        g.apply(m);
        if m == Move::Redeal {
            redeals += 1;
            let want = crate::core::deal::redeal(&seed, redeals, &gathered);
            assert_eq!(g.fans, Fans::deal(&want));
            assert_eq!(g.fans.n as usize, want.len().div_ceil(3));
        }
    }
    assert!(g.won() || redeals == 2);
}

#[test]
fn solves_an_easy_deal_and_the_line_replays() {
    // The fresh deck in threes, each three reversed: every top card goes straight up.
    let order: Vec<i32> = (0..52).collect();
    let fans: Vec<Vec<i32>> = order.chunks(3).map(|c| c.iter().rev().copied().collect()).collect();
    let l = layout(fans);
    let mut g = Lucie::from_layout(&l, &Options::new(), SEED).unwrap();
    let out = search::search(&mut g, BIG);
    let Verdict::Won(line) = out.verdict else { panic!("{:?}", out.verdict) };
    assert_eq!(line.len(), 52);
    assert_eq!(out.nodes, 0, "safe moves alone win");
    let mut g = Lucie::from_layout(&l, &Options::new(), SEED).unwrap();
    position(&Input::new(&l, &Options::new()).with_seed(&SEED), &line.to_vec()).unwrap();
    for t in &line {
        let mut ms = Vec::new();
        g.legal(&mut ms);
        let m = ms.into_iter().find(|&m| Lucie::token(m) == *t).unwrap();
        g.apply(m);
    }
    assert!(g.won());
}

#[test]
fn best_first_and_depth_first_agree_on_dealt_positions() {
    // The fans of a scrambled order (k * 11 mod 52): both complete searches give one verdict.
    for m in [11, 15, 19, 23] {
        let order: Vec<i32> = (0..52).map(|k| (k * m) % 52).collect();
        let mut fans: Vec<Vec<i32>> = vec![Vec::new(); 18];
        let mut k = 0;
        for row in 0..3 {
            for (f, fan) in fans.iter_mut().enumerate() {
                if row == 0 || f < 17 {
                    fan.push(order[k]);
                    k += 1;
                }
            }
        }
        let l = layout(fans);
        let mut g = Lucie::from_layout(&l, &Options::new(), SEED).unwrap();
        let best = crate::core::best_first::best_first(&mut g, BIG, |g, _| g.score());
        let mut g = Lucie::from_layout(&l, &Options::new(), SEED).unwrap();
        let dfs = search::search(&mut g, BIG);
        assert_eq!(best.verdict_str(), dfs.verdict_str(), "multiplier {m}");
        assert_ne!(best.verdict_str(), "unknown");
    }
}
