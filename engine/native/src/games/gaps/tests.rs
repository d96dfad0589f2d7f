//! Gaps' tests: undo and the exact key, redeals from the stream, a won line.

use super::*;
use crate::core::search::{self, Verdict};

const BIG: Limits = Limits { budget: 2_000_000, max_bytes: 1 << 30 };

/// The seed of the tests' deals (its redeal streams shuffle the redeals).
const SEED: [u8; 64] = crate::core::kit::TEST_SEED;

fn layout(rows: Vec<Vec<i32>>) -> Layout {
    let mut l = Layout::new();
    l.insert("rows".into(), rows);
    l
}

/// Rows of the order `k * 7 mod 52` (a scrambled deck).
fn scrambled() -> Vec<Vec<i32>> {
    (0..4).map(|r| (0..13).map(|p| ((r * 13 + p) * 7) % 52).collect()).collect()
}

#[test]
fn undo_restores_and_keys_differ() {
    let mut g = Gaps::from_layout(&layout(scrambled()), &Options::new(), SEED).unwrap();
    crate::core::kit::check_undo_and_keys(&mut g, 11, 300, |g, out| g.legal(out), |g| g.cells);
}

#[test]
fn redeals_keep_the_runs_and_shuffle_the_rest_with_the_stream() {
    // Everything in place but the last two cards of each row swapped: kings block every gap.
    let mut rows: Vec<Vec<i32>> = (0..4).map(|s| (0..13).map(|r| s * 13 + r).collect()).collect();
    for row in rows.iter_mut() {
        row.rotate_left(1); // 2..K then the ace
        row.swap(10, 11); // 2..J K Q A: the ace's gap follows the queen and takes the king
    }
    let mut g = Gaps::from_layout(&layout(rows), &Options::new(), SEED).unwrap();
    let mut ms = Vec::new();
    g.legal(&mut ms);
    // each gap (after Q) takes the K, which is on the row's place 11
    assert_eq!(ms.len(), 4);
    let seed: Vec<u8> = (0..64).collect();
    let before = g.cells;
    let gathered: Vec<u8> = (0..4).flat_map(|r| [before[r * 13 + 10], before[r * 13 + 11]]).collect();
    let runs: Vec<usize> = (0..4).map(|r| g.run(r)).collect();
    assert_eq!(runs, vec![10; 4]);
    g.redeals = 0;
    let u = g.apply(Move::Redeal);
    let want = crate::core::deal::redeal(&seed, 1, &gathered);
    let got: Vec<u8> = (0..4).flat_map(|r| [g.cells[r * 13 + 10], g.cells[r * 13 + 11], g.cells[r * 13 + 12]]).collect();
    assert_eq!(got.iter().filter(|&&c| c == GAP).count(), 4);
    assert!((0..4).all(|r| g.cells[r * 13 + 10] == GAP));
    let dealt: Vec<u8> = got.into_iter().filter(|&c| c != GAP).collect();
    assert_eq!(dealt, want);
    g.revert(u);
    assert_eq!(g.cells, before);
}

#[test]
fn a_near_win_is_won_and_the_line_replays() {
    let mut rows: Vec<Vec<i32>> = (0..4).map(|s| (0..13).map(|r| s * 13 + r).collect()).collect();
    for row in rows.iter_mut() {
        row.rotate_left(1); // 2..K then the ace: won as soon as the aces are out
    }
    rows[0].swap(11, 12); // KS after the ace's place: one move wins row 1
    let l = layout(rows);
    let mut g = Gaps::from_layout(&l, &Options::new(), SEED).unwrap();
    let out = search::search(&mut g, BIG);
    let Verdict::Won(line) = out.verdict else { panic!("{:?}", out.verdict) };
    assert_eq!(line, vec!["KS".to_string()]);
    position(&Input::new(&l, &Options::new()).with_seed(&SEED), &line.to_vec()).unwrap();
}

/// Rows of Q..2 of a suit (no run), then its king, then the gap: every gap follows a king.
fn blocked() -> Vec<Vec<i32>> {
    (0..4).map(|s| (1..12).rev().map(|r| s * 13 + r).chain([s * 13 + 12, s * 13]).collect()).collect()
}

#[test]
fn blocked_with_no_redeal_left_is_lost_and_with_redeals_is_decided() {
    let l = layout(blocked());
    let mut g = Gaps::from_layout(&l, &Options::new(), SEED).unwrap();
    let mut ms = Vec::new();
    g.legal(&mut ms);
    assert_eq!(ms, vec![Move::Redeal]);
    g.redeals = REDEALS;
    let out = crate::core::best_first::best_first(&mut g, BIG, |g, _| g.score());
    assert_eq!((out.verdict, out.nodes), (Verdict::Lost, 1));
    // With its two redeals the same deal is searched to the end, by both searches alike.
    let mut g = Gaps::from_layout(&l, &Options::new(), SEED).unwrap();
    let best = crate::core::best_first::best_first(&mut g, BIG, |g, _| g.score());
    let mut g = Gaps::from_layout(&l, &Options::new(), SEED).unwrap();
    let dfs = search::search(&mut g, BIG);
    assert_eq!(best.verdict_str(), dfs.verdict_str());
    assert_ne!(best.verdict_str(), "unknown");
    if let Verdict::Won(line) = best.verdict {
        assert!(line.iter().filter(|t| *t == "r").count() >= 1);
        position(&Input::new(&l, &Options::new()).with_seed(&SEED), &line.to_vec()).unwrap();
    }
}
