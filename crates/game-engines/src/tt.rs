//! [`TranspositionTable`]: a fixed-size hash table of search results, keyed by the
//! [`abstract_game::ZobristHash`] value of a position and shared by the threads of a search.
//!
//! ```
//! use game_engines::Score;
//! use game_engines::tt::{Bound, TranspositionTable, TtEntry};
//!
//! let mut tt: TranspositionTable<u8> = TranspositionTable::new(1); // 1 MiB
//! let key = 0x1234_5678_9abc_def0;
//! assert!(tt.probe(key).is_none());
//! tt.store(key, TtEntry {
//!     mv: Some(4),
//!     depth: 6,
//!     bound: Bound::Exact,
//!     score: Score::Win { plies: 3 },
//!     proven: true,
//! });
//! let entry = tt.probe(key).unwrap();
//! assert_eq!(entry.mv, Some(4));
//! assert_eq!(entry.score, Score::Win { plies: 3 });
//! tt.new_search(); // entries of earlier searches age but stay usable
//! assert!(tt.probe(key).is_some());
//! ```
//!
//! # Layout and replacement
//!
//! The table is a vector of buckets of two entries. A key is first mixed (a bijective 64-bit
//! finaliser: games may hand in keys that are exact but not spread, as tic-tac-toe's bit
//! pattern), then selects its bucket by the high bits of the mix (a multiply-shift, so any
//! number of buckets works) and is checked against its 32 low bits, kept in the entry. The first entry of a bucket is *depth-preferred*: a new result replaces it when
//! it is at least as deep, when it is about the same position, or when the old entry is from an
//! earlier search (its generation, see [`TranspositionTable::new_search`]). Otherwise the new
//! result goes to the second entry, which is *always replaced*. So deep results survive and
//! recent ones are still found.
//!
//! # Scores
//!
//! An entry holds a [`Score`] of the position it is about, for its side to move: a win or loss
//! in `plies` counts the plies *from that position* to the end, not from the root of the search
//! that stored it. The search converts distances from and to its own root when it stores and
//! probes (it adds or subtracts the ply of the node), so a proven result found at one depth of
//! the tree is reused at any other with the right distance.
//!
//! # Sharing between threads
//!
//! Each bucket sits behind its own [`Mutex`]: threads of a Lazy SMP search share one table
//! through `&TranspositionTable` ([`TranspositionTable::probe_shared`],
//! [`TranspositionTable::store_shared`]); with one bucket per lock two threads rarely wait for
//! each other. Moves are generic, so the entry cannot be packed into atomics without `unsafe`
//! code; a lock per bucket is the safe equivalent. A single-threaded search owns the table and
//! goes through `&mut` ([`TranspositionTable::probe`], [`TranspositionTable::store`]), which
//! uses [`Mutex::get_mut`]: no locking at all on that path.
//!
//! # Statistics
//!
//! The table counts probes and hits ([`TranspositionTable::stats`]). To keep the threads from
//! fighting over one counter, a search counts its own probes and adds them once at the end
//! ([`TranspositionTable::record_probes`]); the `&mut` probe counts directly.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::score::Score;

/// The depth recorded for a proven result: deeper than any search, so that it is used at every
/// depth.
pub const PROVEN_DEPTH: u16 = u16::MAX;

/// What an entry's score says about the true value of its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The score is the value (of a search to the entry's depth).
    Exact,
    /// The value is at least the score (the search failed high: a cut-off).
    Lower,
    /// The value is at most the score (the search failed low: no move reached alpha).
    Upper,
    /// The score carries no information: only the move is worth keeping, for move ordering.
    /// The alpha-beta search stores results that depend on a repetition this way (see
    /// [`crate::alphabeta`], "graph history interaction").
    MoveOnly,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry<M> {
    /// The best move found (the refutation for a cut-off), if any.
    pub mv: Option<M>,
    /// The depth of the search that found the score, in plies; [`PROVEN_DEPTH`] for a proven
    /// result.
    pub depth: u16,
    /// How the score bounds the value.
    pub bound: Bound,
    /// The score, for the side to move of the entry's position, distances counted from it.
    pub score: Score,
    /// Whether the score is proven: it depends on no heuristic evaluation (only on finished
    /// games), so it holds at any depth.
    pub proven: bool,
}

/// Probe and hit counts of a [`TranspositionTable`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TtStats {
    /// Lookups.
    pub probes: u64,
    /// Lookups that found an entry about the same position.
    pub hits: u64,
}

impl TtStats {
    /// Hits per probe, 0 when nothing was probed.
    #[must_use]
    pub fn hit_rate(&self) -> f64 {
        if self.probes == 0 {
            0.0
        } else {
            self.hits as f64 / self.probes as f64
        }
    }
}

/// Why a table ([`TranspositionTable::try_new`], [`crate::AlphaBeta::try_new`],
/// [`crate::solver::Solver::try_new`]) could not be made: its memory cannot be allocated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableMemoryError {
    /// The size asked for, in MiB.
    pub mib: usize,
}

impl core::fmt::Display for TableMemoryError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "a table of {} MiB cannot be allocated", self.mib)
    }
}

impl std::error::Error for TableMemoryError {}

#[derive(Clone, Copy, Debug)]
struct Slot<M> {
    check: u32,
    generation: u8,
    entry: TtEntry<M>,
}

type Bucket<M> = [Option<Slot<M>>; 2];

/// A fixed-size transposition table of entries with moves of type `M`; see the
/// [module](crate::tt).
#[derive(Debug)]
pub struct TranspositionTable<M> {
    buckets: Vec<Mutex<Bucket<M>>>,
    generation: u8,
    probes: AtomicU64,
    hits: AtomicU64,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table of about `mib` mebibytes (at least one bucket unless `mib` is 0; a table of
    /// 0 MiB has no bucket and stores nothing).
    ///
    /// Like any allocation, it aborts the process when the memory cannot be had;
    /// [`TranspositionTable::try_new`] returns an error instead.
    #[must_use]
    pub fn new(mib: usize) -> Self {
        Self::with_buckets(Self::buckets_for(mib))
    }

    /// [`TranspositionTable::new`], or an error when the memory cannot be allocated (a size
    /// beyond the address space, as 4 GiB on a 32-bit target, or beyond a memory limit of the
    /// process).
    ///
    /// ```
    /// use game_engines::tt::TranspositionTable;
    ///
    /// let tt = TranspositionTable::<u8>::try_new(1).unwrap();
    /// assert!(tt.size_bytes() <= 1 << 20);
    /// let err = TranspositionTable::<u8>::try_new(usize::MAX >> 20).unwrap_err();
    /// assert_eq!(err.to_string(), format!("a table of {} MiB cannot be allocated", usize::MAX >> 20));
    /// ```
    ///
    /// # Errors
    ///
    /// [`TableMemoryError`] with the size asked for.
    pub fn try_new(mib: usize) -> Result<Self, TableMemoryError> {
        let buckets = Self::buckets_for(mib);
        let mut table = Vec::new();
        table
            .try_reserve_exact(buckets)
            .map_err(|_| TableMemoryError { mib })?;
        table.extend((0..buckets).map(|_| Mutex::new([None, None])));
        Ok(Self::from_buckets(table))
    }

    /// The buckets of a table of about `mib` MiB.
    fn buckets_for(mib: usize) -> usize {
        let bytes = mib.saturating_mul(1 << 20);
        let buckets = bytes / core::mem::size_of::<Mutex<Bucket<M>>>();
        if mib == 0 { 0 } else { buckets.max(1) }
    }

    fn from_buckets(buckets: Vec<Mutex<Bucket<M>>>) -> Self {
        TranspositionTable {
            buckets,
            generation: 0,
            probes: AtomicU64::new(0),
            hits: AtomicU64::new(0),
        }
    }

    /// A table of exactly `buckets` buckets (two entries each). Tests use tiny tables to force
    /// replacements.
    #[must_use]
    pub fn with_buckets(buckets: usize) -> Self {
        Self::from_buckets((0..buckets).map(|_| Mutex::new([None, None])).collect())
    }

    /// The number of buckets.
    #[must_use]
    pub fn buckets(&self) -> usize {
        self.buckets.len()
    }

    /// The number of entries the table can hold (two per bucket).
    #[must_use]
    pub fn capacity(&self) -> usize {
        2 * self.buckets.len()
    }

    /// The bytes the buckets take.
    #[must_use]
    pub fn size_bytes(&self) -> usize {
        self.buckets.len() * core::mem::size_of::<Mutex<Bucket<M>>>()
    }

    /// Empties the table and resets the statistics.
    pub fn clear(&mut self) {
        for b in &mut self.buckets {
            *lock_mut(b) = [None, None];
        }
        self.generation = 0;
        *self.probes.get_mut() = 0;
        *self.hits.get_mut() = 0;
    }

    /// Starts a new search: entries stored from now on belong to a new generation, and entries
    /// of earlier generations are the first to be replaced (they stay usable until then).
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// The probe and hit counts so far.
    #[must_use]
    pub fn stats(&self) -> TtStats {
        TtStats {
            probes: self.probes.load(Ordering::Relaxed),
            hits: self.hits.load(Ordering::Relaxed),
        }
    }

    /// Adds the probes and hits a search counted itself (after [`Self::probe_shared`]).
    pub fn record_probes(&self, stats: TtStats) {
        self.probes.fetch_add(stats.probes, Ordering::Relaxed);
        self.hits.fetch_add(stats.hits, Ordering::Relaxed);
    }

    /// The number of entries in use, per mille of the capacity, over the first 500 buckets (a
    /// sample, as UCI's `hashfull`).
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.len().min(500);
        if sample == 0 {
            return 0;
        }
        let used: usize = self.buckets[..sample]
            .iter()
            .map(|b| lock(b).iter().filter(|s| s.is_some()).count())
            .sum();
        (used * 1000 / (2 * sample)) as u32
    }

    /// The bucket and the check bits of `key`.
    fn locate(&self, key: u64) -> (usize, u32) {
        let h = mix(key);
        let i = ((u128::from(h) * self.buckets.len() as u128) >> 64) as usize;
        (i, h as u32)
    }

    /// The entry about the position of `key`, if the table has one; counts the probe. No
    /// locking: the table is borrowed mutably.
    pub fn probe(&mut self, key: u64) -> Option<TtEntry<M>> {
        *self.probes.get_mut() += 1;
        if self.buckets.is_empty() {
            return None;
        }
        let (i, check) = self.locate(key);
        let found = find(lock_mut(&mut self.buckets[i]), check);
        if found.is_some() {
            *self.hits.get_mut() += 1;
        }
        found
    }

    /// Stores a result about the position of `key` (see the [module](crate::tt) for the
    /// replacement). No locking: the table is borrowed mutably.
    #[inline(always)]
    pub fn store(&mut self, key: u64, entry: TtEntry<M>) {
        if self.buckets.is_empty() {
            return;
        }
        let (i, check) = self.locate(key);
        let generation = self.generation;
        replace(lock_mut(&mut self.buckets[i]), check, entry, generation);
    }

    /// [`Self::probe`] through a shared reference, for threads that share the table: locks the
    /// bucket. Does not count the probe (see [`Self::record_probes`]).
    #[must_use]
    pub fn probe_shared(&self, key: u64) -> Option<TtEntry<M>> {
        if self.buckets.is_empty() {
            return None;
        }
        let (i, check) = self.locate(key);
        find(&lock(&self.buckets[i]), check)
    }

    /// [`Self::store`] through a shared reference, for threads that share the table: locks the
    /// bucket.
    pub fn store_shared(&self, key: u64, entry: TtEntry<M>) {
        if self.buckets.is_empty() {
            return;
        }
        let (i, check) = self.locate(key);
        replace(&mut lock(&self.buckets[i]), check, entry, self.generation);
    }
}

/// The bucket, also when a thread panicked while holding it (an entry is always whole).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn lock_mut<T>(m: &mut Mutex<T>) -> &mut T {
    m.get_mut()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A bijective mixer of 64-bit keys (the `SplitMix64` finaliser).
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn find<M: Copy>(bucket: &Bucket<M>, check: u32) -> Option<TtEntry<M>> {
    bucket
        .iter()
        .flatten()
        .find(|s| s.check == check)
        .map(|s| s.entry)
}

fn replace<M: Copy>(bucket: &mut Bucket<M>, check: u32, mut entry: TtEntry<M>, generation: u8) {
    let same = |s: Option<Slot<M>>| s.filter(|s| s.check == check);
    // A fail-low knows no best move: keep the one stored for the position, if any.
    if entry.mv.is_none() {
        entry.mv = same(bucket[0]).or(same(bucket[1])).and_then(|s| s.entry.mv);
    }
    let new = Some(Slot {
        check,
        generation,
        entry,
    });
    match bucket[0] {
        Some(old) if old.check == check => bucket[0] = new,
        Some(old) if old.generation == generation && entry.depth < old.entry.depth => {
            bucket[1] = new;
        }
        // The depth-preferred slot is taken over; its old entry moves to the always-replace
        // slot (which may have held this same position: no duplicate remains).
        old => {
            if old.is_some() {
                bucket[1] = old;
            }
            bucket[0] = new;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(depth: u16, mv: u8) -> TtEntry<u8> {
        TtEntry {
            mv: Some(mv),
            depth,
            bound: Bound::Lower,
            score: Score::Eval(i32::from(mv)),
            proven: false,
        }
    }

    #[test]
    fn deep_entries_survive_and_recent_ones_are_found() {
        let mut tt = TranspositionTable::with_buckets(1);
        tt.store(1, entry(8, 1));
        tt.store(2, entry(2, 2)); // shallower: to the always-replace slot
        tt.store(3, entry(3, 3)); // replaces 2
        assert_eq!(tt.probe(1).unwrap().mv, Some(1));
        assert!(tt.probe(2).is_none());
        assert_eq!(tt.probe(3).unwrap().mv, Some(3));
        tt.store(4, entry(9, 4)); // deeper: takes the first slot, 1 moves down
        assert_eq!(tt.probe(4).unwrap().mv, Some(4));
        assert_eq!(tt.probe(1).unwrap().mv, Some(1));
        assert!(tt.probe(3).is_none());
        // A new search: old deep entries give way.
        tt.new_search();
        tt.store(5, entry(1, 5));
        assert_eq!(tt.probe(5).unwrap().mv, Some(5));
        let s = tt.stats();
        assert_eq!((s.probes, s.hits), (7, 5));
    }

    #[test]
    fn an_update_keeps_one_entry_per_position_and_the_old_move() {
        let mut tt = TranspositionTable::with_buckets(1);
        tt.store(7, entry(3, 1));
        tt.store(
            7,
            TtEntry {
                mv: None,
                ..entry(5, 0)
            },
        );
        tt.store(8, entry(1, 2));
        assert_eq!(tt.probe(7).unwrap().mv, Some(1));
        assert_eq!(tt.probe(7).unwrap().depth, 5);
        assert_eq!(tt.probe(8).unwrap().mv, Some(2));
        assert_eq!(tt.hashfull(), 1000);
    }

    /// Zobrist-like keys: the table picks buckets by the high bits.
    fn spread(k: u64) -> u64 {
        (k + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    #[test]
    fn shared_and_exclusive_access_see_the_same_table() {
        let mut tt = TranspositionTable::new(1);
        assert!(tt.buckets() > 1000);
        assert!(tt.size_bytes() <= 1 << 20);
        std::thread::scope(|s| {
            for t in 0..2u8 {
                let tt = &tt;
                s.spawn(move || {
                    for k in 0..1000u64 {
                        tt.store_shared(spread(k * 2 + u64::from(t)), entry(1, t));
                    }
                });
            }
        });
        assert_eq!(tt.probe_shared(spread(1)).unwrap().mv, Some(1));
        assert_eq!(tt.probe(spread(0)).unwrap().mv, Some(0));
        let empty: TranspositionTable<u8> = TranspositionTable::new(0);
        assert_eq!(empty.capacity(), 0);
        assert!(empty.probe_shared(3).is_none());
        tt.clear();
        assert!(tt.probe(spread(1)).is_none());
    }
}
