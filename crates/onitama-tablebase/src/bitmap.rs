//! A set of table indices, one bit per entry, shared by the generator's threads: the states
//! decided at one level.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// A set of indices below a fixed length, one bit each (bit `i % 64` of word `i / 64`), in
/// borrowed words (see [`crate::zeroed_memory::ZeroedMemory`]).
pub(crate) struct IndexBitmap<'a> {
    words: &'a [AtomicU64],
}

impl<'a> IndexBitmap<'a> {
    /// The number of words of a set of indices below `len`.
    pub fn words_for(len: u64) -> usize {
        len.div_ceil(64) as usize
    }

    /// The set held in `words` (empty if they are zero), of indices below 64 per word.
    pub fn new(words: &'a [AtomicU64]) -> IndexBitmap<'a> {
        IndexBitmap { words }
    }

    /// Adds the index `i`.
    #[inline]
    pub fn insert(&self, i: u64) {
        self.words[(i / 64) as usize].fetch_or(1 << (i % 64), Relaxed);
    }

    /// Adds the index `i` with a plain load and store instead of an atomic read-modify-write
    /// (which would serialise the memory accesses around it): only when no other thread writes
    /// the word of `i` (indices `i / 64 · 64` to `i / 64 · 64 + 63`) meanwhile.
    #[inline]
    pub fn insert_unshared(&self, i: u64) {
        let word = &self.words[(i / 64) as usize];
        word.store(word.load(Relaxed) | 1 << (i % 64), Relaxed);
    }

    /// Adds the indices `64 · word + j` for every bit `j` of `bits`.
    #[inline]
    pub fn insert_word(&self, word: u64, bits: u64) {
        if bits != 0 {
            self.words[word as usize].fetch_or(bits, Relaxed);
        }
    }

    /// Calls `f` on every index of the set in `start..end`, in increasing order, and removes
    /// them. Indices outside the range are untouched, so threads may drain disjoint ranges at
    /// once.
    pub fn drain_range(&self, start: u64, end: u64, mut f: impl FnMut(u64)) {
        if start >= end {
            return;
        }
        let (first, last) = (start / 64, (end - 1) / 64);
        for w in first..=last {
            let mut mask = u64::MAX;
            if w == first {
                mask &= u64::MAX << (start % 64);
            }
            if w == last {
                mask &= u64::MAX >> (63 - (end - 1) % 64);
            }
            let word = &self.words[w as usize];
            let mut bits = word.load(Relaxed) & mask;
            if bits == 0 {
                continue;
            }
            if mask == u64::MAX {
                word.store(0, Relaxed);
            } else {
                word.fetch_and(!bits, Relaxed);
            }
            while bits != 0 {
                f(w * 64 + u64::from(bits.trailing_zeros()));
                bits &= bits - 1;
            }
        }
    }
}

/// Adds indices to an [`IndexBitmap`] in increasing order, with one atomic operation per word
/// instead of one per index (the last word is written when the inserter is dropped).
pub(crate) struct AscendingInserter<'a> {
    bitmap: &'a IndexBitmap<'a>,
    word: u64,
    bits: u64,
}

impl<'a> AscendingInserter<'a> {
    /// An inserter into `bitmap`.
    pub fn new(bitmap: &'a IndexBitmap<'a>) -> AscendingInserter<'a> {
        AscendingInserter {
            bitmap,
            word: 0,
            bits: 0,
        }
    }

    /// Adds `i`, which must not be below an index added before.
    #[inline]
    pub fn insert(&mut self, i: u64) {
        if i / 64 != self.word {
            self.bitmap.insert_word(self.word, self.bits);
            self.word = i / 64;
            self.bits = 0;
        }
        self.bits |= 1 << (i % 64);
    }
}

impl Drop for AscendingInserter<'_> {
    fn drop(&mut self) {
        self.bitmap.insert_word(self.word, self.bits);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstract_game::rng::SplitMix64;

    /// Zeroed words for a set of indices below `len`.
    fn zeroed(len: u64) -> Vec<AtomicU64> {
        (0..IndexBitmap::words_for(len))
            .map(|_| AtomicU64::new(0))
            .collect()
    }

    #[test]
    fn an_ascending_inserter_adds_exactly_its_indices() {
        let words = zeroed(500);
        let bitmap = IndexBitmap::new(&words);
        bitmap.insert(3);
        {
            let mut ins = AscendingInserter::new(&bitmap);
            for i in [0, 63, 64, 65, 200, 499] {
                ins.insert(i);
            }
        }
        let mut seen = Vec::new();
        bitmap.drain_range(0, 500, |i| seen.push(i));
        assert_eq!(seen, [0, 3, 63, 64, 65, 200, 499]);
    }

    #[test]
    fn draining_yields_exactly_the_set_bits_in_order_and_clears_only_the_range() {
        let mut rng = SplitMix64::new(7);
        let len = 1000;
        for _ in 0..200 {
            let words = zeroed(len);
            let bitmap = IndexBitmap::new(&words);
            let mut set = std::collections::BTreeSet::new();
            for _ in 0..rng.below(300) {
                let i = rng.below(len as usize) as u64;
                if rng.below(3) == 0 {
                    bitmap.insert(i);
                } else if rng.below(2) == 0 {
                    bitmap.insert_unshared(i);
                } else {
                    bitmap.insert_word(i / 64, 1 << (i % 64));
                }
                set.insert(i);
            }
            let start = rng.below(len as usize) as u64;
            let end = start + rng.below((len - start) as usize + 1) as u64;
            let mut seen = Vec::new();
            bitmap.drain_range(start, end, |i| seen.push(i));
            let expected: Vec<u64> = set.range(start..end).copied().collect();
            assert_eq!(seen, expected);
            // The range is now empty; everything outside it is still there.
            let mut rest = Vec::new();
            bitmap.drain_range(0, len, |i| rest.push(i));
            let outside: Vec<u64> = set
                .iter()
                .copied()
                .filter(|&i| i < start || i >= end)
                .collect();
            assert_eq!(rest, outside);
        }
    }
}
