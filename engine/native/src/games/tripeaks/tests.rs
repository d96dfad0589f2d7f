//! TriPeaks' tests: the overlaps of the three peaks, runs with and without wrap, the stock,
//! the key and undo.

use super::*;
use crate::core::search::{self, Limits, Verdict};

const BIG: Limits = Limits { budget: 1_000_000, max_bytes: 1 << 30 };

fn c(rank: u8, suit: u8) -> u8 {
    suit * 13 + rank - 1
}

fn play(g: &mut TriPeaks, line: &[String]) {
    for t in line {
        let mut ms = Vec::new();
        g.legal(&mut ms);
        let m = ms.into_iter().find(|&m| TriPeaks::token(m) == *t).unwrap_or_else(|| panic!("illegal {t}"));
        g.apply(m);
    }
}

#[test]
fn overlaps_match_the_three_peaks() {
    assert_eq!(COVER[0], (1 << 3) | (1 << 4));
    assert_eq!(COVER[2], (1 << 7) | (1 << 8));
    assert_eq!(COVER[3], (1 << 9) | (1 << 10));
    assert_eq!(COVER[4], (1 << 10) | (1 << 11));
    assert_eq!(COVER[5], (1 << 12) | (1 << 13));
    assert_eq!(COVER[8], (1 << 16) | (1 << 17));
    assert_eq!(COVER[17], (1 << 26) | (1 << 27));
    assert!((18..28).all(|p| COVER[p] == 0));
    assert_eq!(UNDER[27], 1 << 17);
    assert_eq!(UNDER[19], (1 << 9) | (1 << 10));
}

/// A table that a climbing run clears: remove positions in an order that
/// is always legal, giving consecutive ranks (with wrap, K then A).
fn run_table(start: u8) -> ([u8; TABLE], u8) {
    // Clear bottom row left to right, then row 2, row 1, peaks.
    let order: Vec<usize> = (18..28).chain(9..18).chain(3..9).chain(0..3).collect();
    let mut t = [0u8; TABLE];
    let mut used = [0u8; 14];
    for (i, &p) in order.iter().enumerate() {
        let r = (start + i as u8) % 13 + 1;
        t[p] = c(r, used[r as usize]);
        used[r as usize] += 1;
    }
    // The waste starts one below the first card.
    let w = (start + 12) % 13 + 1;
    (t, c(w, 3))
}

#[test]
fn a_run_wins_with_wrap_and_needs_it() {
    let (t, w) = run_table(0); // A, 2, .. K, A, .. : wraps after the first K
    let mut g = TriPeaks::new(t, vec![], w, true).unwrap();
    let out = search::search(&mut g, BIG);
    let Verdict::Won(line) = out.verdict else { panic!("{:?}", out.verdict) };
    assert_eq!(line.len(), 28);
    play(&mut g, &line.to_vec());
    assert!(g.won());
    let mut g = TriPeaks::new(t, vec![], w, false).unwrap();
    assert_eq!(search::search(&mut g, BIG).verdict, Verdict::Lost);
}

#[test]
fn the_stock_rescues_a_stuck_run() {
    // A queen on the waste fits nothing free (the bottom row is A..10);
    // the stock's queen doesn't help, its king does (then A, 2, ..).
    let (t, k) = run_table(0);
    let (q1, q2) = (c(12, 3), c(12, 2));
    let mut g = TriPeaks::new(t, vec![q2, k], q1, true).unwrap();
    let Verdict::Won(line) = search::search(&mut g, BIG).verdict else { panic!() };
    assert_eq!(&line.to_vec()[..3], &["d", "d", "p19"]);
    play(&mut g, &line.to_vec());
    assert!(g.won());
    let mut g = TriPeaks::new(t, vec![q2], q1, true).unwrap();
    assert_eq!(search::search(&mut g, BIG).verdict, Verdict::Lost);
}

#[test]
fn key_is_exact_and_undo_restores() {
    let (t, w) = run_table(0);
    let mut g = TriPeaks::new(t, vec![c(9, 2), c(5, 1)], w, true).unwrap();
    let mut ms = Vec::new();
    g.legal(&mut ms);
    assert_eq!(ms.last(), Some(&Move::Draw));
    crate::core::kit::check_undo_and_keys(&mut g, 1, 1, |g, out| g.legal(out), |_| ());
}
