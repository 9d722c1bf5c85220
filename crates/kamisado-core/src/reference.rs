//! A slow, obviously correct reference implementation of the rules, for tests, fuzzing and proof
//! checking (feature `reference`, also in `testing`).
//!
//! It shares no code with the fast implementation: the board is a plain 8×8 array, lines are
//! walked one square at a time, and the chain is a list of states. Sides and colours are plain
//! indices (side 0 is Black, 1 is Gold; colours in the order of the notation letters
//! `n g r y k p b o`) and moves are texts such as `c1a3`, so that a comparison with
//! [`crate::Position`] goes through the text forms only.
//!
//! ```
//! use kamisado_core::Position;
//! use kamisado_core::reference::RefPos;
//!
//! let mut slow = RefPos::start();
//! let mut fast = Position::start();
//! for mv in ["c1a3", "b8h2", "a3e7", "h2h2", "e7e7"] {
//!     slow.play(mv);
//!     fast.play(mv.parse()?)?;
//!     assert_eq!(slow.text(), fast.to_string());
//! }
//! assert_eq!(slow.outcome, Some((1, "deadlock")));
//! assert!(slow.legal_moves().is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![allow(clippy::needless_range_loop)]

use alloc::format;
use alloc::string::String;
use alloc::string::ToString;
use alloc::vec;
use alloc::vec::Vec;

/// The colours of the board by name, rank 8 first, files `a`..`h` within a rank.
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

/// Colour names in the order of the notation letters `n g r y k p b o` (a colour index is a
/// position in this list).
pub const NAMES: [&str; 8] = [
    "brown", "green", "red", "yellow", "pink", "purple", "blue", "orange",
];

/// The notation letters of the colours, in colour index order.
pub const LETTERS: [char; 8] = ['n', 'g', 'r', 'y', 'k', 'p', 'b', 'o'];

/// The colour index (into [`NAMES`]) of the square on `file` and `rank` (both `0..8`).
///
/// # Panics
/// When `file` or `rank` is 8 or more.
#[must_use]
pub fn square_colour(file: usize, rank: usize) -> usize {
    let name = COLOUR_ROWS[7 - rank][file];
    NAMES
        .iter()
        .position(|&n| n == name)
        .expect("every board colour is in NAMES")
}

/// The text of the square on `file` and `rank` (both `0..8`): `"c1"` for `(2, 0)`.
#[must_use]
pub fn square_name(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// A position of the reference implementation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPos {
    /// `board[rank][file]`: the tower there as `(side, colour index)`.
    pub board: [[Option<(usize, usize)>; 8]; 8],
    /// The side to move: 0 Black, 1 Gold.
    pub side: usize,
    /// The colour index of the tower that must move, `None` on the first move.
    pub required: Option<usize>,
    /// The states `(side, colour)` since the last move of positive length, in order, the
    /// current one included (empty on the first move).
    pub chain: Vec<(usize, usize)>,
    /// `(winner, "home_row" or "deadlock")` once the game is over.
    pub outcome: Option<(usize, &'static str)>,
}

impl RefPos {
    /// The start position: every tower on the square of its colour in its owner's home row,
    /// Black to move with a free choice of tower.
    #[must_use]
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

    /// Reads a position text (the four fields that [`RefPos::text`] writes): `None` if it is not
    /// four fields, eight ranks of eight squares, a side `b`/`g`, a colour letter or `-`, and a
    /// chain of colour letters or `-`; and `None` for a position the format rules out: a side
    /// without exactly one tower of each colour; a free choice of tower (`-`) but at the start;
    /// a home-row win other than one tower, with the loser to move the winning square's colour
    /// and no chain; a chain state repeated before the current one; or a chain whose earlier
    /// states do not follow from the board (each such state's tower cannot move and stands on
    /// a square of the next state's colour). The outcome follows from the fields:
    /// a tower on its opponent's home row wins, a current state already in the chain is a
    /// deadlock won by the side to move right after the last move of positive length.
    #[must_use]
    pub fn from_text(text: &str) -> Option<RefPos> {
        let fields: Vec<&str> = text.split(' ').collect();
        let [board_text, side, required, chain] = fields[..] else {
            return None;
        };
        let ranks: Vec<&str> = board_text.split('/').collect();
        if ranks.len() != 8 {
            return None;
        }
        let mut board = [[None; 8]; 8];
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - i;
            let mut file = 0;
            for ch in rank_text.chars() {
                if let Some(d) = ch.to_digit(10) {
                    file += d as usize;
                } else {
                    let colour = LETTERS.iter().position(|&l| l == ch.to_ascii_lowercase())?;
                    let side = usize::from(!ch.is_ascii_uppercase());
                    if file >= 8 {
                        return None;
                    }
                    board[rank][file] = Some((side, colour));
                    file += 1;
                }
            }
            if file != 8 {
                return None;
            }
        }
        let side = match side {
            "b" => 0,
            "g" => 1,
            _ => return None,
        };
        let colour_of = |ch: char| LETTERS.iter().position(|&l| l == ch);
        let required = match required {
            "-" => None,
            r if r.chars().count() == 1 => Some(colour_of(r.chars().next()?)?),
            _ => return None,
        };
        let earlier: Vec<usize> = match chain {
            "-" => Vec::new(),
            c => c.chars().map(colour_of).collect::<Option<_>>()?,
        };
        // Each side has one tower of each colour.
        for owner in 0..2 {
            let mut colours: Vec<usize> = board
                .iter()
                .flatten()
                .flatten()
                .filter(|&&(o, _)| o == owner)
                .map(|&(_, c)| c)
                .collect();
            colours.sort_unstable();
            if colours != (0..8).collect::<Vec<usize>>() {
                return None;
            }
        }
        if required.is_none()
            && (!earlier.is_empty() || side != 0 || board != RefPos::start().board)
        {
            // A free choice of tower is the first move's, from the start.
            return None;
        }
        let mut states = Vec::new();
        if let Some(current) = required {
            // The earlier states alternate sides backwards from the side to move.
            let k = earlier.len();
            for (j, &c) in earlier.iter().enumerate() {
                let back = k - j;
                states.push((if back % 2 == 1 { 1 - side } else { side }, c));
            }
            states.push((side, current));
        }
        let mut pos = RefPos {
            board,
            side,
            required,
            chain: states,
            outcome: None,
        };
        // A home-row win: the first tower to arrive is the only one, the loser is to move the
        // tower of the winning square's colour, with no chain.
        let winners: Vec<(usize, usize, usize)> = [(0, 7), (1, 0)]
            .into_iter()
            .flat_map(|(owner, rank)| (0..8).map(move |file| (owner, file, rank)))
            .filter(
                |&(owner, file, rank)| matches!(pos.board[rank][file], Some((o, _)) if o == owner),
            )
            .collect();
        match winners[..] {
            [] => {}
            [(owner, file, rank)] => {
                if side == owner
                    || required != Some(square_colour(file, rank))
                    || pos.chain.len() != 1
                {
                    return None;
                }
            }
            _ => return None,
        }
        // No state of the chain repeats an earlier one, but the current one (a deadlock).
        if let Some((_, earlier)) = pos.chain.split_last() {
            for (i, state) in earlier.iter().enumerate() {
                if earlier[..i].contains(state) {
                    return None;
                }
            }
        }
        // Each earlier state of the chain: its tower could not move, and it stands on a square
        // of the next state's colour (the colour its zero-length move gave the opponent).
        for pair in pos.chain.windows(2) {
            let [(side, colour), (_, next)] = [pair[0], pair[1]];
            let (file, rank) = pos.find(side, colour);
            if !pos.destinations(file, rank).is_empty() || square_colour(file, rank) != next {
                return None;
            }
        }
        for rank in [0, 7] {
            for file in 0..8 {
                if let Some((owner, _)) = pos.board[rank][file] {
                    let target = if owner == 0 { 7 } else { 0 };
                    if rank == target {
                        pos.outcome = Some((owner, "home_row"));
                    }
                }
            }
        }
        if let Some((&current, earlier)) = pos.chain.split_last() {
            if earlier.contains(&current) {
                pos.outcome = Some((pos.chain[0].0, "deadlock"));
            }
        }
        Some(pos)
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
        let (side, _) = self.board[rank][file].expect("a tower on the square");
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

    /// The legal moves as texts (`"c1a3"`, a blocked tower's `"h2h2"`), sorted. Empty when the
    /// game is over.
    ///
    /// # Panics
    /// When a tower that must move is missing from the board.
    #[must_use]
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

    /// Plays a move given as text (lowercase, four characters).
    ///
    /// # Panics
    /// When the move is not in [`RefPos::legal_moves`].
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

    /// The position text (board, side to move, required colour, earlier chain states), as
    /// `Display` of [`crate::Position`] prints it.
    #[must_use]
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
