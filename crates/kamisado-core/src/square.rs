//! Squares of the 8×8 board: [`Square`].

use core::fmt;
use core::str::FromStr;

/// One of the 64 squares, `a1` .. `h8`.
///
/// Files `a`..`h` run from Black's left to Black's right, ranks `1`..`8` from Black's home row to
/// Gold's. The index used by [`Square::index`] and by [`Bitboard`](crate::Bitboard) is
/// `rank * 8 + file` (both counted from zero), so `a1` is 0, `h1` is 7 and `h8` is 63.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

macro_rules! square_consts {
    ($($name:ident = $idx:expr),* $(,)?) => {
        impl Square {
            $(
                #[doc = concat!("The square `", stringify!($name), "` (lowercase in text).")]
                pub const $name: Square = Square($idx);
            )*
        }
    };
}

square_consts! {
    A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7,
    A2 = 8, B2 = 9, C2 = 10, D2 = 11, E2 = 12, F2 = 13, G2 = 14, H2 = 15,
    A3 = 16, B3 = 17, C3 = 18, D3 = 19, E3 = 20, F3 = 21, G3 = 22, H3 = 23,
    A4 = 24, B4 = 25, C4 = 26, D4 = 27, E4 = 28, F4 = 29, G4 = 30, H4 = 31,
    A5 = 32, B5 = 33, C5 = 34, D5 = 35, E5 = 36, F5 = 37, G5 = 38, H5 = 39,
    A6 = 40, B6 = 41, C6 = 42, D6 = 43, E6 = 44, F6 = 45, G6 = 46, H6 = 47,
    A7 = 48, B7 = 49, C7 = 50, D7 = 51, E7 = 52, F7 = 53, G7 = 54, H7 = 55,
    A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63,
}

impl Square {
    /// The number of squares, 64.
    pub const COUNT: usize = 64;

    /// All 64 squares in index order (`a1`, `b1`, .., `h1`, `a2`, .., `h8`).
    pub const ALL: [Square; Square::COUNT] = {
        let mut all = [Square(0); Square::COUNT];
        let mut i = 0;
        while i < Square::COUNT {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square with this index (`rank * 8 + file`), or `None` when `index >= 64`.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < Square::COUNT {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square on `file` (0 = a .. 7 = h) and `rank` (0 = rank 1 .. 7 = rank 8), or `None`
    /// when either is out of range.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// Internal constructor for indices known to be in range.
    #[inline(always)]
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index & 63)
    }

    /// The index `rank * 8 + file`, in `0..64`.
    #[inline(always)]
    #[must_use]
    pub const fn index(self) -> usize {
        // The field is always below 64; the mask tells the compiler so (no bounds checks).
        (self.0 & 63) as usize
    }

    /// The raw index as a `usize` (always below 64), for tables padded to 256 entries.
    #[inline(always)]
    pub(crate) const fn raw(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (`a`) .. 7 (`h`).
    #[inline]
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// The rank, 0 (rank `1`) .. 7 (rank `8`).
    #[inline]
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The square seen after turning the board by 180 degrees (`a1` ↔ `h8`).
    #[inline]
    #[must_use]
    pub const fn rotated(self) -> Square {
        Square(63 - self.0)
    }

    /// The square moved by `df` files and `dr` ranks, or `None` when that leaves the board.
    #[must_use]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        // In i16: any offset, however large, is off the board rather than an overflow.
        let f = self.file() as i16 + df as i16;
        let r = self.rank() as i16 + dr as i16;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square((r * 8 + f) as u8))
        } else {
            None
        }
    }

    /// The file letter, `'a'` .. `'h'`.
    #[must_use]
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The rank digit, `'1'` .. `'8'`.
    #[must_use]
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Square {
    /// Parses a square from its two characters (file then rank), accepting uppercase files.
    pub(crate) fn from_chars(file: char, rank: char) -> Result<Square, ParseSquareError> {
        let f = match file {
            'a'..='h' => file as u8 - b'a',
            'A'..='H' => file as u8 - b'A',
            _ => return Err(ParseSquareError::File { ch: file }),
        };
        let r = match rank {
            '1'..='8' => rank as u8 - b'1',
            _ => return Err(ParseSquareError::Rank { ch: rank }),
        };
        Ok(Square(r * 8 + f))
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `a1` .. `h8`; uppercase file letters are accepted too.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(file), Some(rank), None) => Square::from_chars(file, rank),
            _ => Err(ParseSquareError::Length {
                len: s.chars().count(),
            }),
        }
    }
}

/// Why a square text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseSquareError {
    /// The text is not exactly two characters long.
    #[error("a square is two characters (file a..h, rank 1..8), found {len} characters")]
    Length {
        /// The number of characters found.
        len: usize,
    },
    /// The first character is not a file letter.
    #[error("expected a file letter a..h, found '{ch}'")]
    File {
        /// The offending character.
        ch: char,
    },
    /// The second character is not a rank digit.
    #[error("expected a rank digit 1..8, found '{ch}'")]
    Rank {
        /// The offending character.
        ch: char,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_offset_of_every_square_is_the_square_there_or_none() {
        for sq in Square::ALL {
            for df in i8::MIN..=i8::MAX {
                for dr in [i8::MIN, -100, -8, -1, 0, 1, 8, 100, i8::MAX] {
                    let (f, r) = (
                        i32::from(sq.file()) + i32::from(df),
                        i32::from(sq.rank()) + i32::from(dr),
                    );
                    let expected = if (0..8).contains(&f) && (0..8).contains(&r) {
                        Square::new(f as u8, r as u8)
                    } else {
                        None
                    };
                    assert_eq!(sq.offset(df, dr), expected, "{sq} by ({df}, {dr})");
                    assert_eq!(
                        sq.offset(dr, df).is_some(),
                        (0..8).contains(&(i32::from(sq.file()) + i32::from(dr)))
                            && (0..8).contains(&(i32::from(sq.rank()) + i32::from(df)))
                    );
                }
            }
        }
    }
}
