//! Random playouts from a seeded random number generator.
//!
//! The generator is [`SplitMix64`]: tiny, fast, and the same sequence on every platform, so a seed
//! names a game for ever (tests and bug reports rely on that). It is not cryptographic.
//!
//! ```
//! use abstract_game::playout::{random_playout, SplitMix64};
//! use abstract_game::tictactoe::TicTacToe;
//!
//! let mut rng = SplitMix64::new(7);
//! let game = random_playout(&TicTacToe::new(), &mut rng, 100);
//! assert!(game.outcome.is_some()); // tic-tac-toe always ends within nine plies
//! assert_eq!(game.moves.len(), game.plies());
//! ```

use crate::game::{Game, Outcome};

/// The `SplitMix64` generator (Steele, Lea and Flood): a 64-bit state, one addition and a mix per
/// number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator from a seed. Every seed, 0 included, is fine.
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits. A `const fn`, so that tables of random keys (Zobrist) can be
    /// computed at compile time.
    pub const fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (nearly uniform: multiply-shift, bias below 2^-32 for `n < 2^32`).
    /// Returns 0 when `n` is 0.
    pub const fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// A uniformly chosen element of `items`, or `None` if it is empty.
    pub fn choose<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        if items.is_empty() {
            None
        } else {
            Some(items[self.below(items.len())])
        }
    }
}

/// A game played by [`random_playout`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Playout<G: Game> {
    /// The moves played, in order.
    pub moves: Vec<G::Move>,
    /// The position reached.
    pub end: G,
    /// The outcome, or `None` if the ply limit stopped the game first.
    pub outcome: Option<Outcome<G::Player, G::Reason>>,
}

impl<G: Game> Playout<G> {
    /// The number of plies played.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.moves.len()
    }
}

/// Plays uniformly random legal moves from `start` until the game ends or `max_plies` moves have
/// been played.
pub fn random_playout<G: Game>(start: &G, rng: &mut SplitMix64, max_plies: usize) -> Playout<G> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    while moves.len() < max_plies {
        let Some(mv) = rng.choose(pos.legal_moves().as_ref()) else {
            break;
        };
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    let outcome = pos.outcome();
    Playout {
        moves,
        end: pos,
        outcome,
    }
}

/// Only the result of a random playout, without recording the moves: the fast path for Monte Carlo
/// search. Returns the final position's outcome, or `None` if `max_plies` ran out first.
pub fn random_result<G: Game>(
    start: &G,
    rng: &mut SplitMix64,
    max_plies: usize,
) -> Option<Outcome<G::Player, G::Reason>> {
    let mut pos = start.clone();
    for _ in 0..max_plies {
        match rng.choose(pos.legal_moves().as_ref()) {
            Some(mv) => pos.play_unchecked(mv),
            None => break,
        }
    }
    pos.outcome()
}
