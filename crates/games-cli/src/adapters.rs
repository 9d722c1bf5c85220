//! What the command line needs from a game beyond the library traits: its name, its default
//! start position, a diagram. One small impl per game.

use abstract_game::{Notation, PassMove, Player};

pub use abstract_game::tictactoe::TicTacToe;

/// A game the `games` binary can run.
pub trait CliGame: Notation + PassMove {
    /// The name on the command line and in JSON.
    const NAME: &'static str;

    /// The position used when neither `--position` nor `--cards` is given.
    fn default_start() -> Self;

    /// The start position of a deal given with `--cards`.
    ///
    /// # Errors
    /// A message naming the bad card, or saying the game has no deals.
    fn from_cards(cards: &str) -> Result<Self, String> {
        let _ = cards;
        Err(format!("--cards is for onitama only, not {}", Self::NAME))
    }

    /// A diagram a person can read, ending with a newline.
    fn diagram(&self) -> String;

    /// One line on whose turn it is and what they must move.
    fn turn_summary(&self) -> String {
        format!("{} to move", self.to_move().key())
    }
}

impl CliGame for TicTacToe {
    const NAME: &'static str = "tictactoe";

    fn default_start() -> Self {
        TicTacToe::new()
    }

    fn diagram(&self) -> String {
        let text = self.position_text();
        let board = text.split(' ').next().unwrap_or_default();
        let mut out = String::new();
        for (row, cells) in board.split('/').enumerate() {
            use std::fmt::Write as _;
            let _ = writeln!(out, " {cells}   {}{}{}", row * 3, row * 3 + 1, row * 3 + 2);
        }
        out
    }
}
