//! FreeCell's moves: the safe moves home, every legal single move (the referee's), the
//! solver's candidates (best first, with the run moves) and their spelling in the notation.

use super::cards::{fits, rank, red, suit, NONE, PARENT_MASK};
use super::state::ColStats;
use super::key::{BOTTOM, IN_CELL};
use super::state::{FreeCell, Move, CELL0, HOME, NCOL};
use crate::core::rng::xorshift;

impl FreeCell {
    #[inline]
    pub(super) fn goes_home(&self, c: u8) -> bool {
        self.found[suit(c)] + 1 == rank(c)
    }

    /// The safe rule: a card goes home at once when it is next on its
    /// foundation and it is an ace or two, or both foundations of the other
    /// colour are at least one rank below it, or at least two while the other
    /// suit of its colour is at least three below (argued in README.md).
    #[inline]
    pub(super) fn safe_home(&self, c: u8) -> bool {
        if !self.goes_home(c) {
            return false;
        }
        let r = rank(c);
        if r <= 2 {
            return true;
        }
        let (a, b) = if red(c) { (0, 3) } else { (1, 2) };
        let other = self.found[a].min(self.found[b]);
        // the other colour holds r - 1, or r - 2 while the other suit of c's colour holds r - 3
        other + 1 >= r || (other + 2 >= r && self.found[suit(c) ^ 3] + 3 >= r)
    }

    /// The first column whose top card is safe to go home, else the first such cell: only a
    /// suit's next card can go, so the four are looked up where they lie (`at`, `below`).
    pub(super) fn safe_home_move(&self) -> Option<Move> {
        let (mut col, mut cell) = (NONE, false);
        for s in 0..4 {
            let f = self.found[s];
            if f == 13 {
                continue;
            }
            let c = s as u8 * 13 + f;
            let b = self.below[c as usize];
            if b <= BOTTOM {
                let (j, p) = self.at[c as usize];
                if j < col && p + 1 == self.len[j as usize] && self.safe_home(c) {
                    col = j;
                }
            } else if b == IN_CELL {
                cell = cell || self.safe_home(c);
            }
        }
        if col != NONE {
            return Some(Move { from: col, to: HOME, n: 1 });
        }
        if !cell {
            return None;
        }
        for k in 0..self.ncells {
            let c = self.cells[k];
            if c != NONE && self.safe_home(c) {
                return Some(Move { from: CELL0 + k as u8, to: HOME, n: 1 });
            }
        }
        None
    }

    /// Cards a run move may carry: (free cells + 1) * 2^(empty columns),
    /// not counting the target when it is an empty column.
    #[inline]
    pub(super) fn capacity(free: usize, empty: usize, to_empty: bool) -> usize {
        (free + 1) << (empty - to_empty as usize)
    }

    /// Every legal single-card move, every cell and empty column named
    /// (the referee's legal_moves; for the differential tests).
    pub fn legal_singles(&self, out: &mut Vec<Move>) {
        let mut sources: Vec<u8> = (0..NCOL as u8).collect();
        sources.extend((0..self.ncells as u8).map(|k| CELL0 + k));
        for &from in &sources {
            let Some(c) = self.card_at(from) else { continue };
            if self.goes_home(c) {
                out.push(Move { from, to: HOME, n: 1 });
            }
            if from < CELL0 {
                for k in 0..self.ncells {
                    if self.cells[k] == NONE {
                        out.push(Move { from, to: CELL0 + k as u8, n: 1 });
                    }
                }
            }
            for j in 0..NCOL {
                if j as u8 == from {
                    continue;
                }
                match self.top(j) {
                    None => out.push(Move { from, to: j as u8, n: 1 }),
                    Some(t) if fits(c, t) => out.push(Move { from, to: j as u8, n: 1 }),
                    _ => {}
                }
            }
        }
    }

    pub(super) fn spell_move(&self, m: Move) -> String {
        // built by hand: a winning line spells a hundred moves or so, and `format!` cost more
        // than the search of an easy deal
        let loc = |l: u8| -> char {
            if l < CELL0 {
                (b'1' + l) as char
            } else if l < HOME {
                (b'a' + l - CELL0) as char
            } else {
                'h'
            }
        };
        let mut s = String::with_capacity(5);
        s.push(loc(m.from));
        s.push(loc(m.to));
        if m.n > 1 {
            s.push('v');
            if m.n >= 10 {
                s.push((b'0' + m.n / 10) as char);
            }
            s.push((b'0' + m.n % 10) as char);
        }
        s
    }

    /// The solver's candidates, best first. Only moves that reach a position
    /// with the same key as another candidate are left out (a card to any
    /// free cell but the first, to any empty column but the first, a whole
    /// column to an empty column); the run moves are extra.
    pub(super) fn candidates(&self, out: &mut Vec<Move>) {
        let free = self.free_cells();
        let empty = self.empty_cols();
        let first_empty = self.len.iter().position(|&l| l == 0).map(|j| j as u8);
        // scored moves, packed in one u64 each (score, then generation order, then the move) so
        // a plain sort puts lower scores first and keeps ties in generation order. The order is
        // a number (`ord`) by kind, then source, then target, so the moves may be found in any
        // order. At most 56: 4 home, 3 from each cell, 2 onto each column's top card, 2 from
        // each column to an empty one, 8 to a cell.
        let mut scored = [0u64; 64];
        let mut k = 0;
        let mut push = |s: u16, ord: usize, m: Move| {
            scored[k] = (s as u64) << 32 | (ord as u64) << 16 | (m.from as u64) << 12 | (m.to as u64) << 8 | m.n as u64;
            k += 1;
        };
        let unpack = |e: u64| Move { from: (e >> 12 & 15) as u8, to: (e >> 8 & 15) as u8, n: e as u8 };
        let score = |e: u64| (e >> 32) as u16;
        let rescore = |e: &mut u64, s: u16| *e = (s as u64) << 32 | (*e & 0xFFFF_FFFF);
        // the columns' top cards as a bit mask (bit c for card c)
        let mut tops = 0u64;
        for j in 0..NCOL {
            let lj = self.len[j] as usize;
            if lj > 0 {
                tops |= 1u64 << self.cols[j][lj - 1];
            }
        }
        // where a card lying on top of a column or in a cell can be taken from
        let exposed = |c: u8| -> Option<u8> {
            if tops >> c & 1 != 0 {
                Some(self.at[c as usize].0)
            } else if self.below[c as usize] == IN_CELL {
                self.cells[..self.ncells].iter().position(|&x| x == c).map(|k| CELL0 + k as u8)
            } else {
                None
            }
        };
        // the lowest foundation height: cards near it are wanted soon
        let low = *self.found.iter().min().unwrap();
        // depth (cards above) of the shallowest card that can go home next, per column: of the
        // cards of rank up to low + 2 (at most two a suit are not home), those in a column
        let mut need = [255u8; NCOL];
        for s in 0..4 {
            for r in self.found[s] + 1..=(low + 2).min(13) {
                let c = s * 13 + r as usize - 1;
                if self.below[c] <= BOTTOM {
                    let (j, p) = self.at[c];
                    let d = self.len[j as usize] - 1 - p;
                    need[j as usize] = need[j as usize].min(d);
                }
            }
        }
        // to the foundations (the safe ones were made already): each suit's next card, if exposed
        for s in 0..4 {
            if self.found[s] < 13 {
                if let Some(from) = exposed(s as u8 * 13 + self.found[s]) {
                    push(0, from as usize, Move { from, to: HOME, n: 1 });
                }
            }
        }
        // cells to columns: onto the two cards a cell's card fits, where they are a column's top
        for k in 0..self.ncells {
            let c = self.cells[k];
            if c == NONE {
                continue;
            }
            let from = CELL0 + k as u8;
            let mut hit = PARENT_MASK[c as usize] & tops;
            while hit != 0 {
                let j = self.at[hit.trailing_zeros() as usize].0;
                hit &= hit - 1;
                push(10, 12 + k * 9 + j as usize, Move { from, to: j, n: 1 });
            }
            if let Some(j) = first_empty {
                push(60, 12 + k * 9 + 8, Move { from, to: j, n: 1 });
            }
        }
        // each column's top run, computed once
        let mut runs = [0usize; NCOL];
        for i in 0..NCOL {
            runs[i] = self.run_len(i);
        }
        let run_cap = Self::capacity(free, empty, false);
        // columns to columns: onto a column's top card t, the part of another column's top run
        // from a card that fits t up: each column's movable run is walked from its top down
        // (within the capacity) and each card's two parents looked up among the tops at once
        for i in 0..NCOL {
            let l = self.len[i] as usize;
            let run = runs[i];
            for n in 1..=run.min(run_cap) {
                let mut hit = PARENT_MASK[self.cols[i][l - n] as usize] & tops;
                while hit != 0 {
                    let t = hit.trailing_zeros() as usize;
                    hit &= hit - 1;
                    let j = self.at[t].0 as usize;
                    // uncovering: whole run off the column is best, shallow wanted cards too
                    let s = if n == l {
                        20
                    } else if n == run {
                        25 + (need[i] as u16).min(20)
                    } else {
                        50
                    };
                    push(s, 48 + i * 8 + j, Move { from: i as u8, to: j as u8, n: n as u8 });
                }
            }
        }
        // columns to an empty column: the top card, and the longest run that fits
        if let Some(j) = first_empty {
            let cap = Self::capacity(free, empty, true);
            for i in 0..NCOL {
                let l = self.len[i] as usize;
                if l == 0 {
                    continue;
                }
                let run = runs[i];
                let n = run.min(cap);
                let ni = need[i] as u16;
                if n > 1 && n < l {
                    push(40 + ni.min(20), 112 + 2 * i, Move { from: i as u8, to: j, n: n as u8 });
                }
                if l > 1 {
                    push(45 + ni.min(20), 113 + 2 * i, Move { from: i as u8, to: j, n: 1 });
                }
            }
        }
        // columns to the first free cell
        if let Some(k) = self.first_free_cell() {
            for i in 0..NCOL {
                if self.len[i] == 0 {
                    continue;
                }
                let ni = need[i] as u16;
                push(70 + ni.min(30), 128 + i, Move { from: i as u8, to: CELL0 + k as u8, n: 1 });
            }
        }
        let moves = &mut scored[..k];
        let w = self.w;
        if w[7] > 0 {
            for e in moves.iter_mut() {
                rescore(e, score(*e).saturating_add(self.noise(w[7] as u64)));
            }
        }
        if w[6] == 0 {
            // a profile that orders by the kind of move alone
            moves.sort_unstable();
            out.extend(moves.iter().map(|&e| unpack(e)));
            return;
        }
        // A move changes at most two columns: each is rescored from per-column figures computed
        // once here (no move made), unless a card goes home (then every column's depths may
        // change, and the move is made on a copy and the position evaluated in full).
        // each column's figures as kept from the last position, remade where it changed
        let mut stale = self.stale.get();
        if self.stats_w.get() != w {
            stale = 0xFF;
            self.stats_w.set(w);
        }
        if stale != 0 {
            let mut cache = self.stats.borrow_mut();
            let nexts = self.next_places();
            for (i, c) in cache.iter_mut().enumerate() {
                if stale >> i & 1 != 0 {
                    *c = ColStats::default();
                    self.col_stats(c, i, runs[i], &w, &nexts);
                }
            }
            self.stale.set(0);
        }
        let cache = self.stats.borrow();
        let st = &*cache;
        #[cfg(debug_assertions)]
        {
            let nexts = self.next_places();
            for i in 0..NCOL {
                let mut c = ColStats::default();
                self.col_stats(&mut c, i, runs[i], &w, &nexts);
                assert!(c == st[i], "kept column figures of column {i}");
            }
        }
        let all: i32 = st.iter().map(|c| c.pre[0]).sum();
        // global_eval's parts, updated per move rather than recounted
        let home: i32 = self.found.iter().map(|&f| f as i32).sum();
        let base = (52 - home) * w[0] + 1000;
        let (free, empty) = (free as i32, empty as i32);
        for e in moves.iter_mut() {
            let m = unpack(*e);
            let h = if m.to == HOME {
                self.eval_home(m, &w)
            } else {
                let is_cell = |l: u8| (CELL0..HOME).contains(&l) as i32;
                let f = free + is_cell(m.from) - is_cell(m.to);
                let n = m.n as usize;
                let mut h = all + base - f * w[3];
                let mut e = empty;
                if m.from < CELL0 {
                    let i = m.from as usize;
                    h += st[i].pre[n] - st[i].pre[0];
                    e += (self.len[i] as usize == n) as i32;
                }
                if m.to < CELL0 {
                    let j = m.to as usize;
                    let moved = if m.from < CELL0 {
                        let i = m.from as usize;
                        let l = self.len[i] as usize;
                        &self.cols[i][l - n..l]
                    } else {
                        std::slice::from_ref(&self.cells[(m.from - CELL0) as usize])
                    };
                    h += self.extend_eval(&st[j], moved, &w);
                    e -= (self.len[j] == 0) as i32;
                }
                h - e * w[4]
            };
            #[cfg(debug_assertions)]
            {
                let mut g = self.clone();
                let c = g.do_move(m);
                assert_eq!(h, g.eval(&w), "incremental evaluation of {m:?}");
                g.undo_move(m, c);
            }
            rescore(e, (h.clamp(0, 4000) as u16).saturating_mul(w[6] as u16).saturating_add(score(*e)));
        }
        moves.sort_unstable();
        out.extend(moves.iter().map(|&e| unpack(e)));
    }

    /// A number below `n` from the ordering noise stream.
    fn noise(&self, n: u64) -> u16 {
        let mut x = self.rng.get();
        xorshift(&mut x);
        self.rng.set(x);
        (x % n) as u16
    }
}
