//! A table in memory: probing, statistics, reading and writing files.

use std::io::{Read, Write};
use std::path::Path;

use abstract_game::ExactValue;
use onitama_core::{Card, Position};

use crate::error::TablebaseError;
use crate::format::{HEADER_LEN, Header, checksum, decode};
use crate::index::Layout;

/// The counts of a table (broken slots excluded; both sides to move counted once each, as
/// every state stands for the position with either side to move after the 180° turn).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// The positions of the table (from the side to move's point of view).
    pub positions: u64,
    /// Positions the side to move wins.
    pub wins: u64,
    /// Drawn positions (neither side can force a win).
    pub draws: u64,
    /// Positions the side to move loses.
    pub losses: u64,
    /// The longest win in plies (odd, the winning move included); 0 if there is none.
    pub longest_win: u32,
}

/// The number of entries of each code in `data`.
pub(crate) fn histogram(data: &[u8]) -> [u64; 256] {
    let mut hist = [0u64; 256];
    for &c in data {
        hist[usize::from(c)] += 1;
    }
    hist
}

impl Stats {
    /// The counts of a table's entries `data`.
    pub(crate) fn count(layout: &Layout, data: &[u8]) -> Stats {
        Stats::from_histogram(layout, &histogram(data))
    }

    /// The counts of a table from the number of its entries of each code.
    pub(crate) fn from_histogram(layout: &Layout, hist: &[u64; 256]) -> Stats {
        let broken = 30 * 47 * layout.per_masters;
        let mut s = Stats {
            positions: layout.len() - broken,
            ..Stats::default()
        };
        for (c, &n) in hist.iter().enumerate().skip(1) {
            if c % 2 == 0 {
                s.wins += n;
                if n > 0 {
                    s.longest_win = c as u32 - 1;
                }
            } else {
                s.losses += n;
            }
        }
        s.draws = s.positions - s.wins - s.losses;
        s
    }
}

/// A tablebase: one card set, every position with at most `pieces / 2` pieces per side, both
/// sides to move, each with its value and distance to the win.
///
/// Built by [`Generator::generate`](crate::Generator::generate) or read from a file with
/// [`Tablebase::open`]; held in memory, one byte per entry (see
/// [`TablebaseFile`](crate::TablebaseFile) to probe a file without loading it).
pub struct Tablebase {
    layout: Layout,
    pieces: u8,
    stuck_loses: bool,
    stats: Stats,
    data: Vec<u8>,
}

impl core::fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Tablebase")
            .field("cards", &self.layout.cards)
            .field("pieces", &self.pieces)
            .field("stuck_loses", &self.stuck_loses)
            .field("stats", &self.stats)
            .finish_non_exhaustive()
    }
}

impl Tablebase {
    pub(crate) fn from_parts(
        layout: Layout,
        pieces: u8,
        stuck_loses: bool,
        stats: Stats,
        data: Vec<u8>,
    ) -> Tablebase {
        Tablebase {
            layout,
            pieces,
            stuck_loses,
            stats,
            data,
        }
    }

    /// The five cards, in card order.
    #[must_use]
    pub fn cards(&self) -> [Card; 5] {
        self.layout.cards
    }

    /// The piece limit (at most half of it per side).
    #[must_use]
    pub fn pieces(&self) -> u8 {
        self.pieces
    }

    /// Whether the table was built with the variant rule "a stuck player loses".
    #[must_use]
    pub fn stuck_loses(&self) -> bool {
        self.stuck_loses
    }

    /// The counts of wins, draws and losses and the longest win.
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The number of entries (one byte each).
    #[must_use]
    pub fn entries(&self) -> u64 {
        self.data.len() as u64
    }

    /// The value of `pos` for the side to move and the distance in plies to the end of the
    /// game under best play (the winner winning as fast as it can, the loser resisting as long
    /// as it can; the winning move counts; 0 for a draw), or `None` if the position is not in
    /// the table: other cards, too many pieces on a side, or a finished game.
    ///
    /// ```
    /// use abstract_game::ExactValue;
    /// use onitama_core::{Deal, Position};
    /// use onitama_tablebase::Generator;
    ///
    /// let table = Generator::new(Deal::COMMUNITY_A.cards(), 2)?.generate(&|_| {})?;
    /// // Red's Master on c4 takes Blue's on c5 with the horse (one step forward).
    /// let pos: Position = "2m2/2M2/5/5/5 elephant,horse boar,ox crab r".parse()?;
    /// assert_eq!(table.probe(&pos), Some(ExactValue::win(1)));
    /// assert_eq!(table.probe(&Position::start()), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn probe(&self, pos: &Position) -> Option<ExactValue> {
        let index = self.index_of(pos)?;
        let c = *self.data.get(usize::try_from(index).ok()?)?;
        Some(decode(c))
    }

    /// The index of `pos` in this table, if it is in range.
    fn index_of(&self, pos: &Position) -> Option<u64> {
        let st = self.layout.state_of(pos)?;
        Some(self.layout.index(&st))
    }

    /// How many positions have a different win/draw/loss value in `other`, a table of the same
    /// card set and piece limit (`None` otherwise): with `other` built with
    /// [`Generator::stuck_loses`](crate::Generator::stuck_loses), the positions whose value the
    /// pass rule changes.
    #[must_use]
    pub fn wdl_differences(&self, other: &Tablebase) -> Option<u64> {
        if self.layout.cards != other.layout.cards || self.pieces != other.pieces {
            return None;
        }
        let wdl = |c: u8| if c == 0 { 0 } else { 1 + (c & 1) };
        Some(
            self.data
                .iter()
                .zip(&other.data)
                .filter(|&(&a, &b)| wdl(a) != wdl(b))
                .count() as u64,
        )
    }

    /// Writes the table in the file format (see the crate documentation).
    ///
    /// # Errors
    /// [`TablebaseError::Io`] if writing fails.
    pub fn write_to(&self, mut out: impl Write) -> Result<(), TablebaseError> {
        let header = self.header();
        out.write_all(&header)?;
        out.write_all(&self.data)?;
        out.flush()?;
        Ok(())
    }

    /// Writes the table to the file `path` (created or replaced).
    ///
    /// # Errors
    /// [`TablebaseError::Io`] if the file cannot be written.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), TablebaseError> {
        let file = std::fs::File::create(path)?;
        self.write_to(std::io::BufWriter::with_capacity(1 << 20, file))
    }

    /// Reads a table from the file `path` into memory and checks it.
    ///
    /// # Errors
    /// [`TablebaseError::Io`] if the file cannot be read; the other variants if it is not a
    /// tablebase of this format or is corrupt (a bad header, a wrong length, a bad checksum).
    pub fn open(path: impl AsRef<Path>) -> Result<Tablebase, TablebaseError> {
        let file = std::fs::File::open(path)?;
        Tablebase::read_from(std::io::BufReader::with_capacity(1 << 20, file))
    }

    /// Reads a table from `input` (the whole file format) and checks it.
    ///
    /// # Errors
    /// As [`Tablebase::open`].
    pub fn read_from(mut input: impl Read) -> Result<Tablebase, TablebaseError> {
        let mut header = [0u8; HEADER_LEN];
        let mut got = 0;
        while got < HEADER_LEN {
            match input.read(&mut header[got..])? {
                0 => {
                    return Err(TablebaseError::Length {
                        expected: HEADER_LEN as u64,
                        found: got as u64,
                    });
                }
                n => got += n,
            }
        }
        let (stored, layout) = Header::parse(&header)?;
        let entries = stored.entries;
        let len = usize::try_from(entries).map_err(|_| TablebaseError::TooLarge { entries })?;
        let mut data = Vec::new();
        data.try_reserve_exact(len)
            .map_err(|_| TablebaseError::TooLarge { entries })?;
        input.take(entries + 1).read_to_end(&mut data)?;
        if data.len() as u64 != entries {
            return Err(TablebaseError::Length {
                expected: HEADER_LEN as u64 + entries,
                found: HEADER_LEN as u64 + data.len() as u64,
            });
        }
        let expected = stored.checksum;
        let found = checksum(&header, &data);
        if expected != found {
            return Err(TablebaseError::Checksum { expected, found });
        }
        if data.contains(&255) {
            return Err(TablebaseError::Header { field: "entry" });
        }
        let stats = Stats::count(&layout, &data);
        if (stored.wins, stored.losses, stored.longest_win)
            != (stats.wins, stats.losses, stats.longest_win)
        {
            return Err(TablebaseError::Header { field: "counts" });
        }
        Ok(Tablebase {
            layout,
            pieces: stored.pieces,
            stuck_loses: stored.stuck_loses,
            stats,
            data,
        })
    }

    fn header(&self) -> [u8; HEADER_LEN] {
        let mut header = Header {
            pieces: self.pieces,
            stuck_loses: self.stuck_loses,
            cards: self.layout.cards,
            entries: self.entries(),
            checksum: 0,
            wins: self.stats.wins,
            losses: self.stats.losses,
            longest_win: self.stats.longest_win,
        };
        header.checksum = checksum(&header.to_bytes(), &self.data);
        header.to_bytes()
    }
}
