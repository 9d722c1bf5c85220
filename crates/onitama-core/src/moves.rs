//! Moves: a card and a step, or the forced pass that gives a card away.

use alloc::borrow::ToOwned;
use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;
use thiserror::Error;

use crate::card::{Card, ParseCardError};
use crate::square::{ParseSquareError, Square};

/// A move of Onitama: always a card, which then goes to the side card.
///
/// Text form: `tiger:c1c3` for a step, `tiger:pass` for the forced pass that gives the tiger
/// away. Two different cards leading to the same step are two different moves.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Move {
    /// Move the piece on `from` to `to` with `card`, capturing an opposing piece there.
    Step {
        /// The card used; it becomes the side card (unless the move wins).
        card: Card,
        /// The origin square.
        from: Square,
        /// The destination square.
        to: Square,
    },
    /// The forced pass: nothing moves on the board, `card` is given away as in a step. Only legal
    /// when no step exists.
    Pass {
        /// The card given away.
        card: Card,
    },
}

impl Move {
    /// A step with `card` from `from` to `to`.
    #[must_use]
    pub const fn step(card: Card, from: Square, to: Square) -> Move {
        Move::Step { card, from, to }
    }

    /// The forced pass giving `card` away.
    #[must_use]
    pub const fn pass(card: Card) -> Move {
        Move::Pass { card }
    }

    /// The card the move uses (or gives away).
    #[must_use]
    pub const fn card(self) -> Card {
        match self {
            Move::Step { card, .. } | Move::Pass { card } => card,
        }
    }

    /// Whether this is a forced pass.
    #[must_use]
    pub const fn is_pass(self) -> bool {
        matches!(self, Move::Pass { .. })
    }

    /// The origin square of a step.
    #[must_use]
    pub const fn from(self) -> Option<Square> {
        match self {
            Move::Step { from, .. } => Some(from),
            Move::Pass { .. } => None,
        }
    }

    /// The destination square of a step.
    #[must_use]
    pub const fn to(self) -> Option<Square> {
        match self {
            Move::Step { to, .. } => Some(to),
            Move::Pass { .. } => None,
        }
    }

    /// A bound on the values of [`Move::index`]: a step's card, origin and destination in 4, 5
    /// and 5 bits (16 × 32 × 32, not every value used), then 16 passes.
    pub const INDEX_BOUND: usize = 16 * 1024 + 16;

    /// The move as a number below [`Move::INDEX_BOUND`], different for different moves: for
    /// tables indexed by move, and cheap comparisons. A step's card, origin and destination are
    /// packed into bits (shifts, no multiplications: a search numbers millions of moves).
    ///
    /// ```
    /// use onitama_core::{Card, Move, Square};
    ///
    /// let a1 = Square::new(0, 0).unwrap();
    /// let a2 = Square::new(0, 1).unwrap();
    /// let step = Move::step(Card::Tiger, a1, a2);
    /// assert!(step.index() < Move::INDEX_BOUND);
    /// assert_ne!(step.index(), Move::step(Card::Tiger, a2, a1).index());
    /// assert_ne!(step.index(), Move::pass(Card::Tiger).index());
    /// ```
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Move::Step { card, from, to } => card.index() << 10 | from.index() << 5 | to.index(),
            Move::Pass { card } => 16 << 10 | card.index(),
        }
    }
}

impl fmt::Display for Move {
    /// `tiger:c1c3` or `tiger:pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Step { card, from, to } => write!(f, "{card}:{from}{to}"),
            Move::Pass { card } => write!(f, "{card}:pass"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Parses `card:c1c3` or `card:pass`; card names and squares may be in any case.
    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        let Some((name, rest)) = text.split_once(':') else {
            return Err(ParseMoveError::MissingColon {
                text: text.to_owned(),
            });
        };
        let card = name
            .parse::<Card>()
            .map_err(|source| ParseMoveError::Card {
                text: text.to_owned(),
                source,
            })?;
        // Only the canonical keyword: the format tolerates uppercase in cards and squares only.
        if rest == "pass" {
            return Ok(Move::Pass { card });
        }
        let bad = || ParseMoveError::Squares {
            text: text.to_owned(),
            squares: rest.to_owned(),
        };
        // Four characters but the keyword in another case (`PASS`): not two bad squares.
        if rest.len() != 4 || !rest.is_char_boundary(2) || rest.eq_ignore_ascii_case("pass") {
            return Err(bad());
        }
        let square = |at: &str, field| {
            at.parse::<Square>()
                .map_err(|source| ParseMoveError::Square {
                    text: text.to_owned(),
                    field,
                    source,
                })
        };
        let from = square(&rest[..2], MoveField::Origin)?;
        let to = square(&rest[2..], MoveField::Destination)?;
        if from == to {
            return Err(ParseMoveError::SameSquare {
                text: text.to_owned(),
            });
        }
        Ok(Move::Step { card, from, to })
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
    /// The part after the colon is neither four characters (two squares) nor `pass`.
    #[error(
        "invalid move {text:?}: after the colon expected two squares like \"c1c3\" or \"pass\", found {squares:?}"
    )]
    Squares {
        /// The whole move text.
        text: String,
        /// The part after the colon.
        squares: String,
    },
    /// One of the two squares after the colon is malformed.
    #[error("invalid move {text:?}: bad {field} square: {source}")]
    Square {
        /// The whole move text.
        text: String,
        /// Which square.
        field: MoveField,
        /// What was wrong with it.
        source: ParseSquareError,
    },
    /// The origin and the destination are the same square; no card has such a move.
    #[error("invalid move {text:?}: the origin and the destination are the same square")]
    SameSquare {
        /// The whole move text.
        text: String,
    },
}

/// The largest number of legal moves in any position: 5 pieces × 2 cards × 4 destinations.
///
/// No card has more than four destinations, so this bound cannot be exceeded; a test checks that
/// it is also reached (by two four-destination cards and five well-spread pieces).
pub const MAX_LEGAL_MOVES: usize = 40;

/// The legal moves of a position: a fixed-capacity list that needs no heap allocation.
pub type MoveList = ArrayVec<Move, MAX_LEGAL_MOVES>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_has_its_own_index_below_the_bound() {
        let mut seen = alloc::vec![None; Move::INDEX_BOUND];
        let mut moves = alloc::vec::Vec::new();
        for card in Card::ALL {
            moves.push(Move::pass(card));
            for from in Square::ALL {
                for to in Square::ALL {
                    moves.push(Move::step(card, from, to));
                }
            }
        }
        // Every move (16 cards, 25 × 25 steps and a pass each), numbered apart; not every
        // number below the bound is used.
        assert_eq!(moves.len(), 16 * 25 * 25 + 16);
        for mv in moves {
            let i = mv.index();
            assert!(i < Move::INDEX_BOUND, "{mv} has index {i}");
            assert_eq!(seen[i].replace(mv), None, "{mv} shares the index {i}");
        }
    }
}
