//! Onitama in the catalog: the deal as a start option.

use abstract_game::Outcome;
use game_sessions::Threat;
use onitama_core::{Deal, Move, Side, WinReason};

mod board;
mod board_json;
mod eval;
mod tablebase;

pub use eval::OnitamaEval;

use super::Onitama;
use crate::board_style::BoardStyle;
use crate::game::{CatalogGame, StartOption};

impl CatalogGame for Onitama {
    type Evaluator = OnitamaEval;

    const NAME: &'static str = "onitama";

    const REPETITIONS: bool = true;

    const START_OPTIONS: &'static [StartOption] = &[StartOption {
        name: "cards",
        value_name: "DEAL",
        help: "Onitama: the start position of a deal, five card names (Red's two, Blue's two, the side card)",
    }];

    fn default_start() -> Self {
        Onitama::start()
    }

    fn tablebase_oracle(path: &std::path::Path) -> Result<game_engines::Oracle<Self>, String> {
        tablebase::oracle(path)
    }

    /// The start of [`Deal::random`] of the seed.
    fn random_start(seed: u64) -> Self {
        Onitama::from_deal(Deal::random(seed))
    }

    fn start_from_option(option: &str, value: &str) -> Result<Self, String> {
        match option {
            "cards" => value
                .parse::<Deal>()
                .map(Onitama::from_deal)
                .map_err(|e| e.to_string()),
            _ => Err(format!("onitama has no start option {option:?}")),
        }
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

    fn board(&self, style: &BoardStyle<Self>) -> String {
        board::board(self, style)
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

    fn evaluator_with_weights(weights: &[i32]) -> Result<OnitamaEval, String> {
        <[i32; 5]>::try_from(weights)
            .map(OnitamaEval)
            .map_err(|_| format!("the onitama evaluator has 5 weights, not {}", weights.len()))
    }

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
}
