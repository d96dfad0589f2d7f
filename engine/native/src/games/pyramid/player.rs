//! Pyramid's visible-information player (`crate::core::playout`), the twin of
//! `engine/games/pyramid/player.py`, whose docstring tells the policy and why. The `Table` holds the
//! whole deal; the policy is handed only a `View` (the table, the stock's top and size, the waste's
//! top and size, whether a pass remains), so it cannot read the stock's order.

use super::state::{COVER, TABLE};
use crate::core::input::Input;
use crate::core::playout::{self, pick};
use crate::core::rng::SplitMix;

/// Per policy: king, table, mixed, stock, uncover, draw, noise (the twin's `_SCORES`).
const SCORES: [[i64; 7]; 2] = [[100, 60, 45, 20, 15, 5, 30], [100, 50, 55, 50, 0, 5, 10]];
const GONE: u8 = 255;
/// The stock's top and the waste's top as sources beside table positions 0..27.
const STOCK: u8 = 28;
const WASTE: u8 = 29;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mv {
    King(u8),
    Pair(u8, u8),
    Draw,
    Redeal,
}

fn src(s: u8) -> String {
    match s {
        STOCK => "s".into(),
        WASTE => "w".into(),
        p => format!("p{}", p + 1),
    }
}

impl Mv {
    pub fn spell(self) -> String {
        match self {
            Mv::King(s) => src(s),
            Mv::Pair(a, b) => format!("{}+{}", src(a), src(b)),
            Mv::Draw => "d".into(),
            Mv::Redeal => "r".into(),
        }
    }
}

/// The whole deal as it stands.
#[derive(Clone)]
pub struct Table {
    table: [u8; TABLE],
    /// bottom first: the last card is the top
    stock: Vec<u8>,
    waste: Vec<u8>,
    /// passes allowed, 0 = unlimited
    passes: u32,
    recycles: u32,
    all: bool,
}

/// What a player sees.
pub struct View {
    pub table: [u8; TABLE],
    pub stock_top: Option<u8>,
    pub stock: usize,
    pub waste_top: Option<u8>,
    pub can_redeal: bool,
}

impl Table {
    /// From the layout (`rows` of 1..7 cards, `stock` bottom first) and options (`passes`, `all`).
    pub fn new(input: &Input) -> Result<Table, String> {
        let card = |c: &i32| u8::try_from(*c).ok().filter(|c| *c < 52).ok_or_else(|| format!("bad card {c}"));
        let rows = input.layout.get("rows").ok_or("pyramid layout has no \"rows\"")?;
        if rows.iter().map(|r| r.len()).ne(1..=7) {
            return Err("pyramid layout: rows must hold 1..7 cards".into());
        }
        let mut table = [GONE; TABLE];
        for (t, c) in table.iter_mut().zip(rows.iter().flatten()) {
            *t = card(c)?;
        }
        let stock = match input.layout.get("stock").map(|s| s.as_slice()) {
            Some([s]) => s.iter().map(card).collect::<Result<Vec<_>, _>>()?,
            Some([]) | None => Vec::new(),
            _ => return Err("pyramid layout: `stock` must be one list".into()),
        };
        let passes = input.options.get("passes").copied().unwrap_or(3);
        if !(0..=3).contains(&passes) {
            return Err(format!("pyramid passes must be 0 (unlimited) or 1..3, not {passes}"));
        }
        let all = input.options.get("all").copied().unwrap_or(0) != 0;
        Ok(Table { table, stock, waste: Vec::new(), passes: passes as u32, recycles: 0, all })
    }

    fn can_recycle(&self) -> bool {
        self.stock.is_empty() && !self.waste.is_empty() && (self.passes == 0 || self.recycles + 1 < self.passes)
    }

    pub fn view(&self) -> View {
        View {
            table: self.table,
            stock_top: self.stock.last().copied(),
            stock: self.stock.len(),
            waste_top: self.waste.last().copied(),
            can_redeal: self.can_recycle(),
        }
    }

    pub fn won(&self) -> bool {
        self.table.iter().all(|&c| c == GONE) && (!self.all || (self.stock.is_empty() && self.waste.is_empty()))
    }

    fn take(&mut self, s: u8) {
        match s {
            STOCK => {
                self.stock.pop();
            }
            WASTE => {
                self.waste.pop();
            }
            p => self.table[p as usize] = GONE,
        }
    }

    pub fn play(&mut self, m: Mv) {
        match m {
            Mv::King(s) => self.take(s),
            Mv::Pair(a, b) => {
                self.take(a);
                self.take(b);
            }
            Mv::Draw => {
                let c = self.stock.pop().unwrap();
                self.waste.push(c);
            }
            Mv::Redeal => {
                self.waste.reverse();
                std::mem::swap(&mut self.stock, &mut self.waste);
                self.recycles += 1;
            }
        }
    }
}

fn free(v: &View, p: usize) -> bool {
    v.table[p] != GONE && (0..TABLE).all(|q| COVER[p] & (1 << q) == 0 || v.table[q] == GONE)
}

/// Table cards the removal of the table positions in `taken` (a mask) frees.
fn freed(v: &View, taken: u32) -> i64 {
    (0..TABLE)
        .filter(|&q| {
            v.table[q] != GONE
                && COVER[q] & taken != 0
                && (0..TABLE).all(|r| COVER[q] & (1 << r) == 0 || v.table[r] == GONE || taken & (1 << r) != 0)
        })
        .count() as i64
}

fn candidates(v: &View, policy: u8, redeal_ok: bool, out: &mut Vec<(Mv, i64)>) {
    let [king, table, mixed, stock, uncover, draw, _] = SCORES[policy as usize];
    out.clear();
    let mut free_cards: Vec<(u8, u8)> = (0..TABLE).filter(|&p| free(v, p)).map(|p| (p as u8, v.table[p])).collect();
    if let Some(c) = v.stock_top {
        free_cards.push((STOCK, c));
    }
    if let Some(c) = v.waste_top {
        free_cards.push((WASTE, c));
    }
    let mask = |s: u8| if s < STOCK { 1u32 << s } else { 0 };
    for &(s, c) in &free_cards {
        if c % 13 == 12 {
            out.push((Mv::King(s), king + if s < STOCK { uncover * freed(v, mask(s)) } else { 0 }));
        }
    }
    for (i, &(a, ca)) in free_cards.iter().enumerate() {
        for &(b, cb) in &free_cards[i + 1..] {
            if ca % 13 + cb % 13 + 2 != 13 {
                continue;
            }
            let taken = mask(a) | mask(b);
            let base = [stock, mixed, table][taken.count_ones() as usize];
            out.push((Mv::Pair(a, b), base + uncover * freed(v, taken)));
        }
    }
    if v.stock > 0 {
        out.push((Mv::Draw, draw));
    } else if v.can_redeal && redeal_ok {
        out.push((Mv::Redeal, draw));
    }
}

/// The game's player (`core::playout::Player`): `games::PLAYERS` registers the shared
/// `playout::line` and `playout::many` of it.
impl playout::Player for Table {
    const GAME: &'static str = "pyramid";
    const POLICIES: usize = SCORES.len();
    const MAX_MOVES: usize = usize::MAX;
    type Move = Mv;
    /// a pair or card removed since the last redeal
    type Memo = bool;

    fn deal(input: &Input) -> Result<Table, String> {
        Table::new(input)
    }

    fn choose(t: &Table, policy: u8, removed: bool, rng: &mut SplitMix, buf: &mut Vec<(Mv, i64)>) -> Option<Mv> {
        candidates(&t.view(), policy, removed, buf);
        pick(buf, SCORES[policy as usize][6] as u64, rng)
    }

    fn make(t: &mut Table, mv: Mv, removed: bool) -> bool {
        t.play(mv);
        match mv {
            Mv::Redeal => false,
            Mv::Draw => removed,
            _ => true,
        }
    }

    fn won(t: &Table) -> bool {
        t.won()
    }

    fn spell(mv: Mv) -> String {
        mv.spell()
    }
}
