//! [`Bitboard`]: a set of squares in one `u64`.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::square::Square;

/// A set of squares, one bit per square (bit `i` is [`Square::index`] `i`).
///
/// ```
/// use kamisado_core::{Bitboard, Square};
///
/// let mut set = Bitboard::EMPTY;
/// set.insert(Square::C1);
/// set.insert(Square::A3);
/// assert!(set.contains(Square::A3));
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.iter().collect::<Vec<_>>(), [Square::C1, Square::A3]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[must_use]
pub struct Bitboard(u64);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(u64::MAX);
    /// Rank 1, Black's home row.
    pub const RANK_1: Bitboard = Bitboard(0xFF);
    /// Rank 8, Gold's home row.
    pub const RANK_8: Bitboard = Bitboard(0xFF << 56);

    /// The set whose squares are the set bits of `bits` (bit `i` is the square of index `i`).
    /// Every bit of a `u64` is a square, so nothing is actually dropped.
    #[inline(always)]
    pub const fn from_bits_truncate(bits: u64) -> Bitboard {
        Bitboard(bits)
    }

    /// The set holding only `sq`.
    #[inline(always)]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    /// The raw bits.
    #[inline(always)]
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Whether `sq` is in the set.
    #[inline(always)]
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1 << sq.index();
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1 << sq.index());
    }

    /// This set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq.index())
    }

    /// This set with `sq` removed.
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }

    /// The number of squares in the set.
    #[inline]
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The square with the lowest index, if any.
    #[inline]
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(self.0.trailing_zeros() as u8))
        }
    }

    /// The squares in increasing index order.
    #[inline]
    #[must_use]
    pub const fn iter(self) -> BitboardIter {
        BitboardIter(self.0)
    }
}

impl Square {
    /// The set holding only this square.
    #[inline(always)]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard::from_square(self)
    }
}

/// Iterator over the squares of a [`Bitboard`], in increasing index order.
#[derive(Clone, Debug)]
pub struct BitboardIter(u64);

impl Iterator for BitboardIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_index_unchecked(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(sq)
    }

    #[inline]
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
        let mut set = Bitboard::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

impl From<Square> for Bitboard {
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline(always)]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}
