//! Onitama's boards and words: the terminal board with the cards, the board as JSON, the two
//! ways of winning explained, and the coaching round's captures and the card handed over.

use abstract_game::Outcome;
use game_sessions::Threat;
use onitama_core::{Move, Side, WinReason};

use super::{board, board_json};
use crate::board_style::BoardStyle;
use crate::games::Onitama;
use crate::presentation::{BoardGeometry, Presentation};

impl Presentation for Onitama {
    fn diagram(&self) -> String {
        Onitama::diagram(self).to_string()
    }

    /// `blue to move with boar or ox (side card crab)`.
    fn turn_summary(&self) -> String {
        let side = self.side_to_move();
        let [a, b] = self.hand(side);
        format!(
            "{side} to move with {a} or {b} (side card {})",
            self.side_card()
        )
    }

    fn board(&self, style: &BoardStyle<Self>) -> String {
        board::board(self, style)
    }

    fn board_json(&self, last: Option<Move>) -> serde_json::Value {
        board_json::board_json(self, last)
    }

    fn move_source(&self, mv: Move) -> Option<String> {
        match mv {
            Move::Step { from, .. } => Some(from.to_string()),
            Move::Pass { .. } => None,
        }
    }

    fn move_target(&self, mv: Move) -> Option<String> {
        mv.to().map(|to| to.to_string())
    }

    fn move_card(&self, mv: Move) -> Option<&'static str> {
        Some(mv.card().name())
    }

    /// Files a to e, five ranks, Blue's home row at the top.
    fn board_geometry() -> Option<BoardGeometry<Side>> {
        Some(BoardGeometry {
            files: "abcde",
            ranks: 5,
            top: Side::Blue,
        })
    }

    fn outcome_words(&self, outcome: Outcome<Side, WinReason>) -> String {
        let Outcome::Win { winner, reason } = outcome else {
            return outcome.to_string();
        };
        let loser = winner.other();
        match reason {
            WinReason::Stone => {
                format!("{winner} captured {loser}'s Master: {winner} wins by the way of the stone")
            }
            WinReason::Stream => format!(
                "{winner}'s Master reached {loser}'s temple on {}: {winner} wins by the way of the stream",
                loser.temple()
            ),
            _ => outcome.to_string(),
        }
    }

    /// The replies that win, and those that capture a pawn.
    fn coach_threats(after: &Self) -> Vec<Threat<Move>> {
        let opponent = after.side_to_move();
        let mut found = Vec::new();
        after.for_each_legal_move(|reply| {
            let captures = reply
                .to()
                .is_some_and(|to| after.pieces(opponent.other()).contains(to));
            let wins = after
                .after_unchecked(reply)
                .outcome()
                .is_some_and(|o| o.winner() == Some(opponent));
            if wins || captures {
                found.push(Threat {
                    reply,
                    wins,
                    captures,
                });
            }
        });
        found
    }

    /// The card of the candidate goes to the side and is the opponent's after their move.
    fn coach_hand_over(&self, candidate: Move) -> Option<String> {
        Some(format!(
            "{} will receive {} after their move",
            self.side_to_move().other(),
            candidate.card()
        ))
    }
}
