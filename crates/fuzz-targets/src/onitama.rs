//! Onitama for the fuzz bodies. Games start from a position chosen by the first input byte
//! (community set A, the forced-pass position, or a random deal seeded by the next eight bytes).

use abstract_game::Player;
use onitama_core::reference::RefPos;
use onitama_core::{Card, Deal, Move, Position, Side, Square, WinReason};

use crate::bodies::round_trip;
use crate::choices::Choices;
use crate::fuzz_game::{FuzzGame, ReferenceModel};

/// A position whose side to move is stuck: Red must pass.
pub const PASS_POSITION: &str = "MSSSS/5/2m2/5/5 boar,elephant monkey,tiger crab r";

impl FuzzGame for Position {
    type Reference = RefPos;

    fn start(choices: &mut Choices<'_>) -> Position {
        match choices.byte().unwrap_or(0) % 4 {
            0 => Position::start(),
            1 => PASS_POSITION.parse().unwrap_or_else(|_| Position::start()),
            _ => Position::from_deal(Deal::random(choices.u64())),
        }
    }

    /// Three bytes: card, from, to (or a pass).
    fn arbitrary_move(choices: &mut Choices<'_>) -> Option<Move> {
        let card = Card::from_index(choices.index(16)?)?;
        let code = choices.byte()?;
        if code >= 250 {
            return Some(Move::pass(card));
        }
        let from = Square::from_index(usize::from(code) % 25)?;
        let to = Square::from_index(choices.index(25)?)?;
        Some(Move::step(card, from, to))
    }

    fn zobrist_from_scratch(&self) -> u64 {
        Position::zobrist_from_scratch(self)
    }

    fn vocabulary_round_trips(text: &str) {
        round_trip::<Square>(text);
        round_trip::<Card>(text);
        round_trip::<Side>(text);
        round_trip::<Move>(text);
        round_trip::<Deal>(text);
        round_trip::<WinReason>(text);
        round_trip::<Position>(text);
    }
}

impl ReferenceModel<Position> for RefPos {
    fn start(start: &Position) -> RefPos {
        RefPos::from_position(start)
    }

    fn play(&mut self, move_text: &str) {
        *self = RefPos::play(self, move_text);
    }

    fn check(&self, pos: &Position) {
        let mut fast: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
        fast.sort();
        assert_eq!(fast, self.moves(), "legal moves differ at {pos}");
        assert_eq!(pos.legal_move_count(), fast.len(), "count differs at {pos}");
        assert_eq!(
            RefPos::from_position(pos).moves(),
            self.moves(),
            "the reference read from the position disagrees with the one played along, at {pos}"
        );
        let outcome = pos
            .outcome()
            .map(|o| (o.winner().map(Player::index), o.reason().id()));
        let expected = self
            .outcome()
            .map(|(winner, reason)| (Some(winner), reason));
        assert_eq!(outcome, expected, "outcome differs at {pos}");
    }
}
