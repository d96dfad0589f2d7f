//! Canfield's loss proof (`Canfield::dead`): piles whose cards must go up in an order that
//! contradicts itself; no play into such a position is a candidate.

use super::*;

fn g(base: u8, piles: [&[u8]; 4], found: [u8; 4]) -> Canfield {
    let mut piles_v: [Vec<u8>; PILES] = Default::default();
    for (p, c) in piles_v.iter_mut().zip(piles) {
        *p = c.to_vec();
    }
    Canfield { reserve: vec![], res_len: 0, piles: piles_v, seq: vec![], k: 0, found, base, draw: 3, keyed: Default::default() }
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

#[test]
fn plays_into_a_dead_position_are_not_offered() {
    // Base 5: 6H 5S in pile 1 and the reserve's top 4H. 4H onto 5S would close 6H 5S 4H's cycle
    // (a play the walk's legal moves keep); 4D onto 5S is offered, and so is 4H onto 5C.
    let h = |r: u8| 13 + r - 1;
    let s = |r: u8| r - 1;
    let c = |r: u8| 39 + r - 1;
    let mut x = g(4, [&[h(6), s(5)], &[c(9)], &[c(11)], &[c(13)]], [0; 4]);
    x.reserve = vec![h(4)];
    x.res_len = 1;
    let (mut legal, mut cands) = (Vec::new(), Vec::new());
    x.atomic(&mut legal);
    x.moves(&mut cands);
    let onto_5s = Move { taps: 0, src: RESERVE, dst: 0 };
    assert!(legal.contains(&onto_5s) && !cands.contains(&onto_5s));
    x.piles[0] = vec![c(5)];
    cands.clear();
    x.moves(&mut cands);
    assert!(cands.contains(&onto_5s), "4H on 5C closes no cycle");
}
