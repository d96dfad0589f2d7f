//! labellelucie: moves, safe moves, redeals and the exact key for the shared search.
//!
//! Rules (engine/games/labellelucie/README.md): 18 fans, each top card playable; a top card goes
//! to its foundation or onto the next higher card of its suit on another fan's top; an emptied fan
//! is not refilled. When no such move is left, a redeal (two in a game) gathers the fans (fan 1
//! first, bottom to top), shuffles them with redeal stream n of the deal's seed (`crate::core::deal`,
//! the one Rust stream) and deals them across fans of three a row at a time. Every card is known,
//! redeals included, so the search plays them like any move. Soundness: README.md here.

pub mod player;

use crate::core::best_first::best_first;
use crate::core::kit::{self, Dealt};
use crate::core::search::{Game, Limits, Outcome};
use crate::core::input::{Input, Layout, Options};

/// Fans at most (the deal's 18; a redeal makes ceil(k/3) <= 18).
pub const FANS: usize = 18;
/// Cards a fan can hold: 3 dealt plus a run built down in suit on its top (at most 12 more).
const DEPTH: usize = 16;
pub const REDEALS: u8 = 2;
/// Key bytes: every fan's cards then a 0xFF mark, and the redeals used.
const KEY: usize = 52 + FANS + 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Fan i's top card to its foundation.
    Found(u8),
    /// Fan i's top card onto fan j's top card.
    Build(u8, u8),
    Redeal,
}

/// The fans as they stand (what a redeal replaces). Places above a fan's length are stale.
#[derive(Clone, Copy, Debug)]
pub struct Fans {
    cards: [[u8; DEPTH]; FANS],
    len: [u8; FANS],
    n: u8,
}

#[derive(Debug)]
pub enum Undo {
    /// The fan and the card that left it.
    Found(u8, u8),
    Build(u8, u8),
    Redeal(Box<Fans>),
}

#[derive(Clone, Debug)]
pub struct Lucie {
    fans: Fans,
    /// Cards on each suit's foundation (0..13).
    found: [u8; 4],
    redeals: u8,
    seed: Vec<u8>,
}

/// Equal when the fans hold the same cards (stale places above the lengths ignored).
impl PartialEq for Fans {
    fn eq(&self, o: &Fans) -> bool {
        self.lists() == o.lists()
    }
}

impl Fans {
    fn top(&self, i: usize) -> Option<u8> {
        let l = self.len[i] as usize;
        (l > 0).then(|| self.cards[i][l - 1])
    }

    /// Cards dealt across fans of three a row at a time (the last fan the one or two left over),
    /// as the Python side's `deal_rows` does.
    fn deal(cards: &[u8]) -> Fans {
        let k = cards.len();
        let n = k.div_ceil(3);
        let size = |f: usize| if f + 1 == n && k % 3 != 0 { k % 3 } else { 3 };
        let mut out = Fans { cards: [[0; DEPTH]; FANS], len: [0; FANS], n: n as u8 };
        let mut next = cards.iter();
        for row in 0..3 {
            for f in 0..n {
                if row < size(f) {
                    out.cards[f][row] = *next.next().unwrap();
                    out.len[f] += 1;
                }
            }
        }
        out
    }

    /// The cards as a redeal gathers them: fan 1 first, each bottom to top.
    fn gathered(&self) -> Vec<u8> {
        (0..self.n as usize).flat_map(|f| self.cards[f][..self.len[f] as usize].iter().copied()).collect()
    }

    /// The fans as lists, bottom first (for the test hook).
    pub fn lists(&self) -> Vec<Vec<i32>> {
        (0..self.n as usize).map(|f| self.cards[f][..self.len[f] as usize].iter().map(|&c| c as i32).collect()).collect()
    }
}

fn rank(c: u8) -> u8 {
    c % 13
}

impl Lucie {
    /// The dealt position of an input: its layout and options, and its seed (refused when
    /// missing or not 64 bytes: the redeals need it).
    pub fn from_input(input: &Input) -> Result<Self, String> {
        Self::from_layout(input.layout, input.options, input.seed64("labellelucie")?)
    }

    /// From a layout: `tableau` (the fans, bottom first, 52 cards once each) and the deal's `seed` (its redeals' streams).
    pub fn from_layout(layout: &Layout, options: &Options, seed: [u8; 64]) -> Result<Self, String> {
        if let Some(k) = options.keys().next() {
            return Err(format!("labellelucie has no options, got {k:?}"));
        }
        let fans = layout.get("tableau").ok_or("labellelucie layout: no `tableau`")?;
        if fans.len() != FANS || fans.iter().any(|f| f.len() > 3) {
            return Err("labellelucie layout: `tableau` must be 18 fans of at most 3 cards".into());
        }
        let mut seen = [false; 52];
        let mut out = Fans { cards: [[0; DEPTH]; FANS], len: [0; FANS], n: FANS as u8 };
        for (i, f) in fans.iter().enumerate() {
            for &c in f {
                if !(0..52).contains(&c) || seen[c as usize] {
                    return Err(format!("labellelucie layout: card {c} is not 0..51 or is there twice"));
                }
                seen[c as usize] = true;
                out.cards[i][out.len[i] as usize] = c as u8;
                out.len[i] += 1;
            }
        }
        if seen.iter().any(|&s| !s) {
            return Err("labellelucie layout: the fans must hold all 52 cards".into());
        }
        let seed = seed.to_vec();
        Ok(Lucie { fans: out, found: [0; 4], redeals: 0, seed })
    }

    fn fits_foundation(&self, c: u8) -> bool {
        rank(c) == self.found[(c / 13) as usize]
    }

    /// Every foundation move and build, fan by fan (a fan's foundation move before its builds);
    /// the redeal only when there is none.
    fn legal(&self, out: &mut Vec<Move>) {
        let n = self.fans.n as usize;
        // where each card's next higher card of its suit is a fan's top: by card
        let mut top_of = [u8::MAX; 52];
        for j in 0..n {
            if let Some(t) = self.fans.top(j) {
                top_of[t as usize] = j as u8;
            }
        }
        for i in 0..n {
            let Some(c) = self.fans.top(i) else { continue };
            if self.fits_foundation(c) {
                out.push(Move::Found(i as u8));
            }
            if rank(c) < 12 && top_of[c as usize + 1] != u8::MAX {
                out.push(Move::Build(i as u8, top_of[c as usize + 1]));
            }
        }
        if out.is_empty() && self.redeals < REDEALS && !self.won() {
            out.push(Move::Redeal);
        }
    }

    fn token(m: Move) -> String {
        match m {
            Move::Found(i) => format!("{}>f", i + 1),
            Move::Build(i, j) => format!("{}>{}", i + 1, j + 1),
            Move::Redeal => "r".into(),
        }
    }

    /// Best-first's score, lower first: 4 a card home, 30 a redeal used (a redeal costs as much
    /// as 7.5 cards home). Weights from measurement (README.md); only the order of search.
    fn score(&self) -> i64 {
        let home: i64 = self.found.iter().map(|&f| f as i64).sum();
        -4 * home + 30 * self.redeals as i64
    }

    /// The fans now (for the test hook comparing redeals with the referee's).
    pub fn fans(&self) -> &Fans {
        &self.fans
    }
}

impl Game for Lucie {
    type Move = Move;
    type Undo = Undo;
    type Key = [u8; KEY];

    /// A top card its foundation takes (README.md: nothing can build on it, it goes nowhere
    /// else, and it must go before any redeal or win).
    fn safe_move(&self) -> Option<Move> {
        (0..self.fans.n as usize).find(|&i| self.fans.top(i).is_some_and(|c| self.fits_foundation(c))).map(|i| Move::Found(i as u8))
    }

    fn moves(&self, out: &mut Vec<Move>) {
        self.legal(out);
    }

    fn apply(&mut self, m: Move) -> Undo {
        match m {
            Move::Found(i) => {
                let f = i as usize;
                self.fans.len[f] -= 1;
                let c = self.fans.cards[f][self.fans.len[f] as usize];
                self.found[(c / 13) as usize] += 1;
                Undo::Found(i, c)
            }
            Move::Build(i, j) => {
                let (f, t) = (i as usize, j as usize);
                self.fans.len[f] -= 1;
                let c = self.fans.cards[f][self.fans.len[f] as usize];
                self.fans.cards[t][self.fans.len[t] as usize] = c;
                self.fans.len[t] += 1;
                Undo::Build(i, j)
            }
            Move::Redeal => {
                let old = Box::new(self.fans);
                self.redeals += 1;
                let cards = crate::core::deal::redeal(&self.seed, self.redeals as u32, &self.fans.gathered());
                self.fans = Fans::deal(&cards);
                Undo::Redeal(old)
            }
        }
    }

    fn revert(&mut self, u: Undo) {
        match u {
            Undo::Found(i, c) => {
                let f = i as usize;
                self.fans.cards[f][self.fans.len[f] as usize] = c;
                self.found[(c / 13) as usize] -= 1;
                self.fans.len[f] += 1;
            }
            Undo::Build(i, j) => {
                let (f, t) = (i as usize, j as usize);
                self.fans.len[t] -= 1;
                let c = self.fans.cards[t][self.fans.len[t] as usize];
                self.fans.cards[f][self.fans.len[f] as usize] = c;
                self.fans.len[f] += 1;
            }
            Undo::Redeal(old) => {
                self.fans = *old;
                self.redeals -= 1;
            }
        }
    }

    fn won(&self) -> bool {
        self.found == [13; 4]
    }

    /// Exact: the fans in order, each bottom to top and closed by 0xFF, then the redeals used.
    /// The foundations are the cards on no fan, so they need no bytes.
    fn key(&self) -> [u8; KEY] {
        let mut k = [0u8; KEY];
        let mut at = 0;
        for f in 0..self.fans.n as usize {
            let l = self.fans.len[f] as usize;
            k[at..at + l].copy_from_slice(&self.fans.cards[f][..l]);
            at += l;
            k[at] = 0xFF;
            at += 1;
        }
        k[KEY - 1] = self.redeals;
        k
    }

    fn spell(&self, m: Move, out: &mut crate::core::search::Line) {
        out.push(Self::token(m));
    }
}

/// The kit's entry points (`crate::core::kit`), redeals included in a walk.
impl Dealt for Lucie {
    fn deal(input: &Input) -> Result<Self, String> {
        Lucie::from_input(input)
    }
    fn singles(&self, out: &mut Vec<Move>) {
        self.legal(out)
    }
    fn token(&self, m: Move) -> String {
        Lucie::token(m)
    }
    /// Best-first (crate::core::best_first, complete like the depth-first search: `lost` only when
    /// every reachable position was expanded), scored by `score`.
    fn search(&mut self, limits: Limits) -> Outcome {
        best_first(self, limits, |g, _| g.score())
    }
}

/// Test hook: the fans after playing `line` (tokens as the referee reads them, no undos).
pub fn position(input: &Input, line: &[String]) -> Result<Vec<Vec<i32>>, String> {
    Ok(kit::replay::<Lucie>(input, line)?.fans().lists())
}

#[cfg(test)]
mod tests;
