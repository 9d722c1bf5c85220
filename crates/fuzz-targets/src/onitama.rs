//! Onitama targets. Game targets start from a position chosen by the first input byte (community
//! set A, the forced-pass position of the rules, or a random deal seeded by the next eight bytes).

use crate::{Choices, check_moves_along_game, drive, records, round_trip};
use onitama_core::reference::RefPos;
use onitama_core::{Card, Deal, GameRecord, Move, Position, Side, Square};

/// The forced-pass position of the rules: Red to move and stuck.
pub const PASS_POSITION: &str = "MSSSS/5/2m2/5/5 boar,elephant monkey,tiger crab r";

fn start(choices: &mut Choices<'_>) -> Position {
    match choices.byte().unwrap_or(0) % 4 {
        0 => Position::start(),
        1 => PASS_POSITION.parse().unwrap_or_else(|_| Position::start()),
        _ => Position::from_deal(Deal::random(choices.u64())),
    }
}

/// An arbitrary (usually illegal) move from three bytes: card, from, to (or a pass).
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

/// Every parser (square, card, side, move, deal, position, record) on the input as text: whatever
/// parses prints back to its canonical form and parses again to an equal value.
///
/// # Panics
/// When a parsed value does not round-trip.
pub fn notation(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    round_trip::<Square>(&text);
    round_trip::<Card>(&text);
    round_trip::<Side>(&text);
    round_trip::<Move>(&text);
    round_trip::<Deal>(&text);
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
    let start = start(&mut choices);
    check_moves_along_game(start, &mut choices, arbitrary_move);
}

/// The incremental Zobrist key equals the key computed from scratch along a fuzzer-driven game.
///
/// # Panics
/// When the keys differ.
pub fn hash(data: &[u8]) {
    let mut choices = Choices::new(data);
    let start = start(&mut choices);
    drive(start, &mut choices, |pos| {
        assert_eq!(
            pos.zobrist(),
            pos.zobrist_from_scratch(),
            "incremental key differs at {pos}"
        );
    });
}

/// The fast generator agrees with the slow reference one (the sorted move texts, the outcome and
/// the count) along a fuzzer-driven game.
///
/// # Panics
/// When they disagree.
pub fn reference(data: &[u8]) {
    let mut choices = Choices::new(data);
    let start = start(&mut choices);
    drive(start, &mut choices, |pos| {
        let slow = RefPos::from_position(pos);
        let mut fast: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
        fast.sort();
        assert_eq!(fast, slow.moves(), "legal moves differ at {pos}");
        assert_eq!(pos.legal_move_count(), fast.len(), "count differs at {pos}");
        let outcome = pos
            .outcome()
            .map(|o| (o.winner.index(), o.reason.to_string()));
        let expected = slow.outcome().map(|(w, r)| (w, format!("way of the {r}")));
        assert_eq!(outcome, expected, "outcome differs at {pos}");
    });
}

/// JSON round trips of positions, moves and records along a fuzzer-driven game.
///
/// # Panics
/// When a value does not come back equal.
pub fn serde(data: &[u8]) {
    let mut choices = Choices::new(data);
    let start = start(&mut choices);
    records::serde::<GameRecord>(start, &mut choices);
}

/// Undo and redo in a game record return exactly to earlier positions: the input plays moves,
/// then undoes and redoes by its choices, checking each position against the history.
///
/// # Panics
/// When undo or redo reaches a position other than the one played there.
pub fn record(data: &[u8]) {
    let mut choices = Choices::new(data);
    let start = start(&mut choices);
    records::undo_redo::<GameRecord>(&start, &mut choices);
}
