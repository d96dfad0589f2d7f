//! The published deal stream and shuffle (seed 000, sections 2-4), a second,
//! independent implementation of `engine/deal.py`: the pipeline's
//! determinism check deals every sampled code both ways and compares.

use sha2::{Digest, Sha512};

const STREAM_DOMAIN: &[u8] = b"SiggySoft Solitaire deal stream v1";

/// The byte stream: block i = SHA-512(domain || 0x00 || seed || i as u64 BE).
pub struct Stream {
    domain: Vec<u8>,
    seed: Vec<u8>,
    block: [u8; 64],
    index: u64,
    pos: usize,
}

impl Stream {
    pub fn new(domain: &[u8], seed: &[u8]) -> Stream {
        let mut s = Stream { domain: domain.to_vec(), seed: seed.to_vec(), block: [0; 64], index: 0, pos: 64 };
        s.pos = 64;
        s
    }

    fn byte(&mut self) -> u8 {
        if self.pos == 64 {
            let mut h = Sha512::new();
            h.update(&self.domain);
            h.update([0u8]);
            h.update(&self.seed);
            h.update(self.index.to_be_bytes());
            self.block.copy_from_slice(&h.finalize());
            self.index += 1;
            self.pos = 0;
        }
        let b = self.block[self.pos];
        self.pos += 1;
        b
    }

    /// A whole number in 0..n without bias: rejection above the largest
    /// multiple of n below 2^32.
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0);
        let limit = ((1u64 << 32) / n as u64) * n as u64;
        loop {
            let x = u32::from_be_bytes([self.byte(), self.byte(), self.byte(), self.byte()]) as u64;
            if x < limit {
                return (x % n as u64) as u32;
            }
        }
    }
}

/// Fisher-Yates from the end over positions 0..size, returning the
/// permutation: `order[k]` is the fresh-deck position dealt k-th.
pub fn shuffle_positions(seed: &[u8], size: usize, domain: &[u8]) -> Vec<u32> {
    let mut order: Vec<u32> = (0..size as u32).collect();
    let mut s = Stream::new(domain, seed);
    for i in (1..size).rev() {
        let j = s.below(i as u32 + 1) as usize;
        order.swap(i, j);
    }
    order
}

pub fn deal_positions(seed: &[u8], size: usize) -> Vec<u32> {
    shuffle_positions(seed, size, STREAM_DOMAIN)
}

/// The domain of redeal n's stream (seed 000): "SiggySoft Solitaire redeal <n> v1".
pub fn redeal_domain(n: u32) -> Vec<u8> {
    format!("SiggySoft Solitaire redeal {n} v1").into_bytes()
}

/// Redeal n of `gathered` (La Belle Lucie, Gaps): the cards shuffled by redeal stream n of the
/// deal's seed, `out[k] = gathered[positions[k]]`, as engine/deal.py's `redeal` does.
pub fn redeal<T: Copy>(seed: &[u8], n: u32, gathered: &[T]) -> Vec<T> {
    shuffle_positions(seed, gathered.len(), &redeal_domain(n)).into_iter().map(|p| gathered[p as usize]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(s: &str) -> Vec<u8> {
        (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
    }

    #[test]
    fn klondike_deal_1_matches_the_published_values() {
        let seed = hex("63101e8dcee7da1a831e6d7f1732cddf183fb22f6aed7dcfca95cccda9072d1b39ca8b57d089e319359d83b77df8f2955bf4811331d78ae9e9714ec984cc4efc");
        let mut s = Stream::new(STREAM_DOMAIN, &seed);
        let first: Vec<u32> = (0..8).map(|_| s.below(52)).collect();
        assert_eq!(first, vec![51, 7, 41, 3, 5, 46, 47, 35]);
        // Fresh deck: spades A..K (0..12), hearts, diamonds, clubs.
        let order = deal_positions(&seed, 52);
        // 7D 10S KH QS: diamonds = 26.., so 7D = 32, 10S = 9, KH = 25, QS = 11.
        assert_eq!(&order[..4], &[32, 9, 25, 11]);
    }

    const SEED_LBL_5: &str = "4f14ff26684b914ee9b55051e47cf160896a86ae64b1aa5bac8e3b1794783cfc9b377b0f1c83deacb3cee0d78c8936d97af71dda4a1176fe6e621d892879ce12";
    const REDEAL_1: [u8; 10] = [6, 3, 4, 9, 0, 5, 8, 2, 1, 7];
    const REDEAL_2: [u8; 10] = [0, 7, 1, 5, 4, 9, 8, 6, 2, 3];

    #[test]
    fn redeal_matches_the_python_method() {
        // engine/deal.py: redeal(numbered_seed("labellelucie", 5), n, list(range(10))), n = 1, 2.
        let seed = hex(SEED_LBL_5);
        assert_eq!(redeal_domain(1), b"SiggySoft Solitaire redeal 1 v1");
        let cards: Vec<u8> = (0..10).collect();
        assert_eq!(redeal(&seed, 1, &cards), REDEAL_1);
        assert_eq!(redeal(&seed, 2, &cards), REDEAL_2);
    }
}
