//! Hand-made positions for the safe-move, key and stock-cycle rules, and
//! whole-deal checks: every line replays through the single-move rules,
//! make/undo restores, verdicts are deterministic.

use super::keys::{key, sort7};
use super::moves::{candidates, safe_mask, safe_move, spell};
use super::state::{next_up, Move, State, FOUND, NONE, PILES, SEQ_ROOM, UNLIMITED};
use super::walk::{legal, play};
use crate::core::search::{search, Limits, Verdict};
use crate::core::input::{Layout, Options};

use crate::core::cards::from_name as c;
use crate::core::rng::xorshift;

fn cards(names: &str) -> Vec<u8> {
    names.split_whitespace().map(c).collect()
}

/// A position from piles (face-down names, face-up names), foundation
/// counts (S H D C) and the stock cycle in drawing order with the waste size.
pub(super) fn pos(piles: &[(&str, &str)], found: [u8; 4], seq: &str, waste: u8, draw: u8, redeals: u8) -> State {
    let mut s = State {
        cards: [[0; super::state::PILE_CAP]; PILES],
        len: [0; PILES],
        down: [0; PILES],
        found,
        seq: [0; SEQ_ROOM],
        slen: 0,
        pos: waste,
        redeals,
        draw,
        stock_index: [u8::MAX; 52],
        stock_mask: 0,
        scards: 0,
        code: [0; PILES],
        hi: [0; PILES],
        topc: [NONE; PILES],
        tops: 0,
        pile_of: [0; 53],
        up: 0,
        downs: 0,
        shuffle: 0,
    };
    for (p, (d, u)) in piles.iter().enumerate() {
        let (d, u) = (cards(d), cards(u));
        for (i, &x) in d.iter().chain(u.iter()).enumerate() {
            s.cards[p][i] = x;
        }
        s.down[p] = d.len() as u8;
        s.len[p] = (d.len() + u.len()) as u8;
    }
    for (i, x) in cards(seq).into_iter().enumerate() {
        s.seq[i] = x;
        s.stock_index[x as usize] = i as u8;
        s.stock_mask |= 1 << i;
        s.slen += 1;
    }
    s.recode_all();
    s
}

/// Numbered deal n, dealt from a fixed shuffle of our own (a simple LCG):
/// these tests need many varied deals, not the published ones.
pub(super) fn deal(n: u64) -> Layout {
    shuffled(n.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407))
}

/// The layout of a Fisher-Yates shuffle driven by an LCG from state `x`.
pub(super) fn shuffled(mut x: u64) -> Layout {
    let mut order: Vec<i32> = (0..52).collect();
    for i in (1..52).rev() {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let j = ((x >> 33) % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
    super::layout_from_order(&order)
}

pub(super) fn opts(draw: i64, passes: i64) -> Options {
    let mut o = Options::new();
    o.insert("draw".into(), draw);
    o.insert("passes".into(), passes);
    o
}

fn spelled(s: &State, m: Move) -> Vec<String> {
    let mut v = crate::core::search::Line::new();
    spell(s, m, &mut v);
    v.to_vec()
}

// ---------------------------------------------------------------- safe moves

#[test]
fn safe_rule_thresholds() {
    // 5H on pile 1: black foundations need 4, diamonds 3.
    let at = |f: [u8; 4]| safe_move(&pos(&[("", "5H")], f, "", 0, 1, UNLIMITED));
    assert_eq!(at([4, 4, 3, 4]), Some(Move::PileToFound { from: 0 }));
    assert_eq!(at([4, 4, 2, 4]), None, "the twin suit two below is needed");
    assert_eq!(at([3, 4, 3, 4]), None, "spades one below are needed");
    assert_eq!(at([4, 4, 3, 3]), None, "clubs one below are needed");
    assert_eq!(at([4, 3, 3, 4]), None, "not playable at all");
    // Aces and twos always.
    assert!(safe_move(&pos(&[("", "AC")], [0, 0, 0, 0], "", 0, 1, UNLIMITED)).is_some());
    assert!(safe_move(&pos(&[("", "2D")], [0, 0, 1, 0], "", 0, 1, UNLIMITED)).is_some());
    assert!(safe_move(&pos(&[("", "3D")], [2, 1, 2, 2], "", 0, 1, UNLIMITED)).is_some());
    assert!(safe_move(&pos(&[("", "3D")], [2, 0, 2, 2], "", 0, 1, UNLIMITED)).is_none());
}

#[test]
fn safe_waste_card_only_at_draw_one() {
    let s1 = pos(&[], [0; 4], "KS AH QS", 2, 1, UNLIMITED);
    assert_eq!(safe_move(&s1), Some(Move::Waste { q: 2, redeal: false, to: FOUND }));
    let s3 = pos(&[], [0; 4], "KS AH QS", 2, 3, UNLIMITED);
    assert_eq!(safe_move(&s3), None, "at draw 3 a waste card regroups the cycle");
}

#[test]
fn safe_cards_are_never_taken_back_down() {
    // 3H on its foundation with both black 2s up and 1 diamond: safe, so no fH move.
    let s = pos(&[("", "4C")], [2, 3, 1, 2], "", 0, 1, UNLIMITED);
    let mut v = Vec::new();
    candidates(&s, &mut v);
    assert!(!v.iter().any(|m| matches!(m, Move::FoundToPile { .. })));
    // With the clubs at 1 it is not safe, and going down is a candidate.
    let s = pos(&[("", "4C")], [2, 3, 1, 1], "", 0, 1, UNLIMITED);
    let mut v = Vec::new();
    candidates(&s, &mut v);
    assert!(v.contains(&Move::FoundToPile { suit: 1, to: 0 }));
}

// ---------------------------------------------------------------- keys

#[test]
fn piles_without_face_down_cards_are_interchangeable() {
    let a = pos(&[("", "KS QH"), ("", ""), ("2C 3C", "9D")], [1, 1, 1, 1], "", 0, 1, UNLIMITED);
    let b = pos(&[("", ""), ("", "KS QH"), ("2C 3C", "9D")], [1, 1, 1, 1], "", 0, 1, UNLIMITED);
    assert_eq!(key(&a), key(&b));
    // The same face-down pile in another place is another deal position.
    let c2 = pos(&[("", "KS QH"), ("2C 3C", "9D"), ("", "")], [1, 1, 1, 1], "", 0, 1, UNLIMITED);
    assert_ne!(key(&a), key(&c2));
    // Suits inside a run count.
    let d = pos(&[("", "KS QD"), ("", ""), ("2C 3C", "9D")], [1, 1, 1, 1], "", 0, 1, UNLIMITED);
    assert_ne!(key(&a), key(&d));
    // One card more face down is another position.
    let e = pos(&[("", "KS QH"), ("", ""), ("2C", "3C 9D")], [1, 1, 1, 1], "", 0, 1, UNLIMITED);
    assert_ne!(key(&a), key(&e));
}

#[test]
fn stock_cycle_equivalence_and_its_exceptions() {
    let seq = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS";
    let k = |waste: u8, draw: u8, redeals: u8| key(&pos(&[("", "KH")], [1, 0, 0, 0], seq, waste, draw, redeals));
    // Draw 3, unlimited: 0, 3, 6, 9 and 10 (all of it) lie on the turn-over cycle.
    for w in [3, 6, 9, 10] {
        assert_eq!(k(0, 3, UNLIMITED), k(w, 3, UNLIMITED), "waste {w}");
    }
    // Off the cycle (after a waste card was played) is another position.
    for w in [1, 2, 4, 5, 7, 8] {
        assert_ne!(k(0, 3, UNLIMITED), k(w, 3, UNLIMITED), "waste {w}");
    }
    assert_ne!(k(4, 3, UNLIMITED), k(5, 3, UNLIMITED));
    // Draw 1, unlimited: every waste size is on the cycle.
    for w in 1..=10 {
        assert_eq!(k(0, 1, UNLIMITED), k(w, 1, UNLIMITED));
    }
    // Limited passes: the waste size and the turn-overs left count.
    assert_ne!(k(0, 1, 2), k(3, 1, 2));
    assert_ne!(k(3, 1, 2), k(3, 1, 1));
    assert_ne!(k(0, 3, 0), k(3, 3, 0));
}

// ---------------------------------------------------------------- stock macro moves

fn reach(s: &State) -> Vec<(u8, bool)> {
    let mut v = Vec::new();
    s.reachable(|q, r| v.push((q, r)));
    v
}

#[test]
fn macro_moves_across_turn_overs_with_pass_limits() {
    let seq = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS";
    // Draw 3 from waste size 4: this pass 4, 7, 10; after a turn-over 3, 6, 9.
    let s = pos(&[], [1, 0, 0, 0], seq, 4, 3, UNLIMITED);
    assert_eq!(reach(&s), vec![(4, false), (7, false), (10, false), (3, true), (6, true), (9, true)]);
    // No turn-over left: only this pass.
    let s0 = pos(&[], [1, 0, 0, 0], seq, 4, 3, 0);
    assert_eq!(reach(&s0), vec![(4, false), (7, false), (10, false)]);
    // Spelling: taps to the end, the turn-over, then two taps.
    let s1 = pos(&[], [1, 0, 0, 0], seq, 4, 3, 1);
    assert_eq!(spelled(&s1, Move::Waste { q: 6, redeal: true, to: 2 }), ["d", "d", "r", "d", "d", "w>3"]);
    assert_eq!(spelled(&s1, Move::Waste { q: 10, redeal: false, to: FOUND }), ["d", "d", "w>f"]);
    // The turn-over is used up, the card leaves the cycle, and undo restores all.
    let mut t = s1.clone();
    let u = t.apply(Move::Waste { q: 6, redeal: true, to: 2 });
    assert_eq!((t.redeals, t.pos, t.slen, t.len[2]), (0, 5, 9, 1));
    assert_eq!(t.cards[2][0], c("7S"));
    t.revert(u);
    assert_eq!(t, s1);
    // Draw 1 from an empty stock (all in the waste): a turn-over reaches everything.
    let s = pos(&[], [1, 0, 0, 0], "2S 3S 4S", 3, 1, 2);
    assert_eq!(reach(&s), vec![(3, false), (1, true), (2, true)]);
    assert_eq!(spelled(&s, Move::Waste { q: 2, redeal: true, to: FOUND }), ["r", "d", "d", "w>f"]);
    // Passes=1 and an empty stock: only the waste top.
    let s = pos(&[], [1, 0, 0, 0], "2S 3S 4S", 3, 1, 0);
    assert_eq!(reach(&s), vec![(3, false)]);
}

#[test]
fn a_stuck_position_is_lost_after_one_node() {
    // Seven black tops that fit nowhere, and black non-aces in the stock.
    let down = ["AS 2H 3H 4H 5H 6H", "7H 8H 9H 10H JH QH", "KH AH 2D 3D 4D 5D", "6D 7D 8D 9D 10D JD",
        "QD KD AD 7S 8S 9S", "10S JS 2C 4C 5C 6C", "7C 8C 9C 10C JC QC"];
    let up = ["2S", "3S", "4S", "5S", "6S", "KC", "3C"];
    let piles: Vec<(&str, &str)> = down.iter().zip(up.iter()).map(|(d, u)| (*d, *u)).collect();
    let mut piles = piles;
    piles[5] = ("10S JS 2C 4C 5C 6C", "KC");
    let mut s = pos(&piles, [0; 4], "QS KS AC", 0, 3, UNLIMITED);
    let out = search(&mut s, Limits { budget: 1000, max_bytes: 1 << 30 });
    // AC comes up (safe, from the stock via the macro move) but nothing else moves.
    assert_eq!(out.verdict, Verdict::Lost);
    assert!(out.nodes <= 3, "{}", out.nodes);
}

// ---------------------------------------------------------------- whole deals

/// Play `line` through the single-move rules: every token must be legal.
pub(super) fn replays(layout: &Layout, o: &Options, line: &[String]) -> Result<(), String> {
    let mut s = State::from_layout(layout, o)?;
    for (i, t) in line.iter().enumerate() {
        let m = legal(&s).into_iter().find(|(x, _)| x == t).ok_or(format!("move {i} {t} illegal"))?;
        play(&mut s, m.1);
    }
    if s.won() {
        Ok(())
    } else {
        Err("not won".into())
    }
}

#[test]
fn won_lines_replay_and_verdicts_repeat() {
    let mut won = 0;
    for (draw, passes) in [(1, 0), (3, 0), (1, 1), (3, 3), (1, 3), (3, 1)] {
        let o = opts(draw, passes);
        for n in 0..40 {
            let l = deal(n);
            let lim = Limits { budget: 20_000, max_bytes: 1 << 30 };
            let a = super::solve(&crate::core::input::Input::new(&l, &o), lim).unwrap();
            let b = super::solve(&crate::core::input::Input::new(&l, &o), lim).unwrap();
            assert_eq!((&a.verdict, a.nodes), (&b.verdict, b.nodes), "deal {n} not deterministic");
            if let Verdict::Won(line) = &a.verdict {
                won += 1;
                replays(&l, &o, &line.to_vec()).unwrap_or_else(|e| panic!("draw {draw} passes {passes} deal {n}: {e}"));
                assert!(line.iter().filter(|t| *t == "r").count() <= if passes == 0 { usize::MAX } else { passes as usize - 1 });
            }
        }
    }
    assert!(won > 60, "only {won} won");
}

/// What make/undo keep of each pile (key codes, tops, the set of tops), computed afresh from
/// the cards (`State::recode_all`).
fn fresh_codes(s: &State) -> ([u32; PILES], [u8; PILES], u64) {
    let mut f = s.clone();
    f.recode_all();
    assert_eq!((s.up, s.scards, s.downs), (f.up, f.scards, f.downs), "make/undo keep the next foundation cards, the stock's cards and the face-down ones");
    for p in 0..PILES {
        if s.topc[p] != NONE {
            assert_eq!(s.pile_of[s.topc[p] as usize], p as u8, "pile_of names the pile of each top");
        }
    }
    (f.code, f.topc, f.tops)
}

/// One step of random play: one of `v` (the position's candidates) or its safe move, chosen by
/// the stream `x`; false when there is none (the play ends there).
fn random_step(s: &mut State, mut v: Vec<Move>, x: &mut u64) -> bool {
    if let Some(m) = safe_move(s) {
        v.push(m);
    }
    if v.is_empty() {
        return false;
    }
    *x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    s.apply(v[(*x >> 33) as usize % v.len()]);
    true
}

/// The candidates and the safe move against main's scans (`moves_oracle`: a table of which piles
/// take which card, the stock listed, every run card read): the same moves in the same order on
/// every position of random play, every draw and pass count, so the search is the same.
#[test]
fn candidates_match_the_scans_on_random_play() {
    let (mut positions, mut stock_moves, mut partials) = (0, 0, 0);
    for n in 0..150 {
        for (draw, passes) in [(1, 0), (3, 0), (1, 1), (3, 1), (3, 3)] {
            let mut s = State::from_layout(&deal(n), &opts(draw, passes)).unwrap();
            let mut x = n * 7 + draw as u64 + 1;
            for _ in 0..120 {
                let (mut v, mut w) = (Vec::new(), Vec::new());
                candidates(&s, &mut v);
                super::moves_oracle::candidates(&s, &mut w);
                assert_eq!(v, w, "deal {n} draw {draw} passes {passes}: {s:?}");
                assert_eq!(safe_move(&s), super::moves_oracle::safe_move(&s));
                positions += 1;
                stock_moves += v.iter().filter(|m| matches!(m, Move::Waste { .. })).count();
                partials += v.iter().filter(|m| matches!(m, Move::PileToPile { from, n, .. } if *n < s.len[*from as usize] - s.down[*from as usize])).count();
                if !random_step(&mut s, v, &mut x) {
                    break;
                }
            }
        }
    }
    // the walk reached the cases the new code reads differently
    assert!(positions > 20_000 && stock_moves > 20_000 && partials > 1_000, "{positions} {stock_moves} {partials}");
}

#[test]
fn make_undo_restores_along_random_candidates() {
    for n in 0..30 {
        for draw in [1, 3] {
            let mut s = State::from_layout(&deal(n), &opts(draw, 3)).unwrap();
            let mut x = n + 1;
            let mut trail = Vec::new();
            let mut states = Vec::new();
            for _ in 0..60 {
                let mut v = Vec::new();
                candidates(&s, &mut v);
                if let Some(m) = safe_move(&s) {
                    v.push(m);
                }
                if v.is_empty() {
                    break;
                }
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
                let m = v[(x >> 33) as usize % v.len()];
                // Every candidate is a legal single move (once the taps are made).
                let mut t = s.clone();
                let toks = spelled(&t, m);
                for tok in &toks {
                    let found = legal(&t).into_iter().find(|(y, _)| y == tok);
                    play(&mut t, found.unwrap_or_else(|| panic!("{tok} illegal in {toks:?}")).1);
                }
                states.push(s.clone());
                trail.push(s.apply(m));
                assert_eq!(key(&s), key(&t), "the macro move and its taps reach the same key");
                assert_eq!((s.code, s.topc, s.tops), fresh_codes(&s), "make keeps the pile codes, suit bits and tops exact");
            }
            while let Some(u) = trail.pop() {
                s.revert(u);
                assert_eq!(s, states.pop().unwrap());
                assert_eq!((s.code, s.topc, s.tops), fresh_codes(&s), "undo keeps the pile codes, suit bits and tops exact");
            }
        }
    }
}

#[test]
fn key_ignores_pile_order_on_real_deals() {
    // Swapping two piles without face-down cards never changes the key.
    for n in 0..30 {
        let mut s = State::from_layout(&deal(n), &opts(1, 0)).unwrap();
        for _ in 0..40 {
            let mut v = Vec::new();
            candidates(&s, &mut v);
            let Some(&m) = v.first() else { break };
            s.apply(m);
            let free: Vec<usize> = (0..PILES).filter(|&p| s.down[p] == 0).collect();
            if free.len() >= 2 {
                let mut t = s.clone();
                t.cards.swap(free[0], free[1]);
                t.len.swap(free[0], free[1]);
                t.recode_all();
                assert_eq!(key(&s), key(&t));
            }
        }
    }
}

#[test]
fn sort7_sorts_like_sort() {
    // every 0/1 input (a network that sorts those sorts everything), then random codes with ties
    for bits in 0..128u32 {
        let mut c: [u32; PILES] = std::array::from_fn(|i| bits >> i & 1);
        let mut want = c;
        want.sort();
        sort7(&mut c);
        assert_eq!(c, want);
    }
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..10_000 {
        let mut c: [u32; PILES] = std::array::from_fn(|_| {
            xorshift(&mut x);
            (x % 5) as u32 * 0x0100_0000 + (x >> 40) as u32 % 3
        });
        let mut want = c;
        want.sort();
        sort7(&mut c);
        assert_eq!(c, want);
    }
}

#[test]
fn safe_mask_and_next_up_are_the_card_tests_for_every_foundation_state() {
    let mut s = State::from_layout(&deal(1), &opts(1, 0)).unwrap();
    for n in 0..14u32.pow(4) {
        s.found = [n % 14, n / 14 % 14, n / 196 % 14, n / 2744].map(|f| f as u8);
        let (safe, up) = (safe_mask(&s.found), next_up(&s.found));
        for c in 0..52u8 {
            assert_eq!(safe >> c & 1 == 1, s.safe_up(c), "card {c}, foundations {:?}", s.found);
            assert_eq!(up >> c & 1 == 1, s.to_found_ok(c), "card {c}, foundations {:?}", s.found);
        }
    }
}

/// The groups `more_candidates` hands one at a time, in turn, make `candidates`' very list (on
/// every position of random play, every draw and pass count, and in restart attempts, which get
/// them all at once): each call appends only, one non-empty group (or none, at the end).
#[test]
fn stages_in_turn_make_the_candidates_list_on_random_play() {
    use super::moves::{more_candidates, STAGES};
    let (mut positions, mut later) = (0, 0);
    for n in 0..100 {
        for (draw, passes) in [(1, 0), (3, 0), (1, 1), (3, 3)] {
            let mut s = State::from_layout(&deal(n), &opts(draw, passes)).unwrap();
            let mut x = n * 5 + draw as u64 + 1;
            for step in 0..100 {
                // every third position as a restart attempt would see it
                s.shuffle = if step % 3 == 2 { x | 1 } else { 0 };
                let mut whole = Vec::new();
                candidates(&s, &mut whole);
                // after another frame's moves, as on the search's list
                let held = [Move::PileToFound { from: 0 }; 3];
                let (mut out, mut stage, mut calls) = (held.to_vec(), 0u8, 0);
                while stage < STAGES {
                    let (before, was) = (out.len(), stage);
                    more_candidates(&s, &mut stage, &mut out);
                    assert!(stage > was, "a call moves the stage on");
                    assert!(out.len() > before || stage == STAGES, "an empty group is skipped in the same call");
                    assert!(s.shuffle == 0 || stage == STAGES, "a restart attempt gets every group at once");
                    calls += 1;
                }
                assert_eq!(out[..3], held, "only appends");
                assert_eq!(out[3..], whole[..], "deal {n} draw {draw} passes {passes} step {step}");
                later += (calls > 1) as usize;
                positions += 1;
                if !random_step(&mut s, whole, &mut x) {
                    break;
                }
            }
        }
    }
    assert!(positions > 10_000 && later > 2_000, "{positions} positions, {later} with a later group");
}

/// Klondike with its candidates all at once (`Game::STAGES` 1): the search before stages.
struct OneList(State);

impl crate::core::search::Game for OneList {
    type Move = Move;
    type Undo = super::state::Undo;
    type Key = super::keys::Key;
    const APPENDS: bool = true;
    fn safe_move(&self) -> Option<Move> {
        safe_move(&self.0)
    }
    fn moves(&self, out: &mut Vec<Move>) {
        candidates(&self.0, out)
    }
    fn apply(&mut self, m: Move) -> Self::Undo {
        self.0.apply(m)
    }
    fn revert(&mut self, u: Self::Undo) {
        self.0.revert(u)
    }
    fn won(&self) -> bool {
        self.0.won()
    }
    fn key(&self) -> Self::Key {
        key(&self.0)
    }
    fn spell(&self, m: Move, out: &mut crate::core::search::Line) {
        spell(&self.0, m, out)
    }
}

/// The search asking for the groups one at a time finds what it found with every candidate at
/// once: the same verdict, position count and line, at budgets that stop it mid-search too, in
/// the heuristic order and in restart attempts' shuffled orders.
#[test]
fn staged_search_matches_the_search_with_every_candidate_at_once() {
    let mut decided = 0;
    for n in 0..40 {
        for (draw, passes) in [(1, 0), (3, 0), (3, 1)] {
            let s = State::from_layout(&deal(n), &opts(draw, passes)).unwrap();
            for (nodes, shuffle) in [(50, 0), (3_000, 0), (3_000, 0x9E37_79B9)] {
                let lim = Limits { budget: nodes, max_bytes: 1 << 30 };
                let mut staged = s.clone();
                staged.shuffle = shuffle;
                let mut one = OneList(staged.clone());
                let (a, b) = (search(&mut staged, lim), search(&mut one, lim));
                assert_eq!((&a.verdict, a.nodes), (&b.verdict, b.nodes), "deal {n} draw {draw} passes {passes} budget {nodes}");
                let mut want = s.clone();
                want.shuffle = shuffle;
                assert_eq!((&staged, &one.0), (&want, &want), "the game is handed back");
                decided += matches!(a.verdict, Verdict::Won(_) | Verdict::Lost) as usize;
            }
        }
    }
    assert!(decided > 100, "only {decided} decided");
}
