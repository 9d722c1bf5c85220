//! Tic-tac-toe, the test game of `abstract-game`: it goes through the catalog exactly like the
//! real games, which proves that a new game needs nothing but its own module here.

use core::fmt::Write as _;

use abstract_game::Notation;
use game_engines::ZeroEvaluator;
use game_engines::solver::NoOrder;

use super::TicTacToe;
use crate::entry::CatalogEntry;
use crate::knowledge::EngineKnowledge;
use crate::openings::MatchOpenings;
use crate::presentation::Presentation;
use crate::proof::Provable;
use crate::solvable::Solvable;

impl CatalogEntry for TicTacToe {
    const NAME: &'static str = "tictactoe";

    fn default_start() -> Self {
        TicTacToe::new()
    }
}

impl EngineKnowledge for TicTacToe {
    type Evaluator = ZeroEvaluator;
}

impl MatchOpenings for TicTacToe {
    const OPENING_PLIES: usize = 1;
}

impl Solvable for TicTacToe {
    const LONGEST_GAME: Option<u32> = Some(9);

    type SolverOrder = NoOrder;
}

impl Provable for TicTacToe {}

impl Presentation for TicTacToe {
    /// The board with the square numbers beside it.
    fn diagram(&self) -> String {
        let text = self.position_text();
        let board = text.split(' ').next().unwrap_or_default();
        let mut out = String::new();
        for (row, cells) in board.split('/').enumerate() {
            let _ = writeln!(out, " {cells}   {}{}{}", row * 3, row * 3 + 1, row * 3 + 2);
        }
        out
    }
}
