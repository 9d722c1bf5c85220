//! The two players and the two kinds of piece.

use alloc::borrow::ToOwned;
use alloc::string::String;
use core::fmt;
use core::ops::Not;
use core::str::FromStr;

use thiserror::Error;

use crate::square::Square;

/// A player: Red sits at rank 1, Blue at rank 5.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Side {
    /// The player at rank 1 (uppercase letters in notation).
    Red = 0,
    /// The player at rank 5 (lowercase letters in notation).
    Blue = 1,
}

impl Side {
    /// Both sides, Red first.
    pub const BOTH: [Side; 2] = [Side::Red, Side::Blue];

    /// The opponent.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::Red => Side::Blue,
            Side::Blue => Side::Red,
        }
    }

    /// `0` for Red, `1` for Blue.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// This side's temple: the square its Master starts on (`c1` for Red, `c5` for Blue).
    /// The opponent's Master on it wins by the Way of the Stream.
    #[must_use]
    pub const fn temple(self) -> Square {
        match self {
            Side::Red => Square::C1,
            Side::Blue => Square::C5,
        }
    }

    /// The stable lowercase name: `"red"` or `"blue"`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Side::Red => "red",
            Side::Blue => "blue",
        }
    }

    /// The letter of the position notation: `r` or `b`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Side::Red => 'r',
            Side::Blue => 'b',
        }
    }
}

impl Not for Side {
    type Output = Side;
    fn not(self) -> Side {
        self.other()
    }
}

impl fmt::Display for Side {
    /// `red` or `blue`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Side {
    type Err = ParseSideError;

    /// Accepts `red`/`blue` and the letters `r`/`b`, in any case.
    fn from_str(s: &str) -> Result<Side, ParseSideError> {
        match s.to_ascii_lowercase().as_str() {
            "red" | "r" => Ok(Side::Red),
            "blue" | "b" => Ok(Side::Blue),
            _ => Err(ParseSideError { text: s.to_owned() }),
        }
    }
}

/// A side text that is not `red`, `blue`, `r` or `b`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid side {text:?}: expected \"r\" or \"b\" (or \"red\", \"blue\")")]
#[non_exhaustive]
pub struct ParseSideError {
    /// The rejected text.
    pub text: String,
}

/// The kind of a piece. Both kinds move with the same cards; only the Master decides the game.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Piece {
    /// The Master: losing it loses the game, and bringing it to the opposing temple wins.
    Master = 0,
    /// A Student.
    Student = 1,
}

impl Piece {
    /// `0` for the Master, `1` for a Student.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter of the position notation for this piece of `side`: `M`, `S` for Red and `m`,
    /// `s` for Blue.
    #[must_use]
    pub const fn letter(self, side: Side) -> char {
        match (self, side) {
            (Piece::Master, Side::Red) => 'M',
            (Piece::Student, Side::Red) => 'S',
            (Piece::Master, Side::Blue) => 'm',
            (Piece::Student, Side::Blue) => 's',
        }
    }

    /// The side and kind of a notation letter (`M`, `S`, `m`, `s`).
    #[must_use]
    pub const fn from_letter(c: char) -> Option<(Side, Piece)> {
        match c {
            'M' => Some((Side::Red, Piece::Master)),
            'S' => Some((Side::Red, Piece::Student)),
            'm' => Some((Side::Blue, Piece::Master)),
            's' => Some((Side::Blue, Piece::Student)),
            _ => None,
        }
    }
}

impl fmt::Display for Piece {
    /// `master` or `student`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Piece::Master => "master",
            Piece::Student => "student",
        })
    }
}
