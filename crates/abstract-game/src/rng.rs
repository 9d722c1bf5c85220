//! The seeded random number generator of the workspace: [`SplitMix64`].
//!
//! Tiny, fast, and the same sequence on every platform, so a seed names a game, a deal or a
//! table of Zobrist keys for ever (tests and bug reports rely on that). It is not cryptographic.
//!
//! ```
//! use abstract_game::rng::SplitMix64;
//!
//! let mut rng = SplitMix64::new(7);
//! let roll = rng.below(6);
//! assert!(roll < 6);
//! assert_eq!(SplitMix64::new(7).below(6), roll); // the same seed, the same numbers
//! ```

/// The `SplitMix64` generator (Steele, Lea and Flood): a 64-bit state, one addition and a mix per
/// number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator from a seed. Every seed, 0 included, is fine.
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits. A `const fn`, so that tables of random keys (Zobrist) can be
    /// computed at compile time.
    pub const fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (nearly uniform: multiply-shift, bias below 2^-32 for `n < 2^32`).
    /// Returns 0 when `n` is 0.
    pub const fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// A uniformly chosen element of `items`, or `None` if it is empty.
    pub fn choose<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        if items.is_empty() {
            None
        } else {
            Some(items[self.below(items.len())])
        }
    }
}
