//! [`Solvable`]: what the exact solver needs of a game.

use abstract_game::ZobristHash;
use game_engines::TableMemoryError;
use game_engines::solver::{MoveOrder, Solver, SolverConfig};

/// Whether and how the exact [`Solver`] of `game-engines` can solve the game: its facts
/// (repetitions, the longest game) and its move order.
pub trait Solvable: ZobristHash + Sized {
    /// Whether positions of the game can repeat (so that a position's value may depend on the
    /// path to it). The exact solver needs a game without repetitions.
    const REPETITIONS: bool = false;

    /// The most plies any game can last, if the game has such a bound: a position the solver
    /// finds neither won nor lost within it is a draw.
    const LONGEST_GAME: Option<u32> = None;

    /// The order in which the solver tries moves (the game's knowledge of which moves win or
    /// hold; [`game_engines::solver::NoOrder`] for a game without one).
    type SolverOrder: MoveOrder<Self> + Default;

    /// The solver with the game's move order.
    #[must_use]
    fn solver(config: SolverConfig) -> Solver<Self, Self::SolverOrder> {
        Solver::with_order(config, Self::SolverOrder::default())
    }

    /// [`Solvable::solver`], or an error when its table's memory cannot be allocated.
    ///
    /// # Errors
    ///
    /// [`TableMemoryError`] with the size asked for.
    fn try_solver(
        config: SolverConfig,
    ) -> Result<Solver<Self, Self::SolverOrder>, TableMemoryError> {
        Solver::try_with_order(config, Self::SolverOrder::default())
    }
}
