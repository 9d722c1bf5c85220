//! [`ProofBook`]: the proof that Black wins from the start in 17 plies, read as an opening book
//! with the exact distance of every position it covers.
//!
//! The proof file (`book/start.proof`, written by `games solve kamisado --proof` and checked by
//! `games verify-proof`, both in the project's `docs/solutions.md`) lists, for every position
//! Black can face while following its strategy against any defence, the move Black plays
//! there: one that keeps the win shortest. Walking that strategy against every reply gives each
//! listed position's distance to the end (the longest the defence can make it), which is the
//! exact distance because every listed move is a shortest win.

use std::collections::HashMap;
use std::sync::OnceLock;

use kamisado_core::{Move, Position, Side};

/// The proof file embedded in the build: Black's winning strategy from the start.
pub const START_PROOF: &str = include_str!("../book/start.proof");

/// What the book says about a position where the winner is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The winner's move.
    pub mv: Move,
    /// The plies to the end from the position, this move included, against the longest
    /// defence.
    pub plies: u32,
}

/// The winner's strategy of a proof file, keyed by position, with the exact distances.
#[derive(Clone, Debug)]
pub struct ProofBook {
    winner: Side,
    moves: HashMap<u64, (Position, BookMove)>,
}

/// A proof file that is not a winning strategy of Kamisado: the line (from 1) and what is
/// wrong, or line 0 for the strategy as a whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    /// The line, from 1 (0: the strategy as a whole).
    pub line: usize,
    /// What is wrong.
    pub why: String,
}

impl core::fmt::Display for BookError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.line == 0 {
            write!(f, "proof book: {}", self.why)
        } else {
            write!(f, "proof book line {}: {}", self.line, self.why)
        }
    }
}

impl std::error::Error for BookError {}

impl ProofBook {
    /// The book of the embedded proof ([`START_PROOF`]), read once.
    ///
    /// # Panics
    /// Never with the shipped file (a test reads it); a broken build would panic here.
    #[must_use]
    pub fn start() -> &'static ProofBook {
        static BOOK: OnceLock<ProofBook> = OnceLock::new();
        BOOK.get_or_init(|| ProofBook::parse(START_PROOF).expect("the embedded proof file"))
    }

    /// Reads a proof file: its `winner` line and its `POSITION;MOVE` lines (the header's other
    /// lines and `#` comments are skipped), then walks the strategy from every listed position
    /// to find each one's distance.
    ///
    /// # Errors
    /// [`BookError`] for a line that does not parse, an illegal move, or a strategy that leaves
    /// the winner in a position it does not list or lets the defence win.
    pub fn parse(text: &str) -> Result<ProofBook, BookError> {
        let mut winner = None;
        let mut listed: HashMap<u64, (Position, Move)> = HashMap::new();
        for (n, line) in text.lines().enumerate() {
            let err = |why: String| BookError { line: n + 1, why };
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(side) = line.strip_prefix("winner ") {
                winner = Some(
                    side.trim()
                        .parse::<Side>()
                        .map_err(|e| err(format!("winner: {e}")))?,
                );
                continue;
            }
            let Some((position, mv)) = line.split_once(';') else {
                continue; // the other header lines
            };
            let pos: Position = position
                .parse()
                .map_err(|e| err(format!("position {position:?}: {e}")))?;
            let mv: Move = mv.parse().map_err(|e| err(format!("move {mv:?}: {e}")))?;
            if !pos.is_legal(mv) {
                return Err(err(format!("{mv} is not legal in {position}")));
            }
            listed.insert(pos.zobrist(), (pos, mv));
        }
        let winner = winner.ok_or_else(|| BookError {
            line: 0,
            why: "no winner line".to_owned(),
        })?;
        let mut distances: HashMap<u64, u32> = HashMap::new();
        let keys: Vec<u64> = listed.keys().copied().collect();
        for key in keys {
            let pos = listed[&key].0;
            distance(&pos, winner, &listed, &mut distances)?;
        }
        let moves = listed
            .into_iter()
            .map(|(key, (pos, mv))| {
                let plies = distances[&key];
                (key, (pos, BookMove { mv, plies }))
            })
            .collect();
        Ok(ProofBook { winner, moves })
    }

    /// The side the book wins for.
    #[must_use]
    pub fn winner(&self) -> Side {
        self.winner
    }

    /// The number of positions listed.
    #[must_use]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the book lists no position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The winner's move in `pos` and the exact distance, if the book lists `pos`.
    #[must_use]
    pub fn winning_move(&self, pos: &Position) -> Option<BookMove> {
        self.moves
            .get(&pos.zobrist())
            .filter(|(listed, _)| listed == pos)
            .map(|&(_, m)| m)
    }

    /// For a position of the loser (the winner's opponent to move) all of whose moves lead to
    /// the end of the game or to positions the book lists: the move that makes the game
    /// longest and the plies to the end (this move included). `None` otherwise.
    #[must_use]
    pub fn longest_defence(&self, pos: &Position) -> Option<BookMove> {
        if pos.is_over() || pos.side_to_move() == self.winner {
            return None;
        }
        let mut best: Option<BookMove> = None;
        for mv in pos.legal_moves() {
            let child = pos.after_unchecked(mv);
            let plies = if child.is_over() {
                // Only a loss can end the loser's game here (the book is a winning strategy);
                // a move that wins is never in a listed line.
                if winner_of(&child) != Some(self.winner) {
                    return None;
                }
                1
            } else {
                1 + self.winning_move(&child)?.plies
            };
            if best.is_none_or(|b| plies > b.plies) {
                best = Some(BookMove { mv, plies });
            }
        }
        best
    }
}

/// The winner of a finished game (`None` while it goes on).
fn winner_of(pos: &Position) -> Option<Side> {
    pos.outcome().and_then(abstract_game::Outcome::winner)
}

/// The plies to the end from `pos` (the winner to move, listed) when the winner follows the
/// strategy and the defence plays for the longest game; memoised in `distances`.
fn distance(
    pos: &Position,
    winner: Side,
    listed: &HashMap<u64, (Position, Move)>,
    distances: &mut HashMap<u64, u32>,
) -> Result<u32, BookError> {
    let key = pos.zobrist();
    if let Some(&d) = distances.get(&key) {
        return Ok(d);
    }
    let broken = |why: String| BookError { line: 0, why };
    let Some(&(_, mv)) = listed.get(&key) else {
        return Err(broken(format!("the winner's position {pos} is not listed")));
    };
    let after = pos.after_unchecked(mv);
    let d = if after.is_over() {
        if winner_of(&after) != Some(winner) {
            return Err(broken(format!("{mv} in {pos} does not win")));
        }
        1
    } else {
        let mut longest = 0;
        for reply in after.legal_moves() {
            let next = after.after_unchecked(reply);
            let d = if next.is_over() {
                if winner_of(&next) != Some(winner) {
                    return Err(broken(format!(
                        "{reply} after {mv} in {pos} wins for the defence"
                    )));
                }
                1
            } else {
                1 + distance(&next, winner, listed, distances)?
            };
            longest = longest.max(d);
        }
        1 + longest
    };
    distances.insert(key, d);
    Ok(d)
}
