//! Rule E of the abstract game (README.md, "The abstract game", rule E): a reveal that empties
//! its pile is left out when no king could then go to the empty pile. Like rule K it reads the
//! position only (no path), so the search stays a search on positions.

#[cfg(test)]
use super::abs_move::AbsMove;
use super::abs_position::Abs;
use super::state::{rank, KINGS};


/// Whether revealing `c`, the surface of a pile whose structure holds `k` cards, empties the pile:
/// nothing lies under it, and it is no king (a lone king is rule K's).
#[inline]
pub fn empties_at(k: u8, c: u8) -> bool {
    k == 1 && rank(c) != 13
}

/// Whether `m` (legal in `a`) is a reveal that empties its pile (`empties_at`): the tests' view.
#[cfg(test)]
pub fn empties(a: &Abs, m: AbsMove) -> bool {
    matches!(m, AbsMove::Reveal(c) if empties_at(a.strct[a.pile_of(c)], c))
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
