//! Random playouts from a seeded random number generator ([`SplitMix64`]).
//!
//! ```
//! use abstract_game::playout::random_playout;
//! use abstract_game::rng::SplitMix64;
//! use abstract_game::tictactoe::TicTacToe;
//!
//! let mut rng = SplitMix64::new(7);
//! let game = random_playout(&TicTacToe::new(), &mut rng, 100);
//! assert!(game.outcome.is_some()); // tic-tac-toe always ends within nine plies
//! assert_eq!(game.moves.len(), game.plies());
//! ```

use crate::game::Game;
use crate::outcome::Outcome;
use crate::rng::SplitMix64;
use alloc::vec::Vec;

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

/// The positions of a random game from `start`: each position before a uniformly random legal
/// move is played in it, until the game is over or `max_plies` moves have been played (a
/// finished position is left out). Test positions for engines and solvers, reproducible from
/// `rng`'s seed.
///
/// ```
/// use abstract_game::playout::random_positions;
/// use abstract_game::rng::SplitMix64;
/// use abstract_game::tictactoe::TicTacToe;
/// use abstract_game::Game;
///
/// let path = random_positions(&TicTacToe::new(), &mut SplitMix64::new(7), 100);
/// assert_eq!(path[0], TicTacToe::new());
/// assert!(path.len() >= 5 && path.iter().all(|pos| !pos.is_over()));
/// ```
pub fn random_positions<G: Game>(start: &G, rng: &mut SplitMix64, max_plies: usize) -> Vec<G> {
    let mut pos = start.clone();
    let mut out = Vec::new();
    while out.len() < max_plies && !pos.is_over() {
        let Some(mv) = rng.choose(pos.legal_moves().as_ref()) else {
            break;
        };
        out.push(pos.clone());
        pos.play_unchecked(mv);
    }
    out
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
