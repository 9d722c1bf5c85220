//! The errors about positions and moves: the position parser's, one for placements no game can
//! reach, and one for illegal moves. Each vocabulary type keeps its own parse error beside it
//! (`ParseSquareError` in `square`, `ParseCardError` in `card`, `ParseDealError` and `DealError`
//! in `deal`, `ParseMoveError` in `moves`, ...), so that this module sits above them all; the
//! game record and its errors are the generic ones of `abstract_game::record`.

use alloc::string::String;
use thiserror::Error;

use crate::card::{Card, ParseCardError};
use crate::deal::ParseDealError;
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::side::Side;
use crate::square::Square;

/// Why a position text was rejected: a syntax error in one of the five fields, or a position
/// that no game can reach ([`ParsePositionError::Invalid`]). Character positions (`index`) count
/// from 1 within the board field, the `/` separators included.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// Not exactly five space-separated fields.
    #[error(
        "invalid position: expected 5 fields separated by single spaces (board, Red's cards, Blue's cards, side card, side to move), found {found}"
    )]
    FieldCount {
        /// The number of fields found.
        found: usize,
    },
    /// The board field does not have five ranks separated by `/`.
    #[error("invalid board: expected 5 ranks separated by '/', found {found}")]
    RankCount {
        /// The number of ranks found.
        found: usize,
    },
    /// A character in the board field that is not `M`, `S`, `m`, `s` or a digit 1..5.
    #[error(
        "invalid board: rank {rank}: unexpected character {ch:?} at character {index} (expected M, S, m, s or a digit 1..5)"
    )]
    BoardChar {
        /// The rank (1..5) being read.
        rank: u8,
        /// The character's position in the board field, from 1.
        index: usize,
        /// The character.
        ch: char,
    },
    /// Two digits in a row in a rank (the canonical form merges empty squares into one digit).
    #[error(
        "invalid board: rank {rank}: two digits in a row at character {index}; write a run of empty squares as one digit"
    )]
    ConsecutiveDigits {
        /// The rank (1..5) being read.
        rank: u8,
        /// The second digit's position in the board field, from 1.
        index: usize,
    },
    /// A rank that does not describe exactly five squares.
    #[error("invalid board: rank {rank} describes {squares} squares instead of 5")]
    RankLength {
        /// The rank (1..5).
        rank: u8,
        /// How many squares the rank text describes.
        squares: usize,
    },
    /// A hand field that is not two comma-separated card names.
    #[error(
        "invalid position: {side}'s cards: expected two card names separated by a comma, found {text:?}"
    )]
    Hand {
        /// The side whose field is bad.
        side: Side,
        /// The field.
        text: String,
    },
    /// A card name that is not a card.
    #[error("invalid position: {field}: {source}")]
    Card {
        /// Which field: `"red's cards"`, `"blue's cards"` or `"side card"`.
        field: &'static str,
        /// What was wrong with it.
        source: ParseCardError,
    },
    /// The side-to-move field is not `r` or `b`.
    #[error("invalid position: side to move: expected \"r\" or \"b\", found {text:?}")]
    SideToMove {
        /// The field.
        text: String,
    },
    /// A game record's start that is a deal (one token without `/`) but not a valid one.
    #[error(transparent)]
    Deal(#[from] ParseDealError),
    /// The parsed position cannot occur in a game.
    #[error("invalid position: {0}")]
    Invalid(#[from] InvalidPositionError),
}

/// Why a placement of pieces and cards cannot occur in a game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum InvalidPositionError {
    /// The same card more than once among the five.
    #[error("the card {card} appears more than once; the five cards must be different")]
    DuplicateCard {
        /// The repeated card.
        card: Card,
    },
    /// A side has more than five pieces.
    #[error("{side} has {count} pieces; at most 5 (one Master and four Students)")]
    TooManyPieces {
        /// The side.
        side: Side,
        /// Its number of pieces.
        count: usize,
    },
    /// A side has more than four Students (Students never become Masters).
    #[error("{side} has {count} students; at most 4")]
    TooManyStudents {
        /// The side.
        side: Side,
        /// Its number of Students.
        count: usize,
    },
    /// A side has more than one Master.
    #[error("{side} has {count} masters; at most 1")]
    TooManyMasters {
        /// The side.
        side: Side,
        /// Its number of masters.
        count: usize,
    },
    /// Both Masters are missing: the game would have ended when the first was captured.
    #[error("both masters are missing; the game ends when the first one is captured")]
    BothMastersMissing,
    /// Both sides meet a winning condition (each Master on the opposing temple).
    #[error("both sides have won; the game ends at the first winning move")]
    BothWon,
    /// The game is over and the winner is the side to move, but a winning move hands the turn to
    /// the loser.
    #[error(
        "the game is over and the winner ({winner}) is to move; after a winning move the loser is to move"
    )]
    WinnerToMove {
        /// The winner.
        winner: Side,
    },
}

/// Why [`Position::play`](crate::Position::play) rejected a move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("illegal move {mv}: {reason}")]
#[non_exhaustive]
pub struct IllegalMoveError {
    /// The rejected move.
    pub mv: Move,
    /// Why it is illegal.
    pub reason: IllegalMoveReason,
}

/// The reason in an [`IllegalMoveError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum IllegalMoveReason {
    /// The game is already over.
    #[error("the game is over ({outcome})")]
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
    /// The side to move does not hold the card.
    #[error("{side} does not hold the card {card}")]
    CardNotInHand {
        /// The side to move.
        side: Side,
        /// The card named by the move.
        card: Card,
    },
    /// No piece of the side to move stands on the origin square.
    #[error("{side} has no piece on {square}")]
    NoOwnPiece {
        /// The side to move.
        side: Side,
        /// The origin square.
        square: Square,
    },
    /// The card does not lead from the origin to the destination (for the side to move).
    #[error("{card} does not lead from {from} to {to} for {side}")]
    NotOnCard {
        /// The side to move.
        side: Side,
        /// The card.
        card: Card,
        /// The origin.
        from: Square,
        /// The destination.
        to: Square,
    },
    /// A piece of the side to move already stands on the destination.
    #[error("{side} already has a piece on {square}")]
    OwnPieceThere {
        /// The side to move.
        side: Side,
        /// The destination.
        square: Square,
    },
    /// A pass while at least one move exists; passing is only allowed when no card gives a move.
    #[error("{side} cannot pass while a move exists")]
    PassWhileMoveExists {
        /// The side to move.
        side: Side,
    },
}
