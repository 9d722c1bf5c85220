//! Game records: a start, the moves, undo/redo, repetitions and draws by agreement.

use core::fmt;
use core::str::FromStr;

use crate::deal::Deal;
use crate::error::{IllegalMoveError, IllegalMoveReason, ParseRecordError};
use crate::moves::Move;
use crate::outcome::WinReason;
use crate::position::Position;
use crate::side::Side;

/// How a recorded game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum GameResult {
    /// A side won on the board.
    Win {
        /// The winner.
        winner: Side,
        /// The way of winning.
        reason: WinReason,
    },
    /// Both players agreed to a draw (the rules never end a game as a draw by themselves).
    DrawByAgreement,
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Win { winner, reason } => write!(f, "{winner} wins by the {reason}"),
            GameResult::DrawByAgreement => f.write_str("draw by agreement"),
        }
    }
}

/// A game from its start: the moves played, with undo and redo, repetition counting and the
/// draw by agreement.
///
/// Text form: the start (a deal such as `horse,elephant,ox,boar,crab`, or the five fields of a
/// position), then the moves, all separated by spaces, then `draw` if the players agreed to a
/// draw. Only the moves up to the current one are written (an undone tail is not).
///
/// ```
/// use onitama_core::{Deal, GameRecord};
/// let mut record = GameRecord::from_deal(Deal::COMMUNITY_A);
/// for mv in ["ox:c5c4", "horse:c1c2", "boar:c4c3", "elephant:b1a2"] {
///     record.play(mv.parse()?)?;
/// }
/// assert_eq!(record.to_string(), "horse,elephant,ox,boar,crab ox:c5c4 horse:c1c2 boar:c4c3 elephant:b1a2");
/// record.undo();
/// assert_eq!(record.moves().len(), 3);
/// record.redo();
/// let again: GameRecord = record.to_string().parse()?;
/// assert_eq!(again.position(), record.position());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameRecord {
    deal: Option<Deal>,
    /// `positions[i]` is the position after `i` moves; `positions[0]` is the start.
    positions: Vec<Position>,
    /// Every move played, including an undone tail that `redo` replays.
    moves: Vec<Move>,
    /// The number of moves currently applied.
    cursor: usize,
    draw_agreed: bool,
}

impl GameRecord {
    /// A record starting from `start`.
    #[must_use]
    pub fn new(start: Position) -> GameRecord {
        GameRecord {
            deal: None,
            positions: vec![start],
            moves: Vec::new(),
            cursor: 0,
            draw_agreed: false,
        }
    }

    /// A record starting from the start position of `deal` (written as the deal in text).
    #[must_use]
    pub fn from_deal(deal: Deal) -> GameRecord {
        GameRecord {
            deal: Some(deal),
            ..GameRecord::new(Position::from_deal(deal))
        }
    }

    /// The deal the game started from, if it was started from one.
    #[must_use]
    pub fn deal(&self) -> Option<Deal> {
        self.deal
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> Position {
        self.positions[0]
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> Position {
        self.positions[self.cursor]
    }

    /// The moves played up to the current position.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves[..self.cursor]
    }

    /// The undone moves that [`GameRecord::redo`] would replay, next first.
    #[must_use]
    pub fn redo_moves(&self) -> &[Move] {
        &self.moves[self.cursor..]
    }

    /// The positions from the start to the current one.
    #[must_use]
    pub fn positions(&self) -> &[Position] {
        &self.positions[..=self.cursor]
    }

    /// Plays `mv` in the current position; an undone tail is discarded.
    ///
    /// # Errors
    /// [`IllegalMoveError`] if the move is illegal, or with [`IllegalMoveReason::DrawAgreed`]
    /// after an agreed draw. The record is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        if self.draw_agreed {
            return Err(IllegalMoveError {
                mv,
                reason: IllegalMoveReason::DrawAgreed,
            });
        }
        let next = self.position().after(mv)?;
        self.moves.truncate(self.cursor);
        self.positions.truncate(self.cursor + 1);
        self.moves.push(mv);
        self.positions.push(next);
        self.cursor += 1;
        Ok(())
    }

    /// Takes back the last move (and cancels an agreed draw); returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        self.draw_agreed = false;
        if self.cursor == 0 {
            return None;
        }
        self.cursor -= 1;
        Some(self.moves[self.cursor])
    }

    /// Replays the next undone move; returns it, or `None` if there is none.
    pub fn redo(&mut self) -> Option<Move> {
        if self.cursor == self.moves.len() || self.draw_agreed {
            return None;
        }
        self.cursor += 1;
        Some(self.moves[self.cursor - 1])
    }

    /// How many times the current position has occurred in the game so far, this time included
    /// (so `1` for a position seen for the first time).
    ///
    /// Two positions repeat when everything that decides the rest of the game is equal: the
    /// pieces, each side's two cards, the side card and the side to move. The same board with
    /// other cards is not a repetition. The rules never end a game on repetitions; players may
    /// use the count to agree to a draw.
    #[must_use]
    pub fn repetition_count(&self) -> usize {
        let current = self.position();
        self.positions()
            .iter()
            .filter(|p| p.zobrist() == current.zobrist() && **p == current)
            .count()
    }

    /// Records a draw agreed by both players; returns `false` (and changes nothing) if the game
    /// is already over.
    pub fn agree_draw(&mut self) -> bool {
        if self.result().is_some() {
            return false;
        }
        self.draw_agreed = true;
        true
    }

    /// Whether the players agreed to a draw.
    #[must_use]
    pub fn is_draw_agreed(&self) -> bool {
        self.draw_agreed
    }

    /// How the game ended, or `None` while it goes on.
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        if self.draw_agreed {
            return Some(GameResult::DrawByAgreement);
        }
        let outcome = self.position().outcome()?;
        Some(GameResult::Win {
            winner: outcome.winner,
            reason: outcome.reason,
        })
    }
}

impl fmt::Display for GameRecord {
    /// The start (deal or position), the moves played, and `draw` after an agreed draw.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.deal {
            Some(deal) => write!(f, "{deal}")?,
            None => write!(f, "{}", self.start())?,
        }
        for mv in self.moves() {
            write!(f, " {mv}")?;
        }
        if self.draw_agreed {
            f.write_str(" draw")?;
        }
        Ok(())
    }
}

impl FromStr for GameRecord {
    type Err = ParseRecordError;

    /// Reads a record: a deal or a position, then moves separated by whitespace, then optionally
    /// `draw`. Every move is replayed.
    ///
    /// # Errors
    /// The first bad or illegal move by its index (from 1) and text, or what is wrong with the
    /// start.
    fn from_str(text: &str) -> Result<GameRecord, ParseRecordError> {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let Some(first) = tokens.first() else {
            return Err(ParseRecordError::Empty);
        };
        let (mut record, rest) = if first.contains('/') {
            let n = tokens.len().min(5);
            let pos: Position = tokens[..n].join(" ").parse()?;
            (GameRecord::new(pos), &tokens[n..])
        } else {
            (GameRecord::from_deal(first.parse()?), &tokens[1..])
        };
        for (i, token) in rest.iter().enumerate() {
            if record.draw_agreed {
                return Err(ParseRecordError::AfterDraw {
                    text: (*token).to_owned(),
                });
            }
            if token.eq_ignore_ascii_case("draw") {
                if !record.agree_draw() {
                    let mv_err = record
                        .position()
                        .outcome()
                        .map_or(IllegalMoveReason::DrawAgreed, |outcome| {
                            IllegalMoveReason::GameOver { outcome }
                        });
                    return Err(ParseRecordError::DrawAfterEnd {
                        index: i + 1,
                        reason: mv_err,
                    });
                }
                continue;
            }
            let index = i + 1;
            let mv: Move = token.parse().map_err(|source| ParseRecordError::MoveText {
                index,
                text: (*token).to_owned(),
                source,
            })?;
            record
                .play(mv)
                .map_err(|source| ParseRecordError::IllegalMove {
                    index,
                    text: (*token).to_owned(),
                    source,
                })?;
        }
        Ok(record)
    }
}
