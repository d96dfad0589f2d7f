//! Canfield's tests: wrapping builds and foundations, the safe rule, spaces filled from the
//! reserve, the stock macro, the key, whole deals whose lines replay, bad layouts.

use super::*;
use crate::core::search::{search, Limits, Verdict};

const BIG: Limits = Limits { budget: 2_000_000, max_bytes: 1 << 31 };

fn card(name: &str) -> i32 {
    crate::core::cards::from_name(name) as i32
}
fn cards(s: &str) -> Vec<i32> {
    s.split_whitespace().map(card).collect()
}
/// A layout from the named cards; the stock gets every card left, in `stock` order first.
fn layout(reserve: &str, base: &str, piles: [&str; 4], stock: &str) -> Layout {
    let mut l = Layout::new();
    l.insert("reserve".into(), vec![cards(reserve)]);
    l.insert("foundation".into(), vec![vec![card(base)]]);
    l.insert("tableau".into(), piles.iter().map(|p| cards(p)).collect());
    let mut used: Vec<i32> = l.values().flatten().flatten().copied().collect();
    let mut st = cards(stock);
    used.extend(&st);
    st.extend((0..52).filter(|c| !used.contains(c)));
    l.insert("stock".into(), vec![st]);
    l
}
fn opts() -> Options {
    Options::new()
}

#[test]
fn wrapping_builds_and_foundations() {
    let l = layout("2D", "QS", ["KH", "AS", "3C", "5D"], "");
    let g = Canfield::new(&l, &opts()).unwrap();
    // QS base: KS is level 1, AS level 2; a black Q goes on a red K; AS (black) on 2D (red).
    assert_eq!(g.level(card("KS") as u8), 1);
    assert_eq!(g.level(card("JS") as u8), 12);
    assert!(g.fits_pile(card("QC") as u8, 0));
    assert!(g.fits_pile(card("KD") as u8, 1), "K goes on A round the corner");
    assert!(!g.fits_pile(card("KS") as u8, 1), "same colour");
    assert!(g.fits_found(card("QH") as u8) && !g.fits_found(card("KH") as u8));
}

#[test]
fn base_rank_card_is_safe_only_when_the_other_colour_is_done() {
    let l = layout("2D", "5H", ["5S", "6H", "3C", "9D"], "");
    let mut g = Canfield::new(&l, &opts()).unwrap();
    // 5S (level 0) fits its empty foundation but 4H/4D (level 12) could want to sit on it.
    assert!(g.fits_found(card("5S") as u8));
    assert!(!g.safe(card("5S") as u8));
    assert_eq!(g.safe_move(), None, "6H (level 1) waits for 5S and 5C, its possible children");
    g.found = [0, 13, 13, 0];
    assert!(g.safe(card("5S") as u8));
    assert_eq!(g.safe_move(), Some(Move { taps: 0, src: 0, dst: FOUND }));
}

#[test]
fn a_space_fills_from_the_reserve_and_undo_restores_it() {
    // 6S on 7H: pile 1 moves onto pile 2 and the reserve's top (2D) fills pile 1.
    let l = layout("9C 2D", "KS", ["6S", "7H", "3C", "9D"], "");
    let mut g = Canfield::new(&l, &opts()).unwrap();
    let before = g.key();
    let m = Move { taps: 0, src: 0, dst: 1 };
    let mut ms = Vec::new();
    g.moves(&mut ms);
    assert!(ms.contains(&m));
    let u = g.apply(m);
    assert_eq!(g.piles[0], vec![card("2D") as u8]);
    assert_eq!(g.piles[1], cards("7H 6S").iter().map(|&c| c as u8).collect::<Vec<_>>());
    assert_eq!(g.res_len, 1);
    g.revert(u);
    assert_eq!(g.key(), before);
    assert_eq!(g.res_len, 2);
}

#[test]
fn stock_macro_spells_taps_across_a_redeal() {
    let l = layout("9C 2D", "KS", ["6S", "7H", "3C", "9D"], "5H 8D 10D 4C");
    let mut g = Canfield::new(&l, &opts()).unwrap();
    let n = g.seq.len();
    // Draw to the end, then the card first drawn (the stock's top, last in `stock`) needs a redeal.
    let taps = (n + 2) / 3;
    g.k = n;
    let mut shown = Vec::new();
    g.showable(|t, k| shown.push((t, k)));
    assert_eq!(shown[0], (0, n));
    let (t, k) = *shown.iter().find(|&&(_, k)| k == 3).unwrap();
    assert_eq!(t, 2, "r then d");
    let mut out = crate::core::search::Line::new();
    g.spell(Move { taps: t, src: WASTE, dst: FOUND }, &mut out);
    assert_eq!(out, vec!["r", "d", "w>f"]);
    assert!(taps > 1 && k == 3);
}

#[test]
fn cycle_positions_share_a_key_off_cycle_ones_do_not() {
    let l = layout("9C 2D", "KS", ["6S", "7H", "3C", "9D"], "");
    let mut g = Canfield::new(&l, &opts()).unwrap();
    let k0 = g.key();
    g.k = 3;
    assert_eq!(g.key(), k0);
    g.k = g.seq.len();
    assert_eq!(g.key(), k0);
    g.k = 1;
    assert_ne!(g.key(), k0);
}

#[test]
fn a_deal_with_everything_in_order_is_won_and_the_line_replays() {
    // Base AS; the reserve holds spades 2..K in playing order (2S on top).
    let l = layout("KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S", "AS", ["AH", "AD", "AC", "KH"], "");
    let mut g = Canfield::new(&l, &opts()).unwrap();
    let out = search(&mut g, BIG);
    assert!(matches!(out.verdict, Verdict::Won(_)));
    assert_eq!(g.res_len, 12, "the search hands the position back");
}

#[test]
fn bad_layouts_are_refused() {
    let good = layout("9C 2D", "KS", ["6S", "7H", "3C", "9D"], "");
    assert!(Canfield::new(&good, &opts()).is_ok());
    let mut bad = good.clone();
    bad.get_mut("tableau").unwrap()[0] = vec![-1];
    assert!(Canfield::new(&bad, &opts()).is_err(), "a card out of range");
    let mut bad = good.clone();
    bad.get_mut("stock").unwrap()[0].pop();
    assert!(Canfield::new(&bad, &opts()).is_err(), "a card missing");
    let mut three = Options::new();
    three.insert("passes".into(), 3);
    assert!(Canfield::new(&good, &three).is_err(), "limited passes");
}

#[test]
fn piles_are_interchangeable_in_the_key() {
    let l1 = layout("9C 2D", "KS", ["6S", "7H", "3C", "9D"], "");
    let l2 = layout("9C 2D", "KS", ["7H", "6S", "9D", "3C"], "");
    let a = Canfield::new(&l1, &opts()).unwrap();
    let b = Canfield::new(&l2, &opts()).unwrap();
    assert_eq!(a.key(), b.key());
}

#[test]
fn a_pile_not_built_down_in_alternating_colours_is_refused() {
    let good = layout("9C 2D", "KS", ["7H 6S", "8D", "3C", "9D"], "");
    assert!(Canfield::new(&good, &opts()).is_ok());
    for bad in [["7H 6H", "8D", "3C", "9D"], ["7H 5S", "8D", "3C", "9D"], ["6S 7H", "8D", "3C", "9D"]] {
        let e = Canfield::new(&layout("9C 2D", "KS", bad, ""), &opts()).err().unwrap();
        assert!(e.contains("pile 1 is not built down"), "{e}");
    }
}

#[test]
fn the_tables_say_what_the_rules_say() {
    // `builds_on` and `level` read tables worked out once: the same as the rules' arithmetic
    for t in 0..52u8 {
        for c in 0..52u8 {
            assert_eq!(builds_on(t, c), red(t) != red(c) && t % 13 == (c % 13 + 1) % 13, "{t} {c}");
        }
    }
    for b in 0..13u8 {
        for c in 0..52u8 {
            assert_eq!(LEVELS[b as usize][c as usize], (c % 13 + 13 - b) % 13);
        }
    }
}
