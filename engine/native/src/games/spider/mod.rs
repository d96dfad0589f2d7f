//! spider: moves, position key and search for the shared machinery (README.md argues each
//! pruning and key merge).
//!
//! Rules (engine/games/spider/README.md): ten columns, the bottom cards face down; a stock of 50
//! dealt ten at a time, one to each column, only when no column is empty. A card goes onto a
//! card one rank higher of any suit, or into an empty column; a run moves as a unit when it is in
//! one suit and in sequence. A complete K..A run of one suit goes off by itself, and a face-down
//! card turns up by itself when uncovered. Won when the eight runs are off.
//!
//! Every card is known (face-down cards and the stock order). A face-down card never moves, and
//! nothing goes under it, so column i's face-down part is always the first `down[i]` cards it
//! was dealt: the key names it by (i, down[i]) instead of its cards.

use crate::best_first::BestFirst;
use crate::search::{interleave, Game, Lazy, Limits, Outcome, Resume, Verdict};
use crate::{Input, Layout, Options};
use key::Exact;

mod beam;
mod key;
mod sums;

pub const COLS: usize = 10;
const STOCK: usize = 50;
/// Marks a column's top card in the key (cards are below 64): it ends the column.
const TOP: u8 = 0x80;
/// The key's header of an empty column (the only column without a face-up card).
const EMPTY: u8 = 0xF1;
/// Room for the longest key: the deals byte, a header a column, every card face up (and spare).
const KEY_MAX: usize = 1 + 2 * COLS + 104 + 7;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// The top `n` cards of column `from` to column `to`.
    Run { from: u8, to: u8, n: u8 },
    /// Ten cards from the stock, one to each column.
    Deal,
}

/// What `revert` needs: the move, whether `from` turned a card up, and per column whether a run
/// went off (bit c of `offs`), its suit (2 bits a column in `suits`) and whether that turned a
/// card up (bit c of `flips`); and a run's columns' hashes to put back (`sums.rs`).
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    m: Move,
    turned: bool,
    offs: u16,
    flips: u16,
    suits: u32,
    /// The hashes of a run's columns (`from`, `to`) and their stale bits before it moved
    /// (`Spider::keep`).
    kept: [u128; 2],
    stale: u16,
}

#[derive(Clone, Debug)]
pub struct Spider {
    /// Each column bottom first; its first `down[c]` cards are face down.
    cols: [Vec<u8>; COLS],
    down: [u8; COLS],
    /// The stock bottom first: a deal takes the last ten, the last one to column 1.
    stock: Vec<u8>,
    /// Runs gone off.
    off: u8,
    /// Weights of the evaluation (best-first score).
    w: [i64; 6],
    /// The first, incomplete search's narrower candidates (README.md, "How it searches"): a
    /// search with it on proves nothing when it runs dry.
    narrow: bool,
    /// Whether the narrow candidates also leave out sideways moves (`sideways`).
    no_sideways: bool,
    /// Each column's hash, worked out when a key is asked for (`sums.rs`).
    kept: sums::Kept,
    /// The evaluation's breaks and natural breaks, counted by the moves (`sums.rs`).
    breaks: i32,
    natural: i32,
}

const fn rank(c: u8) -> u8 {
    c % 13
}

const fn suit(c: u8) -> u8 {
    c / 13
}

/// Whether `upper` lies on `lower` in one suit and in sequence.
fn follows(lower: u8, upper: u8) -> bool {
    suit(lower) == suit(upper) && rank(lower) == rank(upper) + 1
}

fn card(c: i32) -> Result<u8, String> {
    if (0..52).contains(&c) { Ok(c as u8) } else { Err(format!("spider layout: no card {c}; accepted 0..51")) }
}

impl Spider {
    /// From the game's layout: `tableau` (10 columns, bottom first), `down` (one list of the 10
    /// face-down counts), `stock` (one list of 50 cards, bottom first). Options: `suits` 1|2|4
    /// (checked against the cards; the moves need only the cards).
    pub fn from_layout(layout: &Layout, options: &Options) -> Result<Self, String> {
        let tab = layout.get("tableau").ok_or("spider layout: no `tableau`")?;
        if tab.len() != COLS {
            return Err(format!("spider layout: `tableau` must be {COLS} columns, got {}", tab.len()));
        }
        let down = match layout.get("down").map(|d| d.as_slice()) {
            Some([d]) if d.len() == COLS => d.clone(),
            _ => return Err("spider layout: `down` must be one list of 10 counts".into()),
        };
        let stock = match layout.get("stock").map(|s| s.as_slice()) {
            Some([s]) if s.len() % COLS == 0 && s.len() <= STOCK => s.clone(),
            _ => return Err("spider layout: `stock` must be one list of 0, 10, ..., 50 cards".into()),
        };
        let mut g = Spider {
            cols: Default::default(),
            down: [0; COLS],
            stock: stock.iter().map(|&c| card(c)).collect::<Result<_, _>>()?,
            off: 0,
            w: DEFAULT_WEIGHTS,
            narrow: false,
            no_sideways: NO_SIDEWAYS,
            kept: Default::default(),
            breaks: 0,
            natural: 0,
        };
        for c in 0..COLS {
            g.cols[c] = tab[c].iter().map(|&x| card(x)).collect::<Result<_, _>>()?;
            let d = down[c];
            if d < 0 || (d as usize) >= g.cols[c].len().max(1) || d > 7 {
                return Err(format!("spider layout: column {} has {d} face-down cards under {}", c + 1, g.cols[c].len()));
            }
            g.down[c] = d as u8;
        }
        let suits = options.get("suits").copied().unwrap_or(4);
        if ![1, 2, 4].contains(&suits) {
            return Err(format!("spider option suits must be 1, 2 or 4, got {suits}"));
        }
        // `off` (optional, positions in play for the tests): the suits of the runs gone off
        let off = match layout.get("off").map(|o| o.as_slice()) {
            None | Some([]) => Vec::new(),
            Some([o]) if o.len() <= 8 && o.iter().all(|s| (0..4).contains(s)) => o.clone(),
            _ => return Err("spider layout: `off` must be one list of at most 8 suits".into()),
        };
        g.off = off.len() as u8;
        let mut count = [0u8; 52];
        let gone = off.iter().flat_map(|&s| (0..13).map(move |r| (s * 13 + r) as u8));
        for x in g.cols.iter().flatten().copied().chain(g.stock.iter().copied()).chain(gone) {
            count[x as usize] += 1;
        }
        let total: usize = count.iter().map(|&n| n as usize).sum();
        if total != 104 {
            return Err(format!("spider layout: 104 cards expected, got {total}"));
        }
        let want = 8 / suits as u8;
        if (0..52).any(|x| count[x] != if (x / 13) < suits as usize { want } else { 0 }) {
            return Err(format!("spider layout: the cards are not the suits={suits} pack"));
        }
        (g.breaks, g.natural) = g.count_breaks();
        Ok(g)
    }

    /// Column c's place in its hash (`sums::col_hash`): 1 + c while the stock lasts, else 0.
    fn place(&self, c: usize) -> u8 {
        if self.stock.is_empty() { 0 } else { c as u8 + 1 }
    }

    /// Column c's header in the exact key: 0xF0 when nothing is face down, else its index and
    /// face-down count (those cards are its first ones dealt).
    fn head(&self, c: usize) -> u8 {
        if self.down[c] == 0 { 0xF0 } else { c as u8 * 8 + self.down[c] }
    }

    /// Column c's hash worked out afresh (`sums::col_hash`).
    fn col_hash(&self, c: usize) -> u128 {
        sums::col_hash(&self.cols[c][self.down[c] as usize..], self.head(c), self.place(c))
    }

    /// The columns' hashes, the stale ones worked out first (`sums.rs`).
    fn hashes(&self) -> &[std::cell::Cell<u128>; COLS] {
        let mut stale = self.kept.stale.replace(0);
        while stale != 0 {
            let c = stale.trailing_zeros() as usize;
            self.kept.hashes[c].set(self.col_hash(c));
            stale &= stale - 1;
        }
        &self.kept.hashes
    }

    /// Before a run moves from column f to t: their hashes and stale bits into `u` (`revert`
    /// puts them back), and both marked stale.
    fn keep(&mut self, f: usize, t: usize, u: &mut Undo) {
        let stale = self.kept.stale.get();
        u.kept = [self.kept.hashes[f].get(), self.kept.hashes[t].get()];
        u.stale = stale & (1 << f | 1 << t);
        self.kept.stale.set(stale | 1 << f | 1 << t);
    }

    /// The pair at height i of column c (its card there on the one under it), if both are face
    /// up, into the breaks (`sign` 1) or out of them (-1) (`sums.rs`).
    fn count_pair(&mut self, c: usize, i: usize, sign: i32) {
        let col = &self.cols[c];
        if i > self.down[c] as usize && i < col.len() {
            let (b, n) = sums::pair(col[i - 1], col[i]);
            self.breaks += sign * b;
            self.natural += sign * n;
        }
    }

    /// The breaks and natural breaks counted afresh: every pair of face-up cards.
    fn count_breaks(&self) -> (i32, i32) {
        let (mut breaks, mut natural) = (0, 0);
        for c in 0..COLS {
            let col = &self.cols[c];
            for i in (self.down[c] as usize + 1)..col.len() {
                let (b, n) = sums::pair(col[i - 1], col[i]);
                breaks += b;
                natural += n;
            }
        }
        (breaks, natural)
    }

    fn dealt(&self) -> usize {
        (STOCK - self.stock.len()) / COLS
    }

    /// How many top cards of column c move as a unit (face up, one suit, in sequence).
    fn run_len(&self, c: usize) -> usize {
        let col = &self.cols[c];
        let up = col.len() - self.down[c] as usize;
        if up == 0 {
            return 0;
        }
        let mut n = 1;
        while n < up && follows(col[col.len() - n - 1], col[col.len() - n]) {
            n += 1;
        }
        n
    }

    /// Every legal move (the referee's list): each part of each movable run onto each column
    /// whose top card is one rank higher, or into each empty column; the deal when the stock has
    /// cards and no column is empty.
    pub fn legal(&self, out: &mut Vec<Move>) {
        let mut empty = false;
        for from in 0..COLS {
            let col = &self.cols[from];
            empty |= col.is_empty();
            for n in 1..=self.run_len(from) {
                let r = rank(col[col.len() - n]);
                for to in 0..COLS {
                    if to == from {
                        continue;
                    }
                    let fits = match self.cols[to].last() {
                        None => true,
                        Some(&t) => rank(t) == r + 1,
                    };
                    if fits {
                        out.push(Move::Run { from: from as u8, to: to as u8, n: n as u8 });
                    }
                }
            }
        }
        if !empty && !self.stock.is_empty() {
            out.push(Move::Deal);
        }
    }

    /// The search's candidates (README.md, "Moves the search leaves out"): the legal moves less
    /// those into a second empty column and those of a whole column into an empty one once the
    /// stock is empty (the key sorts columns then: the same position).
    fn candidates(&self, out: &mut Vec<Move>) {
        let sorted = self.stock.is_empty();
        let first_empty = self.cols.iter().position(|c| c.is_empty());
        // the columns a card of each rank can go to, as bits: an empty one, or one whose top card
        // is a rank higher (only speed: the columns are still tried in order, the others skipped)
        let mut onto = [0u16; 13];
        let mut empty = 0u16;
        for (c, col) in self.cols.iter().enumerate() {
            match col.last() {
                None => empty |= 1 << c,
                Some(&t) if rank(t) > 0 => onto[rank(t) as usize - 1] |= 1 << c,
                Some(_) => {}
            }
        }
        let mut scored: Vec<(i64, Move)> = Vec::with_capacity(32);
        for from in 0..COLS {
            let col = &self.cols[from];
            let run = self.run_len(from);
            for n in 1..=run {
                let bottom = col[col.len() - n];
                let r = rank(bottom);
                let whole = n == col.len();
                // what lies under the moved part: a face-down card, nothing, or a face-up card
                let under_up = col.len() > n && col.len() - n > self.down[from] as usize;
                let under = if under_up { Some(col[col.len() - n - 1]) } else { None };
                if self.narrow && under.is_some_and(|u| follows(u, bottom)) {
                    continue; // narrow: never split a suited run
                }
                let mut fits = (onto[r as usize] | empty) & !(1 << from);
                while fits != 0 {
                    let to = fits.trailing_zeros() as usize;
                    fits &= fits - 1;
                if self.narrow && self.sideways(to, bottom, under, n < run || whole, first_empty) {
                        continue;
                    }
                    let s = match self.cols[to].last() {
                        None => {
                            if sorted && (Some(to) != first_empty || whole) {
                                continue;
                            }
                            // into an empty column: worth it to turn a card up, least when the run
                            // leaves a card it could go back on
                            if whole { 40 } else if under_up { 25 } else { 5 }
                        }
                        Some(&t) if rank(t) == r + 1 => {
                            let mut s = 10;
                            if suit(t) == suit(bottom) {
                                s -= 8; // joins a run of its suit
                            }
                            if let Some(u) = under {
                                if follows(u, bottom) {
                                    s += 12; // breaks a suited run
                                } else if rank(u) == r + 1 {
                                    s += 4; // from one fitting card to another
                                }
                            } else {
                                s -= 6; // turns a card up or empties a column
                            }
                            s
                        }
                        Some(_) => continue,
                    };
                    scored.push((s, Move::Run { from: from as u8, to: to as u8, n: n as u8 }));
                }
            }
        }
        scored.sort_by_key(|&(s, _)| s);
        out.extend(scored.into_iter().map(|(_, m)| m));
        if first_empty.is_none() && !self.stock.is_empty() {
            out.push(Move::Deal);
        }
    }

    /// The narrow search leaves out a move of the run whose deepest card is `bottom` (lying on
    /// `under`, None for a face-down card or nothing) to column `to` when it makes no progress:
    /// from a card it fits onto (one rank higher) to another that is not of its suit, or to an
    /// empty column other than the first; into an empty column also a part of a run, or all of a
    /// column (`part_or_whole`).
    fn sideways(&self, to: usize, bottom: u8, under: Option<u8>, part_or_whole: bool, first_empty: Option<usize>) -> bool {
        let on_fit = under.is_some_and(|u| rank(u) == rank(bottom) + 1);
        match self.cols[to].last() {
            None => part_or_whole || Some(to) != first_empty || on_fit,
            Some(&t) => self.no_sideways && on_fit && suit(t) != suit(bottom),
        }
    }

    /// After cards came onto column c: a complete K..A run of one suit on top goes off, and a
    /// face-down card it uncovers turns up. Returns (went off, its suit, turned up).
    fn settle(&mut self, c: usize) -> (bool, u8, bool) {
        let col = &self.cols[c];
        let up = col.len() - self.down[c] as usize;
        if up < 13 || rank(col[col.len() - 1]) != 0 || self.run_len(c) < 13 {
            return (false, 0, false);
        }
        let s = suit(col[col.len() - 1]);
        let n = self.cols[c].len();
        self.count_pair(c, n - 13, -1);
        self.cols[c].truncate(n - 13);
        self.off += 1;
        (true, s, self.turn_up(c))
    }

    /// The top `n` cards of column `from` onto column `to`, in order (no allocation a move once
    /// the columns have grown: a movable run is at most 13 cards, a K..A). The breaks change
    /// only where the run lay and where it lands (it is in suit and in sequence).
    fn shift(&mut self, from: usize, to: usize, n: usize) {
        let at = self.cols[from].len() - n;
        self.count_pair(from, at, -1);
        let on = self.cols[to].len();
        // the two columns borrowed at once (from != to), the cards pushed one by one: a call of
        // memcpy costs more than the few cards of a run
        let (a, b) = self.cols.split_at_mut(from.max(to));
        let (src, dst) = if from < to { (&mut a[from], &mut b[0]) } else { (&mut b[0], &mut a[to]) };
        dst.reserve(n);
        for &x in &src[at..] {
            dst.push(x);
        }
        src.truncate(at);
        self.count_pair(to, on, 1);
    }

    /// Turn column c's top card face up if it is face down.
    fn turn_up(&mut self, c: usize) -> bool {
        if self.down[c] > 0 && self.cols[c].len() == self.down[c] as usize {
            self.down[c] -= 1;
            true
        } else {
            false
        }
    }

    fn token(m: Move) -> String {
        match m {
            Move::Deal => "d".into(),
            Move::Run { from, to, n: 1 } => format!("{}>{}", from + 1, to + 1),
            Move::Run { from, to, n } => format!("{}:{}>{}", from + 1, n, to + 1),
        }
    }

    /// The exact key's bytes into `buf`, their count returned: the deals made, then each column
    /// as a header (0xF0 when nothing is face down, else its index and face-down count: those
    /// cards are its first ones dealt) and its face-up cards, the top one marked (`TOP`: it ends
    /// the column), or `EMPTY` alone for an empty column. Once the stock is empty, the columns are
    /// sorted (README.md). At most 1 + 10 + 104 bytes (`KEY_MAX`).
    fn key_bytes(&self, buf: &mut [u8; KEY_MAX]) -> usize {
        let mut n = 0;
        buf[n] = self.dealt() as u8;
        n += 1;
        let mut order: [usize; COLS] = std::array::from_fn(|c| c);
        if self.stock.is_empty() {
            order.sort_unstable_by(|&a, &b| {
                self.head(a).cmp(&self.head(b)).then_with(|| {
                    let (x, y) = (&self.cols[a][self.down[a] as usize..], &self.cols[b][self.down[b] as usize..]);
                    // any order of the columns' contents alone will do: the sorted key is then
                    // the same for every permutation of the columns
                    x.cmp(y)
                })
            });
        }
        for c in order {
            let up = &self.cols[c][self.down[c] as usize..];
            if up.is_empty() {
                // a column with face-down cards always has a face-up top card
                debug_assert_eq!(self.down[c], 0);
                buf[n] = EMPTY;
                n += 1;
                continue;
            }
            buf[n] = self.head(c);
            n += 1;
            // byte by byte: a call of memcpy costs more than a column's few face-up cards
            for &x in up {
                buf[n] = x;
                n += 1;
            }
            buf[n - 1] |= TOP;
        }
        n
    }

    /// A 128-bit hash of the exact key (`key_bytes`), for the narrow searches only (`Hashed`):
    /// from the columns' hashes and the deals made (`sums::key_hash`), without building the key.
    /// Fixed constants: the same on every machine.
    fn key_hash(&self) -> u128 {
        sums::key_hash(self.hashes(), self.dealt() as u8)
    }

    /// The evaluation the best-first search minimises (README.md, "How it searches"): face-down
    /// cards, breaks between face-up cards not in suited sequence, empty columns, runs off.
    fn eval(&self) -> i64 {
        let mut down = 0i64;
        let mut empty = 0i64;
        for c in 0..COLS {
            down += self.down[c] as i64;
            if self.cols[c].is_empty() {
                empty += 1;
            }
        }
        // counted by the moves (`sums.rs`)
        let (breaks, natural) = (self.breaks as i64, self.natural as i64);
        let stock = self.stock.len() as i64;
        self.w[0] * down + self.w[1] * breaks - self.w[2] * empty - self.w[3] * self.off as i64 + self.w[5] * stock + self.w[4] * natural
    }
}

/// Weights of `eval`: face-down cards, breaks (out of rank order), empty columns, runs off,
/// natural breaks (in rank order, suits differ), cards in the stock.
/// Measured (bench log S3): a natural break costs as much as any break (w4 = w1: in two or four
/// suits it blocks the run as surely), and a card in the stock 3, a little less than a break, so a
/// deal that lands fairly is no loss (with 0 the search exhausts every position before each deal).
const DEFAULT_WEIGHTS: [i64; 6] = [6, 4, 5, 40, 4, 3];

impl Game for Spider {
    type Move = Move;
    type Undo = Undo;
    type Key = Exact;

    /// None: no move of Spider is known to keep every win here (README.md).
    fn safe_move(&self) -> Option<Move> {
        None
    }

    fn moves(&self, out: &mut Vec<Move>) {
        self.candidates(out);
    }

    fn apply(&mut self, m: Move) -> Undo {
        let mut u = Undo { m, turned: false, offs: 0, flips: 0, suits: 0, kept: [0; 2], stale: 0 };
        match m {
            Move::Run { from, to, n } => {
                let (f, t, n) = (from as usize, to as usize, n as usize);
                self.keep(f, t, &mut u);
                self.shift(f, t, n);
                u.turned = self.turn_up(f);
                let (off, s, flip) = self.settle(t);
                if off {
                    u.offs |= 1 << t;
                    u.suits |= (s as u32) << (2 * t);
                    u.flips |= (flip as u16) << t;
                }
            }
            Move::Deal => {
                self.kept.stale.set(sums::ALL);
                for c in 0..COLS {
                    let x = self.stock.pop().unwrap();
                    self.cols[c].push(x);
                    self.count_pair(c, self.cols[c].len() - 1, 1);
                }
                for c in 0..COLS {
                    let (off, s, flip) = self.settle(c);
                    if off {
                        u.offs |= 1 << c;
                        u.suits |= (s as u32) << (2 * c);
                        u.flips |= (flip as u16) << c;
                    }
                }
            }
        }
        u
    }

    fn revert(&mut self, u: Undo) {
        // runs off, last column first (each column at most once)
        let mut offs = u.offs;
        while offs != 0 {
            let c = 15 - offs.leading_zeros() as usize;
            offs &= !(1 << c);
            if u.flips & (1 << c) != 0 {
                self.down[c] += 1;
            }
            let s = ((u.suits >> (2 * c)) & 3) as u8;
            let on = self.cols[c].len();
            self.cols[c].extend((0..13).rev().map(|r| s * 13 + r));
            self.count_pair(c, on, 1);
            self.off -= 1;
        }
        match u.m {
            Move::Run { from, to, n } => {
                let (f, t, n) = (from as usize, to as usize, n as usize);
                if u.turned {
                    self.down[f] += 1;
                }
                self.shift(t, f, n);
                // the columns' hashes as they were before the move (`keep`)
                self.kept.hashes[f].set(u.kept[0]);
                self.kept.hashes[t].set(u.kept[1]);
                let stale = self.kept.stale.get() & !(1 << f | 1 << t);
                self.kept.stale.set(stale | u.stale);
            }
            Move::Deal => {
                for c in (0..COLS).rev() {
                    self.count_pair(c, self.cols[c].len() - 1, -1);
                    let x = self.cols[c].pop().unwrap();
                    self.stock.push(x);
                }
                self.kept.stale.set(sums::ALL);
            }
        }
    }

    fn won(&self) -> bool {
        self.off == 8
    }

    /// Exact: the key bytes (`key_bytes`) inline, stored in `key::ExactSet` (its length and a
    /// slot, no heap buffer a key).
    fn key(&self) -> Exact {
        let mut k = Exact { len: 0, b: [0; KEY_MAX] };
        k.len = self.key_bytes(&mut k.b) as u8;
        k
    }
    fn spell(&self, m: Move, out: &mut crate::search::Line) {
        out.push(Self::token(m));
    }
}

/// Solve a dealt position: searches taking turns (`crate::search::interleave`, slices doubling
/// from `FIRST_SLICE`; README.md, "How it searches"), the nodes summed. One suit: two narrow
/// best-first searches and the complete one; two and four suits: the complete one and two beam
/// searches by stock phase (`beam.rs`), the complete search's slices starting at
/// `COMPLETE_FIRST_SLICE`. A win any of them finds is a real line; only the complete one can
/// prove `lost`. Tuning knobs `w0`..`w5`, `dw`, `dw3`, `side`, `dfs`, `plan`, `cf` (the complete
/// search's first slice), `bk`, `bg`, `bm`, `bf` (the beam's `Settings`): for measurement only.
pub fn solve(input: &Input, limits: Limits) -> Result<Outcome, String> {
    let (options, tuning) = (input.options, input.tuning);
    let mut g = Spider::from_layout(input.layout, options)?;
    for k in 0..6 {
        if let Some(&v) = tuning.get(&format!("w{k}")) {
            g.w[k] = v;
        }
    }
    let one_suit = options.get("suits") == Some(&1);
    let dw = tuning.get("dw").copied().unwrap_or(if one_suit { 0 } else { DEPTH_WEIGHT });
    g.no_sideways = tuning.get("side").map_or(NO_SIDEWAYS, |&v| v == 0);
    if let Some(&dfs) = tuning.get("dfs") {
        g.narrow = dfs == 1;
        return Ok(crate::search::search(&mut g, limits));
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
    let mut set = beam::SETTINGS;
    for (knob, field) in [("bk", &mut set.width), ("bg", &mut set.grow)] {
        if let Some(&v) = tuning.get(knob) {
            *field = v.max(1) as usize;
        }
    }
    for (knob, field) in [("bm", &mut set.per_root), ("bf", &mut set.last)] {
        if let Some(&v) = tuning.get(knob) {
            *field = v.max(1) as u64;
        }
    }
    Ok(turns_beam(&g, &plan, complete_first, set, limits))
}

/// The three searches of `solve` from `g` in one suit, taking turns on one budget and
/// memory cap: narrow and complete at depth weight `dw`, then a narrow one deeper-weighted
/// (NARROW_DEPTH_WEIGHT): each wins deals the others miss (bench log S3). `lost` only from the
/// complete one. Used by the tests (a position's verdict under one-suit play).
#[cfg(test)]
fn turns(g: &Spider, dw: i64, limits: Limits) -> Outcome {
    turns_with(g, &[(Kind::Narrow, dw), (Kind::Complete, dw), (Kind::Narrow, NARROW_DEPTH_WEIGHT)], FIRST_SLICE, limits)
}

/// The searches `solve` runs (`turns_with`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// The narrow candidates, hashed key: proves nothing when it runs dry.
    Narrow,
    /// Every candidate, exact key: alone may say `lost`.
    Complete,
    /// Every candidate, hashed key: proves nothing when it runs dry.
    Wide,
    /// The staged beam search by stock phase (`beam.rs`): proves nothing when it gives up.
    Beam,
}

/// A search's copy of the game: exact keys (the complete search) or hashed ones.
enum Searched {
    Exact(Spider),
    Hashed(Hashed),
}

/// `turns_beam` with the beam's default settings (the tests).
#[cfg(test)]
fn turns_with(g: &Spider, plan: &[(Kind, i64)], complete_first: u64, limits: Limits) -> Outcome {
    turns_beam(g, plan, complete_first, beam::SETTINGS, limits)
}

/// The searches of `plan` (each a kind and a depth weight) from `g`, taking turns on one budget and
/// memory cap, in that order; the complete search always runs (it alone ends when the others have
/// run dry; one is added last if the plan has none). `lost` only from it. Each search's first
/// turn is `FIRST_SLICE` positions, the complete one's `complete_first`; each round doubles them,
/// so that is its share of the budget against the others'. A beam search of the plan uses
/// `beam_settings` (the knobs of `solve`) at its depth weight.
fn turns_beam(g: &Spider, plan: &[(Kind, i64)], complete_first: u64, beam_settings: beam::Settings, limits: Limits) -> Outcome {
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
            if kind == Kind::Complete { Searched::Exact(c) } else { Searched::Hashed(Hashed(c)) }
        })
        .collect();
    let max = limits.max_bytes;
    let mut scans: Vec<Box<dyn Resume + '_>> = Vec::new();
    for (game, &(kind, dw)) in games.iter_mut().zip(&plan) {
        if kind == Kind::Beam {
            let set = beam::Settings { depth: dw, ..beam_settings };
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

/// A plan from the `plan` knob: pairs of digits, a kind (1 narrow, 2 complete, 3 wide, 4 beam) and its
/// depth weight: narrow at 3, complete at 3, wide at 8 is 132338.
fn plan_knob(v: i64) -> Vec<(Kind, i64)> {
    let digits: Vec<i64> = v.to_string().bytes().map(|b| (b - b'0') as i64).collect();
    digits
        .chunks(2)
        .filter(|p| p.len() == 2)
        .map(|p| (match p[0] { 1 => Kind::Narrow, 2 => Kind::Complete, 4 => Kind::Beam, _ => Kind::Wide }, p[1]))
        .collect()
}

/// A narrow search's game: Spider with a 128-bit hash of the exact key as its key (16 bytes a
/// stored position instead of the key's length and a vector's overhead). Two positions whose
/// hashes collide would be taken for one, so a collision can only make the search miss a win
/// (never claim one: every line found is made of legal moves, and the referee replays it); it can
/// make no `lost`, since a narrow search running dry proves nothing anyway (`Partial`). The
/// complete search, which alone may say `lost`, keeps the exact key.
#[derive(Clone, Debug)]
struct Hashed(Spider);

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
    fn spell(&self, m: Move, out: &mut crate::search::Line) {
        self.0.spell(m, out)
    }
}

/// The narrow search's turns: it runs dry without proving anything (its candidates leave out
/// moves no argument keeps), so then it only waits, and the complete search goes on.
struct Partial<'a> {
    scan: Box<dyn Resume + 'a>,
    dry: bool,
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
const NARROW_DEPTH_WEIGHT: i64 = 8;


/// The second beam search's depth weight (two and four suits): the sets of deals the beam wins
/// differ much with it, and two beams at 8 and 5 win more than either (bench log S7).
const BEAM_DEPTH_WEIGHT: i64 = 5;

/// Positions of each search's first turn; each round doubles it.
const FIRST_SLICE: u64 = 2000;

/// The complete search's first turn in two and four suits: a quarter of the others', so about a
/// fifth of the budget beside one other search (four suits). Its exact keys make it the costliest
/// a position (its key set's probes and growth: 28 % of the CPU of spider-4 deal 1 at 100,000, the
/// largest share) and the largest in memory, and it wins the fewest deals there: spider-4 deal 93 at 300,000
/// positions, out of memory under the 1 GiB cap with 2,000, won with 500; spider-2's 13 deals of
/// 1..200 left at 200,000, half the CPU time and one more won (bench log S6). It still runs to
/// the end once the others have run dry, so `lost` is as before.
const COMPLETE_FIRST_SLICE: u64 = 500;

/// Whether the narrow search leaves out sideways moves.
const NO_SIDEWAYS: bool = true;

/// Weight of the depth against 4 x the evaluation in the best-first score, two and four suits
/// (weighted A*: a shorter way to an equally good position first); one suit searches greedily
/// (0), which wins there with fewer positions (bench log S3).
const DEPTH_WEIGHT: i64 = 3;

/// For the differential tests: random play from the deal, every legal single move listed at each
/// step (crate::walk).
pub fn walk(input: &Input, seed: u64, steps: usize) -> Result<crate::walk::Walk, String> {
    let mut g = Spider::from_layout(input.layout, input.options)?;
    Ok(crate::walk::random_walk(&mut g, seed, steps, |g, out| g.legal(out), |_, m| Spider::token(m), |g, m| {
        g.apply(m);
    }))
}

#[cfg(test)]
mod tests;
