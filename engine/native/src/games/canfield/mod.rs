//! Canfield: moves, safe moves and position key for the shared search
//! (search.rs). The rules are the referee's (engine/games/canfield/rules.py):
//! 13-card reserve, base card, four piles built down in alternating colours
//! with ranks wrapping, whole piles only, spaces filled from the reserve by
//! the rules, stock dealt by three with unlimited passes, nothing back from
//! the foundations. Each pruning and key rule is argued in README.md.

use crate::core::kit::Dealt;
use crate::core::search::Game;
use crate::core::input::{Input, Layout, Options};
use std::cell::Cell;
pub use seen::Key;

pub mod player;
mod seen;

const PILES: usize = 4;
/// Move sources beyond the piles 0..3.
const WASTE: u8 = 4;
const RESERVE: u8 = 5;
/// A single stock tap (`d` or `r`): only in `walk`, never a search move.
const TAP: u8 = 6;
/// The move destination "its foundation".
const FOUND: u8 = 4;
/// The key's stock pointer field (its low 6 bits) for a position on the main cycle (see `key`).
const ON_CYCLE: u128 = 0x3F;

/// For each pile's top card, the cards that must go up after it (bits by card; `Canfield::later`).
type Later = [u64; PILES];

/// Each card's level above the base rank, for each base rank (`LEVELS[base][card]`): looked up by
/// `Canfield::later`, which would otherwise work out (and zero first) a table of them a position.
const LEVELS: [[u8; 52]; 13] = {
    let mut t = [[0u8; 52]; 13];
    let mut b = 0;
    while b < 13 {
        let mut c = 0;
        while c < 52 {
            t[b][c] = ((c % 13) as u8 + 13 - b as u8) % 13;
            c += 1;
        }
        b += 1;
    }
    t
};

fn suit(c: u8) -> usize {
    (c / 13) as usize
}
#[cfg(test)]
fn red(c: u8) -> bool {
    matches!(c / 13, 1 | 2)
}

/// `c` (a card or a moved pile's bottom) goes on `t` in the tableau: one lower, other colour,
/// wrapping round the corner (a king on an ace).
fn builds_on(t: u8, c: u8) -> bool {
    HOSTS[t as usize] >> c & 1 == 1
}
/// `hosted` of every card, worked out once (`builds_on` is asked for every play considered).
const HOSTS: [u64; 52] = {
    let mut t = [0u64; 52];
    let mut c = 0;
    while c < 52 {
        t[c] = hosted(c as u8);
        c += 1;
    }
    t
};
/// The cards that go on `t` in the tableau (`builds_on(t, c)`), as bits by card: the other
/// colour's two cards one rank lower, round the corner.
const fn hosted(t: u8) -> u64 {
    let r = (t % 13 + 12) % 13;
    let [a, b] = opposite((t / 13) as usize);
    1 << (a as u8 * 13 + r) | 1 << (b as u8 * 13 + r)
}
/// The suits of the other colour.
const fn opposite(s: usize) -> [usize; 2] {
    match s {
        0 | 3 => [1, 2],
        _ => [0, 3],
    }
}

/// A play, after `taps` stock taps (only with the waste as source): the
/// solver's macro move "tap until this card shows, then play it".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    taps: u8,
    src: u8,
    dst: u8,
}

pub struct Undo {
    mv: Move,
    /// The stock pointer before the taps.
    k: u8,
    /// Cards moved (a whole pile may be several).
    n: u8,
    /// The pile the reserve filled after the move, if any.
    filled: Option<u8>,
    /// The card moved (a single-card move).
    card: u8,
}

/// A Canfield position.
#[derive(Clone, Debug)]
pub struct Canfield {
    /// The dealt reserve, bottom first; only `reserve[..res_len]` is left.
    reserve: Vec<u8>,
    res_len: usize,
    piles: [Vec<u8>; PILES],
    /// Stock and waste as one sequence in dealing order: `seq[..k]` is the
    /// waste (its top is `seq[k-1]`), `seq[k..]` the stock (`seq[k]` next).
    seq: Vec<u8>,
    k: usize,
    found: [u8; 4],
    base: u8,
    draw: usize,
    /// The key `key` worked out for the position as it stands, 0 when none yet (every change of
    /// the position goes through `apply` or `revert`, which clear it): `dominated` asks for the
    /// key the search has just asked for, and working it out is a tenth of a lost search's time.
    keyed: Cell<u128>,
}

impl Canfield {
    /// The dealt position from the game's layout (engine/games/canfield/__init__.py).
    pub fn new(layout: &Layout, options: &Options) -> Result<Self, String> {
        let draw = *options.get("draw").unwrap_or(&3);
        if draw != 1 && draw != 3 {
            return Err(format!("canfield: draw must be 1 or 3, got {draw}"));
        }
        if *options.get("passes").unwrap_or(&0) != 0 {
            return Err("canfield: only unlimited passes (passes=0) are supported".into());
        }
        let one = |name: &str| -> Result<Vec<u8>, String> {
            match layout.get(name).map(|g| g.as_slice()) {
                Some([cards]) => cards
                    .iter()
                    .map(|&c| u8::try_from(c).ok().filter(|&c| c < 52).ok_or(format!("canfield: bad card {c}")))
                    .collect(),
                _ => Err(format!("canfield: layout needs one {name} list")),
            }
        };
        let reserve = one("reserve")?;
        let stock = one("stock")?;
        // Optional, for positions past the deal: the waste (bottom first).
        let waste = if layout.contains_key("waste") { one("waste")? } else { Vec::new() };
        let tab = layout.get("tableau").ok_or("canfield: layout needs tableau")?;
        // The foundations: the dealt base card alone, or (past the deal) each
        // started suit's cards from its base card up.
        let fnd = layout.get("foundation").ok_or("canfield: layout needs foundation")?;
        let base = match fnd.first().and_then(|f| f.first()) {
            Some(&b) if (0..52).contains(&b) => (b % 13) as u8,
            _ => return Err("canfield: the first foundation must hold the base card".into()),
        };
        if tab.len() != PILES || fnd.len() > 4 {
            return Err("canfield: layout needs 4 tableau piles and at most 4 foundations".into());
        }
        let mut piles: [Vec<u8>; PILES] = Default::default();
        for (p, cards) in piles.iter_mut().zip(tab) {
            *p = cards.iter().map(|&c| u8::try_from(c).unwrap_or(u8::MAX)).collect();
        }
        let mut found = [0u8; 4];
        let mut up = Vec::new();
        for f in fnd {
            let s = match f.first() {
                Some(&c) if (0..52).contains(&c) => (c / 13) as u8,
                _ => return Err("canfield: an empty or bad foundation".into()),
            };
            for (i, &c) in f.iter().enumerate() {
                if c != (s * 13 + (base + i as u8) % 13) as i32 || f.len() > 13 {
                    return Err(format!("canfield: foundation card {c} is out of sequence"));
                }
                up.push(c as u8);
            }
            found[s as usize] = f.len() as u8;
        }
        let mut seen = [false; 52];
        let all = reserve.iter().chain(&up).chain(&stock).chain(&waste).chain(piles.iter().flatten());
        for &c in all {
            if c >= 52 || std::mem::replace(&mut seen[c as usize], true) {
                return Err(format!("canfield: card {c} is out of range or dealt twice"));
            }
        }
        if seen.iter().any(|s| !s) {
            return Err("canfield: the layout does not hold 52 cards".into());
        }
        // The key writes a pile as its bottom card and one suit bit a card, which only a pile built
        // down in alternating colours (all that play can make) fits.
        for (i, p) in piles.iter().enumerate() {
            if p.windows(2).any(|w| !builds_on(w[0], w[1])) {
                return Err(format!("canfield: tableau pile {} is not built down in alternating colours", i + 1));
            }
        }
        let res_len = reserve.len();
        let k = waste.len();
        let mut g = Canfield {
            reserve,
            res_len,
            piles,
            seq: waste.into_iter().chain(stock.into_iter().rev()).collect(),
            k,
            found,
            base,
            draw: draw as usize,
            keyed: Cell::new(0),
        };
        while g.fill().is_some() {}
        Ok(g)
    }

    fn level(&self, c: u8) -> u8 {
        LEVELS[self.base as usize][c as usize]
    }
    fn fits_found(&self, c: u8) -> bool {
        self.level(c) == self.found[suit(c)]
    }
    /// `c` (a card or a moved pile's bottom) on pile `j`: one lower, other colour, wrapping.
    fn fits_pile(&self, c: u8, j: usize) -> bool {
        self.piles[j].last().is_some_and(|&t| builds_on(t, c))
    }
    /// Nothing left could ever sit on `c`, or what could is as well put up: each of the other
    /// colour's cards x one level lower (round the corner for the base rank) is up, or lies in a
    /// pile above its bottom card, where it can only ever leave to its foundation, or fits its
    /// foundation now and nothing could sit on x in turn (`c`'s colour one level lower again is
    /// up), so x can go up wherever a line would put it on `c` (README.md, "Safe moves").
    fn safe(&self, c: u8) -> bool {
        self.safe_with(c, true)
    }
    /// `safe`; `fitting` false leaves out its last case (the tests' search without it).
    fn safe_with(&self, c: u8, fitting: bool) -> bool {
        let l = (self.level(c) + 12) % 13;
        opposite(suit(c)).iter().all(|&o| {
            let x = o as u8 * 13 + (self.base + l) % 13;
            self.found[o] > l
                || self.piles.iter().any(|p| p.len() > 1 && p[1..].contains(&x))
                || (fitting && self.found[o] == l && opposite(o).iter().all(|&s| self.found[s] > (l + 12) % 13))
        })
    }
    fn reserve_top(&self) -> Option<u8> {
        self.res_len.checked_sub(1).map(|i| self.reserve[i])
    }
    /// The stock pointer after one tap from `k`.
    fn tap(&self, k: usize) -> usize {
        if k == self.seq.len() {
            0
        } else {
            (k + self.draw).min(self.seq.len())
        }
    }
    /// The rules fill a space from the reserve at once; the pile filled.
    fn fill(&mut self) -> Option<u8> {
        if self.res_len == 0 {
            return None;
        }
        let j = self.piles.iter().position(|p| p.is_empty())?;
        self.res_len -= 1;
        self.piles[j].push(self.reserve[self.res_len]);
        Some(j as u8)
    }

    /// Plays of card `c` from `src` (after `taps`) to every place it fits,
    /// foundation first. `spaces`: every empty pile (walk) or one (search). `cut`: leave out
    /// the plays onto a pile that make the position dead (`Canfield::later`; search only).
    fn plays(&self, c: u8, src: u8, taps: u8, all_spaces: bool, cut: Option<&Later>, out: &mut Vec<Move>) {
        if self.fits_found(c) {
            out.push(Move { taps, src, dst: FOUND });
        }
        self.tableau_plays(c, src, taps, all_spaces, cut, out);
    }

    /// The plays of `plays` but the foundation one: onto a pile or into a space.
    fn tableau_plays(&self, c: u8, src: u8, taps: u8, all_spaces: bool, cut: Option<&Later>, out: &mut Vec<Move>) {
        let mut space = false;
        for j in 0..PILES {
            let empty = self.piles[j].is_empty();
            // Only the waste fills a space, and spaces last only once the reserve is gone.
            let to_space = empty && src == WASTE && self.res_len == 0 && (all_spaces || !space);
            space |= to_space;
            if to_space || (self.fits_pile(c, j) && !self.closes_cycle(c, j, cut)) {
                out.push(Move { taps, src, dst: j as u8 });
            }
        }
    }

    /// Whether putting `c` (a card, or a moved pile's bottom) on pile `j`'s top card makes the
    /// position dead: `c` (and every card above it) must then go up before that top card, which
    /// must already go up before `c` (README.md, "Candidate moves", 4).
    fn closes_cycle(&self, c: u8, j: usize, cut: Option<&Later>) -> bool {
        // (an empty pile's set is empty: nothing lands on a space but by the rules' fill)
        cut.is_some_and(|later| later[j] >> c & 1 == 1)
    }

    /// Every legal single move (no macro taps): what the referee accepts.
    fn atomic(&self, out: &mut Vec<Move>) {
        if !self.seq.is_empty() {
            out.push(Move { taps: 0, src: TAP, dst: 0 });
        }
        if self.k > 0 {
            self.plays(self.seq[self.k - 1], WASTE, 0, true, None, out);
        }
        if let Some(r) = self.reserve_top() {
            self.plays(r, RESERVE, 0, true, None, out);
        }
        self.pile_moves(None, out);
    }

    /// Pile tops to their foundations and whole piles onto piles (`cut` as in `plays`).
    fn pile_moves(&self, cut: Option<&Later>, out: &mut Vec<Move>) {
        for i in 0..PILES {
            let Some(&top) = self.piles[i].last() else { continue };
            if self.fits_found(top) {
                out.push(Move { taps: 0, src: i as u8, dst: FOUND });
            }
            for j in 0..PILES {
                if j != i && self.fits_pile(self.piles[i][0], j) && !self.closes_cycle(self.piles[i][0], j, cut) {
                    out.push(Move { taps: 0, src: i as u8, dst: j as u8 });
                }
            }
        }
    }

    /// The waste cards the stock can show, each with the taps it takes:
    /// every pointer on the tap cycle from here, the first time it comes up,
    /// handed to `f` as (taps, pointer) in that order (no list: this runs once a position).
    fn showable(&self, mut f: impl FnMut(u8, usize)) {
        if self.seq.is_empty() {
            return;
        }
        let mut seen = 0u64; // the pointers met, as bits (at most 52)
        let (mut k, mut taps) = (self.k, 0u8);
        while seen >> k & 1 == 0 {
            seen |= 1 << k;
            if k > 0 {
                f(taps, k);
            }
            k = self.tap(k);
            taps += 1;
        }
    }

    /// Whether no play can win from here (README.md, "Candidate moves", 3).
    #[cfg(test)]
    fn dead(&self) -> bool {
        self.later().is_none()
    }

    /// The order the cards left must go up in, as much of it as the search asks: for each pile's
    /// top card, the set of cards (bits by card, itself included) that must go up after it (0 for
    /// an empty pile); None when that order contradicts itself and no play can win. A card in a
    /// pile leaves it only to its foundation (when on top) or with every card above it, so each
    /// card above must go up before the one below; a suit goes up in level order. A cycle in
    /// these "before" relations is a proof of loss.
    ///
    /// How. The cards after c, T(c), are c's suit from c's level up and, for every card p of
    /// that stretch lying on a card b in a pile, T(b). So only the pile's links matter (p over
    /// b, a few dozen at most): `val[e]` is T(b) of link e, the least solution of
    /// `val[e] = stretch(b) ∪ val[f] for every link f whose upper card is in b's suit at b's level
    /// or above`, found by passes until one changes nothing (each pass only adds cards, so it
    /// ends, at the closure). The order contradicts itself exactly when some link's upper card
    /// is among the cards after its lower one (a cycle needs a link: a suit alone goes one way).
    /// `later_kahn` (the former topological sort over all 52 cards, a third of the search's
    /// instructions; bench log C11) gives the same sets; the tests compare them.
    fn later(&self) -> Option<Later> {
        const MAX: usize = 48;
        let full = (1u64 << 13) - 1;
        let lv = &LEVELS[self.base as usize]; // each card's level
        // the cards of c's suit from c's level up: levels as bits, turned to ranks by the base
        let stretch = |c: u8| -> u64 {
            let m = full & !((1u64 << lv[c as usize]) - 1);
            let ranks = (m << self.base | m >> (13 - self.base)) & full;
            ranks << (c / 13 * 13)
        };
        let (mut up, mut dn) = ([0u8; MAX], [0u8; MAX]);
        let mut n = 0;
        // at [suit * 14 + level]: the links whose upper card is of that suit and level or above
        let mut at = [0u64; 4 * 14];
        for p in &self.piles {
            for w in p.windows(2) {
                (up[n], dn[n]) = (w[1], w[0]);
                at[suit(w[1]) * 14 + lv[w[1] as usize] as usize] |= 1 << n;
                n += 1;
            }
        }
        for s in 0..4 {
            for l in (0..13).rev() {
                at[s * 14 + l] |= at[s * 14 + l + 1];
            }
        }
        let above = |c: u8| at[suit(c) * 14 + lv[c as usize] as usize];
        let (mut val, mut dep) = ([0u64; MAX], [0u64; MAX]);
        for e in 0..n {
            val[e] = stretch(dn[e]);
            dep[e] = above(dn[e]);
        }
        loop {
            let mut changed = false;
            for e in 0..n {
                let (mut v, mut d) = (val[e], dep[e]);
                while d != 0 {
                    v |= val[d.trailing_zeros() as usize];
                    d &= d - 1;
                }
                changed |= v != val[e];
                val[e] = v;
            }
            if !changed {
                break;
            }
        }
        if (0..n).any(|e| val[e] >> up[e] & 1 == 1) {
            return None;
        }
        let mut later = [0u64; PILES];
        for (j, p) in self.piles.iter().enumerate() {
            if let Some(&t) = p.last() {
                let (mut v, mut d) = (stretch(t), above(t));
                while d != 0 {
                    v |= val[d.trailing_zeros() as usize];
                    d &= d - 1;
                }
                later[j] = v;
            }
        }
        Some(later)
    }

    /// `later` as a topological sort (Kahn's), the way it was worked out before the sweeps; the
    /// tests compare the two on many positions.
    #[cfg(test)]
    fn later_kahn(&self) -> Option<[u64; 52]> {
        const NONE: u8 = 0xFF;
        let mut succ = [[NONE; 2]; 52];
        let mut indeg = [0u8; 52];
        let mut left = 0;
        for s in 0..4u8 {
            let f = self.found[s as usize];
            for l in f..13 {
                left += 1;
                if l < 12 {
                    let (c, n) = (s * 13 + (self.base + l) % 13, s * 13 + (self.base + l + 1) % 13);
                    succ[c as usize][0] = n;
                    indeg[n as usize] += 1;
                }
            }
        }
        for p in &self.piles {
            for w in p.windows(2) {
                succ[w[1] as usize][1] = w[0];
                indeg[w[0] as usize] += 1;
            }
        }
        let mut queue = [0u8; 52];
        let (mut head, mut tail) = (0, 0);
        for s in 0..4u8 {
            let f = self.found[s as usize];
            for l in f..13 {
                let c = s * 13 + (self.base + l) % 13;
                if indeg[c as usize] == 0 {
                    queue[tail] = c;
                    tail += 1;
                }
            }
        }
        while head < tail {
            let c = queue[head] as usize;
            head += 1;
            for &n in &succ[c] {
                if n != NONE {
                    indeg[n as usize] -= 1;
                    if indeg[n as usize] == 0 {
                        queue[tail] = n;
                        tail += 1;
                    }
                }
            }
        }
        if tail < left {
            return None;
        }
        // Last in the order first: a card's set is itself and its successors' sets.
        let mut later = [0u64; 52];
        for &c in queue[..tail].iter().rev() {
            let mut set = 1u64 << c;
            for &n in &succ[c as usize] {
                if n != NONE {
                    set |= later[n as usize];
                }
            }
            later[c as usize] = set;
        }
        Some(later)
    }

    /// The search's candidates (`Game::moves`); `cut_cycles` false keeps the plays into a dead
    /// position (the tests' search without that cut).
    fn candidates(&self, cut_cycles: bool, out: &mut Vec<Move>) {
        let Some(later) = self.later() else { return };
        let cut = cut_cycles.then_some(&later);
        if let Some(r) = self.reserve_top() {
            self.plays(r, RESERVE, 0, false, cut, out);
        }
        self.pile_moves(cut, out);
        self.showable(|taps, k| {
            if self.fits_found(self.seq[k - 1]) {
                out.push(Move { taps, src: WASTE, dst: FOUND });
            }
        });
        // Foundation plays first, wherever they come from.
        out.sort_by_key(|m| m.dst != FOUND);
        // The cards some pile top takes (a stock card that fits none and has no space to go to has
        // no tableau play: `tableau_plays` would add nothing, so it is not asked).
        let space = self.res_len == 0 && self.piles.iter().any(|p| p.is_empty());
        let hosts = if space { u64::MAX } else { self.piles.iter().filter_map(|p| p.last()).fold(0, |m, &t| m | hosted(t)) };
        self.showable(|taps, k| {
            let c = self.seq[k - 1];
            if hosts >> c & 1 == 1 {
                self.tableau_plays(c, WASTE, taps, false, cut, out)
            }
        });
    }

    fn token(&self, m: Move) -> String {
        let src = match m.src {
            WASTE => "w".to_string(),
            RESERVE => "x".to_string(),
            TAP => return if self.k == self.seq.len() { "r".into() } else { "d".into() },
            i => (i + 1).to_string(),
        };
        let dst = if m.dst == FOUND { "f".to_string() } else { (m.dst + 1).to_string() };
        format!("{src}>{dst}")
    }
}

impl Game for Canfield {
    type Move = Move;
    type Undo = Undo;
    type Key = Key;

    /// The reserve's top, then piles 1..4, when nothing could ever sit on it
    /// (never the waste: playing from it shifts the stock's threes).
    fn safe_move(&self) -> Option<Move> {
        if let Some(r) = self.reserve_top() {
            if self.fits_found(r) && self.safe(r) {
                return Some(Move { taps: 0, src: RESERVE, dst: FOUND });
            }
        }
        (0..PILES).find_map(|i| {
            let &t = self.piles[i].last()?;
            (self.fits_found(t) && self.safe(t)).then_some(Move { taps: 0, src: i as u8, dst: FOUND })
        })
    }

    /// Every legal play (stock plays as macro moves, one space of several) but those into a dead
    /// position, none from a dead position (see `later`), ordered: to the foundations, the
    /// reserve out, pile onto pile, then the waste to the tableau; nearer stock cards first.
    fn moves(&self, out: &mut Vec<Move>) {
        self.candidates(true, out)
    }

    fn apply(&mut self, m: Move) -> Undo {
        self.keyed.set(0);
        let k0 = self.k as u8;
        if m.src == TAP {
            self.k = self.tap(self.k);
            return Undo { mv: m, k: k0, n: 0, filled: None, card: 0 };
        }
        for _ in 0..m.taps {
            self.k = self.tap(self.k);
        }
        let (mut n, mut card) = (1u8, 0u8);
        match (m.src, m.dst) {
            (WASTE, d) => {
                self.k -= 1;
                card = self.seq.remove(self.k);
                self.put(card, d);
            }
            (RESERVE, d) => {
                self.res_len -= 1;
                card = self.reserve[self.res_len];
                self.put(card, d);
            }
            (i, FOUND) => {
                card = self.piles[i as usize].pop().unwrap();
                self.found[suit(card)] += 1;
            }
            (i, j) => {
                let moved = std::mem::take(&mut self.piles[i as usize]);
                n = moved.len() as u8;
                self.piles[j as usize].extend(moved);
            }
        }
        let filled = self.fill();
        Undo { mv: m, k: k0, n, filled, card }
    }

    fn revert(&mut self, u: Undo) {
        self.keyed.set(0);
        let m = u.mv;
        if let Some(j) = u.filled {
            self.piles[j as usize].pop();
            self.res_len += 1;
        }
        match (m.src, m.dst) {
            (TAP, _) => {}
            (i, j) if i < WASTE && j != FOUND => {
                let from = &mut self.piles[j as usize];
                let moved = from.split_off(from.len() - u.n as usize);
                self.piles[i as usize] = moved;
            }
            (src, d) => {
                if d == FOUND {
                    self.found[suit(u.card)] -= 1;
                } else {
                    self.piles[d as usize].pop();
                }
                match src {
                    WASTE => self.seq.insert(self.k, u.card),
                    RESERVE => self.res_len += 1,
                    i => self.piles[i as usize].push(u.card),
                }
            }
        }
        self.k = u.k as usize;
    }

    fn won(&self) -> bool {
        self.found.iter().all(|&f| f == 13)
    }

    /// Stock dominance (README.md, "Stock dominance"): an expanded position equal to this one but
    /// for a stock pointer that reaches, by taps alone, every pointer this one reaches.
    fn dominated(&self, seen: &dyn Fn(&Key) -> bool) -> bool {
        let (n, d) = (self.seq.len(), self.draw);
        if d == 1 || n == 0 {
            return false;
        }
        let key = match self.keyed.get() {
            0 => self.key().0,
            k => k,
        } & !ON_CYCLE;
        let off = |k: usize| k % d != 0 && k < n;
        let probe = |k: usize| seen(&Key(key | k as u128));
        if off(self.k) {
            // Off the cycle, k reaches k, k+d, .., n, then the cycle: every k - j·d reaches more.
            (1..=self.k / d).any(|j| probe(self.k - j * d))
        } else {
            // On the cycle, it reaches the cycle alone, which every off-cycle pointer reaches too.
            (1..n).any(|k| off(k) && probe(k))
        }
    }

    /// Exact key, 128 bits (README.md, "Keys"): the piles, sorted, each as its length, bottom card
    /// and one bit a card above it (which suit of the colour it must have), after a leading 1; then
    /// the reserve's length, the foundation counts and, in the low 6 bits, the stock pointer (one
    /// value for the whole main tap cycle). The cards of the stock follow from the rest: they are
    /// the cards found nowhere else, in their dealt order.
    fn key(&self) -> Key {
        // (bits, code) a pile; at most 6 + 6 + 51 bits, and 123 in all (README.md)
        let mut codes = [(0u32, 0u64); PILES];
        for (code, p) in codes.iter_mut().zip(&self.piles) {
            let Some(&bottom) = p.first() else {
                *code = (6, 0);
                continue;
            };
            let mut v = (p.len() as u64) << 6 | bottom as u64;
            // Which suit of its colour a card has, given the card under it: the second of
            // `opposite` of the one under it (diamonds under black, spades under red), that is
            // the suits 2 and 3, the cards from 26 up.
            for &c in &p[1..] {
                v = v << 1 | (c >= 26) as u64;
            }
            *code = (11 + p.len() as u32, v);
        }
        codes.sort_unstable();
        let mut key = 1u128;
        for (bits, v) in codes {
            key = key << bits | v as u128;
        }
        key = key << 4 | self.res_len as u128;
        for &f in &self.found {
            key = key << 4 | f as u128;
        }
        let n = self.seq.len();
        let key = key << 6 | if self.k % self.draw == 0 || self.k == n { ON_CYCLE } else { self.k as u128 };
        self.keyed.set(key);
        Key(key)
    }

    fn spell(&self, m: Move, out: &mut crate::core::search::Line) {
        let mut k = self.k;
        for _ in 0..m.taps {
            out.push(if k == self.seq.len() { "r" } else { "d" });
            k = self.tap(k);
        }
        out.push(self.token(m));
    }
}

impl Canfield {
    fn put(&mut self, c: u8, d: u8) {
        if d == FOUND {
            self.found[suit(c)] += 1;
        } else {
            self.piles[d as usize].push(c);
        }
    }
}

/// The kit's entry points (`crate::core::kit`): solved by the depth-first search; a walk lists
/// the single (atomic) moves.
impl Dealt for Canfield {
    fn deal(input: &Input) -> Result<Self, String> {
        Canfield::new(input.layout, input.options)
    }
    fn singles(&self, out: &mut Vec<Move>) {
        self.atomic(out)
    }
    fn token(&self, m: Move) -> String {
        Canfield::token(self, m)
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod dead_tests;

#[cfg(test)]
mod prune_tests;
