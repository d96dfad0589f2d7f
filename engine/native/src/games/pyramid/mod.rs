//! pyramid: moves, safe moves and position key for the shared search.
//!
//! Rules (engine/games/pyramid/README.md): 28 cards in 7 rows; a table card is free
//! when both cards below it are gone. The stock's top card and the waste's
//! top card are free too. Remove a free king alone, or two free cards whose
//! ranks sum to 13. Draw moves the stock's top card to the waste; when the
//! stock is empty the waste turns over into a new stock (same cycle order) if
//! a pass remains. Won when the 28 table cards are gone (goal "pyramid") or
//! all 52 (goal "all").
//!
//! The stock and waste are one fixed sequence `deck` (deck[0] drawn first)
//! with a `gone` mask and a `cursor`: live cards below the cursor are the
//! waste (top = the highest), live cards at or above it the stock (top = the
//! lowest). Every move changes only `removed`, `gone`, `cursor` and `pass`,
//! so an undo is a snapshot of those four.

//!
//! The files: `state.rs` (the position and its moves), `prune.rs` (the pruning that reads it), and
//! here `Game` and the entry points.

pub mod player;
mod prune;
mod state;

use crate::core::kit::Dealt;
use crate::core::input::Input;
use crate::core::search::Game;
use state::*;
pub use state::{Move, Pyramid, Src, Undo};

impl Game for Pyramid {
    type Move = Move;
    type Undo = Undo;
    type Key = u64;

    /// A free king, else an exclusive pair: both always safe (README.md,
    /// Pyramid). A king pairs with nothing, so a line that keeps it only has
    /// it in the way; a card that must go and has one partner left must go
    /// with that partner, so it may as well go now.
    fn safe_move(&self) -> Option<Move> {
        if self.won() || self.plain {
            return None;
        }
        let f = self.free_cards();
        let free = f.as_slice();
        let mut ranks = [0u8; 12];
        for (i, &s) in free.iter().enumerate() {
            ranks[i] = rank(self.card_at(s));
            if ranks[i] == 13 {
                return Some(Move::King(s));
            }
        }
        let mut reach = None; // only once a pair sums to 13
        for (i, &a) in free.iter().enumerate() {
            for (j, &b) in free.iter().enumerate().skip(i + 1) {
                if ranks[i] + ranks[j] != 13 {
                    continue;
                }
                let reach = reach.get_or_insert_with(|| self.reach());
                // a (or b) must go, and b (or a) is the only partner it could ever meet.
                if (self.must_go(a) && self.only_partner(reach, a, b)) || (self.must_go(b) && self.only_partner(reach, b, a)) {
                    let (a, b) = order(a, b);
                    return Some(Move::Pair(a, b));
                }
            }
        }
        None
    }

    /// Every legal move; none in a dead position (`dead`), nor in one whose
    /// cards were already expanded on an earlier pass (`dominated`).
    fn moves(&self, out: &mut Vec<Move>) {
        if self.plain || (!self.dead() && !self.dominated()) {
            self.legal(out);
        }
    }

    fn apply(&mut self, m: Move) -> Undo {
        let u = Undo { removed: self.removed, gone: self.gone, cursor: self.cursor, pass: self.pass };
        match m {
            Move::Draw => self.cursor = self.stock_top().unwrap() as u8 + 1,
            Move::Recycle => {
                self.cursor = 0;
                if self.passes != 0 {
                    self.pass += 1;
                }
            }
            Move::King(s) => self.take(s),
            Move::Pair(a, b) => {
                // Stock and waste tops are found before either is taken:
                // taking one never changes where the other is.
                let (ia, ib) = (self.index_of(a), self.index_of(b));
                self.take_at(a, ia);
                self.take_at(b, ib);
            }
        }
        u
    }

    fn revert(&mut self, u: Undo) {
        self.removed = u.removed;
        self.gone = u.gone;
        self.cursor = u.cursor;
        self.pass = u.pass;
    }

    fn won(&self) -> bool {
        self.removed == FULL && (!self.all || self.live() == 0)
    }

    /// Exact up to suits: table mask (28 bits), the live stock and waste cards as the
    /// leftmost cards of the deck spelling the same ranks (24 bits), the index of the stock's
    /// top card among those (5 bits; 24 when the stock is empty) and the pass (2 bits; 0 with
    /// unlimited passes, where it does not matter). Every rule reads only ranks, so positions
    /// whose waste and stock spell the same ranks are the same position (README.md, "Key").
    fn key(&self) -> u64 {
        self.position_key()
    }

    fn spell(&self, m: Move, out: &mut crate::core::search::Line) {
        out.push(Self::token(m));
    }
}

/// The kit's entry points (`crate::core::kit`): solved by the depth-first search.
impl Dealt for Pyramid {
    fn deal(input: &Input) -> Result<Self, String> {
        Pyramid::from_layout(input.layout, input.options)
    }
    fn singles(&self, out: &mut Vec<Move>) {
        self.legal(out)
    }
    fn token(&self, m: Move) -> String {
        Pyramid::token(m)
    }
}

#[cfg(test)]
mod tests;
