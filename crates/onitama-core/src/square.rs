//! Squares of the 5×5 board.

use core::fmt;
use core::str::FromStr;

use thiserror::Error;

/// A square of the board, `a1` .. `e5`.
///
/// Files `a`..`e` run from Red's left to Red's right; rank 1 is Red's home row and rank 5 is
/// Blue's. The index of a square is `rank * 5 + file` (both from 0), so `a1` is 0 and `e5` is 24.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

macro_rules! square_consts {
    ($($name:ident = $idx:expr),* $(,)?) => {
        $(
            #[doc = concat!("The square `", stringify!($name), "` (lowercase in text).")]
            pub const $name: Square = Square($idx);
        )*
    };
}

impl Square {
    square_consts! {
        A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4,
        A2 = 5, B2 = 6, C2 = 7, D2 = 8, E2 = 9,
        A3 = 10, B3 = 11, C3 = 12, D3 = 13, E3 = 14,
        A4 = 15, B4 = 16, C4 = 17, D4 = 18, E4 = 19,
        A5 = 20, B5 = 21, C5 = 22, D5 = 23, E5 = 24,
    }

    /// The number of squares.
    pub const COUNT: usize = 25;

    /// All 25 squares, `a1, b1, .., e1, a2, .., e5`.
    pub const ALL: [Square; 25] = {
        let mut all = [Square(0); 25];
        let mut i = 0;
        while i < 25 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square with this index (`rank * 5 + file`), or `None` if `index >= 25`.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 25 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square on `file` (0 = a .. 4 = e) and `rank` (0 = rank 1 .. 4 = rank 5), or `None` if
    /// either is off the board.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 5 && rank < 5 {
            Some(Square(rank * 5 + file))
        } else {
            None
        }
    }

    /// The square moved by `df` files and `dr` ranks, or `None` when that leaves the board.
    #[must_use]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        // In i16: any offset, however large, is off the board rather than an overflow.
        let f = self.file() as i16 + df as i16;
        let r = self.rank() as i16 + dr as i16;
        if f < 0 || f >= 5 || r < 0 || r >= 5 {
            None
        } else {
            Some(Square((r * 5 + f) as u8))
        }
    }

    /// The square of a bit index taken from a board mask (so below 25); larger values are a bug
    /// of the caller and give an invalid square in release builds.
    #[inline(always)]
    pub(crate) const fn from_mask_index(index: u32) -> Square {
        debug_assert!(index < 25);
        Square(index as u8)
    }

    /// The index `rank * 5 + file`, 0 ..= 24.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (`a`) ..= 4 (`e`).
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % 5
    }

    /// The rank, 0 (rank 1) ..= 4 (rank 5).
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / 5
    }

    /// The file letter, `'a'` ..= `'e'`.
    #[must_use]
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The rank digit, `'1'` ..= `'5'`.
    #[must_use]
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }

    /// The same square seen from the other seat (a 180 degree turn of the board): `a1` ↔ `e5`.
    #[must_use]
    pub const fn rotated(self) -> Square {
        Square(24 - self.0)
    }
}

impl fmt::Display for Square {
    /// `a1` .. `e5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        f.write_char(self.file_char())?;
        f.write_char(self.rank_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `a1` .. `e5`; an uppercase file letter is accepted too.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        let (Some(file), Some(rank), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(ParseSquareError::Length {
                len: s.chars().count(),
            });
        };
        let f = match file {
            'a'..='e' => file as u8 - b'a',
            'A'..='E' => file as u8 - b'A',
            _ => return Err(ParseSquareError::File { ch: file }),
        };
        let r = match rank {
            '1'..='5' => rank as u8 - b'1',
            _ => return Err(ParseSquareError::Rank { ch: rank }),
        };
        Ok(Square(r * 5 + f))
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_offset_of_every_square_is_the_square_there_or_none() {
        for sq in Square::ALL {
            for df in i8::MIN..=i8::MAX {
                for dr in [i8::MIN, -100, -5, -1, 0, 1, 5, 100, i8::MAX] {
                    let (f, r) = (
                        i32::from(sq.file()) + i32::from(df),
                        i32::from(sq.rank()) + i32::from(dr),
                    );
                    let expected = if (0..5).contains(&f) && (0..5).contains(&r) {
                        Square::new(f as u8, r as u8)
                    } else {
                        None
                    };
                    assert_eq!(sq.offset(df, dr), expected, "{sq} by ({df}, {dr})");
                    assert_eq!(
                        sq.offset(dr, df).is_some(),
                        (0..5).contains(&(i32::from(sq.file()) + i32::from(dr)))
                            && (0..5).contains(&(i32::from(sq.rank()) + i32::from(df)))
                    );
                }
            }
        }
    }
}
