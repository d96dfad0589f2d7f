//! Canfield's loss proof (`Canfield::dead`): piles whose cards must go up in an order that
//! contradicts itself.

use super::*;

fn g(base: u8, piles: [&[u8]; 4], found: [u8; 4]) -> Canfield {
    let mut piles_v: [Vec<u8>; PILES] = Default::default();
    for (p, c) in piles_v.iter_mut().zip(piles) {
        *p = c.to_vec();
    }
    Canfield { reserve: vec![], res_len: 0, piles: piles_v, seq: vec![], k: 0, found, base, draw: 3 }
}

#[test]
fn a_pile_crossing_the_corner_is_dead() {
    // Base 5 (rank index 4): 6H 5S 4H in one pile. 4H (level 12) must go up before 5S, which
    // must go up before 6H, which hearts need before 4H: a cycle.
    let h = |r: u8| 13 + r - 1;
    let s = |r: u8| r - 1;
    assert!(g(4, [&[h(6), s(5), h(4)], &[], &[], &[]], [0; 4]).dead());
    assert!(!g(4, [&[h(6), s(5)], &[], &[], &[]], [0; 4]).dead());
    // 4H on 5S alone is fine: hearts can finish first, then 5S goes up.
    assert!(!g(4, [&[s(5), h(4)], &[h(6)], &[], &[]], [0; 4]).dead());
    // A lower card of a suit under a higher one of the same suit is dead.
    assert!(g(4, [&[h(7), s(9), h(8)], &[], &[], &[]], [0; 4]).dead());
    assert!(!g(4, [&[h(8), s(9), h(7)], &[], &[], &[]], [0; 4]).dead());
    // Across piles: 9H over 8S and 9S over 8H; each 9 needs its 8 first.
    assert!(g(4, [&[s(8), h(9)], &[h(8), s(9)], &[], &[]], [0; 4]).dead());
    assert!(!g(4, [&[s(8), h(9)], &[h(9 - 1), s(7)], &[], &[]], [0; 4]).dead());
}
