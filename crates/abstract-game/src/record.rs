//! [`GameRecord`]: one game from its start position, for every game of the workspace.
//!
//! A record holds the start position, the moves played and every position reached. It supports
//! undo and redo (one move is one ply, a pass included), counts repetitions for games with a
//! [`ZobristHash`], and holds how a session ended when the rules did not end it: an agreed
//! draw, a resignation, or a game abandoned without a result ([`Ending`]). Its text form (with
//! [`Notation`]) is the start followed by the moves, and serde (feature `serde`) uses that text.
//!
//! ```
//! use abstract_game::record::{GameRecord, GameResult};
//! use abstract_game::tictactoe::{Mark, TicTacToe};
//!
//! let mut game = GameRecord::new(TicTacToe::new());
//! for square in [4, 0, 8] {
//!     game.play(square)?;
//! }
//! assert_eq!(game.to_string(), ".../.../... x 4 0 8");
//! assert_eq!(game.undo(), Some(8));
//! assert_eq!(game.ply(), 2);
//! game.redo();
//! game.resign(Mark::O);
//! assert_eq!(game.result(), Some(GameResult::Resigned { winner: Mark::X }));
//!
//! let again: GameRecord<TicTacToe> = game.to_string().parse()?;
//! assert_eq!(again, game);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::game::{Game, Notation, ZobristHash};
use crate::outcome::Outcome;
use crate::player::Player;

/// How a session ended when the rules did not end it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Ending<P> {
    /// Both players agreed to a draw.
    DrawAgreed,
    /// A player resigned, so the other one won.
    Resigned {
        /// The player who won (the opponent of the one who resigned).
        winner: P,
    },
    /// The game was stopped without a result (a restart, a dispute, a closed window).
    Abandoned,
}

impl<P: Player> Ending<P> {
    /// The token that ends a record text: `draw`, `resign:<loser>` or `abandoned`.
    #[must_use]
    pub fn token(self) -> String {
        match self {
            Ending::DrawAgreed => "draw".to_owned(),
            Ending::Resigned { winner } => format!("resign:{}", winner.other().id()),
            Ending::Abandoned => "abandoned".to_owned(),
        }
    }

    /// Reads a [`Ending::token`]; `None` if the text is not one.
    #[must_use]
    pub fn from_token(text: &str) -> Option<Self> {
        match text {
            "draw" => Some(Ending::DrawAgreed),
            "abandoned" => Some(Ending::Abandoned),
            _ => {
                let loser = text.strip_prefix("resign:")?;
                let loser = P::BOTH.into_iter().find(|p| p.id() == loser)?;
                Some(Ending::Resigned {
                    winner: loser.other(),
                })
            }
        }
    }
}

impl<P: Player> fmt::Display for Ending<P> {
    /// `draw by agreement`, `black resigns`, `abandoned without a result`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::DrawAgreed => f.write_str("draw by agreement"),
            Ending::Resigned { winner } => write!(f, "{} resigns", winner.other()),
            Ending::Abandoned => f.write_str("abandoned without a result"),
        }
    }
}

/// How a recorded game ended: by the rules, or by the players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GameResult<P, R> {
    /// The rules ended the game: the current position is finished.
    Outcome(Outcome<P, R>),
    /// Both players agreed to a draw.
    DrawAgreed,
    /// A player resigned.
    Resigned {
        /// The player who won.
        winner: P,
    },
    /// Stopped without a result.
    Abandoned,
}

impl<P: Player, R: Copy> GameResult<P, R> {
    /// The winner, if the game was decided.
    #[must_use]
    pub fn winner(self) -> Option<P> {
        match self {
            GameResult::Outcome(Outcome::Win { winner, .. }) | GameResult::Resigned { winner } => {
                Some(winner)
            }
            _ => None,
        }
    }

    /// Whether the game counts as played: everything but [`GameResult::Abandoned`].
    #[must_use]
    pub fn has_result(self) -> bool {
        !matches!(self, GameResult::Abandoned)
    }
}

impl<P: Player, R> From<Ending<P>> for GameResult<P, R> {
    fn from(ending: Ending<P>) -> Self {
        match ending {
            Ending::DrawAgreed => GameResult::DrawAgreed,
            Ending::Resigned { winner } => GameResult::Resigned { winner },
            Ending::Abandoned => GameResult::Abandoned,
        }
    }
}

impl<P: Player, R: fmt::Display> fmt::Display for GameResult<P, R> {
    /// `gold wins by deadlock`, `draw by agreement`, `black resigns`, `abandoned without a result`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Outcome(outcome) => outcome.fmt(f),
            GameResult::DrawAgreed => Ending::<P>::DrawAgreed.fmt(f),
            GameResult::Resigned { winner } => Ending::Resigned { winner: *winner }.fmt(f),
            GameResult::Abandoned => Ending::<P>::Abandoned.fmt(f),
        }
    }
}

/// Why [`GameRecord::play`] rejected a move. The record is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError<E, P: Player> {
    /// The rules reject the move.
    #[error(transparent)]
    Illegal(E),
    /// The players ended the game (undo takes the ending back).
    #[error("the game has ended: {ending}")]
    Ended {
        /// How.
        ending: Ending<P>,
    },
}

/// A game from its start: the moves played, every position reached, undo and redo, and how the
/// session ended if the players ended it.
///
/// `positions()[i]` is the position after `i` moves. Undone moves stay until a different move is
/// played, so [`GameRecord::redo`] can replay them. An [`Ending`] (draw, resignation,
/// abandonment) belongs to the current ply: undo takes it back first.
///
/// Equality compares the whole record, the redo tail included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord<G: Game> {
    /// `positions[i]` is the position after `i` moves, for every move including the redo tail.
    positions: Vec<G>,
    /// Every move, the redo tail included.
    moves: Vec<G::Move>,
    /// How many moves are currently played.
    cursor: usize,
    /// How the players ended the game, if they did.
    ending: Option<Ending<G::Player>>,
}

impl<G: Game + Default> Default for GameRecord<G> {
    fn default() -> Self {
        GameRecord::new(G::default())
    }
}

impl<G: Game> GameRecord<G> {
    /// A record with no moves yet, starting from `start`.
    #[must_use]
    pub fn new(start: G) -> Self {
        GameRecord {
            positions: vec![start],
            moves: Vec::new(),
            cursor: 0,
            ending: None,
        }
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> &G {
        &self.positions[0]
    }

    /// The current position (after the moves played and not undone).
    #[must_use]
    pub fn position(&self) -> &G {
        &self.positions[self.cursor]
    }

    /// The moves played so far (not the undone ones).
    #[must_use]
    pub fn moves(&self) -> &[G::Move] {
        &self.moves[..self.cursor]
    }

    /// The undone moves that [`GameRecord::redo`] would replay, next first.
    #[must_use]
    pub fn redo_moves(&self) -> &[G::Move] {
        &self.moves[self.cursor..]
    }

    /// The positions from the start to the current one: one more than [`GameRecord::moves`].
    #[must_use]
    pub fn positions(&self) -> &[G] {
        &self.positions[..=self.cursor]
    }

    /// The number of moves played (plies, passes included).
    #[must_use]
    pub fn ply(&self) -> usize {
        self.cursor
    }

    /// The last move played, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<G::Move> {
        self.moves().last().copied()
    }

    /// The outcome the rules give the current position (`None` while it goes on, even if the
    /// players ended the session).
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome<G::Player, G::Reason>> {
        self.position().outcome()
    }

    /// How the players ended the game, if they did.
    #[must_use]
    pub fn ending(&self) -> Option<Ending<G::Player>> {
        self.ending
    }

    /// How the game ended, by the rules or by the players; `None` while it goes on.
    #[must_use]
    pub fn result(&self) -> Option<GameResult<G::Player, G::Reason>> {
        match self.ending {
            Some(ending) => Some(ending.into()),
            None => self.outcome().map(GameResult::Outcome),
        }
    }

    /// Whether the game is over, by the rules or by the players.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.ending.is_some() || self.position().is_over()
    }

    /// Plays `mv` in the current position. Any undone moves are forgotten.
    ///
    /// # Errors
    /// [`PlayError::Illegal`] with the rules' reason, or [`PlayError::Ended`] after an
    /// [`Ending`]; the record is then unchanged.
    pub fn play(&mut self, mv: G::Move) -> Result<(), PlayError<G::IllegalMove, G::Player>> {
        if let Some(ending) = self.ending {
            return Err(PlayError::Ended { ending });
        }
        let mut next = self.position().clone();
        next.play(mv).map_err(PlayError::Illegal)?;
        self.positions.truncate(self.cursor + 1);
        self.moves.truncate(self.cursor);
        self.positions.push(next);
        self.moves.push(mv);
        self.cursor += 1;
        Ok(())
    }

    /// Takes back the players' [`Ending`] if there is one (and returns `None`), otherwise the
    /// last move played, which it returns; `None` at the start.
    pub fn undo(&mut self) -> Option<G::Move> {
        if self.ending.take().is_some() {
            return None;
        }
        self.cursor = self.cursor.checked_sub(1)?;
        Some(self.moves[self.cursor])
    }

    /// Replays the next undone move and returns it; `None` if there is none or the players ended
    /// the game.
    pub fn redo(&mut self) -> Option<G::Move> {
        if self.ending.is_some() {
            return None;
        }
        let mv = *self.moves.get(self.cursor)?;
        self.cursor += 1;
        Some(mv)
    }

    /// Forgets the undone moves: [`GameRecord::redo`] then has nothing to replay (as after a
    /// new move). A front end calls it when the players end the game instead of replaying them.
    pub fn forget_redo(&mut self) {
        self.positions.truncate(self.cursor + 1);
        self.moves.truncate(self.cursor);
    }

    /// Whether [`GameRecord::undo`] would change anything.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        self.cursor > 0 || self.ending.is_some()
    }

    /// Whether [`GameRecord::redo`] would replay a move.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        self.ending.is_none() && self.cursor < self.moves.len()
    }

    /// Ends the game with an [`Ending`]. Returns `false` (and changes nothing) if the game is
    /// already over.
    pub fn end(&mut self, ending: Ending<G::Player>) -> bool {
        if self.is_over() {
            return false;
        }
        self.ending = Some(ending);
        true
    }

    /// Records a draw agreed by both players; `false` if the game is already over.
    pub fn agree_draw(&mut self) -> bool {
        self.end(Ending::DrawAgreed)
    }

    /// Records that `player` resigned; `false` if the game is already over.
    pub fn resign(&mut self, player: G::Player) -> bool {
        self.end(Ending::Resigned {
            winner: player.other(),
        })
    }

    /// Records that the game stopped without a result; `false` if it is already over.
    pub fn abandon(&mut self) -> bool {
        self.end(Ending::Abandoned)
    }
}

impl<G: ZobristHash> GameRecord<G> {
    /// The Zobrist hashes of the positions before the current one, oldest first: what engines
    /// that score repetitions need (`Engine::set_earlier_positions` in `game-engines`).
    #[must_use]
    pub fn earlier_zobrists(&self) -> Vec<u64> {
        self.positions()[..self.cursor]
            .iter()
            .map(ZobristHash::zobrist)
            .collect()
    }

    /// How many times the current position has occurred so far, this time included (`1` for a
    /// position seen for the first time). Positions repeat when they are equal: everything that
    /// decides the rest of the game is the same.
    #[must_use]
    pub fn repetition_count(&self) -> usize {
        let current = self.position();
        let zobrist = current.zobrist();
        self.positions()
            .iter()
            .filter(|p| p.zobrist() == zobrist && *p == current)
            .count()
    }
}

impl<G: Notation> GameRecord<G> {
    /// The moves played, in the game's notation (each in the position it was played in).
    #[must_use]
    pub fn move_texts(&self) -> Vec<String> {
        self.moves()
            .iter()
            .zip(self.positions())
            .map(|(&mv, pos)| pos.move_text(mv))
            .collect()
    }
}

impl<G: Notation> fmt::Display for GameRecord<G> {
    /// The start ([`Notation::start_text`]), the moves played, and the [`Ending`] token if the
    /// players ended the game, separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.start().start_text())?;
        for text in self.move_texts() {
            write!(f, " {text}")?;
        }
        if let Some(ending) = self.ending {
            write!(f, " {}", ending.token())?;
        }
        Ok(())
    }
}

/// Why a record text was rejected. Move indices count from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseRecordError<G: Notation> {
    /// The text holds no token.
    #[error("empty game record: expected a start position, then the moves")]
    Empty,
    /// The start is invalid.
    #[error("start position: {0}")]
    Start(G::ParsePositionError),
    /// A move text is malformed.
    #[error("move {index} ({text:?}): {source}")]
    MoveText {
        /// The move's number, from 1.
        index: usize,
        /// Its text.
        text: String,
        /// What is wrong with it.
        source: G::ParseMoveError,
    },
    /// A move is not legal in the position reached by the moves before it.
    #[error("move {index} ({text:?}): {source}")]
    IllegalMove {
        /// The move's number, from 1.
        index: usize,
        /// Its text.
        text: String,
        /// Why it is illegal.
        source: G::IllegalMove,
    },
    /// An ending token where the game is already over.
    #[error("{text:?} after move {after}: the game is already over")]
    EndingAfterEnd {
        /// The token.
        text: String,
        /// The number of moves before it.
        after: usize,
    },
    /// A token after the ending token, which must come last.
    #[error("unexpected {text:?} after the ending {ending:?}: the ending token comes last")]
    AfterEnding {
        /// The first token after the ending.
        text: String,
        /// The ending token.
        ending: String,
    },
}

impl<G: Notation> FromStr for GameRecord<G> {
    type Err = ParseRecordError<G>;

    /// Reads the start ([`Notation::parse_start`]), replays the moves after it (any whitespace
    /// between tokens) and reads an optional last [`Ending`] token, stopping at the first bad
    /// token.
    fn from_str(text: &str) -> Result<Self, ParseRecordError<G>> {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        if tokens.is_empty() {
            return Err(ParseRecordError::Empty);
        }
        let (start, used) = G::parse_start(&tokens).map_err(ParseRecordError::Start)?;
        let mut record = GameRecord::new(start);
        let mut rest = tokens[used.min(tokens.len())..].iter();
        let mut index = 0;
        while let Some(&token) = rest.next() {
            if let Some(ending) = Ending::from_token(token) {
                if !record.end(ending) {
                    return Err(ParseRecordError::EndingAfterEnd {
                        text: token.to_owned(),
                        after: index,
                    });
                }
                if let Some(&next) = rest.next() {
                    return Err(ParseRecordError::AfterEnding {
                        text: next.to_owned(),
                        ending: token.to_owned(),
                    });
                }
                break;
            }
            index += 1;
            let mv = record.position().parse_move(token).map_err(|source| {
                ParseRecordError::MoveText {
                    index,
                    text: token.to_owned(),
                    source,
                }
            })?;
            record.play(mv).map_err(|e| match e {
                PlayError::Illegal(source) => ParseRecordError::IllegalMove {
                    index,
                    text: token.to_owned(),
                    source,
                },
                // No ending is set while moves are read.
                PlayError::Ended { ending } => ParseRecordError::EndingAfterEnd {
                    text: ending.token(),
                    after: index - 1,
                },
            })?;
        }
        Ok(record)
    }
}

#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<G: Notation> serde::Serialize for GameRecord<G> {
    /// As its text.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de, G: Notation> serde::Deserialize<'de> for GameRecord<G> {
    /// From its text.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Text<G>(core::marker::PhantomData<G>);
        impl<G: Notation> serde::de::Visitor<'_> for Text<G> {
            type Value = GameRecord<G>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a game record text: the start position, then the moves")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<GameRecord<G>, E> {
                v.parse().map_err(E::custom)
            }
        }
        deserializer.deserialize_str(Text(core::marker::PhantomData))
    }
}
