//! The Onitama game record: [`abstract_game::record::GameRecord`] of [`Position`].
//!
//! One record type serves every game of the workspace; this module names it for Onitama. It
//! counts repetitions (pawns, both hands, the side card and the side to move must all be equal)
//! and holds the players' endings (an agreed draw, a resignation, an abandoned game); the rules
//! never end a game on a repetition.
//!
//! Text form: the start, the moves, then a `draw`, `resign:<side>` or `abandoned` token if the
//! players ended the game. A start position that some deal produces is written as that deal
//! ([`Position::deal`]: `elephant,horse,boar,ox,crab`, Red's two cards, Blue's two, the side
//! card, each hand in alphabetical order); any other start as its five position fields.
//!
//! ```
//! use onitama_core::{Deal, GameRecord, Position};
//!
//! let mut record = GameRecord::new(Position::from_deal(Deal::COMMUNITY_A));
//! for mv in ["ox:c5c4", "horse:c1c2", "boar:c4c3", "elephant:b1a2"] {
//!     record.play(mv.parse()?)?;
//! }
//! assert_eq!(
//!     record.to_string(),
//!     "elephant,horse,boar,ox,crab ox:c5c4 horse:c1c2 boar:c4c3 elephant:b1a2"
//! );
//! record.undo();
//! assert_eq!(record.moves().len(), 3);
//! record.redo();
//! let again: GameRecord = "horse,elephant,ox,boar,crab ox:c5c4 horse:c1c2 boar:c4c3 elephant:b1a2".parse()?;
//! assert_eq!(again.position(), record.position());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::error::IllegalMoveError;
use crate::position::Position;
use crate::side::Side;

/// A game of Onitama from its start: moves, positions, undo and redo, repetitions, endings.
pub type GameRecord = abstract_game::record::GameRecord<Position>;

/// Why a record text was rejected.
pub type ParseRecordError = abstract_game::record::ParseRecordError<Position>;

/// Why [`GameRecord::play`](abstract_game::record::GameRecord::play) rejected a move.
pub type RecordPlayError = abstract_game::record::PlayError<IllegalMoveError, Side>;
