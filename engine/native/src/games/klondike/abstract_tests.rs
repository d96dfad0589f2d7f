//! Checks of the abstract game against the concrete one: the counting lemma and the stock reach
//! set on positions reached by random play, the completeness map (every concrete move is an
//! abstract move or none, and the images agree), make/undo, and verdicts against the concrete
//! solver on whole deals.

use super::abs_move::AbsMove;
use super::abstract_game::{parse, token, Abs};
use super::state::{rank, red, Move, State, FOUND, PILES};
use super::walk::{legal, play, Single};
use crate::core::search::{Limits, Verdict};
use crate::core::input::{Layout, Options};

fn opts(draw: i64, passes: i64) -> Options {
    let mut o = Options::new();
    o.insert("draw".into(), draw);
    o.insert("passes".into(), passes);
    o
}

/// The solver on a deal with the tuning knob `abstract` = `mode` (0 off, 1 on, 2 alone).
fn solve_mode(l: &Layout, o: &Options, mode: i64, lim: Limits) -> Result<crate::core::search::Outcome, String> {
    let t = crate::core::input::Tuning::from([("abstract".to_string(), mode)]);
    super::solve(&crate::core::input::Input::new(l, o).with_tuning(&t), lim)
}

/// A deal from a fixed shuffle of our own (an LCG), as in tests.rs.
fn deal(n: u64) -> Layout {
    super::tests::shuffled(n.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(12345))
}

fn rng(x: &mut u64) -> u64 {
    *x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    *x >> 33
}

/// The concrete truth behind `Abs::uncovered`: per colour and rank, whether some pile top has
/// that rank and colour, and the number of empty piles.
fn tops(s: &State) -> (u32, u32, i32) {
    let (mut b, mut r, mut e) = (0, 0, 0);
    for p in 0..PILES {
        match s.top(p) {
            None => e += 1,
            Some(c) if red(c) => r |= 1 << (rank(c) - 1),
            Some(c) => b |= 1 << (rank(c) - 1),
        }
    }
    (b, r, e)
}

fn reach_abs(a: &Abs) -> Vec<u8> {
    let mut v = Vec::new();
    a.reach(|q| v.push(q));
    v.sort();
    v
}

fn reach_concrete(s: &State) -> Vec<u8> {
    let mut v = Vec::new();
    s.reachable(|q, _| v.push(q));
    v.sort();
    v.dedup();
    v
}

fn face_up(s: &State) -> u64 {
    let mut m = 0;
    for p in 0..PILES {
        for i in s.down[p]..s.len[p] {
            m |= 1u64 << s.cards[p][i as usize];
        }
    }
    m
}

/// The abstract move a concrete play maps to (README.md, "The abstract game",
/// completeness), or None for a move the abstract game does not see.
fn image(a: &Abs, s: &State, m: Move) -> Option<AbsMove> {
    match m {
        Move::PileToFound { from } => Some(AbsMove::PileStack(s.top(from as usize).unwrap())),
        Move::PileToPile { from, n, .. } => {
            let f = from as usize;
            let x = s.cards[f][(s.len[f] - n) as usize];
            let k = a.strct[f] as usize;
            (k > 0 && a.deal[f][k - 1] == x).then_some(AbsMove::Reveal(x))
        }
        Move::Waste { q, to, .. } => {
            let c = s.seq[q as usize - 1];
            Some(if to == FOUND { AbsMove::DeckStack(c) } else { AbsMove::DeckPile(c) })
        }
        Move::FoundToPile { suit, .. } => Some(AbsMove::StackPile(suit * 13 + s.found[suit as usize] - 1)),
    }
}

#[test]
fn counting_lemma_reach_set_and_completeness_along_random_play() {
    let (mut mapped, mut idles) = (0, 0);
    for n in 0..60u64 {
        for draw in [1, 3] {
            let mut s = State::from_layout(&deal(n), &opts(draw, 0)).unwrap();
            let mut a = Abs::from_state(&s).unwrap();
            let mut x = n * 7 + draw as u64;
            for _ in 0..300 {
                // The image agrees with the concrete position.
                assert_eq!(a.vis, face_up(&s));
                assert_eq!(a.found, s.found);
                assert_eq!(a.stock_mask, s.stock_mask);
                for p in 0..PILES {
                    let k = a.strct[p] as usize;
                    assert!(k <= s.len[p] as usize && s.cards[p][..k] == a.deal[p][..k]);
                    if s.down[p] > 0 {
                        assert_eq!(k, s.down[p] as usize + 1, "face-down cards lie under the surface");
                    }
                }
                // The counting lemma: the uncovered types are exactly the pile tops' types.
                assert_eq!(a.uncovered(), tops(&s), "deal {n} draw {draw}");
                // Every waste size tapping reaches concretely is reachable abstractly; equal
                // right after a stock play (the positions then agree).
                let (ra, rc) = (reach_abs(&a), reach_concrete(&s));
                assert!(rc.iter().all(|q| ra.contains(q)), "{rc:?} not in {ra:?}");
                if a.pos == s.pos {
                    assert_eq!(ra, rc);
                }
                let moves = legal(&s);
                if moves.is_empty() || s.won() {
                    break;
                }
                let (_, m) = moves[rng(&mut x) as usize % moves.len()].clone();
                if let Single::Play(cm) = m {
                    if let Some(am) = image(&a, &s, cm) {
                        let mut v = Vec::new();
                        a.legal(&mut v);
                        // rule K leaves out a lone king's reveal (the image then goes on
                        // from the position it leads to, which behaves as the one before)
                        let lone = matches!(am, AbsMove::Reveal(c) if (0..PILES).any(|p| a.lone_king(p) && a.deal[p][0] == c));
                        // rule E leaves out a reveal that empties its pile when no king could
                        // follow it (a shortest win has it later; the image goes on as well)
                        let reached = reach_abs(&a).iter().fold(0u64, |m, &q| m | 1 << a.seq[q as usize - 1]);
                        let idle = super::prune::empties(&a, am) && !super::prune::king_to_place(&a, reached);
                        // a foundation card that the safe rule puts straight back is not brought
                        // down (in a position the search expands, that child is the position itself;
                        // `left_out_stack_piles_lead_back_to_the_position` checks it)
                        let back = matches!(am, AbsMove::StackPile(c) if {
                            let mut d = a.clone();
                            d.found[(c / 13) as usize] -= 1;
                            d.safe_up(c)
                        });
                        assert!(!back || !v.contains(&am), "{am:?} goes straight back up, deal {n} draw {draw}");
                        assert!(v.contains(&am) || lone || idle || back, "{am:?} not generated, deal {n} draw {draw}");
                        idles += idle as u32;
                        let before = a.clone();
                        let u = a.apply(am);
                        let after = a.clone();
                        a.revert(u);
                        assert_eq!((a.key(), a.found, a.seq, a.pos), (before.key(), before.found, before.seq, before.pos));
                        a = after;
                        mapped += 1;
                    }
                }
                play(&mut s, m);
                if let Single::Play(Move::Waste { .. }) = m {
                    assert_eq!(a.pos, s.pos);
                }
            }
        }
    }
    assert!(mapped > 5_000 && idles > 0, "only {mapped} moves mapped, {idles} left out by rule E");
}

/// `Abs::legal` leaves out a foundation card back down when the safe rule would put it straight
/// back (README.md, "The abstract game", move order): along random abstract play with safe moves
/// (the positions the search expands), every such move, made with its safe moves, gives the
/// position back, and every other foundation card with a parent is listed.
#[test]
fn left_out_stack_piles_lead_back_to_the_position() {
    let (mut back, mut kept) = (0, 0);
    along_expanded_play(0..60, |n, draw| n * 13 + draw as u64, |a, v, n, draw| {
        for st in 0..4u8 {
            let f = a.found[st as usize];
            let c = st * 13 + f.max(1) - 1;
            if f == 0 || !Abs::has_parent(a.uncovered(), c) {
                continue;
            }
            let m = AbsMove::StackPile(c);
            let mut e = a.clone();
            e.found[st as usize] -= 1;
            let mut d = a.clone();
            d.apply(m);
            while let Some(sm) = d.safe() {
                d.apply(sm);
            }
            if e.safe_up(c) {
                back += 1;
                assert!(!v.contains(&m), "{m:?} listed, deal {n} draw {draw}");
                assert_eq!((d.key(), d.vis, d.strct), (a.key(), a.vis, a.strct), "{m:?} left out, deal {n} draw {draw}");
            } else {
                kept += 1;
                assert!(v.contains(&m), "{m:?} not listed, deal {n} draw {draw}");
                assert_ne!(d.key(), a.key(), "{m:?}, deal {n} draw {draw}");
            }
        }
    });
    assert!(back > 100 && kept > 100, "{back} left out, {kept} kept");
}

/// Random abstract play from deals `deals`, both draws, at most 200 moves each, every safe move
/// made (the positions the search expands): `f` sees each position that is neither won nor
/// stuck with its `legal` list, the deal and the draw; `seed(deal, draw)` seeds the moves chosen.
fn along_expanded_play(deals: std::ops::Range<u64>, seed: impl Fn(u64, i64) -> u64, mut f: impl FnMut(&mut Abs, &[AbsMove], u64, i64)) {
    for n in deals {
        for draw in [1, 3] {
            let s = State::from_layout(&deal(n), &opts(draw, 0)).unwrap();
            let mut a = Abs::from_state(&s).unwrap();
            let mut x = seed(n, draw);
            for _ in 0..200 {
                while let Some(sm) = a.safe() {
                    a.apply(sm);
                }
                let mut v = Vec::new();
                a.legal(&mut v);
                if v.is_empty() || a.found == [13; 4] {
                    break;
                }
                f(&mut a, &v, n, draw);
                a.apply(v[rng(&mut x) as usize % v.len()]);
            }
        }
    }
}

#[test]
fn tokens_round_trip() {
    for c in 0..52u8 {
        for m in [AbsMove::PileStack(c), AbsMove::StackPile(c), AbsMove::DeckStack(c), AbsMove::DeckPile(c), AbsMove::Reveal(c)] {
            assert_eq!(parse(&token(m)), Some(m));
        }
    }
    assert_eq!(parse("zz3"), None);
}

#[test]
fn abstract_never_loses_a_concrete_win_and_is_deterministic() {
    let lim = Limits { budget: 300_000, max_bytes: 1 << 30 };
    let (mut both_lost, mut won) = (0, 0);
    for n in 0..40 {
        for draw in [1, 3] {
            let l = deal(n);
            let abs = solve_mode(&l, &opts(draw, 0), 2, lim).unwrap();
            let again = solve_mode(&l, &opts(draw, 0), 2, lim).unwrap();
            assert_eq!((&abs.verdict, abs.nodes), (&again.verdict, again.nodes), "deal {n} not deterministic");
            let conc = solve_mode(&l, &opts(draw, 0), 0, lim).unwrap();
            if matches!(conc.verdict, Verdict::Won(_)) {
                won += 1;
                assert_ne!(abs.verdict, Verdict::Lost, "deal {n} draw {draw}: concrete won, abstract lost");
            }
            if conc.verdict == Verdict::Lost {
                assert_ne!(abs.verdict_str(), "won", "deal {n} draw {draw}: concrete lost, abstract won");
                both_lost += 1;
            }
            // Every abstract win is a line of legal abstract moves to the won position (the
            // abstract search itself: `solve` returns only its concretized line).
            let s = State::from_layout(&l, &opts(draw, 0)).unwrap();
            let mut a = Abs::from_state(&s).unwrap();
            let raw = crate::core::search::search(&mut a.clone(), lim);
            if a.blocked() {
                // `solve` proves it lost at once; the search without the test must find no win.
                assert_eq!((&abs.verdict, abs.nodes), (&Verdict::Lost, 0));
                assert_ne!(raw.verdict_str(), "won", "deal {n} draw {draw}: blocked but won");
            } else {
                assert_eq!(raw.verdict_str(), abs.verdict_str(), "deal {n} draw {draw}: a win not concretized");
            }
            if let Verdict::Won(line) = &raw.verdict {
                for t in line {
                    let m = parse(t).unwrap();
                    let mut v = Vec::new();
                    a.legal(&mut v);
                    assert!(v.contains(&m) || a.safe() == Some(m), "{t} illegal");
                    a.apply(m);
                }
                assert_eq!(a.found, [13; 4]);
            }
        }
    }
    assert!(won > 40 && both_lost > 0, "won {won} lost {both_lost}");
}

#[test]
fn limited_passes_and_unbuilt_runs_keep_the_concrete_search() {
    let mut s = State::from_layout(&deal(3), &opts(3, 3)).unwrap();
    assert!(Abs::from_state(&s).is_none());
    s.redeals = super::state::UNLIMITED;
    assert!(Abs::from_state(&s).is_some());
    // A face-up run that is not built (only a hand-made layout has one).
    let p = (0..PILES).find(|&p| s.len[p] >= 2).unwrap();
    s.down[p] = 0;
    let ok = (1..s.len[p] as usize).all(|i| super::state::fits(s.cards[p][i], s.cards[p][i - 1]));
    assert_eq!(Abs::from_state(&s).is_some(), ok);
    let l = deal(5);
    let o = opts(1, 3);
    let lim = Limits { budget: 50_000, max_bytes: 1 << 30 };
    let a = solve_mode(&l, &o, 1, lim).unwrap();
    let b = solve_mode(&l, &opts(1, 3), 0, lim).unwrap();
    assert_eq!((a.verdict, a.nodes), (b.verdict, b.nodes));
    assert!(solve_mode(&l, &opts(1, 0), 3, lim).is_err());
}

#[test]
fn waste_dominance_probes_only_sizes_that_reach_more() {
    // Every waste size whose key `dominated_by_waste` looks up reaches every size this one
    // reaches, with the rest of the position equal; at draw 1 it looks up nothing.
    let mut probes = 0;
    for n in 0..40u64 {
        for draw in [1u8, 3] {
            let s = State::from_layout(&deal(n), &opts(draw as i64, 0)).unwrap();
            let mut a = Abs::from_state(&s).unwrap();
            let mut x = n + 11;
            for _ in 0..80 {
                let mut v = Vec::new();
                a.legal(&mut v);
                if v.is_empty() {
                    break;
                }
                a.apply(v[rng(&mut x) as usize % v.len()]);
                let looked = std::cell::RefCell::new(Vec::new());
                assert!(!a.dominated_by_waste(&|k| {
                    looked.borrow_mut().push(*k);
                    false
                }));
                let looked = looked.into_inner();
                let mine = reach_abs(&a);
                for p in 0..=a.slen {
                    let mut b = a.clone();
                    b.pos = p;
                    let key = b.key();
                    if looked.contains(&key) {
                        assert_eq!(draw, 3);
                        assert_ne!(key, a.key());
                        let theirs = reach_abs(&b);
                        assert!(mine.iter().all(|q| theirs.contains(q)), "{p}: {theirs:?} misses some of {mine:?}");
                        probes += 1;
                    }
                }
                // And it answers from the seen set.
                let k0 = looked.first().copied();
                assert_eq!(a.dominated_by_waste(&|k| Some(*k) == k0), k0.is_some());
            }
        }
    }
    assert!(probes > 1_000, "{probes}");
}

#[test]
fn key_is_exact_and_kept_up_to_date() {
    // Along random play (with undos), the incrementally kept key equals the one computed from
    // scratch, and equal keys go with equal abstract states (face-up set, structure, stock left,
    // waste size up to the turn-over cycle merge) and unequal keys with unequal ones.
    use std::collections::HashMap;
    let state = |a: &Abs| {
        let on_cycle = a.draw == 1 || a.pos % a.draw == 0 || a.pos == a.slen || a.slen == 0;
        (a.vis, a.strct, a.found, a.stock_mask, if on_cycle { 99 } else { a.pos })
    };
    let (mut by_key, mut by_state) = (HashMap::new(), HashMap::new());
    for n in 0..30u64 {
        for draw in [1u8, 3] {
            let s = State::from_layout(&deal(n), &opts(draw as i64, 0)).unwrap();
            let mut a = Abs::from_state(&s).unwrap();
            let mut x = n + 5;
            let mut undo = Vec::new();
            for _ in 0..200 {
                let mut v = Vec::new();
                a.legal(&mut v);
                if v.is_empty() || rng(&mut x) % 4 == 0 && !undo.is_empty() {
                    match undo.pop() {
                        Some(u) => a.revert(u),
                        None => break,
                    }
                } else {
                    undo.push(a.apply(v[rng(&mut x) as usize % v.len()]));
                }
                assert_eq!(a.key(), a.fresh_key());
                assert!(a.key().0 >> 61 == 0, "the seen set (a DenseSet) takes 61-bit keys");
                let f = u32::from_le_bytes(a.found);
                // asked twice: the first may compute and remember, the second must answer from memory
                assert_eq!(a.safe_cached(f), a.safe_next(), "the safe cards computed for these heights");
                assert_eq!(a.safe_cached(f), a.safe_next(), "the safe cards remembered for these heights");
                // rule S's order: the safe card chosen has nothing that could sit on it face up, so
                // its move is legal (README.md, "The abstract game", rule S)
                if let Some(m @ AbsMove::PileStack(_)) = a.safe() {
                    let mut all = Vec::new();
                    a.legal_by_card(&mut all);
                    assert!(all.contains(&m), "{m:?} is no legal move here");
                }
                let (k, st) = (a.key(), state(&a));
                assert_eq!(*by_key.entry((n, draw, k)).or_insert(st), st);
                assert_eq!(*by_state.entry((n, draw, st)).or_insert(k), k);
            }
        }
    }
    assert!(by_key.len() > 2_000, "{}", by_key.len());
}

#[test]
fn safe_next_is_safe_up_for_every_foundation_state() {
    let s = State::from_layout(&deal(1), &opts(3, 0)).unwrap();
    let mut a = Abs::from_state(&s).unwrap();
    for n in 0..14u32.pow(4) {
        a.found = [n % 14, n / 14 % 14, n / 196 % 14, n / 2744].map(|f| f as u8);
        let m = a.safe_next();
        for c in 0..52u8 {
            assert_eq!(m >> c & 1 == 1, a.safe_up(c), "card {c}, foundations {:?}", a.found);
        }
    }
}

/// A layout with pile 7 (bottom first) A♠, 3♥, `third`, three more cards and 2♠ face up; the
/// other cards fill piles 1..6 and the stock in a fixed order.
fn two_of_spades_on(third: i32) -> Layout {
    let special = [0, 15, third, 1];
    let mut rest: Vec<i32> = (0..52).filter(|c| !special.contains(c)).collect();
    let mut piles: Vec<Vec<i32>> = (0..6).map(|p| rest.drain(..p + 1).collect()).collect();
    piles.push(vec![0, 15, third, rest.remove(0), rest.remove(0), rest.remove(0), 1]);
    let mut l = Layout::new();
    l.insert("tableau".into(), piles);
    l.insert("down".into(), vec![(0..7).collect()]);
    l.insert("stock".into(), vec![rest]);
    l
}

#[test]
fn blocked_structure_on_a_made_layout() {
    // 2♠ can neither go up (A♠ under it) nor be revealed (3♥ and 3♦ under it): lost at once.
    let blocked = two_of_spades_on(28);
    // The same with the 9♦ there instead: 3♦ lies elsewhere, so 2♠ may be revealed onto it.
    let open = two_of_spades_on(34);
    for draw in [1, 3] {
        let a = Abs::from_state(&State::from_layout(&blocked, &opts(draw, 0)).unwrap()).unwrap();
        assert!(a.blocked());
        let out = solve_mode(&blocked, &opts(draw, 0), 1, Limits { budget: 100_000, max_bytes: 1 << 30 }).unwrap();
        assert_eq!((out.verdict, out.nodes), (Verdict::Lost, 0));
        // The search without the test finds no win either.
        let raw = crate::core::search::search(&mut a.clone(), Limits { budget: 300_000, max_bytes: 1 << 30 });
        assert_ne!(raw.verdict_str(), "won");
        let a = Abs::from_state(&State::from_layout(&open, &opts(draw, 0)).unwrap()).unwrap();
        assert!(!a.blocked());
    }
}

#[test]
fn child_key_is_the_key_after_the_move_and_its_safe_moves_and_legal_is_the_card_by_card_list() {
    let (mut quick, mut all) = (0, 0);
    for n in 0..40u64 {
        for draw in [1, 3] {
            let s = State::from_layout(&deal(n), &opts(draw, 0)).unwrap();
            let mut a = Abs::from_state(&s).unwrap();
            // both move orders (`Abs::reveal_first`: the short dive's)
            a.reveal_first = n % 2 == 1;
            let mut x = n + 7;
            for _ in 0..150 {
                let (mut v, mut by_card) = (Vec::new(), Vec::new());
                a.legal(&mut v);
                a.legal_by_card(&mut by_card);
                assert_eq!(v, by_card, "the same moves in the same order, deal {n} draw {draw}");
                if v.is_empty() || a.found == [13; 4] {
                    break;
                }
                for &m in &v {
                    all += 1;
                    let before = a.clone();
                    let mut undo = vec![a.apply(m)];
                    while let Some(sm) = a.safe() {
                        undo.push(a.apply(sm));
                    }
                    let (won, key) = (a.found == [13; 4], a.key());
                    match before.child_key(m) {
                        Some(k) => {
                            quick += 1;
                            assert!(!won && undo.len() == 1, "{m:?}: a quick key only without safe moves");
                            assert_eq!(k, key, "{m:?}, deal {n} draw {draw}");
                        }
                        None => assert!(won || undo.len() > 1, "{m:?}: None only for a win or safe moves"),
                    }
                    while let Some(u) = undo.pop() {
                        a.revert(u);
                    }
                    assert_eq!(a.key(), before.key());
                }
                a.apply(v[rng(&mut x) as usize % v.len()]);
                while let Some(sm) = a.safe() {
                    a.apply(sm);
                }
            }
        }
    }
    assert!(quick > all / 2, "{quick} of {all} children keyed without making the move");
}

#[test]
fn blocked_structure_never_holds_where_a_search_wins() {
    // Positions of random play from random deals: where the test says blocked, neither the
    // concrete search nor the abstract search without the test wins (and some are blocked, so
    // the check is not vacuous).
    let lim = Limits { budget: 100_000, max_bytes: 1 << 30 };
    let (mut blocked, mut checked) = (0, 0);
    for n in 0..400u64 {
        let draw = [1, 3][n as usize % 2];
        let mut s = State::from_layout(&deal(n), &opts(draw, 0)).unwrap();
        let mut x = n * 13 + 5;
        for step in 0..40 {
            if step % 20 == 0 {
                let a = Abs::from_state(&s).unwrap();
                if a.blocked() {
                    blocked += 1;
                    let conc = crate::core::search::search(&mut s.clone(), lim);
                    assert_ne!(conc.verdict_str(), "won", "deal {n} step {step}: blocked but won");
                    let raw = crate::core::search::search(&mut a.clone(), lim);
                    assert_ne!(raw.verdict_str(), "won", "deal {n} step {step}: blocked but abstractly won");
                    break;
                }
                checked += 1;
            }
            let moves = legal(&s);
            if moves.is_empty() || s.won() {
                break;
            }
            let (_, m) = moves[rng(&mut x) as usize % moves.len()].clone();
            play(&mut s, m);
        }
    }
    eprintln!("blocked {blocked} of {}", blocked + checked);
    assert!(blocked >= 3 && checked > 400, "blocked {blocked} of {checked}");
}

/// The blocked-structure test as first written, card by card (each structure card's place, its
/// lower cards of the suit looked up one by one, no stop before the fixpoint): `Abs::blocked`
/// must agree with it everywhere.
fn blocked_by_card(a: &Abs) -> bool {
    use super::state::{rank, red, suit, PILES};
    let bit = |c: u8| 1u64 << c;
    let mut at = [(u8::MAX, 0u8); 52];
    let (mut total, mut structure) = (0, 0u64);
    for p in 0..PILES {
        for i in 0..a.strct[p] as usize {
            at[a.deal[p][i] as usize] = (p as u8, i as u8);
            structure |= bit(a.deal[p][i]);
            total += 1;
        }
    }
    let mut leaves = [0u8; PILES];
    let mut inv = a.vis;
    let mut n = 0;
    let gone = |c: u8, leaves: &[u8; PILES]| {
        let (p, i) = at[c as usize];
        p == u8::MAX || i + leaves[p as usize] >= a.strct[p as usize]
    };
    let in_v = |inv: u64, c: u8| inv & bit(c) != 0;
    loop {
        let mut moved = false;
        let empty_some = (0..PILES).any(|q| leaves[q] >= a.strct[q]);
        for p in 0..PILES {
            let k = a.strct[p];
            if leaves[p] < k {
                let c = a.deal[p][(k - 1 - leaves[p]) as usize];
                if !in_v(inv, c) {
                    inv |= bit(c);
                    moved = true;
                }
            }
        }
        for c in 0..52u8 {
            if structure & bit(c) != 0 || in_v(inv, c) {
                continue;
            }
            let r = rank(c);
            let parent_in_v = if r == 13 {
                empty_some
            } else {
                (0..52u8).any(|q| rank(q) == r + 1 && red(q) != red(c) && in_v(inv, q))
            };
            if parent_in_v {
                inv |= bit(c);
                moved = true;
            }
        }
        for p in 0..PILES {
            let k = a.strct[p];
            if leaves[p] >= k {
                continue;
            }
            let c = a.deal[p][(k - 1 - leaves[p]) as usize];
            let (r, s) = (rank(c), suit(c));
            let up = (1..r).all(|q| gone(s * 13 + q - 1, &leaves));
            let onto = if r == 13 {
                (0..PILES).any(|q| q != p && leaves[q] >= a.strct[q])
            } else {
                (0..52u8).any(|q| rank(q) == r + 1 && red(q) != red(c) && in_v(inv, q))
            };
            if up || onto {
                leaves[p] += 1;
                n += 1;
                moved = true;
            }
        }
        if !moved {
            break;
        }
    }
    n < total
}

#[test]
fn blocked_structure_test_agrees_with_the_card_by_card_fixpoint() {
    // Deals and positions of random play (the abstract game's own moves, so structures thin out
    // and piles empty): the set-at-a-time test with its early stop says what the card-by-card
    // one says, and both verdicts occur.
    let (mut yes, mut no) = (0, 0);
    for n in 0..3000u64 {
        let draw = [1, 3][n as usize % 2];
        let s = State::from_layout(&deal(n), &opts(draw, 0)).unwrap();
        let Some(mut a) = Abs::from_state(&s) else { continue };
        let mut x = n * 7 + 3;
        for step in 0..30 {
            let b = a.blocked();
            assert_eq!(b, blocked_by_card(&a), "deal {n} draw {draw} step {step}");
            if b {
                yes += 1;
            } else {
                no += 1;
            }
            let mut v = Vec::new();
            crate::core::search::Game::moves(&a, &mut v);
            if v.is_empty() {
                break;
            }
            a.apply(v[rng(&mut x) as usize % v.len()]);
        }
    }
    eprintln!("blocked {yes}, not {no}");
    assert!(yes >= 20 && no >= 1000, "blocked {yes}, not {no}");
}

/// A pruning rule of the abstract search against the search without it (`off` switches it off) on
/// positions of random play (every 15th step up to `last_step`) from 110 random deals from `first`,
/// both draws. Where both decide, the verdicts are equal (no win lost, no loss turned into a win), and
/// a concrete win is never an abstract loss. Returns (decided, won, with fewer positions) for the
/// caller's bounds that the check is not vacuous.
fn rule_keeps_every_verdict(first: u64, seed: (u64, u64), last_step: usize, off: fn(&mut Abs)) -> (u32, u32, u32) {
    let lim = Limits { budget: 100_000, max_bytes: 1 << 30 };
    let (mut decided, mut fewer, mut won) = (0, 0, 0);
    for n in 0..110u64 {
        let draw = [1, 3][n as usize % 2];
        let mut s = State::from_layout(&deal(n + first), &opts(draw, 0)).unwrap();
        let mut x = n * seed.0 + seed.1;
        for step in 0..=last_step {
            if step % 15 == 0 {
                let with = Abs::from_state(&s).unwrap();
                let mut without = with.clone();
                off(&mut without);
                let a = crate::core::search::search(&mut with.clone(), lim);
                let b = crate::core::search::search(&mut without, lim);
                if a.verdict_str() != "unknown" && b.verdict_str() != "unknown" {
                    assert_eq!(a.verdict_str(), b.verdict_str(), "deal {n} step {step} draw {draw}");
                    decided += 1;
                    won += (a.verdict_str() == "won") as u32;
                    fewer += (a.nodes < b.nodes) as u32;
                }
                if a.verdict == Verdict::Lost {
                    let conc = crate::core::search::search(&mut s.clone(), lim);
                    assert_ne!(conc.verdict_str(), "won", "deal {n} step {step}: concrete won, abstract lost");
                }
            }
            let moves = legal(&s);
            if moves.is_empty() || s.won() {
                break;
            }
            let (_, m) = moves[rng(&mut x) as usize % moves.len()].clone();
            play(&mut s, m);
        }
    }
    (decided, won, fewer)
}

#[test]
fn lone_king_rule_keeps_every_verdict_on_random_positions() {
    // Rule K (README.md, "The abstract game"); the rule must act on some positions.
    let (decided, won, fewer) = rule_keeps_every_verdict(1000, (31, 7), 30, |a| a.lone_kings = false);
    eprintln!("rule K: {decided} decided ({won} won), {fewer} with fewer positions");
    assert!(decided > 150 && won > 40 && decided - won > 15 && fewer > 10, "decided {decided} won {won} fewer {fewer}");
}

#[test]
fn rule_e_keeps_every_verdict_on_random_positions() {
    // Rule E (README.md, "The abstract game"); the rule must act on some positions.
    let (decided, won, fewer) = rule_keeps_every_verdict(2000, (37, 11), 45, |a| a.rule_e = false);
    eprintln!("rule E: {decided} decided ({won} won), {fewer} with fewer positions");
    assert!(decided > 200 && won > 40 && decided - won > 15 && fewer > 5, "decided {decided} won {won} fewer {fewer}");
}

#[test]
fn rule_s_keeps_every_verdict_on_random_positions() {
    // Rule S (README.md, "The abstract game"); the rule must act on some positions.
    let (decided, won, fewer) = rule_keeps_every_verdict(3000, (41, 13), 45, |a| a.without_rule_s());
    eprintln!("rule S: {decided} decided ({won} won), {fewer} with fewer positions");
    assert!(decided > 200 && won > 40 && decided - won > 15 && fewer > 20, "decided {decided} won {won} fewer {fewer}");
}

/// The short dive (`Abs::reveal_first`, README.md, "How it runs") proves `lost` by running dry
/// only because it lists the same moves as `legal`'s own order: along random abstract play with
/// safe moves (the positions the search expands), both orders list one set, each move once.
#[test]
fn the_dives_order_lists_the_same_moves() {
    use std::collections::HashSet;
    let (mut positions, mut reordered) = (0, 0);
    along_expanded_play(500..560, |n, draw| n * 7 + draw as u64, |a, own, n, draw| {
        let mut dive = Vec::new();
        a.reveal_first = true;
        a.legal(&mut dive);
        a.reveal_first = false;
        let set: HashSet<AbsMove> = own.iter().copied().collect();
        assert_eq!(set.len(), own.len(), "a move twice, deal {n} draw {draw}");
        assert_eq!(dive.len(), own.len(), "deal {n} draw {draw}");
        assert_eq!(dive.iter().copied().collect::<HashSet<_>>(), set, "deal {n} draw {draw}");
        positions += 1;
        reordered += (dive != own) as u32;
    });
    assert!(positions > 2000 && reordered > positions / 10, "{positions} positions, {reordered} reordered");
}

#[test]
fn the_dives_order_keeps_every_verdict_on_random_positions() {
    // The short dive's order (`Abs::reveal_first`, README.md, "How it runs") lists the same moves
    // in another order, so a search in it that runs dry proves the same loss.
    let (decided, won, fewer) = rule_keeps_every_verdict(4000, (43, 17), 45, |a| a.reveal_first = true);
    eprintln!("reveal first: {decided} decided ({won} won), {fewer} with fewer positions in legal's order");
    assert!(decided > 200 && won > 40 && decided - won > 15, "decided {decided} won {won}");
}

#[test]
fn rule_e_cuts_an_emptying_reveal_no_king_can_follow() {
    // Pile 1 holds 5♥ alone and pile 2 shows 6♠: 5♥ may move onto 6♠ and empty pile 1, but the
    // four kings lie face down at the bottom of piles 4..7 and none is in the stock, so no king
    // could go to the empty pile: rule E leaves the reveal out. With the 6♠ at the bottom of
    // pile 1 (5♥ face up on it, nothing emptied) the same reveal is not the rule's.
    let (five_h, six_s, kings) = (17, 5, [12, 25, 38, 51]);
    let mut rest: Vec<i32> = (0..52).filter(|c| ![five_h, six_s].contains(c) && !kings.contains(c)).collect();
    let mut piles = vec![vec![five_h], vec![rest.remove(0), six_s], rest.drain(..3).collect::<Vec<_>>()];
    for (p, k) in kings.iter().enumerate() {
        let mut pile = vec![*k];
        pile.extend(rest.drain(..p + 3));
        piles.push(pile);
    }
    let mut l = Layout::new();
    l.insert("tableau".into(), piles);
    l.insert("down".into(), vec![(0..7).collect()]);
    l.insert("stock".into(), vec![rest]);
    let lim = Limits { budget: 3_000_000, max_bytes: 1 << 30 };
    for draw in [1, 3] {
        let with = Abs::from_state(&State::from_layout(&l, &opts(draw, 0)).unwrap()).unwrap();
        let mut without = with.clone();
        without.rule_e = false;
        let (mut v, mut w) = (Vec::new(), Vec::new());
        with.legal(&mut v);
        without.legal(&mut w);
        assert!(w.contains(&AbsMove::Reveal(five_h as u8)), "{w:?}");
        assert!(!v.contains(&AbsMove::Reveal(five_h as u8)), "{v:?}");
        assert_eq!(w.iter().filter(|&&m| m != AbsMove::Reveal(five_h as u8)).copied().collect::<Vec<_>>(), v);
        let a = crate::core::search::search(&mut with.clone(), lim);
        let b = crate::core::search::search(&mut without, lim);
        assert_ne!(a.verdict_str(), "unknown");
        assert_eq!(a.verdict_str(), b.verdict_str(), "draw {draw}");
        assert!(a.nodes <= b.nodes, "draw {draw}: {} > {}", a.nodes, b.nodes);
    }
}
