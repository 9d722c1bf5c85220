//! Retrograde generation: immediate wins, then level by level by un-moving from the states
//! decided at the previous level, with a per-state counter of the moves not yet refuted.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, Ordering::Relaxed};

use onitama_core::Card;

use crate::bitmap::{AscendingInserter, IndexBitmap};
use crate::error::TablebaseError;
use crate::index::{
    Layout, OUR_TEMPLE, State, THEIR_TEMPLE, expand, remove_square_from_both, rotate,
};
use crate::table::{Stats, Tablebase, histogram};
use crate::zeroed_memory::ZeroedMemory;

/// The stored code of a state: `0` a draw, otherwise the distance in plies plus one (an odd
/// distance is a win for the side to move, an even one a loss).
#[inline]
pub(crate) const fn code(plies: u32) -> u8 {
    (plies + 1) as u8
}

/// The word of a state decided as a loss in 0 (a stuck player, in the `stuck_loses` variant).
const LOSS_IN_0: u16 = (code(0) as u16) << 8;
/// The word of a state decided as a win in 1.
pub(crate) const WIN_IN_1: u16 = (code(1) as u16) << 8;
/// The word of a state decided as a loss in 2 by the first pass.
pub(crate) const LOSS_IN_2: u16 = (code(2) as u16) << 8;

/// Records in `slot` (a predecessor's word) one move to a state that is lost (`child_lost`) or
/// won for its mover; returns whether this decides the predecessor (its word becomes `next`).
/// Plain loads and stores: only one thread updates a given predecessor during a level (see
/// [`Generator::level`]).
#[inline]
fn decide(slot: &AtomicU16, child_lost: bool, next: u16) -> bool {
    let v = slot.load(Relaxed);
    // A loss decides the predecessor; a win takes one move off its counter, and the last one
    // decides it. Without branches (the outcome is hard to predict): a decided word (256 and
    // up) is stored back unchanged.
    let open = v < 256;
    let last = open && (child_lost || v <= 1);
    let new = if last { next } else { v - u16::from(open) };
    slot.store(new, Relaxed);
    last
}

/// The number of predecessors gathered before their words are touched and updated.
const BATCH: usize = 1024;

/// Records one move of each predecessor in `batch` (its index and the first index of its block,
/// of `per` entries) to a state decided at this level; adds the predecessors this decides to
/// `next` and returns their number.
fn update(
    batch: &[[u64; 2]],
    per: u64,
    child_lost: bool,
    next_code: u16,
    vals: &[AtomicU16],
    next: &IndexBitmap<'_>,
) -> u64 {
    // Plain loads first, independent of each other, so that the cache misses overlap; the
    // updates then find the lines in the cache.
    let mut touch = 0u16;
    for &[q, _] in batch {
        touch |= vals[q as usize].load(Relaxed);
    }
    std::hint::black_box(touch);
    let mut found = 0;
    for &[q, start] in batch {
        if decide(&vals[q as usize], child_lost, next_code) {
            // A bitmap word inside the block is only updated by this unit.
            if (q & !63) >= start && (q | 63) < start + per {
                next.insert_unshared(q);
            } else {
                next.insert(q);
            }
            found += 1;
        }
    }
    found
}

/// Whether the opponent (pieces `them`, steps `attacks`) wins at once when the mover's Master
/// stands on `master`: by taking it, or with its Master on the mover's temple
/// (`temple_in_reach`: in range of its cards) unless one of its own pieces stands there.
#[inline]
fn opponent_wins_at_once(master: u32, attacks: u32, temple_in_reach: bool, them: u32) -> bool {
    attacks & (1 << master) != 0 || temple_open(temple_in_reach, them)
}

/// Whether the opponent's Master (with the mover's temple in reach: `temple_in_reach`) can step
/// onto it: none of the opponent's pieces `them` stands there.
#[inline]
fn temple_open(temple_in_reach: bool, them: u32) -> bool {
    temple_in_reach && them & (1 << OUR_TEMPLE) == 0
}

/// The number of the mover's moves (none of them a win) after which the opponent has no
/// immediate win: the Students' destinations with each card (`student_dests`, empty squares and
/// opponent Students), then the Master's (`master_dests`, on `master`), against the opponent's
/// pieces `them`. `attacks` gives the squares a set of the opponent's pieces reaches.
#[inline]
fn safe_moves(
    student_dests: &[u32],
    master_dests: [u32; 2],
    master: u32,
    them: u32,
    temple_in_reach: bool,
    attacks: impl Fn(u32) -> u32,
) -> u32 {
    let att = attacks(them);
    let quiet_safe = !opponent_wins_at_once(master, att, temple_in_reach, them);
    // A capture changes the opponent's pieces, and so its reach.
    let after_capture = |x: u32, master: u32| {
        let rest = them & !(1 << x);
        u32::from(!opponent_wins_at_once(
            master,
            attacks(rest),
            temple_in_reach,
            rest,
        ))
    };
    let mut safe = 0;
    for &d in student_dests {
        if quiet_safe {
            safe += (d & !them).count_ones();
        }
        let mut caps = d & them;
        while caps != 0 {
            let x = caps.trailing_zeros();
            caps &= caps - 1;
            safe += after_capture(x, master);
        }
    }
    // The Master's moves: it stands on the destination afterwards.
    let open = temple_open(temple_in_reach, them);
    for d in master_dests {
        if !open {
            safe += (d & !them & !att).count_ones();
        }
        let mut caps = d & them;
        while caps != 0 {
            let x = caps.trailing_zeros();
            caps &= caps - 1;
            safe += after_capture(x, x);
        }
    }
    safe
}

/// The ten pairs of card positions a mover can hold, as 5-bit masks.
pub(crate) const PAIRS: [u8; 10] = [
    0b00011, 0b00101, 0b00110, 0b01001, 0b01010, 0b01100, 0b10001, 0b10010, 0b10100, 0b11000,
];

/// The longest distance a table can store.
pub const MAX_PLIES: u32 = 254;

/// Builds one table: a card set and a piece limit.
///
/// ```
/// use onitama_core::Deal;
/// use onitama_tablebase::Generator;
///
/// let generator = Generator::new(Deal::COMMUNITY_A.cards(), 2)?;
/// assert_eq!(generator.entries(), 18_000);
/// let table = generator.generate(&|_| {})?;
/// assert_eq!(table.stats().positions, 30 * 553);
/// # Ok::<(), onitama_tablebase::TablebaseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Generator {
    pub(crate) layout: Layout,
    pub(crate) pieces: u8,
    pub(crate) stuck_loses: bool,
    pub(crate) threads: usize,
    /// Set (by another thread) to give up: see [`Generator::with_stop`].
    pub(crate) stop: Option<Arc<AtomicBool>>,
}

impl Generator {
    /// The generator of the table of `cards` (a deal's five cards, in any order) with at most
    /// `pieces / 2` pieces per side, Masters included.
    ///
    /// # Errors
    /// [`TablebaseError::Pieces`] unless `pieces` is even and in `2..=10`;
    /// [`TablebaseError::DuplicateCard`] if a card appears twice.
    pub fn new(cards: [Card; 5], pieces: u8) -> Result<Generator, TablebaseError> {
        if pieces % 2 != 0 || !(2..=10).contains(&pieces) {
            return Err(TablebaseError::Pieces { pieces });
        }
        let mut sorted = cards;
        sorted.sort();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(TablebaseError::DuplicateCard { card: w[0] });
        }
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        Ok(Generator {
            layout: Layout::new(cards, pieces),
            pieces,
            stuck_loses: false,
            threads,
            stop: None,
        })
    }

    /// With `true`, a player without a step loses (the rule of the open generators) instead of
    /// passing: for measuring how much the pass rule matters. Off by default.
    #[must_use]
    pub fn stuck_loses(mut self, yes: bool) -> Generator {
        self.stuck_loses = yes;
        self
    }

    /// The number of threads (at least one; the default is the machine's parallelism).
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Generator {
        self.threads = threads.max(1);
        self
    }

    /// Generation that gives up with [`TablebaseError::Stopped`] soon after `stop` is set (by
    /// another thread: a Ctrl-C handler, a timer), in [`Generator::generate`] and
    /// [`Generator::generate_to_file`] alike. The threads read the flag before each piece of
    /// work (a block of the first pass or of a level, a part of the file), so that they end
    /// within milliseconds (measured: at most 30 ms for 6 pieces, whose table takes 100 s on
    /// two threads); the last pass of the in-memory generation, which copies the table out
    /// (about 1 s for 6 pieces), runs to its end. Without it (the default) generation runs to
    /// the end.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::AtomicBool;
    /// use onitama_core::Deal;
    /// use onitama_tablebase::{Generator, TablebaseError};
    ///
    /// let stop = Arc::new(AtomicBool::new(true));
    /// let generator = Generator::new(Deal::COMMUNITY_A.cards(), 4)?.with_stop(stop);
    /// assert!(matches!(generator.generate(&|_| {}), Err(TablebaseError::Stopped)));
    /// # Ok::<(), TablebaseError>(())
    /// ```
    #[must_use]
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Generator {
        self.stop = Some(stop);
        self
    }

    /// Whether the flag of [`Generator::with_stop`] is set.
    #[inline]
    pub(crate) fn stopped(&self) -> bool {
        self.stop.as_ref().is_some_and(|s| s.load(Relaxed))
    }

    /// [`TablebaseError::Stopped`] if the flag of [`Generator::with_stop`] is set.
    pub(crate) fn check_stop(&self) -> Result<(), TablebaseError> {
        if self.stopped() {
            Err(TablebaseError::Stopped)
        } else {
            Ok(())
        }
    }

    /// The number of entries of the table (one byte each in the file), broken slots included.
    #[must_use]
    pub fn entries(&self) -> u64 {
        self.layout.len()
    }

    /// The memory the generation needs, in bytes (a bound with a margin over the measured
    /// peak): two bytes per entry (the code and the counter of unrefuted moves in one word), one
    /// for the finished table (built from the words at the end), two bitmaps of one bit per
    /// entry (the states of the current and the next level) and a small table of Student sets;
    /// about 3.3 bytes per entry, announced as 4.
    #[must_use]
    pub fn memory_bytes(&self) -> u64 {
        self.entries() * 4
    }

    /// Generates the table. `progress` is called (from any thread) with the amount of work done
    /// since its last call; the total is about twice [`Generator::entries`].
    ///
    /// The large arrays are anonymous memory maps that ask the kernel for transparent huge
    /// pages (on Linux), which makes their random accesses markedly faster.
    ///
    /// # Errors
    /// [`TablebaseError::DistanceOverflow`] if a distance exceeds [`MAX_PLIES`];
    /// [`TablebaseError::Io`] if the memory cannot be mapped; [`TablebaseError::Stopped`] once
    /// the flag of [`Generator::with_stop`] is set.
    pub fn generate(&self, progress: &(dyn Fn(u64) + Sync)) -> Result<Tablebase, TablebaseError> {
        let n = self.entries();
        let len = usize::try_from(n).map_err(|_| TablebaseError::TooLarge { entries: n })?;
        // One 16-bit word per state, so that a predecessor costs one cache miss: the high byte
        // is the code once decided, the low byte the counter of unrefuted moves until then.
        let mut vals_memory = ZeroedMemory::<AtomicU16>::new(len)?;
        let vals = vals_memory.values()?;
        // The states decided at the current level and at the next one, one bit per entry.
        let words = IndexBitmap::words_for(n);
        let mut bitmap_memory = [ZeroedMemory::new(words)?, ZeroedMemory::new(words)?];
        let [current_memory, next_memory] = &mut bitmap_memory;
        let mut current = IndexBitmap::new(current_memory.values()?);
        let mut next = IndexBitmap::new(next_memory.values()?);
        let sets = self.layout.student_sets();
        let threads = self.threads;
        // The first pass, over blocks of one lie and one pair of Master squares: the immediate
        // wins are level 1; `current` receives the losses in 2 (or, in the `stuck_loses`
        // variant, the stuck players as level 0, and `next` the immediate wins).
        let next_block = AtomicU64::new(0);
        let wins: u64 = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|_| {
                    s.spawn(|| {
                        let mut wins = 0;
                        loop {
                            let block = next_block.fetch_add(1, Relaxed);
                            if block >= 30 * 600 || self.stopped() {
                                break;
                            }
                            let w = self.first_pass(block, vals, &sets, &current, &next);
                            wins += w;
                            // Level 1 is not un-moved (but in the variant): its work is done.
                            let skipped = if self.stuck_loses { 0 } else { w };
                            progress(self.layout.per_masters + skipped);
                        }
                        wins
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap_or(0)).sum()
        });
        self.check_stop()?;
        // `current` holds the states of level `d`; `next_count` counts those already in `next`.
        let (mut d, mut next_count) = if self.stuck_loses { (0, wins) } else { (2, 0) };
        loop {
            next_count += self.level(&current, &next, &sets, d, vals, progress);
            // A stopped level is not whole: its count means nothing.
            self.check_stop()?;
            if next_count == 0 {
                break;
            }
            d += 1;
            if d > MAX_PLIES {
                return Err(TablebaseError::DistanceOverflow { max: MAX_PLIES });
            }
            // The current bitmap was drained by the level: it is empty, ready for the next one.
            std::mem::swap(&mut current, &mut next);
            next_count = 0;
        }
        // The bitmaps' memory (`current` and `next` borrow it and are not used again).
        drop(bitmap_memory);
        // The codes (the high bytes), and their histogram, in one part per thread.
        let mut data = vec![0u8; len];
        let part = len.div_ceil(threads).max(1);
        let hist = std::thread::scope(|s| {
            let handles: Vec<_> = data
                .chunks_mut(part)
                .zip(vals.chunks(part))
                .map(|(out, words)| {
                    s.spawn(move || {
                        for (o, w) in out.iter_mut().zip(words) {
                            *o = (w.load(Relaxed) >> 8) as u8;
                        }
                        histogram(out)
                    })
                })
                .collect();
            let mut hist = [0u64; 256];
            for h in handles {
                let h = h.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
                hist.iter_mut().zip(h).for_each(|(a, b)| *a += b);
            }
            hist
        });
        drop(vals_memory);
        let stats = Stats::from_histogram(&self.layout, &hist);
        Ok(Tablebase::from_parts(
            self.layout.clone(),
            self.pieces,
            self.stuck_loses,
            stats,
            data,
        ))
    }

    /// The first pass over one block: stores every state's first word (see
    /// [`Generator::initial_words`]) and adds the states it decides to the bitmaps: in the
    /// `stuck_loses` variant the stuck players (level 0) to `current` and the immediate wins
    /// (level 1) to `next`, otherwise the losses in 2 to `current` (level 1 is never
    /// un-moved). Returns the number of immediate wins. `sets` is [`Layout::student_sets`].
    fn first_pass(
        &self,
        block: u64,
        vals: &[AtomicU16],
        sets: &[u64],
        current: &IndexBitmap<'_>,
        next: &IndexBitmap<'_>,
    ) -> u64 {
        let mut wins = 0;
        let mut current = AscendingInserter::new(current);
        let mut next = AscendingInserter::new(next);
        self.initial_words(block, 0, sets, |i, word| {
            vals[i as usize].store(word, Relaxed);
            if word == WIN_IN_1 {
                wins += 1;
                if self.stuck_loses {
                    next.insert(i);
                }
            } else if word == LOSS_IN_0 || word == LOSS_IN_2 {
                current.insert(i);
            }
        });
        wins
    }

    /// Calls `f` with the index and the first word of each state of the block `block` from its
    /// Student part `first` on, for the Student sets `sets` (a slice of
    /// [`Layout::student_sets`] starting at `first`); nothing for a block of a finished game.
    ///
    /// An immediate win is decided (a win in 1). In the `stuck_loses` variant a stuck player is
    /// a loss in 0 and any other state's counter counts all its moves. Otherwise the counter
    /// counts only the moves after which the opponent cannot win at once (checked here on the
    /// board), so level 1 needs no un-moving, and a state whose every move allows such a win is
    /// a loss in 2.
    pub(crate) fn initial_words(
        &self,
        block: u64,
        first: u64,
        sets: &[u64],
        mut f: impl FnMut(u64, u16),
    ) {
        let layout = &self.layout;
        let lie = (block / 600) as u8;
        let masters = (block % 600) as u32;
        let um = masters / 24;
        let mut tm = masters % 24;
        if tm >= um {
            tm += 1;
        }
        if um == THEIR_TEMPLE || tm == OUR_TEMPLE {
            return;
        }
        let [p0, p1, h0, h1, _] = layout.lies[usize::from(lie)];
        let (t0, t1) = (&layout.fwd[usize::from(p0)], &layout.fwd[usize::from(p1)]);
        // The opponent's steps in the mover's frame, with its two cards.
        let (r0, r1) = (&layout.back[usize::from(h0)], &layout.back[usize::from(h1)]);
        let attacks = |them: u32| {
            let mut att = 0;
            let mut bits = them;
            while bits != 0 {
                let s = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                att |= r0[s] | r1[s];
            }
            att
        };
        // Whether the opponent's Master reaches the mover's temple (a win unless one of its own
        // pieces stands there).
        let temple_in_reach = (r0[tm as usize] | r1[tm as usize]) & (1 << OUR_TEMPLE) != 0;
        let start = layout.block_start(lie, um, tm) + first;
        // The mover's steps do not depend on the opponent's Students, and the table of Student
        // sets lists the mover's first: they are computed again only when its set changes.
        let mut mover_set = u32::MAX;
        let mut steps = 0u32;
        let mut win = false;
        let mut student_dests = [0u32; 10];
        let mut n = 0;
        let mut master_dests = [0u32; 2];
        for (i, &set) in (start..).zip(sets) {
            if set as u32 != mover_set {
                mover_set = set as u32;
                let s1 = expand(mover_set, um, tm);
                let us = s1 | 1 << um;
                // The Students' destinations with each card, then the Master's.
                n = 0;
                let mut bits = s1;
                while bits != 0 {
                    let f = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    student_dests[n] = t0[f] & !us;
                    student_dests[n + 1] = t1[f] & !us;
                    n += 2;
                }
                master_dests = [t0[um as usize] & !us, t1[um as usize] & !us];
                steps = 0;
                win = false;
                for d in student_dests[..n].iter().chain(&master_dests) {
                    steps += d.count_ones();
                    win |= d & (1 << tm) != 0;
                }
                win |= (master_dests[0] | master_dests[1]) & (1 << THEIR_TEMPLE) != 0;
            }
            let word = if win {
                WIN_IN_1
            } else if self.stuck_loses {
                if steps == 0 { LOSS_IN_0 } else { steps as u16 }
            } else {
                let them = expand((set >> 32) as u32, um, tm) | 1 << tm;
                let safe = if steps == 0 {
                    // Two passes, after which the board is the same.
                    2 * u32::from(!opponent_wins_at_once(
                        um,
                        attacks(them),
                        temple_in_reach,
                        them,
                    ))
                } else {
                    safe_moves(
                        &student_dests[..n],
                        master_dests,
                        um,
                        them,
                        temple_in_reach,
                        attacks,
                    )
                };
                if safe == 0 { LOSS_IN_2 } else { safe as u16 }
            };
            f(i, word);
        }
    }

    /// Un-moves from every state of `current` (all decided at distance `d`; the bitmap is
    /// drained), adds the states this decides at distance `d + 1` to `next` and returns their
    /// number. `sets` is [`Layout::student_sets`]. Once [`Generator::stopped`], the threads
    /// take no further unit (the level is left half done).
    ///
    /// The work is split into units: the states whose mover has its Master on one square `m`
    /// and holds one pair of cards. Every predecessor of such a state has the opponent's Master
    /// on `24 - m` (the turned frame) and the opponent holding that pair, so two units never
    /// share a predecessor: a thread updates its unit's predecessors with plain loads and
    /// stores. Inside a unit the states are taken in index order, block by block, so that the
    /// predecessors of one block fall mostly into two blocks (one per card received), which
    /// stay in the cache.
    fn level(
        &self,
        current: &IndexBitmap<'_>,
        next: &IndexBitmap<'_>,
        sets: &[u64],
        d: u32,
        vals: &[AtomicU16],
        progress: &(dyn Fn(u64) + Sync),
    ) -> u64 {
        let layout = &self.layout;
        let per = layout.per_masters;
        let child_lost = d % 2 == 0;
        let next_code = u16::from(code(d + 1)) << 8;
        let next_unit = AtomicU64::new(0);
        let units = 25 * PAIRS.len() as u64;
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..self.threads)
                .map(|_| {
                    s.spawn(|| {
                        let mut found = 0u64;
                        // A fixed-size buffer (a state has fewer than 128 predecessors).
                        let mut batch = vec![[0u64; 2]; BATCH + 128].into_boxed_slice();
                        let mut len = 0;
                        loop {
                            let unit = next_unit.fetch_add(1, Relaxed);
                            if unit >= units || self.stopped() {
                                break;
                            }
                            let done = self.drain_unit(current, sets, unit, |st| {
                                self.parents(st, |start, students| {
                                    batch[len] = [start + students, start];
                                    len += 1;
                                });
                                if len >= BATCH {
                                    found += update(
                                        &batch[..len],
                                        per,
                                        child_lost,
                                        next_code,
                                        vals,
                                        next,
                                    );
                                    len = 0;
                                }
                            });
                            found += update(&batch[..len], per, child_lost, next_code, vals, next);
                            len = 0;
                            progress(done);
                        }
                        found
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap_or(0)).sum()
        })
    }

    /// Drains from `current` the states of unit `unit` (`0..250`: the mover's Master square
    /// times the ten pairs of cards it may hold; see [`Generator::level`]), calling `f` on each,
    /// block by block in index order; returns their number. `sets` is
    /// [`Layout::student_sets`]. Once [`Generator::stopped`], no further block is drained.
    pub(crate) fn drain_unit(
        &self,
        current: &IndexBitmap<'_>,
        sets: &[u64],
        unit: u64,
        mut f: impl FnMut(&State),
    ) -> u64 {
        let layout = &self.layout;
        let per = layout.per_masters;
        let um = (unit / PAIRS.len() as u64) as u32;
        let pair = PAIRS[(unit % PAIRS.len() as u64) as usize];
        if um == THEIR_TEMPLE {
            return 0;
        }
        let [c0, c1] = [pair.trailing_zeros(), pair.ilog2()];
        let mut done = 0u64;
        for side in (0..5u8).filter(|&c| pair & (1 << c) == 0) {
            let lie = layout.lie(c0 as u8, c1 as u8, side);
            for tm in (0..25).filter(|&t| t != um && t != OUR_TEMPLE) {
                // A unit of a large level takes long: a stop is seen block by block.
                if self.stopped() {
                    return done;
                }
                let start = layout.block_start(lie, um, tm);
                current.drain_range(start, start + per, |i| {
                    done += 1;
                    let set = sets[(i - start) as usize];
                    f(&State {
                        lie,
                        us: expand(set as u32, um, tm) | 1 << um,
                        um,
                        them: expand((set >> 32) as u32, um, tm) | 1 << tm,
                        tm,
                    });
                });
            }
        }
        done
    }

    /// Calls `f` for every state that has a move to the state `st`, once per such move, with the
    /// first index of the state's block and its Student rank (the index is their sum).
    pub(crate) fn parents(&self, st: &State, mut f: impl FnMut(u64, u64)) {
        let layout = &self.layout;
        let per = layout.per_masters;
        let [_, _, h0, h1, p] = layout.lies[usize::from(st.lie)];
        // The previous mover's frame: it plays up; the opponent is the side to move in `st`.
        let a = rotate(st.them);
        let am = 24 - st.tm;
        let b = rotate(st.us);
        let bm = 24 - st.um;
        let occupied = a | b;
        let (a_students, b_students) = (a & !(1 << am), b & !(1 << bm));
        let uncapture = (b_students.count_ones() as usize) < layout.students;
        let back = &layout.back[usize::from(p)];
        // The previous mover used `p` (the side card now) and received one of its two cards:
        // it held `y` and `p` and the side card was `x`, for (x, y) = (h0, h1) and (h1, h0).
        // The two parents of one un-move differ only in the lie: same Students, same rank.
        let [lie0, lie1] =
            layout.parent_lies[usize::from(st.lie)].map(|l| u64::from(l) * 600 * per);
        let mut emit = |masters: u64, students: u64| {
            f(lie0 + masters, students);
            f(lie1 + masters, students);
        };
        // The Student sets without the square `bm` (the opponent's Master in every parent), both
        // in one word (the previous mover's in the low half) so that a square leaves both at
        // once; `without_bm` gives the place of a square in them.
        let both_nb =
            remove_square_from_both(u64::from(a_students) | u64::from(b_students) << 32, bm);
        let without_bm = |sq: u32| sq - u32::from(sq > bm);
        // Un-moves of a Student (the Masters stay on `am` and `bm`).
        let masters = Layout::block(0, am, bm) * per;
        let both2 = remove_square_from_both(both_nb, without_bm(am));
        let (a2, b2) = (both2 as u32, (both2 >> 32) as u32);
        // The square `sq` (neither `am` nor `bm`) among the 23 the Masters leave.
        let compact = |sq: u32| sq - u32::from(sq > am) - u32::from(sq > bm);
        let mut bits = a_students;
        while bits != 0 {
            let t = bits.trailing_zeros();
            bits &= bits - 1;
            let t2 = 1 << compact(t);
            let rest = a2 ^ t2;
            let mut from = back[t as usize] & !occupied;
            while from != 0 {
                let o = from.trailing_zeros();
                from &= from - 1;
                let s1 = rest | 1 << compact(o);
                let mover = layout.mover_rank(s1);
                emit(masters, mover + layout.opponent_rank(s1, b2));
                if uncapture {
                    emit(masters, mover + layout.opponent_rank(s1, b2 | t2));
                }
            }
        }
        // Un-moves of the Master, from `o` to `am`.
        let mut from = back[am as usize] & !occupied;
        while from != 0 {
            let o = from.trailing_zeros();
            from &= from - 1;
            if o == THEIR_TEMPLE {
                continue;
            }
            let masters = Layout::block(0, o, bm) * per;
            let both = remove_square_from_both(both_nb, without_bm(o));
            let (s1, s2) = (both as u32, (both >> 32) as u32);
            let mover = layout.mover_rank(s1);
            emit(masters, mover + layout.opponent_rank(s1, s2));
            if uncapture {
                // An opponent Student taken on `am`, among the squares `o` and `bm` leave.
                let captured = am - u32::from(am > o) - u32::from(am > bm);
                emit(
                    masters,
                    mover + layout.opponent_rank(s1, s2 | 1 << captured),
                );
            }
        }
        // A pass, when the previous mover had no step with `y` and `p`; with at most four
        // pieces there always is one (`nobody_with_four_pieces_or_fewer_is_ever_stuck`).
        if !self.stuck_loses && a.count_ones() > 4 {
            for (k, y) in [h1, h0].into_iter().enumerate() {
                let (ty, tp) = (&layout.fwd[usize::from(y)], &layout.fwd[usize::from(p)]);
                let mut steps = 0;
                let mut bits = a;
                while bits != 0 {
                    let s = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    steps |= (ty[s] | tp[s]) & !a;
                }
                if steps == 0 {
                    f([lie0, lie1][k] + masters, layout.students_rank(a2, b2));
                }
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use abstract_game::rng::SplitMix64;
    use onitama_core::{Deal, Piece, Position, Side};

    /// A random position with up to `per_side` pieces a side (the Masters first).
    pub(crate) fn random_position(
        rng: &mut SplitMix64,
        cards: [Card; 5],
        per_side: usize,
    ) -> Option<Position> {
        let mut cards = cards;
        for i in 0..5 {
            let j = i + rng.below(5 - i);
            cards.swap(i, j);
        }
        let mut board = [None; 25];
        for side in Side::BOTH {
            for k in 0..=rng.below(per_side) {
                let sq = rng.below(25);
                if board[sq].is_none() {
                    let piece = if k == 0 {
                        Piece::Master
                    } else {
                        Piece::Student
                    };
                    board[sq] = Some((side, piece));
                }
            }
        }
        let side = Side::BOTH[rng.below(2)];
        let pos = Position::from_parts(
            &board,
            [cards[0], cards[1]],
            [cards[2], cards[3]],
            cards[4],
            side,
        )
        .ok()?;
        (!pos.is_over()).then_some(pos)
    }

    /// The un-moves against the moves of `onitama-core`: for every move from `pos` to a
    /// non-final `child`, `parents(child)` lists `pos` exactly once, and every listed parent
    /// has a move to `child`.
    fn check_unmoves(generator: &Generator, pos: &Position) {
        let layout = &generator.layout;
        let me = layout.index(&layout.state_of(pos).unwrap());
        let mut seen = std::collections::HashMap::new();
        for mv in pos.legal_moves() {
            let child = pos.after_unchecked(mv);
            if child.is_over() {
                continue;
            }
            let c = layout.state_of(&child).unwrap();
            let ci = layout.index(&c);
            assert!(
                seen.insert(ci, mv).is_none(),
                "two moves of {pos} lead to the same state"
            );
            let mut count = 0;
            generator.parents(&c, |start, students| {
                let q = start + students;
                if q == me {
                    count += 1;
                }
            });
            assert_eq!(count, 1, "{pos} --{mv}--> {child}");
        }
        // Every parent of a child has a move to it (checked on the first child).
        if let Some(mv) = pos
            .legal_moves()
            .into_iter()
            .find(|&m| !pos.after_unchecked(m).is_over())
        {
            let child = pos.after_unchecked(mv);
            let c = layout.state_of(&child).unwrap();
            let ci = layout.index(&c);
            generator.parents(&c, |start, students| {
                let q = start + students;
                let parent = layout.state(q).expect("a parent is a state");
                let p = to_position(layout, &parent);
                let hits = p
                    .legal_moves()
                    .into_iter()
                    .filter(|&m| {
                        let k = p.after_unchecked(m);
                        !k.is_over() && layout.index(&layout.state_of(&k).unwrap()) == ci
                    })
                    .count();
                assert_eq!(hits, 1, "parent {p} of {child}");
            });
        }
    }

    /// The position of a state, with Red to move.
    fn to_position(layout: &Layout, st: &State) -> Position {
        let mut board = [None; 25];
        for sq in 0..25 {
            if st.us & (1 << sq) != 0 {
                let piece = if sq == st.um {
                    Piece::Master
                } else {
                    Piece::Student
                };
                board[sq as usize] = Some((Side::Red, piece));
            }
            if st.them & (1 << sq) != 0 {
                let piece = if sq == st.tm {
                    Piece::Master
                } else {
                    Piece::Student
                };
                board[sq as usize] = Some((Side::Blue, piece));
            }
        }
        let l = layout.lies[usize::from(st.lie)].map(|p| layout.cards[usize::from(p)]);
        Position::from_parts(&board, [l[0], l[1]], [l[2], l[3]], l[4], Side::Red).unwrap()
    }

    #[test]
    fn unmoves_match_the_moves_of_onitama_core() {
        let mut rng = SplitMix64::new(3);
        for (deal, pieces) in [
            (Deal::COMMUNITY_A, 4),
            (Deal::COMMUNITY_C, 6),
            (Deal::COMMUNITY_D, 10),
        ] {
            let generator = Generator::new(deal.cards(), pieces).unwrap();
            let mut n = 0;
            while n < 300 {
                if let Some(pos) = random_position(&mut rng, deal.cards(), usize::from(pieces / 2))
                {
                    check_unmoves(&generator, &pos);
                    n += 1;
                }
            }
        }
    }

    /// The first word `initial_words` gives the state of `pos`, computed for that state alone.
    fn initial_word(generator: &Generator, pos: &Position) -> u16 {
        let layout = &generator.layout;
        let st = layout.state_of(pos).unwrap();
        let q = layout.index(&st);
        let per = layout.per_masters;
        let set = u64::from(crate::index::compress(st.us & !(1 << st.um), st.um, st.tm))
            | u64::from(crate::index::compress(
                st.them & !(1 << st.tm),
                st.um,
                st.tm,
            )) << 32;
        let mut word = None;
        generator.initial_words(q / per, q % per, &[set], |i, w| {
            assert_eq!(i, q, "the index of {pos}");
            word = Some(w);
        });
        word.unwrap()
    }

    /// The first word of `pos` from the moves of `onitama-core`: a win in 1 if a move ends the
    /// game; in the `stuck_loses` variant a loss in 0 without a step, else the number of moves;
    /// otherwise the number of moves after which the opponent cannot end the game at once, and a
    /// loss in 2 if there is none.
    fn reference_word(pos: &Position, stuck_loses: bool) -> u16 {
        let moves = pos.legal_moves();
        let ends = |p: &Position, m| p.after_unchecked(m).is_over();
        if moves.iter().any(|&m| ends(pos, m)) {
            return WIN_IN_1;
        }
        if stuck_loses {
            let steps = moves.iter().filter(|m| !m.is_pass()).count();
            return if steps == 0 { LOSS_IN_0 } else { steps as u16 };
        }
        let safe = moves
            .iter()
            .filter(|&&m| {
                let child = pos.after_unchecked(m);
                !child.legal_moves().into_iter().any(|r| ends(&child, r))
            })
            .count();
        if safe == 0 { LOSS_IN_2 } else { safe as u16 }
    }

    #[test]
    fn first_words_match_the_moves_of_onitama_core() {
        let mut rng = SplitMix64::new(11);
        let (mut losses_in_2, mut captures) = (0, 0);
        for (deal, pieces) in [
            (Deal::COMMUNITY_A, 4),
            (Deal::COMMUNITY_A, 8),
            (Deal::COMMUNITY_C, 6),
            (Deal::COMMUNITY_D, 10),
        ] {
            let generator = Generator::new(deal.cards(), pieces).unwrap();
            let variant = generator.clone().stuck_loses(true);
            let mut n = 0;
            while n < 2000 {
                if let Some(pos) = random_position(&mut rng, deal.cards(), usize::from(pieces / 2))
                {
                    let word = initial_word(&generator, &pos);
                    assert_eq!(word, reference_word(&pos, false), "{pos}");
                    assert_eq!(
                        initial_word(&variant, &pos),
                        reference_word(&pos, true),
                        "{pos}"
                    );
                    losses_in_2 += usize::from(word == LOSS_IN_2);
                    let pieces = |p: &Position| p.occupied().bits().count_ones();
                    captures += usize::from(
                        pos.legal_moves()
                            .iter()
                            .any(|&m| pieces(&pos.after_unchecked(m)) < pieces(&pos)),
                    );
                    n += 1;
                }
            }
        }
        // The samples reach the cases: losses in 2 and positions with captures.
        assert!(
            losses_in_2 > 50 && captures > 500,
            "{losses_in_2} {captures}"
        );
        // A forced pass (five pieces on the far row with crab and elephant, set A): two passes,
        // safe unless the opponent can win at once on the unchanged board.
        let generator = Generator::new(Deal::COMMUNITY_A.cards(), 10).unwrap();
        let mut words = Vec::new();
        for fen in [
            "SSSMS/5/5/5/4m crab,elephant horse,ox boar r",
            "SSSMS/5/5/2m2/5 crab,elephant horse,ox boar r",
        ] {
            let pos: Position = fen.parse().unwrap();
            assert!(pos.legal_moves().iter().all(|m| m.is_pass()));
            words.push(initial_word(&generator, &pos));
            assert_eq!(words.last(), Some(&reference_word(&pos, false)), "{fen}");
        }
        // One where the opponent cannot win at once, one where it can.
        assert_eq!(words, [2, LOSS_IN_2]);
    }

    #[test]
    fn forced_passes_are_moves_and_are_unmoved() {
        // Red's five pieces fill rank 5 with crab and elephant (set A): no step, two passes.
        let pos: Position = "SSSMS/5/5/5/4m crab,elephant horse,ox boar r"
            .parse()
            .unwrap();
        assert!(pos.legal_moves().iter().all(|m| m.is_pass()));
        let generator = Generator::new(Deal::COMMUNITY_A.cards(), 10).unwrap();
        check_unmoves(&generator, &pos);
        let variant = generator.clone().stuck_loses(true);
        let layout = &variant.layout;
        let child = pos.after_unchecked(pos.legal_moves()[0]);
        let mut listed = false;
        let me = layout.index(&layout.state_of(&pos).unwrap());
        variant.parents(&layout.state_of(&child).unwrap(), |start, students| {
            listed |= start + students == me;
        });
        assert!(!listed, "with stuck_loses a pass is no move");
    }

    #[test]
    fn nobody_with_four_pieces_or_fewer_is_ever_stuck() {
        // Every pair of cards and every set of up to four squares: some step exists. So the
        // forced pass needs five pieces of the mover, and no table below 10 pieces has one.
        let mut stuck_with_five = 0;
        for a in 0..16 {
            for b in a + 1..16 {
                let (ca, cb) = (Card::ALL[a], Card::ALL[b]);
                let mask = |sq: usize| {
                    let s = onitama_core::Square::ALL[sq];
                    ca.destinations(Side::Red, s).bits() | cb.destinations(Side::Red, s).bits()
                };
                for size in 1..=5 {
                    Layout::for_each_set(size, 0x1FF_FFFF, |set| {
                        let mut steps = 0;
                        let mut bits = set;
                        while bits != 0 {
                            steps |= mask(bits.trailing_zeros() as usize) & !set;
                            bits &= bits - 1;
                        }
                        if steps == 0 {
                            assert_eq!(size, 5, "{ca}+{cb} stuck with {size} pieces");
                            stuck_with_five += 1;
                        }
                    });
                }
            }
        }
        // boar+crab, boar+elephant, crab+elephant (a full far row), horse+tiger, ox+tiger.
        assert_eq!(stuck_with_five, 5);
    }
}
