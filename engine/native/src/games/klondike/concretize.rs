//! Turning an abstract winning line (`AbsMove`s, no piles) into a concrete line the Python referee
//! replays (README.md, "Concretizing abstract lines").
//!
//! The abstract game sees only which cards are on the foundations, which card of each pile still
//! sits on its dealt face-down cards (its *surface*), the face-down cards and the stock. Where the
//! other face-up cards lie is *arrangement*, invisible to it. So each abstract move is realized on
//! the concrete board by a few *rearrangements* (tableau moves of runs whose bottom card is not a
//! surface: they change nothing the abstract game sees) and then the one concrete move that does
//! what the abstract move says. A breadth-first search finds the fewest rearrangements; when a
//! later move cannot be realized, earlier choices (which pile a card went to, which arrangement)
//! are retried, all within a budget of positions so a bad line fails fast. Nothing here needs to
//! be trusted: a line becomes a `won` verdict only after the referee replays it.

use rustc_hash::FxHashSet;

use super::abs_move::AbsMove;
use super::keys::key;
use super::moves::spell;
use crate::core::search::Line;
use super::state::{rank, suit, twin, Move, State, FOUND, PILES};

/// Most rearrangements made before one abstract move. In a position the abstract game describes
/// exactly, one is always enough (a card the abstract game calls free has a free twin to take
/// what covers it); more only repair earlier unlucky choices.
pub const MAX_REARRANGE: usize = 3;
/// Realizations of one abstract move kept for backtracking (fewest rearrangements first).
pub const ALTERNATIVES: usize = 4;
/// Positions the whole concretization may visit (rearrangement searches and retries together).
pub const BUDGET: u64 = 100_000;

/// What a concretization did, for tests and measurements.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The concrete line, every stock tap spelled out; None when the line could not be realized.
    pub line: Option<Line>,
    /// Positions visited by the rearrangement searches.
    pub positions: u64,
    /// Most rearrangements any realized abstract move needed.
    pub max_rearrange: usize,
    /// Abstract moves (of the line found) that needed a rearrangement first.
    pub rearranged: usize,
    /// Realizations abandoned for a later move's sake.
    pub backtracks: u64,
    /// The furthest abstract move (index, move) that could not be realized, if any.
    pub failed: Option<(usize, AbsMove)>,
    /// Whether, where it failed first, the same move on the twin card (same rank and colour)
    /// could have been realized: the abstract search then chose the wrong twin.
    pub twin_would_do: bool,
}

/// A concrete position and the piles that have been empty at some time (their dealt cards are
/// gone, so they have no surface: a king at the bottom of one is an ordinary placed card).
#[derive(Clone)]
struct Node {
    s: State,
    bare: u8,
}

impl Node {
    fn new(s: &State) -> Node {
        let mut n = Node { s: s.clone(), bare: 0 };
        n.mark_bare();
        n
    }

    fn mark_bare(&mut self) {
        for p in 0..PILES {
            if self.s.len[p] == 0 {
                self.bare |= 1 << p;
            }
        }
    }

    /// Make `m`, spelling it (from the position before it) onto `out`.
    fn play(&mut self, m: Move, out: &mut Line) {
        spell(&self.s, m, out);
        self.s.apply(m);
        self.mark_bare();
    }

    /// The pile whose surface is `c`.
    fn surface_pile(&self, c: u8) -> Option<usize> {
        (0..PILES).find(|&p| {
            let (d, l) = (self.s.down[p] as usize, self.s.len[p] as usize);
            self.bare & (1 << p) == 0 && l > d && self.s.cards[p][d] == c
        })
    }

    /// Piles other than `from` that take `c` now; of the empty ones only the first (they are
    /// interchangeable).
    fn landings(&self, c: u8, from: usize, out: &mut Vec<u8>) {
        let mut empty_seen = false;
        for t in 0..PILES {
            if t == from || !self.s.to_pile_ok(c, t) {
                continue;
            }
            if self.s.len[t] == 0 {
                if empty_seen {
                    continue;
                }
                empty_seen = true;
            }
            out.push(t as u8);
        }
    }

    /// The rearrangements here: a run whose bottom card is placed (above the pile's surface, or
    /// anywhere in a bare pile but its bottom) onto another pile's top that takes it.
    fn rearrangements(&self, out: &mut Vec<Move>) {
        for p in 0..PILES {
            let (d, l) = (self.s.down[p] as usize, self.s.len[p] as usize);
            for i in d + 1..l {
                let y = self.s.cards[p][i];
                for t in 0..PILES {
                    if t != p && self.s.len[t] > 0 && self.s.to_pile_ok(y, t) {
                        out.push(Move::PileToPile { from: p as u8, to: t as u8, n: (l - i) as u8 });
                    }
                }
            }
        }
    }

    /// The concrete moves that do `m` here, without rearranging; empty when `m` needs some.
    fn finals(&self, m: AbsMove, out: &mut Vec<Move>) {
        let s = &self.s;
        let mut to = Vec::new();
        match m {
            AbsMove::PileStack(c) => {
                if s.to_found_ok(c) {
                    if let Some(p) = (0..PILES).find(|&p| s.top(p) == Some(c)) {
                        out.push(Move::PileToFound { from: p as u8 });
                    }
                }
            }
            AbsMove::StackPile(c) => {
                if s.found[suit(c) as usize] == rank(c) {
                    self.landings(c, PILES, &mut to);
                    out.extend(to.iter().map(|&t| Move::FoundToPile { suit: suit(c), to: t }));
                }
            }
            AbsMove::DeckStack(c) | AbsMove::DeckPile(c) => {
                let Some((q, redeal)) = stock_reach(s, c) else { return };
                if let AbsMove::DeckStack(_) = m {
                    if s.to_found_ok(c) {
                        out.push(Move::Waste { q, redeal, to: FOUND });
                    }
                } else {
                    self.landings(c, PILES, &mut to);
                    out.extend(to.iter().map(|&t| Move::Waste { q, redeal, to: t }));
                }
            }
            AbsMove::Reveal(c) => {
                if let Some(p) = self.surface_pile(c) {
                    let n = s.len[p] - s.down[p];
                    self.landings(c, p, &mut to);
                    out.extend(to.iter().map(|&t| Move::PileToPile { from: p as u8, to: t, n }));
                }
            }
        }
    }

    /// Whether rearranging could ever help `m`: the card must be where the move takes it from.
    fn possible(&self, m: AbsMove) -> bool {
        let s = &self.s;
        match m {
            AbsMove::PileStack(c) => {
                s.to_found_ok(c)
                    && (0..PILES).any(|p| (s.down[p]..s.len[p]).any(|i| s.cards[p][i as usize] == c))
            }
            AbsMove::StackPile(c) => s.found[suit(c) as usize] == rank(c),
            AbsMove::DeckStack(c) => s.to_found_ok(c) && stock_reach(s, c).is_some(),
            AbsMove::DeckPile(c) => stock_reach(s, c).is_some(),
            AbsMove::Reveal(c) => self.surface_pile(c).is_some(),
        }
    }
}

/// How the stock macro move reaches `c` (waste size, turn-over), if it can.
fn stock_reach(s: &State, c: u8) -> Option<(u8, bool)> {
    let mut r = None;
    s.reachable(|q, redeal| {
        if r.is_none() && s.seq[q as usize - 1] == c {
            r = Some((q, redeal));
        }
    });
    r
}

/// One way to do an abstract move: rearrangements, then the move itself.
#[derive(Clone)]
struct Realization {
    moves: Vec<Move>,
}

/// The realizations of `m` from `start`, fewest rearrangements first (breadth first, in pile
/// order, so deterministic): all those at the least depth that has any, at most ALTERNATIVES.
fn realize(start: &Node, m: AbsMove, positions: &mut u64, depth_used: &mut usize, mirror: bool) -> Vec<Realization> {
    let mut found = Vec::new();
    if !start.possible(m) {
        return found;
    }
    let mut seen = FxHashSet::default();
    seen.insert(key(&start.s));
    let mut layer: Vec<(Node, Vec<Move>)> = vec![(start.clone(), Vec::new())];
    let mut buf = Vec::new();
    for depth in 0..=MAX_REARRANGE {
        for (n, path) in &layer {
            buf.clear();
            n.finals(m, &mut buf);
            if mirror {
                buf.reverse();
            }
            for &f in &buf {
                if found.len() < ALTERNATIVES {
                    let mut moves = path.clone();
                    moves.push(f);
                    found.push(Realization { moves });
                }
            }
        }
        if !found.is_empty() {
            *depth_used = (*depth_used).max(depth);
            return found;
        }
        if depth == MAX_REARRANGE || *positions >= BUDGET {
            break;
        }
        let mut next = Vec::new();
        for (n, path) in &layer {
            buf.clear();
            n.rearrangements(&mut buf);
            if mirror {
                buf.reverse();
            }
            for &r in &buf {
                let mut c = n.clone();
                c.s.apply(r);
                *positions += 1;
                if seen.insert(key(&c.s)) {
                    let mut p = path.clone();
                    p.push(r);
                    next.push((c, p));
                }
            }
        }
        layer = next;
    }
    found
}

/// The same move on the twin card (same rank and colour).
fn on_twin(m: AbsMove) -> AbsMove {
    let t = |c: u8| twin(suit(c)) * 13 + rank(c) - 1;
    match m {
        AbsMove::PileStack(c) => AbsMove::PileStack(t(c)),
        AbsMove::StackPile(c) => AbsMove::StackPile(t(c)),
        AbsMove::DeckStack(c) => AbsMove::DeckStack(t(c)),
        AbsMove::DeckPile(c) => AbsMove::DeckPile(t(c)),
        AbsMove::Reveal(c) => AbsMove::Reveal(t(c)),
    }
}

/// The concrete line of an abstract winning `line` from `start` (the deal's position, its safe
/// moves not made: the line makes every move itself), spelled as `moves::spell` spells moves;
/// None when it cannot be realized within the bounds, or does not end in a win.
pub fn concretize(start: &State, line: &[AbsMove]) -> Option<Line> {
    concretize_report(start, line).line
}

/// `concretize`, with what it took.
pub fn concretize_report(start: &State, line: &[AbsMove]) -> Report {
    run(start, line, false, true).0
}

/// `concretize_report` making its choices in the opposite order (last landing pile first), to
/// test that realizations do not hang on lucky first choices.
#[cfg(test)]
pub(super) fn concretize_mirrored(start: &State, line: &[AbsMove]) -> Report {
    run(start, line, true, true).0
}

/// The position (and bare-pile mask) a realization of `line` reaches, win or not, making the
/// choices in the opposite order if `mirror`; None when some move cannot be realized.
#[cfg(test)]
pub(super) fn realize_prefix(start: &State, line: &[AbsMove], mirror: bool) -> Option<(State, u8)> {
    run(start, line, mirror, false).1.map(|n| (n.s, n.bare))
}

/// The concretization, and the position it ends in; a win is required if `need_win`.
fn run(start: &State, line: &[AbsMove], mirror: bool, need_win: bool) -> (Report, Option<Node>) {
    struct Frame {
        before: Node,
        tokens: usize,
        options: Vec<Realization>,
        next: usize,
    }
    let mut r = Report::default();
    let mut node = Node::new(start);
    let mut tokens = Line::new();
    let mut frames: Vec<Frame> = Vec::new();
    loop {
        let i = frames.len();
        if i == line.len() {
            // Realizations differ only in arrangement, never in the foundations: no retry helps.
            if need_win && !node.s.won() {
                return (r, None);
            }
            r.rearranged = frames.iter().filter(|f| f.options[f.next - 1].moves.len() > 1).count();
            r.line = Some(tokens);
            return (r, Some(node));
        }
        let options = realize(&node, line[i], &mut r.positions, &mut r.max_rearrange, mirror);
        if options.is_empty() && r.failed.is_none_or(|(j, _)| j < i) {
            r.failed = Some((i, line[i]));
            let mut sink = 0;
            r.twin_would_do = !realize(&node, on_twin(line[i]), &mut sink, &mut 0, mirror).is_empty();
        }
        frames.push(Frame { before: node.clone(), tokens: tokens.len(), options, next: 0 });
        // Take the next untried realization, backing up over exhausted moves.
        loop {
            if r.positions >= BUDGET {
                return (r, None);
            }
            let Some(f) = frames.last_mut() else { return (r, None) };
            if f.next < f.options.len() {
                if f.next > 0 {
                    r.backtracks += 1;
                }
                node = f.before.clone();
                tokens.truncate(f.tokens);
                for &m in &f.options[f.next].moves {
                    node.play(m, &mut tokens);
                }
                f.next += 1;
                r.positions += 1;
                break;
            }
            frames.pop();
        }
    }
}

/// The abstract line of a concrete one (tokens as the referee reads them, from `start`): each
/// move mapped to the abstract move it makes, rearrangements and taps dropped. The inverse of
/// `concretize`, for testing it on the concrete solver's lines.
pub fn abstract_line(start: &State, line: &[String]) -> Result<Vec<AbsMove>, String> {
    use super::walk::{legal, play, Single};
    let mut n = Node::new(start);
    let mut out = Vec::new();
    for (k, t) in line.iter().enumerate() {
        let (_, m) = legal(&n.s).into_iter().find(|(x, _)| x == t).ok_or(format!("move {k} {t} illegal"))?;
        if let Single::Play(m) = m {
            let s = &n.s;
            let a = match m {
                Move::PileToFound { from } => Some(AbsMove::PileStack(s.top(from as usize).unwrap())),
                Move::FoundToPile { suit: su, to: _ } => Some(AbsMove::StackPile(su * 13 + s.found[su as usize] - 1)),
                Move::Waste { to, .. } => {
                    let c = s.waste_top().unwrap();
                    Some(if to == FOUND { AbsMove::DeckStack(c) } else { AbsMove::DeckPile(c) })
                }
                Move::PileToPile { from, n: k, .. } => {
                    let f = from as usize;
                    let i = (s.len[f] - k) as usize;
                    let c = s.cards[f][i];
                    // A surface leaving reveals (a dealt king with nothing under it too: its
                    // pile has no dealt card left after, as in abstract_game.rs).
                    (i == s.down[f] as usize && n.bare & (1 << f) == 0).then_some(AbsMove::Reveal(c))
                }
            };
            out.extend(a);
            n.play(m, &mut Line::new());
        } else {
            play(&mut n.s, m);
        }
    }
    Ok(out)
}
