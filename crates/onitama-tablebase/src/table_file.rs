//! A table probed in its file: one positioned read per probe, for tables larger than memory
//! (the 8-piece table is 51 GB) or when loading a whole table is not worth it.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::Mutex;

use abstract_game::ExactValue;
use onitama_core::{Card, Position};

use crate::error::TablebaseError;
use crate::format::{Checksum, HEADER_LEN, Header, decode};
use crate::index::Layout;
use crate::table::Stats;

/// A table read in place from its file: [`TablebaseFile::open`] checks the header and the
/// file's length, each probe reads one byte, and [`TablebaseFile::verify`] checks the checksum
/// and the counts by reading the file once. The same answers as [`Tablebase`](crate::Tablebase)
/// without holding the table in memory.
///
/// ```
/// use abstract_game::ExactValue;
/// use onitama_core::{Deal, Position};
/// use onitama_tablebase::{Generator, TablebaseFile};
///
/// let path = std::env::temp_dir().join(format!("doc-a2-{}.tb", std::process::id()));
/// Generator::new(Deal::COMMUNITY_A.cards(), 2)?.generate(&|_| {})?.save(&path)?;
/// let table = TablebaseFile::open(&path)?;
/// table.verify(&|_| {})?;
/// let pos: Position = "2m2/2M2/5/5/5 elephant,horse boar,ox crab r".parse()?;
/// assert_eq!(table.probe(&pos)?, Some(ExactValue::win(1)));
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct TablebaseFile {
    /// The file, behind a lock: a probe seeks and reads.
    file: Mutex<File>,
    header: Header,
    layout: Layout,
}

impl TablebaseFile {
    /// Opens the table in the file `path`, checking its header and its length (not the
    /// entries: see [`TablebaseFile::verify`]).
    ///
    /// # Errors
    /// [`TablebaseError::Io`] if the file cannot be read; [`TablebaseError::Length`] if it is
    /// shorter or longer than its header says; the other variants for a bad header.
    pub fn open(path: impl AsRef<Path>) -> Result<TablebaseFile, TablebaseError> {
        let mut file = File::open(path)?;
        let len = file.metadata()?.len();
        let mut bytes = [0u8; HEADER_LEN];
        if len < HEADER_LEN as u64 {
            return Err(TablebaseError::Length {
                expected: HEADER_LEN as u64,
                found: len,
            });
        }
        file.read_exact(&mut bytes)?;
        let (header, layout) = Header::parse(&bytes)?;
        let expected = HEADER_LEN as u64 + header.entries;
        if len != expected {
            return Err(TablebaseError::Length {
                expected,
                found: len,
            });
        }
        Ok(TablebaseFile {
            file: Mutex::new(file),
            header,
            layout,
        })
    }

    /// The five cards of the table, in card order.
    #[must_use]
    pub fn cards(&self) -> [Card; 5] {
        self.layout.cards
    }

    /// The piece limit: at most `pieces / 2` per side, Masters included.
    #[must_use]
    pub fn pieces(&self) -> u8 {
        self.header.pieces
    }

    /// Whether the table was built with a stuck player losing instead of passing.
    #[must_use]
    pub fn stuck_loses(&self) -> bool {
        self.header.stuck_loses
    }

    /// The number of entries (one byte each, after the header).
    #[must_use]
    pub fn entries(&self) -> u64 {
        self.header.entries
    }

    /// The counts the header states (checked against the entries by
    /// [`TablebaseFile::verify`]).
    #[must_use]
    pub fn stats(&self) -> Stats {
        let positions = self.layout.len() - 30 * 47 * self.layout.per_masters;
        Stats {
            positions,
            wins: self.header.wins,
            draws: positions.saturating_sub(self.header.wins + self.header.losses),
            losses: self.header.losses,
            longest_win: self.header.longest_win,
        }
    }

    /// The value of `pos` and its distance in plies, read from the file, as
    /// [`Tablebase::probe`](crate::Tablebase::probe); `Ok(None)` if the position is not in the
    /// table.
    ///
    /// # Errors
    /// [`TablebaseError::Io`] if the read fails; [`TablebaseError::Header`] (field `entry`) if
    /// the entry is not a valid code (a corrupt file).
    pub fn probe(&self, pos: &Position) -> Result<Option<ExactValue>, TablebaseError> {
        let Some(st) = self.layout.state_of(pos) else {
            return Ok(None);
        };
        let index = self.layout.index(&st);
        let mut byte = [0u8; 1];
        {
            let mut file = self
                .file
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            file.seek(SeekFrom::Start(HEADER_LEN as u64 + index))?;
            file.read_exact(&mut byte)?;
        }
        if byte[0] == 255 {
            return Err(TablebaseError::Header { field: "entry" });
        }
        Ok(Some(decode(byte[0])))
    }

    /// Reads the whole file once and checks its checksum, that no entry is invalid and the
    /// counts of its header. `progress` is called with the number of entries read since its
    /// last call.
    ///
    /// # Errors
    /// [`TablebaseError::Io`] if reading fails; [`TablebaseError::Checksum`] or
    /// [`TablebaseError::Header`] (fields `entry`, `counts`) for a corrupt file.
    pub fn verify(&self, progress: &dyn Fn(u64)) -> Result<(), TablebaseError> {
        let mut file = self
            .file
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        file.seek(SeekFrom::Start(0))?;
        let mut header = [0u8; HEADER_LEN];
        file.read_exact(&mut header)?;
        let mut sum = Checksum::new(&header);
        let mut hist = [0u64; 256];
        let mut buffer = vec![0u8; 1 << 22];
        let mut left = self.header.entries;
        while left > 0 {
            let chunk = &mut buffer[..left.min(1 << 22) as usize];
            file.read_exact(chunk)?;
            for &c in chunk.iter() {
                hist[usize::from(c)] += 1;
            }
            sum.update(chunk);
            left -= chunk.len() as u64;
            progress(chunk.len() as u64);
        }
        let found = sum.finish();
        if found != self.header.checksum {
            return Err(TablebaseError::Checksum {
                expected: self.header.checksum,
                found,
            });
        }
        if hist[255] > 0 {
            return Err(TablebaseError::Header { field: "entry" });
        }
        let stats = Stats::from_histogram(&self.layout, &hist);
        if stats != self.stats() {
            return Err(TablebaseError::Header { field: "counts" });
        }
        Ok(())
    }
}
