//! The Kamisado game record: [`abstract_game::record::GameRecord`] of [`Position`].
//!
//! One record type serves every game of the workspace; this module names it for Kamisado. Each
//! move is one turn, a zero-length move included, so `undo` takes back exactly one ply. The text
//! form is the start position followed by the moves (and a final `draw`, `resign:<side>` or
//! `abandoned` token when the players ended the game), separated by spaces:
//!
//! ```
//! use kamisado_core::{GameRecord, Side, WinReason};
//!
//! let text = "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - - c1a3 b8h2 a3e7 h2h2 e7e7";
//! let mut game: GameRecord = text.parse()?;
//! let outcome = game.outcome().unwrap();
//! assert_eq!((outcome.winner(), outcome.reason()), (Some(Side::Gold), WinReason::Deadlock));
//! assert_eq!(game.to_string(), text);
//!
//! assert_eq!(game.undo().map(|m| m.to_string()).as_deref(), Some("e7e7"));
//! assert_eq!(game.position().to_string(), "o1pkyrgn/4R3/8/8/8/8/7b/NG1YKPBO b r b");
//! game.redo();
//! assert!(game.position().is_over());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::error::IllegalMoveError;
use crate::position::Position;
use crate::side::Side;

/// A game of Kamisado from its start position: moves, positions, undo and redo, endings.
pub type GameRecord = abstract_game::record::GameRecord<Position>;

/// Why a record text was rejected.
pub type ParseRecordError = abstract_game::record::ParseRecordError<Position>;

/// Why [`GameRecord::play`](abstract_game::record::GameRecord::play) rejected a move.
pub type RecordPlayError = abstract_game::record::PlayError<IllegalMoveError, Side>;
