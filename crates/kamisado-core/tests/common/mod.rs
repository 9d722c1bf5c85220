//! Shared test helpers: an obviously-correct reference implementation of the rules (plain arrays,
//! no bitboards, written straight from `rules.md`) and position builders.

#![allow(dead_code, clippy::needless_range_loop)]

use kamisado_core::Position;

/// Board colours from `rules.md`, rank 8 first, files a..h, as names.
pub const COLOUR_ROWS: [[&str; 8]; 8] = [
    [
        "orange", "blue", "purple", "pink", "yellow", "red", "green", "brown",
    ],
    [
        "red", "orange", "pink", "green", "blue", "yellow", "brown", "purple",
    ],
    [
        "green", "pink", "orange", "red", "purple", "brown", "yellow", "blue",
    ],
    [
        "pink", "purple", "blue", "orange", "brown", "green", "red", "yellow",
    ],
    [
        "yellow", "red", "green", "brown", "orange", "blue", "purple", "pink",
    ],
    [
        "blue", "yellow", "brown", "purple", "red", "orange", "pink", "green",
    ],
    [
        "purple", "brown", "yellow", "blue", "green", "pink", "orange", "red",
    ],
    [
        "brown", "green", "red", "yellow", "pink", "purple", "blue", "orange",
    ],
];

/// Colour names in the order of the notation letters `n g r y k p b o`.
pub const NAMES: [&str; 8] = [
    "brown", "green", "red", "yellow", "pink", "purple", "blue", "orange",
];
pub const LETTERS: [char; 8] = ['n', 'g', 'r', 'y', 'k', 'p', 'b', 'o'];

/// Colour index (into `NAMES`) of the square (file 0..8, rank 0..8).
pub fn square_colour(file: usize, rank: usize) -> usize {
    let name = COLOUR_ROWS[7 - rank][file];
    NAMES.iter().position(|&n| n == name).unwrap()
}

/// `"c1"` for (2, 0).
pub fn square_name(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// The reference state. `side` 0 is Black (moves up), 1 is Gold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPos {
    /// `board[rank][file]` = (side, colour).
    pub board: [[Option<(usize, usize)>; 8]; 8],
    pub side: usize,
    pub required: Option<usize>,
    /// States (side, colour) since the last positive move, the current one included, in order.
    pub chain: Vec<(usize, usize)>,
    /// `(winner, "home_row" or "deadlock")`
    pub outcome: Option<(usize, &'static str)>,
}

impl RefPos {
    pub fn start() -> RefPos {
        let mut board = [[None; 8]; 8];
        for file in 0..8 {
            board[0][file] = Some((0, square_colour(file, 0)));
            board[7][file] = Some((1, square_colour(file, 7)));
        }
        RefPos {
            board,
            side: 0,
            required: None,
            chain: Vec::new(),
            outcome: None,
        }
    }

    fn find(&self, side: usize, colour: usize) -> (usize, usize) {
        for rank in 0..8 {
            for file in 0..8 {
                if self.board[rank][file] == Some((side, colour)) {
                    return (file, rank);
                }
            }
        }
        panic!("tower missing")
    }

    /// Destinations of the tower on (file, rank), walking each forward line square by square.
    fn destinations(&self, file: usize, rank: usize) -> Vec<(usize, usize)> {
        let (side, _) = self.board[rank][file].unwrap();
        let dr: i32 = if side == 0 { 1 } else { -1 };
        let mut out = Vec::new();
        for df in [-1i32, 0, 1] {
            let (mut f, mut r) = (file as i32 + df, rank as i32 + dr);
            while (0..8).contains(&f) && (0..8).contains(&r) {
                if self.board[r as usize][f as usize].is_some() {
                    break;
                }
                out.push((f as usize, r as usize));
                f += df;
                r += dr;
            }
        }
        out
    }

    /// Legal moves as text, sorted.
    pub fn legal_moves(&self) -> Vec<String> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let colours: Vec<usize> = match self.required {
            Some(c) => vec![c],
            None => (0..8).collect(),
        };
        let mut out = Vec::new();
        for c in colours {
            let (f, r) = self.find(self.side, c);
            let dests = self.destinations(f, r);
            for (tf, tr) in &dests {
                out.push(format!("{}{}", square_name(f, r), square_name(*tf, *tr)));
            }
            if dests.is_empty() && self.required.is_some() {
                out.push(format!("{}{}", square_name(f, r), square_name(f, r)));
            }
        }
        out.sort();
        out
    }

    /// Plays a move given as text; it must be legal.
    pub fn play(&mut self, mv: &str) {
        assert!(
            self.legal_moves().iter().any(|m| m == mv),
            "{mv} is not legal"
        );
        let b = mv.as_bytes();
        let (f0, r0) = ((b[0] - b'a') as usize, (b[1] - b'1') as usize);
        let (f1, r1) = ((b[2] - b'a') as usize, (b[3] - b'1') as usize);
        let mover = self.side;
        let next = (1 - mover, square_colour(f1, r1));
        if (f0, r0) == (f1, r1) {
            if self.chain.contains(&next) {
                // The loser made the last positive move: the opponent of the chain's first state.
                let first_side = self.chain[0].0;
                self.outcome = Some((first_side, "deadlock"));
            }
            self.chain.push(next);
        } else {
            let tower = self.board[r0][f0].take();
            self.board[r1][f1] = tower;
            self.chain = vec![next];
            let target = if mover == 0 { 7 } else { 0 };
            if r1 == target {
                self.outcome = Some((mover, "home_row"));
            }
        }
        self.side = next.0;
        self.required = Some(next.1);
    }

    /// The position text of `formats.md`.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.board[rank][file] {
                    None => empty += 1,
                    Some((side, c)) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let l = LETTERS[c];
                        s.push(if side == 0 { l.to_ascii_uppercase() } else { l });
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(if self.side == 0 { 'b' } else { 'g' });
        s.push(' ');
        s.push(self.required.map_or('-', |c| LETTERS[c]));
        s.push(' ');
        // Earlier states: all but the last entry of the chain.
        if self.chain.len() <= 1 {
            s.push('-');
        } else {
            for &(_, c) in &self.chain[..self.chain.len() - 1] {
                s.push(LETTERS[c]);
            }
        }
        s
    }
}

/// Builds a position text from towers placed on squares (`("d4", 'Y')`), the side to move and
/// the required colour letter, with an empty chain.
pub fn position_text(towers: &[(&str, char)], side: char, required: char) -> String {
    let mut board = [[None; 8]; 8];
    for &(sq, t) in towers {
        let b = sq.as_bytes();
        board[(b[1] - b'1') as usize][(b[0] - b'a') as usize] = Some(t);
    }
    let mut s = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank][file] {
                None => empty += 1,
                Some(t) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(t);
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if rank > 0 {
            s.push('/');
        }
    }
    format!("{s} {side} {required} -")
}

/// Parses a position built by [`position_text`].
pub fn position(towers: &[(&str, char)], side: char, required: char) -> Position {
    let text = position_text(towers, side, required);
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays a line of moves from the start, with the checked `play`.
pub fn after_line(line: &str) -> Position {
    let mut pos = Position::start();
    for mv in line.split_whitespace() {
        pos.play(mv.parse().unwrap())
            .unwrap_or_else(|e| panic!("{e}"));
    }
    pos
}

/// A small deterministic generator for "random but fixed" games.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}
