//! The errors about positions and moves: the position parser's, one for positions no game can
//! reach, and one for illegal moves. Each vocabulary type keeps its own parse error beside it
//! (`ParseSquareError` in `square`, `ParseMoveError` in `moves`, ...), so that this module sits
//! above them all; the game record and its errors are the generic ones of
//! `abstract_game::record`.

use crate::colour::Colour;
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::side::{Side, Tower};
use crate::square::Square;
use alloc::string::String;

/// Why a position text was rejected: a syntax error in one of the four fields, or
/// ([`ParsePositionError::Invalid`]) a well-formed text of a position that no game can reach.
/// Character positions (`index`) count from 1 within the field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// Not four fields separated by single spaces.
    #[error(
        "expected 4 fields separated by single spaces (board, side to move, required colour, chain), found {found}"
    )]
    FieldCount {
        /// The number of fields found.
        found: usize,
    },
    /// The board does not have eight ranks.
    #[error("board field: expected 8 ranks separated by '/', found {found}")]
    RankCount {
        /// The number of ranks found.
        found: usize,
    },
    /// A character that is neither a tower letter nor a digit 1..8.
    #[error(
        "board field, rank {rank}: unexpected character '{ch}' at character {index} (expected a tower letter NGRYKPBO/ngrykpbo or a digit 1..8)"
    )]
    BoardChar {
        /// The rank (1..8) being read.
        rank: u8,
        /// The character's position in the board field, from 1.
        index: usize,
        /// The character.
        ch: char,
    },
    /// Two digits in a row (the canonical text merges empty squares into one digit).
    #[error("board field, rank {rank}: two digits in a row at character {index}")]
    ConsecutiveDigits {
        /// The rank (1..8) being read.
        rank: u8,
        /// The second digit's position in the board field, from 1.
        index: usize,
    },
    /// A rank that does not describe exactly eight squares.
    #[error("board field, rank {rank}: describes {squares} squares instead of 8")]
    RankLength {
        /// The rank (1..8).
        rank: u8,
        /// The number of squares described (counted up to the first excess).
        squares: usize,
    },
    /// The side-to-move field is not `b` or `g`.
    #[error("side-to-move field: expected 'b' or 'g', found \"{text}\"")]
    SideToMove {
        /// The field's text.
        text: String,
    },
    /// The required-colour field is not a colour letter or `-`.
    #[error(
        "required-colour field: expected a colour letter (n g r y k p b o) or '-', found \"{text}\""
    )]
    Required {
        /// The field's text.
        text: String,
    },
    /// A chain character that is not a colour letter (or a `-` that is not alone).
    #[error(
        "chain field: expected '-' or colour letters (n g r y k p b o), found '{ch}' at character {index}"
    )]
    ChainChar {
        /// Its position in the chain field, from 1.
        index: usize,
        /// The character.
        ch: char,
    },
    /// An empty chain field (a trailing space).
    #[error("chain field: empty (write '-' for no chain)")]
    ChainEmpty,
    /// The text is well formed, but no game reaches the position it describes.
    #[error("invalid position: {0}")]
    Invalid(#[from] InvalidPositionError),
}

/// Why the parts given to [`crate::Position::from_parts`] (or read from a position text) describe
/// a position that no game can reach.
///
/// Chain states are numbered from 1, oldest first; this is also the character position of the
/// state's colour letter in the chain field of the position text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum InvalidPositionError {
    /// A tower stands on two squares.
    #[error("board: tower '{tower}' stands on both {first} and {second}")]
    DuplicateTower {
        /// The tower.
        tower: Tower,
        /// The square of lower index.
        first: Square,
        /// The square of higher index.
        second: Square,
    },
    /// A side does not have exactly eight towers.
    #[error("board: {side} has {count} towers instead of 8")]
    TowerCount {
        /// The side.
        side: Side,
        /// How many towers it has.
        count: usize,
    },
    /// A chain without a required colour (the free first move has no chain).
    #[error("chain: must be empty when no colour is required (the free first move)")]
    ChainWithoutRequired,
    /// A free choice of tower (no required colour) anywhere but in the start position.
    #[error(
        "required colour: a free choice of tower is only valid for the first move, in the start position with black to move"
    )]
    FreeChoiceNotAtStart,
    /// More than one tower on the opposing home row: only the first could arrive.
    #[error("board: more than one tower stands on its opponent's home row")]
    SeveralWinners,
    /// A home-row win with the winner to move.
    #[error("side to move: {winner} has won on the home row, so {} is to move", winner.other())]
    HomeRowSide {
        /// The side with a tower on the opposing home row.
        winner: Side,
    },
    /// A home-row win whose required colour is not that of the winning square.
    #[error(
        "required colour: after the winning move to {square} the required colour is {expected}"
    )]
    HomeRowRequired {
        /// The winning tower's square.
        square: Square,
        /// Its colour.
        expected: Colour,
    },
    /// A home-row win with a zero-length chain.
    #[error("chain: the last move won on the home row, so the chain must be empty")]
    HomeRowChain,
    /// A state of the chain repeats an earlier one (only the current state may, in a deadlock).
    #[error("chain state {index}: the state ({side} to move {colour}) repeats an earlier state")]
    ChainRepeat {
        /// The repeated state's number, from 1.
        index: usize,
        /// The state's side.
        side: Side,
        /// The state's colour.
        colour: Colour,
    },
    /// A chain state whose tower could move, so it made no zero-length move.
    #[error(
        "chain state {index}: {side}'s {colour} tower on {square} can move, so it did not make a zero-length move"
    )]
    ChainNotBlocked {
        /// The state's number, from 1.
        index: usize,
        /// The state's side.
        side: Side,
        /// The state's colour.
        colour: Colour,
        /// Where that tower stands.
        square: Square,
    },
    /// A chain state whose tower does not stand on a square of the next state's colour.
    #[error(
        "chain state {index}: {side}'s {colour} tower stands on {square}, a {found} square, but the next state requires {expected}"
    )]
    ChainColour {
        /// The state's number, from 1.
        index: usize,
        /// The state's side.
        side: Side,
        /// The state's colour.
        colour: Colour,
        /// Where that tower stands.
        square: Square,
        /// The colour of that square.
        found: Colour,
        /// The colour of the next state.
        expected: Colour,
    },
}

/// Why a move was rejected by [`crate::Position::play`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv}: {reason}")]
pub struct IllegalMoveError {
    /// The rejected move.
    pub mv: Move,
    /// Why it is illegal.
    pub reason: IllegalMoveReason,
}

/// The rule a rejected move breaks. Checked in the order of the variants.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMoveReason {
    /// The game is already over.
    #[error("the game is over ({outcome})")]
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
    /// No tower stands on the origin square.
    #[error("there is no tower on {square}")]
    NoTower {
        /// The origin.
        square: Square,
    },
    /// The tower on the origin belongs to the opponent.
    #[error("the tower on {square} belongs to {owner}, but it is {to_move}'s turn")]
    NotYourTower {
        /// The origin.
        square: Square,
        /// The owner of that tower.
        owner: Side,
        /// The side to move.
        to_move: Side,
    },
    /// Another tower must move.
    #[error("the {required} tower on {square} must move, not the {found} one")]
    WrongTower {
        /// The colour of the tower that must move.
        required: Colour,
        /// Where that tower stands.
        square: Square,
        /// The colour of the tower on the origin.
        found: Colour,
    },
    /// The destination is not ahead of the origin (sideways or backwards).
    #[error("towers only move forward, and {to} is not ahead of {from}")]
    NotForward {
        /// The origin.
        from: Square,
        /// The destination.
        to: Square,
    },
    /// The destination is ahead but not on a straight or diagonal line.
    #[error("{to} is not on a straight or diagonal line from {from}")]
    NotOnLine {
        /// The origin.
        from: Square,
        /// The destination.
        to: Square,
    },
    /// A tower stands between origin and destination.
    #[error("the path is blocked by the tower on {square}")]
    PathBlocked {
        /// The first occupied square on the way.
        square: Square,
    },
    /// A tower stands on the destination.
    #[error("the destination {square} is occupied")]
    Occupied {
        /// The destination.
        square: Square,
    },
    /// A zero-length move while the tower can move.
    #[error(
        "a zero-length move is only allowed when the tower is blocked, and this one has {count} destination(s)"
    )]
    ZeroLengthNotForced {
        /// How many destinations the tower has.
        count: usize,
    },
}
