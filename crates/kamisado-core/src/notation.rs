//! The position text of `formats.md`: `Display` and `FromStr` for [`Position`], and the checks
//! that reject positions no game can reach.

use core::fmt::{self, Write as _};
use core::str::FromStr;

use crate::bitboard::Bitboard;
use crate::colour::Colour;
use crate::error::ParsePositionError;
use crate::movegen::destinations;
use crate::outcome::{Outcome, WinReason};
use crate::position::Position;
use crate::side::{Side, Tower};
use crate::square::Square;

type Result<T> = core::result::Result<T, ParsePositionError>;

fn parse_board(field: &str) -> Result<[[Option<Square>; 8]; 2]> {
    use ParsePositionError as E;
    let found = field.split('/').count();
    if found != 8 {
        return Err(E::RankCount { found });
    }
    let mut towers = [[None; 8]; 2];
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
                if file < 8 {
                    let slot = &mut towers[tower.side.index()][tower.colour.index()];
                    if slot.is_some() {
                        return Err(E::DuplicateTower { tower, index });
                    }
                    *slot = Square::new(file as u8, rank);
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
    Ok(towers)
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Parses the four-field position text of `formats.md` and checks that a game can reach it.
    fn from_str(s: &str) -> Result<Position> {
        use ParsePositionError as E;
        let fields: Vec<&str> = s.split(' ').collect();
        let [board, side, required, chain] = fields[..] else {
            return Err(E::FieldCount {
                found: fields.len(),
            });
        };
        let squares = parse_board(board)?;
        let mut towers = [[Square::A1; 8]; 2];
        for side in Side::BOTH {
            let count = squares[side.index()].iter().flatten().count();
            if count != 8 {
                return Err(E::TowerCount { side, count });
            }
            for c in 0..8 {
                towers[side.index()][c] = squares[side.index()][c].unwrap_or(Square::A1);
            }
        }
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
        let occ: u64 = towers.iter().flatten().map(|sq| 1u64 << sq.index()).sum();
        let mut pos = Position::assemble(towers, side, required);
        let Some(current) = required else {
            if !chain_colours.is_empty() {
                return Err(E::ChainWithoutRequired);
            }
            let start = Position::start();
            if pos.towers != start.towers || side != Side::Black {
                return Err(E::FreeChoiceNotAtStart);
            }
            return Ok(start);
        };
        // Home-row wins.
        let black_wins = pos.towers_of(Side::Black) & Side::Black.target_row();
        let gold_wins = pos.towers_of(Side::Gold) & Side::Gold.target_row();
        let winning: Bitboard = black_wins | gold_wins;
        if winning.len() > 1 {
            return Err(E::SeveralWinners);
        }
        if let Some(square) = winning.first() {
            let winner = if black_wins.is_empty() {
                Side::Gold
            } else {
                Side::Black
            };
            if side == winner {
                return Err(E::HomeRowSide { winner });
            }
            if current != square.colour() {
                return Err(E::HomeRowRequired {
                    square,
                    expected: square.colour(),
                });
            }
            if !chain_colours.is_empty() {
                return Err(E::HomeRowChain);
            }
            pos.outcome = Some(Outcome {
                winner,
                reason: WinReason::HomeRow,
            });
        }
        // The chain: earlier states alternate sides backwards from the side to move.
        let len = chain_colours.len();
        let first_side = if len % 2 == 0 { side } else { side.other() };
        let mut set = 0u16;
        let mut state_side = first_side;
        for (i, &colour) in chain_colours.iter().enumerate() {
            let bit = 1u16 << (state_side.index() * 8 + colour.index());
            if set & bit != 0 {
                return Err(E::ChainRepeat {
                    index: i + 1,
                    side: state_side,
                    colour,
                });
            }
            set |= bit;
            let square = towers[state_side.index()][colour.index()];
            if destinations(state_side, square.index(), occ) != 0 {
                return Err(E::ChainNotBlocked {
                    index: i + 1,
                    side: state_side,
                    colour,
                    square,
                });
            }
            let expected = chain_colours.get(i + 1).copied().unwrap_or(current);
            if square.colour() != expected {
                return Err(E::ChainColour {
                    index: i + 1,
                    side: state_side,
                    colour,
                    square,
                    found: square.colour(),
                    expected,
                });
            }
            state_side = state_side.other();
        }
        let current_bit = 1u16 << (side.index() * 8 + current.index());
        if set & current_bit != 0 {
            pos.outcome = Some(Outcome {
                winner: first_side,
                reason: WinReason::Deadlock,
            });
        }
        pos.chain_set = set | current_bit;
        pos.chain_len = len as u8;
        let first_colour = chain_colours.first().copied().unwrap_or(current);
        pos.chain_first = (first_side.index() * 8 + first_colour.index()) as u8;
        pos.zobrist = pos.zobrist_from_scratch();
        Ok(pos)
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
        write!(f, " {} ", self.side.letter())?;
        match self.required {
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
