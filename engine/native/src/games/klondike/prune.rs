//! Rule E of the abstract game (README.md, "The abstract game", rule E): a reveal that empties
//! its pile is left out when no king could then go to the empty pile. Like rule K it reads the
//! position only (no path), so the search stays a search on positions.

use super::abs_move::AbsMove;
use super::abstract_game::Abs;
use super::state::rank;

/// Every king in the card-set layout (bit c for card c).
const KINGS: u64 = 1 << 12 | 1 << 25 | 1 << 38 | 1 << 51;

/// Whether `m` (legal in `a`) is a reveal that empties its pile: nothing lies under its card, and
/// the card is no king (a lone king is rule K's).
#[inline]
pub fn empties(a: &Abs, m: AbsMove) -> bool {
    matches!(m, AbsMove::Reveal(c) if rank(c) != 13 && a.strct[a.pile_of(c)] == 1)
}

/// Whether some king could go to an empty pile once one is free: a king the stock reaches
/// (`reached`: the reachable stock cards), a king on top of its foundation, or a king that is a
/// pile's surface with cards under it. No reveal that empties a pile changes any of these.
#[inline]
pub fn king_to_place(a: &Abs, reached: u64) -> bool {
    reached & KINGS != 0
        || a.found.contains(&13)
        || {
            let mut m = a.surfaces() & KINGS;
            let mut any = false;
            while m != 0 {
                let k = m.trailing_zeros() as u8;
                m &= m - 1;
                any |= a.strct[a.pile_of(k)] > 1;
            }
            any
        }
}

/// Drop from `out` (the legal moves of `a`) the reveals that empty their pile when no king could
/// go there next (rule E).
#[inline]
pub fn drop_idle_emptying(a: &Abs, reached: u64, out: &mut Vec<AbsMove>) {
    if out.iter().any(|&m| empties(a, m)) && !king_to_place(a, reached) {
        out.retain(|&m| !empties(a, m));
    }
}
