//! [`GameRecord`]: a game from its start position, with undo and redo, and its text form.

use core::fmt;
use core::str::FromStr;

use crate::error::{IllegalMoveError, ParseMoveError, ParsePositionError};
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::position::Position;

/// A game: the start position, the moves played and every position reached, with undo and redo.
///
/// Each move is one turn, a zero-length move included, so [`GameRecord::undo`] takes back
/// exactly one ply. Undone moves can be replayed with [`GameRecord::redo`] until a different move
/// is played.
///
/// The text form (`Display`/`FromStr`) is the start position followed by the moves played so far,
/// separated by spaces (the redo tail is not part of it):
///
/// ```
/// use kamisado_core::{GameRecord, Side, WinReason};
///
/// let text = "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - - c1a3 b8h2 a3e7 h2h2 e7e7";
/// let mut game: GameRecord = text.parse()?;
/// let outcome = game.outcome().unwrap();
/// assert_eq!((outcome.winner, outcome.reason), (Side::Gold, WinReason::Deadlock));
/// assert_eq!(game.to_string(), text);
///
/// assert_eq!(game.undo().map(|m| m.to_string()).as_deref(), Some("e7e7"));
/// assert_eq!(game.position().to_string(), "o1pkyrgn/4R3/8/8/8/8/7b/NG1YKPBO b r b");
/// game.redo();
/// assert!(game.position().is_over());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameRecord {
    /// `positions[i]` is the position after `i` moves; `positions[0]` is the start.
    positions: Vec<Position>,
    /// Every move, the undone ones (redo tail) included.
    moves: Vec<Move>,
    /// How many moves are currently played.
    cursor: usize,
}

impl Default for GameRecord {
    fn default() -> GameRecord {
        GameRecord::new(Position::start())
    }
}

impl GameRecord {
    /// A record with no moves yet, starting from `start`.
    #[must_use]
    pub fn new(start: Position) -> GameRecord {
        GameRecord {
            positions: vec![start],
            moves: Vec::new(),
            cursor: 0,
        }
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position (after the moves played and not undone).
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.positions[self.cursor]
    }

    /// The moves played so far (not the undone ones).
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves[..self.cursor]
    }

    /// The positions from the start to the current one: one more than [`GameRecord::moves`].
    #[must_use]
    pub fn positions(&self) -> &[Position] {
        &self.positions[..=self.cursor]
    }

    /// The number of moves played (plies, zero-length moves included).
    #[must_use]
    pub fn ply(&self) -> usize {
        self.cursor
    }

    /// The outcome of the current position.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.position().outcome()
    }

    /// Plays `mv` in the current position. Any undone moves are forgotten.
    ///
    /// # Errors
    /// Returns why `mv` is illegal; the record is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        let next = self.position().after(mv)?;
        self.positions.truncate(self.cursor + 1);
        self.moves.truncate(self.cursor);
        self.positions.push(next);
        self.moves.push(mv);
        self.cursor += 1;
        Ok(())
    }

    /// Takes back the last move played (one ply) and returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        self.cursor = self.cursor.checked_sub(1)?;
        Some(self.moves[self.cursor])
    }

    /// Replays the last undone move and returns it, or `None` if there is none.
    pub fn redo(&mut self) -> Option<Move> {
        let mv = *self.moves.get(self.cursor)?;
        self.cursor += 1;
        Some(mv)
    }

    /// Whether a move can be undone.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    /// Whether an undone move can be replayed.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        self.cursor < self.moves.len()
    }
}

impl fmt::Display for GameRecord {
    /// The start position, then the moves played, separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.start())?;
        self.moves().iter().try_for_each(|mv| write!(f, " {mv}"))
    }
}

/// Why a move of a record was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordMoveError {
    /// The move text is malformed.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    /// The move is not legal in the position reached.
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
}

/// Why a record text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseRecordError {
    /// The start position (the first four fields) is invalid.
    #[error("start position: {0}")]
    Position(#[from] ParsePositionError),
    /// The first bad move.
    #[error("move {index} (\"{text}\"): {error}")]
    Move {
        /// Its number, counting from 1.
        index: usize,
        /// Its text.
        text: String,
        /// What is wrong with it.
        error: RecordMoveError,
    },
}

impl FromStr for GameRecord {
    type Err = ParseRecordError;

    /// Reads the start position (four fields) and replays the moves after it (any whitespace
    /// between tokens), stopping at the first malformed or illegal move.
    fn from_str(s: &str) -> Result<GameRecord, ParseRecordError> {
        let tokens: Vec<&str> = s.split_whitespace().collect();
        let split = tokens.len().min(4);
        let start: Position = tokens[..split].join(" ").parse()?;
        let mut record = GameRecord::new(start);
        for (i, text) in tokens[split..].iter().enumerate() {
            let fail = |error: RecordMoveError| ParseRecordError::Move {
                index: i + 1,
                text: (*text).to_owned(),
                error,
            };
            let mv: Move = text.parse().map_err(|e: ParseMoveError| fail(e.into()))?;
            record.play(mv).map_err(|e| fail(e.into()))?;
        }
        Ok(record)
    }
}
