//! Canfield's visible-information player (`crate::core::playout`), the twin of
//! `engine/games/canfield/player.py`, whose docstring tells the policy and why. The `Table` holds the
//! whole deal; the policy is handed only a `View` (the reserve's top and size, the piles, the waste's
//! top, the stock's size, the foundations), so it cannot read a face-down reserve card or the stock.

use crate::core::input::Input;
use crate::core::playout::{self, pick};
use crate::core::rng::SplitMix;

const PILES: usize = 4;
const MAX_MOVES: usize = 1000;
/// Passes in a row without a move but the stock's after which the playout stops.
const IDLE_PASSES: u32 = 3;
/// Per policy: safe-up, reserve-up, pile-up, waste-up, reserve-pile, pile-reserve, pile-space,
/// waste-pile, waste-space, stock, noise (the twin's `_SCORES`).
const SCORES: [[i64; 11]; 2] = [[100, 90, 60, 55, 80, 70, 30, 40, 20, 25, 30], [100, 95, 95, 95, 50, 40, 40, 70, 45, 5, 10]];
/// The suits of the other colour (rules.OPPOSITE).
const OPPOSITE: [[usize; 2]; 4] = [[1, 2], [0, 3], [0, 3], [1, 2]];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mv {
    ReserveUp,
    PileUp(u8),
    WasteUp,
    ReservePile(u8),
    PilePile(u8, u8),
    WastePile(u8),
    Draw,
    Redeal,
}

impl Mv {
    pub fn spell(self) -> String {
        match self {
            Mv::ReserveUp => "x>f".into(),
            Mv::PileUp(n) => format!("{}>f", n + 1),
            Mv::WasteUp => "w>f".into(),
            Mv::ReservePile(m) => format!("x>{}", m + 1),
            Mv::PilePile(n, m) => format!("{}>{}", n + 1, m + 1),
            Mv::WastePile(m) => format!("w>{}", m + 1),
            Mv::Draw => "d".into(),
            Mv::Redeal => "r".into(),
        }
    }
}

/// The whole deal as it stands (every list bottom first).
#[derive(Clone)]
pub struct Table {
    reserve: Vec<u8>,
    piles: [Vec<u8>; PILES],
    stock: Vec<u8>,
    waste: Vec<u8>,
    found: [u8; 4],
    base: u8,
    draw: usize,
}

/// What a player sees.
pub struct View<'a> {
    pub reserve_top: Option<u8>,
    pub reserve: usize,
    pub piles: &'a [Vec<u8>; PILES],
    pub waste_top: Option<u8>,
    pub stock: usize,
    pub found: [u8; 4],
    pub base: u8,
}

#[inline]
fn red(c: u8) -> bool {
    matches!(c / 13, 1 | 2)
}

/// `card` on `pile`: down by one, the other colour, wrapping (K on A).
fn on(card: u8, pile: &[u8]) -> bool {
    pile.last().is_some_and(|&t| red(t) != red(card) && t % 13 == (card % 13 + 1) % 13)
}

impl Table {
    /// From the layout (`reserve`, `foundation` with the base card first, `tableau`, `stock`,
    /// optional `waste`) and options (`draw`).
    pub fn new(input: &Input) -> Result<Table, String> {
        let card = |c: &i32| u8::try_from(*c).ok().filter(|c| *c < 52).ok_or_else(|| format!("bad card {c}"));
        let one = |name: &str| -> Result<Vec<u8>, String> {
            match input.layout.get(name).map(|g| g.as_slice()) {
                Some([g]) => g.iter().map(card).collect(),
                Some([]) | None => Ok(Vec::new()),
                _ => Err(format!("canfield layout: `{name}` must be one list")),
            }
        };
        let reserve = one("reserve")?;
        let stock = one("stock")?;
        let waste = one("waste")?;
        let tableau = input.layout.get("tableau").ok_or("canfield layout has no \"tableau\"")?;
        if tableau.len() != PILES {
            return Err(format!("canfield layout needs {PILES} tableau piles"));
        }
        let mut piles: [Vec<u8>; PILES] = Default::default();
        for (p, cards) in piles.iter_mut().zip(tableau) {
            *p = cards.iter().map(card).collect::<Result<_, _>>()?;
        }
        let foundations = input.layout.get("foundation").ok_or("canfield layout has no \"foundation\"")?;
        let base = foundations.first().and_then(|f| f.first()).map(card).transpose()?.ok_or("canfield: no base card")? % 13;
        let mut found = [0u8; 4];
        for f in foundations {
            if let Some(c) = f.first() {
                found[(card(c)? / 13) as usize] = f.len() as u8;
            }
        }
        let draw = match input.options.get("draw").copied().unwrap_or(3) {
            d @ (1 | 3) => d as usize,
            d => return Err(format!("canfield draw must be 1 or 3, not {d}")),
        };
        let mut t = Table { reserve, piles, stock, waste, found, base, draw };
        t.fill();
        Ok(t)
    }

    /// Every space filled from the reserve (the rules do it, no move).
    fn fill(&mut self) {
        for p in self.piles.iter_mut() {
            if p.is_empty() {
                if let Some(c) = self.reserve.pop() {
                    p.push(c);
                }
            }
        }
    }

    pub fn view(&self) -> View<'_> {
        View {
            reserve_top: self.reserve.last().copied(),
            reserve: self.reserve.len(),
            piles: &self.piles,
            waste_top: self.waste.last().copied(),
            stock: self.stock.len(),
            found: self.found,
            base: self.base,
        }
    }

    pub fn won(&self) -> bool {
        self.found.iter().map(|&f| f as u32).sum::<u32>() == 52
    }

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
            }
            Mv::ReserveUp => {
                let c = self.reserve.pop().unwrap();
                self.found[(c / 13) as usize] += 1;
            }
            Mv::PileUp(n) => {
                let c = self.piles[n as usize].pop().unwrap();
                self.found[(c / 13) as usize] += 1;
            }
            Mv::WasteUp => {
                let c = self.waste.pop().unwrap();
                self.found[(c / 13) as usize] += 1;
            }
            Mv::ReservePile(m) => {
                let c = self.reserve.pop().unwrap();
                self.piles[m as usize].push(c);
            }
            Mv::WastePile(m) => {
                let c = self.waste.pop().unwrap();
                self.piles[m as usize].push(c);
            }
            Mv::PilePile(n, m) => {
                let moved = std::mem::take(&mut self.piles[n as usize]);
                self.piles[m as usize].extend(moved);
            }
        }
        self.fill();
    }
}

fn level(v: &View, c: u8) -> u8 {
    (c % 13 + 13 - v.base) % 13
}

fn up_ok(v: &View, c: u8) -> bool {
    level(v, c) == v.found[(c / 13) as usize]
}

/// The referee's `is_safe` on what the player sees.
fn safe(v: &View, c: u8) -> bool {
    let lv = (level(v, c) + 12) % 13;
    for &o in &OPPOSITE[(c / 13) as usize] {
        let x = o as u8 * 13 + (v.base + lv) % 13;
        if v.found[o] > lv || v.piles.iter().any(|p| p.len() > 1 && p[1..].contains(&x)) {
            continue;
        }
        if v.found[o] == lv && OPPOSITE[o].iter().all(|&t| v.found[t] > (lv + 12) % 13) {
            continue;
        }
        return false;
    }
    true
}

fn candidates(v: &View, policy: u8, redeal_ok: bool, out: &mut Vec<(Mv, i64)>) {
    let [safe_up, reserve_up, pile_up, waste_up, reserve_pile, pile_reserve, pile_space, waste_pile, waste_space, stock, _] = SCORES[policy as usize];
    out.clear();
    if let Some(x) = v.reserve_top {
        if up_ok(v, x) {
            out.push((Mv::ReserveUp, if safe(v, x) { safe_up } else { reserve_up }));
        }
    }
    for (n, pile) in v.piles.iter().enumerate() {
        if let Some(&c) = pile.last() {
            if up_ok(v, c) {
                out.push((Mv::PileUp(n as u8), if safe(v, c) { safe_up } else { pile_up }));
            }
        }
    }
    if let Some(w) = v.waste_top {
        if up_ok(v, w) {
            out.push((Mv::WasteUp, if safe(v, w) { safe_up } else { waste_up }));
        }
    }
    if let Some(x) = v.reserve_top {
        for (m, pile) in v.piles.iter().enumerate() {
            if on(x, pile) {
                out.push((Mv::ReservePile(m as u8), reserve_pile));
            }
        }
    }
    for (n, pile) in v.piles.iter().enumerate() {
        for (m, other) in v.piles.iter().enumerate() {
            if m != n && !pile.is_empty() && on(pile[0], other) {
                out.push((Mv::PilePile(n as u8, m as u8), if v.reserve > 0 { pile_reserve } else { pile_space }));
            }
        }
    }
    if let Some(w) = v.waste_top {
        for (m, pile) in v.piles.iter().enumerate() {
            if on(w, pile) {
                out.push((Mv::WastePile(m as u8), waste_pile));
            } else if pile.is_empty() && v.reserve == 0 {
                out.push((Mv::WastePile(m as u8), waste_space));
            }
        }
    }
    if v.stock > 0 {
        out.push((Mv::Draw, stock));
    } else if v.waste_top.is_some() && redeal_ok {
        out.push((Mv::Redeal, stock));
    }
}

/// The game's player (`core::playout::Player`): `games::PLAYERS` registers the shared
/// `playout::line` and `playout::many` of it.
impl playout::Player for Table {
    const GAME: &'static str = "canfield";
    const POLICIES: usize = SCORES.len();
    const MAX_MOVES: usize = MAX_MOVES;
    type Move = Mv;
    /// (a card moved since the last redeal, redeals in a row with none moved)
    type Memo = (bool, u32);

    fn deal(input: &Input) -> Result<Table, String> {
        Table::new(input)
    }

    fn choose(t: &Table, policy: u8, (moved, idle): (bool, u32), rng: &mut SplitMix, buf: &mut Vec<(Mv, i64)>) -> Option<Mv> {
        candidates(&t.view(), policy, moved || idle + 1 < IDLE_PASSES, buf);
        pick(buf, SCORES[policy as usize][10] as u64, rng)
    }

    fn make(t: &mut Table, mv: Mv, (moved, idle): (bool, u32)) -> (bool, u32) {
        t.play(mv);
        match mv {
            Mv::Redeal => (false, if moved { 0 } else { idle + 1 }),
            Mv::Draw => (moved, idle),
            _ => (true, idle),
        }
    }

    fn won(t: &Table) -> bool {
        t.won()
    }

    fn spell(mv: Mv) -> String {
        mv.spell()
    }
}
