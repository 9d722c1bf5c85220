//! The position text: `Display` and `FromStr` for [`Position`]. The parser checks the syntax
//! only and leaves the rules to [`Position::from_parts`].

use alloc::borrow::ToOwned;
use alloc::vec::Vec;
use core::fmt::{self, Write as _};
use core::str::FromStr;

use crate::colour::Colour;
use crate::error::ParsePositionError;
use crate::position::Position;
use crate::side::{Side, Tower};
use crate::square::Square;

type Result<T> = core::result::Result<T, ParsePositionError>;

/// The board field: the tower on every square, by [`Square::index`].
fn parse_board(field: &str) -> Result<[Option<Tower>; Square::COUNT]> {
    use ParsePositionError as E;
    let found = field.split('/').count();
    if found != 8 {
        return Err(E::RankCount { found });
    }
    let mut board = [None; Square::COUNT];
    let mut index = 0;
    for (i, rank_text) in field.split('/').enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0usize;
        let mut last_digit = false;
        for ch in rank_text.chars() {
            index += 1;
            if let Some(d) = ch.to_digit(10).filter(|d| (1..=8).contains(d)) {
                if last_digit {
                    return Err(E::ConsecutiveDigits {
                        rank: rank + 1,
                        index,
                    });
                }
                last_digit = true;
                file += d as usize;
            } else if let Some(tower) = Tower::from_letter(ch) {
                last_digit = false;
                if let Some(sq) = Square::new(file as u8, rank) {
                    board[sq.index()] = Some(tower);
                }
                file += 1;
            } else {
                return Err(E::BoardChar {
                    rank: rank + 1,
                    index,
                    ch,
                });
            }
            if file > 8 {
                return Err(E::RankLength {
                    rank: rank + 1,
                    squares: file,
                });
            }
        }
        if file != 8 {
            return Err(E::RankLength {
                rank: rank + 1,
                squares: file,
            });
        }
        index += 1; // the '/'
    }
    Ok(board)
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Parses the four-field position text (board, side to move, required colour, chain; see
    /// the crate documentation), then builds the position with [`Position::from_parts`], which
    /// rejects positions no game can reach ([`ParsePositionError::Invalid`]).
    fn from_str(s: &str) -> Result<Position> {
        use ParsePositionError as E;
        let fields: Vec<&str> = s.split(' ').collect();
        let [board, side, required, chain] = fields[..] else {
            return Err(E::FieldCount {
                found: fields.len(),
            });
        };
        let board = parse_board(board)?;
        let side = match side {
            "b" => Side::Black,
            "g" => Side::Gold,
            _ => {
                return Err(E::SideToMove {
                    text: side.to_owned(),
                });
            }
        };
        let required = match required {
            "-" => None,
            text => {
                let mut chars = text.chars();
                match (chars.next().and_then(Colour::from_letter), chars.next()) {
                    (Some(c), None) => Some(c),
                    _ => {
                        return Err(E::Required {
                            text: text.to_owned(),
                        });
                    }
                }
            }
        };
        let mut chain_colours = Vec::new();
        if chain.is_empty() {
            return Err(E::ChainEmpty);
        }
        if let Some(rest) = chain.strip_prefix('-') {
            // `-` stands alone: report whatever follows it.
            if let Some(ch) = rest.chars().next() {
                return Err(E::ChainChar { index: 2, ch });
            }
        } else {
            for (i, ch) in chain.chars().enumerate() {
                let colour = Colour::from_letter(ch).ok_or(E::ChainChar { index: i + 1, ch })?;
                chain_colours.push(colour);
            }
        }
        Ok(Position::from_parts(
            &board,
            side,
            required,
            &chain_colours,
        )?)
    }
}

impl fmt::Display for Position {
    /// The canonical position text, e.g. `obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - -`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut board = [None; 64];
        for (tower, sq) in self.towers() {
            board[sq.index()] = Some(tower);
        }
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match board[rank * 8 + file] {
                    Some(t) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        f.write_char(t.letter())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_char('/')?;
            }
        }
        write!(f, " {} ", self.side_to_move().letter())?;
        match self.required() {
            Some(c) => f.write_char(c.letter())?,
            None => f.write_char('-')?,
        }
        f.write_char(' ')?;
        let chain = self.chain();
        if chain.is_empty() {
            f.write_char('-')
        } else {
            chain
                .iter()
                .try_for_each(|state| f.write_char(state.required.letter()))
        }
    }
}
