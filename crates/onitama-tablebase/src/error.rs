//! The errors of generation, reading and probing.

use onitama_core::Card;
use thiserror::Error;

/// Why a table could not be built, written or read.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum TablebaseError {
    /// Reading or writing the file failed.
    #[error("tablebase file: {0}")]
    Io(#[from] std::io::Error),
    /// The piece limit is not even and in `2..=10`.
    #[error("bad piece limit {pieces}: expected an even number from 2 to 10")]
    Pieces {
        /// The limit given.
        pieces: u8,
    },
    /// The same card twice in the card set.
    #[error("the card {card} appears more than once; a card set needs five different cards")]
    DuplicateCard {
        /// The repeated card.
        card: Card,
    },
    /// The table does not fit in this machine's address space.
    #[error("a table of {entries} entries does not fit in memory on this machine")]
    TooLarge {
        /// The number of entries.
        entries: u64,
    },
    /// A distance longer than the format stores.
    #[error("a distance exceeds {max} plies, the longest the format stores")]
    DistanceOverflow {
        /// The longest distance stored.
        max: u32,
    },
    /// The file does not start with the magic bytes of a tablebase.
    #[error("not an Onitama tablebase (bad magic bytes)")]
    Magic,
    /// A format version this library does not read.
    #[error("unsupported tablebase format version {found} (this library reads version {expected})")]
    Version {
        /// The version in the file.
        found: u32,
        /// The version this library reads.
        expected: u32,
    },
    /// A header field with an impossible value.
    #[error("corrupt tablebase header: bad {field}")]
    Header {
        /// The field.
        field: &'static str,
    },
    /// The file is shorter or longer than its header says.
    #[error("corrupt tablebase: {found} bytes, the header says {expected}")]
    Length {
        /// The length the header implies.
        expected: u64,
        /// The file's length.
        found: u64,
    },
    /// The checksum does not match the contents.
    #[error("corrupt tablebase: checksum {found:#018x}, the header says {expected:#018x}")]
    Checksum {
        /// The checksum in the header.
        expected: u64,
        /// The checksum of the contents.
        found: u64,
    },
    /// Generation was stopped through the flag of [`Generator::with_stop`] before the table was
    /// whole (nothing of it is kept).
    ///
    /// [`Generator::with_stop`]: crate::Generator::with_stop
    #[error("tablebase generation stopped before the table was whole")]
    Stopped,
    /// An option this way of generating does not offer.
    #[error("not supported: {what}")]
    Unsupported {
        /// What was asked.
        what: &'static str,
    },
}
