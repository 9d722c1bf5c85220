//! Sets of squares as 25 bits of a `u32`.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::square::Square;

/// A set of squares: bit `i` stands for the square of index `i` (see [`Square::index`]).
///
/// Only the low 25 bits are ever set; `!` keeps the result inside the board.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[must_use]
pub struct Bitboard(u32);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 25 squares.
    pub const FULL: Bitboard = Bitboard((1 << 25) - 1);

    /// The set with these bits; bits above 24 are dropped.
    pub const fn from_bits_truncate(bits: u32) -> Bitboard {
        Bitboard(bits & Self::FULL.0)
    }

    /// The one-square set `{sq}` (the same as [`Square::bitboard`]).
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    /// The raw bits (only the low 25 can be set).
    #[must_use]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of squares in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether `sq` is in the set.
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    /// The set with `sq` added.
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq.index())
    }

    /// The set with `sq` removed.
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }

    /// Adds `sq`.
    pub fn insert(&mut self, sq: Square) {
        *self = self.with(sq);
    }

    /// Removes `sq`.
    pub fn remove(&mut self, sq: Square) {
        *self = self.without(sq);
    }

    /// The lowest square of the set, if any.
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::from_index(self.0.trailing_zeros() as usize)
        }
    }

    /// The squares of the set, lowest index first.
    pub const fn iter(self) -> BitboardIter {
        BitboardIter(self.0)
    }
}

impl Square {
    /// The one-square set `{self}`.
    pub const fn bitboard(self) -> Bitboard {
        Bitboard::from_bits_truncate(1 << self.index())
    }
}

/// Iterator over the squares of a [`Bitboard`], lowest index first.
#[derive(Clone, Debug)]
#[must_use]
pub struct BitboardIter(u32);

impl Iterator for BitboardIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Square::from_index(i)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitboardIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;
    fn into_iter(self) -> BitboardIter {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl From<Square> for Bitboard {
    fn from(sq: Square) -> Bitboard {
        sq.bitboard()
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Self::FULL.0)
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}
