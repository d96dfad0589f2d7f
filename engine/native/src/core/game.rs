//! What a game gives the searches (`Game`) and what a search gives back (`Outcome`), within
//! `Limits`: a budget counted in positions (never time), so a verdict is the same on every
//! machine. The searches: `search.rs` (depth-first), `best_first.rs`, and `turns.rs` (restarts,
//! searches taking turns).
//!
//! Soundness of `Lost`: the search marks a position seen when it first
//! expands it and never forgets it, so on a finite graph every position
//! reachable from the root is expanded before the search can run dry (graph
//! DFS is complete). A game therefore only has to guarantee these things,
//! each argued in docs/solver.md:
//! 1. `safe_move` returns only moves that keep every win;
//! 2. `moves` leaves out only moves dominated by one it keeps;
//! 3. `key` gives equal keys only to positions that are equally winnable
//!    (exact keys, never hashes that could collide);
//! 4. `dominated` (optional) says yes only when an expanded position has
//!    every win of this one, none longer (games/klondike/README.md, "Waste
//!    dominance", has the argument that the search stays complete).
//! 5. `child_key` (optional) returns only the very key the search would read after the move
//!    and its safe moves. It changes no verdict, count or line: the searches only skip, without
//!    making it, a child whose key is already seen when its turn comes, which entering it would
//!    refuse anyway (with `LOOKAHEAD`, the depth-first search keys all children at once).


use crate::core::line::Line;
use crate::core::seen::SeenKey;

/// A game the search can play: its moves, safe moves and position key.
pub trait Game {
    type Move: Copy;
    type Undo;
    type Key: SeenKey;

    /// A move to make without branching, because it keeps every win.
    fn safe_move(&self) -> Option<Self::Move>;
    /// Candidate moves, best first, into `out` (cleared by the caller, unless `APPENDS`).
    fn moves(&self, out: &mut Vec<Self::Move>);
    /// Whether `moves` only appends to `out`, never reading or changing what is there: the
    /// depth-first search (without `LOOKAHEAD`) then hands it the list of every frame's candidates
    /// itself, saving a copy a position. Only speed changes.
    const APPENDS: bool = false;
    /// How many groups `more_moves` hands a position's candidates in; 1 (the default): `moves`,
    /// all at once.
    const STAGES: u8 = 1;
    /// The next group of candidates, appended to `out`, for the depth-first search with `APPENDS`
    /// (without `LOOKAHEAD`): called with `*stage` < `STAGES` (0 first) when the frame's moves so
    /// far are spent, on the frame's own position. It appends the first non-empty group from
    /// `*stage` on and sets `*stage` past it (`STAGES` when none is left, or to hand the rest at
    /// once). The groups, in the order handed, must make `moves`' very list, so the search tries
    /// the same moves in the same order; it only skips making the groups a position never reaches
    /// (most positions' first move leads on to the win). Only speed changes.
    fn more_moves(&self, stage: &mut u8, out: &mut Vec<Self::Move>) {
        self.moves(out);
        *stage = Self::STAGES;
    }
    /// Make `m` (legal here) and return what `revert` needs to undo it.
    fn apply(&mut self, m: Self::Move) -> Self::Undo;
    /// Undo the move that returned `u`; moves are undone last first.
    fn revert(&mut self, u: Self::Undo);
    fn won(&self) -> bool;
    /// The canonical, exact key of this position.
    fn key(&self) -> Self::Key;
    /// Whether this position is dominated by one already searched (`seen` says whether a key
    /// was): every move of this position is a move there too, with the same successors, so it
    /// has a win only if that one has a win at least as short. Default: never.
    fn dominated(&self, _seen: &dyn Fn(&Self::Key) -> bool) -> bool {
        false
    }
    /// Whether the depth-first search should look ahead at each expanded position's children
    /// (`Searcher::look_ahead`): key each one (`child_key`, or make it), prefetch the key's place
    /// in the seen set, and later skip a child whose key is seen by then without making it, so the
    /// probes overlap instead of each waiting on memory. Worth it where the set is far larger than
    /// the caches and most children are seen. Only speed changes.
    const LOOKAHEAD: bool = false;
    /// The key of the position `m` leads to, when the game can tell it without making `m` and
    /// that position has no safe move and is not won (so it is the key the search would read
    /// there); None otherwise (the default), and then the search makes the move to see. Called
    /// only where `moves` was, so in a position with no safe move. The searches pass over a move
    /// into a position they have seen without making it (a seen position is never won, so no win
    /// is skipped); without `LOOKAHEAD` they also skip the safe moves and the win check after
    /// the others.
    fn child_key(&self, _m: Self::Move) -> Option<Self::Key> {
        None
    }
    /// The game's evaluation of the position `m` reaches (before any safe move), worked out
    /// without making it; None when the game has none. Only speed: best-first
    /// (`BestFirst::scoring_children`) then scores a child whose key was told without making it.
    fn child_eval(&self, _m: Self::Move) -> Option<i64> {
        None
    }
    /// Spell `m`, made from this position, in the game's notation: a macro
    /// move (stock taps and a play) becomes several tokens.
    fn spell(&self, m: Self::Move, out: &mut Line);
}

/// Limits of one search. Both are deterministic: the memory cap counts the bytes the search's
/// structures allocate (`crate::core::memory`), never what the operating system reports.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Positions to expand at most (the budget; `Outcome::nodes` is the count searched).
    pub budget: u64,
    /// Bytes the search's tables and lists may take (`crate::core::memory`) before giving up.
    pub max_bytes: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A winning line, every move spelled out.
    Won(Line),
    /// Every reachable position was searched; no win exists.
    Lost,
    /// The node budget ran out.
    OutOfNodes,
    /// The memory cap ran out.
    OutOfMemory,
}

#[derive(Clone, Debug)]
pub struct Outcome {
    pub verdict: Verdict,
    /// Distinct positions expanded.
    pub nodes: u64,
}

impl Outcome {
    pub fn verdict_str(&self) -> &'static str {
        match self.verdict {
            Verdict::Won(_) => "won",
            Verdict::Lost => "lost",
            Verdict::OutOfNodes | Verdict::OutOfMemory => "unknown",
        }
    }
}
