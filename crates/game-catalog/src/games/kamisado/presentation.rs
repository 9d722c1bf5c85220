//! Kamisado's boards and words: the terminal board with colours and highlights, the board as
//! JSON, a home-row win and a deadlock explained, a zero-length move played automatically.

use core::fmt::Write as _;

use kamisado_core::{Move, Side, WinReason};

use super::{board, board_json};
use crate::board_style::BoardStyle;
use crate::games::Kamisado;
use crate::presentation::{BoardGeometry, Presentation};

impl Presentation for Kamisado {
    fn diagram(&self) -> String {
        let mut text = Kamisado::diagram(self).to_string();
        text.push('\n');
        text
    }

    /// `black to move: the red tower on e7 (blocked: a zero-length move)`.
    fn turn_summary(&self) -> String {
        let side = self.side_to_move();
        match self.required_tower() {
            None => format!("{side} to move: any tower (the first move of the game)"),
            Some(tower) => {
                let from = self.square_of(tower);
                let blocked = self.destinations(from) == from.bitboard();
                let how = if blocked {
                    " (blocked: a zero-length move)"
                } else {
                    ""
                };
                format!("{side} to move: the {} tower on {from}{how}", tower.colour)
            }
        }
    }

    fn board(&self, style: &BoardStyle<Self>) -> String {
        board::board(self, style)
    }

    fn board_json(&self, last: Option<Move>) -> serde_json::Value {
        board_json::board_json(self, last)
    }

    fn move_source(&self, mv: Move) -> Option<String> {
        Some(mv.from.to_string())
    }

    fn move_target(&self, mv: Move) -> Option<String> {
        Some(mv.to.to_string())
    }

    /// Files a to h, eight ranks, Gold's home row at the top.
    fn board_geometry() -> Option<BoardGeometry<Side>> {
        Some(BoardGeometry {
            files: "abcdefgh",
            ranks: 8,
            top: Side::Gold,
        })
    }

    /// A home-row win names the tower and the square; a deadlock says who moved a tower last
    /// and so loses.
    fn outcome_words(&self, outcome: abstract_game::Outcome<Side, WinReason>) -> String {
        let abstract_game::Outcome::Win { winner, reason } = outcome else {
            return outcome.to_string();
        };
        let loser = winner.other();
        match reason {
            WinReason::HomeRow => {
                let tower = self
                    .towers()
                    .find(|(t, sq)| t.side == winner && winner.target_row().contains(*sq));
                match tower {
                    Some((t, sq)) => format!(
                        "{winner}'s {} tower reached {loser}'s home row on {sq}: {winner} wins",
                        t.colour
                    ),
                    None => outcome.to_string(),
                }
            }
            WinReason::Deadlock => format!(
                "deadlock: the blocked towers hand the same colours round and round and no tower can move again; \
                 {loser} made the last move of positive length, so {loser} loses and {winner} wins"
            ),
            _ => outcome.to_string(),
        }
    }

    /// `gold's blue tower on h2 cannot move: a zero-length move, played automatically; black
    /// must now move the red tower`.
    fn forced_words(&self, mv: Move) -> String {
        let side = self.side_to_move();
        let Some(tower) = self.tower_at(mv.from) else {
            return format!("{side} plays {mv} automatically");
        };
        let mut text = format!(
            "{side}'s {} tower on {} cannot move: a zero-length move, played automatically",
            tower.colour, mv.from
        );
        let after = self.after_unchecked(mv);
        if !after.is_over() {
            if let Some(next) = after.required_tower() {
                let _ = write!(
                    text,
                    "; {} must now move the {} tower",
                    next.side, next.colour
                );
            }
        }
        text
    }
}
