//! Error types: one per parser, one for illegal moves, one for game records.

use thiserror::Error;

use crate::card::Card;
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::side::Side;
use crate::square::Square;

/// Why a square text (`a1` .. `e5`) was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseSquareError {
    /// The text is not exactly two characters long.
    #[error(
        "a square is two characters (file a..e, rank 1..5, like \"c3\"), found {len} characters"
    )]
    Length {
        /// The number of characters found.
        len: usize,
    },
    /// The first character is not a file letter.
    #[error("expected a file letter a..e, found {ch:?}")]
    File {
        /// The offending character.
        ch: char,
    },
    /// The second character is not a rank digit.
    #[error("expected a rank digit 1..5, found {ch:?}")]
    Rank {
        /// The offending character.
        ch: char,
    },
}

/// A card name that is not one of the sixteen base-game cards.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown card {text:?}: expected one of the sixteen base-game card names, like \"tiger\"")]
#[non_exhaustive]
pub struct ParseCardError {
    /// The rejected text.
    pub text: String,
}

/// A side text that is not `red`, `blue`, `r` or `b`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid side {text:?}: expected \"r\" or \"b\" (or \"red\", \"blue\")")]
#[non_exhaustive]
pub struct ParseSideError {
    /// The rejected text.
    pub text: String,
}

/// A reason text that is not `stone`, `stream`, `way of the stone` or `way of the stream`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "unknown win reason {text:?}: expected \"stone\" or \"stream\" (or \"way of the stone\", \"way of the stream\")"
)]
#[non_exhaustive]
pub struct ParseWinReasonError {
    /// The rejected text.
    pub text: String,
}

/// Why a move text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// No `:` between the card and the squares.
    #[error("invalid move {text:?}: expected card:squares, like \"tiger:c1c3\" or \"tiger:pass\"")]
    MissingColon {
        /// The whole move text.
        text: String,
    },
    /// The part before the colon is not a card name.
    #[error("invalid move {text:?}: {source}")]
    Card {
        /// The whole move text.
        text: String,
        /// What was wrong with the card name.
        source: ParseCardError,
    },
    /// The part after the colon is neither two squares nor `pass`.
    #[error(
        "invalid move {text:?}: after the colon expected two squares like \"c1c3\" or \"pass\", found {squares:?}"
    )]
    Squares {
        /// The whole move text.
        text: String,
        /// The part after the colon.
        squares: String,
    },
    /// The origin and the destination are the same square; no card has such a move.
    #[error("invalid move {text:?}: the origin and the destination are the same square")]
    SameSquare {
        /// The whole move text.
        text: String,
    },
}

/// Why a deal text (`horse,elephant,ox,boar,crab`) was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseDealError {
    /// Not exactly five comma-separated names.
    #[error(
        "invalid deal {text:?}: expected five comma-separated card names (Red's two, Blue's two, the side card), found {found}"
    )]
    CardCount {
        /// The whole deal text.
        text: String,
        /// How many names were found.
        found: usize,
    },
    /// A name that is not a card.
    #[error("invalid deal: card {index} of 5: {source}")]
    Card {
        /// The position of the bad name, 1-based.
        index: usize,
        /// What was wrong with it.
        source: ParseCardError,
    },
    /// The same card twice.
    #[error(transparent)]
    Deal(#[from] DealError),
}

/// Why five cards do not form a deal.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DealError {
    /// A card appears more than once among the five.
    #[error("the card {card} appears more than once; a deal needs five different cards")]
    DuplicateCard {
        /// The repeated card.
        card: Card,
    },
}

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
