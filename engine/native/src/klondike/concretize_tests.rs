//! The concretizer on real lines: the concrete solver's winning lines, taken to abstract lines
//! (`abstract_line`) and back, must come out as lines that replay to a win through the
//! single-move rules; abstract lines that ask for a card that is not there must give None.

use super::abs_move::AbsMove;
use super::concretize::{abstract_line, concretize, concretize_report};
use super::state::{rank, State};
use super::tests::{deal, opts, pos, replays};
use super::walk::{legal, play};
use crate::cards::from_name as c;
use crate::search::{Limits, Verdict};
use crate::{Layout, Options};

/// The solver's winning lines on deals `0..n`: (layout, options, start, abstract line).
fn solved(n: u64, draw: i64, passes: i64, nodes: u64) -> Vec<(Layout, Options, State, Vec<AbsMove>)> {
    let o = opts(draw, passes);
    let mut v = Vec::new();
    for k in 0..n {
        let l = deal(k);
        let lim = Limits { nodes, max_bytes: 1 << 30 };
        if let Verdict::Won(line) = super::solve(&l, &o, lim).unwrap().verdict {
            let s = State::from_layout(&l, &o).unwrap();
            let a = abstract_line(&s, &line).unwrap();
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
            replays(l, o, &line).unwrap_or_else(|e| panic!("draw {draw} passes {passes} case {i}: {e}"));
            // Deterministic, and the same abstract line again.
            assert_eq!(concretize(s, a).as_ref(), Some(&line));
            assert_eq!(&abstract_line(s, &line).unwrap(), a);
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
    assert_eq!(got[..8], ["1>2", "1>f", "2>f", "2>f", "1>f", "d", "w>f", "2>f"]);
    assert_eq!(r.max_rearrange, 1);
    assert!(wins_from(s.clone(), &got));
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
