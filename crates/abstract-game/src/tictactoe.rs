//! Tic-tac-toe: a complete, tiny implementation of every trait of this crate.
//!
//! It exists to prove the generic algorithms against exactly known numbers, to give the
//! documentation runnable examples, and to show someone adding a third game what an
//! implementation looks like. Squares are numbered 0..9, row by row from the top left.
//!
//! ```
//! use abstract_game::{Game, Notation};
//! use abstract_game::tictactoe::{Mark, TicTacToe};
//!
//! let mut pos = TicTacToe::new();
//! for square in [4, 0, 2, 6, 3] {
//!     pos.play(square)?;
//! }
//! assert_eq!(pos.position_text(), "o.x/xx./o.. o");
//! assert!(pos.play(4).is_err()); // occupied: rejected, position unchanged
//! pos.play(5)?; // O blocks the middle row
//! assert_eq!(pos.outcome(), None);
//! assert_eq!(pos.legal_move_count(), 3);
//! # Ok::<(), abstract_game::tictactoe::TicTacToeError>(())
//! ```

use crate::game::{Game, Notation, PassMove, ZobristHash};
use crate::outcome::{EndReason, Outcome};
use crate::player::Player;
use alloc::borrow::ToOwned;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

/// A player of tic-tac-toe.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Crosses, who move first.
    X,
    /// Noughts.
    O,
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl Player for Mark {
    const BOTH: [Self; 2] = [Mark::X, Mark::O];

    fn other(self) -> Self {
        match self {
            Mark::X => Mark::O,
            Mark::O => Mark::X,
        }
    }

    fn id(self) -> &'static str {
        match self {
            Mark::X => "x",
            Mark::O => "o",
        }
    }
}

/// Why a game of tic-tac-toe ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TicTacToeEnd {
    /// Three in a row.
    Line,
    /// The board is full without a line.
    Full,
}

impl fmt::Display for TicTacToeEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TicTacToeEnd::Line => "three in a row",
            TicTacToeEnd::Full => "board full",
        })
    }
}

impl EndReason for TicTacToeEnd {
    const ALL: &'static [Self] = &[TicTacToeEnd::Line, TicTacToeEnd::Full];

    fn index(self) -> usize {
        self as usize
    }

    fn id(self) -> &'static str {
        match self {
            TicTacToeEnd::Line => "line",
            TicTacToeEnd::Full => "full",
        }
    }
}

/// Why a move or a text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TicTacToeError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The square number is not 0..9.
    #[error("square {0} is off the board (0..9)")]
    OffBoard(u8),
    /// The square is taken.
    #[error("square {0} is occupied")]
    Occupied(u8),
    /// A move text that is not a single digit.
    #[error("bad move {0:?}: expected one digit 0..8")]
    BadMove(String),
    /// A position text that does not have the form `xo./.../... x`.
    #[error("bad position {text:?}: {why}")]
    BadPosition {
        /// The text.
        text: String,
        /// What is wrong.
        why: &'static str,
    },
}

const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// A tic-tac-toe position: two 9-bit sets and the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct TicTacToe {
    marks: [u16; 2],
    o_to_move: bool,
}

impl TicTacToe {
    /// The empty board, X to move.
    #[must_use]
    pub const fn new() -> Self {
        TicTacToe {
            marks: [0, 0],
            o_to_move: false,
        }
    }

    fn occupied(self) -> u16 {
        self.marks[0] | self.marks[1]
    }

    fn has_line(marks: u16) -> bool {
        LINES.into_iter().any(|line| marks & line == line)
    }
}

/// The legal moves of a tic-tac-toe position (at most nine): a fixed-capacity list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TicTacToeMoves {
    squares: [u8; 9],
    len: usize,
}

impl AsRef<[u8]> for TicTacToeMoves {
    fn as_ref(&self) -> &[u8] {
        &self.squares[..self.len]
    }
}

impl IntoIterator for TicTacToeMoves {
    type Item = u8;
    type IntoIter = core::iter::Take<core::array::IntoIter<u8, 9>>;

    fn into_iter(self) -> Self::IntoIter {
        self.squares.into_iter().take(self.len)
    }
}

impl Game for TicTacToe {
    type Move = u8;
    type Player = Mark;
    type Reason = TicTacToeEnd;
    type Moves = TicTacToeMoves;
    type IllegalMove = TicTacToeError;

    /// X and O take turns.
    const TURNS_ALTERNATE: bool = true;

    fn side_to_move(&self) -> Mark {
        if self.o_to_move { Mark::O } else { Mark::X }
    }

    fn legal_moves(&self) -> TicTacToeMoves {
        let mut moves = TicTacToeMoves::default();
        if self.is_over() {
            return moves;
        }
        for sq in 0..9u8 {
            if self.occupied() & (1 << sq) == 0 {
                moves.squares[moves.len] = sq;
                moves.len += 1;
            }
        }
        moves
    }

    fn legal_move_count(&self) -> usize {
        if self.is_over() {
            0
        } else {
            9 - self.occupied().count_ones() as usize
        }
    }

    fn play(&mut self, mv: u8) -> Result<(), TicTacToeError> {
        if self.is_over() {
            return Err(TicTacToeError::GameOver);
        }
        if mv >= 9 {
            return Err(TicTacToeError::OffBoard(mv));
        }
        if self.occupied() & (1 << mv) != 0 {
            return Err(TicTacToeError::Occupied(mv));
        }
        self.play_unchecked(mv);
        Ok(())
    }

    fn play_unchecked(&mut self, mv: u8) {
        self.marks[usize::from(self.o_to_move)] |= 1 << (mv % 9);
        self.o_to_move = !self.o_to_move;
    }

    fn outcome(&self) -> Option<Outcome<Mark, TicTacToeEnd>> {
        // The player who just moved is the only one who can have a new line.
        let last = self.side_to_move().other();
        if Self::has_line(self.marks[last.index()]) {
            Some(Outcome::Win {
                winner: last,
                reason: TicTacToeEnd::Line,
            })
        } else if self.occupied() == 0x1ff {
            Some(Outcome::Draw {
                reason: TicTacToeEnd::Full,
            })
        } else {
            None
        }
    }
}

impl ZobristHash for TicTacToe {
    fn zobrist(&self) -> u64 {
        // Exact (no collisions): 18 bits of marks and one bit for the player to move.
        u64::from(self.marks[0]) | u64::from(self.marks[1]) << 9 | u64::from(self.o_to_move) << 18
    }
}

impl PassMove for TicTacToe {
    fn is_pass(&self, _mv: u8) -> bool {
        false
    }
}

impl fmt::Display for TicTacToe {
    /// Three rows of `x`, `o` or `.` separated by `/`, a space, the player to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for sq in 0..9 {
            if sq > 0 && sq % 3 == 0 {
                f.write_str("/")?;
            }
            let c = if self.marks[0] & (1 << sq) != 0 {
                'x'
            } else if self.marks[1] & (1 << sq) != 0 {
                'o'
            } else {
                '.'
            };
            write!(f, "{c}")?;
        }
        write!(f, " {}", self.side_to_move())
    }
}

impl Notation for TicTacToe {
    type ParsePositionError = TicTacToeError;
    type ParseMoveError = TicTacToeError;
    const POSITION_FIELDS: usize = 2;

    fn parse_position(text: &str) -> Result<Self, TicTacToeError> {
        let bad = |why| TicTacToeError::BadPosition {
            text: text.to_owned(),
            why,
        };
        let (board, side) = text
            .split_once(' ')
            .ok_or_else(|| bad("expected two fields"))?;
        let mut pos = TicTacToe::new();
        let cells: Vec<char> = board.chars().filter(|&c| c != '/').collect();
        if cells.len() != 9 || board.len() != 11 {
            return Err(bad("the board must be three rows of three cells"));
        }
        for (sq, c) in cells.into_iter().enumerate() {
            match c {
                'x' => pos.marks[0] |= 1 << sq,
                'o' => pos.marks[1] |= 1 << sq,
                '.' => {}
                _ => return Err(bad("cells are 'x', 'o' or '.'")),
            }
        }
        pos.o_to_move = match side {
            "x" => false,
            "o" => true,
            _ => return Err(bad("the player to move is 'x' or 'o'")),
        };
        let (x, o) = (pos.marks[0].count_ones(), pos.marks[1].count_ones());
        if x != o + u32::from(pos.o_to_move) {
            return Err(bad("the number of marks does not fit the player to move"));
        }
        Ok(pos)
    }

    fn position_text(&self) -> String {
        self.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u8, TicTacToeError> {
        match text.as_bytes() {
            [d @ b'0'..=b'8'] => Ok(d - b'0'),
            _ => Err(TicTacToeError::BadMove(text.to_owned())),
        }
    }

    fn move_text(&self, mv: u8) -> String {
        mv.to_string()
    }
}
