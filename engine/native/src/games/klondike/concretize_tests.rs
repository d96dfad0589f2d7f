//! The concretizer on real lines: the concrete solver's winning lines, taken to abstract lines
//! (`abstract_line`) and back, must come out as lines that replay to a win through the
//! single-move rules; abstract lines that ask for a card that is not there must give None.

use super::abs_move::AbsMove;
use super::abstract_game::{parse, Abs};
use super::concretize::{abstract_line, concretize, concretize_mirrored, concretize_report, realize_prefix, Report};
use super::state::{rank, State, PILES};
use super::tests::{deal, opts, pos, replays};
use super::walk::{legal, play};
use crate::core::cards::from_name as c;
use crate::core::search::{search, Limits, Verdict};
use crate::core::input::{Layout, Options};
use crate::core::rng::xorshift;

/// A won deal: its layout, options, start position and an abstract winning line.
type Case = (Layout, Options, State, Vec<AbsMove>);

/// The solver's winning lines on deals `0..n`, taken to abstract lines.
fn solved(n: u64, draw: i64, passes: i64, nodes: u64) -> Vec<Case> {
    let o = opts(draw, passes);
    let mut v = Vec::new();
    for k in 0..n {
        let l = deal(k);
        let lim = Limits { budget: nodes, max_bytes: 1 << 30 };
        if let Verdict::Won(line) = super::solve(&crate::core::input::Input::new(&l, &o), lim).unwrap().verdict {
            let s = State::from_layout(&l, &o).unwrap();
            let a = abstract_line(&s, &line.to_vec()).unwrap();
            v.push((l, o.clone(), s, a));
        }
    }
    v
}

#[test]
fn solver_lines_concretize_and_replay() {
    for (draw, passes, n) in [(1, 0, 60), (3, 0, 60), (1, 3, 40), (3, 3, 40)] {
        let cases = solved(n, draw, passes, 20_000);
        eprintln!("draw {draw} passes {passes}: {} of {n} won", cases.len());
        assert!(cases.len() as u64 > n / 8, "draw {draw}: only {} won", cases.len());
        for (i, (l, o, s, a)) in cases.iter().enumerate() {
            let r = concretize_report(s, a);
            let line = r.line.unwrap_or_else(|| panic!("draw {draw} passes {passes} case {i}: failed at {:?}", r.failed));
            replays(l, o, &line.to_vec()).unwrap_or_else(|e| panic!("draw {draw} passes {passes} case {i}: {e}"));
            // Deterministic, and the same abstract line again.
            assert_eq!(concretize(s, a).as_ref(), Some(&line));
            assert_eq!(&abstract_line(s, &line.to_vec()).unwrap(), a);
        }
    }
}

#[test]
fn unavailable_cards_give_none() {
    let cases = solved(30, 3, 0, 20_000);
    assert!(cases.len() > 5);
    for (_, _, s, a) in &cases {
        // A face-down card asked for at the start, in every role that names a tableau card.
        let p = (0..7).find(|&p| s.down[p] > 0).unwrap();
        let hidden = s.cards[p][0];
        for m in [AbsMove::Reveal(hidden), AbsMove::PileStack(hidden), AbsMove::DeckPile(hidden), AbsMove::StackPile(hidden)] {
            let mut b = a.clone();
            b.insert(0, m);
            assert_eq!(concretize(s, &b), None, "{m:?}");
        }
        // A foundation move one rank too high, halfway.
        let k = a.iter().position(|m| matches!(m, AbsMove::PileStack(x) if rank(*x) < 13 && a.len() / 2 < 1000)).unwrap();
        let mut b = a.clone();
        if let AbsMove::PileStack(x) = b[k] {
            b[k] = AbsMove::PileStack(x + 1);
        }
        assert_eq!(concretize(s, &b), None);
        // A line that stops short of the win, or repeats a stock card.
        assert_eq!(concretize(s, &a[..a.len() - 1]), None);
        if let Some(j) = a.iter().position(|m| matches!(m, AbsMove::DeckStack(_) | AbsMove::DeckPile(_))) {
            let mut b = a.clone();
            b.insert(j + 1, a[j]);
            assert_eq!(concretize(s, &b), None);
        }
    }
}

/// Play tokens from `s` through the single-move rules; whether they end in a win.
fn wins_from(mut s: State, line: &[String]) -> bool {
    for t in line {
        let Some((_, m)) = legal(&s).into_iter().find(|(x, _)| x == t) else { return false };
        play(&mut s, m);
    }
    s.won()
}

#[test]
fn a_covered_card_is_freed_onto_its_twins_parent() {
    // 5H lies under 4S and 5D is free: 4S goes onto 5D, then 5H up; the rest comes from the
    // stock in foundation order.
    let rest = "5S 7S 8S 9S 10S JS 6H 7H 8H 9H 10H JH 6D 7D 8D 9D 10D JD 7C 8C 9C 10C JC";
    let kings = [("", "KS QH"), ("", "KH QS"), ("", "KD QC"), ("", "KC QD")];
    let s = pos(&[&[("", "6C 5H 4S"), ("", "6S 5D")][..], &kings[..]].concat(), [3, 4, 4, 5], rest, 0, 1, 0);
    let mut line: Vec<AbsMove> = ["5H", "4S", "5D", "6C"].iter().map(|n| AbsMove::PileStack(c(n))).collect();
    line.push(AbsMove::DeckStack(c("5S")));
    line.push(AbsMove::PileStack(c("6S")));
    line.extend(rest.split_whitespace().skip(1).map(|n| AbsMove::DeckStack(c(n))));
    line.extend("QS QH QD QC KS KH KD KC".split_whitespace().map(|n| AbsMove::PileStack(c(n))));
    let r = concretize_report(&s, &line);
    let got = r.line.expect("realized");
    assert_eq!(got.to_vec()[..8], ["1>2", "1>f", "2>f", "2>f", "1>f", "d", "w>f", "2>f"]);
    assert_eq!(r.max_rearrange, 1);
    assert!(wins_from(s.clone(), &got.to_vec()));
    // 5D up first: then 4S has no red 5 to go to and 5H stays covered (the abstract game
    // would not offer this), nor would the twin do.
    let mut bad = line.clone();
    bad.insert(0, AbsMove::PileStack(c("5D")));
    bad.remove(3);
    let r = concretize_report(&s, &bad);
    assert_eq!(r.line, None);
    assert_eq!(r.failed.map(|f| f.0), Some(1));
    assert!(!r.twin_would_do);
}

/// Figures for README.md: `cargo test --release concretize_figures -- --ignored --nocapture`.
#[test]
#[ignore]
fn concretize_figures() {
    for draw in [1, 3] {
        let (cases, settled) = abstract_solved(200, draw, 200_000);
        eprintln!("draw {draw}: the abstract search settled {settled} of 200 deals, {} won", cases.len());
        for (name, f) in [("first choices", concretize_report as fn(&State, &[AbsMove]) -> Report), ("mirrored", concretize_mirrored)] {
            let mut el = std::time::Duration::ZERO;
            let (mut ok, mut depth, mut back, mut pos, mut twin, mut moves, mut re) = (0, [0usize; 8], 0, 0, 0, 0, 0);
            let mut worst = std::time::Duration::ZERO;
            for (l, o, s, a) in &cases {
                let t1 = std::time::Instant::now();
                let r = f(s, a);
                worst = worst.max(t1.elapsed());
                el += t1.elapsed();
                moves += a.len();
                pos += r.positions;
                back += r.backtracks;
                re += r.rearranged;
                depth[r.max_rearrange] += 1;
                if let Some(line) = &r.line {
                    replays(l, o, &line.to_vec()).unwrap();
                    ok += 1;
                } else {
                    twin += r.twin_would_do as usize;
                    eprintln!("  failed at {:?} of {}", r.failed, a.len());
                }
            }
            eprintln!(
                "draw {draw} {name}: {ok} of {} lines concretized ({moves} abstract moves, {re} after a rearrangement); {:.3} ms a line, worst {:.3} ms; \
                 {pos} positions; {back} backtracks; lines by most rearrangements per move {:?}; failures the twin would fix: {twin}",
                cases.len(),
                el.as_secs_f64() * 1e3 / cases.len() as f64,
                worst.as_secs_f64() * 1e3,
                &depth[..=super::concretize::MAX_REARRANGE],
            );
        }
    }
}

/// Random abstract play on deals `0..deals` (abstract_game.rs's moves, safe ones included), at
/// most `len` moves each, draw 1 and 3: every move must have a concrete realization after whatever
/// choices the concretizer made before (first or mirrored order), reaching a position whose
/// face-up cards, foundations and stock are the abstract position's. Returns (moves played,
/// failures); panics on a failure unless `count`.
fn random_abstract_play(deals: u64, len: usize, count: bool) -> (usize, usize) {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut rnd = |n: usize| (xorshift(&mut x) % n as u64) as usize;
    let (mut steps, mut failures) = (0, 0);
    for k in 0..deals {
        for draw in [1, 3] {
            let start = State::from_layout(&deal(k), &opts(draw, 0)).unwrap();
            let mirror = k % 2 == 1;
            let mut a = Abs::from_state(&start).unwrap();
            let mut line = Vec::new();
            for _ in 0..len {
                let mut v = Vec::new();
                a.legal(&mut v);
                v.extend(a.safe());
                if v.is_empty() {
                    break;
                }
                // Foundation moves half the time, so play gets somewhere.
                let up: Vec<AbsMove> = v.iter().copied().filter(|m| matches!(m, AbsMove::PileStack(_) | AbsMove::DeckStack(_))).collect();
                let m = if !up.is_empty() && rnd(2) == 0 { up[rnd(up.len())] } else { v[rnd(v.len())] };
                line.push(m);
                a.apply(m);
                steps += 1;
                match realize_prefix(&start, &line, mirror) {
                    Some((s, _)) => {
                        let mut vis = 0u64;
                        for p in 0..PILES {
                            for &c in &s.cards[p][s.down[p] as usize..s.len[p] as usize] {
                                vis |= 1 << c;
                            }
                        }
                        assert_eq!((vis, s.found, &s.seq[..s.slen as usize], s.pos), (a.vis, a.found, &a.seq[..a.slen as usize], a.pos));
                    }
                    None if count => {
                        eprintln!("  deal {k} draw {draw}: {m:?} not realized after {:?}", &line[..line.len() - 1]);
                        failures += 1;
                        break;
                    }
                    None => panic!("deal {k} draw {draw}: {m:?} not realized after {:?}", &line[..line.len() - 1]),
                }
            }
        }
    }
    (steps, failures)
}

#[test]
fn random_abstract_play_is_always_realized() {
    let (steps, _) = random_abstract_play(40, 80, false);
    assert!(steps > 3000, "{steps}");
}

/// Figures: `cargo test --release random_abstract_figures -- --ignored --nocapture`.
#[test]
#[ignore]
fn random_abstract_figures() {
    let t = std::time::Instant::now();
    let (steps, failures) = random_abstract_play(300, 200, true);
    eprintln!("random abstract play: {steps} moves, {failures} not realized, {:.1} s", t.elapsed().as_secs_f64());
}

/// The abstract search's winning lines on deals `0..n` (unlimited passes), and how many deals
/// the abstract search settled either way.
fn abstract_solved(n: u64, draw: i64, nodes: u64) -> (Vec<Case>, usize) {
    let o = opts(draw, 0);
    let (mut v, mut settled) = (Vec::new(), 0);
    for k in 0..n {
        let l = deal(k);
        let s = State::from_layout(&l, &o).unwrap();
        let mut a = Abs::from_state(&s).unwrap();
        match search(&mut a, Limits { budget: nodes, max_bytes: 1 << 30 }).verdict {
            Verdict::Won(tokens) => {
                settled += 1;
                let line = tokens.iter().map(|t| parse(t).unwrap()).collect();
                v.push((l, o.clone(), s, line));
            }
            Verdict::Lost => settled += 1,
            _ => {}
        }
    }
    (v, settled)
}

#[test]
fn abstract_search_lines_concretize_and_replay() {
    for draw in [1, 3] {
        let (cases, _) = abstract_solved(60, draw, 20_000);
        assert!(cases.len() > 20, "draw {draw}: only {} won", cases.len());
        for (i, (l, o, s, a)) in cases.iter().enumerate() {
            let r = concretize_report(s, a);
            // README.md: matching positions need one rearrangement at most, and no retry.
            assert!(r.max_rearrange <= 1 && r.backtracks == 0, "draw {draw} case {i}: {r:?}");
            let line = r.line.unwrap_or_else(|| panic!("draw {draw} case {i}: failed at {:?}", r.failed));
            replays(l, o, &line.to_vec()).unwrap_or_else(|e| panic!("draw {draw} case {i}: {e}"));
            assert_eq!(&abstract_line(s, &line.to_vec()).unwrap(), a, "the line makes exactly the abstract moves");
        }
    }
}
