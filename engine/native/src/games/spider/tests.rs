//! Spider's tests: runs move as units, a complete run goes off by itself and comes back on
//! undo, the deal, the key's column sort, and small searches.

use super::cards::*;
use super::key::*;
use super::search::*;
use super::state::*;
use super::beam;
use crate::core::search::Game;
use crate::core::best_first::best_first;
use crate::core::search::{Limits, Verdict};
use crate::core::turns::Resume;
use crate::core::rng::xorshift;

/// A position from columns (bottom first, with face-down counts) and a stock, no validation of
/// the pack (hand-made positions hold fewer than 104 cards).
fn pos(cols: &[(&[u8], u8)], stock: &[u8]) -> Spider {
    let mut g = Spider { cols: Default::default(), down: [0; COLS], stock: stock.to_vec(), off: 0, w: DEFAULT_WEIGHTS, narrow: false, no_sideways: false, kept: Default::default(), breaks: 0, natural: 0 };
    for (c, (cards, d)) in cols.iter().enumerate() {
        g.cols[c] = cards.to_vec();
        g.down[c] = *d;
    }
    (g.breaks, g.natural) = g.count_breaks();
    g
}

/// Spade of rank r (1 = A .. 13 = K).
fn s(r: u8) -> u8 {
    r - 1
}

fn h(r: u8) -> u8 {
    13 + r - 1
}

fn tokens(g: &Spider) -> Vec<String> {
    let mut ms = Vec::new();
    g.legal(&mut ms);
    let mut t: Vec<String> = ms.into_iter().map(Spider::token).collect();
    t.sort();
    t
}

#[test]
fn only_suited_runs_move_as_units() {
    // column 1: 9H 8S 7S (all up); column 2: 9S; column 3: 8H
    let g = pos(&[(&[h(9), s(8), s(7)], 0), (&[s(9)], 0), (&[h(8)], 0)], &[]);
    let t = tokens(&g);
    // 7S onto 8H; 8S 7S onto 9S; 8H onto 9H? no (9H is covered); 8H onto 9S
    for want in ["1>3", "1:2>2", "3>2"] {
        assert!(t.contains(&want.to_string()), "{want} in {t:?}");
    }
    assert!(!t.iter().any(|x| x.starts_with("1:3")), "9H 8S is not one suit: {t:?}");
    // empty columns 4..10: any part of the run and any single top card may go there
    assert!(t.contains(&"1:2>4".to_string()) && t.contains(&"2>10".to_string()));
    assert!(!t.contains(&"d".to_string()));
}

#[test]
fn a_complete_run_goes_off_and_undo_brings_it_back() {
    let mut run: Vec<u8> = (2..=13).rev().map(s).collect(); // K..2 of spades on a face-down 5H
    run.insert(0, h(5));
    let mut g = pos(&[(&run, 1), (&[s(1)], 0), (&[h(7)], 0)], &[]);
    let before = g.clone();
    let u = g.apply(Move::Run { from: 1, to: 0, n: 1 });
    assert_eq!(g.off, 1);
    assert_eq!(g.cols[0], vec![h(5)]);
    assert_eq!(g.down[0], 0, "the card under the run turned up");
    assert!(g.cols[1].is_empty());
    g.revert(u);
    assert_eq!((g.cols.clone(), g.down, g.off), (before.cols, before.down, before.off));
}

#[test]
fn the_deal_goes_one_to_each_column_top_card_first() {
    let stock: Vec<u8> = (0..10).collect(); // bottom first: card 9 is the top, to column 1
    let cols: Vec<(&[u8], u8)> = vec![(&[51u8][..], 0); COLS];
    let mut g = pos(&cols, &stock);
    assert!(tokens(&g).contains(&"d".to_string()));
    let u = g.apply(Move::Deal);
    assert_eq!(g.cols[0], vec![51, 9]);
    assert_eq!(g.cols[9], vec![51, 0]);
    g.revert(u);
    assert_eq!(g.stock, stock);
    let mut cols = cols;
    cols[4] = (&[], 0);
    assert!(!tokens(&pos(&cols, &stock)).contains(&"d".to_string()), "no deal onto an empty column");
}

#[test]
fn columns_sort_in_the_key_only_once_the_stock_is_empty() {
    let a = pos(&[(&[s(3)], 0), (&[h(4)], 0)], &[]);
    let b = pos(&[(&[h(4)], 0), (&[s(3)], 0)], &[]);
    assert_eq!(a.key(), b.key());
    let stock: Vec<u8> = (0..10).collect();
    let a = pos(&[(&[s(3)], 0), (&[h(4)], 0)], &stock);
    let b = pos(&[(&[h(4)], 0), (&[s(3)], 0)], &stock);
    assert_ne!(a.key(), b.key());
    // face-down parts are told apart by column and count
    let a = pos(&[(&[h(9), s(3)], 1), (&[h(4)], 0)], &[]);
    let b = pos(&[(&[h(4)], 0), (&[h(9), s(3)], 1)], &[]);
    assert_ne!(a.key(), b.key());
}

/// A column as the exact key names it: (its index while it has face-down cards, its face-down
/// count, its face-up cards bottom first).
type Named = (Option<usize>, u8, Vec<u8>);

/// The exact key's bytes read back (README.md, "The key"): the deals made and each column, or None
/// where the bytes break the format. Where this reads back every key into its position's columns,
/// two positions with other columns cannot share a key (a read is a function of the bytes).
fn read_key(k: &[u8]) -> Option<(u8, Vec<Named>)> {
    let (&dealt, mut rest) = k.split_first()?;
    let mut cols = Vec::new();
    while let Some((&head, after)) = rest.split_first() {
        rest = after;
        if head == EMPTY {
            cols.push((None, 0, Vec::new()));
            continue;
        }
        let (at, down) = match head {
            0xF0 => (None, 0),
            h if h < 8 * COLS as u8 && h % 8 > 0 => (Some(h as usize / 8), h % 8),
            _ => return None,
        };
        let mut up = Vec::new();
        loop {
            let (&b, after) = rest.split_first()?;
            rest = after;
            if b & TOP != 0 {
                (b & !TOP < 64).then_some(())?;
                up.push(b & !TOP);
                break;
            }
            (b < 64).then_some(())?;
            up.push(b);
        }
        cols.push((at, down, up));
    }
    (cols.len() == COLS).then_some((dealt, cols))
}

#[test]
fn the_exact_key_reads_back_into_the_columns() {
    // the key without end bytes (the top card marked, an empty column one header byte) is still
    // injective: along random play from many deals (deals, runs off and empty columns included)
    // every key reads back into its position's deals made and columns, in column order while the
    // stock lasts and as a multiset once it is empty (the sorted key)
    let named = |g: &Spider| -> Vec<Named> {
        (0..COLS)
            .map(|c| (if g.down[c] > 0 { Some(c) } else { None }, g.down[c], g.cols[c][g.down[c] as usize..].to_vec()))
            .collect()
    };
    let reads_back = |g: &Spider| {
        let k = g.key();
        let (dealt, mut cols) = read_key(&k.b[..k.len as usize]).expect("a key in the format");
        let mut want = named(g);
        assert_eq!(dealt as usize, g.dealt());
        if g.stock.is_empty() {
            cols.sort();
            want.sort();
        }
        assert_eq!(cols, want);
    };
    let (mut x, mut read, mut empties, mut sorted) = (11u64, 0, 0, 0);
    for seed in 1..=200 {
        let mut g = shuffled(seed);
        for _ in 0..300 {
            reads_back(&g);
            read += 1;
            sorted += g.stock.is_empty() as usize;
            empties += g.cols.iter().any(|c| c.is_empty()) as usize;
            let mut ms = Vec::new();
            g.legal(&mut ms);
            if ms.is_empty() {
                break;
            }
            g.apply(ms[(xorshift(&mut x) % ms.len() as u64) as usize]);
        }
    }
    assert!(read > 5000 && empties > 20 && sorted > 1000, "{read} read, {empties} with an empty column, {sorted} sorted");
    // hand-made: empty columns beside face-down ones, with and without a stock; a card moved from
    // the top of one column to the bottom of the next changes the bytes
    let stock: Vec<u8> = (0..10).collect();
    let a = pos(&[(&[s(5), h(4)], 0), (&[s(3)], 0), (&[], 0), (&[h(9), s(8)], 1)], &[]);
    let b = pos(&[(&[s(5)], 0), (&[h(4), s(3)], 0), (&[], 0), (&[h(9), s(8)], 1)], &[]);
    for g in [&a, &b, &pos(&[(&[], 0), (&[h(9), s(8)], 1)], &stock), &pos(&[(&[h(9), s(8)], 1)], &stock)] {
        reads_back(g);
    }
    assert_ne!(a.key(), b.key());
}

/// The 6 of spades face down under K..7 of spades, 5..A beside, eight columns each holding a lone
/// K of hearts, seven runs off: no column ever empties to take the K..7 off the 6, so it is lost.
fn buried_six() -> Spider {
    let mut hi: Vec<u8> = vec![s(6)];
    hi.extend((7..=13).rev().map(s));
    let lo: Vec<u8> = (1..=5).rev().map(s).collect();
    let mut cols: Vec<(&[u8], u8)> = vec![(&hi, 1), (&lo, 0)];
    let kh = [h(13)];
    cols.extend(std::iter::repeat((&kh[..], 0)).take(8));
    let mut g = pos(&cols, &[]);
    g.off = 7;
    g
}

#[test]
fn searches_win_a_small_position_and_prove_a_small_loss() {
    // one run of spades split over two columns: 13..7 and 6..1
    let hi: Vec<u8> = (7..=13).rev().map(s).collect();
    let lo: Vec<u8> = (1..=6).rev().map(s).collect();
    let mut g = pos(&[(&hi, 0), (&lo, 0)], &[]);
    g.off = 7;
    let out = best_first(&mut g, Limits { budget: 1000, max_bytes: 1 << 30 }, |g, d| g.eval() * 4 + d as i64);
    assert_eq!(out.verdict, Verdict::Won(vec!["2:6>1"].into()));
    let mut g = buried_six();
    let out = crate::core::search::search(&mut g, Limits { budget: 100_000, max_bytes: 1 << 30 });
    assert_eq!(out.verdict, Verdict::Lost);
}

#[test]
fn candidates_are_legal_and_keep_every_move_while_the_stock_lasts() {
    let stock: Vec<u8> = (0..10).collect();
    let g = pos(&[(&[h(9), s(8), s(7)], 1), (&[s(9)], 0), (&[h(8)], 0)], &stock);
    let (mut legal, mut cand) = (Vec::new(), Vec::new());
    g.legal(&mut legal);
    g.candidates(&mut cand);
    let mut a: Vec<String> = legal.into_iter().map(Spider::token).collect();
    let mut b: Vec<String> = cand.into_iter().map(Spider::token).collect();
    a.sort();
    b.sort();
    assert_eq!(a, b);
    let g = pos(&[(&[h(9), s(8), s(7)], 1), (&[s(9)], 0), (&[h(8)], 0)], &[]);
    let mut cand = Vec::new();
    g.candidates(&mut cand);
    let t: Vec<String> = cand.into_iter().map(Spider::token).collect();
    assert!(t.contains(&"1>4".to_string()) && !t.contains(&"1>5".to_string()), "{t:?}");
    assert!(!t.contains(&"2>4".to_string()), "a whole column into an empty one: the same position");
}

#[test]
fn a_narrow_search_running_dry_proves_nothing_and_the_complete_one_wins() {
    // spades K..2 under A of hearts; hearts K..3; 2 of hearts under A of spades; six runs off.
    // Every move lifts a card off one it fits (or splits nothing): the narrow candidates hold none,
    // yet A of spades into an empty column wins.
    let mut sp: Vec<u8> = (2..=13).rev().map(s).collect();
    sp.push(h(1));
    let hi: Vec<u8> = (3..=13).rev().map(h).collect();
    let mut g = pos(&[(&hi, 0), (&sp, 0), (&[h(2), s(1)], 0)], &[]);
    g.off = 6;
    g.narrow = true;
    let mut c = Vec::new();
    g.candidates(&mut c);
    assert!(c.is_empty(), "{c:?}");
    let dry = best_first(&mut g, Limits { budget: 1000, max_bytes: 1 << 30 }, |g, _| g.eval());
    assert_eq!(dry.verdict, Verdict::Lost, "the narrow search alone runs dry");
    g.narrow = false;
    let out = turns(&g, 3, Limits { budget: 1000, max_bytes: 1 << 30 });
    assert!(matches!(out.verdict, Verdict::Won(_)), "{out:?}");
    // the lost position of the test above: only the complete search says lost
    let g = buried_six();
    assert_eq!(turns(&g, 3, Limits { budget: 100_000, max_bytes: 1 << 30 }).verdict, Verdict::Lost);
}

/// A full four-suit deal from a seeded shuffle (a xorshift: only the tests' own randomness).
fn shuffled(seed: u64) -> Spider {
    let mut x = seed.max(1);
    let mut rnd = move |n: usize| (xorshift(&mut x) % n as u64) as usize;
    let mut pack: Vec<u8> = (0..52).chain(0..52).collect();
    for i in (1..pack.len()).rev() {
        pack.swap(i, rnd(i + 1));
    }
    let mut cols: Vec<(Vec<u8>, u8)> = Vec::new();
    let mut at = 0;
    for c in 0..COLS {
        let n = if c < 4 { 6 } else { 5 };
        cols.push((pack[at..at + n].to_vec(), n as u8 - 1));
        at += n;
    }
    let refs: Vec<(&[u8], u8)> = cols.iter().map(|(v, d)| (&v[..], *d)).collect();
    pos(&refs, &pack[at..])
}

#[test]
fn the_hashed_key_is_equal_exactly_where_the_exact_key_is() {
    // random play from many deals (every legal move, deals included): one hash per exact key, and
    // no two exact keys seen with one hash
    use std::collections::HashMap;
    let (mut by_key, mut by_hash) = (HashMap::new(), HashMap::new());
    let mut x = 99u64;
    for seed in 1..=200 {
        let mut g = shuffled(seed);
        for _ in 0..300 {
            let (k, h) = (g.key(), g.key_hash());
            assert_eq!(*by_key.entry(k.clone()).or_insert(h), h);
            assert_eq!(*by_hash.entry(h).or_insert(k.clone()), k);
            let mut ms = Vec::new();
            g.legal(&mut ms);
            if ms.is_empty() {
                break;
            }
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            g.apply(ms[(x >> 33) as usize % ms.len()]);
        }
    }
    assert!(by_key.len() > 5000, "{}", by_key.len());
    // the column sort once the stock is empty carries over
    let a = pos(&[(&[s(3)], 0), (&[h(4)], 0)], &[]);
    let b = pos(&[(&[h(4)], 0), (&[s(3)], 0)], &[]);
    assert_eq!(a.key_hash(), b.key_hash());
}

#[test]
fn the_wide_search_running_dry_proves_nothing() {
    // buried_six is lost: with the wide search beside the complete one, `lost` still comes only
    // from the complete one (a plan without one gets one); the wide one alone runs dry and waits
    let g = buried_six();
    let limits = Limits { budget: 100_000, max_bytes: 1 << 30 };
    assert_eq!(turns_with(&g, &[(Kind::Complete, 3), (Kind::Wide, 8)], FIRST_SLICE, limits).verdict, Verdict::Lost);
    assert_eq!(turns_with(&g, &[(Kind::Wide, 8)], FIRST_SLICE, limits).verdict, Verdict::Lost, "a complete search is added");
    // the complete search's smaller share (two and four suits) and the least one: it still runs
    // to the end once the wide one has run dry
    for first in [COMPLETE_FIRST_SLICE, 1] {
        let out = turns_with(&g, &[(Kind::Complete, 3), (Kind::Wide, 8)], first, limits);
        assert_eq!(out.verdict, Verdict::Lost, "complete search's first slice {first}");
    }
    let mut w = Hashed(g.clone());
    let dry = best_first(&mut w, limits, |h: &Hashed, _| h.0.eval());
    assert_eq!(dry.verdict, Verdict::Lost, "the wide search alone runs dry");
    let mut p = Partial { scan: Box::new(crate::core::best_first::BestFirst::new(&mut w, 1 << 30, |h: &Hashed, _| h.0.eval())), dry: false };
    assert!(p.resume(100_000).is_none(), "running dry, it only waits");
    assert!(p.resume(100_000).is_none());
}

/// Replays `line` from `g` by the legal moves' tokens (the referee's list): Some(the end
/// position) when every token names a legal move.
fn replay(g: &Spider, line: &crate::core::search::Line) -> Option<Spider> {
    let mut g = g.clone();
    for t in line.iter() {
        let mut ms = Vec::new();
        g.legal(&mut ms);
        let m = ms.into_iter().find(|&m| Spider::token(m) == t)?;
        g.apply(m);
    }
    Some(g)
}

#[test]
fn the_beam_search_wins_with_legal_lines_and_proves_nothing() {
    // four-suit deals with their stock: the beam alone wins some, each line legal to the end and
    // the same on a second run (verdict, nodes, line)
    // (the default settings, then attempts cycling through other weights: bench log S18)
    let cycling = beam::Settings { cycle: 4, hold: true, ..beam::SETTINGS };
    let late = beam::Settings { cycle_from: 4, ..cycling };
    for set in [beam::SETTINGS, cycling, late] {
        let mut won = 0;
        for seed in 1..=4 {
            let g = shuffled(seed);
            let run = || beam::Beam::new(&g, set).resume(60_000);
            let (a, b) = (run(), run());
            match (&a, &b) {
                (None, None) => {}
                (Some(a), Some(b)) => {
                    assert_eq!((&a.verdict, a.nodes), (&b.verdict, b.nodes), "seed {seed}");
                    let Verdict::Won(line) = &a.verdict else { panic!("seed {seed}: {a:?}") };
                    assert!(replay(&g, line).expect("every token a legal move").won(), "seed {seed}");
                    won += 1;
                }
                _ => panic!("seed {seed}: {a:?} then {b:?}"),
            }
        }
        assert!(won >= 2, "{won} of 4 won");
        // a lost position: the beam gives up attempt after attempt and never ends; `lost` comes
        // only from the complete search beside it
        let g = buried_six();
        assert!(beam::Beam::new(&g, set).resume(20_000).is_none());
    }
    let g = buried_six();
    let limits = Limits { budget: 100_000, max_bytes: 1 << 30 };
    let plan = [(Kind::Complete, 3), (Kind::Beam, 8), (Kind::Beam, 5)];
    assert_eq!(turns_with(&g, &plan, COMPLETE_FIRST_SLICE, limits).verdict, Verdict::Lost);
    assert_eq!(turns_beam(&g, &plan, COMPLETE_FIRST_SLICE, cycling, limits).verdict, Verdict::Lost);
}

#[test]
fn a_beam_cycling_from_a_width_searches_as_the_default_below_it() {
    // four suits' attempts cycle only from width 64 (search.rs, `FOUR_SUITS_CYCLE_FROM`): below it
    // the beam is the default's to the position (verdict, nodes, line); from a width it reaches
    // within the positions given, it searches otherwise
    // 50 positions a root: attempts fail and widen within the positions given
    let small = beam::Settings { per_root: 50, ..beam::SETTINGS };
    let late = beam::Settings { cycle: 4, hold: true, cycle_from: 64, ..small };
    let early = beam::Settings { cycle_from: 2, ..late };
    let mut differ = 0;
    for seed in 1..=6 {
        let g = shuffled(seed);
        // widths 1 to 32 take up to 63 x 50 x 9 positions: below width 64
        let run = |set| beam::Beam::new(&g, set).resume(25_000).map(|o| (o.verdict, o.nodes));
        let alone = run(small);
        assert_eq!(run(late), alone, "seed {seed}");
        differ += (run(early) != alone) as usize;
    }
    assert!(differ > 0, "cycling from width 2 searched as the default on every deal");
}

/// `eval` as it was before the breaks were counted by the moves: a pass over every face-up card.
fn fresh_eval(g: &Spider) -> i64 {
    let (mut down, mut breaks, mut natural, mut empty) = (0i64, 0i64, 0i64, 0i64);
    let buried = (0..COLS).filter(|&c| g.down[c] > 0).count() as i64;
    let fewest = (0..COLS).filter(|&c| g.down[c] > 0).map(|c| g.down[c] as i64).min().unwrap_or(0);
    for c in 0..COLS {
        let col = &g.cols[c];
        down += g.down[c] as i64;
        empty += col.is_empty() as i64;
        for i in (g.down[c] as usize + 1)..col.len() {
            if rank(col[i - 1]) != rank(col[i]) + 1 {
                breaks += 1;
            } else if suit(col[i - 1]) != suit(col[i]) {
                natural += 1;
            }
        }
    }
    g.w[0] * down + g.w[1] * breaks - g.w[2] * empty - g.w[3] * g.off as i64 + g.w[5] * g.stock.len() as i64 + g.w[4] * natural
        + g.w[6] * buried
        + g.w[7] * fewest
}

#[test]
fn kept_sums_equal_fresh_ones_along_random_play() {
    // random play from many deals, every legal move (deals, runs off), reverting about one move in
    // three: after every apply and revert the counted breaks are those counted afresh and the
    // evaluation is the full pass's; at about half the steps (so that stale hashes are carried
    // through moves and undos too) the kept column hashes are those worked out afresh
    let mut x = 5u64;
    let mut rnd = move |n: usize| (xorshift(&mut x) % n as u64) as usize;
    let check = |g: &Spider, hashes: bool| {
        assert_eq!((g.breaks, g.natural), g.count_breaks());
        assert_eq!(g.eval(), fresh_eval(g));
        if hashes {
            let kept: Vec<u128> = g.hashes().iter().map(|h| h.get()).collect();
            let fresh: Vec<u128> = (0..COLS).map(|c| g.col_hash(c)).collect();
            assert_eq!(kept, fresh);
        }
    };
    let (mut checked, mut deals) = (0, 0);
    for seed in 1..=150 {
        let mut g = shuffled(seed);
        let mut undos = Vec::new();
        for _ in 0..400 {
            let mut ms = Vec::new();
            g.legal(&mut ms);
            if ms.is_empty() || (!undos.is_empty() && rnd(3) == 0) {
                let Some(u) = undos.pop() else { break };
                g.revert(u);
            } else {
                let m = ms[rnd(ms.len())];
                deals += (m == Move::Deal) as usize;
                undos.push(g.apply(m));
            }
            check(&g, rnd(2) == 0);
            checked += 1;
        }
        // back to the deal, every move undone
        while let Some(u) = undos.pop() {
            g.revert(u);
        }
        check(&g, true);
    }
    assert!(checked > 40_000 && deals > 200, "{checked} positions, {deals} deals");
    // a run going off and coming back (rare in random play): a hand-made one, 2S..KS on 3H
    let mut cards = vec![h(3)];
    cards.extend((2..14).rev().map(s));
    let mut g = pos(&[(&cards, 0), (&[h(2), s(1)], 1)], &[]);
    check(&g, true);
    let u = g.apply(Move::Run { from: 1, to: 0, n: 1 });
    assert_eq!((g.off, g.cols[0].len(), g.down[1]), (1, 1, 0), "the run went off, 2H turned up");
    check(&g, true);
    g.revert(u);
    assert_eq!((g.off, g.cols[0].len(), g.down[1]), (0, 13, 1));
    check(&g, true);
}
