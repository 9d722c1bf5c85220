//! [`Choices`]: fuzzer bytes read as a sequence of choices.

/// A cursor over fuzzer bytes that yields choices; after the end it yields `None`.
#[derive(Debug, Clone)]
pub struct Choices<'a> {
    bytes: &'a [u8],
}

impl<'a> Choices<'a> {
    /// Choices read from `bytes`.
    #[must_use]
    pub fn new(bytes: &'a [u8]) -> Self {
        Choices { bytes }
    }

    /// The next byte, if any.
    pub fn byte(&mut self) -> Option<u8> {
        let (&first, rest) = self.bytes.split_first()?;
        self.bytes = rest;
        Some(first)
    }

    /// An index below `n` (`n > 0`), from the next byte.
    pub fn index(&mut self, n: usize) -> Option<usize> {
        self.byte().map(|b| usize::from(b) % n.max(1))
    }

    /// The next eight bytes as a number (missing bytes count as zero).
    pub fn u64(&mut self) -> u64 {
        (0..8).fold(0, |acc, _| acc << 8 | u64::from(self.byte().unwrap_or(0)))
    }
}
