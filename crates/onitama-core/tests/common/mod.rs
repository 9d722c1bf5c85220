//! A slow, obviously correct reference implementation of the rules for the tests: plain arrays,
//! the card table re-typed from `rules.md`, no bitboards, no lookup tables of the crate.
#![allow(dead_code)]

use onitama_core::{Card, Piece, Position, Side, Square};

/// The card table of `rules.md`, typed again: name, stamp (`'r'`/`'b'`), offsets (dx, dy) from
/// the holder's seat (dx > 0 right, dy > 0 forward).
/// One row of the card table: name, stamp, offsets.
pub type CardRow = (&'static str, char, &'static [(i32, i32)]);

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

pub fn offsets_of(name: &str) -> &'static [(i32, i32)] {
    CARD_TABLE
        .iter()
        .find(|c| c.0 == name)
        .expect("known card")
        .2
}

/// `"c3"` → (file 0..5, rank 0..5).
pub fn coords(sq: &str) -> (i32, i32) {
    let b = sq.as_bytes();
    (i32::from(b[0] - b'a'), i32::from(b[1] - b'1'))
}

pub fn name_of(file: i32, rank: i32) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// Where `card` takes a piece on `from` for `red` (true) or Blue, on an empty board.
pub fn reference_destinations(card: &str, red: bool, from: &str) -> Vec<String> {
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

/// A cell: `'.'` empty, `'M'`/`'S'` Red, `'m'`/`'s'` Blue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPos {
    /// `board[rank][file]`.
    pub board: [[char; 5]; 5],
    /// Red's and Blue's cards, each sorted by name.
    pub hands: [Vec<String>; 2],
    pub side_card: String,
    /// 0 Red, 1 Blue.
    pub to_move: usize,
}

impl RefPos {
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
            let mut v: Vec<String> = pos
                .hand(side)
                .iter()
                .map(|c: &Card| c.name().to_owned())
                .collect();
            v.sort();
            v
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

    /// `(winner 0/1, "stone"/"stream")`.
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

    /// The legal moves as text, sorted.
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

    /// Plays a move given as text (assumed legal).
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
