//! FreeCell's card tables: each card's rank, suit and colour, and the cards it may be built
//! on.

/// No card: an empty free cell, the parent a king lacks.
pub(super) const NONE: u8 = 255;

/// Rank (1..13) and suit of each card, looked up rather than divided out (hot paths).
const RANK: [u8; 52] = {
    let mut t = [0u8; 52];
    let mut c = 0;
    while c < 52 {
        t[c] = (c % 13 + 1) as u8;
        c += 1;
    }
    t
};
const SUIT: [u8; 52] = {
    let mut t = [0u8; 52];
    let mut c = 0;
    while c < 52 {
        t[c] = (c / 13) as u8;
        c += 1;
    }
    t
};
/// FITS[c][on]: whether `c` may be built on `on` (one rank lower, the other colour).
pub(super) const FITS: [[bool; 52]; 52] = {
    let mut t = [[false; 52]; 52];
    let mut c = 0;
    while c < 52 {
        let mut on = 0;
        while on < 52 {
            let red_c = matches!(c / 13, 1 | 2);
            let red_on = matches!(on / 13, 1 | 2);
            t[c][on] = on % 13 == c % 13 + 1 && red_c != red_on;
            on += 1;
        }
        c += 1;
    }
    t
};
/// The two cards each card fits on (one rank higher, the other colour; NONE for a king), 
/// (`relatives(-1)` would give the two that fit on it).
const PARENTS: [[u8; 2]; 52] = relatives(1);
/// PARENTS as a bit mask (bit c for card c).
pub(super) const PARENT_MASK: [u64; 52] = {
    let mut t = [0u64; 52];
    let mut c = 0;
    while c < 52 {
        let mut k = 0;
        while k < 2 {
            if PARENTS[c][k] != NONE {
                t[c] |= 1 << PARENTS[c][k];
            }
            k += 1;
        }
        c += 1;
    }
    t
};
const fn relatives(dr: i32) -> [[u8; 2]; 52] {
    let mut t = [[NONE; 2]; 52];
    let mut c = 0;
    while c < 52 {
        let r = (c % 13) as i32 + dr;
        if r >= 0 && r < 13 {
            let other: [usize; 2] = if matches!(c / 13, 1 | 2) { [0, 3] } else { [1, 2] };
            t[c] = [(other[0] * 13) as u8 + r as u8, (other[1] * 13) as u8 + r as u8];
        }
        c += 1;
    }
    t
}
#[inline]
pub(super) fn rank(c: u8) -> u8 {
    RANK[c as usize]
}
#[inline]
pub(super) fn suit(c: u8) -> usize {
    SUIT[c as usize] as usize
}
#[inline]
pub(super) fn red(c: u8) -> bool {
    matches!(SUIT[c as usize], 1 | 2)
}
/// Whether `c` may be built on `on` (one rank lower, the other colour).
#[inline]
pub(super) fn fits(c: u8, on: u8) -> bool {
    FITS[c as usize][on as usize]
}
