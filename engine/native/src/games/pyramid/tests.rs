//! Pyramid's tests: the cover masks, won and lost tables, passes, the goal, the key and undo,
//! pruning that keeps every verdict, the walk's legal moves.

use crate::core::input::{Layout, Options};
use super::state::*;
use super::*;
use crate::core::search::{self, Limits, Verdict};
use crate::core::rng::xorshift;

const BIG: Limits = Limits { budget: 1_000_000, max_bytes: 1 << 30 };

/// Card of rank 1..13 in suit 0..3.
fn c(rank: u8, suit: u8) -> u8 {
    suit * 13 + rank - 1
}

fn play(g: &mut Pyramid, line: &[String]) {
    for t in line {
        let mut ms = Vec::new();
        g.legal(&mut ms);
        let m = ms.into_iter().find(|&m| Pyramid::token(m) == *t).unwrap_or_else(|| panic!("illegal {t}"));
        g.apply(m);
    }
}

/// A pyramid where every row pairs off from the bottom: row 7 is
/// A..6 + 7 with Q..7's partners above, and so on, built so a plain
/// greedy search wins without the stock.
fn easy_table() -> [u8; TABLE] {
    // Pairs (a, 13 - a) left to right in each row, a cycling through 1..6
    // (each rank twice at most); a king in each odd row's last slot.
    let mut t = [0u8; TABLE];
    let mut used = [0u8; 14];
    let mut k = 0u8;
    let mut next = |rank: u8| {
        let s = used[rank as usize];
        used[rank as usize] += 1;
        c(rank, s)
    };
    for r in (0..7).rev() {
        let mut j = 0;
        while j <= r {
            if j + 1 <= r {
                let a = k % 6 + 1;
                k += 1;
                t[pos(r, j)] = next(a);
                t[pos(r, j + 1)] = next(13 - a);
                j += 2;
            } else {
                t[pos(r, j)] = next(13);
                j += 1;
            }
        }
    }
    t
}

#[test]
fn cover_masks_are_the_two_cards_below() {
    assert_eq!(COVER[0], (1 << 1) | (1 << 2));
    assert_eq!(COVER[pos(5, 5)], (1 << pos(6, 5)) | (1 << pos(6, 6)));
    assert_eq!(COVER[pos(6, 0)], 0);
}

#[test]
fn wins_a_table_that_pairs_off_and_the_line_replays() {
    let t = easy_table();
    let mut g = Pyramid::new(t, vec![], 3, false).unwrap();
    let out = search::search(&mut g, BIG);
    let Verdict::Won(line) = out.verdict else { panic!("not won: {:?}", out.verdict) };
    assert_eq!(g.removed, 0, "the search hands the position back");
    play(&mut g, &line.to_vec());
    assert!(g.won());
}

#[test]
fn a_missing_partner_is_lost_and_kings_are_safe() {
    // Every table card a king but the apex 5; no 8 in the stock.
    let mut t = [c(13, 0); TABLE];
    t[0] = c(5, 0);
    let mut g = Pyramid::new(t, vec![c(6, 1), c(9, 2)], 3, false).unwrap();
    let out = search::search(&mut g, BIG);
    assert_eq!(out.verdict, Verdict::Lost);
    // With an 8 in the stock it wins: kings go by themselves, then 5+8.
    let mut g = Pyramid::new(t, vec![c(6, 1), c(8, 2)], 3, false).unwrap();
    let Verdict::Won(line) = search::search(&mut g, BIG).verdict else { panic!() };
    assert_eq!(line.last().unwrap(), "p1+s");
    assert_eq!(line.iter().filter(|t| *t == "d").count(), 1);
}

#[test]
fn passes_limit_recycling() {
    // Apex 5 over an ace (p2), every other card a king (removed safely).
    // The ace needs the queen, the apex then needs the 8.
    let mut t = [c(13, 0); TABLE];
    t[0] = c(5, 0);
    t[pos(1, 0)] = c(1, 1);
    // Stock 8, Q: draw the 8, pair A+Q (stock), then 5+8 (waste): one pass.
    let mut g = Pyramid::new(t, vec![c(8, 2), c(12, 3)], 1, false).unwrap();
    assert!(matches!(search::search(&mut g, BIG).verdict, Verdict::Won(_)));
    // Stock 8, 2, Q: the 8 is buried under the 2 before the Q shows, so
    // it takes a second pass to reach it again.
    let deck = vec![c(8, 2), c(2, 0), c(12, 3)];
    let mut one = Pyramid::new(t, deck.clone(), 1, false).unwrap();
    assert_eq!(search::search(&mut one, BIG).verdict, Verdict::Lost);
    let mut two = Pyramid::new(t, deck, 2, false).unwrap();
    let Verdict::Won(line) = search::search(&mut two, BIG).verdict else { panic!() };
    assert!(line.contains(&"r".to_string()));
    play(&mut two, &line.to_vec());
    assert!(two.won());
}

#[test]
fn goal_all_needs_the_stock_cleared() {
    let mut t = [c(13, 0); TABLE];
    t[0] = c(13, 1);
    let mut g = Pyramid::new(t, vec![c(4, 0), c(9, 1)], 1, false).unwrap();
    assert!(matches!(search::search(&mut g, BIG).verdict, Verdict::Won(_)));
    let mut g = Pyramid::new(t, vec![c(4, 0), c(9, 1)], 1, true).unwrap();
    let Verdict::Won(line) = search::search(&mut g, BIG).verdict else { panic!() };
    assert_eq!(line.last().unwrap(), "s+w");
    let mut g = Pyramid::new(t, vec![c(4, 0), c(8, 1)], 3, true).unwrap();
    assert_eq!(search::search(&mut g, BIG).verdict, Verdict::Lost);
}

#[test]
fn key_is_exact_and_undo_restores() {
    let t = easy_table();
    let mut g = Pyramid::new(t, vec![c(1, 0), c(2, 0), c(3, 0)], 3, false).unwrap();
    let k0 = g.key();
    let u = g.apply(Move::Draw);
    assert_ne!(g.key(), k0);
    g.revert(u);
    assert_eq!(g.key(), k0);
    // Different cursors between the same live cards give one key.
    let a = g.apply(Move::Draw);
    g.gone |= 1 << 1; // the next stock card gone: cursor 1 = cursor 2
    let k1 = g.key();
    g.cursor = 2;
    assert_eq!(g.key(), k1);
    g.revert(a);
    assert_eq!(g.key(), k0);
}

/// The pruned search (safe moves, dead and dominated positions) agrees
/// with a plain search over every legal move on random deals cut down
/// (kings for the top 5 rows, a stock of 16) so the plain search stays
/// small, and each won line replays.
#[test]
fn pruning_keeps_every_verdict() {
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |n: u64| xorshift(&mut rng) % n;
    let mut verdicts = [0; 2];
    for deal in 0..200 {
        let mut cards: Vec<u8> = (0..52).collect();
        for i in (1..52).rev() {
            cards.swap(i, next(i as u64 + 1) as usize);
        }
        let mut t = [0u8; TABLE];
        t.copy_from_slice(&cards[..TABLE]);
        for k in t.iter_mut().take(15) {
            *k = c(13, 0);
        }
        let deck = cards[TABLE..TABLE + 16].to_vec();
        let (passes, all) = ([1, 2, 3, 0][deal % 4], deal % 5 == 0);
        let fast = Pyramid::new(t, deck.clone(), passes, all).unwrap();
        let mut plain = Pyramid::new(t, deck, passes, all).unwrap();
        plain.plain = true;
        let (won, _) = same_verdict(fast, plain, &format!("deal {deal}"));
        verdicts[!won as usize] += 1;
    }
    assert!(verdicts[0] > 10 && verdicts[1] > 10, "{verdicts:?}");
}

/// `with` searched at the tests' budget and `without` (some pruning off) at a larger one: the same
/// verdict, decided, and a win replayed to the end. Returns (won, `with` searched fewer positions).
fn same_verdict(mut with: Pyramid, mut without: Pyramid, what: &str) -> (bool, bool) {
    let a = search::search(&mut with, BIG);
    let b = search::search(&mut without, Limits { budget: 20_000_000, max_bytes: 1 << 32 });
    assert_eq!(a.verdict_str(), b.verdict_str(), "{what}");
    assert_ne!(a.verdict_str(), "unknown");
    let won = if let Verdict::Won(line) = &a.verdict {
        play(&mut with, &line.to_vec());
        assert!(with.won());
        true
    } else {
        false
    };
    (won, a.nodes < b.nodes)
}

/// A table of kings but for the cards given (position, card).
fn kings_but(cards: &[(usize, u8)]) -> [u8; TABLE] {
    let mut t = [c(13, 0); TABLE];
    for &(p, k) in cards {
        t[p] = k;
    }
    t
}

#[test]
fn hall_finds_two_cards_sharing_one_partner() {
    // 5s at p22 and p23, 8s at the apex (whose cone holds both 5s) and in the stock, with a 5
    // in the stock for the apex: every card alone has a partner and the counts match (two 5s to
    // go, two 8s), but both table 5s can meet only the stock 8.
    let t = kings_but(&[(0, c(8, 0)), (pos(6, 0), c(5, 0)), (pos(6, 1), c(5, 1))]);
    let mut g = Pyramid::new(t, vec![c(8, 1), c(5, 2)], 3, false).unwrap();
    g.removed = FULL & !(1 | 1 << pos(6, 0) | 1 << pos(6, 1)); // only the three cards left
    assert!(g.dead());
    g.off = OFF_HALL;
    assert!(!g.dead(), "the count and single-card test alone cannot see it");
    g.off = 0;
    g.removed = 0;
    assert_eq!(search::search(&mut g, BIG).verdict, Verdict::Lost);
    let mut plain = Pyramid::new(t, vec![c(8, 1), c(5, 2)], 3, false).unwrap();
    plain.plain = true;
    assert_eq!(search::search(&mut plain, BIG).verdict, Verdict::Lost);
}

#[test]
fn the_last_pass_buries_the_waste_under_a_card_that_never_leaves() {
    // Apex 5 alone; the waste (one pass) holds an 8 under a 5 with no 8 left to meet it.
    let t = kings_but(&[(0, c(5, 0))]);
    let mut g = Pyramid::new(t, vec![c(8, 0), c(5, 1)], 1, false).unwrap();
    g.removed = FULL & !1;
    g.cursor = 2;
    assert!(g.dead());
    g.off = OFF_WASTE;
    assert!(!g.dead());
    // With a turn-over left the 8 comes again: not dead.
    let mut g = Pyramid::new(t, vec![c(8, 0), c(5, 1)], 2, false).unwrap();
    g.removed = FULL & !1;
    g.cursor = 2;
    assert!(!g.dead());
}

#[test]
fn a_card_with_one_partner_it_can_meet_pairs_at_once() {
    // The 5 at p22 can meet only the stock's 8 (the other 8 is the apex, above it).
    let t = kings_but(&[(0, c(8, 0)), (pos(6, 0), c(5, 0))]);
    let mut g = Pyramid::new(t, vec![c(8, 1), c(5, 1)], 3, false).unwrap();
    g.removed = FULL & !(1 | 1 << pos(6, 0));
    assert_eq!(g.safe_move(), Some(Move::Pair(Src::Table(pos(6, 0) as u8), Src::Stock)));
    g.off = OFF_PARTNERS;
    assert_eq!(g.safe_move(), None, "two 8s live: the count alone does not force it");
}

#[test]
fn pairs_that_wait_on_each_other_are_dead() {
    // 2s at p3 and p5 (row 3), jacks at p6 and p8 (row 4): each 2 can meet only the jack not
    // below it, and each of those pairs waits for the other's jack to go.
    let t = kings_but(&[(pos(2, 0), c(2, 0)), (pos(2, 2), c(2, 1)), (pos(3, 0), c(11, 0)), (pos(3, 2), c(11, 1))]);
    let mut g = Pyramid::new(t, vec![c(5, 0), c(8, 0)], 3, false).unwrap();
    assert!(g.dead());
    g.off = OFF_ORDER;
    assert!(!g.dead(), "Hall's condition holds: each 2 has its own jack");
    g.off = 0;
    assert_eq!(search::search(&mut g, BIG).verdict, Verdict::Lost);
    let mut plain = Pyramid::new(t, vec![c(5, 0), c(8, 0)], 3, false).unwrap();
    plain.plain = true;
    assert_eq!(search::search(&mut plain, BIG).verdict, Verdict::Lost);
    // a jack in the stock is not enough (p3 takes it, then p8 has no 2 left); with a 2 too,
    // p8 goes with the stock's 2, then p5 with p6, then p3 with the stock's jack
    let g = Pyramid::new(t, vec![c(5, 0), c(11, 2), c(8, 0)], 3, false).unwrap();
    assert!(g.dead());
    let mut g = Pyramid::new(t, vec![c(5, 0), c(11, 2), c(2, 2), c(8, 0)], 3, false).unwrap();
    assert!(!g.dead());
    assert!(matches!(search::search(&mut g, BIG).verdict, Verdict::Won(_)));
}

/// Random cut-down deals (kings on the top `kings` table places, a stock of `stock`) and, from
/// each, a position a few random moves in, with passes and goal varied.
fn random_positions(count: usize, kings: usize, stock: usize, seed: u64) -> Vec<Pyramid> {
    let mut rng = seed;
    let mut next = move |n: u64| xorshift(&mut rng) % n;
    let mut out = Vec::new();
    for deal in 0..count {
        let mut cards: Vec<u8> = (0..52).collect();
        for i in (1..52).rev() {
            cards.swap(i, next(i as u64 + 1) as usize);
        }
        let mut t = [0u8; TABLE];
        t.copy_from_slice(&cards[..TABLE]);
        for k in t.iter_mut().take(kings) {
            *k = c(13, 0);
        }
        let (passes, all) = ([1, 2, 3, 0][deal % 4], deal % 5 == 0);
        let mut g = Pyramid::new(t, cards[TABLE..TABLE + stock].to_vec(), passes, all).unwrap();
        // every other one a few legal moves in (a draw or a turn-over when there is one)
        for _ in 0..(deal as u64 % 2) * next(12) {
            let mut ms = Vec::new();
            g.legal(&mut ms);
            if ms.is_empty() {
                break;
            }
            g.apply(ms[next(ms.len() as u64) as usize]);
        }
        out.push(g);
    }
    out
}

/// Each pruning alone turned off, the rest on: the same verdict on every random position (so
/// the pruning loses no win and finds no false one), every win replayed; and the pruning at
/// work (fewer positions) on some of them.
#[test]
fn each_pruning_keeps_every_verdict() {
    for off in [OFF_PARTNERS, OFF_HALL, OFF_WASTE, OFF_CANON, OFF_ORDER] {
        let (mut counts, mut fewer) = ([0; 2], 0);
        for (i, g) in random_positions(300, 6, 20, 0x2545_f491_4f6c_dd1d).into_iter().enumerate() {
            let mut without = g.clone();
            without.off = off;
            let (won, cut) = same_verdict(g, without, &format!("off {off}, position {i}"));
            counts[!won as usize] += 1;
            fewer += cut as usize;
        }
        assert!(counts[0] > 20 && counts[1] > 20, "off {off}: {counts:?}");
        assert!(fewer >= 3, "off {off}: the pruning cut positions on only {fewer} positions");
    }
}

#[test]
fn walk_lists_sorted_legal_moves() {
    let t = easy_table();
    let mut layout = Layout::new();
    let mut rows = Vec::new();
    for r in 0..7 {
        rows.push((0..=r).map(|j| t[pos(r, j)] as i32).collect());
    }
    layout.insert("rows".into(), rows);
    layout.insert("stock".into(), vec![vec![]]);
    let w = crate::core::kit::walk::<Pyramid>(&Input::new(&layout, &Options::new()), 7, 50).unwrap();
    assert!(w[0].0.is_empty());
    for (line, moves) in &w {
        let mut s = moves.clone();
        s.sort();
        assert_eq!(&s, moves);
        assert!(line.len() <= 50);
    }
}
