//! The crate's small pseudo-random streams, for where an order must look arbitrary yet be the same on
//! every machine; never for anything a verdict's soundness rests on: Marsaglia's xorshift64 (shifts
//! 13, 7, 17: random play in walks and tests, a shuffled move order), and SplitMix64 (the players'
//! playouts, `core::playout`, whose Python twins must draw the same numbers).

/// Advance `x` (nonzero) one step and return the new value.
#[inline]
pub fn xorshift(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

/// Vigna's SplitMix64, as `engine/gamekit/playout.py`'s `SplitMix` (same numbers everywhere).
pub struct SplitMix(pub u64);

/// SplitMix64's increment (2^64 / the golden ratio).
pub const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

impl SplitMix {
    #[inline]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in 0..n-1 (`% n`, as the twin).
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_the_reference_values() {
        // Vigna's splitmix64.c from seed 0: the first outputs.
        let mut r = SplitMix(0);
        assert_eq!(r.next(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next(), 0x6E78_9E6A_A1B9_65F4);
    }
}
