//! FreeCell's tests: the safe rule, run moves, candidates against their reference, keys,
//! incremental evaluation, and verdicts against a plain search.

use super::cards::{fits, rank, NONE};
use super::key::Key;
use super::state::{FreeCell, Move, CELL0, HOME, NCOL};
use super::tuning::{interleaved, PROFILES, SCHEDULE};
use crate::core::best_first::best_first;
use crate::core::search::{search, Game, Limits, Outcome};
use crate::core::search::Verdict;
use rustc_hash::FxHashSet;

const BIG: Limits = Limits { budget: 5_000_000, max_bytes: 1 << 32 };

/// A card from its name, e.g. "TD", "AS".
use crate::core::cards::from_name as c;
use crate::core::rng::xorshift;
fn col(names: &str) -> Vec<u8> {
    names.split_whitespace().map(c).collect()
}

/// The classic generator, only to get realistic test positions.
fn classic(n: u32) -> Vec<Vec<u8>> {
    let mut deck: Vec<u8> = (0..52).map(|i| (i / 4) as u8 + 13 * [3u8, 2, 1, 0][i % 4]).collect();
    let mut st = n;
    let mut order = Vec::new();
    while !deck.is_empty() {
        st = st.wrapping_mul(214013).wrapping_add(2531011) & 0x7fff_ffff;
        let k = (st >> 16) as usize % deck.len();
        order.push(deck.swap_remove(k));
    }
    (0..8).map(|c| order.iter().skip(c).step_by(8).copied().collect()).collect()
}

/// Replay a spelled line by matching it against the legal single moves
/// and the run moves, checking each is legal where it is made.
fn replay(g: &mut FreeCell, line: &[String]) {
    for tok in line {
        let mut ms = Vec::new();
        g.legal_singles(&mut ms);
        g.candidates(&mut ms);
        let m = *ms.iter().find(|&&m| &g.spell_move(m) == tok).unwrap_or_else(|| panic!("{tok} not legal"));
        g.do_move(m);
    }
}

#[test]
fn safe_rule_waits_for_the_other_colour() {
    let mut g = FreeCell::from_parts(&[col("3S"), vec![], vec![], vec![], vec![], vec![], vec![], vec![]], &[NONE; 4], [2, 2, 0, 0]);
    assert!(!g.safe_home(c("3S")), "3S waits while 2D is neither home nor next");
    g.found[2] = 1;
    assert!(g.safe_home(c("3S")), "2D is next: it can go home instead of onto 3S");
    let mut g = FreeCell::from_parts(&[col("4S"), vec![], vec![], vec![], vec![], vec![], vec![], vec![]], &[NONE; 4], [3, 2, 2, 0]);
    assert!(!g.safe_home(c("4S")), "2C may still want the red three that would go on 4S");
    g.found[3] = 1;
    assert!(g.safe_home(c("4S")));
    assert!(FreeCell::from_parts(&[], &[NONE], [1, 0, 0, 0]).safe_home(c("2S")), "twos are always safe");
    assert!(!FreeCell::from_parts(&[], &[NONE], [0, 0, 0, 0]).safe_home(c("2S")), "not before its ace");
}

#[test]
fn run_moves_respect_the_capacity() {
    // 9H 8S 7H on column 1, TS on column 2; one free cell and no empty column carry 2
    let mut cols = vec![col("KC 9H 8S 7H"), col("TC"), col("QD"), col("QH"), col("QS"), col("QC"), col("KD"), col("KH")];
    let mut g = FreeCell::from_parts(&cols, &[NONE, c("KS"), c("JD"), c("JH")], [0; 4]);
    let mut ms = Vec::new();
    g.candidates(&mut ms);
    assert!(!ms.iter().any(|m| m.from == 0 && m.to == 1), "3 cards need room for 3");
    g.cells[2] = NONE;
    ms.clear();
    g.candidates(&mut ms);
    let m = *ms.iter().find(|m| m.from == 0 && m.to == 1).expect("two free cells carry 3");
    assert_eq!((m.n, g.spell_move(m)), (3, "12v3".to_string()));
    let before = g.make_key();
    let u = g.apply(m);
    assert_eq!(g.len[1], 4);
    g.revert(u);
    assert_eq!(g.make_key(), before);
    cols[1] = col("TS");
    let _ = cols;
}

/// The candidates and their kind scores by their definition, in plain loops over every
/// location (the order `candidates` keeps among equal scores).
fn reference_moves(g: &FreeCell) -> Vec<(u16, Move)> {
    let mut out = Vec::new();
    let (free, empty) = (g.free_cells(), g.empty_cols());
    let first_empty = (0..NCOL).find(|&j| g.len[j] == 0).map(|j| j as u8);
    let low = *g.found.iter().min().unwrap();
    let need: Vec<u16> = (0..NCOL).map(|i| (0..g.len[i] as usize).rev().position(|p| rank(g.cols[i][p]) <= low + 2).map_or(255, |d| d as u16)).collect();
    for from in 0..CELL0 + g.ncells as u8 {
        if g.card_at(from).is_some_and(|c| g.goes_home(c)) {
            out.push((0, Move { from, to: HOME, n: 1 }));
        }
    }
    for k in 0..g.ncells {
        let Some(c) = g.card_at(CELL0 + k as u8) else { continue };
        for j in 0..NCOL {
            if g.top(j).is_some_and(|t| fits(c, t)) {
                out.push((10, Move { from: CELL0 + k as u8, to: j as u8, n: 1 }));
            }
        }
        if let Some(j) = first_empty {
            out.push((60, Move { from: CELL0 + k as u8, to: j, n: 1 }));
        }
    }
    for i in 0..NCOL {
        let (l, run) = (g.len[i] as usize, g.run_len(i));
        for j in (0..NCOL).filter(|&j| j != i) {
            let Some(t) = g.top(j) else { continue };
            for n in 1..=run.min(FreeCell::capacity(free, empty, false)) {
                if fits(g.cols[i][l - n], t) {
                    let s = if n == l { 20 } else if n == run { 25 + need[i].min(20) } else { 50 };
                    out.push((s, Move { from: i as u8, to: j as u8, n: n as u8 }));
                }
            }
        }
    }
    if let Some(j) = first_empty {
        for i in 0..NCOL {
            let (l, n) = (g.len[i] as usize, g.run_len(i).min(FreeCell::capacity(free, empty, true)));
            if n > 1 && n < l {
                out.push((40 + need[i].min(20), Move { from: i as u8, to: j, n: n as u8 }));
            }
            if l > 1 {
                out.push((45 + need[i].min(20), Move { from: i as u8, to: j, n: 1 }));
            }
        }
    }
    if let Some(k) = g.first_free_cell() {
        for i in (0..NCOL).filter(|&i| g.len[i] > 0) {
            out.push((70 + need[i].min(30), Move { from: i as u8, to: CELL0 + k as u8, n: 1 }));
        }
    }
    out
}

#[test]
fn candidates_are_the_reference_moves_in_its_order() {
    for deal in 1..60 {
        let mut g = FreeCell::new(&classic(deal), 1 + deal as usize % 4).unwrap();
        g.w = PROFILES[4]; // ordered by kind alone, so the order is the generation's
        let mut x = deal as u64 * 7919 + 1;
        for _ in 0..80 {
            let mut want = reference_moves(&g);
            want.sort_by_key(|e| e.0); // stable: ties keep the reference's order
            let mut got = Vec::new();
            g.candidates(&mut got);
            assert_eq!(got, want.iter().map(|e| e.1).collect::<Vec<_>>(), "deal {deal}");
            let mut singles = Vec::new();
            g.legal_singles(&mut singles);
            if singles.is_empty() {
                break;
            }
            g.apply(singles[pick(&mut x, singles.len())]);
            while let Some(m) = g.safe_move() {
                g.apply(m);
            }
        }
    }
}

#[test]
fn packed_keys_are_equal_exactly_when_supports_are() {
    // breadth-first over every single and candidate move, so positions recur by many paths
    for deal in 1..12 {
        let start = FreeCell::new(&classic(deal), 2 + deal as usize % 3).unwrap();
        let mut by_key: std::collections::HashMap<Key, [u8; 52]> = Default::default();
        let mut by_below: std::collections::HashMap<[u8; 52], Key> = Default::default();
        let mut queue = std::collections::VecDeque::from([start]);
        let mut reached = 0;
        while let Some(mut g) = queue.pop_front() {
            let mut ms = Vec::new();
            g.legal_singles(&mut ms);
            g.candidates(&mut ms);
            for m in ms {
                let u = g.apply(m);
                let (k, b) = (g.key(), g.make_key());
                reached += 1;
                assert_eq!(*by_below.entry(b).or_insert(k), k, "deal {deal}: one position, two keys");
                let new = !by_key.contains_key(&k);
                assert_eq!(*by_key.entry(k).or_insert(b), b, "deal {deal}: one key, two positions");
                if new && by_key.len() < 3000 {
                    queue.push_back(g.clone());
                }
                g.revert(u);
            }
        }
        assert!(by_key.len() > 1000 && reached > 2 * by_key.len(), "deal {deal}: {} positions, {reached} reached", by_key.len());
    }
}

/// The next index below `n` of a test's xorshift stream `x` (random play).
fn pick(x: &mut u64, n: usize) -> usize {
    (xorshift(x) % n as u64) as usize
}

#[test]
fn child_key_is_the_key_the_move_and_its_safe_moves_reach() {
    let mut told = 0;
    for deal in 1..40 {
        let mut g = FreeCell::new(&classic(deal), 1 + deal as usize % 4).unwrap();
        let mut x = deal as u64 * 31337 + 3;
        for _ in 0..100 {
            while let Some(m) = g.safe_move() {
                g.apply(m);
            }
            let mut ms = Vec::new();
            g.candidates(&mut ms);
            if ms.is_empty() {
                break;
            }
            for &m in &ms {
                let k = g.child_key(m);
                let mut trail = vec![g.apply(m)];
                while let Some(s) = g.safe_move() {
                    trail.push(g.apply(s));
                }
                if let Some(k) = k {
                    assert_eq!(k, g.key(), "deal {deal}: {m:?}");
                    told += 1;
                }
                while let Some(u) = trail.pop() {
                    g.revert(u);
                }
            }
            g.apply(ms[pick(&mut x, ms.len())]);
        }
    }
    assert!(told > 1000, "only {told} keys told ahead");
}

#[test]
fn eval_after_is_the_eval_of_the_position_the_move_reaches() {
    let mut checked = 0;
    for deal in 1..30 {
        let mut g = FreeCell::new(&classic(deal), 1 + deal as usize % 4).unwrap();
        let w = PROFILES[deal as usize % PROFILES.len()];
        let mut x = deal as u64 * 7919 + 5;
        for _ in 0..100 {
            let mut ms = Vec::new();
            g.candidates(&mut ms);
            if let Some(s) = g.safe_move() {
                ms.push(s);
            }
            if ms.is_empty() {
                break;
            }
            for &m in &ms {
                let e = g.eval_after(m, &w);
                let u = g.apply(m);
                assert_eq!(e, g.eval(&w), "deal {deal}: {m:?}");
                g.revert(u);
                checked += 1;
            }
            g.apply(ms[pick(&mut x, ms.len())]);
        }
    }
    assert!(checked > 1000, "only {checked} moves checked");
}

#[test]
fn keys_ignore_column_and_cell_order_only() {
    let d = classic(1);
    let a = FreeCell::from_parts(&d, &[c("AS"), NONE, NONE, NONE], [0; 4]);
    let mut rev = d.clone();
    rev.reverse();
    let b = FreeCell::from_parts(&rev, &[NONE, NONE, c("AS"), NONE], [0; 4]);
    assert_eq!(a.make_key(), b.make_key());
    let mut moved = d.clone();
    let x = moved[0].pop().unwrap();
    moved[1].push(x);
    let e = FreeCell::from_parts(&moved, &[c("AS"), NONE, NONE, NONE], [0; 4]);
    assert_ne!(a.make_key(), e.make_key());
}

#[test]
fn candidates_reach_every_single_move_up_to_key() {
    for deal in 1..40 {
        let mut g = FreeCell::new(&classic(deal), 1 + deal as usize % 4).unwrap();
        let mut x = deal as u64 * 7919 + 1;
        for _ in 0..60 {
            let mut singles = Vec::new();
            g.legal_singles(&mut singles);
            if singles.is_empty() {
                break;
            }
            let mut cands = Vec::new();
            g.candidates(&mut cands);
            let mut reach = FxHashSet::default();
            for &m in &cands {
                let u = g.apply(m);
                reach.insert(g.make_key());
                g.revert(u);
            }
            let here = g.make_key();
            for &m in &singles {
                let u = g.apply(m);
                let k = g.make_key();
                g.revert(u);
                assert!(k == here || reach.contains(&k), "deal {deal}: {} left out", g.spell_move(m));
            }
            assert_eq!(g.make_key(), here, "apply/revert restore the position");
            let m = singles[pick(&mut x, singles.len())];
            g.apply(m);
        }
    }
}

/// Plain graph search over every legal single move, no safe
/// moves, no pruning; None when it grows past `cap` positions.
fn brute_winnable(g: &FreeCell, cap: usize) -> Option<bool> {
    let mut seen = FxHashSet::default();
    let mut queue = std::collections::VecDeque::from([g.clone()]);
    seen.insert(g.make_key());
    while let Some(mut p) = queue.pop_back() {
        if p.all_home() {
            return Some(true);
        }
        let mut ms = Vec::new();
        p.legal_singles(&mut ms);
        for m in ms {
            let u = p.apply(m);
            if seen.insert(p.make_key()) {
                queue.push_back(p.clone());
            }
            p.revert(u);
        }
        if seen.len() > cap {
            return None;
        }
    }
    Some(false)
}

#[test]
fn verdicts_match_a_plain_search_on_small_endgames() {
    check_endgames(|g| search(g, BIG));
}

#[test]
fn best_first_verdicts_match_a_plain_search() {
    let w = PROFILES[9];
    check_endgames(|g| best_first(g, BIG, |g, _| g.eval(&w) as i64));
}

#[test]
fn interleaved_scans_match_a_plain_search() {
    let sched: Vec<(Option<i64>, [i32; 8], [i32; 2])> = SCHEDULE.iter().map(|&(b, k, x, _)| (b, PROFILES[k], x)).collect();
    // tiny first quotas, so that the scans pause and resume many times
    check_endgames(|g| interleaved(g, BIG, &[3, 1, 2, 1, 5, 1, 2, 4, 1][..sched.len()], &sched));
}

/// Random endgames with one free cell: `solve` must win exactly the positions a plain
/// search over every single move wins, with a line that replays, and leave the position.
fn check_endgames(mut solve: impl FnMut(&mut FreeCell) -> Outcome) {
    let mut x = 88172645463325252u64;
    let mut next = |n: u64| xorshift(&mut x) % n;
    let (mut won, mut lost) = (0, 0);
    for _ in 0..300 {
        let found = [2 + next(7) as u8, 2 + next(7) as u8, 2 + next(7) as u8, 2 + next(7) as u8];
        let ncells = 1;
        let mut cards: Vec<u8> = (0..4).flat_map(|s| (found[s]..13).map(move |r| s as u8 * 13 + r)).collect();
        // low cards tend to lie deep, so that some positions are lost
        let noise = 1 + next(12);
        let mut keyed: Vec<(u64, u8)> = cards.iter().map(|&c| (rank(c) as u64 * 2 + next(noise), c)).collect();
        keyed.sort_unstable();
        cards = keyed.into_iter().map(|(_, c)| c).collect();
        let mut cells = vec![NONE; ncells];
        let mut cols = vec![Vec::new(); 8];
        if next(2) == 0 {
            cells[0] = cards.pop().unwrap();
        }
        for (k, &card) in cards.iter().enumerate() {
            cols[if k < 8 { k } else { next(8) as usize }].push(card); // no column empty
        }
        let mut g = FreeCell::from_parts(&cols, &cells, found);
        let Some(want) = brute_winnable(&g, 20_000) else { continue };
        let before = g.make_key();
        let out = solve(&mut g);
        assert_eq!(g.make_key(), before, "the position is handed back");
        match out.verdict {
            Verdict::Won(line) => {
                assert!(want, "won a lost position");
                replay(&mut g, &line.to_vec());
                assert!(g.all_home(), "the line wins");
                won += 1;
            }
            Verdict::Lost => {
                assert!(!want, "lost a won position");
                lost += 1;
            }
            v => panic!("{v:?}"),
        }
    }
    assert!(won > 20 && lost > 5, "both verdicts exercised: {won} won, {lost} lost");
}

#[test]
fn classic_deal_one_is_won_with_a_legal_line() {
    let mut g = FreeCell::new(&classic(1), 4).unwrap();
    let out = search(&mut g, BIG);
    let Verdict::Won(line) = out.verdict else { panic!("deal 1 is winnable") };
    replay(&mut g, &line.to_vec());
    assert!(g.all_home());
}

#[test]
fn bad_layouts_are_refused() {
    let mut d = classic(1);
    assert!(FreeCell::new(&d, 0).is_err());
    assert!(FreeCell::new(&d, 5).is_err());
    d[0][0] = d[1][0];
    assert!(FreeCell::new(&d, 4).is_err());
    assert!(FreeCell::new(&d[..7], 4).is_err());
}

#[test]
fn kept_column_figures_match_fresh_ones() {
    // random play with moves taken back, so kept figures meet every kind of change (run moves,
    // cells, cards home and back); each position's ordered candidates and child scores must be
    // those of a copy whose kept figures are thrown away first
    let mut checked = 0;
    for deal in 1..40 {
        let mut g = FreeCell::new(&classic(deal), 1 + deal as usize % 4).unwrap();
        g.w = PROFILES[[12, 0, 5, 10][deal as usize % 4]];
        let mut x = deal as u64 * 104729 + 7;
        let mut trail = Vec::new();
        for _ in 0..150 {
            let mut got = Vec::new();
            g.candidates(&mut got);
            let scores: Vec<i32> = got.iter().map(|&m| g.eval_after(m, &g.w)).collect();
            let fresh = g.clone();
            fresh.stale.set(0xFF);
            fresh.sums_ok.set(false);
            let mut want = Vec::new();
            fresh.candidates(&mut want);
            assert_eq!(got, want, "deal {deal}: candidates");
            for (i, &m) in want.iter().enumerate() {
                let f = g.clone();
                f.sums_ok.set(false);
                assert_eq!(scores[i], f.eval_after(m, &g.w), "deal {deal}: {m:?}");
                checked += 1;
            }
            if let Some(s) = g.safe_move() {
                got.push(s);
            }
            if got.is_empty() || (pick(&mut x, 5) == 0 && !trail.is_empty()) {
                match trail.pop() {
                    Some(u) => g.revert(u),
                    None => break,
                }
            } else {
                trail.push(g.apply(got[pick(&mut x, got.len())]));
            }
        }
    }
    assert!(checked > 5000, "only {checked} moves checked");
}
