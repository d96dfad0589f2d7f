//! Spider's cards and table: a card is 0..51 (suit * 13 + rank - 1; one suit or two repeat the
//! low numbers), ten columns, a stock of 50.

pub const COLS: usize = 10;
pub(super) const STOCK: usize = 50;

pub(super) const fn rank(c: u8) -> u8 {
    c % 13
}

pub(super) const fn suit(c: u8) -> u8 {
    c / 13
}

/// Whether `upper` lies on `lower` in one suit and in sequence.
pub(super) fn follows(lower: u8, upper: u8) -> bool {
    suit(lower) == suit(upper) && rank(lower) == rank(upper) + 1
}

pub(super) fn card(c: i32) -> Result<u8, String> {
    if (0..52).contains(&c) { Ok(c as u8) } else { Err(format!("spider layout: no card {c}; accepted 0..51")) }
}
