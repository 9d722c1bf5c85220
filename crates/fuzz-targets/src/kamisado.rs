//! Kamisado for the fuzz bodies. Games start from the start position; the input chooses the
//! moves.

use abstract_game::Player;
use kamisado_core::reference::RefPos;
use kamisado_core::{Colour, Move, Position, Side, Square, Tower, WinReason};

use crate::bodies::round_trip;
use crate::choices::Choices;
use crate::fuzz_game::{FuzzGame, ReferenceModel};

impl FuzzGame for Position {
    type Reference = RefPos;

    fn start(_choices: &mut Choices<'_>) -> Position {
        Position::start()
    }

    /// Two bytes: origin and destination squares.
    fn arbitrary_move(choices: &mut Choices<'_>) -> Option<Move> {
        let from = Square::from_index(usize::from(choices.byte()? % 64))?;
        let to = Square::from_index(usize::from(choices.byte()? % 64))?;
        Some(Move::new(from, to))
    }

    fn zobrist_from_scratch(&self) -> u64 {
        Position::zobrist_from_scratch(self)
    }

    fn vocabulary_round_trips(text: &str) {
        round_trip::<Square>(text);
        round_trip::<Colour>(text);
        round_trip::<Side>(text);
        round_trip::<Tower>(text);
        round_trip::<Move>(text);
        round_trip::<WinReason>(text);
        round_trip::<Position>(text);
    }
}

impl ReferenceModel<Position> for RefPos {
    /// The reference replays games from the start position only (the only start of the Kamisado
    /// targets).
    fn start(start: &Position) -> RefPos {
        assert_eq!(
            *start,
            Position::start(),
            "the reference starts at the start"
        );
        RefPos::start()
    }

    fn play(&mut self, move_text: &str) {
        RefPos::play(self, move_text);
    }

    fn check(&self, pos: &Position) {
        let mut fast: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
        fast.sort();
        assert_eq!(fast, self.legal_moves(), "legal moves differ at {pos}");
        assert_eq!(pos.legal_move_count(), fast.len(), "count differs at {pos}");
        assert_eq!(pos.to_string(), self.text(), "position text differs");
        let outcome = pos
            .outcome()
            .map(|o| (o.winner().map(Player::index), o.reason().id()));
        let expected = self.outcome.map(|(winner, reason)| (Some(winner), reason));
        assert_eq!(outcome, expected, "outcome differs at {pos}");
    }
}
