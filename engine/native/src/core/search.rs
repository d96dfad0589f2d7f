//! The depth-first search every game can use: on one mutable state with make/undo, a
//! transposition set of exact keys, within `Limits` (game.rs says what a game must guarantee for
//! its `lost` to stand). `Scan` is the same search paused and resumed (turns.rs runs scans in
//! turns, and restarts).

use crate::core::memory::{self, Charged};
pub use crate::core::game::{Game, Limits, Outcome, Verdict};
pub use crate::core::line::Line;
pub use crate::core::seen::{SeenKey, SeenSet};

/// A position on the search's path: its candidates are `Searcher::moves[start..]` up to the next
/// frame's `start` (the top frame's: to the list's end). No `end` is kept, so the frame with its
/// `stage` takes the 32 bytes it took before stages (the memory meter charges the stack's room).
struct Frame {
    start: usize,
    /// The next candidate to try (an index into `Searcher::moves`).
    next: usize,
    /// Length of the trail when this frame's position was reached (before
    /// its safe moves), so backing out reverts exactly them.
    mark: usize,
    /// The next group of candidates to ask for (`Game::more_moves`); `Game::STAGES`: none left.
    stage: u8,
}

// The memory meter charges the stack's room: stages left it as it was.
#[cfg(target_pointer_width = "64")]
const _: () = assert!(std::mem::size_of::<Frame>() == 32);

/// A hash of a key, for the debug check that a frame's later groups are made on its position.
#[cfg(debug_assertions)]
fn key_hash<K: std::hash::Hash>(k: &K) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    BuildHasherDefault::<DefaultHasher>::default().hash_one(k)
}

/// What the look-ahead (`Searcher::look_ahead`) knows of a child. As big as an `Option` of the key
/// for Klondike's (a tag and the word), so the keys' list charges the meter what it did.
pub(crate) enum Ahead<K> {
    /// Its key from `Game::child_key`: it has no safe move and is not won, so entering it needs
    /// no more than the key (`Searcher::enter`'s `told`).
    Told(K),
    /// Its key after making it and its safe moves.
    Made(K),
    /// Not known (a won child, or a told key already handed to `enter`): entered afresh.
    Afresh,
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
    /// Keys of expanded positions.
    seen: <G::Key as SeenKey>::Set,
    trail: Vec<(G::Move, G::Undo)>,
    stack: Vec<Frame>,
    /// The candidates of every frame on the stack, one after another (the top frame's last), so
    /// a dive allocates no list a level: the stack's lists grow a few times a search, not once a
    /// position (a median Klondike deal's dive made 57, a tenth of its instructions with their frees).
    moves: Vec<G::Move>,
    /// With `Game::LOOKAHEAD`, what the look-ahead knows of the child each of `moves` leads to,
    /// at the same index; else empty.
    keys: Vec<Ahead<G::Key>>,
    /// Where `Game::moves` lists a position's candidates (it is handed an empty list), before
    /// they are copied onto `moves`.
    fresh: Vec<G::Move>,
    nodes: u64,
    cut: Option<Verdict>,
    /// The charge of the stack, trail and frames (the seen set charges its own).
    charged: Charged,
    /// A hash of each frame's key (debug builds, not charged): a later group must be made on the
    /// frame's own position.
    #[cfg(debug_assertions)]
    frame_keys: Vec<u64>,
    _scope: memory::Scope,
}

impl<'g, G: Game> Searcher<'g, G> {
    fn unwind_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (_, u) = self.trail.pop().unwrap();
            self.game.revert(u);
        }
    }

    /// Forget every frame and its candidates (the search has ended).
    fn drop_frames(&mut self) {
        self.stack.clear();
        #[cfg(debug_assertions)]
        self.frame_keys.clear();
        self.moves.clear();
        self.keys.clear();
    }

    /// Enter the position now on the board: make its safe moves, check for a
    /// win, and push a frame of candidates if the position is new. `told`: its key from
    /// `Game::child_key` (then it has no safe move, is not won, and was found unseen).
    fn enter(&mut self, told: Option<G::Key>) -> Entry {
        let (mark, was_told) = (self.trail.len(), told.is_some());
        let key = match told {
            Some(k) => k,
            None => {
                while let Some(m) = self.game.safe_move() {
                    let u = self.game.apply(m);
                    self.trail.push((m, u));
                }
                if self.game.won() {
                    return Entry::Won;
                }
                self.game.key()
            }
        };
        // The key first: most refusals are seen positions, and one probe tells them.
        let seen = &self.seen;
        if (!was_told && seen.contains(&key)) || self.game.dominated(&|k| seen.contains(k)) {
            self.unwind_to(mark);
            return Entry::Refused;
        }
        if self.nodes >= self.limits.budget {
            self.cut = Some(Verdict::OutOfNodes);
        } else if !self.metered() {
            self.cut = Some(Verdict::OutOfMemory);
        }
        if self.cut.is_some() {
            self.unwind_to(mark);
            return Entry::Refused;
        }
        #[cfg(debug_assertions)]
        let key_hash = key_hash(&key);
        self.seen.insert(key);
        self.nodes += 1;
        if G::APPENDS && !G::LOOKAHEAD {
            // the first group only: `run_on` asks for the next when these are spent
            let start = self.moves.len();
            let mut stage = 0;
            self.game.more_moves(&mut stage, &mut self.moves);
            self.stack.push(Frame { start, next: start, mark, stage });
            #[cfg(debug_assertions)]
            self.frame_keys.push(key_hash);
            return Entry::Entered;
        }
        let mut fresh = std::mem::take(&mut self.fresh);
        fresh.clear();
        self.game.moves(&mut fresh);
        let start = self.moves.len();
        self.moves.extend_from_slice(&fresh);
        if G::LOOKAHEAD {
            let mut keys = std::mem::take(&mut self.keys);
            self.look_ahead(&fresh, &mut keys);
            self.keys = keys;
        }
        self.fresh = fresh;
        self.stack.push(Frame { start, next: start, mark, stage: G::STAGES });
        #[cfg(debug_assertions)]
        self.frame_keys.push(key_hash);
        Entry::Entered
    }

    /// Whether the next position fits the memory cap: its frame's room on the stack and its key's
    /// in the seen set are charged first; the lists that grew since (the trail, the last frame's
    /// moves, a game's own tables) are charged as they stand. False once anything was refused.
    fn metered(&mut self) -> bool {
        if !memory::reserve(&mut self.stack, 1) || !self.seen.reserve_one() {
            return false;
        }
        let bytes = memory::vec_bytes(&self.stack)
            + memory::vec_bytes(&self.trail)
            + memory::vec_bytes(&self.moves)
            + memory::vec_bytes(&self.keys)
            + memory::vec_bytes(&self.fresh);
        self.charged.set(bytes);
        !memory::over()
    }

    /// The key of each child in `moves` (made from the current position) into `keys`, each
    /// prefetched: the search loop then skips a child whose key is seen without making it, and
    /// the probes overlap instead of each waiting on memory. The search is unchanged: a child
    /// seen when its turn comes would be refused on entering (a seen key is never a won position).
    fn look_ahead(&mut self, moves: &[G::Move], keys: &mut Vec<Ahead<G::Key>>) {
        for &m in moves {
            if let Some(k) = self.game.child_key(m) {
                self.seen.prefetch(&k);
                keys.push(Ahead::Told(k));
                continue;
            }
            let mark = self.trail.len();
            let u = self.game.apply(m);
            self.trail.push((m, u));
            while let Some(s) = self.game.safe_move() {
                let u = self.game.apply(s);
                self.trail.push((s, u));
            }
            if self.game.won() {
                keys.push(Ahead::Afresh);
            } else {
                let k = self.game.key();
                self.seen.prefetch(&k);
                keys.push(Ahead::Made(k));
            }
            self.unwind_to(mark);
        }
    }

    fn run(&mut self) -> bool {
        match self.enter(None) {
            Entry::Won => return true,
            Entry::Refused => return false,
            Entry::Entered => {}
        }
        self.run_on()
    }

    /// The search loop, from wherever the stack stands.
    fn run_on(&mut self) -> bool {
        while self.cut.is_none() {
            let Some(top) = self.stack.last_mut() else { return false };
            if G::STAGES > 1 && top.next == self.moves.len() && top.stage < G::STAGES {
                // The frame's moves so far are spent and their children unwound, so the board is
                // the frame's own position again: make its next group in their place.
                #[cfg(debug_assertions)]
                debug_assert_eq!(Some(&key_hash(&self.game.key())), self.frame_keys.last(), "a later group made off the frame's position");
                self.moves.truncate(top.start);
                self.game.more_moves(&mut top.stage, &mut self.moves);
                top.next = top.start;
            }
            if top.next < self.moves.len() {
                let m = self.moves[top.next];
                top.next += 1;
                let told = if G::LOOKAHEAD {
                    // keyed ahead (`look_ahead`, perhaps by making the move): skip a seen one;
                    // enter a told one with its key (as without the look-ahead), the others afresh.
                    // The next sibling's line is fetched again first: since its first prefetch the
                    // subtrees searched in between may have pushed it out of the cache.
                    let i = top.next - 1;
                    if let Some(Ahead::Told(k) | Ahead::Made(k)) = self.keys.get(i + 1) {
                        self.seen.prefetch(k);
                    }
                    match self.keys.get_mut(i) {
                        Some(Ahead::Told(k) | Ahead::Made(k)) if self.seen.contains(k) => continue,
                        // taken out (`enter` consumes it); a candidate a cut hands back is then
                        // entered afresh, to the same key
                        Some(a @ Ahead::Told(_)) => match std::mem::replace(a, Ahead::Afresh) {
                            Ahead::Told(k) => Some(k),
                            _ => unreachable!(),
                        },
                        _ => None,
                    }
                } else {
                    let told = self.game.child_key(m);
                    if told.as_ref().is_some_and(|k| self.seen.contains(k)) {
                        continue; // `enter` would refuse it
                    }
                    told
                };
                let u = self.game.apply(m);
                self.trail.push((m, u));
                match self.enter(told) {
                    Entry::Won => return true,
                    Entry::Entered => {}
                    Entry::Refused => {
                        let (_, u) = self.trail.pop().unwrap();
                        self.game.revert(u);
                        if self.cut.is_some() {
                            // not tried yet: a paused scan takes it up again on resuming
                            self.stack.last_mut().unwrap().next -= 1;
                        }
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
                self.moves.truncate(frame.start);
                self.keys.truncate(frame.start);
                #[cfg(debug_assertions)]
                self.frame_keys.pop();
            }
        }
        false
    }
}

/// Search `game` from its current position; it is left as it was found.
/// The line of a trail of made moves: each move spelled in the position it was made from,
/// undoing from the end, which also hands the game back at the trail's start.
pub(crate) fn spell_trail<G: Game>(game: &mut G, trail: &mut Vec<(G::Move, G::Undo)>) -> Line {
    // last move first, each move's tokens reversed; one reversal at the end puts all right
    // (a reversal moves only the tokens' places, never their text)
    let mut line = Line::with_capacity(3 * trail.len());
    while let Some((m, u)) = trail.pop() {
        game.revert(u);
        let from = line.len();
        game.spell(m, &mut line);
        line.reverse_from(from);
    }
    line.reverse_from(0);
    line
}

pub fn search<G: Game>(game: &mut G, limits: Limits) -> Outcome {
    let mut s = Searcher::new(game, limits);
    let won = s.run();
    s.finish(won)
}

impl<'g, G: Game> Searcher<'g, G> {
    fn new(game: &'g mut G, limits: Limits) -> Self {
        let scope = memory::scope(limits.max_bytes);
        memory::clear_over();
        Searcher {
            game,
            limits,
            // most searches are small: skip the first rounds of growing the table
            seen: SeenSet::with_room(256),
            // room for a median deal's dive (Klondike: about 60 levels, 170 moves made), so it
            // grows no list on the way
            trail: Vec::with_capacity(256),
            stack: Vec::with_capacity(64),
            moves: Vec::with_capacity(512),
            keys: Vec::new(),
            fresh: Vec::with_capacity(32),
            nodes: 0,
            cut: None,
            charged: Charged::default(),
            #[cfg(debug_assertions)]
            frame_keys: Vec::new(),
            _scope: scope,
        }
    }

    /// The outcome once `run` has ended for good; hands the game back as it was found.
    fn finish(&mut self, won: bool) -> Outcome {
        let s = self;
        let verdict = if won {
        Verdict::Won(spell_trail(s.game, &mut s.trail))
    } else {
        s.unwind_to(0);
        s.drop_frames();
        s.cut.take().unwrap_or(Verdict::Lost)
    };
    Outcome { verdict, nodes: s.nodes }
    }
}

/// One depth-first search that can pause and resume: `search` in slices, so several scans
/// with different move orders can take turns on one budget (interleaving, as Freecell
/// Solver's soft-DFS scans do), none of them losing the work it has done.
pub struct Scan<'g, G: Game> {
    s: Searcher<'g, G>,
    started: bool,
    done: Option<Outcome>,
}

impl<'g, G: Game> Scan<'g, G> {
    /// A scan of `game` from its current position; `max_bytes` caps its own keys.
    pub fn new(game: &'g mut G, max_bytes: u64) -> Self {
        Scan { s: Searcher::new(game, Limits { budget: 0, max_bytes }), started: false, done: None }
    }

    /// Positions this scan has expanded.
    pub fn nodes(&self) -> u64 {
        self.s.nodes
    }

    /// Go on for at most `more` positions. Some(outcome) once the scan is over (won, lost
    /// when it ran dry: a complete search, or out of memory); None when only paused.
    pub fn resume(&mut self, more: u64) -> Option<&Outcome> {
        if self.done.is_none() && more > 0 {
            self.s.limits.budget = self.s.nodes + more;
            self.s.cut = None;
            let won = if self.started {
                self.s.run_on()
            } else {
                self.started = true;
                self.s.run()
            };
            match self.s.cut {
                Some(Verdict::OutOfNodes) if !won => return None,
                _ => self.done = Some(self.s.finish(won)),
            }
        }
        self.done.as_ref()
    }

    /// Give up: the game is handed back as it was found.
    pub fn abandon(&mut self) {
        if self.done.is_none() {
            self.s.unwind_to(0);
            self.s.drop_frames();
            self.done = Some(Outcome { verdict: Verdict::OutOfNodes, nodes: self.s.nodes });
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A toy game: walk a small directed graph from node 0 to a goal node (also best_first's tests).
    pub(crate) struct Walk {
        pub(crate) at: usize,
        pub(crate) edges: Vec<Vec<usize>>,
        pub(crate) goal: usize,
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
        fn spell(&self, m: usize, out: &mut Line) {
            out.push(format!("{}>{}", self.at, m));
        }
    }

    /// The `Game` items a wrapper of `Walk` (its `.0`) hands on to it unchanged.
    macro_rules! as_walk {
        () => {
            type Move = usize;
            type Undo = usize;
            type Key = usize;
            fn safe_move(&self) -> Option<usize> {
                None
            }
            fn moves(&self, out: &mut Vec<usize>) {
                self.0.moves(out)
            }
            fn apply(&mut self, m: usize) -> usize {
                self.0.apply(m)
            }
            fn revert(&mut self, u: usize) {
                self.0.revert(u)
            }
            fn won(&self) -> bool {
                self.0.won()
            }
            fn key(&self) -> usize {
                self.0.key()
            }
            fn spell(&self, m: usize, out: &mut Line) {
                self.0.spell(m, out)
            }
        };
    }

    /// `count` random graphs from `seed` for `Walk`: 2..31 nodes, each with fewer than `fanout`
    /// edges, and a goal that is sometimes no node (unreachable: a loss).
    fn random_walks(seed: u64, count: usize, fanout: u64) -> Vec<(Vec<Vec<usize>>, usize)> {
        let mut x = seed;
        let mut next = |n: u64| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (x >> 33) % n
        };
        (0..count)
            .map(|_| {
                let n = 2 + next(30) as usize;
                let edges = (0..n).map(|_| (0..next(fanout)).map(|_| next(n as u64) as usize).collect()).collect();
                (edges, next(n as u64 + 3) as usize)
            })
            .collect()
    }

    pub(crate) const BIG: Limits = Limits { budget: 1_000, max_bytes: 1 << 30 };

    #[test]
    fn finds_a_path_through_cycles_and_restores_the_position() {
        // 0 -> 1 -> 0 (cycle), 1 -> 2 -> 3 (goal)
        let mut g = Walk { at: 0, edges: vec![vec![1], vec![0, 2], vec![1, 3], vec![]], goal: 3 };
        let out = search(&mut g, BIG);
        assert_eq!(out.verdict, Verdict::Won(Line::from(vec!["0>1", "1>2", "2>3"])));
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

    /// `Walk` with the look-ahead on: `quick` says whether it also keys children without moving.
    struct Keyed(Walk, bool);

    impl Game for Keyed {
        const LOOKAHEAD: bool = true;
        fn child_key(&self, m: usize) -> Option<usize> {
            (self.1 && m != self.0.goal).then_some(m)
        }
        as_walk!();
    }

    #[test]
    fn look_ahead_changes_no_verdict_count_or_line() {
        for (trial, (edges, goal)) in random_walks(99, 300, 4).into_iter().enumerate() {
            for nodes in [3, 10, 1_000] {
                let limits = Limits { budget: nodes, max_bytes: 1 << 30 };
                let plain = search(&mut Walk { at: 0, edges: edges.clone(), goal }, limits);
                for quick in [false, true] {
                    let mut g = Keyed(Walk { at: 0, edges: edges.clone(), goal }, quick);
                    let out = search(&mut g, limits);
                    assert_eq!((&out.verdict, out.nodes), (&plain.verdict, plain.nodes), "trial {trial}, budget {nodes}");
                    assert_eq!(g.0.at, 0);
                }
            }
        }
    }

    /// `Walk` with its moves handed in groups of `.1` (the last group may be short; group 1 is
    /// always empty, to be skipped), appended to the search's list.
    struct Staged(Walk, usize);

    impl Game for Staged {
        const APPENDS: bool = true;
        const STAGES: u8 = 6;
        fn more_moves(&self, stage: &mut u8, out: &mut Vec<usize>) {
            let e = &self.0.edges[self.0.at];
            let before = out.len();
            while out.len() == before && *stage < Self::STAGES {
                // group 0: the first `.1` moves; 1: none; 2..: `.1` more each, the last the rest
                let g = *stage as usize;
                let (from, to) = match g {
                    0 => (0, self.1),
                    1 => (0, 0),
                    _ if g + 1 == Self::STAGES as usize => ((g - 1) * self.1, usize::MAX),
                    _ => ((g - 1) * self.1, g * self.1),
                };
                out.extend(e.iter().take(to.min(e.len())).skip(from.min(e.len())).copied());
                *stage += 1;
            }
        }
        as_walk!();
    }

    #[test]
    fn moves_in_stages_change_no_verdict_count_or_line_even_when_paused() {
        for (trial, (edges, goal)) in random_walks(7, 300, 8).into_iter().enumerate() {
            for nodes in [3, 10, 1_000] {
                let limits = Limits { budget: nodes, max_bytes: 1 << 30 };
                let plain = search(&mut Walk { at: 0, edges: edges.clone(), goal }, limits);
                for group in [1, 2, 3] {
                    let mut g = Staged(Walk { at: 0, edges: edges.clone(), goal }, group);
                    let out = search(&mut g, limits);
                    assert_eq!((&out.verdict, out.nodes), (&plain.verdict, plain.nodes), "trial {trial}, budget {nodes}");
                    assert_eq!(g.0.at, 0);
                    // a scan paused every few positions (a cut puts its move back) resumes alike
                    for slice in [1, 2, 5] {
                        let mut g = Staged(Walk { at: 0, edges: edges.clone(), goal }, group);
                        let mut scan = Scan::new(&mut g, 1 << 30);
                        let out = loop {
                            let left = nodes - scan.nodes();
                            if left == 0 {
                                scan.abandon();
                            }
                            if let Some(o) = scan.resume(slice.min(left)) {
                                break o.clone();
                            }
                            if left == 0 {
                                break Outcome { verdict: Verdict::OutOfNodes, nodes };
                            }
                        };
                        assert_eq!((&out.verdict, out.nodes), (&plain.verdict, plain.nodes), "trial {trial}, budget {nodes}, slice {slice}");
                        drop(scan);
                        assert_eq!(g.0.at, 0);
                    }
                }
            }
        }
    }

    #[test]
    fn budget_gives_unknown_never_lost() {
        let mut g = Walk { at: 0, edges: vec![vec![1, 2], vec![2, 0], vec![1], vec![]], goal: 3 };
        let out = search(&mut g, Limits { budget: 2, max_bytes: 1 << 30 });
        assert_eq!(out.verdict, Verdict::OutOfNodes);
        let out = search(&mut g, Limits { budget: 100, max_bytes: 40 });
        assert_eq!(out.verdict, Verdict::OutOfMemory);
        assert_eq!(g.at, 0);
    }
}
