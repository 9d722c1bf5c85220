//! Kamisado targets. Game targets start from the start position; the input chooses the moves.

use crate::{Choices, check_moves_along_game, drive, records, round_trip};
use kamisado_core::reference::RefPos;
use kamisado_core::{Colour, GameRecord, Move, Position, Side, Square, Tower};

/// An arbitrary (usually illegal) move from two bytes: origin and destination squares.
fn arbitrary_move(choices: &mut Choices<'_>) -> Option<Move> {
    let from = Square::from_index(usize::from(choices.byte()? % 64))?;
    let to = Square::from_index(usize::from(choices.byte()? % 64))?;
    Some(Move::new(from, to))
}

/// Every parser (square, colour, side, tower, move, position, record) on the input as text:
/// whatever parses prints back to its canonical form and parses again to an equal value.
///
/// # Panics
/// When a parsed value does not round-trip.
pub fn notation(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    round_trip::<Square>(&text);
    round_trip::<Colour>(&text);
    round_trip::<Side>(&text);
    round_trip::<Tower>(&text);
    round_trip::<Move>(&text);
    round_trip::<Position>(&text);
    records::text_round_trip::<GameRecord>(&text);
}

/// Along a fuzzer-driven game: every listed move is legal, and arbitrary moves are accepted exactly
/// when listed, a rejected one leaving the position unchanged.
///
/// # Panics
/// When the move generator and `play` disagree.
pub fn moves(data: &[u8]) {
    let mut choices = Choices::new(data);
    let start = Position::start();
    check_moves_along_game(start, &mut choices, arbitrary_move);
}

/// The incremental Zobrist key equals the key computed from scratch along a fuzzer-driven game.
///
/// # Panics
/// When the keys differ.
pub fn hash(data: &[u8]) {
    drive(Position::start(), &mut Choices::new(data), |pos| {
        assert_eq!(
            pos.zobrist(),
            pos.zobrist_from_scratch(),
            "incremental key differs at {pos}"
        );
    });
}

/// The fast generator agrees with the slow reference one (sorted move texts, count, outcome and
/// position text) along a fuzzer-driven game.
///
/// # Panics
/// When they disagree.
pub fn reference(data: &[u8]) {
    let mut choices = Choices::new(data);
    let mut pos = Position::start();
    let mut slow = RefPos::start();
    loop {
        let mut fast: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
        fast.sort();
        assert_eq!(fast, slow.legal_moves(), "legal moves differ at {pos}");
        assert_eq!(pos.legal_move_count(), fast.len(), "count differs at {pos}");
        assert_eq!(pos.to_string(), slow.text(), "position text differs");
        let outcome = pos.outcome().map(|o| (o.winner.index(), o.reason.id()));
        assert_eq!(outcome, slow.outcome, "outcome differs at {pos}");
        let moves = pos.legal_moves();
        let Some(i) = choices.index(moves.len().max(1)) else {
            break;
        };
        let Some(&mv) = moves.get(i) else { break };
        pos.play_unchecked(mv);
        slow.play(&mv.to_string());
    }
}

/// JSON round trips of positions, moves and records along a fuzzer-driven game.
///
/// # Panics
/// When a value does not come back equal.
pub fn serde(data: &[u8]) {
    records::serde::<GameRecord>(Position::start(), &mut Choices::new(data));
}

/// Undo and redo in a game record return exactly to earlier positions: the input plays moves,
/// then undoes and redoes by its choices, checking each position against the history. A
/// zero-length move is one turn, undone as one.
///
/// # Panics
/// When undo or redo reaches a position other than the one played there.
pub fn record(data: &[u8]) {
    records::undo_redo::<GameRecord>(&Position::start(), &mut Choices::new(data));
}
