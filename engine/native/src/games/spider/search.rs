//! How Spider is searched: the searches `solve` runs in turns (narrow and wide best-first, beam,
//! the complete one), their plans by number of suits and the tuning knobs (measurement only).

use super::beam;
use super::state::{Move, Spider, Undo, NO_SIDEWAYS};
use crate::core::best_first::BestFirst;
use crate::core::input::Input;
use crate::core::search::{Game, Limits, Outcome, Verdict};
use crate::core::turns::{interleave, Lazy, Resume};

/// Solve a dealt position: searches taking turns (`crate::core::turns::interleave`, slices doubling
/// from `FIRST_SLICE`; README.md, "How it searches"), the nodes summed. One suit: two narrow
/// best-first searches and the complete one; two and four suits: the complete one and two beam
/// searches by stock phase (`beam.rs`), the complete search's slices starting at
/// `COMPLETE_FIRST_SLICE`. A win any of them finds is a real line; only the complete one can
/// prove `lost`. Tuning knobs `w0`..`w7`, `dw`, `dw3`, `side`, `dfs`, `plan`, `cf` (the complete
/// search's first slice), `bk`, `bg`, `bm`, `bf`, `bc`, `bh`, `bco`, `bcs` (the beam's `Settings`), `a0`..`a5` (the weights
/// of plan kind 5, `beam::OTHER_WEIGHTS`): for measurement only.
pub(super) fn solve(input: &Input, limits: Limits) -> Result<Outcome, String> {
    let (options, tuning) = (input.options, input.tuning);
    let mut g = Spider::from_layout(input.layout, options)?;
    crate::core::clock::built();
    for k in 0..super::state::WEIGHTS {
        if let Some(&v) = tuning.get(&format!("w{k}")) {
            g.w[k] = v;
        }
    }
    let one_suit = options.get("suits") == Some(&1);
    let dw = tuning.get("dw").copied().unwrap_or(if one_suit { 0 } else { DEPTH_WEIGHT });
    g.no_sideways = tuning.get("side").map_or(NO_SIDEWAYS, |&v| v == 0);
    if let Some(&dfs) = tuning.get("dfs") {
        g.narrow = dfs == 1;
        return Ok(crate::core::search::search(&mut g, limits));
    }
    let deep = tuning.get("dw3").copied().unwrap_or(NARROW_DEPTH_WEIGHT);
    let plan = match (tuning.get("plan"), options.get("suits")) {
        (Some(&v), _) => plan_knob(v),
        (None, Some(1)) => vec![(Kind::Narrow, dw), (Kind::Complete, dw), (Kind::Narrow, deep)],
        // two and four suits (bench log S7): two beam searches by stock phase (depth weights 8
        // and 5) win far more deals for the budget than the narrow and wide best-first ones
        (None, _) => vec![(Kind::Complete, dw), (Kind::Beam, deep), (Kind::Beam, BEAM_DEPTH_WEIGHT)],
    };
    // the complete search costs the most a position (exact keys) and has won the fewest deals
    // in two and four suits: a smaller share there (bench log S6)
    let complete_first = tuning.get("cf").map_or(if one_suit { FIRST_SLICE } else { COMPLETE_FIRST_SLICE }, |&v| v.max(1) as u64);
    let mut other = beam::OTHER_WEIGHTS;
    for k in 0..6 {
        if let Some(&v) = tuning.get(&format!("a{k}")) {
            other[k] = v;
        }
    }
    let mut set = beam::SETTINGS;
    match options.get("suits") {
        // two suits: attempts cycle through the four weight sets, the width growing once a cycle
        // (bench log S18: 998 of 1..1000 won at 400,000 against 997, for 12 % more positions)
        Some(&2) => (set.cycle, set.hold) = (4, true),
        // four suits: the same, but only from width 64 on, so every deal won below it keeps its
        // search to the position (bench log S19: 6 of the 14 deals left at 2,000,000 won)
        Some(&4) => (set.cycle, set.hold, set.cycle_from) = (4, true, FOUR_SUITS_CYCLE_FROM),
        _ => {}
    }
    for (knob, field) in [("bk", &mut set.width), ("bg", &mut set.grow), ("bc", &mut set.cycle), ("bcs", &mut set.cycle_from)] {
        if let Some(&v) = tuning.get(knob) {
            *field = v.max(1) as usize;
        }
    }
    if let Some(&v) = tuning.get("bh") {
        set.hold = v == 1;
    }
    set.cycle_only = tuning.get("bco").copied();
    for (knob, field) in [("bm", &mut set.per_root), ("bf", &mut set.last)] {
        if let Some(&v) = tuning.get(knob) {
            *field = v.max(1) as u64;
        }
    }
    Ok(turns_beam(&g, &plan, complete_first, beam::Settings { other, ..set }, limits))
}

/// The three searches of `solve` from `g` in one suit, taking turns on one budget and
/// memory cap: narrow and complete at depth weight `dw`, then a narrow one deeper-weighted
/// (NARROW_DEPTH_WEIGHT): each wins deals the others miss (bench log S3). `lost` only from the
/// complete one. Used by the tests (a position's verdict under one-suit play).
#[cfg(test)]
pub(super) fn turns(g: &Spider, dw: i64, limits: Limits) -> Outcome {
    turns_with(g, &[(Kind::Narrow, dw), (Kind::Complete, dw), (Kind::Narrow, NARROW_DEPTH_WEIGHT)], FIRST_SLICE, limits)
}

/// The searches `solve` runs (`turns_with`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// The narrow candidates, hashed key: proves nothing when it runs dry.
    Narrow,
    /// Every candidate, exact key: alone may say `lost`.
    Complete,
    /// Every candidate, hashed key: proves nothing when it runs dry.
    Wide,
    /// The staged beam search by stock phase (`beam.rs`): proves nothing when it gives up.
    Beam,
    /// The beam search under other weights of the evaluation (`beam::OTHER_WEIGHTS`): the deals it
    /// wins differ from the first weights'; in no default plan (bench log S16).
    BeamOther,
}

/// A search's copy of the game: exact keys (the complete search) or hashed ones.
pub(super) enum Searched {
    Exact(Spider),
    Hashed(Hashed),
}

/// `turns_beam` with the beam's default settings (the tests).
#[cfg(test)]
pub(super) fn turns_with(g: &Spider, plan: &[(Kind, i64)], complete_first: u64, limits: Limits) -> Outcome {
    turns_beam(g, plan, complete_first, beam::SETTINGS, limits)
}

/// The searches of `plan` (each a kind and a depth weight) from `g`, taking turns on one budget and
/// memory cap, in that order; the complete search always runs (it alone ends when the others have
/// run dry; one is added last if the plan has none). `lost` only from it. Each search's first
/// turn is `FIRST_SLICE` positions, the complete one's `complete_first`; each round doubles them,
/// so that is its share of the budget against the others'. A beam search of the plan uses
/// `beam_settings` (the knobs of `solve`) at its depth weight.
pub(super) fn turns_beam(g: &Spider, plan: &[(Kind, i64)], complete_first: u64, beam_settings: beam::Settings, limits: Limits) -> Outcome {
    let mut plan = plan.to_vec();
    if !plan.iter().any(|p| p.0 == Kind::Complete) {
        plan.push((Kind::Complete, DEPTH_WEIGHT));
    }
    // each search's own copy of the game, by key kind (each scan borrows its copy, so they are all
    // made before the first scan)
    let mut games: Vec<Searched> = plan
        .iter()
        .map(|&(kind, _)| {
            let mut c = g.clone();
            c.narrow = kind == Kind::Narrow;
            if kind == Kind::BeamOther {
                c.w = beam_settings.other;
            }
            if kind == Kind::Complete { Searched::Exact(c) } else { Searched::Hashed(Hashed(c)) }
        })
        .collect();
    let max = limits.max_bytes;
    let mut scans: Vec<Box<dyn Resume + '_>> = Vec::new();
    for (game, &(kind, dw)) in games.iter_mut().zip(&plan) {
        if kind == Kind::Beam || kind == Kind::BeamOther {
            let mut set = beam::Settings { depth: dw, ..beam_settings };
            if beam_settings.cycle_only.is_some_and(|only| only != dw) {
                set.cycle = 1;
            }
            let g = &*game;
            let root = match g { Searched::Exact(c) => c, Searched::Hashed(h) => &h.0 };
            let lazy = Lazy::new(move || -> Box<dyn Resume + '_> { Box::new(beam::Beam::new(root, set)) });
            scans.push(Box::new(Partial { scan: Box::new(lazy), dry: false }));
            continue;
        }
        let score = move |g: &Spider, d: u32| g.eval() * 4 + d as i64 * dw;
        match game {
            Searched::Exact(c) => {
                scans.push(Box::new(Lazy::new(move || -> Box<dyn Resume + '_> { Box::new(BestFirst::new(c, max, score)) })));
            }
            Searched::Hashed(h) => {
                let lazy = Lazy::new(move || -> Box<dyn Resume + '_> { Box::new(BestFirst::new(h, max, move |h: &Hashed, d| score(&h.0, d))) });
                scans.push(Box::new(Partial { scan: Box::new(lazy), dry: false }));
            }
        }
    }
    let alone = plan.iter().position(|p| p.0 == Kind::Complete).unwrap();
    let mut firsts = vec![FIRST_SLICE; scans.len()];
    firsts[alone] = complete_first;
    interleave(&mut scans, limits, &firsts, 1, alone)
}

/// A plan from the `plan` knob: pairs of digits, a kind (1 narrow, 2 complete, 3 wide, 4 beam, 5 beam
/// under `OTHER_WEIGHTS`) and its
/// depth weight: narrow at 3, complete at 3, wide at 8 is 132338.
pub(super) fn plan_knob(v: i64) -> Vec<(Kind, i64)> {
    let digits: Vec<i64> = v.to_string().bytes().map(|b| (b - b'0') as i64).collect();
    digits
        .chunks(2)
        .filter(|p| p.len() == 2)
        .map(|p| (match p[0] { 1 => Kind::Narrow, 2 => Kind::Complete, 4 => Kind::Beam, 5 => Kind::BeamOther, _ => Kind::Wide }, p[1]))
        .collect()
}

/// A narrow search's game: Spider with a 128-bit hash of the exact key as its key (16 bytes a
/// stored position instead of the key's length and a vector's overhead). Two positions whose
/// hashes collide would be taken for one, so a collision can only make the search miss a win
/// (never claim one: every line found is made of legal moves, and the referee replays it); it can
/// make no `lost`, since a narrow search running dry proves nothing anyway (`Partial`). The
/// complete search, which alone may say `lost`, keeps the exact key.
#[derive(Clone, Debug)]
pub(super) struct Hashed(pub(super) Spider);

impl Game for Hashed {
    type Move = Move;
    type Undo = Undo;
    type Key = u128;

    fn safe_move(&self) -> Option<Move> {
        self.0.safe_move()
    }
    fn moves(&self, out: &mut Vec<Move>) {
        // the position's stale column hashes worked out once here, where its children are listed,
        // not again under each child whose move restores them stale (`sums.rs`; only speed)
        self.0.hashes();
        self.0.moves(out)
    }
    fn apply(&mut self, m: Move) -> Undo {
        self.0.apply(m)
    }
    fn revert(&mut self, u: Undo) {
        self.0.revert(u)
    }
    fn won(&self) -> bool {
        self.0.won()
    }
    fn key(&self) -> u128 {
        self.0.key_hash()
    }
    fn spell(&self, m: Move, out: &mut crate::core::search::Line) {
        self.0.spell(m, out)
    }
}

/// The narrow search's turns: it runs dry without proving anything (its candidates leave out
/// moves no argument keeps), so then it only waits, and the complete search goes on.
pub(super) struct Partial<'a> {
    pub(super) scan: Box<dyn Resume + 'a>,
    pub(super) dry: bool,
}

impl Resume for Partial<'_> {
    fn resume(&mut self, more: u64) -> Option<Outcome> {
        if self.dry {
            return None;
        }
        match self.scan.resume(more) {
            Some(Outcome { verdict: Verdict::Lost, .. }) => {
                self.dry = true;
                None
            }
            out => out,
        }
    }
    fn nodes(&self) -> u64 {
        self.scan.nodes()
    }
    fn abandon(&mut self) {
        self.scan.abandon()
    }
}

/// The third search's depth weight: shorter lines first, more strongly than the others.
pub(super) const NARROW_DEPTH_WEIGHT: i64 = 8;


/// The second beam search's depth weight (two and four suits): the sets of deals the beam wins
/// differ much with it, and two beams at 8 and 5 win more than either (bench log S7).
pub(super) const BEAM_DEPTH_WEIGHT: i64 = 5;

/// The beam's width from which four suits' attempts cycle through `beam::CYCLE` (knob `bcs`):
/// deals won below it keep their search; the deals left need the other sets at about this width
/// (bench log S19: from 64, 6 of the 14 deals of 1..1000 left at 2,000,000 won and the 8 won
/// above 980,000 positions still won; from 32, one more of the 14 but 935 no longer won).
pub(super) const FOUR_SUITS_CYCLE_FROM: usize = 64;

/// Positions of each search's first turn; each round doubles it.
pub(super) const FIRST_SLICE: u64 = 2000;

/// The complete search's first turn in two and four suits: a quarter of the others', so about a
/// fifth of the budget beside one other search (four suits). Its exact keys make it the costliest
/// a position (its key set's probes and growth: 28 % of the CPU of spider-4 deal 1 at 100,000, the
/// largest share) and the largest in memory, and it wins the fewest deals there: spider-4 deal 93 at 300,000
/// positions, out of memory under the 1 GiB cap with 2,000, won with 500; spider-2's 13 deals of
/// 1..200 left at 200,000, half the CPU time and one more won (bench log S6). It still runs to
/// the end once the others have run dry, so `lost` is as before.
pub(super) const COMPLETE_FIRST_SLICE: u64 = 500;


/// Weight of the depth against 4 x the evaluation in the best-first score, two and four suits
/// (weighted A*: a shorter way to an equally good position first); one suit searches greedily
/// (0), which wins there with fewer positions (bench log S3).
pub(super) const DEPTH_WEIGHT: i64 = 3;
