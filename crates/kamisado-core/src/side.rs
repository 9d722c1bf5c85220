//! The two players ([`Side`]) and their pieces ([`Tower`]).

use alloc::borrow::ToOwned;
use alloc::string::String;
use core::fmt;
use core::ops::Not;
use core::str::FromStr;

use crate::bitboard::Bitboard;
use crate::colour::Colour;

/// A player: Black (home row 1, moves first) or Gold (home row 8).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Side {
    /// Black: starts on rank 1, moves towards rank 8, makes the first move.
    Black = 0,
    /// Gold: starts on rank 8, moves towards rank 1.
    Gold = 1,
}

impl Side {
    /// Both sides, Black first.
    pub const BOTH: [Side; 2] = [Side::Black, Side::Gold];

    /// The opponent.
    #[inline(always)]
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::Black => Side::Gold,
            Side::Gold => Side::Black,
        }
    }

    /// `0` for Black, `1` for Gold.
    #[inline(always)]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// This side's home row (rank 1 for Black, rank 8 for Gold), where its towers start.
    pub const fn home_row(self) -> Bitboard {
        match self {
            Side::Black => Bitboard::RANK_1,
            Side::Gold => Bitboard::RANK_8,
        }
    }

    /// The row this side must reach to win: the opponent's home row.
    pub const fn target_row(self) -> Bitboard {
        self.other().home_row()
    }

    /// The letter of the position notation: `b` or `g`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Side::Black => 'b',
            Side::Gold => 'g',
        }
    }

    /// The lowercase name, `"black"` or `"gold"` (the key used in machine output).
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Side::Black => "black",
            Side::Gold => "gold",
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
    /// The lowercase id, `black` or `gold` (as [`Side::id`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Side {
    type Err = ParseSideError;

    /// Parses `black`/`gold` (any case) or the letters `b`/`g`.
    fn from_str(s: &str) -> Result<Side, ParseSideError> {
        if s.eq_ignore_ascii_case("black") || s.eq_ignore_ascii_case("b") {
            Ok(Side::Black)
        } else if s.eq_ignore_ascii_case("gold") || s.eq_ignore_ascii_case("g") {
            Ok(Side::Gold)
        } else {
            Err(ParseSideError { text: s.to_owned() })
        }
    }
}

/// Why a side text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown side \"{text}\": expected black, gold, b or g")]
pub struct ParseSideError {
    /// The rejected text.
    pub text: String,
}

/// A tower: a side and a colour. Each side has exactly one tower of each colour.
///
/// In text a tower is its colour letter, uppercase for Black and lowercase for Gold
/// (`N` is Black's brown tower, `n` Gold's).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Tower {
    /// The owner.
    pub side: Side,
    /// The colour.
    pub colour: Colour,
}

impl Tower {
    /// The tower of `side` and `colour`.
    #[must_use]
    pub const fn new(side: Side, colour: Colour) -> Tower {
        Tower { side, colour }
    }

    /// The notation letter: uppercase for Black, lowercase for Gold.
    #[must_use]
    pub const fn letter(self) -> char {
        let c = self.colour.letter();
        match self.side {
            Side::Black => c.to_ascii_uppercase(),
            Side::Gold => c,
        }
    }

    /// The tower of a notation letter, or `None`.
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Tower> {
        let side = if letter.is_ascii_uppercase() {
            Side::Black
        } else {
            Side::Gold
        };
        match Colour::from_letter(letter.to_ascii_lowercase()) {
            Some(colour) => Some(Tower { side, colour }),
            None => None,
        }
    }
}

impl fmt::Display for Tower {
    /// The notation letter (`N`, `n`, ...).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Tower {
    type Err = ParseTowerError;

    /// Parses one notation letter.
    fn from_str(s: &str) -> Result<Tower, ParseTowerError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Tower::from_letter(c),
            _ => None,
        }
        .ok_or_else(|| ParseTowerError { text: s.to_owned() })
    }
}

/// Why a tower text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown tower \"{text}\": expected one colour letter, uppercase for Black (N G R Y K P B O) or lowercase for Gold"
)]
pub struct ParseTowerError {
    /// The rejected text.
    pub text: String,
}
