//! Two bits per table entry, shared by the generator's threads: the value of every state while a
//! table too large for one byte per entry is built (see [`crate::Generator::generate_to_file`]).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The 2-bit value of a state not decided yet (or a draw at the end, or an unused slot).
pub(crate) const OPEN: u64 = 0;
/// The 2-bit value of a state won by the side to move at an earlier level.
pub(crate) const WON: u64 = 1;
/// The 2-bit value of a state lost by the side to move at an earlier level.
pub(crate) const LOST: u64 = 2;
/// The 2-bit value of a state decided at the level being built (a win or a loss by the level's
/// parity), made [`WON`] or [`LOST`] when the level ends.
pub(crate) const FRESH: u64 = 3;

/// The even bits of a word: the low bit of each of its 32 entries.
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// A 2-bit value per index below a fixed length (entry `i` in bits `2 (i % 32)` and up of word
/// `i / 32`). Values only grow from [`OPEN`] by setting bits, so concurrent setters of one word
/// may use `fetch_or`.
pub(crate) struct PackedWdl<'a> {
    words: &'a [AtomicU64],
}

impl<'a> PackedWdl<'a> {
    /// The number of words of `len` entries.
    pub fn words_for(len: u64) -> usize {
        len.div_ceil(32) as usize
    }

    /// The values held in `words` (all [`OPEN`] if they are zero), 32 entries per word.
    pub fn new(words: &'a [AtomicU64]) -> PackedWdl<'a> {
        PackedWdl { words }
    }

    /// The value of entry `i`.
    #[inline]
    pub fn get(&self, i: u64) -> u64 {
        (self.words[(i / 32) as usize].load(Relaxed) >> (2 * (i % 32))) & 3
    }

    /// Sets the bits of `value` in entry `i` with an atomic read-modify-write.
    #[inline]
    pub fn set(&self, i: u64, value: u64) {
        self.words[(i / 32) as usize].fetch_or(value << (2 * (i % 32)), Relaxed);
    }

    /// Sets the bits of `value` in entry `i` with a plain load and store: only when no other
    /// thread writes the word of `i` (entries `i / 32 · 32` to `i / 32 · 32 + 31`) meanwhile.
    #[inline]
    pub fn set_unshared(&self, i: u64, value: u64) {
        let word = &self.words[(i / 32) as usize];
        word.store(word.load(Relaxed) | value << (2 * (i % 32)), Relaxed);
    }

    /// Sets the bits of `bits` in word `word` (entries `32 · word` and up) atomically.
    #[inline]
    pub fn set_word(&self, word: u64, bits: u64) {
        if bits != 0 {
            self.words[word as usize].fetch_or(bits, Relaxed);
        }
    }

    /// Ends a level over the entries `start..end` (`start` a multiple of 32): `decide` is called
    /// on every [`FRESH`] entry, in increasing order, and the entry becomes `settled` ([`WON`] or
    /// [`LOST`]) if it returns `true`, [`OPEN`] again if it returns `false`. Threads may settle
    /// disjoint ranges at once; `decide` may read any entry (the word being settled is written
    /// after its entries are decided, and a [`WON`] or [`LOST`] entry never changes here).
    pub fn settle_range(
        &self,
        start: u64,
        end: u64,
        settled: u64,
        mut decide: impl FnMut(u64) -> bool,
    ) {
        debug_assert!(start % 32 == 0);
        // The bits to clear in a fresh entry: the high one for a win, the low one for a loss.
        let shift = u32::from(settled == WON);
        for w in start / 32..end.div_ceil(32) {
            let word = &self.words[w as usize];
            let v = word.load(Relaxed);
            let fresh = v & (v >> 1) & LOW_BITS;
            if fresh == 0 {
                continue;
            }
            let mut kept = 0;
            let mut rest = fresh;
            while rest != 0 {
                let bit = rest & rest.wrapping_neg();
                if decide(w * 32 + u64::from(bit.trailing_zeros() / 2)) {
                    kept |= bit;
                }
                rest &= rest - 1;
            }
            let reopened = fresh & !kept;
            word.store(v & !(kept << shift) & !(reopened * 3), Relaxed);
        }
    }

    /// The number of entries holding `WON` and `LOST` in the words of entries `start..end`
    /// (`start` and `end` multiples of 32, or `end` the length).
    pub fn count_range(&self, start: u64, end: u64) -> (u64, u64) {
        let (mut won, mut lost) = (0, 0);
        for w in start / 32..end.div_ceil(32) {
            let v = self.words[w as usize].load(Relaxed);
            let (lo, hi) = (v & LOW_BITS, (v >> 1) & LOW_BITS);
            won += u64::from((lo & !hi).count_ones());
            lost += u64::from((hi & !lo).count_ones());
        }
        (won, lost)
    }
}

/// Sets 2-bit values in a [`PackedWdl`] in increasing order of index, with one atomic operation
/// per word (the last word is written when the writer is dropped).
pub(crate) struct AscendingWdlWriter<'a> {
    wdl: &'a PackedWdl<'a>,
    word: u64,
    bits: u64,
}

impl<'a> AscendingWdlWriter<'a> {
    /// A writer into `wdl`.
    pub fn new(wdl: &'a PackedWdl<'a>) -> AscendingWdlWriter<'a> {
        AscendingWdlWriter {
            wdl,
            word: 0,
            bits: 0,
        }
    }

    /// Sets the bits of `value` in entry `i`, which must not be below an entry set before.
    #[inline]
    pub fn set(&mut self, i: u64, value: u64) {
        if i / 32 != self.word {
            self.wdl.set_word(self.word, self.bits);
            self.word = i / 32;
            self.bits = 0;
        }
        self.bits |= value << (2 * (i % 32));
    }
}

impl Drop for AscendingWdlWriter<'_> {
    fn drop(&mut self) {
        self.wdl.set_word(self.word, self.bits);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstract_game::rng::SplitMix64;

    #[test]
    fn values_are_set_read_settled_and_counted_like_an_array_of_values() {
        let mut rng = SplitMix64::new(5);
        let len = 1000;
        let words: Vec<AtomicU64> = (0..PackedWdl::words_for(len))
            .map(|_| AtomicU64::new(0))
            .collect();
        let wdl = PackedWdl::new(&words);
        let mut reference = vec![OPEN; len as usize];
        {
            let mut writer = AscendingWdlWriter::new(&wdl);
            for i in (0..len).step_by(3) {
                let v = [OPEN, WON, LOST][rng.below(3)];
                writer.set(i, v);
                reference[i as usize] = v;
            }
        }
        for _ in 0..300 {
            let i = rng.below(len as usize);
            if reference[i] == OPEN {
                let v = [WON, LOST, FRESH][rng.below(3)];
                if rng.below(2) == 0 {
                    wdl.set(i as u64, v);
                } else {
                    wdl.set_unshared(i as u64, v);
                }
                reference[i] = v;
            }
        }
        for (i, &v) in reference.iter().enumerate() {
            assert_eq!(wdl.get(i as u64), v, "entry {i}");
        }
        // Settling 64..1000 as wins, keeping every other fresh entry, leaves the fresh entries
        // below 64 alone and reopens the rest.
        let mut decided = Vec::new();
        wdl.settle_range(64, len, WON, |i| {
            decided.push(i);
            decided.len() % 2 == 1
        });
        let expected: Vec<u64> = (64..len)
            .filter(|&i| reference[i as usize] == FRESH)
            .collect();
        assert!(expected.len() > 10);
        assert_eq!(decided, expected);
        for (k, &i) in expected.iter().enumerate() {
            reference[i as usize] = if k % 2 == 0 { WON } else { OPEN };
        }
        for (i, v) in reference.iter().enumerate() {
            assert_eq!(wdl.get(i as u64), *v, "entry {i} after settling");
        }
        let count = |v| reference.iter().filter(|&&x| x == v).count() as u64;
        assert_eq!(wdl.count_range(0, len), (count(WON), count(LOST)));
    }
}
