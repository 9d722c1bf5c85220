//! Retrograde generation: immediate wins, then level by level by un-moving from the states
//! decided at the previous level, with a per-state counter of the moves not yet refuted.

use std::sync::atomic::{AtomicU16, AtomicU64, Ordering::Relaxed};

use onitama_core::Card;

use crate::error::TablebaseError;
use crate::index::{Layout, OUR_TEMPLE, State, THEIR_TEMPLE, rotate};
use crate::table::{Stats, Tablebase};

/// The stored code of a state: `0` a draw, otherwise the distance in plies plus one (an odd
/// distance is a win for the side to move, an even one a loss).
#[inline]
const fn code(plies: u32) -> u8 {
    (plies + 1) as u8
}

/// The number of predecessors gathered before their words are touched and updated.
const BATCH: usize = 2048;

/// Records in `slot` (a predecessor's word) one move to a state that is lost (`child_lost`) or
/// won for its mover; returns whether this decides the predecessor (its word becomes `next`).
#[inline]
fn decide(slot: &AtomicU16, child_lost: bool, next: u16) -> bool {
    let mut v = slot.load(Relaxed);
    loop {
        if v >= 256 {
            return false; // decided already
        }
        // A loss decides the predecessor; a win takes one move off its counter, and the last
        // one decides it.
        let last = child_lost || v <= 1;
        let new = if last { next } else { v - 1 };
        match slot.compare_exchange_weak(v, new, Relaxed, Relaxed) {
            Ok(_) => return last,
            Err(now) => v = now,
        }
    }
}

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
    layout: Layout,
    pieces: u8,
    stuck_loses: bool,
    threads: usize,
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

    /// The number of entries of the table (one byte each in the file), broken slots included.
    #[must_use]
    pub fn entries(&self) -> u64 {
        self.layout.len()
    }

    /// The memory the generation needs, in bytes (a bound with a margin over the measured
    /// peak): two bytes per entry (the code and the counter of unrefuted moves in one word), one
    /// for the finished table, and the lists of the states of the current and the next level
    /// (8 bytes each; the largest, the immediate wins, holds most of the decided states), so 8
    /// bytes per entry.
    #[must_use]
    pub fn memory_bytes(&self) -> u64 {
        self.entries() * 8
    }

    /// Generates the table. `progress` is called (from any thread) with the amount of work done
    /// since its last call; the total is about twice [`Generator::entries`].
    ///
    /// # Errors
    /// [`TablebaseError::DistanceOverflow`] if a distance exceeds [`MAX_PLIES`].
    pub fn generate(&self, progress: &(dyn Fn(u64) + Sync)) -> Result<Tablebase, TablebaseError> {
        let n = self.entries();
        let len = usize::try_from(n).map_err(|_| TablebaseError::TooLarge { entries: n })?;
        // One 16-bit word per state, so that a predecessor costs one cache miss: the high byte
        // is the code once decided, the low byte the counter of unrefuted moves until then.
        let vals: Vec<AtomicU16> = (0..len).map(|_| AtomicU16::new(0)).collect();
        let threads = self.threads;
        // The first pass, over blocks of one lie and one pair of Master squares.
        let next_block = AtomicU64::new(0);
        let lists: Vec<(Vec<u64>, Vec<u64>)> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|_| {
                    s.spawn(|| {
                        let mut level0 = Vec::new();
                        let mut level1 = Vec::new();
                        loop {
                            let block = next_block.fetch_add(1, Relaxed);
                            if block >= 30 * 600 {
                                break;
                            }
                            self.first_pass(block, &vals, &mut level0, &mut level1);
                            progress(self.layout.per_masters);
                        }
                        (level0, level1)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_default())
                .collect()
        });
        // The lists stay split by thread (no copy into one list: the largest level holds about a
        // third of the states).
        let (mut current, mut pending): (Vec<Vec<u64>>, Vec<Vec<u64>>) = lists.into_iter().unzip();
        let mut d = 0u32;
        loop {
            pending.extend(self.level(&current, d, &vals, progress));
            current.clear();
            pending.retain(|l| !l.is_empty());
            if pending.is_empty() {
                break;
            }
            d += 1;
            if d > MAX_PLIES {
                return Err(TablebaseError::DistanceOverflow { max: MAX_PLIES });
            }
            current = std::mem::take(&mut pending);
        }
        let data: Vec<u8> = vals
            .into_iter()
            .map(|v| (v.into_inner() >> 8) as u8)
            .collect();
        let stats = Stats::count(&self.layout, &data);
        Ok(Tablebase::from_parts(
            self.layout.clone(),
            self.pieces,
            self.stuck_loses,
            stats,
            data,
        ))
    }

    /// The first pass over one block: immediate wins (level 1), stuck players in the
    /// `stuck_loses` variant (level 0), and the counters of the other states.
    fn first_pass(
        &self,
        block: u64,
        vals: &[AtomicU16],
        level0: &mut Vec<u64>,
        level1: &mut Vec<u64>,
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
        let [p0, p1, ..] = layout.lies[usize::from(lie)];
        let (t0, t1) = (&layout.fwd[usize::from(p0)], &layout.fwd[usize::from(p1)]);
        let mut i = layout.block_start(lie, um, tm);
        let free1 = 0x1FF_FFFF & !(1 << um) & !(1 << tm);
        let k = layout.students;
        for a in 0..=k {
            Layout::for_each_set(a, free1, |s1| {
                let us = s1 | 1 << um;
                // The mover's steps do not depend on the opponent's Students.
                let mut steps = 0u32;
                let mut win = false;
                let mut bits = us;
                while bits != 0 {
                    let f = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let d = (t0[f] | t1[f]) & !us;
                    steps += (t0[f] & !us).count_ones() + (t1[f] & !us).count_ones();
                    win |= d & (1 << tm) != 0 || (f as u32 == um && d & (1 << THEIR_TEMPLE) != 0);
                }
                for b in 0..=k {
                    Layout::for_each_set(b, free1 & !s1, |_| {
                        let idx = i as usize;
                        if win {
                            vals[idx].store(u16::from(code(1)) << 8, Relaxed);
                            level1.push(i);
                        } else if steps == 0 {
                            if self.stuck_loses {
                                vals[idx].store(u16::from(code(0)) << 8, Relaxed);
                                level0.push(i);
                            } else {
                                vals[idx].store(2, Relaxed);
                            }
                        } else {
                            vals[idx].store(steps as u16, Relaxed);
                        }
                        i += 1;
                    });
                }
            });
        }
    }

    /// Un-moves from every state of `current` (all decided at distance `d`) and returns the
    /// states this decides at distance `d + 1`, one list per thread.
    fn level(
        &self,
        current: &[Vec<u64>],
        d: u32,
        vals: &[AtomicU16],
        progress: &(dyn Fn(u64) + Sync),
    ) -> Vec<Vec<u64>> {
        const CHUNK: usize = 1 << 16;
        let child_lost = d % 2 == 0;
        let next = u16::from(code(d + 1)) << 8;
        let work: Vec<&[u64]> = current.iter().flat_map(|l| l.chunks(CHUNK)).collect();
        if work.is_empty() {
            return Vec::new();
        }
        let next_chunk = AtomicU64::new(0);
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..self.threads.min(work.len()))
                .map(|_| {
                    s.spawn(|| {
                        let mut found = Vec::new();
                        let mut batch: Vec<u64> = Vec::with_capacity(BATCH + 64);
                        loop {
                            let k = next_chunk.fetch_add(1, Relaxed) as usize;
                            let Some(part) = work.get(k) else {
                                break;
                            };
                            for (j, &i) in part.iter().enumerate() {
                                if let Some(st) = self.layout.state(i) {
                                    self.parents(&st, |q| batch.push(q));
                                }
                                if batch.len() >= BATCH || j + 1 == part.len() {
                                    // Plain loads first, independent of each other, so that the
                                    // cache misses overlap; the atomic updates (which serialise
                                    // memory accesses) then find the lines in the cache.
                                    let mut touch = 0u16;
                                    for &q in &batch {
                                        touch |= vals[q as usize].load(Relaxed);
                                    }
                                    std::hint::black_box(touch);
                                    for &q in &batch {
                                        if decide(&vals[q as usize], child_lost, next) {
                                            found.push(q);
                                        }
                                    }
                                    batch.clear();
                                }
                            }
                            progress(part.len() as u64);
                        }
                        found
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_default())
                .collect()
        })
    }

    /// Calls `f` with the index of every state that has a move to the state `st`, once per such
    /// move.
    fn parents(&self, st: &State, mut f: impl FnMut(u64)) {
        let layout = &self.layout;
        let [o0, o1, h0, h1, p] = layout.lies[usize::from(st.lie)];
        // The previous mover's frame: it plays up; the opponent is the side to move in `st`.
        let a = rotate(st.them);
        let am = 24 - st.tm;
        let b = rotate(st.us);
        let bm = 24 - st.um;
        let occupied = a | b;
        let b_students = b.count_ones() as usize - 1;
        let back = &layout.back[usize::from(p)];
        let _ = (o0, o1);
        for (x, y) in [(h0, h1), (h1, h0)] {
            // The previous mover held `y` and `p`, and received `x`, the side card then.
            let lie = layout.lie(y, p, x);
            let mut bits = a;
            while bits != 0 {
                let t = bits.trailing_zeros();
                bits &= bits - 1;
                let mut from = back[t as usize] & !occupied;
                while from != 0 {
                    let o = from.trailing_zeros();
                    from &= from - 1;
                    let pm = if t == am { o } else { am };
                    if pm == THEIR_TEMPLE {
                        continue;
                    }
                    let us = a ^ (1 << t) ^ (1 << o);
                    let mut parent = State {
                        lie,
                        us,
                        um: pm,
                        them: b,
                        tm: bm,
                    };
                    f(layout.index(&parent));
                    if b_students < layout.students {
                        parent.them = b | 1 << t;
                        f(layout.index(&parent));
                    }
                }
            }
            if !self.stuck_loses {
                let (ty, tp) = (&layout.fwd[usize::from(y)], &layout.fwd[usize::from(p)]);
                let mut steps = 0;
                let mut bits = a;
                while bits != 0 {
                    let s = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    steps |= (ty[s] | tp[s]) & !a;
                }
                if steps == 0 {
                    f(layout.index(&State {
                        lie,
                        us: a,
                        um: am,
                        them: b,
                        tm: bm,
                    }));
                }
            }
        }
    }
}
