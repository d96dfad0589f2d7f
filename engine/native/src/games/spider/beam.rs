//! A staged beam search by stock phase (README.md, "The beam search"): a kind of search that
//! never says `lost`, beside the best-first ones.
//!
//! Why: the deal from the stock is irreversible and splits a game into six phases (five deals,
//! then the end). A best-first search over the whole game spends its budget where the evaluation
//! is lowest, which is often deep in one phase on a line whose next deal lands badly, and it has
//! no way to compare positions across phases fairly. The beam search explores each phase on its
//! own: from its roots (the positions just after a deal) a best-first search without the deal,
//! `per_root` positions a root; every position where the deal is possible gives one candidate,
//! the position after the deal; the `width` best candidates (by the evaluation after the deal)
//! are the next phase's roots. The last phase (stock empty) looks for the win the same way.
//! When a phase ends with no candidate or the last one with no win, the attempt is given up and
//! the next starts from the deal with a width `grow` times larger (1, 4, 16, ...).
//!
//! Pausable at every position (`Resume`), so it takes turns with the other searches on one
//! budget; nodes are the positions expanded over every attempt, so the verdict is a function of
//! the budget. Keys are 128-bit hashes (a collision can only lose a win); a line is the moves
//! from the deal to the win, every one a legal move (the referee replays it).

use rustc_hash::FxHashSet;

use super::state::{Move, Spider, Undo, WEIGHTS};
use crate::core::memory::{self, Charged};
use crate::core::search::{Game, Line, Outcome, Verdict};
use crate::core::turns::Resume;

/// The beam's settings (knobs `bk`, `bg`, `bm`, `bf`, `bc`, `bh`, `bco`, `bcs` of `solve`).
#[derive(Clone, Copy, Debug)]
pub(super) struct Settings {
    /// The first attempt's width (positions kept at each deal).
    pub width: usize,
    /// Each failed attempt's width times this is the next one's.
    pub grow: usize,
    /// Positions a phase may expand, per root.
    pub per_root: u64,
    /// The last phase (no stock) may expand this many times more.
    pub last: u64,
    /// Weight of a move within the phase against 4 x the evaluation (weighted A*).
    pub depth: i64,
    /// The evaluation's weights of a beam `Kind::BeamOther` (search.rs; the others keep the
    /// game's).
    pub other: [i64; WEIGHTS],
    /// Attempt i evaluates with `CYCLE[i % cycle]` (1: the game's weights every attempt; knob
    /// `bc`; 4 with `hold` in two suits, search.rs; bench log S18).
    pub cycle: usize,
    /// Whether the width grows only once a cycle (knob `bh`).
    pub hold: bool,
    /// Only the beam of this depth weight cycles (knob `bco`; None: every beam).
    pub cycle_only: Option<i64>,
    /// Attempts cycle only once the width has reached this (knob `bcs`; 1: from the first
    /// attempt): the narrow attempts, which win most deals, keep the game's weights and their
    /// nodes.
    pub cycle_from: usize,
}

/// Measured on spider-4 deals 1..100 and spider-2's hard deals (bench log S7): 500 positions a
/// root and a width doubling each attempt won as many deals as 1,000 and 4 for less CPU.
pub(super) const SETTINGS: Settings = Settings { width: 1, grow: 2, per_root: 500, last: 4, depth: 8, other: OTHER_WEIGHTS, cycle: 1, hold: false, cycle_only: None, cycle_from: 1 };

/// The weight sets and positions a root that attempts cycle through (`Settings::cycle`, knobs
/// `bc`, `bh`, `bco`): the first is replaced by the game's weights and `per_root`; then an empty
/// column at 8 with 1,000 positions a root (alone as a knob it won 6 of spider-4's 14 hard deals
/// at 1,000,000), at 15 (S16's `OTHER_WEIGHTS`), a face-down card at 10 (bench log S18).
pub(super) const CYCLE: [([i64; WEIGHTS], u64); 4] =
    [([6, 4, 5, 40, 4, 3, 0, 0], 500), ([6, 4, 8, 40, 4, 3, 0, 0], 1000), ([6, 4, 15, 40, 4, 3, 0, 0], 500), ([10, 4, 5, 40, 4, 3, 0, 0], 500)];

/// The weights of the beam `Kind::BeamOther` (search.rs) (knobs `a0`..`a5`, as `w0`..`w5`): an empty column
/// three times the first weights' (bench log S16; a knob's kind, in no default plan).
pub(super) const OTHER_WEIGHTS: [i64; WEIGHTS] = [6, 4, 15, 40, 4, 3, 0, 0];

/// The beam's seen key: the low half of the 128-bit key hash (`sums::key_hash`, whose halves are
/// each a full 64-bit mix of the columns' sum). Two positions sharing it are taken for one, so a
/// collision can only make the beam pass over a position (miss a win), never make a win or a
/// `lost` (the beam never says it): the argument of the 128-bit hash, at about n^2 / 2^65 for n
/// positions an attempt (under 10^-5 at ten million).
fn short(h: u128) -> u64 {
    h as u64
}

/// A position met in the current attempt: the one it came from and the move (the attempt's
/// root: itself, no move) and its moves since the phase began.
#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    mv: Option<Move>,
    /// Moves since the phase's root.
    depth: u32,
}

/// Bytes charged for one stored state (a phase's root): the struct and its columns' and stock's
/// buffers (an estimate made of counts only, so the charge, and any end on memory, is
/// deterministic).
const STATE_BYTES: u64 = (std::mem::size_of::<Spider>() + 11 * 32 + 104) as u64;

pub(super) struct Beam {
    root: Spider,
    set: Settings,
    width: usize,
    /// Attempts started so far under the cycle (every attempt once the width has reached
    /// `cycle_from`).
    attempt: usize,
    /// Whether the current attempt is one of the cycle's.
    cycling: bool,
    /// The evaluation's weights of attempt 0 (the game's).
    base_w: [i64; WEIGHTS],
    base_per_root: u64,
    /// Every position of this attempt met so far (root first).
    nodes: Vec<Node>,
    /// The phase's roots' node ids, increasing, and their states (`roots[i]` is node
    /// `root_ids[i]`'s).
    root_ids: Vec<u32>,
    roots: Vec<Spider>,
    /// The one position walked from node to node (bench log S14): the nodes from its phase's
    /// root down to it (`path[d]` at d moves from the root), each with the undo of its move.
    /// A position is reached from the last one by undoing up to their common ancestor and
    /// playing down, instead of a copy of its parent's stored state: the same positions, the
    /// same order, no copy a position.
    cur: Spider,
    path: Vec<(u32, Option<Undo>)>,
    down: Vec<u32>,
    /// This phase's open positions: lowest score first, then newest.
    open: Buckets,
    /// The candidates for the next phase: the score after the deal and the node.
    next: Vec<(i64, u32)>,
    /// The keys are hashes already: Fx's cheap mix, not SipHash. The low 64 bits of the 128-bit
    /// key hash (`short`): 9 bytes a slot instead of 17 (bench log S20).
    seen: FxHashSet<u64>,
    /// Positions this phase may still expand.
    left: u64,
    expanded: u64,
    moves: Vec<Move>,
    done: Option<Outcome>,
    charged: Charged,
}

impl Beam {
    pub(super) fn new(root: &Spider, set: Settings) -> Self {
        let mut b = Beam {
            root: root.clone(),
            set,
            width: set.width.max(1),
            attempt: 0,
            cycling: false,
            base_w: root.w,
            base_per_root: set.per_root,
            nodes: Vec::new(),
            root_ids: Vec::new(),
            roots: Vec::new(),
            cur: root.clone(),
            path: Vec::new(),
            down: Vec::new(),
            open: Buckets::default(),
            next: Vec::new(),
            seen: FxHashSet::default(),
            left: 0,
            expanded: 0,
            moves: Vec::new(),
            done: None,
            charged: Charged::default(),
        };
        if b.root.won() {
            b.done = Some(Outcome { verdict: Verdict::Won(Line::new()), nodes: 0 });
        }
        b.start();
        b
    }

    /// A new attempt from the deal at the current width.
    fn start(&mut self) {
        self.nodes.clear();
        self.root_ids.clear();
        self.roots.clear();
        self.path.clear();
        self.open.clear();
        self.next.clear();
        self.seen.clear();
        self.cycling = self.set.cycle > 1 && self.width >= self.set.cycle_from;
        if self.cycling {
            let k = self.attempt % self.set.cycle;
            let (w, per_root) = if k == 0 { (self.base_w, self.base_per_root) } else { CYCLE[k % CYCLE.len()] };
            self.root.w = w;
            self.cur.w = w;
            self.set.per_root = per_root;
            self.attempt += 1;
        }
        self.nodes.push(Node { parent: 0, mv: None, depth: 0 });
        self.root_ids.push(0);
        self.roots.push(self.root.clone());
        self.seen.insert(short(self.root.key_hash()));
        let sc = self.score(&self.root, 0);
        self.open.push(sc, 0);
        self.left = self.phase_budget(1, self.root.stock.is_empty());
    }

    /// The phase's order: 4 x the evaluation plus the moves since the phase began, weighted.
    fn score(&self, s: &Spider, depth: u32) -> i64 {
        4 * s.eval() + self.set.depth * depth as i64
    }

    fn phase_budget(&self, roots: usize, last: bool) -> u64 {
        let b = roots as u64 * self.set.per_root.max(1);
        if last { b.saturating_mul(self.set.last.max(1)) } else { b }
    }

    /// The moves from the attempt's root to node `id`, then `last` if any, spelled.
    fn line(&self, mut id: u32, last: Option<Move>) -> Line {
        let mut ms: Vec<Move> = last.into_iter().collect();
        while let Some(m) = self.nodes[id as usize].mv {
            ms.push(m);
            id = self.nodes[id as usize].parent;
        }
        let mut line = Line::with_capacity(ms.len());
        for &m in ms.iter().rev() {
            self.root.spell(m, &mut line);
        }
        line
    }

    /// Bring `cur` to node `t` of this phase: undo up to the deepest node of the path that is an
    /// ancestor of `t`, or start again from `t`'s root (a copy of its state) when none is, then
    /// play down to `t`.
    fn goto(&mut self, t: u32) {
        self.down.clear();
        let mut x = t;
        loop {
            let d = self.nodes[x as usize].depth as usize;
            if d < self.path.len() && self.path[d].0 == x {
                while self.path.len() > d + 1 {
                    let (_, u) = self.path.pop().unwrap();
                    self.cur.revert(u.expect("only a root has no undo"));
                }
                break;
            }
            if d == 0 {
                let i = self.root_ids.binary_search(&x).expect("a node at depth 0 is a root");
                self.cur = self.roots[i].clone();
                self.path.clear();
                self.path.push((x, None));
                break;
            }
            self.down.push(x);
            x = self.nodes[x as usize].parent;
        }
        while let Some(y) = self.down.pop() {
            let m = self.nodes[y as usize].mv.expect("only a root has no move");
            let u = self.cur.apply(m);
            self.path.push((y, Some(u)));
        }
    }

    /// The phase is over: the best `width` candidates, dealt, are the next phase's roots; with
    /// none (or after the last phase) the attempt failed and a wider one starts.
    fn end_phase(&mut self) {
        self.open.clear();
        if self.next.is_empty() {
            // with `hold`, every weight set of the cycle is tried at a width before it grows
            if !self.set.hold || !self.cycling || self.attempt % self.set.cycle.max(1) == 0 {
                self.width = self.width.saturating_mul(self.set.grow.max(2));
            }
            self.start();
            return;
        }
        let mut next = std::mem::take(&mut self.next);
        next.sort_unstable();
        next.truncate(self.width);
        let mut roots: Vec<(Spider, u32)> = Vec::with_capacity(next.len());
        for &(_, id) in &next {
            let n = self.nodes[id as usize];
            self.goto(n.parent);
            let mut s = self.cur.clone();
            s.apply(n.mv.expect("a candidate is a deal"));
            roots.push((s, id));
        }
        self.roots.clear();
        self.root_ids.clear();
        self.path.clear();
        let last = roots[0].0.stock.is_empty();

        // pushed by increasing id, so that among equal scores the open list pops the newest
        // first (the order of the binary heap of (score, id) it replaces: S15)
        roots.sort_unstable_by_key(|r| r.1);
        let count = roots.len();
        for (s, id) in roots {
            self.nodes[id as usize].depth = 0;
            self.open.push(self.score(&s, 0), id);
            self.root_ids.push(id);
            self.roots.push(s);
        }
        self.left = self.phase_budget(count, last);
    }

    fn metered(&mut self) -> bool {
        let bytes = self.roots.len() as u64 * STATE_BYTES
            + memory::vec_bytes(&self.path)
            + memory::vec_bytes(&self.nodes)
            + memory::vec_bytes(&self.root_ids)
            + memory::vec_bytes(&self.open.heads)
            + memory::vec_bytes(&self.open.next)
            + self.next.capacity() as u64 * 16
            + self.seen.capacity() as u64 * 9;
        self.charged.set(bytes);
        !memory::over()
    }
}

/// The open list: a bucket queue over the scores (one list a score, linked through the node ids),
/// popping the lowest score first, then the last pushed, which is the newest node as long as ids
/// are pushed in increasing order. 4 bytes a node (its link) in place of a binary heap's 16 an
/// open position, O(1) a push or pop; the scores (4 x the evaluation plus the weighted depth in
/// the phase) span a few thousand values.
#[derive(Default)]
struct Buckets {
    /// The last node pushed of score `base + i` at `heads[i]` (NIL when none).
    heads: Vec<u32>,
    /// The node pushed before it with the same score, by node id.
    next: Vec<u32>,
    base: i64,
    /// No bucket below `min` holds a node.
    min: usize,
    len: usize,
}

const NIL: u32 = u32::MAX;

impl Buckets {
    fn clear(&mut self) {
        self.heads.clear();
        self.len = 0;
        self.min = 0;
    }

    fn push(&mut self, s: i64, id: u32) {
        if self.heads.is_empty() {
            self.base = s - 256;
        }
        if s < self.base {
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

impl Resume for Beam {
    fn resume(&mut self, more: u64) -> Option<Outcome> {
        if self.done.is_some() {
            return self.done.clone();
        }
        let stop = self.expanded + more;
        while self.expanded < stop {
            if !self.metered() {
                self.done = Some(Outcome { verdict: Verdict::OutOfMemory, nodes: self.expanded });
                return self.done.clone();
            }
            let Some(id) = (if self.left > 0 { self.open.pop() } else { None }) else {
                self.end_phase();
                continue;
            };
            self.expanded += 1;
            self.left -= 1;
            self.goto(id);
            // the position's stale column hashes worked out once, not under every child (whose
            // undo puts them back stale); only speed
            self.cur.hashes();
            self.moves.clear();
            self.cur.moves(&mut self.moves);
            let depth = self.nodes[id as usize].depth + 1;
            for i in 0..self.moves.len() {
                let m = self.moves[i];
                let u = self.cur.apply(m);
                if self.cur.won() {
                    let line = self.line(id, Some(m));
                    self.done = Some(Outcome { verdict: Verdict::Won(line), nodes: self.expanded });
                    return self.done.clone();
                }
                if self.seen.insert(short(self.cur.key_hash())) {
                    let child = self.nodes.len() as u32;
                    self.nodes.push(Node { parent: id, mv: Some(m), depth });
                    if m == Move::Deal {
                        self.next.push((self.cur.eval(), child));
                    } else {
                        let sc = self.score(&self.cur, depth);
                        self.open.push(sc, child);
                    }
                }
                self.cur.revert(u);
            }
        }
        None
    }

    fn nodes(&self) -> u64 {
        self.expanded
    }

    fn abandon(&mut self) {
        if self.done.is_none() {
            self.done = Some(Outcome { verdict: Verdict::OutOfNodes, nodes: self.expanded });
        }
        self.roots.clear();
        self.path.clear();
        self.nodes.clear();
        self.open.clear();
        self.seen.clear();
    }
}
