//! [`SolverOrder`]: the order in which the exact solver tries Kamisado moves.

use game_engines::solver::MoveOrder;
use kamisado_core::{Move, Position};

/// Home-row moves first, then the moves that leave the opponent's required tower the fewest
/// replies: the forced chain is the game's whole tactic, and a narrow reply keeps the tree
/// narrow for both the attack and the defence.
///
/// With this order the solver proves the start a Black win in 17 plies in a few million nodes
/// (the project's `docs/solutions.md` has the figures).
///
/// ```
/// use abstract_game::Game;
/// use game_engines::solver::{MoveOrder, SolverConfig};
/// use kamisado_core::Position;
/// use kamisado_engine::SolverOrder;
///
/// // After 1. c1a3 Gold wins in 3 plies: its third ply reaches Black's home row.
/// let mut pos = Position::start();
/// pos.play("c1a3".parse()?)?;
/// let line = kamisado_engine::solver(SolverConfig::default()).solve(&pos).expect("solved").line;
/// pos.play(line[0])?;
/// pos.play(line[1])?;
/// assert_eq!(SolverOrder.key(&pos, line[2]), SolverOrder::HOME_ROW);
/// assert!(pos.after(line[2])?.is_over());
/// // Every other move has a key of 0 or less: minus the replies it leaves.
/// for mv in pos.legal_moves() {
///     let key = SolverOrder.key(&pos, mv);
///     assert!(key == SolverOrder::HOME_ROW || key == -(pos.legal_move_count_after(mv) as i32));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SolverOrder;

impl SolverOrder {
    /// The key of a move onto the opponent's home row (every other key is 0 or less).
    pub const HOME_ROW: i32 = 1000;
}

impl MoveOrder<Position> for SolverOrder {
    fn key(&self, pos: &Position, mv: Move) -> i32 {
        if !mv.is_zero_length() && pos.side_to_move().target_row().contains(mv.to) {
            return SolverOrder::HOME_ROW;
        }
        -(pos.legal_move_count_after(mv) as i32)
    }
}
