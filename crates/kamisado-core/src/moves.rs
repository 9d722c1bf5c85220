//! [`Move`], the fixed-capacity [`MoveList`] and [`MoveField`].

use alloc::borrow::ToOwned;
use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;

use crate::square::{ParseSquareError, Square};

/// A move: the tower on `from` goes to `to`.
///
/// A **zero-length move** (the required tower is blocked and stays where it is) has
/// `from == to`; its text repeats the square (`h2h2`). Either way, the colour of `to` names the
/// opponent's next tower.
///
/// ```
/// use kamisado_core::{Move, Square};
///
/// let mv: Move = "c1a3".parse()?;
/// assert_eq!(mv, Move::new(Square::C1, Square::A3));
/// assert_eq!("C1-A3".parse::<Move>()?, mv); // tolerated input
/// assert!("h2h2".parse::<Move>()?.is_zero_length());
/// # Ok::<(), kamisado_core::ParseMoveError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// The square the tower leaves.
    pub from: Square,
    /// The square the tower ends on (equal to `from` for a zero-length move).
    pub to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    #[inline(always)]
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The zero-length move of the tower on `sq`.
    #[must_use]
    pub const fn zero_length(sq: Square) -> Move {
        Move { from: sq, to: sq }
    }

    /// Whether the tower stays on its square (a blocked tower's turn).
    #[inline(always)]
    #[must_use]
    pub const fn is_zero_length(self) -> bool {
        self.from.index() == self.to.index()
    }

    /// How many values [`Move::index`] takes: 64 origins × 64 destinations.
    pub const INDEX_BOUND: usize = 64 * 64;

    /// The move as a number below [`Move::INDEX_BOUND`], different for different moves: for
    /// tables indexed by move, and cheap comparisons.
    ///
    /// ```
    /// use kamisado_core::Move;
    ///
    /// let mv: Move = "a1a3".parse()?;
    /// let back: Move = "a3a1".parse()?;
    /// assert!(mv.index() < Move::INDEX_BOUND);
    /// assert_ne!(mv.index(), back.index());
    /// # Ok::<(), kamisado_core::ParseMoveError>(())
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn index(self) -> usize {
        self.from.index() * 64 + self.to.index()
    }
}

impl fmt::Display for Move {
    /// Origin then destination, `c1a3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Which square of a move text was bad.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveField {
    /// The first square.
    Origin,
    /// The second square.
    Destination,
}

impl fmt::Display for MoveField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveField::Origin => "origin",
            MoveField::Destination => "destination",
        })
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Parses `c1a3`; also accepts `c1-a3` and uppercase letters.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let len = s.chars().count();
        if len != 4 && len != 5 {
            return Err(ParseMoveError::Length {
                text: s.to_owned(),
                len,
            });
        }
        let chars: ArrayVec<char, 5> = s.chars().collect();
        let (a, b) = match chars.len() {
            4 => ((chars[0], chars[1]), (chars[2], chars[3])),
            5 if chars[2] == '-' => ((chars[0], chars[1]), (chars[3], chars[4])),
            // A file letter where the hyphen goes: four characters of a move and one more
            // (`c1a3 `), not a wrong separator.
            5 if chars[2].is_ascii_alphabetic() => {
                return Err(ParseMoveError::Length {
                    text: s.to_owned(),
                    len,
                });
            }
            5 => {
                return Err(ParseMoveError::Separator {
                    text: s.to_owned(),
                    ch: chars[2],
                });
            }
            len => {
                return Err(ParseMoveError::Length {
                    text: s.to_owned(),
                    len,
                });
            }
        };
        let square = |(f, r): (char, char), field| {
            Square::from_chars(f, r).map_err(|source| ParseMoveError::Square {
                text: s.to_owned(),
                field,
                source,
            })
        };
        Ok(Move::new(
            square(a, MoveField::Origin)?,
            square(b, MoveField::Destination)?,
        ))
    }
}

/// Why a move text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// Not four characters (five with a hyphen).
    #[error(
        "move \"{text}\": expected origin and destination squares such as c1a3 (or c1-a3), found {len} characters"
    )]
    Length {
        /// The rejected text.
        text: String,
        /// Its number of characters.
        len: usize,
    },
    /// The separator of a five-character move is not a hyphen.
    #[error("move \"{text}\": expected '-' between the squares, found '{ch}'")]
    Separator {
        /// The rejected text.
        text: String,
        /// The character found instead of `-`.
        ch: char,
    },
    /// One of the squares is malformed.
    #[error("move \"{text}\": bad {field} square: {source}")]
    Square {
        /// The rejected text.
        text: String,
        /// Which square.
        field: MoveField,
        /// What is wrong with it.
        source: ParseSquareError,
    },
}

/// The most legal moves any position can have: 102, reached only by the start position.
///
/// Free choice of tower happens only on the first move of the game ([`crate::Position::from_parts`],
/// and so the position parser, accepts no required colour only for the start position), and the
/// start position has 102 moves. Every
/// other position moves one tower, which has at most 14 destinations: at most 7 straight ahead,
/// and at most 7 on its two forward diagonals together (on each rank ahead the two diagonal
/// squares lie on opposite sides of the tower's file, so together the diagonals are at most as
/// long as the board is wide minus one).
pub const MAX_LEGAL_MOVES: usize = 102;

/// The most destinations a single tower can have: 14.
pub const MAX_TOWER_MOVES: usize = 14;

/// A list of legal moves that lives on the stack (no allocation).
pub type MoveList = ArrayVec<Move, MAX_LEGAL_MOVES>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_has_its_own_index_below_the_bound() {
        let mut seen = alloc::vec![None; Move::INDEX_BOUND];
        for from in Square::ALL {
            for to in Square::ALL {
                let mv = Move::new(from, to);
                let i = mv.index();
                assert!(i < Move::INDEX_BOUND, "{mv} has index {i}");
                assert_eq!(seen[i].replace(mv), None, "{mv} shares the index {i}");
            }
        }
        assert!(
            seen.iter().all(Option::is_some),
            "every index is some move's"
        );
    }
}
