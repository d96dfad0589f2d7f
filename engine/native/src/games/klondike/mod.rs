//! klondike: moves, safe moves and position key for the shared search.
//!
//! The soundness argument of every rule here (safe moves, the moves left
//! out, the key) is written in README.md.

pub mod abs_move;
pub mod abs_position;
pub mod abstract_game;
pub mod concretize;
pub mod player;
mod prune;
mod keys;
mod moves;
pub mod state;
mod walk;

#[cfg(test)]
mod abstract_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod concretize_tests;
#[cfg(test)]
mod moves_oracle;

use crate::core::search::{search, Game, Limits, Outcome, Verdict};
use crate::core::turns::search_restarts;
use crate::core::input::{Input, Layout, Options};
pub use abs_move::AbsMove;
pub use state::{Move, State, Undo};

impl Game for State {
    type Move = Move;
    type Undo = Undo;
    type Key = keys::Key;

    fn safe_move(&self) -> Option<Move> {
        moves::safe_move(self)
    }
    fn moves(&self, out: &mut Vec<Move>) {
        moves::candidates(self, out)
    }
    /// `candidates` pushes after what `out` holds and reorders only its own moves.
    const APPENDS: bool = true;
    /// The groups of `moves::ORDER`, made one at a time: most positions' first group holds the
    /// move that leads on (bench log K48).
    const STAGES: u8 = moves::STAGES;
    fn more_moves(&self, stage: &mut u8, out: &mut Vec<Move>) {
        moves::more_candidates(self, stage, out)
    }
    fn apply(&mut self, m: Move) -> Undo {
        State::apply(self, m)
    }
    fn revert(&mut self, u: Undo) {
        State::revert(self, u)
    }
    fn won(&self) -> bool {
        State::won(self)
    }
    fn key(&self) -> keys::Key {
        keys::key(self)
    }
    fn spell(&self, m: Move, out: &mut crate::core::search::Line) {
        moves::spell(self, m, out)
    }
}

/// The Klondike layout of a shuffled order (engine/games/klondike/README.md, Layout), for the
/// crate's own tests and benchmarks: the product's layouts come from Python.
pub fn layout_from_order(order: &[i32]) -> Layout {
    let mut piles = vec![Vec::new(); 7];
    let mut k = 0;
    for row in 0..7 {
        for (p, pile) in piles.iter_mut().enumerate() {
            if row <= p {
                pile.push(order[k]);
                k += 1;
            }
        }
    }
    let mut l = Layout::new();
    l.insert("tableau".into(), piles);
    l.insert("down".into(), vec![(0..7).collect()]);
    l.insert("stock".into(), vec![order[28..].to_vec()]);
    l
}

/// The layout of a numbered Klondike deal (the seed the published method derives from the number),
/// for the crate's tuning examples, which run without Python.
pub fn numbered_layout(n: u64) -> Layout {
    use sha2::{Digest, Sha512};
    let mut h = Sha512::new();
    h.update(b"SiggySoft Solitaire numbered deal v1\x00klondike\x00");
    h.update(n.to_be_bytes());
    let order: Vec<i32> = crate::core::deal::deal_positions(&h.finalize(), 52).into_iter().map(|p| p as i32).collect();
    layout_from_order(&order)
}

/// Solve a laid-out deal: its options are `draw` (1|3) and `passes` (0 for
/// unlimited, 1 or 3); the tuning knob `abstract` (0 off, 1 on, the default, 2 the abstract
/// search alone) is for measurement only.
pub fn solve(input: &Input, limits: Limits) -> Result<Outcome, String> {
    let mut s = State::from_layout(input.layout, input.options)?;
    crate::core::clock::built();
    let mode = input.knob("abstract").unwrap_or(1);
    if !(0..=2).contains(&mode) {
        return Err(format!("klondike abstract must be 0 (off), 1 (on) or 2 (only), got {mode}"));
    }
    let abs = if mode > 0 { abstract_game::Abs::from_state(&s) } else { None };
    let Some(mut a) = abs else {
        return Ok(concrete(&mut s, limits));
    };
    // README.md, "The abstract game", "How it runs": the blocked-structure test
    // (a static loss proof), a short concrete search (most wins), a short abstract dive in the
    // reveal-first order, the abstract search (losses; its wins are concretized), the concrete search.
    if a.blocked() {
        return Ok(Outcome { verdict: Verdict::Lost, nodes: 0 });
    }
    let mut spent = 0;
    if mode == 1 {
        let short = (limits.budget / CONCRETE_FIRST).min(CONCRETE_FIRST_MAX);
        let first = concrete(&mut s, Limits { budget: short, ..limits });
        if matches!(first.verdict, Verdict::Won(_) | Verdict::Lost) {
            return Ok(first);
        }
        spent = first.nodes;
        // A short dive of the abstract search in another order (reveals first): a complete
        // search of the same moves, so its `lost` stands as well; its win is made concrete.
        a.reveal_first = true;
        let dive = search(&mut a, Limits { budget: ABSTRACT_DIVE.min(limits.budget - spent), ..limits });
        a.reveal_first = false;
        spent += dive.nodes;
        if dive.verdict == Verdict::Lost {
            return Ok(Outcome { verdict: Verdict::Lost, nodes: spent });
        }
        if let Some(won) = realize(&s, &dive.verdict) {
            return Ok(Outcome { verdict: Verdict::Won(won), nodes: spent });
        }
    }
    let out = search(&mut a, Limits { budget: limits.budget - spent, ..limits });
    if out.verdict == Verdict::Lost {
        return Ok(Outcome { verdict: out.verdict, nodes: spent + out.nodes });
    }
    spent += out.nodes;
    if let Some(won) = realize(&s, &out.verdict) {
        return Ok(Outcome { verdict: Verdict::Won(won), nodes: spent });
    }
    if mode == 2 {
        // The abstract search alone never returns an abstract line as a win: only a concrete one.
        let verdict = if out.verdict == Verdict::OutOfMemory { out.verdict } else { Verdict::OutOfNodes };
        return Ok(Outcome { verdict, nodes: spent });
    }
    let mut last = concrete(&mut s, Limits { budget: limits.budget - spent, ..limits });
    last.nodes += spent;
    Ok(last)
}

/// An abstract win made concrete and replayed through the single-move rules (README.md,
/// "Concretizing abstract lines"); None for any other verdict, or a line that cannot be realized.
fn realize(s: &State, verdict: &Verdict) -> Option<crate::core::search::Line> {
    let Verdict::Won(tokens) = verdict else { return None };
    let line: Option<Vec<AbsMove>> = tokens.iter().map(|t| abstract_game::parse(t)).collect();
    line.and_then(|l| concretize::concretize(s, &l)).filter(|w| walk::replays_to_win(s, w))
}

/// The concrete search with restarts (an empty budget gives unknown at once).
fn concrete(s: &mut State, limits: Limits) -> Outcome {
    if limits.budget == 0 {
        return Outcome { verdict: Verdict::OutOfNodes, nodes: 0 };
    }
    search_restarts(s, limits, FIRST_ATTEMPT, RESTART_SHARE, |g, seed| g.shuffle = seed)
}

/// The first, short concrete search gets 1/CONCRETE_FIRST of the budget (README.md,
/// Klondike, "The abstract game", "How it runs").
pub const CONCRETE_FIRST: u64 = 40;

/// The first, short concrete search takes at most this many positions: most wins take a few
/// thousand, and every position beyond goes to the abstract search, which decides the rest in
/// fewer (README.md, "How it runs"; bench log K19: 400,000 spent a third of draw 1's time).
pub const CONCRETE_FIRST_MAX: u64 = 10_000;

/// The short abstract dive in the reveal-first order takes at most this many positions (README.md,
/// "How it runs"): lonelybot's order wins some deals in a few dozen positions where ours needs
/// 10,000 to 600,000, and misses others; a deal it does not decide loses only these.
pub const ABSTRACT_DIVE: u64 = 500;

/// The first attempt's budget; each next one doubles (README.md, "Restarts"): short, since the
/// wins the heuristic order finds at once take a few hundred positions, and a deal it misses is
/// often won sooner by a reshuffled attempt (bench log K46).
pub const FIRST_ATTEMPT: u64 = 300;

/// Restart attempts together take at most 1/RESTART_SHARE of the budget; the last, complete
/// attempt gets the rest (README.md, "Restarts").
pub const RESTART_SHARE: u64 = 4;

/// For the tests through the referee: a concrete line (tokens, from the deal's start) taken to
/// its abstract line and concretized back (README.md, "Concretizing abstract
/// lines"); None when the concretizer cannot realize it.
pub fn reconcretize(layout: &Layout, options: &Options, line: &[String]) -> Result<Option<Vec<String>>, String> {
    let s = State::from_layout(layout, options)?;
    let a = concretize::abstract_line(&s, line)?;
    Ok(concretize::concretize(&s, &a).map(|l| l.to_vec()))
}

/// For the differential tests: random play from the deal, `steps` moves,
/// choosing with a xorshift stream from `seed`. Each entry is (the line so
/// far, every legal single move in the position it reaches, sorted), all
/// spelled in the notation the referee reads.
pub fn walk(input: &Input, seed: u64, steps: usize) -> Result<crate::core::walk::Walk, String> {
    let s = State::from_layout(input.layout, input.options)?;
    Ok(walk::walk(s, seed, steps))
}
