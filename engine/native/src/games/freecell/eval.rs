//! How far from won a FreeCell position looks, for move ordering only (never pruning): in
//! full (`eval`), for a move without making it (`eval_after`, `eval_home`), and the per-column
//! figures the candidates are rescored from (`ColStats`).

use super::cards::{fits, rank, suit, NONE};
use super::key::BOTTOM;
use super::state::{ColStats, Fig, FreeCell, Move, CELL0, HOME, NCOL};


impl FreeCell {
    /// How far from won this position looks (lower is better): only orders
    /// moves, never prunes them.
    pub(super) fn eval(&self, w: &[i32; 8]) -> i32 {
        let (mut blockers, mut misfits) = (0i32, 0i32);
        for j in 0..NCOL {
            let l = self.len[j] as usize;
            if l > 0 {
                let f = self.fig[j][l - 1];
                blockers += f.blockers as i32;
                misfits += f.misfits as i32;
            }
        }
        blockers * w[1] + misfits * w[5] + self.next_depth() * w[2] + self.global_eval(w)
    }

    /// The column figures `eval` sums, over columns of lengths `len` (each top's figures read
    /// at its length), with column `top.0`'s top figures replaced by `top.1`: (blockers, misfits,
    /// empty columns). For `eval_home` and `eval_after`, which score a move without making it.
    #[inline]
    fn figures_with(&self, len: &[u8; NCOL], top: Option<(usize, Fig)>) -> (i32, i32, i32) {
        let (mut blockers, mut misfits, mut empty) = (0i32, 0i32, 0i32);
        for j in 0..NCOL {
            let l = len[j] as usize;
            if l > 0 {
                let f = match top {
                    Some((t, f)) if t == j => f,
                    _ => self.fig[j][l - 1],
                };
                blockers += f.blockers as i32;
                misfits += f.misfits as i32;
            } else {
                empty += 1;
            }
        }
        (blockers, misfits, empty)
    }

    /// The column sums `eval` reads (blockers, misfits, empty columns) of this position, kept
    /// until a column changes (`FreeCell::touch`): the children of one position are scored from them.
    #[inline]
    fn col_sums(&self) -> (i32, i32, i32) {
        if self.sums_ok.get() {
            return self.sums.get();
        }
        let s = self.figures_with(&self.len, None);
        self.sums.set(s);
        self.sums_ok.set(true);
        s
    }

    /// Column `j`'s part of those sums at length `l`.
    #[inline]
    fn col_part(&self, j: usize, l: usize) -> (i32, i32, i32) {
        if l == 0 {
            (0, 0, 1)
        } else {
            let f = self.fig[j][l - 1];
            (f.blockers as i32, f.misfits as i32, 0)
        }
    }

    /// `eval`'s sum from its parts (the same weights and constant as `eval` with `global_eval`).
    #[inline]
    fn score_of(blockers: i32, misfits: i32, depth: i32, found: &[u8; 4], free: i32, empty: i32, w: &[i32; 8]) -> i32 {
        let home: i32 = found.iter().map(|&f| f as i32).sum();
        blockers * w[1] + misfits * w[5] + depth * w[2] + (52 - home) * w[0] - free * w[3] - empty * w[4] + 1000
    }

    /// The kept column sums with the move's source column read at its new length `len` (a cell
    /// source leaves the columns as they are): what `eval_home` and `eval_after` start from.
    #[inline]
    fn sums_after_source(&self, m: Move, len: &[u8; NCOL]) -> (i32, i32, i32) {
        let (mut blockers, mut misfits, mut empty) = self.col_sums();
        if m.from < CELL0 {
            let i = m.from as usize;
            let (a, b) = (self.col_part(i, self.len[i] as usize), self.col_part(i, len[i] as usize));
            blockers += b.0 - a.0;
            misfits += b.1 - a.1;
            empty += b.2 - a.2;
        }
        (blockers, misfits, empty)
    }

    /// `eval` of the position after `m`, a card going home, worked out without making it: the
    /// source column loses its top (figures read one place lower), the suit's next card is the
    /// one above, a cell may free up, a column may empty.
    pub(super) fn eval_home(&self, m: Move, w: &[i32; 8]) -> i32 {
        let mut len = self.len;
        let mut free = self.free_cells() as i32;
        let c = if m.from < CELL0 {
            let i = m.from as usize;
            len[i] -= 1;
            self.cols[i][len[i] as usize]
        } else {
            free += 1;
            self.cells[(m.from - CELL0) as usize]
        };
        let mut found = self.found;
        found[suit(c)] += 1;
        let (blockers, misfits, empty) = self.sums_after_source(m, &len);
        debug_assert_eq!((blockers, misfits, empty), self.figures_with(&len, None));
        let mut depth = 0;
        for s in 0..4 {
            let f = found[s] as usize;
            if f < 13 {
                let x = s * 13 + f;
                if self.below[x] <= BOTTOM {
                    let (j, p) = self.at[x];
                    depth += len[j as usize] as i32 - 1 - p as i32;
                }
            }
        }
        Self::score_of(blockers, misfits, depth, &found, free, empty, w)
    }

    /// `eval` of the position after `m` (before any safe move), worked out without making it:
    /// the source column's figures are read lower, the target's are extended over the moved
    /// cards as `figure` does, and each suit's next card is found where the move leaves it.
    pub(super) fn eval_after(&self, m: Move, w: &[i32; 8]) -> i32 {
        if m.to == HOME {
            return self.eval_home(m, w);
        }
        let n = m.n as usize;
        let mut len = self.len;
        let mut free = self.free_cells() as i32;
        let moved: &[u8] = if m.from < CELL0 {
            let i = m.from as usize;
            let l = len[i] as usize;
            len[i] -= n as u8;
            &self.cols[i][l - n..l]
        } else {
            free += 1;
            std::slice::from_ref(&self.cells[(m.from - CELL0) as usize])
        };
        let mut top = None;
        if m.to < CELL0 {
            let j = m.to as usize;
            let lj = len[j] as usize;
            let (mut f, mut under) = if lj > 0 { (Some(self.fig[j][lj - 1]), self.cols[j][lj - 1]) } else { (None, NONE) };
            for &c in moved {
                let r = rank(c);
                f = Some(match f {
                    None => Fig { blockers: 0, misfits: 0, low: r, run_from: 0 },
                    Some(f) => Fig {
                        blockers: f.blockers + (r > f.low) as u8,
                        misfits: f.misfits + !fits(c, under) as u8,
                        low: f.low.min(r),
                        run_from: 0,
                    },
                });
                under = c;
            }
            top = f;
            len[j] += n as u8;
        } else {
            free -= 1;
        }
        let (mut blockers, mut misfits, mut empty) = self.sums_after_source(m, &len);
        if let Some(f) = top {
            let j = m.to as usize;
            let a = self.col_part(j, self.len[j] as usize);
            blockers += f.blockers as i32 - a.0;
            misfits += f.misfits as i32 - a.1;
            empty -= a.2;
        }
        debug_assert_eq!((blockers, misfits, empty), self.figures_with(&len, top.map(|f| (m.to as usize, f))));
        let mut depth = 0;
        for s in 0..4 {
            let f = self.found[s] as usize;
            if f < 13 {
                let x = (s * 13 + f) as u8;
                if let Some(k) = moved.iter().position(|&c| c == x) {
                    if m.to < CELL0 {
                        depth += (n - 1 - k) as i32;
                    }
                } else if self.below[x as usize] <= BOTTOM {
                    let (j, p) = self.at[x as usize];
                    depth += len[j as usize] as i32 - 1 - p as i32;
                }
            }
        }
        Self::score_of(blockers, misfits, depth, &self.found, free, empty, w)
    }

    /// The depth part of `eval`: the cards above each suit's next card for its foundation, found
    /// from where that card lies (no column walked; in a cell it counts 0).
    #[inline]
    fn next_depth(&self) -> i32 {
        let mut depth = 0;
        for s in 0..4 {
            let f = self.found[s] as usize;
            if f < 13 {
                let c = s * 13 + f;
                if self.below[c] <= BOTTOM {
                    let (j, p) = self.at[c];
                    depth += self.len[j as usize] as i32 - 1 - p as i32;
                }
            }
        }
        depth
    }

    /// Where each suit's next card for its foundation lies in a column (column, place), or
    /// column NONE (in a cell, or the suit is home).
    pub(super) fn next_places(&self) -> [(u8, u8); 4] {
        let mut out = [(NONE, 0); 4];
        for (s, o) in out.iter_mut().enumerate() {
            let f = self.found[s] as usize;
            if f < 13 && self.below[s * 13 + f] <= BOTTOM {
                *o = self.at[s * 13 + f];
            }
        }
        out
    }

    /// Column `i`'s figures for rescoring moves: the column's part of `eval` with its top d cards
    /// gone (d = 0..=run), its lowest rank, and how many of its cards are next for their
    /// foundations; read off `fig` and the next cards' places (`next_places`), no column walk.
    /// Written in place (`st`, zeroed): a returned copy, read whole right after its parts were
    /// written, stalls the processor.
    pub(super) fn col_stats(&self, st: &mut ColStats, i: usize, run: usize, w: &[i32; 8], nexts: &[(u8, u8); 4]) {
        let l = self.len[i] as usize;
        st.mn = 14;
        if l == 0 {
            return;
        }
        st.mn = self.fig[i][l - 1].low;
        let mut places = [0i32; 4];
        for &(j, p) in nexts {
            if j as usize == i {
                places[st.next as usize] = p as i32;
                st.next += 1;
            }
        }
        let places = &places[..st.next as usize];
        // the bottom `len` cards, for len = l - d, d = 0..=run
        let from = (l - run.min(l)).max(1);
        for len in from..=l {
            let f = self.fig[i][len - 1];
            let depth: i32 = places.iter().map(|&p| (len as i32 - 1 - p).max(0)).sum();
            st.pre[l - len] = f.blockers as i32 * w[1] + depth * w[2] + f.misfits as i32 * w[5];
        }
    }

    /// How much the column's part of `eval` of a column with figures `st` grows when `moved` (a run, or one card
    /// that fits its top) is set on it: the cards below its next-needed cards grow by the run,
    /// the run's own next-needed cards and blockers count; a card set down fits, so no new
    /// misfit.
    pub(super) fn extend_eval(&self, st: &ColStats, moved: &[u8], w: &[i32; 8]) -> i32 {
        let n = moved.len() as i32;
        let mut depth = st.next * n;
        let mut blockers = 0;
        let mut mn = st.mn;
        for (k, &c) in moved.iter().enumerate() {
            let r = rank(c);
            if r > mn {
                blockers += 1;
            }
            if r < mn {
                mn = r;
            }
            if self.found[suit(c)] + 1 == r {
                depth += n - 1 - k as i32;
            }
        }
        blockers * w[1] + depth * w[2]
    }

    /// Extra terms of the best-first score (move ordering only), weighted by `x`: the cards a
    /// run move may carry, (free cells + 1) * 2^(empty columns), which grows fast with empty
    /// columns; and the depth of the next cards for the foundations again when no free cell and
    /// no empty column is left (a jam: digging for them costs more).
    pub(super) fn bf_extra(&self, x: &[i32; 2]) -> i32 {
        if *x == [0, 0] {
            return 0;
        }
        let free = self.free_cells();
        let empty = self.empty_cols();
        let jam = if free == 0 && empty == 0 { self.next_depth() } else { 0 };
        jam * x[1] - ((free + 1) << empty) as i32 * x[0]
    }

    /// The rest of `eval`: cards not home, free cells, empty columns.
    #[inline]
    fn global_eval(&self, w: &[i32; 8]) -> i32 {
        let home: i32 = self.found.iter().map(|&f| f as i32).sum();
        let free = self.free_cells() as i32;
        let empty = self.empty_cols() as i32;
        (52 - home) * w[0] - free * w[3] - empty * w[4] + 1000
    }
}
