//! The [`Evaluator`] trait: a heuristic value of a position, for engines that search a few plies
//! and score the positions where they stop; and [`ZeroEvaluator`], which knows nothing.
//!
//! ```
//! use abstract_game::Game;
//! use abstract_game::tictactoe::TicTacToe;
//! use game_engines::{Evaluator, ZeroEvaluator};
//!
//! /// Tic-tac-toe: the centre is worth having.
//! struct Centre;
//!
//! impl Evaluator<TicTacToe> for Centre {
//!     fn evaluate(&self, pos: &TicTacToe) -> i32 {
//!         // The player who just moved took the centre if it is no longer free.
//!         if pos.is_legal(4) { 0 } else { -10 }
//!     }
//! }
//!
//! let pos = TicTacToe::new().after_unchecked(4); // X took the centre, O to move
//! assert_eq!(Centre.evaluate(&pos), -10);
//! assert_eq!(ZeroEvaluator.evaluate(&pos), 0);
//! assert_eq!(Evaluator::<TicTacToe>::name(&ZeroEvaluator), "zero");
//! ```

use abstract_game::Game;

/// A heuristic value of positions of `G`.
pub trait Evaluator<G: Game> {
    /// The value of `pos` from the point of view of the side to move: positive when it stands
    /// better. It becomes [`crate::Score::Eval`], so keep it well inside the `i32` range.
    /// Engines score finished games themselves ([`crate::Score::terminal`]); an evaluator is
    /// only asked about positions where the game goes on.
    fn evaluate(&self, pos: &G) -> i32;

    /// A short lowercase name for engine specs and logs.
    fn name(&self) -> String {
        "custom".to_owned()
    }
}

/// The evaluator that knows nothing: every position is worth 0. With it a search finds only
/// proven wins and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ZeroEvaluator;

impl<G: Game> Evaluator<G> for ZeroEvaluator {
    fn evaluate(&self, _pos: &G) -> i32 {
        0
    }

    fn name(&self) -> String {
        "zero".to_owned()
    }
}
