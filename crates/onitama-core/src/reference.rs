//! A slow, obviously correct reference implementation of the rules, for tests and fuzzing
//! (feature `reference`, also in `testing`).
//!
//! It shares nothing with the fast implementation but the vocabulary types used to convert a
//! [`Position`] into it: the board is a plain `[[char; 5]; 5]`, the card table is typed again from
//! the rules as `(dx, dy)` offsets, cards and moves are handled as their text names, and every
//! move is found by trying every card, piece and offset. Comparing the crate against it over many
//! positions checks the bitboards, the destination tables, the step counting, the forced pass and
//! the outcome.
//!
//! ```
//! use onitama_core::Position;
//! use onitama_core::reference::RefPos;
//!
//! let pos = Position::start();
//! let slow = RefPos::from_position(&pos);
//! let mut fast: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
//! fast.sort();
//! assert_eq!(fast, slow.moves());
//! assert_eq!(slow.play("ox:c5c4"), RefPos::from_position(&pos.after("ox:c5c4".parse()?)?));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{Card, Piece, Position, Side, Square};
use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// One row of the card table: the card's name, its stamp (`'r'` red or `'b'` blue) and its
/// offsets `(dx, dy)` from the holder's seat (`dx > 0` to the holder's right, `dy > 0` forward).
pub type CardRow = (&'static str, char, &'static [(i32, i32)]);

/// The sixteen cards of the base game, in alphabetical order, typed again from the rules
/// independently of the crate's own tables.
pub const CARD_TABLE: [CardRow; 16] = [
    ("boar", 'r', &[(0, 1), (-1, 0), (1, 0)]),
    ("cobra", 'r', &[(1, 1), (1, -1), (-1, 0)]),
    ("crab", 'b', &[(0, 1), (-2, 0), (2, 0)]),
    ("crane", 'b', &[(0, 1), (-1, -1), (1, -1)]),
    ("dragon", 'r', &[(-2, 1), (2, 1), (-1, -1), (1, -1)]),
    ("eel", 'b', &[(-1, 1), (-1, -1), (1, 0)]),
    ("elephant", 'r', &[(-1, 1), (1, 1), (-1, 0), (1, 0)]),
    ("frog", 'r', &[(-1, 1), (-2, 0), (1, -1)]),
    ("goose", 'b', &[(-1, 1), (-1, 0), (1, 0), (1, -1)]),
    ("horse", 'r', &[(0, 1), (-1, 0), (0, -1)]),
    ("mantis", 'r', &[(-1, 1), (1, 1), (0, -1)]),
    ("monkey", 'b', &[(-1, 1), (1, 1), (-1, -1), (1, -1)]),
    ("ox", 'b', &[(0, 1), (1, 0), (0, -1)]),
    ("rabbit", 'b', &[(1, 1), (2, 0), (-1, -1)]),
    ("rooster", 'r', &[(1, 1), (-1, 0), (1, 0), (-1, -1)]),
    ("tiger", 'b', &[(0, 2), (0, -1)]),
];

/// The offsets of the card named `name` (lowercase), from [`CARD_TABLE`].
///
/// # Panics
/// If `name` is not the name of a card.
#[must_use]
pub fn offsets_of(name: &str) -> &'static [(i32, i32)] {
    CARD_TABLE
        .iter()
        .find(|c| c.0 == name)
        .expect("known card")
        .2
}

/// The coordinates of a square name: `"c3"` is `(2, 2)` (file `0..5`, rank `0..5`).
///
/// # Panics
/// If `sq` is shorter than two bytes or its characters come before `a` and `1`.
#[must_use]
pub fn coords(sq: &str) -> (i32, i32) {
    let b = sq.as_bytes();
    (i32::from(b[0] - b'a'), i32::from(b[1] - b'1'))
}

/// The name of the square on `file` and `rank` (both `0..5`): `(2, 2)` is `"c3"`.
#[must_use]
pub fn name_of(file: i32, rank: i32) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// The squares (sorted names) to which the card `card` takes a piece on `from`, for Red if `red`
/// and for Blue otherwise, on an empty board. Blue sits opposite Red, so its offsets are negated.
///
/// # Panics
/// If `card` is not a card name or `from` not a square name.
#[must_use]
pub fn destinations(card: &str, red: bool, from: &str) -> Vec<String> {
    let (f, r) = coords(from);
    let sign = if red { 1 } else { -1 };
    let mut out: Vec<String> = offsets_of(card)
        .iter()
        .map(|&(dx, dy)| (f + sign * dx, r + sign * dy))
        .filter(|&(x, y)| (0..5).contains(&x) && (0..5).contains(&y))
        .map(|(x, y)| name_of(x, y))
        .collect();
    out.sort();
    out
}

/// A position in plain data: the board as characters, the cards by name, the side to move as
/// an index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPos {
    /// `board[rank][file]` (both `0..5`): `'.'` empty, `'M'`/`'S'` Red's Master/Student,
    /// `'m'`/`'s'` Blue's.
    pub board: [[char; 5]; 5],
    /// Red's and Blue's cards, each pair sorted by name.
    pub hands: [[String; 2]; 2],
    /// The side card's name.
    pub side_card: String,
    /// The side to move: 0 Red, 1 Blue.
    pub to_move: usize,
}

impl RefPos {
    /// The same position as `pos`, read through its public accessors.
    #[must_use]
    pub fn from_position(pos: &Position) -> RefPos {
        let mut board = [['.'; 5]; 5];
        for sq in Square::ALL {
            if let Some((side, piece)) = pos.piece_at(sq) {
                board[sq.rank() as usize][sq.file() as usize] = match (side, piece) {
                    (Side::Red, Piece::Master) => 'M',
                    (Side::Red, Piece::Student) => 'S',
                    (Side::Blue, Piece::Master) => 'm',
                    (Side::Blue, Piece::Student) => 's',
                };
            }
        }
        let hand = |side| {
            let mut names = pos.hand(side).map(|c: Card| c.name().to_owned());
            names.sort();
            names
        };
        RefPos {
            board,
            hands: [hand(Side::Red), hand(Side::Blue)],
            side_card: pos.side_card().name().to_owned(),
            to_move: pos.side_to_move().index(),
        }
    }

    fn owner(c: char) -> Option<usize> {
        match c {
            'M' | 'S' => Some(0),
            'm' | 's' => Some(1),
            _ => None,
        }
    }

    fn find(&self, c: char) -> Option<(i32, i32)> {
        for r in 0..5 {
            for f in 0..5 {
                if self.board[r][f] == c {
                    return Some((f as i32, r as i32));
                }
            }
        }
        None
    }

    /// The outcome, if the game is over: `(winner, reason)` with the winner 0 (Red) or 1 (Blue)
    /// and the reason `"stone"` (the opposing Master is gone) or `"stream"` (a Master stands on
    /// the opposing temple: `c5` for Red, `c1` for Blue). The Stone is checked first.
    #[must_use]
    pub fn outcome(&self) -> Option<(usize, &'static str)> {
        let red = self.find('M');
        let blue = self.find('m');
        if blue.is_none() {
            return Some((0, "stone"));
        }
        if red.is_none() {
            return Some((1, "stone"));
        }
        if red == Some((2, 4)) {
            return Some((0, "stream"));
        }
        if blue == Some((2, 0)) {
            return Some((1, "stream"));
        }
        None
    }

    /// The legal moves as text (`tiger:c1c3`, `tiger:pass`), sorted: every card in hand, every
    /// own piece and every offset that stays on the board and does not land on an own piece; the
    /// two passes if there is no such step; none when the game is over.
    #[must_use]
    pub fn moves(&self) -> Vec<String> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let me = self.to_move;
        let sign = if me == 0 { 1 } else { -1 };
        let mut out = Vec::new();
        for card in &self.hands[me] {
            for r in 0..5 {
                for f in 0..5 {
                    if Self::owner(self.board[r][f]) != Some(me) {
                        continue;
                    }
                    for &(dx, dy) in offsets_of(card) {
                        let (x, y) = (f as i32 + sign * dx, r as i32 + sign * dy);
                        if !(0..5).contains(&x) || !(0..5).contains(&y) {
                            continue;
                        }
                        if Self::owner(self.board[y as usize][x as usize]) == Some(me) {
                            continue;
                        }
                        out.push(format!(
                            "{card}:{}{}",
                            name_of(f as i32, r as i32),
                            name_of(x, y)
                        ));
                    }
                }
            }
        }
        if out.is_empty() {
            for card in &self.hands[me] {
                out.push(format!("{card}:pass"));
            }
        }
        out.sort();
        out
    }

    /// The position after the move `mv` given as lowercase text, which must be legal: the piece
    /// moves (capturing what stands on the destination); unless the move won, the card used
    /// becomes the side card and the mover takes the old side card; the turn passes.
    ///
    /// # Panics
    /// If `mv` is not of the form `card:squares` with a card of the mover's hand.
    #[must_use]
    pub fn play(&self, mv: &str) -> RefPos {
        let mut next = self.clone();
        let (card, rest) = mv.split_once(':').expect("card:squares");
        let me = self.to_move;
        let mut won = false;
        if rest != "pass" {
            let (f0, r0) = coords(&rest[..2]);
            let (f1, r1) = coords(&rest[2..]);
            let piece = next.board[r0 as usize][f0 as usize];
            let target = next.board[r1 as usize][f1 as usize];
            next.board[r0 as usize][f0 as usize] = '.';
            next.board[r1 as usize][f1 as usize] = piece;
            if target == 'M' || target == 'm' {
                won = true;
            }
            let temple = if me == 0 { (2, 4) } else { (2, 0) };
            if (piece == 'M' || piece == 'm') && (f1, r1) == temple {
                won = true;
            }
        }
        if !won {
            let hand = &mut next.hands[me];
            let i = hand.iter().position(|c| c == card).expect("card in hand");
            hand[i].clone_from(&self.side_card);
            hand.sort();
            card.clone_into(&mut next.side_card);
        }
        next.to_move = 1 - me;
        next
    }
}
