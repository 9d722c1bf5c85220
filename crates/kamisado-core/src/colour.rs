//! The eight tower and square colours, and the colour table of the board.

use alloc::borrow::ToOwned;
use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use crate::square::Square;

/// One of the eight colours. Each side owns one tower of each colour, and every square of the
/// board has one of them.
///
/// The order (and [`Colour::index`]) is that of Black's home row from `a1` to `h1`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Colour {
    /// Brown, letter `n`.
    Brown = 0,
    /// Green, letter `g`.
    Green = 1,
    /// Red, letter `r`.
    Red = 2,
    /// Yellow, letter `y`.
    Yellow = 3,
    /// Pink, letter `k`.
    Pink = 4,
    /// Purple, letter `p`.
    Purple = 5,
    /// Blue, letter `b`.
    Blue = 6,
    /// Orange, letter `o`.
    Orange = 7,
}

/// The board's colours as letters, rank 1 first, files a..h within a rank.
const TABLE_TEXT: &[u8; 64] = b"ngrykpbopnybgkorbynprokgyrgnobpkkpbongrygkorpnybrokgbynpobpkyrgn";

const fn colour_from_letter(letter: u8) -> Option<Colour> {
    Some(match letter {
        b'n' => Colour::Brown,
        b'g' => Colour::Green,
        b'r' => Colour::Red,
        b'y' => Colour::Yellow,
        b'k' => Colour::Pink,
        b'p' => Colour::Purple,
        b'b' => Colour::Blue,
        b'o' => Colour::Orange,
        _ => return None,
    })
}

/// The colour of every square, by [`Square::index`].
pub(crate) const SQUARE_COLOURS: [Colour; 64] = {
    let mut table = [Colour::Brown; 64];
    let mut i = 0;
    while i < 64 {
        table[i] = match colour_from_letter(TABLE_TEXT[i]) {
            Some(c) => c,
            None => panic!("bad colour table"),
        };
        i += 1;
    }
    table
};

/// [`SQUARE_COLOURS`] padded to 256 entries, for indexing by a raw `u8` square without a bounds
/// check on the hot path.
pub(crate) static SQUARE_COLOURS_256: [Colour; 256] = {
    let mut table = [Colour::Brown; 256];
    let mut i = 0;
    while i < 64 {
        table[i] = SQUARE_COLOURS[i];
        i += 1;
    }
    table
};

impl Colour {
    /// All colours in index order.
    pub const ALL: [Colour; 8] = [
        Colour::Brown,
        Colour::Green,
        Colour::Red,
        Colour::Yellow,
        Colour::Pink,
        Colour::Purple,
        Colour::Blue,
        Colour::Orange,
    ];

    /// The colour with this index (0..8), or `None`.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Colour> {
        if index < 8 {
            Some(Colour::ALL[index])
        } else {
            None
        }
    }

    /// The index 0..8 (brown 0 .. orange 7).
    #[inline(always)]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour of `sq` on the board.
    ///
    /// ```
    /// use kamisado_core::{Colour, Square};
    /// assert_eq!(Colour::of_square(Square::A1), Colour::Brown);
    /// assert_eq!(Colour::of_square(Square::H2), Colour::Red);
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn of_square(sq: Square) -> Colour {
        SQUARE_COLOURS[sq.index()]
    }

    /// The lowercase letter of the text notation (`n g r y k p b o`).
    #[must_use]
    pub const fn letter(self) -> char {
        TABLE_TEXT[self as usize] as char
    }

    /// The colour of a lowercase notation letter, or `None`.
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Colour> {
        if letter.is_ascii() {
            colour_from_letter(letter as u8)
        } else {
            None
        }
    }

    /// The lowercase English name (`"brown"`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Brown => "brown",
            Colour::Green => "green",
            Colour::Red => "red",
            Colour::Yellow => "yellow",
            Colour::Pink => "pink",
            Colour::Purple => "purple",
            Colour::Blue => "blue",
            Colour::Orange => "orange",
        }
    }
}

impl Square {
    /// The colour of this square on the Kamisado board (see [`Colour::of_square`]).
    #[inline(always)]
    #[must_use]
    pub const fn colour(self) -> Colour {
        Colour::of_square(self)
    }
}

impl fmt::Display for Colour {
    /// The English name, `brown` .. `orange`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Colour {
    type Err = ParseColourError;

    /// Parses an English name (any case) or a notation letter.
    fn from_str(s: &str) -> Result<Colour, ParseColourError> {
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            if let Some(colour) = Colour::from_letter(c) {
                return Ok(colour);
            }
        }
        Colour::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseColourError { text: s.to_owned() })
    }
}

/// Why a colour text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown colour \"{text}\": expected a name (brown .. orange) or a letter (n g r y k p b o)"
)]
pub struct ParseColourError {
    /// The rejected text.
    pub text: String,
}
