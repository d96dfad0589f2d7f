//! Klondike's visible-information player (`crate::core::playout`), the twin of
//! `engine/games/klondike/player.py`, whose docstring tells the policy and why. The `Table` holds the
//! whole deal; the policy (`choose`) is handed only a `View` of it (face-up cards, face-down counts,
//! the stock's size, the waste's top, the foundations), made by `Table::view`, so it cannot read a
//! hidden card. Moves are made on the table by `Table::play`.

use crate::core::playout::{self, pick};
use crate::core::rng::SplitMix;
use super::state::{fits, rank};
use crate::core::input::Input;

const PILES: usize = 7;
const MAX_MOVES: usize = 1000;
/// Per policy: safe-up, reveal-up, reveal, waste-up, pile-up, uncover, waste-pile, empty, stock,
/// noise (the Python twin's `_SCORES`).
const SCORES: [[i64; 10]; 2] = [[100, 80, 60, 50, 40, 35, 30, 10, 5, 40], [100, 90, 50, 90, 90, 40, 70, 10, 5, 8]];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mv {
    PileUp(u8),
    WasteUp,
    /// source, cards moved, destination
    Pile(u8, u8, u8),
    WastePile(u8),
    Draw,
    Redeal,
}

impl Mv {
    pub fn spell(self) -> String {
        match self {
            Mv::PileUp(n) => format!("{}>f", n + 1),
            Mv::WasteUp => "w>f".into(),
            Mv::Pile(n, 1, m) => format!("{}>{}", n + 1, m + 1),
            Mv::Pile(n, k, m) => format!("{}:{}>{}", n + 1, k, m + 1),
            Mv::WastePile(m) => format!("w>{}", m + 1),
            Mv::Draw => "d".into(),
            Mv::Redeal => "r".into(),
        }
    }
}

/// The whole deal as it stands (cards as `suit * 13 + rank - 1`).
#[derive(Clone)]
pub struct Table {
    piles: [Vec<u8>; PILES],
    down: [usize; PILES],
    stock: Vec<u8>,
    waste: Vec<u8>,
    found: [u8; 4],
    draw: usize,
    max_redeals: Option<u32>,
    redeals: u32,
}

/// What a player sees of the table.
pub struct View<'a> {
    pub up: [&'a [u8]; PILES],
    pub down: [usize; PILES],
    pub stock: usize,
    pub waste_top: Option<u8>,
    pub found: [u8; 4],
    pub can_redeal: bool,
}

impl Table {
    /// The deal's table from the layout (`tableau`, `down`, `stock`) and options (`draw`, `passes`).
    pub fn new(input: &Input) -> Result<Table, String> {
        let group = |name: &str| input.layout.get(name).ok_or_else(|| format!("klondike layout has no {name:?}"));
        let card = |c: &i32| u8::try_from(*c).ok().filter(|c| *c < 52).ok_or_else(|| format!("bad card {c}"));
        let tableau = group("tableau")?;
        if tableau.len() != PILES {
            return Err(format!("a klondike layout has {PILES} piles, not {}", tableau.len()));
        }
        let mut piles: [Vec<u8>; PILES] = Default::default();
        for (p, cards) in piles.iter_mut().zip(tableau) {
            *p = cards.iter().map(card).collect::<Result<_, _>>()?;
        }
        let downs = group("down")?.first().cloned().unwrap_or_default();
        let mut down = [0usize; PILES];
        for (i, d) in down.iter_mut().enumerate() {
            *d = (*downs.get(i).unwrap_or(&0)).clamp(0, piles[i].len() as i32) as usize;
            if !piles[i].is_empty() && *d >= piles[i].len() {
                *d = piles[i].len() - 1; // a pile with no face-up card turns its top up
            }
        }
        let stock = group("stock")?.first().map(|s| s.iter().map(card).collect::<Result<_, _>>()).transpose()?.unwrap_or_default();
        let draw = match input.options.get("draw").copied().unwrap_or(1) {
            1 => 1,
            3 => 3,
            d => return Err(format!("klondike draw must be 1 or 3, not {d}")),
        };
        let max_redeals = match input.options.get("passes").copied().unwrap_or(0) {
            0 => None,
            p @ (1 | 3) => Some(p as u32 - 1),
            p => return Err(format!("klondike passes must be 0, 1 or 3, not {p}")),
        };
        Ok(Table { piles, down, stock, waste: Vec::new(), found: [0; 4], draw, max_redeals, redeals: 0 })
    }

    /// The visible part: the only way the policy learns anything of the table.
    pub fn view(&self) -> View<'_> {
        let up: [&[u8]; PILES] = std::array::from_fn(|i| &self.piles[i][self.down[i]..]);
        View {
            up,
            down: self.down,
            stock: self.stock.len(),
            waste_top: self.waste.last().copied(),
            found: self.found,
            can_redeal: self.stock.is_empty() && !self.waste.is_empty() && self.max_redeals.is_none_or(|m| self.redeals < m),
        }
    }

    pub fn won(&self) -> bool {
        self.found.iter().map(|&f| f as u32).sum::<u32>() == 52
    }

    fn flip(&mut self, n: usize) {
        if !self.piles[n].is_empty() && self.down[n] == self.piles[n].len() {
            self.down[n] -= 1;
        }
    }

    /// Make a move the policy chose (legal by construction of its candidates).
    pub fn play(&mut self, m: Mv) {
        match m {
            Mv::Draw => {
                for _ in 0..self.draw.min(self.stock.len()) {
                    let c = self.stock.pop().unwrap();
                    self.waste.push(c);
                }
            }
            Mv::Redeal => {
                self.waste.reverse();
                std::mem::swap(&mut self.stock, &mut self.waste);
                self.redeals += 1;
            }
            Mv::WasteUp => {
                let c = self.waste.pop().unwrap();
                self.found[(c / 13) as usize] += 1;
            }
            Mv::WastePile(m) => {
                let c = self.waste.pop().unwrap();
                self.piles[m as usize].push(c);
            }
            Mv::PileUp(n) => {
                let c = self.piles[n as usize].pop().unwrap();
                self.found[(c / 13) as usize] += 1;
                self.flip(n as usize);
            }
            Mv::Pile(n, k, m) => {
                let (n, k, m) = (n as usize, k as usize, m as usize);
                let at = self.piles[n].len() - k;
                let moved: Vec<u8> = self.piles[n].drain(at..).collect();
                self.piles[m].extend(moved);
                self.flip(n);
            }
        }
    }
}

fn up_ok(v: &View, c: u8) -> bool {
    v.found[(c / 13) as usize] == rank(c) - 1
}

/// Seed 004's autoMove rule: nothing left could want to sit on the card.
fn safe(v: &View, c: u8) -> bool {
    let (r, s, f) = (rank(c), (c / 13) as usize, &v.found);
    if r <= 2 {
        return true;
    }
    if s == 0 || s == 3 {
        f[1] >= r - 1 && f[2] >= r - 1 && f[3 - s] >= r - 2
    } else {
        f[0] >= r - 1 && f[3] >= r - 1 && f[3 - s] >= r - 2
    }
}

/// The candidates with their scores, in the twin's order (`candidates`).
fn candidates(v: &View, policy: u8, redeal_ok: bool, out: &mut Vec<(Mv, i64)>) {
    let s = &SCORES[policy as usize];
    let [safe_up, reveal_up, reveal, waste_up, pile_up, uncover, waste_pile, empty, stock, _] = *s;
    out.clear();
    for n in 0..PILES {
        if let Some(&c) = v.up[n].last() {
            if up_ok(v, c) {
                let score = if safe(v, c) {
                    safe_up
                } else if v.up[n].len() == 1 && v.down[n] > 0 {
                    reveal_up + v.down[n] as i64
                } else {
                    pile_up
                };
                out.push((Mv::PileUp(n as u8), score));
            }
        }
    }
    if let Some(w) = v.waste_top {
        if up_ok(v, w) {
            out.push((Mv::WasteUp, if safe(v, w) { safe_up } else { waste_up }));
        }
    }
    for n in 0..PILES {
        let up = v.up[n];
        for m in 0..PILES {
            if m == n || up.is_empty() {
                continue;
            }
            let dest = v.up[m];
            for k in 1..=up.len() {
                let base = up[up.len() - k];
                let ok = match dest.last() {
                    Some(&d) => fits(base, d),
                    None => rank(base) == 13,
                };
                if !ok {
                    continue;
                }
                let mv = Mv::Pile(n as u8, k as u8, m as u8);
                if k == up.len() {
                    if v.down[n] > 0 {
                        out.push((mv, reveal + v.down[n] as i64));
                    } else if !dest.is_empty() {
                        out.push((mv, empty));
                    }
                } else if up_ok(v, up[up.len() - k - 1]) {
                    out.push((mv, uncover));
                }
                break;
            }
        }
    }
    if let Some(w) = v.waste_top {
        for m in 0..PILES {
            let ok = match v.up[m].last() {
                Some(&d) => fits(w, d),
                None => rank(w) == 13,
            };
            if ok {
                out.push((Mv::WastePile(m as u8), waste_pile));
            }
        }
    }
    if v.stock > 0 {
        out.push((Mv::Draw, stock));
    } else if v.can_redeal && redeal_ok {
        out.push((Mv::Redeal, stock));
    }
}

/// The policy's move: the highest score plus jitter (one draw a candidate, in order), the first on
/// a tie; None when nothing is worth trying.
pub fn choose(v: &View, policy: u8, redeal_ok: bool, rng: &mut SplitMix, buf: &mut Vec<(Mv, i64)>) -> Option<Mv> {
    let noise = SCORES[policy as usize][9] as u64;
    candidates(v, policy, redeal_ok, buf);
    pick(buf, noise, rng)
}

/// The game's player (`core::playout::Player`): `games::PLAYERS` registers the shared
/// `playout::line` and `playout::many` of it.
impl playout::Player for Table {
    const GAME: &'static str = "klondike";
    const POLICIES: usize = SCORES.len();
    const MAX_MOVES: usize = MAX_MOVES;
    type Move = Mv;
    /// a card moved since the last redeal
    type Memo = bool;

    fn deal(input: &Input) -> Result<Table, String> {
        Table::new(input)
    }

    fn choose(table: &Table, policy: u8, moved: bool, rng: &mut SplitMix, buf: &mut Vec<(Mv, i64)>) -> Option<Mv> {
        choose(&table.view(), policy, moved, rng, buf)
    }

    fn make(table: &mut Table, mv: Mv, moved: bool) -> bool {
        table.play(mv);
        match mv {
            Mv::Redeal => false,
            Mv::Draw => moved,
            _ => true,
        }
    }

    fn won(table: &Table) -> bool {
        table.won()
    }

    fn spell(mv: Mv) -> String {
        mv.spell()
    }
}
