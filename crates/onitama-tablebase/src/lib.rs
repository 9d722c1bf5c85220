//! Endgame tablebases for Onitama with the real pass rule: for one card set (a deal's five
//! cards) and a piece limit `N`, every position with at most `N / 2` pieces per side (Masters
//! included), for each of the 30 ways the five cards can lie and both sides to move, with its
//! value (win, draw or loss for the side to move) and the distance to the end in plies.
//!
//! ```
//! use abstract_game::ExactValue;
//! use onitama_core::{Deal, Position};
//! use onitama_tablebase::{Generator, HEADER_LEN, Tablebase};
//!
//! // The 2-piece table (the two Masters alone) of community set A: its counts as measured in
//! // the repository's docs/tablebases.md (no draws: with the Masters alone one side always wins).
//! let table = Generator::new(Deal::COMMUNITY_A.cards(), 2)?.generate(&|_| {})?;
//! let stats = table.stats();
//! assert_eq!(
//!     (stats.positions, stats.wins, stats.draws, stats.losses, stats.longest_win),
//!     (16_590, 11_514, 0, 5_076, 25)
//! );
//!
//! // Red's Master stands on c4 under Blue's: the horse's step forward takes it.
//! let pos: Position = "2m2/2M2/5/5/5 elephant,horse boar,ox crab r".parse()?;
//! assert_eq!(table.probe(&pos), Some(ExactValue::win(1)));
//!
//! // Written to bytes: after the header, one byte per entry, counted here one by one. A win is
//! // even, a loss odd, and 0 a draw or one of the 30 · 47 unused slots (a Master on the opposing
//! // temple).
//! let mut bytes = Vec::new();
//! table.write_to(&mut bytes)?;
//! let entries = &bytes[HEADER_LEN..];
//! assert_eq!(entries.len() as u64, table.entries());
//! let count = |f: fn(u8) -> bool| entries.iter().filter(|&&e| f(e)).count() as u64;
//! assert_eq!(count(|e| e != 0 && e % 2 == 0), stats.wins);
//! assert_eq!(count(|e| e % 2 == 1), stats.losses);
//! assert_eq!(count(|e| e == 0), stats.draws + 30 * 47);
//!
//! // Read back, checked against its checksum.
//! let read = Tablebase::read_from(&bytes[..])?;
//! assert_eq!(read.probe(&pos), Some(ExactValue::win(1)));
//! bytes[100] ^= 1;
//! assert!(Tablebase::read_from(&bytes[..]).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The pass rule
//!
//! A player without a step must still move: it passes, giving away one of its two cards (its
//! choice) for the side card. The generator treats the pass as a move like any other, so a stuck
//! player is not lost (the open generators that declare it lost get other values:
//! [`Generator::stuck_loses`] builds that variant for comparison).
//!
//! # Values and distances
//!
//! A finished game (a Master captured or on the opposing temple) is not a position of the table:
//! the move that finishes it wins at distance 1. A win in `d` plies (odd) means the side to move
//! wins with its `d`-th ply at the latest against any defence; a loss in `d` (even) means the
//! opponent wins with the `d`-th ply against the longest defence. Positions neither side can
//! force are draws (the game can go on for ever).
//!
//! # The index
//!
//! Each state is stored from the side to move's point of view, turned by 180° when Blue is to
//! move (the game is symmetric under that turn with the colours swapped), so one entry stands for
//! a position with Red to move and its mirror image with Blue to move.
//! `index = (lie · 600 + masters) · P + students`: `lie` (30) says which card is the side card
//! and which two the mover holds; `masters` (600) the two Masters' squares; `students` (`P`) the
//! mover's Students (at most `N/2 - 1` of the 23 other squares) and then the opponent's among the
//! squares left, ranked by size and then in the combinatorial number system. `P` is 1, 553,
//! 64 815 and 2 831 117 for 2, 4, 6 and 8 pieces. Slots with a Master on the opposing temple are
//! unused (47 of the 600 Master pairs).
//!
//! # File format (version 1)
//!
//! A 64-byte header, then one byte per entry in index order. All integers little-endian.
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | magic `ONITB\r\n\x1a` |
//! | 8..12 | format version (`u32`, 1) |
//! | 12 | piece limit `N` (even, 2..=10) |
//! | 13 | flags: 1 if built with "a stuck player loses", else 0 |
//! | 16..21 | the five cards as indices in [`Card::ALL`](onitama_core::Card::ALL), increasing |
//! | 24..32 | number of entries (`u64`) |
//! | 32..40 | checksum: FNV-1a 64 over 8-byte little-endian words of the header (this field as zero) and the entries |
//! | 40..48, 48..56, 56..60 | wins, losses (`u64`) and the longest win (`u32`), checked on reading |
//!
//! An entry is `0` for a draw (or an unused slot), otherwise the distance in plies plus one: an
//! even entry is a win for the side to move, an odd one a loss (one byte stores both the value
//! and the distance, up to 254 plies).
//!
//! [`Tablebase::open`] reads a file into memory and checks all of it. [`TablebaseFile`] probes a
//! file in place instead, one positioned read per probe, for tables larger than memory (the
//! 8-piece table is 51 GB); it checks the header and the length on opening, and
//! [`TablebaseFile::verify`] the checksum and the counts. (Memory-mapping would need `unsafe`
//! code, which the workspace forbids: `memmap2`'s `Mmap::map` is an `unsafe fn`.)
//!
//! # Generation
//!
//! Retrograde analysis: one pass marks the states with a winning move (distance 1), gives every
//! other state a counter of its moves after which the opponent cannot win at once (checked on the
//! board), and marks a state without such a move a loss at distance 2; then, level by level from
//! distance 2, every state decided at distance `d` is un-moved (steps, with and without an un-capture, and passes when the previous
//! mover had no step): a predecessor of a loss is a win at `d + 1`, and a predecessor of a win
//! whose counter drops to zero is a loss at `d + 1`. The work is split over threads
//! (`std::thread::scope`, atomic counters). [`Generator::generate`] needs about 3 bytes per
//! entry (a 16-bit word and two bitmaps).
//!
//! [`Generator::generate_to_file`] writes the same file for tables that do not fit that way (8
//! pieces), in 3 bits per entry: a 2-bit value per state and one bitmap of the level being
//! un-moved. Without counters, an open predecessor of a win is checked by generating its
//! moves (a loss when all of them lead to wins of the opponent), and each level's newly decided
//! states go to disk as delta-coded lists of indices, from which the file is written at the
//! end.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod bitmap;
mod error;
mod file_generation;
mod format;
mod generate;
mod index;
mod level_lists;
mod packed_wdl;
mod table;
mod table_file;
mod zeroed_memory;

pub use error::TablebaseError;
pub use format::{FORMAT_VERSION, HEADER_LEN, MAGIC};
pub use generate::{Generator, MAX_PLIES};
pub use table::{Stats, Tablebase};
pub use table_file::TablebaseFile;

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
