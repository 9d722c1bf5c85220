//! Move ordering memory of a search thread: killer moves per ply and the history heuristic,
//! keyed by the game's move indices where it has them ([`Game::move_index`]), by hash
//! otherwise.

use core::hash::{Hash, Hasher};

use abstract_game::Game;

/// The number of history counters per player of a game that does not number its moves (a power
/// of two); moves share them by hash.
const HISTORY_SIZE: usize = 1 << 12;

/// A counter never grows past this: [`History::reward`] halves the table first.
const HISTORY_MAX: i32 = 1 << 24;

/// The bits of the noise that [`History::perturb`] adds to a counter (from 0 to 15).
const NOISE_BITS: u32 = 4;

/// Every history counter stays within this of 0 (below [`HISTORY_MAX`], or within
/// [`GRAVITY_BOUND`], plus a helper thread's noise, [`History::perturb`]): the search's sort
/// keys rely on it to never overflow.
pub(crate) const COUNTER_BOUND: i32 = 1 << 30;

const _: () = {
    let noise = (1 << NOISE_BITS) - 1;
    assert!(HISTORY_MAX + noise < COUNTER_BOUND && GRAVITY_BOUND + noise < COUNTER_BOUND);
};

/// The bound of a history counter updated with gravity
/// ([`History::reward_with_gravity`], [`History::penalize_with_gravity`]).
const GRAVITY_BOUND: i32 = 1 << 16;

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
    #[inline]
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

/// The history heuristic: how often each move caused a cut-off, per player, weighted by the
/// depth squared. A move's counter is at its [`move_key`]: its own when the game numbers its
/// moves, else one shared by hash.
#[derive(Debug, Clone)]
pub(crate) struct History {
    counters: Vec<i32>,
    /// Counters per player.
    slots: usize,
}

/// What a cut-off in a search of `depth` plies adds to its move's counter: the depth squared
/// (depth counted from 1 to 64).
#[inline(always)]
fn bonus(depth: i32) -> i32 {
    depth.clamp(1, 64).pow(2)
}

/// Where a search files `mv`: its index among the game's moves when the game numbers them
/// ([`Game::move_index`]; equal keys then mean equal moves), else one of [`HISTORY_SIZE`]
/// slots by hash (moves may share one).
#[inline(always)]
pub(crate) fn move_key<G: Game>(mv: G::Move) -> usize {
    if G::MOVE_INDEX_BOUND > 0 {
        G::move_index(mv)
    } else {
        let mut h = MoveHasher::default();
        mv.hash(&mut h);
        (h.finish() >> 52) as usize % HISTORY_SIZE
    }
}

/// The moves a node singles out before generating the others (the table's move, its ply's two
/// killers), with their keys: comparing a generated move with them is comparing numbers when
/// the game numbers its moves.
#[derive(Clone, Copy)]
pub(crate) struct Marked<M> {
    moves: [Option<M>; 3],
    /// The moves' [`move_key`]s, `usize::MAX` for none (no key is that large).
    keys: [usize; 3],
}

impl<M: Copy + Eq> Marked<M> {
    /// The table's move `tt` and the `killers`.
    #[inline(always)]
    pub(crate) fn new<G: Game<Move = M>>(tt: Option<M>, killers: [Option<M>; 2]) -> Self {
        let moves = [tt, killers[0], killers[1]];
        Marked {
            moves,
            keys: moves.map(|m| m.map_or(usize::MAX, move_key::<G>)),
        }
    }

    /// Whether `mv` (whose key is `key`) is the table's move.
    #[inline(always)]
    pub(crate) fn is_tt<G: Game<Move = M>>(&self, mv: M, key: usize) -> bool {
        self.is::<G>(0, mv, key)
    }

    /// Whether `mv` (whose key is `key`) is one of the killers.
    #[inline(always)]
    pub(crate) fn is_killer<G: Game<Move = M>>(&self, mv: M, key: usize) -> bool {
        self.is::<G>(1, mv, key) || self.is::<G>(2, mv, key)
    }

    /// Whether `mv` is the table's move or one of the killers.
    #[inline(always)]
    pub(crate) fn is_tt_or_killer<G: Game<Move = M>>(&self, mv: M) -> bool {
        let key = move_key::<G>(mv);
        self.is_tt::<G>(mv, key) || self.is_killer::<G>(mv, key)
    }

    #[inline(always)]
    fn is<G: Game<Move = M>>(&self, i: usize, mv: M, key: usize) -> bool {
        if G::MOVE_INDEX_BOUND > 0 {
            key == self.keys[i]
        } else {
            self.moves[i] == Some(mv)
        }
    }
}

impl History {
    /// The history of a search of game `G`: a counter per move and player when `G` numbers its
    /// moves, [`HISTORY_SIZE`] shared ones per player otherwise.
    pub(crate) fn new<G: Game>() -> Self {
        let slots = if G::MOVE_INDEX_BOUND > 0 {
            G::MOVE_INDEX_BOUND
        } else {
            HISTORY_SIZE
        };
        History {
            counters: vec![0; 2 * slots],
            slots,
        }
    }

    /// The counters of the player of index `side` (0 or 1), by [`move_key`]: for a node's loop
    /// over its moves, which reads one player's counters only.
    #[inline(always)]
    pub(crate) fn of(&self, side: usize) -> &[i32] {
        &self.counters[side * self.slots..(side + 1) * self.slots]
    }

    /// The move with key `key` caused a cut-off in a search of `depth` plies.
    #[inline]
    pub(crate) fn reward(&mut self, side: usize, key: usize, depth: i32) {
        let i = side * self.slots + key;
        let bonus = bonus(depth);
        if self.counters[i] + bonus >= HISTORY_MAX {
            for c in &mut self.counters {
                *c /= 2;
            }
        }
        self.counters[i] += bonus;
    }

    /// The move with key `key` caused a cut-off in a search of `depth` plies, with gravity
    /// ([`crate::AlphaBetaConfig::history_malus`]): the bonus shrinks as the counter nears
    /// [`GRAVITY_BOUND`], which it never passes.
    #[inline]
    pub(crate) fn reward_with_gravity(&mut self, side: usize, key: usize, depth: i32) {
        self.add_with_gravity(side * self.slots + key, bonus(depth));
    }

    /// The quiet move with key `key` was searched before another quiet move that cut off, in
    /// a search of `depth` plies: the reward's opposite, with gravity.
    #[inline]
    pub(crate) fn penalize_with_gravity(&mut self, side: usize, key: usize, depth: i32) {
        self.add_with_gravity(side * self.slots + key, -bonus(depth));
    }

    /// `c += b - c·|b| / GRAVITY_BOUND`: with `|b| <= GRAVITY_BOUND`, a counter within
    /// `±GRAVITY_BOUND` stays within it.
    #[inline(always)]
    fn add_with_gravity(&mut self, i: usize, bonus: i32) {
        let c = i64::from(self.counters[i]);
        let b = i64::from(bonus);
        let next = c + b - c * b.abs() / i64::from(GRAVITY_BOUND);
        self.counters[i] = next.clamp(-i64::from(GRAVITY_BOUND), i64::from(GRAVITY_BOUND)) as i32;
    }

    /// Adds `noise` (a helper thread's seed) to every counter, so that helper threads of a
    /// Lazy SMP search order moves a little differently.
    pub(crate) fn perturb(&mut self, mut seed: u64) {
        for c in &mut self.counters {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            *c += (seed >> (64 - NOISE_BITS)) as i32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstract_game::tictactoe::TicTacToe;

    #[test]
    fn gravity_keeps_the_counters_within_their_bound() {
        // Rewards at the deepest depth approach the bound without passing it; the malus takes a
        // counter down symmetrically; a reward and a malus of the same size from 0 cancel.
        let mut history = History::new::<TicTacToe>();
        let mut last = 0;
        for _ in 0..10_000 {
            history.reward_with_gravity(0, 3, 64);
            let c = history.of(0)[3];
            assert!(c >= last && c <= GRAVITY_BOUND, "{c}");
            last = c;
        }
        assert!(last > GRAVITY_BOUND / 2, "{last}");
        for _ in 0..10_000 {
            history.penalize_with_gravity(0, 3, 64);
            let c = history.of(0)[3];
            assert!(c <= last && c >= -GRAVITY_BOUND, "{c}");
            last = c;
        }
        assert!(last < -GRAVITY_BOUND / 2, "{last}");
        history.reward_with_gravity(1, 5, 7);
        history.penalize_with_gravity(1, 5, 7);
        let c = history.of(1)[5];
        assert!(c.abs() <= 1, "{c}");
        // The other player's counters and the other moves are untouched.
        assert_eq!(history.of(0)[5], 0);
        assert_eq!(history.of(1)[3], 0);
    }
}
