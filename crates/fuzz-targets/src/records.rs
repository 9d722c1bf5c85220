//! The record and serde bodies, written once for both games' `GameRecord` types.

use crate::serde_json_bound::Json;
use crate::{Choices, json_round_trip};
use abstract_game::Game;
use core::fmt::{Debug, Display};

/// What the record and serde bodies need of a game record: play, undo, redo, the positions.
pub trait Record: Display + Json {
    /// The game's position.
    type Position: Game<Move = Self::Move> + Json + Display;
    /// The game's move.
    type Move: Copy + Debug + Display + Json + PartialEq;
    /// A record starting at `start`.
    fn new(start: Self::Position) -> Self;
    /// Plays a move; the error as text.
    ///
    /// # Errors
    /// The record's own error, as text.
    fn play(&mut self, mv: Self::Move) -> Result<(), String>;
    /// Takes back one move; false if there is none.
    fn undo(&mut self) -> bool;
    /// Plays an undone move again; false if there is none.
    fn redo(&mut self) -> bool;
    /// The current position.
    fn current(&self) -> Self::Position;
    /// The start position.
    fn first(&self) -> Self::Position;
    /// The number of moves played (and not undone).
    fn plies(&self) -> usize;
}

/// If `text` parses as a record, its canonical text parses back to a record with the same text
/// and the same current position.
///
/// # Panics
/// When a parsed record does not round-trip.
pub fn text_round_trip<R>(text: &str)
where
    R: Record + core::str::FromStr,
    R::Err: Display,
{
    let Ok(record) = text.parse::<R>() else {
        return;
    };
    let canonical = record.to_string();
    let again: R = canonical
        .parse()
        .unwrap_or_else(|e| panic!("record {canonical:?} does not parse back: {e}"));
    assert_eq!(again.to_string(), canonical, "record text is not canonical");
    assert_eq!(again.current(), record.current());
}

/// JSON round trips of every position and legal move along a game driven by `choices`, then of
/// the whole record.
///
/// # Panics
/// When a value does not come back equal.
pub fn serde<R: Record>(start: R::Position, choices: &mut Choices<'_>) {
    let mut record = R::new(start);
    loop {
        let pos = record.current();
        json_round_trip(&pos);
        let moves = pos.legal_moves();
        for &mv in moves.as_ref() {
            json_round_trip(&mv);
        }
        let Some(i) = choices.index(moves.as_ref().len()) else {
            break;
        };
        let Some(&mv) = moves.as_ref().get(i) else {
            break;
        };
        record
            .play(mv)
            .unwrap_or_else(|e| panic!("record rejects {mv}: {e}"));
    }
    let text = serde_json::to_string(&record).unwrap_or_else(|e| panic!("record: {e}"));
    let back: R = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(
        back.to_string(),
        record.to_string(),
        "record JSON {text} comes back different"
    );
    assert_eq!(back.current(), record.current());
}

/// Plays, undoes and redoes as `choices` say, checking after each step that the record stands on
/// the position played at that ply (a pass is one turn, undone as one).
///
/// # Panics
/// When undo or redo reaches a position other than the one played there.
pub fn undo_redo<R: Record>(start: &R::Position, choices: &mut Choices<'_>) {
    let mut history = vec![start.clone()];
    let mut record = R::new(start.clone());
    let mut ply = 0usize;
    while let Some(action) = choices.byte() {
        match action % 4 {
            0 => {
                if record.undo() {
                    ply -= 1;
                } else {
                    assert_eq!(ply, 0, "undo refused with moves to undo");
                }
            }
            1 => {
                if record.redo() {
                    ply += 1;
                }
            }
            _ => {
                let pos = record.current();
                let moves = pos.legal_moves();
                let Some(i) = choices.index(moves.as_ref().len().max(1)) else {
                    break;
                };
                let Some(&mv) = moves.as_ref().get(i) else {
                    continue;
                };
                record
                    .play(mv)
                    .unwrap_or_else(|e| panic!("record rejects {mv}: {e}"));
                history.truncate(ply + 1);
                history.push(pos.after_unchecked(mv));
                ply += 1;
            }
        }
        assert_eq!(
            record.current(),
            history[ply],
            "record is off its history at ply {ply}"
        );
        assert_eq!(record.plies(), ply);
        assert_eq!(&record.first(), start);
    }
}

impl Record for kamisado_core::GameRecord {
    type Position = kamisado_core::Position;
    type Move = kamisado_core::Move;
    fn new(start: Self::Position) -> Self {
        kamisado_core::GameRecord::new(start)
    }
    fn play(&mut self, mv: Self::Move) -> Result<(), String> {
        kamisado_core::GameRecord::play(self, mv).map_err(|e| e.to_string())
    }
    fn undo(&mut self) -> bool {
        kamisado_core::GameRecord::undo(self).is_some()
    }
    fn redo(&mut self) -> bool {
        kamisado_core::GameRecord::redo(self).is_some()
    }
    fn current(&self) -> Self::Position {
        *self.position()
    }
    fn first(&self) -> Self::Position {
        *self.start()
    }
    fn plies(&self) -> usize {
        self.moves().len()
    }
}

impl Record for onitama_core::GameRecord {
    type Position = onitama_core::Position;
    type Move = onitama_core::Move;
    fn new(start: Self::Position) -> Self {
        onitama_core::GameRecord::new(start)
    }
    fn play(&mut self, mv: Self::Move) -> Result<(), String> {
        onitama_core::GameRecord::play(self, mv).map_err(|e| e.to_string())
    }
    fn undo(&mut self) -> bool {
        onitama_core::GameRecord::undo(self).is_some()
    }
    fn redo(&mut self) -> bool {
        onitama_core::GameRecord::redo(self).is_some()
    }
    fn current(&self) -> Self::Position {
        self.position()
    }
    fn first(&self) -> Self::Position {
        self.start()
    }
    fn plies(&self) -> usize {
        self.moves().len()
    }
}
