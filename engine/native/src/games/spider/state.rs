//! Spider's position and moves: the columns, the stock and the runs gone off; the legal moves,
//! the narrow search's candidates, make and undo, the keys and the evaluation (`Game`). How the
//! searches are run on it is search.rs.

use super::cards::{card, follows, rank, suit, COLS, STOCK};
use super::key::{Exact, EMPTY, KEY_MAX, TOP};
use super::sums;
use crate::core::input::{Layout, Options};
use crate::core::search::Game;

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
    pub(super) m: Move,
    pub(super) turned: bool,
    pub(super) offs: u16,
    pub(super) flips: u16,
    pub(super) suits: u32,
    /// The hashes of a run's columns (`from`, `to`) and their stale bits before it moved
    /// (`Spider::keep`).
    pub(super) kept: [u128; 2],
    pub(super) stale: u16,
}

#[derive(Clone, Debug)]
pub struct Spider {
    /// Each column bottom first; its first `down[c]` cards are face down.
    pub(super) cols: [Vec<u8>; COLS],
    pub(super) down: [u8; COLS],
    /// The stock bottom first: a deal takes the last ten, the last one to column 1.
    pub(super) stock: Vec<u8>,
    /// Runs gone off.
    pub(super) off: u8,
    /// Weights of the evaluation (best-first score).
    pub(super) w: [i64; WEIGHTS],
    /// The first, incomplete search's narrower candidates (README.md, "How it searches"): a
    /// search with it on proves nothing when it runs dry.
    pub(super) narrow: bool,
    /// Whether the narrow candidates also leave out sideways moves (`sideways`).
    pub(super) no_sideways: bool,
    /// Each column's hash, worked out when a key is asked for (`sums.rs`).
    pub(super) kept: sums::Kept,
    /// The evaluation's breaks and natural breaks, counted by the moves (`sums.rs`).
    pub(super) breaks: i32,
    pub(super) natural: i32,
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
    pub(super) fn place(&self, c: usize) -> u8 {
        if self.stock.is_empty() { 0 } else { c as u8 + 1 }
    }

    /// Column c's header in the exact key: 0xF0 when nothing is face down, else its index and
    /// face-down count (those cards are its first ones dealt).
    pub(super) fn head(&self, c: usize) -> u8 {
        if self.down[c] == 0 { 0xF0 } else { c as u8 * 8 + self.down[c] }
    }

    /// Column c's hash worked out afresh (`sums::col_hash`).
    pub(super) fn col_hash(&self, c: usize) -> u128 {
        sums::col_hash(&self.cols[c][self.down[c] as usize..], self.head(c), self.place(c))
    }

    /// The columns' hashes, the stale ones worked out first (`sums.rs`).
    pub(super) fn hashes(&self) -> &[std::cell::Cell<u128>; COLS] {
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
    pub(super) fn keep(&mut self, f: usize, t: usize, u: &mut Undo) {
        let stale = self.kept.stale.get();
        u.kept = [self.kept.hashes[f].get(), self.kept.hashes[t].get()];
        u.stale = stale & (1 << f | 1 << t);
        self.kept.stale.set(stale | 1 << f | 1 << t);
    }

    /// The pair at height i of column c (its card there on the one under it), if both are face
    /// up, into the breaks (`sign` 1) or out of them (-1) (`sums.rs`).
    pub(super) fn count_pair(&mut self, c: usize, i: usize, sign: i32) {
        let col = &self.cols[c];
        if i > self.down[c] as usize && i < col.len() {
            let (b, n) = sums::pair(col[i - 1], col[i]);
            self.breaks += sign * b;
            self.natural += sign * n;
        }
    }

    /// The breaks and natural breaks counted afresh: every pair of face-up cards.
    pub(super) fn count_breaks(&self) -> (i32, i32) {
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

    pub(super) fn dealt(&self) -> usize {
        (STOCK - self.stock.len()) / COLS
    }

    /// How many top cards of column c move as a unit (face up, one suit, in sequence).
    pub(super) fn run_len(&self, c: usize) -> usize {
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
    pub(super) fn candidates(&self, out: &mut Vec<Move>) {
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
    pub(super) fn sideways(&self, to: usize, bottom: u8, under: Option<u8>, part_or_whole: bool, first_empty: Option<usize>) -> bool {
        let on_fit = under.is_some_and(|u| rank(u) == rank(bottom) + 1);
        match self.cols[to].last() {
            None => part_or_whole || Some(to) != first_empty || on_fit,
            Some(&t) => self.no_sideways && on_fit && suit(t) != suit(bottom),
        }
    }

    /// After cards came onto column c: a complete K..A run of one suit on top goes off, and a
    /// face-down card it uncovers turns up. Returns (went off, its suit, turned up).
    pub(super) fn settle(&mut self, c: usize) -> (bool, u8, bool) {
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
    pub(super) fn shift(&mut self, from: usize, to: usize, n: usize) {
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
    pub(super) fn turn_up(&mut self, c: usize) -> bool {
        if self.down[c] > 0 && self.cols[c].len() == self.down[c] as usize {
            self.down[c] -= 1;
            true
        } else {
            false
        }
    }

    pub(super) fn token(m: Move) -> String {
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
    pub(super) fn key_bytes(&self, buf: &mut [u8; KEY_MAX]) -> usize {
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
    pub(super) fn key_hash(&self) -> u128 {
        sums::key_hash(self.hashes(), self.dealt() as u8)
    }

    /// The evaluation the best-first search minimises (README.md, "How it searches"): face-down
    /// cards, breaks between face-up cards not in suited sequence, empty columns, runs off.
    pub(super) fn eval(&self) -> i64 {
        let mut down = 0i64;
        let mut empty = 0i64;
        let (mut buried, mut fewest) = (0i64, 0i64);
        for c in 0..COLS {
            let d = self.down[c] as i64;
            down += d;
            if self.cols[c].is_empty() {
                empty += 1;
            }
            if d > 0 {
                buried += 1;
                fewest = if fewest == 0 { d } else { fewest.min(d) };
            }
        }
        // counted by the moves (`sums.rs`)
        let (breaks, natural) = (self.breaks as i64, self.natural as i64);
        let stock = self.stock.len() as i64;
        self.w[0] * down + self.w[1] * breaks - self.w[2] * empty - self.w[3] * self.off as i64 + self.w[5] * stock + self.w[4] * natural
            + self.w[6] * buried
            + self.w[7] * fewest
    }
}

/// How many weights `eval` has (knobs `w0`..`w7`).
pub(super) const WEIGHTS: usize = 8;

/// Weights of `eval`: face-down cards, breaks (out of rank order), empty columns, runs off,
/// natural breaks (in rank order, suits differ), cards in the stock, columns holding face-down
/// cards, the fewest face-down cards of such a column (the last two 0: knobs only, bench log S21).
/// Measured (bench log S3): a natural break costs as much as any break (w4 = w1: in two or four
/// suits it blocks the run as surely), and a card in the stock 3, a little less than a break, so a
/// deal that lands fairly is no loss (with 0 the search exhausts every position before each deal).
pub(super) const DEFAULT_WEIGHTS: [i64; WEIGHTS] = [6, 4, 5, 40, 4, 3, 0, 0];

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
    fn spell(&self, m: Move, out: &mut crate::core::search::Line) {
        out.push(Self::token(m));
    }
}

/// Whether the narrow search leaves out sideways moves (the default of `Spider::no_sideways`).
pub(super) const NO_SIDEWAYS: bool = true;
