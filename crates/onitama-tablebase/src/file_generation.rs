//! Generation straight to a file, for tables too large to build at two bytes per entry in
//! memory (8 pieces): two bits of value per state in memory, a bitmap of the level being
//! un-moved, and the distances on disk as one list of indices per level.

use std::fs::File;
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::bitmap::{AscendingInserter, IndexBitmap};
use crate::error::TablebaseError;
use crate::format::{Checksum, Header};
use crate::generate::{Generator, LOSS_IN_2, MAX_PLIES, PAIRS, WIN_IN_1, code};
use crate::index::{State, THEIR_TEMPLE, expand, remove_square_from_both, rotate};
use crate::level_lists::{LevelLists, decode, encode};
use crate::packed_wdl::{AscendingWdlWriter, FRESH, LOST, OPEN, PackedWdl, WON};
use crate::table::Stats;
use crate::zeroed_memory::ZeroedMemory;

/// Entries per part of the index: the unit of the level lists and of the final pass (a
/// multiple of 64, so that no bitmap or value word is shared by two parts).
const PART_LEN: u64 = 1 << 25;

impl Generator {
    /// The memory [`Generator::generate_to_file`] needs, in bytes: 2 bits of value and 1 bit of
    /// the current level per entry, the table of Student sets, and one part's buffers (32 MiB
    /// each) per thread; about 0.38 bytes per entry.
    #[must_use]
    pub fn file_memory_bytes(&self) -> u64 {
        let sets = self.layout.per_masters * 8;
        self.entries().div_ceil(8) * 3 + sets + (self.threads as u64 * 3 + 2) * PART_LEN
    }

    /// The work [`Generator::generate_to_file`] reports to its `progress`: about three times
    /// [`Generator::entries`] (the first pass, the levels and the writing of the file).
    #[must_use]
    pub fn file_work(&self) -> u64 {
        3 * self.entries()
    }

    /// Generates the table and writes it to the file `path` (created or replaced) without
    /// holding it in memory: the same file as [`Generator::generate`] followed by
    /// [`Tablebase::save`](crate::Tablebase::save), in about 0.38 bytes of memory per entry
    /// (see [`Generator::file_memory_bytes`]) instead of 4, for tables that do not fit (8
    /// pieces: 51 GB of entries). The distances of each level are kept on disk meanwhile, in the
    /// directory `path` with `.levels` appended (removed at the end): about one byte per state
    /// decided after distance 2.
    ///
    /// Values are 2 bits per state, so a state with moves into wins is not given a counter:
    /// when a state won at distance `d` is un-moved, each of its open predecessors is checked
    /// by generating its moves, and is a loss at `d + 1` when every move leads to a state won
    /// by the opponent (all of which are decided at `d` or earlier).
    ///
    /// # Errors
    /// [`TablebaseError::Io`] if a file cannot be written or read (the table, the level
    /// lists, or their directory, which must not exist yet) or the memory cannot be mapped;
    /// [`TablebaseError::DistanceOverflow`] if a distance exceeds [`MAX_PLIES`];
    /// [`TablebaseError::Unsupported`] for the [`Generator::stuck_loses`] variant;
    /// [`TablebaseError::Stopped`] once the flag of [`Generator::with_stop`] is set. After an
    /// error neither the file nor the directory of the level lists is left behind.
    pub fn generate_to_file(
        &self,
        path: impl AsRef<Path>,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Stats, TablebaseError> {
        if self.stuck_loses {
            return Err(TablebaseError::Unsupported {
                what: "the stuck_loses variant when generating to a file",
            });
        }
        let path = path.as_ref();
        let result = self.build_file(path, progress);
        if result.is_err() {
            // A half-written table is no table: nothing is left behind.
            let _ = std::fs::remove_file(path);
        }
        result
    }

    /// [`Generator::generate_to_file`] but for the removal of the file on failure.
    fn build_file(
        &self,
        path: &Path,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Stats, TablebaseError> {
        let n = self.entries();
        let parts = n.div_ceil(PART_LEN) as usize;
        let mut dir = path.as_os_str().to_owned();
        dir.push(".levels");
        let dir = PathBuf::from(dir);
        let lists = LevelLists::create(&dir, parts).map_err(|e| {
            std::io::Error::new(e.kind(), format!("cannot create {}: {e}", dir.display()))
        })?;
        let mut file = File::create(path)?;
        let mut wdl_memory = ZeroedMemory::new(PackedWdl::words_for(n))?;
        let wdl = PackedWdl::new(wdl_memory.values()?);
        let mut current_memory = ZeroedMemory::new(IndexBitmap::words_for(n))?;
        let current = IndexBitmap::new(current_memory.values()?);
        let sets = self.layout.student_sets();
        self.first_pass_to_wdl(&wdl, &current, &sets, progress);
        self.check_stop()?;
        // `counts[d]`: the states decided at distance `d` (3 and up; the wins in 1 and the
        // losses in 2 of the first pass are told by their value alone).
        let mut counts = vec![0u64; 3];
        let mut d = 2;
        loop {
            let unreported = self.level_to_wdl(&current, &wdl, &sets, d, progress);
            self.check_stop()?;
            // Under wins, the candidates are checked, and the rest of the level's work reported.
            let check = (d % 2 == 1).then_some((&sets[..], unreported));
            let found = self.settle(&wdl, &current, &lists, d + 1, check, progress)?;
            self.check_stop()?;
            if found == 0 {
                break;
            }
            d += 1;
            if d > MAX_PLIES {
                return Err(TablebaseError::DistanceOverflow { max: MAX_PLIES });
            }
            counts.push(found);
        }
        // The bitmap's memory (`current` borrows it and is not used again).
        drop(current_memory);
        drop(sets);
        let stats = self.stats_of(&wdl, &counts);
        self.write_file(&mut file, &wdl, &lists, &counts, stats, progress)?;
        Ok(stats)
    }

    /// The first pass (see `Generator::initial_words`): the wins in 1 and the losses in 2 in
    /// `wdl`, the losses in 2 also in `current`.
    fn first_pass_to_wdl(
        &self,
        wdl: &PackedWdl<'_>,
        current: &IndexBitmap<'_>,
        sets: &[u64],
        progress: &(dyn Fn(u64) + Sync),
    ) {
        let next_block = AtomicU64::new(0);
        std::thread::scope(|s| {
            for _ in 0..self.threads {
                s.spawn(|| {
                    loop {
                        let block = next_block.fetch_add(1, Relaxed);
                        if block >= 30 * 600 || self.stopped() {
                            break;
                        }
                        let mut values = AscendingWdlWriter::new(wdl);
                        let mut losses = AscendingInserter::new(current);
                        let mut wins = 0;
                        self.initial_words(block, 0, sets, |i, word| {
                            if word == WIN_IN_1 {
                                values.set(i, WON);
                                wins += 1;
                            } else if word == LOSS_IN_2 {
                                values.set(i, LOST);
                                losses.insert(i);
                            }
                        });
                        // Level 1 is not un-moved: its work is done.
                        progress(self.layout.per_masters + wins);
                    }
                });
            }
        });
    }

    /// Un-moves every state of `current` (decided at distance `d`; the bitmap is drained) and
    /// marks [`FRESH`] its open predecessors: wins at `d + 1` if `d` is a loss, candidates for
    /// a loss at `d + 1` if `d` is a win (checked once each by [`Generator::settle`], however
    /// many of their moves lead to `current`). The units and their ownership of the
    /// predecessors are those of the in-memory generation (`Generator::level`). Returns the
    /// work not reported to `progress` (half the states un-moved under wins, for the checks).
    fn level_to_wdl(
        &self,
        current: &IndexBitmap<'_>,
        wdl: &PackedWdl<'_>,
        sets: &[u64],
        d: u32,
        progress: &(dyn Fn(u64) + Sync),
    ) -> u64 {
        let layout = &self.layout;
        let per = layout.per_masters;
        let child_lost = d % 2 == 0;
        let next_unit = AtomicU64::new(0);
        let units = 25 * PAIRS.len() as u64;
        let unreported = AtomicU64::new(0);
        std::thread::scope(|s| {
            for _ in 0..self.threads {
                s.spawn(|| {
                    loop {
                        let unit = next_unit.fetch_add(1, Relaxed);
                        if unit >= units || self.stopped() {
                            break;
                        }
                        let done = self.drain_unit(current, sets, unit, |st| {
                            self.parents(st, |first, students| {
                                let q = first + students;
                                if wdl.get(q) != OPEN {
                                    return;
                                }
                                // A value word inside the block is only written by this unit.
                                if (q & !31) >= first && (q | 31) < first + per {
                                    wdl.set_unshared(q, FRESH);
                                } else {
                                    wdl.set(q, FRESH);
                                }
                            });
                        });
                        // Under wins, the check of the candidates (in `settle`) is the other half
                        // of the work.
                        let reported = if child_lost { done } else { done / 2 };
                        progress(reported);
                        unreported.fetch_add(done - reported, Relaxed);
                    }
                });
            }
        });
        unreported.into_inner()
    }

    /// The state at `first + students` (`first` the start of its block), from the table of
    /// Student sets `sets`.
    fn state_at(&self, first: u64, students: u64, sets: &[u64]) -> State {
        let block = first / self.layout.per_masters;
        let masters = (block % 600) as u32;
        let um = masters / 24;
        let mut tm = masters % 24;
        if tm >= um {
            tm += 1;
        }
        let set = sets[students as usize];
        State {
            lie: (block / 600) as u8,
            us: expand(set as u32, um, tm) | 1 << um,
            um,
            them: expand((set >> 32) as u32, um, tm) | 1 << tm,
            tm,
        }
    }

    /// Whether every move of `st` leads to a state that `won` (given its index) says is won by
    /// the opponent, a forced pass included; a move that ends the game is a win of the mover,
    /// so then `false`.
    fn every_move_loses(&self, st: &State, won: impl Fn(u64) -> bool) -> bool {
        let layout = &self.layout;
        let State {
            lie,
            us,
            um,
            them,
            tm,
        } = *st;
        let [p0, p1, h0, h1, _] = layout.lies[usize::from(lie)];
        let won_state = |st: State| won(layout.index(&st));
        // After a Student's move the Masters of the child (the opponent's frame) stand on
        // `cm` (the opponent's) and `ctm`: its Student sets, in the 23 squares those leave,
        // change by one square (two with a capture), so their rank needs no full index.
        let (cm, ctm) = (24 - tm, 24 - um);
        let pair = u64::from(rotate(them & !(1 << tm))) | u64::from(rotate(us & !(1 << um))) << 32;
        let both = remove_square_from_both(remove_square_from_both(pair, cm.max(ctm)), cm.min(ctm));
        let (s1, s2) = (both as u32, (both >> 32) as u32);
        let place = |sq: u32| {
            let c = 24 - sq;
            1u32 << (c - u32::from(c > cm) - u32::from(c > ctm))
        };
        let mut stuck = true;
        for p in [p0, p1] {
            // The opponent moves next, with its two cards; `p` becomes the side card.
            let lie = layout.lie(h0, h1, p);
            let base = layout.block_start(lie, cm, ctm);
            let to = &layout.fwd[usize::from(p)];
            let mut students = us & !(1 << um);
            while students != 0 {
                let f = students.trailing_zeros();
                students &= students - 1;
                let mut dests = to[f as usize] & !us;
                stuck &= dests == 0;
                while dests != 0 {
                    let x = dests.trailing_zeros();
                    dests &= dests - 1;
                    if x == tm {
                        return false;
                    }
                    let px = place(x);
                    let c1 = if them & (1 << x) != 0 { s1 & !px } else { s1 };
                    if !won(base + layout.students_rank(c1, s2 ^ place(f) | px)) {
                        return false;
                    }
                }
            }
            let mut dests = to[um as usize] & !us;
            stuck &= dests == 0;
            while dests != 0 {
                let x = dests.trailing_zeros();
                dests &= dests - 1;
                if x == tm || x == THEIR_TEMPLE {
                    return false;
                }
                let child = State {
                    lie,
                    us: rotate(them & !(1 << x)),
                    um: cm,
                    them: rotate(us & !(1 << um) | 1 << x),
                    tm: 24 - x,
                };
                if !won_state(child) {
                    return false;
                }
            }
        }
        // A forced pass: the board stays, the card given away becomes the side card.
        !stuck
            || [p0, p1].into_iter().all(|p| {
                won_state(State {
                    lie: layout.lie(h0, h1, p),
                    us: rotate(them),
                    um: 24 - tm,
                    them: rotate(us),
                    tm: 24 - um,
                })
            })
    }

    /// Ends level `level`: its [`FRESH`] states become [`WON`] (an odd level) or [`LOST`], go
    /// into `current` (empty) and into the level's lists; returns their number. With `check`
    /// (the Student sets and the work to report), the fresh states are candidates for a loss:
    /// only those whose every move leads to a win of the opponent become [`LOST`], the others
    /// [`OPEN`] again.
    fn settle(
        &self,
        wdl: &PackedWdl<'_>,
        current: &IndexBitmap<'_>,
        lists: &LevelLists,
        level: u32,
        check: Option<(&[u64], u64)>,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<u64, TablebaseError> {
        let n = self.entries();
        let per = self.layout.per_masters;
        let parts = n.div_ceil(PART_LEN);
        let settled = if level % 2 == 1 { WON } else { LOST };
        let next_part = AtomicU64::new(0);
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..self.threads)
                .map(|_| {
                    s.spawn(|| -> std::io::Result<u64> {
                        let mut writer = lists.writer(level)?;
                        let mut bytes = Vec::new();
                        let mut found = 0;
                        loop {
                            let part = next_part.fetch_add(1, Relaxed);
                            if part >= parts || self.stopped() {
                                break;
                            }
                            let start = part * PART_LEN;
                            let end = (start + PART_LEN).min(n);
                            let mut next = start;
                            bytes.clear();
                            let mut level_states = AscendingInserter::new(current);
                            wdl.settle_range(start, end, settled, |i| {
                                if let Some((sets, _)) = check {
                                    let first = i - i % per;
                                    let st = self.state_at(first, i - first, sets);
                                    if !self.every_move_loses(&st, |c| wdl.get(c) == WON) {
                                        return false;
                                    }
                                }
                                level_states.insert(i);
                                encode(&mut bytes, &mut next, i);
                                found += 1;
                                true
                            });
                            writer.write_part(part as usize, &bytes)?;
                            if let Some((_, work)) = check {
                                // This part's share of `work`, exactly `work` over all parts.
                                let share = |x: u64| {
                                    (u128::from(work) * u128::from(x) / u128::from(n)) as u64
                                };
                                progress(share(end) - share(start));
                            }
                        }
                        writer.finish()?;
                        Ok(found)
                    })
                })
                .collect();
            let mut found = 0;
            for h in handles {
                found += h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))?;
            }
            Ok(found)
        })
    }

    /// The counts of the finished table, from the values and the sizes of the levels.
    fn stats_of(&self, wdl: &PackedWdl<'_>, counts: &[u64]) -> Stats {
        let n = self.entries();
        let parts = n.div_ceil(PART_LEN);
        let next_part = AtomicU64::new(0);
        let (won, lost) = std::thread::scope(|s| {
            let handles: Vec<_> = (0..self.threads)
                .map(|_| {
                    s.spawn(|| {
                        let (mut won, mut lost) = (0, 0);
                        loop {
                            let part = next_part.fetch_add(1, Relaxed);
                            if part >= parts {
                                break (won, lost);
                            }
                            let start = part * PART_LEN;
                            let (w, l) = wdl.count_range(start, (start + PART_LEN).min(n));
                            won += w;
                            lost += l;
                        }
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
        });
        let mut hist = [0u64; 256];
        let (mut later_wins, mut later_losses) = (0, 0);
        for (d, &k) in counts.iter().enumerate().skip(3) {
            hist[usize::from(code(d as u32))] = k;
            if d % 2 == 1 {
                later_wins += k;
            } else {
                later_losses += k;
            }
        }
        hist[usize::from(code(1))] = won - later_wins;
        hist[usize::from(code(2))] = lost - later_losses;
        Stats::from_histogram(&self.layout, &hist)
    }

    /// Writes the file: the header, then the entries part by part (the parts of one round
    /// built on all threads), each from its values and the level lists.
    fn write_file(
        &self,
        file: &mut File,
        wdl: &PackedWdl<'_>,
        lists: &LevelLists,
        counts: &[u64],
        stats: Stats,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<(), TablebaseError> {
        let n = self.entries();
        let parts = n.div_ceil(PART_LEN);
        let mut header = Header {
            pieces: self.pieces,
            stuck_loses: false,
            cards: self.layout.cards,
            entries: n,
            checksum: 0,
            wins: stats.wins,
            losses: stats.losses,
            longest_win: stats.longest_win,
        };
        let mut sum = Checksum::new(&header.to_bytes());
        let mut out = std::io::BufWriter::with_capacity(1 << 20, &mut *file);
        out.write_all(&header.to_bytes())?;
        let levels = counts.len() as u32;
        let mut hist = [0u64; 256];
        let threads = self.threads as u64;
        for round in (0..parts).step_by(self.threads) {
            self.check_stop()?;
            let built: Vec<std::io::Result<Vec<u8>>> = std::thread::scope(|s| {
                let handles: Vec<_> = (round..(round + threads).min(parts))
                    .map(|part| s.spawn(move || self.part_entries(part, wdl, lists, levels)))
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                    .collect()
            });
            for entries in built {
                let entries = entries?;
                for &c in &entries {
                    hist[usize::from(c)] += 1;
                }
                sum.update(&entries);
                out.write_all(&entries)?;
                progress(entries.len() as u64);
            }
        }
        out.flush()?;
        drop(out);
        if Stats::from_histogram(&self.layout, &hist) != stats {
            return Err(std::io::Error::other(
                "the level lists disagree with the values (a generator bug)",
            )
            .into());
        }
        header.checksum = sum.finish();
        file.seek(SeekFrom::Start(0))?;
        file.write_all(&header.to_bytes())?;
        file.flush()?;
        Ok(())
    }

    /// The entries of one part: the wins in 1 and losses in 2 from their values, the later
    /// distances from the level lists, draws (and unused slots) `0`.
    fn part_entries(
        &self,
        part: u64,
        wdl: &PackedWdl<'_>,
        lists: &LevelLists,
        levels: u32,
    ) -> std::io::Result<Vec<u8>> {
        const CODES: [u8; 4] = [0, code(1), code(2), 0];
        let start = part * PART_LEN;
        let end = (start + PART_LEN).min(self.entries());
        let mut entries: Vec<u8> = (start..end).map(|i| CODES[wdl.get(i) as usize]).collect();
        for level in 3..levels {
            let bytes = lists.read(level, part as usize)?;
            let mut inside = true;
            decode(&bytes, start, |i| {
                match entries.get_mut((i - start) as usize) {
                    Some(e) => *e = code(level),
                    None => inside = false,
                }
            })
            .filter(|()| inside)
            .ok_or_else(|| {
                std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!("corrupt level list {level}, part {part}"),
                )
            })?;
        }
        Ok(entries)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::tests::random_position;
    use abstract_game::rng::SplitMix64;
    use onitama_core::{Deal, Position};
    use std::collections::HashSet;

    /// Checks `every_move_loses` on `pos` against the moves of `onitama-core`: with a move that
    /// ends the game it is false whatever is won; otherwise it is true when exactly the children
    /// are won, and false when any one child is not. Returns whether `pos` had such a move.
    fn check(generator: &Generator, pos: &Position) -> bool {
        let layout = &generator.layout;
        let st = layout.state_of(pos).unwrap();
        let children: Option<Vec<u64>> = pos
            .legal_moves()
            .into_iter()
            .map(|m| {
                let child = pos.after_unchecked(m);
                (!child.is_over()).then(|| layout.index(&layout.state_of(&child).unwrap()))
            })
            .collect();
        let Some(children) = children else {
            assert!(!generator.every_move_loses(&st, |_| true), "{pos}");
            return true;
        };
        let won: HashSet<u64> = children.iter().copied().collect();
        assert!(
            generator.every_move_loses(&st, |i| won.contains(&i)),
            "{pos}"
        );
        for &missing in &children {
            assert!(
                !generator.every_move_loses(&st, |i| i != missing && won.contains(&i)),
                "{pos}: a child not won"
            );
        }
        false
    }

    #[test]
    fn every_move_loses_matches_the_moves_of_onitama_core() {
        let mut rng = SplitMix64::new(17);
        let mut ending = 0;
        for (deal, pieces) in [
            (Deal::COMMUNITY_A, 4),
            (Deal::COMMUNITY_A, 8),
            (Deal::COMMUNITY_C, 6),
            (Deal::COMMUNITY_D, 10),
        ] {
            let generator = Generator::new(deal.cards(), pieces).unwrap();
            let mut n = 0;
            while n < 500 {
                if let Some(pos) = random_position(&mut rng, deal.cards(), usize::from(pieces / 2))
                {
                    ending += usize::from(check(&generator, &pos));
                    n += 1;
                }
            }
        }
        // Both kinds are reached.
        assert!((100..1900).contains(&ending), "{ending}");
        // Forced passes (five pieces on the far row with crab and elephant, set A).
        let generator = Generator::new(Deal::COMMUNITY_A.cards(), 10).unwrap();
        for fen in [
            "SSSMS/5/5/5/4m crab,elephant horse,ox boar r",
            "SSSMS/5/5/2m2/5 crab,elephant horse,ox boar r",
        ] {
            let pos: Position = fen.parse().unwrap();
            assert!(pos.legal_moves().iter().all(|m| m.is_pass()));
            assert!(!check(&generator, &pos), "{fen}");
        }
    }
}
