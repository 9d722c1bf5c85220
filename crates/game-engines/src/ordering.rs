//! Move ordering memory of a search thread: killer moves per ply and the history heuristic,
//! both keyed by generic moves.

use core::hash::{Hash, Hasher};

/// The number of history counters (a power of two); moves share them by hash.
const HISTORY_SIZE: usize = 1 << 12;

/// A counter never grows past this: [`History::reward`] halves the table first.
const HISTORY_MAX: i32 = 1 << 24;

/// A small multiply-rotate hasher for moves (the history table needs speed, not quality).
#[derive(Default)]
struct MoveHasher(u64);

impl Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        self.0.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }

    fn write_u16(&mut self, i: u16) {
        self.write_u64(u64::from(i));
    }

    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7CC1_B727_220A);
    }

    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}

/// Killer moves: the last two moves that caused a cut-off at each ply.
#[derive(Debug, Clone)]
pub(crate) struct Killers<M> {
    slots: Vec<[Option<M>; 2]>,
}

impl<M: Copy + Eq> Killers<M> {
    pub(crate) fn new() -> Self {
        Killers { slots: Vec::new() }
    }

    /// The two killers of `ply` (`None` where there is none): a search reads them once per
    /// node, since they change only when a node of that ply records a cut-off.
    pub(crate) fn at(&self, ply: usize) -> [Option<M>; 2] {
        self.slots.get(ply).copied().unwrap_or([None, None])
    }

    /// `mv` caused a cut-off at `ply`.
    pub(crate) fn record(&mut self, ply: usize, mv: M) {
        if self.slots.len() <= ply {
            self.slots.resize(ply + 1, [None, None]);
        }
        let k = &mut self.slots[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
    }
}

/// The history heuristic: how often each move (by hash, per player) caused a cut-off, weighted
/// by the depth squared.
#[derive(Debug, Clone)]
pub(crate) struct History {
    counters: Vec<i32>,
}

impl History {
    pub(crate) fn new() -> Self {
        History {
            counters: vec![0; 2 * HISTORY_SIZE],
        }
    }

    fn index<M: Hash>(side: usize, mv: M) -> usize {
        let mut h = MoveHasher::default();
        mv.hash(&mut h);
        side * HISTORY_SIZE + (h.finish() >> 52) as usize % HISTORY_SIZE
    }

    /// The counter of `mv` for the player of index `side` (0 or 1), `0..HISTORY_MAX`.
    pub(crate) fn get<M: Hash>(&self, side: usize, mv: M) -> i32 {
        self.counters[Self::index(side, mv)]
    }

    /// `mv` caused a cut-off in a search of `depth` plies.
    pub(crate) fn reward<M: Hash>(&mut self, side: usize, mv: M, depth: i32) {
        let i = Self::index(side, mv);
        let bonus = depth.clamp(1, 64).pow(2);
        if self.counters[i] + bonus >= HISTORY_MAX {
            for c in &mut self.counters {
                *c /= 2;
            }
        }
        self.counters[i] += bonus;
    }

    /// Adds `noise` (a helper thread's seed) to every counter, so that helper threads of a
    /// Lazy SMP search order moves a little differently.
    pub(crate) fn perturb(&mut self, mut seed: u64) {
        for c in &mut self.counters {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            *c += (seed >> 60) as i32;
        }
    }
}
