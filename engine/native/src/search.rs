//! The one search every game uses: depth-first, on one mutable state with
//! make/undo, a transposition set of exact keys, and a budget counted in
//! positions (never time), so a verdict is the same on every machine.
//!
//! Soundness of `Lost`: the search marks a position seen when it first
//! expands it and never forgets it, so on a finite graph every position
//! reachable from the root is expanded before the search can run dry (graph
//! DFS is complete). A game therefore only has to guarantee three things,
//! each argued in docs/solver.md:
//! 1. `safe_move` returns only moves that keep every win;
//! 2. `moves` leaves out only moves dominated by one it keeps;
//! 3. `key` gives equal keys only to positions that are equally winnable
//!    (exact keys, never hashes that could collide);
//! 4. `dominated` (optional) says yes only when an expanded position has
//!    every win of this one, none longer (docs/solver.md, Klondike, "Waste
//!    dominance", has the argument that the search stays complete).

use rustc_hash::FxHashMap;
use std::collections::hash_map::Entry as MapEntry;
use std::hash::Hash;

/// A game the search can play: its moves, safe moves and position key.
pub trait Game {
    type Move: Copy;
    type Undo;
    type Key: Eq + Hash;

    /// A move to make without branching, because it keeps every win.
    fn safe_move(&self) -> Option<Self::Move>;
    /// Candidate moves, best first, into `out` (cleared by the caller).
    fn moves(&self, out: &mut Vec<Self::Move>);
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
    /// Bytes one stored key costs (for the memory cap).
    fn key_bytes(&self) -> usize {
        std::mem::size_of::<Self::Key>()
    }
    /// Spell `m`, made from this position, in the game's notation: a macro
    /// move (stock taps and a play) becomes several tokens.
    fn spell(&self, m: Self::Move, out: &mut Vec<String>);
}

/// Limits of one search. Both are deterministic: the memory cap is counted
/// from the number of stored keys, not read from the operating system.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Positions to expand at most.
    pub nodes: u64,
    /// Bytes the transposition set may take (estimated) before giving up.
    pub max_bytes: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A winning line, every move spelled out.
    Won(Vec<String>),
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

/// Rough cost of one entry in the hash set beyond the key itself.
const ENTRY_OVERHEAD: u64 = 16;

struct Frame<M> {
    moves: Vec<M>,
    next: usize,
    /// Length of the trail when this frame's position was reached (before
    /// its safe moves), so backing out reverts exactly them.
    mark: usize,
}

enum Entry {
    Won,
    /// A new position: its frame is on the stack.
    Entered,
    /// Seen before, or a limit hit: the position's safe moves are undone.
    Refused,
}

struct Searcher<'g, G: Game> {
    game: &'g mut G,
    limits: Limits,
    /// Keys of expanded positions (a map to unit, for its one-probe entry API).
    seen: FxHashMap<G::Key, ()>,
    trail: Vec<(G::Move, G::Undo)>,
    stack: Vec<Frame<G::Move>>,
    spare: Vec<Vec<G::Move>>,
    nodes: u64,
    per_key: u64,
    cut: Option<Verdict>,
}

impl<'g, G: Game> Searcher<'g, G> {
    fn unwind_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (_, u) = self.trail.pop().unwrap();
            self.game.revert(u);
        }
    }

    /// Enter the position now on the board: make its safe moves, check for a
    /// win, and push a frame of candidates if the position is new.
    fn enter(&mut self) -> Entry {
        let mark = self.trail.len();
        while let Some(m) = self.game.safe_move() {
            let u = self.game.apply(m);
            self.trail.push((m, u));
        }
        if self.game.won() {
            return Entry::Won;
        }
        let len = self.seen.len() as u64;
        let seen = &self.seen;
        if self.game.dominated(&|k| seen.contains_key(k)) {
            self.unwind_to(mark);
            return Entry::Refused;
        }
        let slot = match self.seen.entry(self.game.key()) {
            MapEntry::Occupied(_) => {
                self.unwind_to(mark);
                return Entry::Refused;
            }
            MapEntry::Vacant(v) => v,
        };
        if self.nodes >= self.limits.nodes {
            self.cut = Some(Verdict::OutOfNodes);
        } else if (len + 1) * self.per_key > self.limits.max_bytes {
            self.cut = Some(Verdict::OutOfMemory);
        }
        if self.cut.is_some() {
            self.unwind_to(mark);
            return Entry::Refused;
        }
        slot.insert(());
        self.nodes += 1;
        let mut moves = self.spare.pop().unwrap_or_default();
        moves.clear();
        self.game.moves(&mut moves);
        self.stack.push(Frame { moves, next: 0, mark });
        Entry::Entered
    }

    fn run(&mut self) -> bool {
        match self.enter() {
            Entry::Won => return true,
            Entry::Refused => return false,
            Entry::Entered => {}
        }
        while self.cut.is_none() {
            let Some(top) = self.stack.last_mut() else { return false };
            if top.next < top.moves.len() {
                let m = top.moves[top.next];
                top.next += 1;
                let u = self.game.apply(m);
                self.trail.push((m, u));
                match self.enter() {
                    Entry::Won => return true,
                    Entry::Entered => {}
                    Entry::Refused => {
                        let (_, u) = self.trail.pop().unwrap();
                        self.game.revert(u);
                    }
                }
            } else {
                let frame = self.stack.pop().unwrap();
                self.unwind_to(frame.mark);
                if !self.stack.is_empty() {
                    // The move that led into the abandoned position.
                    let (_, u) = self.trail.pop().unwrap();
                    self.game.revert(u);
                }
                self.spare.push(frame.moves);
            }
        }
        false
    }
}

/// Search `game` from its current position; it is left as it was found.
pub fn search<G: Game>(game: &mut G, limits: Limits) -> Outcome {
    let per_key = game.key_bytes() as u64 + ENTRY_OVERHEAD;
    let mut s = Searcher {
        game,
        limits,
        seen: FxHashMap::default(),
        trail: Vec::new(),
        stack: Vec::new(),
        spare: Vec::new(),
        nodes: 0,
        per_key,
        cut: None,
    };
    let won = s.run();
    let verdict = if won {
        // Spell each move in the position it was made from, undoing from
        // the end; this also hands the caller its position back.
        let mut tokens: Vec<Vec<String>> = Vec::with_capacity(s.trail.len());
        while let Some((m, u)) = s.trail.pop() {
            s.game.revert(u);
            let mut t = Vec::new();
            s.game.spell(m, &mut t);
            tokens.push(t);
        }
        Verdict::Won(tokens.into_iter().rev().flatten().collect())
    } else {
        s.unwind_to(0);
        s.cut.take().unwrap_or(Verdict::Lost)
    };
    Outcome { verdict, nodes: s.nodes }
}

/// Search with restarts: attempts with budgets `first`, 2·`first`, 4·`first`, ... while together
/// they stay within `limits.nodes / share`, then one with all that is left (so at least
/// (share−1)/share of the budget: a loss is proved only by an attempt that sees every reachable
/// position, which needs the budget in one piece). Attempt i orders its candidates by `seed(i)`
/// (`reorder(game, 0)` is the game's own heuristic order, used first); only the order changes,
/// never the candidate set, so each attempt is a complete search by itself: a win from any attempt
/// is a real line, and an attempt that runs dry proves the loss. The node count is the sum over
/// attempts, so the verdict stays a function of the budget. Heavy-tailed searches (a few bad
/// early choices with huge subtrees) find wins far sooner this way.
pub fn search_restarts<G: Game>(game: &mut G, limits: Limits, first: u64, share: u64, mut reorder: impl FnMut(&mut G, u64)) -> Outcome {
    let cap = limits.nodes / share.max(1);
    let mut used = 0u64;
    let mut budget = first.max(1);
    let mut seed = 0u64;
    loop {
        let last = used + budget > cap;
        let nodes = if last { limits.nodes - used } else { budget };
        reorder(game, seed);
        let out = search(game, Limits { nodes, ..limits });
        used += out.nodes;
        if last || out.verdict != Verdict::OutOfNodes {
            reorder(game, 0);
            return Outcome { verdict: out.verdict, nodes: used };
        }
        budget = budget.saturating_mul(2);
        seed = seed.wrapping_mul(0x2545_F491_4F6C_DD1D).wrapping_add(0x9E37_79B9_7F4A_7C15);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy game: walk a small directed graph from node 0 to a goal node.
    struct Walk {
        at: usize,
        edges: Vec<Vec<usize>>,
        goal: usize,
    }

    impl Game for Walk {
        type Move = usize;
        type Undo = usize;
        type Key = usize;
        fn safe_move(&self) -> Option<usize> {
            None
        }
        fn moves(&self, out: &mut Vec<usize>) {
            out.extend(self.edges[self.at].iter().copied());
        }
        fn apply(&mut self, m: usize) -> usize {
            std::mem::replace(&mut self.at, m)
        }
        fn revert(&mut self, u: usize) {
            self.at = u;
        }
        fn won(&self) -> bool {
            self.at == self.goal
        }
        fn key(&self) -> usize {
            self.at
        }
        fn spell(&self, m: usize, out: &mut Vec<String>) {
            out.push(format!("{}>{}", self.at, m));
        }
    }

    const BIG: Limits = Limits { nodes: 1_000, max_bytes: 1 << 30 };

    #[test]
    fn finds_a_path_through_cycles_and_restores_the_position() {
        // 0 -> 1 -> 0 (cycle), 1 -> 2 -> 3 (goal)
        let mut g = Walk { at: 0, edges: vec![vec![1], vec![0, 2], vec![1, 3], vec![]], goal: 3 };
        let out = search(&mut g, BIG);
        assert_eq!(out.verdict, Verdict::Won(vec!["0>1".into(), "1>2".into(), "2>3".into()]));
        assert_eq!(g.at, 0);
    }

    #[test]
    fn proves_a_loss_only_after_every_position() {
        let mut g = Walk { at: 0, edges: vec![vec![1, 2], vec![2, 0], vec![1], vec![]], goal: 3 };
        let out = search(&mut g, BIG);
        assert_eq!(out.verdict, Verdict::Lost);
        assert_eq!(out.nodes, 3);
        assert_eq!(g.at, 0);
    }

    #[test]
    fn restarts_sum_their_nodes_and_keep_verdicts() {
        let edges = vec![vec![1, 2], vec![2, 0], vec![1], vec![]];
        let mut g = Walk { at: 0, edges: edges.clone(), goal: 3 };
        // Lost needs all 3 positions. Budget 100, share 8: restarts may use 12 (attempts of 1, 2
        // and 4 run out, 7 in all), the last has the 93 left.
        let out = search_restarts(&mut g, Limits { nodes: 100, max_bytes: 1 << 30 }, 1, 8, |_, _| {});
        assert_eq!(out.verdict, Verdict::Lost);
        assert_eq!(out.nodes, 1 + 2 + 3);
        // Share 1: restarts may take it all (1 + 2 of 5), the last attempt gets 2 and runs out,
        // spending exactly the budget.
        let out = search_restarts(&mut g, Limits { nodes: 5, max_bytes: 1 << 30 }, 1, 1, |_, _| {});
        assert_eq!((out.verdict, out.nodes), (Verdict::OutOfNodes, 5));
        // Share 2 of 5: restarts get 2 (the attempt of 1 only), the last the 4 left: enough.
        let out = search_restarts(&mut g, Limits { nodes: 5, max_bytes: 1 << 30 }, 1, 2, |_, _| {});
        assert_eq!((out.verdict, out.nodes), (Verdict::Lost, 1 + 3));
        let mut g = Walk { at: 0, edges: vec![vec![1], vec![0, 2], vec![1, 3], vec![]], goal: 3 };
        let mut seeds = Vec::new();
        let out = search_restarts(&mut g, Limits { nodes: 100, max_bytes: 1 << 30 }, 1, 8, |_, s| seeds.push(s));
        assert!(matches!(out.verdict, Verdict::Won(_)));
        assert_eq!(seeds.first(), Some(&0));
        assert_eq!(seeds.last(), Some(&0), "the game is handed back in its own order");
    }

    #[test]
    fn budget_gives_unknown_never_lost() {
        let mut g = Walk { at: 0, edges: vec![vec![1, 2], vec![2, 0], vec![1], vec![]], goal: 3 };
        let out = search(&mut g, Limits { nodes: 2, max_bytes: 1 << 30 });
        assert_eq!(out.verdict, Verdict::OutOfNodes);
        let out = search(&mut g, Limits { nodes: 100, max_bytes: 40 });
        assert_eq!(out.verdict, Verdict::OutOfMemory);
        assert_eq!(g.at, 0);
    }
}
