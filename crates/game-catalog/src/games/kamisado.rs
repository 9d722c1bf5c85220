//! Kamisado in the catalog.

use core::fmt::Write as _;

use kamisado_core::reference::RefPos;
use kamisado_core::{Move, Side, WinReason};

mod board;
mod board_json;
mod eval;
mod openings;

pub use eval::KamisadoEval;

use super::Kamisado;
use crate::board_style::BoardStyle;
use crate::game::CatalogGame;
use crate::proof::{self, Proof, ProofError, ProofSummary, TextRules};

impl CatalogGame for Kamisado {
    const OPENING_BOOK: &'static [&'static str] = openings::MATCH_OPENINGS;

    type Evaluator = KamisadoEval;

    const NAME: &'static str = "kamisado";

    fn default_start() -> Self {
        Kamisado::start()
    }

    fn board_json(&self, last: Option<Move>) -> serde_json::Value {
        board_json::board_json(self, last)
    }

    fn move_source(&self, mv: Move) -> Option<String> {
        Some(mv.from.to_string())
    }

    fn board(&self, style: &BoardStyle<Self>) -> String {
        board::board(self, style)
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

    fn evaluator_with_weights(weights: &[i32]) -> Result<KamisadoEval, String> {
        <[i32; 3]>::try_from(weights)
            .map(KamisadoEval)
            .map_err(|_| {
                format!(
                    "the kamisado evaluator has 3 weights, not {}",
                    weights.len()
                )
            })
    }

    fn diagram(&self) -> String {
        let mut text = Kamisado::diagram(self).to_string();
        text.push('\n');
        text
    }

    /// Home-row moves first, then the moves that leave the opponent's required tower the fewest
    /// replies: the forced chain is the game's whole tactic, and a narrow reply keeps the tree
    /// narrow for both the attack and the defence.
    fn solver_order(&self, mv: Move) -> i32 {
        let target = match self.side_to_move() {
            Side::Black => 7,
            Side::Gold => 0,
        };
        if !mv.is_zero_length() && mv.to.rank() == target {
            return 1000;
        }
        -(self.legal_move_count_after(mv) as i32)
    }

    /// Checked with [`kamisado_core::reference`], which shares no code with the fast rules.
    fn verify_proof(proof: &Proof) -> Option<Result<ProofSummary, ProofError>> {
        Some(proof::verify::<RefPos>(
            proof,
            Self::NAME,
            ["black", "gold"],
        ))
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
}

impl TextRules for RefPos {
    fn from_text(text: &str) -> Option<RefPos> {
        RefPos::from_text(text)
    }

    fn text(&self) -> String {
        RefPos::text(self)
    }

    fn side_to_move(&self) -> usize {
        self.side
    }

    fn legal_moves(&self) -> Vec<String> {
        RefPos::legal_moves(self)
    }

    fn after(&self, mv: &str) -> RefPos {
        let mut next = self.clone();
        next.play(mv);
        next
    }

    fn winner(&self) -> Option<usize> {
        self.outcome.map(|(winner, _)| winner)
    }
}
