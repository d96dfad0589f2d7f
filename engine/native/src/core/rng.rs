//! The one small pseudo-random stream the crate uses where an order must look arbitrary yet be the
//! same on every machine (random play in walks and tests, a shuffled move order): Marsaglia's
//! xorshift64 (shifts 13, 7, 17). Never for anything a verdict's soundness rests on.

/// Advance `x` (nonzero) one step and return the new value.
#[inline]
pub fn xorshift(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}
