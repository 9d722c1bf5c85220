//! The text form of positions: `Display` and `FromStr` for [`Position`] (syntax only; the
//! checks that a game can reach the position are in [`Position::from_parts`]).

use alloc::borrow::ToOwned;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::card::Card;
use crate::error::ParsePositionError;
use crate::position::Position;
use crate::side::{Piece, Side};

impl fmt::Display for Position {
    /// The canonical text: board (rank 5 first), Red's cards, Blue's cards (each pair
    /// alphabetical), the side card and the side to move, e.g.
    /// `ssmss/5/5/5/SSMSS elephant,horse boar,ox crab b`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        for rank in (0..5u8).rev() {
            let mut empty = 0;
            for file in 0..5u8 {
                let sq = crate::Square::ALL[usize::from(rank * 5 + file)];
                match self.piece_at(sq) {
                    None => empty += 1,
                    Some((side, piece)) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        f.write_char(piece.letter(side))?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_char('/')?;
            }
        }
        let [r0, r1] = self.hand(Side::Red);
        let [b0, b1] = self.hand(Side::Blue);
        write!(
            f,
            " {r0},{r1} {b0},{b1} {} {}",
            self.side_card(),
            self.side_to_move().letter()
        )
    }
}

fn parse_hand(side: Side, text: &str) -> Result<[Card; 2], ParsePositionError> {
    let field = match side {
        Side::Red => "red's cards",
        Side::Blue => "blue's cards",
    };
    let Some((a, b)) = text.split_once(',') else {
        return Err(ParsePositionError::Hand {
            side,
            text: text.to_owned(),
        });
    };
    let card = |name: &str| {
        name.parse::<Card>()
            .map_err(|source| ParsePositionError::Card { field, source })
    };
    if b.contains(',') {
        return Err(ParsePositionError::Hand {
            side,
            text: text.to_owned(),
        });
    }
    Ok([card(a)?, card(b)?])
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Parses the five fields of the position text (single spaces between them). Card names may
    /// be in any case and each hand in any order. The position must be one that a game can reach:
    /// see [`InvalidPositionError`](crate::InvalidPositionError).
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        let fields: Vec<&str> = text.split(' ').collect();
        if fields.len() != 5 {
            return Err(ParsePositionError::FieldCount {
                found: fields.len(),
            });
        }
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 5 {
            return Err(ParsePositionError::RankCount { found: ranks.len() });
        }
        let mut board = [None; 25];
        // The position of the current character in the board field, from 1.
        let mut index = 0;
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 4 - i;
            let rank_number = (rank + 1) as u8;
            let mut file = 0usize;
            let mut after_digit = false;
            for ch in rank_text.chars() {
                index += 1;
                if let Some(d) = ch.to_digit(10).filter(|d| (1..=5).contains(d)) {
                    if after_digit {
                        return Err(ParsePositionError::ConsecutiveDigits {
                            rank: rank_number,
                            index,
                        });
                    }
                    file += d as usize;
                    after_digit = true;
                } else if let Some(piece) = Piece::from_letter(ch) {
                    if file < 5 {
                        board[rank * 5 + file] = Some(piece);
                    }
                    file += 1;
                    after_digit = false;
                } else {
                    return Err(ParsePositionError::BoardChar {
                        rank: rank_number,
                        index,
                        ch,
                    });
                }
            }
            if file != 5 {
                return Err(ParsePositionError::RankLength {
                    rank: rank_number,
                    squares: file,
                });
            }
            index += 1; // the '/'
        }
        let red = parse_hand(Side::Red, fields[1])?;
        let blue = parse_hand(Side::Blue, fields[2])?;
        let side_card = fields[3]
            .parse::<Card>()
            .map_err(|source| ParsePositionError::Card {
                field: "side card",
                source,
            })?;
        let to_move = match fields[4] {
            "r" => Side::Red,
            "b" => Side::Blue,
            other => {
                return Err(ParsePositionError::SideToMove {
                    text: other.to_owned(),
                });
            }
        };
        Ok(Position::from_parts(&board, red, blue, side_card, to_move)?)
    }
}
