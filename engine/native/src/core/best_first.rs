//! Best-first search on the shared `Game` trait: always expand the open
//! position a game-given score likes best, wherever it lies in the tree.
//!
//! Why beside the DFS: a depth-first search that takes one bad early choice
//! stays in its subtree until it is exhausted (heavy tails); best-first jumps
//! back to the best position seen anywhere. It keeps no position copies: a
//! node is its parent, the move that reached it and its depth, and the one
//! mutable game walks from node to node through their common ancestor, so a
//! node costs a few bytes plus its key.
//!
//! Soundness is the DFS's (search.rs): the same safe moves, candidates and
//! exact keys; every position a candidate reaches is put in the open list
//! the first time its key is seen, and the search stops only on a win, a
//! limit, or an empty open list, which means every reachable position was
//! expanded: then the loss is proved, exactly as for the DFS.

use crate::core::memory::{self, Charged};
use crate::core::search::{Game, Limits, Outcome, SeenKey, SeenSet, Verdict};
use crate::core::turns::Resume;

struct Node<M> {
    parent: u32,
    /// The move from the parent (None only at the root); its safe moves follow it.
    mv: Option<M>,
    depth: u32,
    /// Whether its key was told ahead (`Game::child_key`): then no safe move follows its move.
    told: bool,
}

/// The open list: a bucket queue over the scores (one list a score, linked through the node ids,
/// no allocation a bucket), popping the lowest score first, then the newest node (ids are pushed in
/// increasing order, so each list's head is its newest). Scores are small integers (a game's
/// evaluation plus the depth), so the buckets span few values; a score beyond 2^24 of the first
/// one is clamped (never seen in practice: it would only reorder such outliers).
struct Open {
    /// The first node of each score's list, score `base + i` at `heads[i]` (NIL when empty).
    heads: Vec<u32>,
    /// The next node of a node's list, by node id.
    next: Vec<u32>,
    base: i64,
    /// No bucket below `min` is non-empty.
    min: usize,
    len: usize,
}

const NIL: u32 = u32::MAX;
const SPAN: i64 = 1 << 24;

impl Open {
    fn with_capacity(n: usize) -> Self {
        Open { heads: Vec::new(), next: Vec::with_capacity(n), base: 0, min: 0, len: 0 }
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Add node `id` (greater than every id pushed before) with score `s`.
    fn push(&mut self, s: i64, id: u32) {
        if self.heads.is_empty() {
            self.base = s.saturating_sub(256);
        }
        let s = s.clamp(self.base.saturating_sub(SPAN), self.base.saturating_add(SPAN));
        if s < self.base {
            // room below: shift the buckets up
            let more = (self.base - s) as usize + 256;
            self.heads.splice(0..0, std::iter::repeat(NIL).take(more));
            self.base -= more as i64;
            self.min += more;
        }
        let b = (s - self.base) as usize;
        if b >= self.heads.len() {
            self.heads.resize(b + 256, NIL);
        }
        if self.next.len() <= id as usize {
            self.next.resize(id as usize + 1, NIL);
        }
        self.next[id as usize] = self.heads[b];
        self.heads[b] = id;
        if self.len == 0 || b < self.min {
            self.min = b;
        }
        self.len += 1;
    }

    /// The node with the lowest score, the newest among equals.
    fn pop(&mut self) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        while self.heads[self.min] == NIL {
            self.min += 1;
        }
        let id = self.heads[self.min];
        self.heads[self.min] = self.next[id as usize];
        self.len -= 1;
        Some(id)
    }
}

struct Walker<'g, G: Game> {
    game: &'g mut G,
    nodes: Vec<Node<G::Move>>,
    /// The nodes from the root to the game's current position, with the trail length when
    /// each was reached (before its move).
    path: Vec<(u32, usize)>,
    trail: Vec<(G::Move, G::Undo)>,
}

impl<'g, G: Game> Walker<'g, G> {
    /// Make `m` and the safe moves after it.
    fn play(&mut self, m: G::Move) {
        let u = self.game.apply(m);
        self.trail.push((m, u));
        self.settle();
    }

    fn settle(&mut self) {
        while let Some(s) = self.game.safe_move() {
            let u = self.game.apply(s);
            self.trail.push((s, u));
        }
    }

    fn unwind_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (_, u) = self.trail.pop().unwrap();
            self.game.revert(u);
        }
    }

    /// Bring the game to node `t`: back up to the deepest node of the path that is an ancestor
    /// of `t`, then play down to `t`.
    fn goto(&mut self, t: u32, down: &mut Vec<u32>) {
        down.clear();
        let mut x = t;
        loop {
            let d = self.nodes[x as usize].depth as usize;
            if d < self.path.len() && self.path[d].0 == x {
                break;
            }
            down.push(x);
            x = self.nodes[x as usize].parent;
        }
        let keep = self.nodes[x as usize].depth as usize + 1;
        if keep < self.path.len() {
            let mark = self.path[keep].1;
            self.path.truncate(keep);
            self.unwind_to(mark);
        }
        for &y in down.iter().rev() {
            self.path.push((y, self.trail.len()));
            let node = &self.nodes[y as usize];
            let m = node.mv.expect("only the root has no move");
            if node.told {
                let u = self.game.apply(m);
                self.trail.push((m, u));
            } else {
                self.play(m);
            }
        }
    }

    /// The line of the current position: every move spelled from the position it was made
    /// in; the game is handed back at the root.
    fn line(&mut self) -> crate::core::search::Line {
        crate::core::search::spell_trail(self.game, &mut self.trail)
    }
}

/// Best-first search from the game's current position, expanding at most `limits.budget`
/// positions; lower `score` first, ties to the newest node (depth-first among equals, so a
/// plateau is walked down rather than across). The game is left as it was found.
pub fn best_first<G: Game>(game: &mut G, limits: Limits, score: impl FnMut(&G, u32) -> i64) -> Outcome {
    let mut b = BestFirst::new(game, limits.max_bytes, score);
    match b.resume(limits.budget) {
        Some(out) => out,
        None => {
            b.abandon();
            Outcome { verdict: Verdict::OutOfNodes, nodes: b.nodes() }
        }
    }
}

/// A best-first search that can pause and resume (`Resume`), to take turns with others.
pub struct BestFirst<'g, G: Game, S: FnMut(&G, u32) -> i64> {
    w: Walker<'g, G>,
    score: S,
    seen: <G::Key as SeenKey>::Set,
    open: Open,
    expanded: u64,
    moves: Vec<G::Move>,
    /// Each move's key told ahead (`Game::child_key`).
    told: Vec<Option<G::Key>>,
    down: Vec<u32>,
    done: Option<Outcome>,
    /// The score of a child from its evaluation (`Game::child_eval`) and depth, if given.
    quick: Option<Box<dyn Fn(i64, u32) -> i64 + 'g>>,
    /// The charge of the node store and open list (the seen set charges its own).
    charged: Charged,
    _scope: memory::Scope,
}

impl<'g, G: Game, S: FnMut(&G, u32) -> i64> BestFirst<'g, G, S> {
    /// A search of `game` from its current position; `max_bytes` caps its stored positions.
    pub fn new(game: &'g mut G, max_bytes: u64, score: S) -> Self {
        let scope = memory::scope(max_bytes);
        memory::clear_over();
        let mut b = BestFirst {
            w: Walker { game, nodes: Vec::with_capacity(2048), path: Vec::new(), trail: Vec::new() },
            score,
            // room for a typical search (most are small), so the table is not regrown early
            seen: SeenSet::with_room(4096),
            open: Open::with_capacity(2048),
            expanded: 0,
            moves: Vec::new(),
            told: Vec::new(),
            down: Vec::new(),
            done: None,
            quick: None,
            charged: Charged::default(),
            _scope: scope,
        };
        b.w.settle();
        if b.w.game.won() {
            b.done = Some(Outcome { verdict: Verdict::Won(b.w.line()), nodes: 0 });
            return b;
        }
        b.seen.insert(b.w.game.key());
        b.w.nodes.push(Node { parent: 0, mv: None, depth: 0, told: false });
        b.w.path.push((0, 0));
        b.open.push(0, 0);
        b
    }

    /// Score a child whose key is told ahead (`Game::child_key`) as `f(evaluation, depth)`,
    /// its evaluation from `Game::child_eval`, without making its move: `f` must give exactly
    /// what `score` gives on that child (checked in debug builds). Only speed changes.
    pub fn scoring_children(mut self, f: impl Fn(i64, u32) -> i64 + 'g) -> Self {
        self.quick = Some(Box::new(f));
        self
    }

    /// Whether the next expansion may go on: the node store, open list and lists charged as
    /// they stand (their growth for the children is charged first, in `resume`); false once
    /// anything was refused (a game's own tables too).
    fn metered(&mut self) -> bool {
        let w = &self.w;
        let bytes = memory::vec_bytes(&w.nodes) + memory::vec_bytes(&self.open.next) + memory::vec_bytes(&self.open.heads)
            + memory::vec_bytes(&w.path) + memory::vec_bytes(&w.trail);
        self.charged.set(bytes);
        !memory::over()
    }

    fn finish(&mut self, verdict: Verdict) -> Option<Outcome> {
        if !matches!(verdict, Verdict::Won(_)) {
            self.w.unwind_to(0);
            self.w.path.truncate(1);
        }
        self.done = Some(Outcome { verdict, nodes: self.expanded });
        self.done.clone()
    }
}

impl<'g, G: Game, S: FnMut(&G, u32) -> i64> Resume for BestFirst<'g, G, S> {
    fn resume(&mut self, more: u64) -> Option<Outcome> {
        if self.done.is_some() {
            return self.done.clone();
        }
        let stop = self.expanded + more;
        loop {
            if self.open.is_empty() {
                return self.finish(Verdict::Lost);
            }
            if self.expanded >= stop {
                return None;
            }
            if !self.metered() {
                return self.finish(Verdict::OutOfMemory);
            }
            let t = self.open.pop().unwrap();
            self.expanded += 1;
            let w = &mut self.w;
            w.goto(t, &mut self.down);
            self.moves.clear();
            w.game.moves(&mut self.moves);
            // room for every child in the node store and the open list, charged first
            let n = self.moves.len();
            if !memory::reserve(&mut w.nodes, n) || !memory::reserve(&mut self.open.next, n) {
                return self.finish(Verdict::OutOfMemory);
            }
            let depth = w.nodes[t as usize].depth + 1;
            // every key told ahead first, its slot prefetched, so the probes below overlap
            // instead of each waiting on memory (only speed changes)
            self.told.clear();
            for &m in &self.moves {
                let k = w.game.child_key(m);
                if let Some(k) = &k {
                    self.seen.prefetch(k);
                }
                self.told.push(k);
            }
            for (&m, told) in self.moves.iter().zip(self.told.iter_mut()) {
                // the key told ahead (`Game::child_key`: then no safe move follows, and the
                // position is not won) or found by making the move
                let told = told.take();
                let (was_told, mark) = (told.is_some(), w.trail.len());
                let key = match told {
                    Some(k) => k,
                    None => {
                        w.play(m);
                        if w.game.won() {
                            let line = w.line();
                            return self.finish(Verdict::Won(line));
                        }
                        w.game.key()
                    }
                };
                if !self.seen.reserve_one() {
                    return self.finish(Verdict::OutOfMemory);
                }
                if self.seen.insert_new(key) {
                    let quick = match &self.quick {
                        Some(f) if was_told => w.game.child_eval(m).map(|e| f(e, depth)),
                        _ => None,
                    };
                    let s = match quick {
                        Some(s) => {
                            #[cfg(debug_assertions)]
                            {
                                let u = w.game.apply(m);
                                assert_eq!(s, (self.score)(w.game, depth), "child score without its move");
                                w.game.revert(u);
                            }
                            s
                        }
                        None => {
                            if was_told {
                                let u = w.game.apply(m);
                                w.trail.push((m, u));
                            }
                            (self.score)(w.game, depth)
                        }
                    };
                    let id = w.nodes.len() as u32;
                    w.nodes.push(Node { parent: t, mv: Some(m), depth, told: was_told });
                    self.open.push(s, id);
                }
                w.unwind_to(mark);
            }
        }
    }

    fn nodes(&self) -> u64 {
        self.expanded
    }

    fn abandon(&mut self) {
        if self.done.is_none() {
            self.finish(Verdict::OutOfNodes);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::xorshift;

    use crate::core::search::tests::{Walk, BIG};

    #[test]
    fn open_pops_lower_scores_first_then_newer_nodes() {
        // random pushes and pops against a binary heap of (lower score, newer node)
        use std::cmp::Reverse;
        let mut x = 12345u64;
        let mut rnd = move |n: u64| xorshift(&mut x) % n;
        for spread in [3i64, 50, 2000, 1 << 20] {
            let (mut open, mut heap) = (Open::with_capacity(4), std::collections::BinaryHeap::new());
            let mut id = 0u32;
            for _ in 0..5000 {
                if rnd(3) < 2 {
                    let s = rnd(2 * spread as u64) as i64 - spread;
                    open.push(s, id);
                    heap.push((Reverse(s), id));
                    id += 1;
                } else {
                    assert_eq!(open.pop(), heap.pop().map(|(_, i)| i));
                }
                assert_eq!(open.is_empty(), heap.is_empty());
            }
            while let Some((_, i)) = heap.pop() {
                assert_eq!(open.pop(), Some(i));
            }
            assert_eq!(open.pop(), None);
        }
    }

    #[test]
    fn follows_the_score_and_spells_the_path() {
        // 0 -> 1, 2; 1 -> 3 -> 5 (goal); 2 -> 4 -> 2. The score prefers 2 first (a dead end).
        let edges = vec![vec![1, 2], vec![3], vec![4], vec![5], vec![2], vec![]];
        let mut g = Walk { at: 0, edges, goal: 5 };
        let out = best_first(&mut g, BIG, |g, _| if g.at == 1 { 5 } else { 0 });
        assert_eq!(out.verdict, Verdict::Won(crate::core::search::Line::from(vec!["0>1", "1>3", "3>5"])));
        assert_eq!(out.nodes, 5, "0, 2 and 4 (the dead end), then 1 and 3, whose child wins");
        assert_eq!(g.at, 0);
    }

    #[test]
    fn proves_a_loss_only_after_every_position() {
        let mut g = Walk { at: 0, edges: vec![vec![1, 2], vec![2, 0], vec![1], vec![]], goal: 3 };
        let out = best_first(&mut g, BIG, |g, _| g.at as i64);
        assert_eq!((out.verdict, out.nodes), (Verdict::Lost, 3));
        assert_eq!(g.at, 0);
        let out = best_first(&mut g, Limits { budget: 2, max_bytes: 1 << 30 }, |g, _| g.at as i64);
        assert_eq!(out.verdict, Verdict::OutOfNodes);
        assert_eq!(g.at, 0);
    }

    #[test]
    fn jumps_between_branches_and_comes_back() {
        // A binary tree of depth 4 whose leaves are dead except one; the score sends the search
        // across branches, so `goto` must climb and descend correctly.
        let mut edges = vec![Vec::new(); 32];
        for i in 1..16 {
            edges[i] = vec![2 * i, 2 * i + 1];
        }
        edges[0] = vec![1];
        let goal = 23;
        let mut g = Walk { at: 0, edges, goal };
        let out = best_first(&mut g, BIG, |g, _| ((g.at * 7919) % 13) as i64);
        let Verdict::Won(line) = out.verdict else { panic!("reachable") };
        assert_eq!(line, vec!["0>1", "1>2", "2>5", "5>11", "11>23"]);
        assert_eq!(g.at, 0);
    }
}
