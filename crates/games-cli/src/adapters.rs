//! What the command line needs from a game beyond the library traits: its name, its default
//! start position, a diagram. One small impl per game.

use abstract_game::{Notation, PassMove, Player};

pub use abstract_game::tictactoe::TicTacToe;
pub use kamisado_core::Position as Kamisado;
pub use onitama_core::Position as Onitama;

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
        format!("{} to move", self.side_to_move().id())
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

impl CliGame for Kamisado {
    const NAME: &'static str = "kamisado";

    fn default_start() -> Self {
        Kamisado::start()
    }

    fn diagram(&self) -> String {
        self.diagram().to_string()
    }

    fn turn_summary(&self) -> String {
        let side = self.side_to_move().id();
        match self.required_tower() {
            None => format!("{side} to move: any tower (the first move of the game)"),
            Some(tower) => {
                let from = self.square_of(tower);
                let moves = self.legal_moves();
                let how = if moves.iter().all(|&mv| self.is_pass(mv)) {
                    " (blocked: a zero-length move)"
                } else {
                    ""
                };
                format!("{side} to move: the {} tower on {from}{how}", tower.colour)
            }
        }
    }
}

impl CliGame for Onitama {
    const NAME: &'static str = "onitama";

    fn default_start() -> Self {
        Onitama::start()
    }

    fn from_cards(cards: &str) -> Result<Self, String> {
        cards
            .parse::<onitama_core::Deal>()
            .map(onitama_core::Deal::start_position)
            .map_err(|e| e.to_string())
    }

    fn diagram(&self) -> String {
        self.diagram().to_string()
    }

    fn turn_summary(&self) -> String {
        let side = self.side_to_move();
        let [a, b] = self.hand(side);
        format!(
            "{} to move with {a} or {b} (side card {})",
            side.id(),
            self.side_card()
        )
    }
}
