//! Retrograde generation: immediate wins, then level by level by un-moving from the states
//! decided at the previous level, with a per-state counter of the moves not yet refuted.

use std::sync::atomic::{AtomicU16, AtomicU64, Ordering::Relaxed};

use onitama_core::Card;

use crate::bitmap::{AscendingInserter, IndexBitmap};
use crate::error::TablebaseError;
use crate::index::{
    Layout, OUR_TEMPLE, State, THEIR_TEMPLE, expand, remove_square_from_both, rotate,
};
use crate::table::{Stats, Tablebase};

/// The stored code of a state: `0` a draw, otherwise the distance in plies plus one (an odd
/// distance is a win for the side to move, an even one a loss).
#[inline]
const fn code(plies: u32) -> u8 {
    (plies + 1) as u8
}

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
    next: &IndexBitmap,
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

/// The ten pairs of card positions a mover can hold, as 5-bit masks.
const PAIRS: [u8; 10] = [
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
    /// # Errors
    /// [`TablebaseError::DistanceOverflow`] if a distance exceeds [`MAX_PLIES`].
    pub fn generate(&self, progress: &(dyn Fn(u64) + Sync)) -> Result<Tablebase, TablebaseError> {
        let n = self.entries();
        let len = usize::try_from(n).map_err(|_| TablebaseError::TooLarge { entries: n })?;
        // One 16-bit word per state, so that a predecessor costs one cache miss: the high byte
        // is the code once decided, the low byte the counter of unrefuted moves until then.
        let vals: Vec<AtomicU16> = (0..len).map(|_| AtomicU16::new(0)).collect();
        // The states decided at the current level and at the next one, one bit per entry.
        let mut current = IndexBitmap::new(n);
        let mut next = IndexBitmap::new(n);
        let sets = self.layout.student_sets();
        let threads = self.threads;
        // The first pass, over blocks of one lie and one pair of Master squares: the stuck
        // players of the `stuck_loses` variant are level 0, the immediate wins level 1.
        let next_block = AtomicU64::new(0);
        let mut next_count: u64 = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|_| {
                    s.spawn(|| {
                        let mut wins = 0;
                        loop {
                            let block = next_block.fetch_add(1, Relaxed);
                            if block >= 30 * 600 {
                                break;
                            }
                            wins += self.first_pass(block, &vals, &current, &next);
                            progress(self.layout.per_masters);
                        }
                        wins
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap_or(0)).sum()
        });
        let mut d = 0u32;
        loop {
            next_count += self.level(&current, &next, &sets, d, &vals, progress);
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
        drop((current, next));
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

    /// The first pass over one block: immediate wins (level 1, added to `level1`; returns their
    /// number), stuck players in the `stuck_loses` variant (level 0, added to `level0`), and the
    /// counters of the other states.
    fn first_pass(
        &self,
        block: u64,
        vals: &[AtomicU16],
        level0: &IndexBitmap,
        level1: &IndexBitmap,
    ) -> u64 {
        let layout = &self.layout;
        let lie = (block / 600) as u8;
        let masters = (block % 600) as u32;
        let um = masters / 24;
        let mut tm = masters % 24;
        if tm >= um {
            tm += 1;
        }
        if um == THEIR_TEMPLE || tm == OUR_TEMPLE {
            return 0;
        }
        let [p0, p1, ..] = layout.lies[usize::from(lie)];
        let (t0, t1) = (&layout.fwd[usize::from(p0)], &layout.fwd[usize::from(p1)]);
        let mut i = layout.block_start(lie, um, tm);
        let free1 = 0x1FF_FFFF & !(1 << um) & !(1 << tm);
        let k = layout.students;
        let mut wins = 0;
        let mut level0 = AscendingInserter::new(level0);
        let mut level1 = AscendingInserter::new(level1);
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
                            level1.insert(i);
                            wins += 1;
                        } else if steps == 0 {
                            if self.stuck_loses {
                                vals[idx].store(u16::from(code(0)) << 8, Relaxed);
                                level0.insert(i);
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
        wins
    }

    /// Un-moves from every state of `current` (all decided at distance `d`; the bitmap is
    /// drained), adds the states this decides at distance `d + 1` to `next` and returns their
    /// number. `sets` is [`Layout::student_sets`].
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
        current: &IndexBitmap,
        next: &IndexBitmap,
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
                            if unit >= units {
                                break;
                            }
                            let um = (unit / PAIRS.len() as u64) as u32;
                            let pair = PAIRS[(unit % PAIRS.len() as u64) as usize];
                            if um == THEIR_TEMPLE {
                                continue;
                            }
                            let [c0, c1] = [pair.trailing_zeros(), pair.ilog2()];
                            let mut done = 0u64;
                            for side in (0..5u8).filter(|&c| pair & (1 << c) == 0) {
                                let lie = layout.lie(c0 as u8, c1 as u8, side);
                                for tm in (0..25).filter(|&t| t != um && t != OUR_TEMPLE) {
                                    let start = layout.block_start(lie, um, tm);
                                    current.drain_range(start, start + per, |i| {
                                        done += 1;
                                        let set = sets[(i - start) as usize];
                                        let st = State {
                                            lie,
                                            us: expand(set as u32, um, tm) | 1 << um,
                                            um,
                                            them: expand((set >> 32) as u32, um, tm) | 1 << tm,
                                            tm,
                                        };
                                        self.parents(&st, |start, students| {
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
                                }
                            }
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

    /// Calls `f` for every state that has a move to the state `st`, once per such move, with the
    /// first index of the state's block and its Student rank (the index is their sum).
    fn parents(&self, st: &State, mut f: impl FnMut(u64, u64)) {
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
mod tests {
    use super::*;
    use abstract_game::rng::SplitMix64;
    use onitama_core::{Deal, Piece, Position, Side};

    /// A random position with up to `per_side` pieces a side (the Masters first).
    fn random_position(
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
