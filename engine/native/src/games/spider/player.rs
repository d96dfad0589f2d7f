//! Spider's visible-information player (`crate::core::playout`), the twin of
//! `engine/games/spider/player.py`, whose docstring tells the policy and why. The `Table` holds the
//! whole deal; the policy is handed only a `View` (face-up cards, face-down counts, the stock's
//! size), made by `Table::view`, so it cannot read a hidden card.

use crate::core::input::Input;
use crate::core::playout::{self, pick};
use crate::core::rng::SplitMix;

const COLS: usize = 10;
const MAX_MOVES: usize = 500;
/// Per policy: reveal, suited, empty-col, build, to-empty, deal, noise (the twin's `_SCORES`).
const SCORES: [[i64; 7]; 2] = [[60, 50, 45, 30, 15, 5, 30], [50, 30, 30, 45, 10, 20, 10]];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mv {
    /// source, cards, target
    Col(u8, u8, u8),
    Deal,
}

impl Mv {
    pub fn spell(self) -> String {
        match self {
            Mv::Col(n, 1, m) => format!("{}>{}", n + 1, m + 1),
            Mv::Col(n, k, m) => format!("{}:{}>{}", n + 1, k, m + 1),
            Mv::Deal => "d".into(),
        }
    }
}

/// The whole deal as it stands.
#[derive(Clone)]
pub struct Table {
    cols: [Vec<u8>; COLS],
    down: [usize; COLS],
    /// bottom first: a deal takes the last ten, the last to column 1
    stock: Vec<u8>,
    off: usize,
}

/// What a player sees.
pub struct View<'a> {
    pub up: [&'a [u8]; COLS],
    pub down: [usize; COLS],
    pub stock: usize,
}

#[inline]
fn rank(c: u8) -> u8 {
    c % 13 + 1
}

fn run(up: &[u8]) -> usize {
    let mut n = usize::from(!up.is_empty());
    while n < up.len() && up[up.len() - n - 1] / 13 == up[up.len() - n] / 13 && rank(up[up.len() - n - 1]) == rank(up[up.len() - n]) + 1 {
        n += 1;
    }
    n
}

impl Table {
    /// From the layout (`tableau`, `down`, `stock`).
    pub fn new(input: &Input) -> Result<Table, String> {
        let card = |c: &i32| u8::try_from(*c).ok().filter(|c| *c < 52).ok_or_else(|| format!("bad card {c}"));
        let tableau = input.layout.get("tableau").ok_or("spider layout has no \"tableau\"")?;
        let downs = input.layout.get("down").and_then(|d| d.first()).ok_or("spider layout has no \"down\"")?;
        if tableau.len() != COLS || downs.len() != COLS {
            return Err("spider layout: tableau and down must have 10 columns".into());
        }
        let mut cols: [Vec<u8>; COLS] = Default::default();
        let mut down = [0usize; COLS];
        for c in 0..COLS {
            cols[c] = tableau[c].iter().map(card).collect::<Result<_, _>>()?;
            down[c] = (downs[c].max(0) as usize).min(cols[c].len().saturating_sub(1));
        }
        let stock = match input.layout.get("stock").map(|s| s.as_slice()) {
            Some([s]) => s.iter().map(card).collect::<Result<Vec<_>, _>>()?,
            Some([]) | None => Vec::new(),
            _ => return Err("spider layout: `stock` must be one list".into()),
        };
        Ok(Table { cols, down, stock, off: 0 })
    }

    pub fn view(&self) -> View<'_> {
        View { up: std::array::from_fn(|c| &self.cols[c][self.down[c]..]), down: self.down, stock: self.stock.len() }
    }

    pub fn won(&self) -> bool {
        self.off == 8
    }

    /// A complete K..A run of one suit on top goes off; a face-down top card turns up.
    fn settle(&mut self, c: usize) {
        let up = &self.cols[c][self.down[c]..];
        if up.len() >= 13 && rank(up[up.len() - 1]) == 1 && run(up) >= 13 {
            let at = self.cols[c].len() - 13;
            self.cols[c].truncate(at);
            self.off += 1;
        }
        self.turn_up(c);
    }

    fn turn_up(&mut self, c: usize) {
        if self.down[c] > 0 && self.cols[c].len() == self.down[c] {
            self.down[c] -= 1;
        }
    }

    pub fn play(&mut self, m: Mv) {
        match m {
            Mv::Deal => {
                for c in 0..COLS {
                    let x = self.stock.pop().unwrap();
                    self.cols[c].push(x);
                }
                for c in 0..COLS {
                    self.settle(c);
                }
            }
            Mv::Col(n, k, m) => {
                let (n, k, m) = (n as usize, k as usize, m as usize);
                let at = self.cols[n].len() - k;
                let moved: Vec<u8> = self.cols[n].drain(at..).collect();
                self.cols[m].extend(moved);
                self.turn_up(n);
                self.settle(m);
            }
        }
    }
}

fn candidates(v: &View, policy: u8, last: Option<Mv>, out: &mut Vec<(Mv, i64)>) {
    let [reveal, suited, empty_col, build, to_empty, deal, _] = SCORES[policy as usize];
    out.clear();
    let first_empty = (0..COLS).find(|&m| v.up[m].is_empty() && v.down[m] == 0);
    for n in 0..COLS {
        let up = v.up[n];
        if up.is_empty() {
            continue;
        }
        let r = run(up);
        for m in 0..COLS {
            if m == n {
                continue;
            }
            let dest = v.up[m];
            let k = if let Some(&d) = dest.last() {
                let k = rank(d) as i32 - rank(up[up.len() - 1]) as i32;
                if k < 1 || k as usize > r {
                    continue;
                }
                k as usize
            } else if Some(m) == first_empty {
                if r == up.len() && v.down[n] == 0 {
                    continue;
                }
                r
            } else {
                continue;
            };
            if last == Some(Mv::Col(m as u8, k as u8, n as u8)) {
                continue;
            }
            let base = up[up.len() - k];
            if k < up.len() && rank(up[up.len() - k - 1]) == rank(base) + 1 {
                let below = up[up.len() - k - 1];
                if below / 13 == base / 13 || dest.last().is_none_or(|&d| d / 13 != base / 13) {
                    continue;
                }
            }
            let score = if k == up.len() && v.down[n] > 0 {
                reveal + v.down[n] as i64
            } else if dest.is_empty() {
                to_empty
            } else if k == up.len() {
                empty_col
            } else if dest[dest.len() - 1] / 13 == base / 13 {
                suited
            } else {
                build
            };
            out.push((Mv::Col(n as u8, k as u8, m as u8), score));
        }
    }
    if v.stock > 0 && first_empty.is_none() {
        out.push((Mv::Deal, deal));
    }
}

/// The game's player (`core::playout::Player`): `games::PLAYERS` registers the shared
/// `playout::line` and `playout::many` of it.
impl playout::Player for Table {
    const GAME: &'static str = "spider";
    const POLICIES: usize = SCORES.len();
    const MAX_MOVES: usize = MAX_MOVES;
    type Move = Mv;
    /// the last move since the last deal from the stock
    type Memo = Option<Mv>;

    fn deal(input: &Input) -> Result<Table, String> {
        Table::new(input)
    }

    fn choose(t: &Table, policy: u8, last: Option<Mv>, rng: &mut SplitMix, buf: &mut Vec<(Mv, i64)>) -> Option<Mv> {
        candidates(&t.view(), policy, last, buf);
        pick(buf, SCORES[policy as usize][6] as u64, rng)
    }

    fn make(t: &mut Table, mv: Mv, _: Option<Mv>) -> Option<Mv> {
        t.play(mv);
        if mv == Mv::Deal { None } else { Some(mv) }
    }

    fn won(t: &Table) -> bool {
        t.won()
    }

    fn spell(mv: Mv) -> String {
        mv.spell()
    }
}
