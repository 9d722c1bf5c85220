//! The file format: the header, the checksum and the meaning of an entry.

use abstract_game::ExactValue;
use onitama_core::Card;

use crate::error::TablebaseError;
use crate::index::Layout;

/// The magic bytes that start a tablebase file.
pub const MAGIC: [u8; 8] = *b"ONITB\r\n\x1a";
/// The format version this library writes and reads.
pub const FORMAT_VERSION: u32 = 1;
/// The length of the header in bytes.
pub const HEADER_LEN: usize = 64;

/// The fields of a file's header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Header {
    /// The piece limit.
    pub pieces: u8,
    /// Built with "a stuck player loses".
    pub stuck_loses: bool,
    /// The five cards, in card order.
    pub cards: [Card; 5],
    /// The number of entries.
    pub entries: u64,
    /// The checksum of the header (this field as zero) and the entries.
    pub checksum: u64,
    /// The stored counts: wins, losses, the longest win.
    pub wins: u64,
    /// See `wins`.
    pub losses: u64,
    /// See `wins`.
    pub longest_win: u32,
}

impl Header {
    /// Reads and checks a header: the magic bytes, the version, the piece limit, the flags, the
    /// card set and the entry count (against the layout they give, which is returned too).
    pub fn parse(header: &[u8; HEADER_LEN]) -> Result<(Header, Layout), TablebaseError> {
        if header[..8] != MAGIC {
            return Err(TablebaseError::Magic);
        }
        let u32_at =
            |i: usize| u32::from_le_bytes([header[i], header[i + 1], header[i + 2], header[i + 3]]);
        let u64_at = |i: usize| {
            let mut b = [0u8; 8];
            b.copy_from_slice(&header[i..i + 8]);
            u64::from_le_bytes(b)
        };
        let version = u32_at(8);
        if version != FORMAT_VERSION {
            return Err(TablebaseError::Version {
                found: version,
                expected: FORMAT_VERSION,
            });
        }
        let pieces = header[12];
        if pieces % 2 != 0 || !(2..=10).contains(&pieces) {
            return Err(TablebaseError::Header {
                field: "piece limit",
            });
        }
        if header[13] > 1 {
            return Err(TablebaseError::Header { field: "flags" });
        }
        let mut cards = [Card::Boar; 5];
        for (i, card) in cards.iter_mut().enumerate() {
            *card = Card::from_index(usize::from(header[16 + i]))
                .ok_or(TablebaseError::Header { field: "card" })?;
        }
        if cards.windows(2).any(|w| w[0] >= w[1]) {
            return Err(TablebaseError::Header { field: "card set" });
        }
        let layout = Layout::new(cards, pieces);
        let entries = u64_at(24);
        if entries != layout.len() {
            return Err(TablebaseError::Header {
                field: "entry count",
            });
        }
        let parsed = Header {
            pieces,
            stuck_loses: header[13] == 1,
            cards,
            entries,
            checksum: u64_at(32),
            wins: u64_at(40),
            losses: u64_at(48),
            longest_win: u32_at(56),
        };
        Ok((parsed, layout))
    }

    /// The header's bytes, with the checksum field as stored in `self.checksum`.
    pub fn to_bytes(self) -> [u8; HEADER_LEN] {
        let mut h = [0u8; HEADER_LEN];
        h[..8].copy_from_slice(&MAGIC);
        h[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
        h[12] = self.pieces;
        h[13] = u8::from(self.stuck_loses);
        for (i, card) in self.cards.iter().enumerate() {
            h[16 + i] = card.index() as u8;
        }
        h[24..32].copy_from_slice(&self.entries.to_le_bytes());
        h[32..40].copy_from_slice(&self.checksum.to_le_bytes());
        h[40..48].copy_from_slice(&self.wins.to_le_bytes());
        h[48..56].copy_from_slice(&self.losses.to_le_bytes());
        h[56..60].copy_from_slice(&self.longest_win.to_le_bytes());
        h
    }
}

/// The checksum of a file, fed in pieces: FNV-1a (64-bit) over little-endian 8-byte words, the
/// header with its checksum field taken as zero, then the entries (the last word padded with
/// zeros).
pub(crate) struct Checksum {
    hash: u64,
    /// Bytes of an unfinished word.
    pending: [u8; 8],
    len: usize,
}

impl Checksum {
    const PRIME: u64 = 0x0000_0100_0000_01b3;

    /// The checksum after `header` (its checksum field is ignored).
    pub fn new(header: &[u8; HEADER_LEN]) -> Checksum {
        let mut sum = Checksum {
            hash: 0xcbf2_9ce4_8422_2325,
            pending: [0; 8],
            len: 0,
        };
        let mut head = *header;
        head[32..40].fill(0);
        sum.update(&head);
        sum
    }

    /// Adds the next bytes of the entries.
    pub fn update(&mut self, mut bytes: &[u8]) {
        if self.len > 0 {
            let take = (8 - self.len).min(bytes.len());
            self.pending[self.len..self.len + take].copy_from_slice(&bytes[..take]);
            self.len += take;
            bytes = &bytes[take..];
            if self.len < 8 {
                return;
            }
            self.word(self.pending);
            self.len = 0;
        }
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            let mut b = [0u8; 8];
            b.copy_from_slice(w);
            self.word(b);
        }
        let rest = words.remainder();
        self.pending[..rest.len()].copy_from_slice(rest);
        self.len = rest.len();
    }

    fn word(&mut self, w: [u8; 8]) {
        self.hash = (self.hash ^ u64::from_le_bytes(w)).wrapping_mul(Checksum::PRIME);
    }

    /// The checksum of everything fed.
    pub fn finish(mut self) -> u64 {
        if self.len > 0 {
            self.pending[self.len..].fill(0);
            self.word(self.pending);
        }
        self.hash
    }
}

/// The checksum of a header and all its entries at once.
pub(crate) fn checksum(header: &[u8; HEADER_LEN], data: &[u8]) -> u64 {
    let mut sum = Checksum::new(header);
    sum.update(data);
    sum.finish()
}

/// The value and distance of a stored entry (`0` a draw, otherwise the distance plus one: even
/// for a win of the side to move, odd for a loss).
pub(crate) fn decode(c: u8) -> ExactValue {
    match c {
        0 => ExactValue::DRAW,
        c if c % 2 == 0 => ExactValue::win(u32::from(c) - 1),
        c => ExactValue::loss(u32::from(c) - 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstract_game::rng::SplitMix64;

    #[test]
    fn the_checksum_does_not_depend_on_how_the_entries_are_cut() {
        let mut rng = SplitMix64::new(5);
        let header = [7u8; HEADER_LEN];
        let data: Vec<u8> = (0..1000).map(|_| rng.below(256) as u8).collect();
        for len in [0, 1, 7, 8, 9, 999, 1000] {
            let whole = checksum(&header, &data[..len]);
            let mut sum = Checksum::new(&header);
            let mut at = 0;
            while at < len {
                let step = (1 + rng.below(20)).min(len - at);
                sum.update(&data[at..at + step]);
                at += step;
            }
            assert_eq!(sum.finish(), whole, "{len} bytes");
        }
        // The checksum field does not count; every other byte does.
        let mut other = header;
        other[33] = 0;
        assert_eq!(checksum(&other, &data), checksum(&header, &data));
        other[3] = 0;
        assert_ne!(checksum(&other, &data), checksum(&header, &data));
    }
}
