//! The two-game mirror match: [`MirrorMatch`].

use core::fmt::{self, Write as _};

use abstract_game::{Game, PassMove, Player};

use crate::participant::Participant;
use crate::result::{Points, SessionResult};
use crate::session::{Format, Session};

/// How a mirror match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchOutcome {
    /// The participant with this index (into [`MirrorMatch::participants`]) has the higher
    /// total.
    Won {
        /// The winner's index.
        winner: usize,
    },
    /// Equal totals: a tied match.
    Tied,
}

/// Why a mirror match (or a [`Play`](crate::Play)) refused to start or go on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MatchError {
    /// The coaching round has no points, so it is never a match game.
    #[error("a mirror match is not played in the coaching round (it has no points)")]
    Coaching,
    /// [`MirrorMatch::next_game`] while the current game goes on.
    #[error("the current game is not over yet")]
    GameInProgress,
    /// Both games are played: there is no third game.
    #[error("the match is over: a mirror match has two games and no third")]
    MatchOver,
    /// A participant index other than 0 and 1.
    #[error("the participants are 0 and 1, not {0}")]
    NoSuchParticipant(usize),
    /// [`Play::next_game`](crate::Play::next_game) of a single session: only a mirror match has
    /// a second game.
    #[error("only a mirror match has a second game")]
    NotAMatch,
}

/// Two games from the same start with the participants' sides swapped: in game one
/// `participants[0]` plays `Player::BOTH[0]`, in game two `participants[1]` does. Game two restores exactly the start of game
/// one (Onitama: the same deal and side card), so the side that the start names moves first in
/// both games: each participant starts once.
///
/// A win is 1 point, a draw ½ each ([`Points`]). After two games the higher total wins the match
/// and equal totals are a tied match; there is no third game. A game abandoned without a result
/// scores nothing and is played again with the same sides ([`MirrorMatch::next_game`]).
///
/// ```
/// use abstract_game::tictactoe::TicTacToe;
/// use game_sessions::{Format, MatchOutcome, MirrorMatch, Participant};
///
/// let participants = [Participant::person("Ann"), Participant::person("Ben")];
/// let mut m = MirrorMatch::new("tictactoe", TicTacToe::new(), participants, Format::Casual)?;
/// m.current_mut().agree_draw()?;
/// m.next_game()?.agree_draw()?;
/// assert_eq!(m.outcome(), Some(MatchOutcome::Tied));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MirrorMatch<G: Game> {
    participants: [Participant; 2],
    games: Vec<Session<G>>,
}

impl<G: PassMove> MirrorMatch<G> {
    /// A match of the game `game` (a label) from `start`, game one under way.
    ///
    /// # Errors
    /// [`MatchError::Coaching`] for [`Format::Coaching`].
    pub fn new(
        game: impl Into<String>,
        start: G,
        participants: [Participant; 2],
        format: Format,
    ) -> Result<Self, MatchError> {
        if format == Format::Coaching {
            return Err(MatchError::Coaching);
        }
        let first = Session::new(game, start, participants.clone(), format);
        Ok(MirrorMatch {
            participants,
            games: vec![first],
        })
    }

    pub(crate) fn from_parts(
        participants: [Participant; 2],
        games: Vec<Session<G>>,
    ) -> Result<Self, String> {
        if games.is_empty() || games.len() > 2 {
            return Err(format!(
                "a mirror match holds one or two games, not {}",
                games.len()
            ));
        }
        let first = &games[0];
        if first.format() == Format::Coaching {
            return Err(MatchError::Coaching.to_string());
        }
        for (i, game) in games.iter().enumerate() {
            let number = i + 1;
            if game.format() != first.format() {
                return Err(format!(
                    "game {number} is a {} game, game 1 a {} game: both games of a mirror match have the same format",
                    game.format().id(),
                    first.format().id()
                ));
            }
            if game.game() != first.game() {
                return Err(format!(
                    "game {number} is a game of {}, game 1 of {}",
                    game.game(),
                    first.game()
                ));
            }
            for (index, participant) in participants.iter().enumerate() {
                let side = Self::side_of(index, number);
                if game.participant(side) != participant {
                    return Err(format!(
                        "game {number}: {side} is played by {}, but in a mirror match it is {participant}'s side",
                        game.participant(side)
                    ));
                }
            }
        }
        if let Some(second) = games.get(1) {
            if !first.result().is_some_and(SessionResult::has_result) {
                return Err(
                    "game 2 exists while game 1 has no result: game 2 starts after game 1 ends"
                        .to_owned(),
                );
            }
            if second.record().start() != first.record().start() {
                return Err(
                    "game 2 does not start from game 1's start (a mirror match replays the same start)"
                        .to_owned(),
                );
            }
        }
        Ok(MirrorMatch {
            participants,
            games,
        })
    }

    /// Replaces participant `index` (0 or 1; a person who joins a match shared by a link) in
    /// the match and in every game, on the side they play there.
    ///
    /// # Errors
    /// [`MatchError::NoSuchParticipant`] for an index other than 0 and 1.
    pub fn set_participant(
        &mut self,
        index: usize,
        participant: Participant,
    ) -> Result<(), MatchError> {
        if index > 1 {
            return Err(MatchError::NoSuchParticipant(index));
        }
        for (i, game) in self.games.iter_mut().enumerate() {
            game.set_participant(Self::side_of(index, i + 1), participant.clone());
        }
        self.participants[index] = participant;
        Ok(())
    }

    /// The two participants, by participant index: the side each plays changes with the game
    /// ([`MirrorMatch::side_of`]).
    #[must_use]
    pub fn participants(&self) -> &[Participant; 2] {
        &self.participants
    }

    /// The games so far (one or two; an abandoned game is replaced when replayed).
    #[must_use]
    pub fn games(&self) -> &[Session<G>] {
        &self.games
    }

    /// The game being played (or the last one).
    #[must_use]
    pub fn current(&self) -> &Session<G> {
        &self.games[self.games.len() - 1]
    }

    /// The game being played, to play in it.
    pub fn current_mut(&mut self) -> &mut Session<G> {
        let last = self.games.len() - 1;
        &mut self.games[last]
    }

    /// The number of the current game: 1 or 2.
    #[must_use]
    pub fn game_number(&self) -> usize {
        self.games.len()
    }

    /// The side participant `index` plays in game `number` (1 or 2).
    #[must_use]
    pub fn side_of(index: usize, number: usize) -> G::Player {
        G::Player::BOTH[(index + number + 1) % 2]
    }

    /// Starts the next game: game two with the sides swapped, or game one again after it was
    /// abandoned (game two likewise).
    ///
    /// # Errors
    /// [`MatchError::GameInProgress`] while the current game goes on, [`MatchError::MatchOver`]
    /// after two games with results.
    pub fn next_game(&mut self) -> Result<&mut Session<G>, MatchError> {
        let current = self.current();
        let Some(result) = current.result() else {
            return Err(MatchError::GameInProgress);
        };
        let number = self.game_number();
        if number == 2 && result.has_result() {
            return Err(MatchError::MatchOver);
        }
        let start = self.games[0].record().start().clone();
        let game = current.game().to_owned();
        let format = current.format();
        let participants = if result.has_result() {
            let [a, b] = self.participants.clone();
            [b, a]
        } else {
            current.participants().clone()
        };
        let next = Session::new(game, start, participants, format);
        if result.has_result() {
            self.games.push(next);
        } else {
            *self.current_mut() = next;
        }
        Ok(self.current_mut())
    }

    /// The points of participant `index` over the games with a result.
    #[must_use]
    pub fn points(&self, index: usize) -> Points {
        let mut total = Points::ZERO;
        for (i, game) in self.games.iter().enumerate() {
            if let Some(p) = game
                .result()
                .and_then(|r| r.points(Self::side_of(index, i + 1)))
            {
                total += p;
            }
        }
        total
    }

    /// Whether both games have been played with a result.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.games.len() == 2
            && self
                .current()
                .result()
                .is_some_and(SessionResult::has_result)
    }

    /// The match result once both games are played.
    #[must_use]
    pub fn outcome(&self) -> Option<MatchOutcome> {
        if !self.is_over() {
            return None;
        }
        let (a, b) = (self.points(0), self.points(1));
        Some(match a.cmp(&b) {
            core::cmp::Ordering::Greater => MatchOutcome::Won { winner: 0 },
            core::cmp::Ordering::Less => MatchOutcome::Won { winner: 1 },
            core::cmp::Ordering::Equal => MatchOutcome::Tied,
        })
    }

    /// The score table: one line per game (the sides each participant played, the result, the
    /// points), then the totals and the match result.
    #[must_use]
    pub fn table(&self) -> String
    where
        G::Reason: fmt::Display,
    {
        // Strings first: a participant's `Display` does not pad, and the columns are as wide as
        // their widest entry (a name, a cell such as Kamisado's `1 (black)`, a total).
        let [a, b] = self.participants.each_ref().map(ToString::to_string);
        let rows: Vec<(usize, [String; 2], String)> = self
            .games
            .iter()
            .enumerate()
            .map(|(i, game)| {
                let number = i + 1;
                let result = game.result();
                let cell = |index: usize| {
                    let side = Self::side_of(index, number);
                    let points = result
                        .and_then(|r| r.points(side))
                        .map_or_else(|| "-".to_owned(), |p| p.to_string());
                    format!("{points} ({side})")
                };
                let words = result.map_or_else(|| "in progress".to_owned(), |r| r.to_string());
                (number, [cell(0), cell(1)], words)
            })
            .collect();
        let totals = [self.points(0).to_string(), self.points(1).to_string()];
        let width = [&a, &b]
            .into_iter()
            .chain(rows.iter().flat_map(|(_, cells, _)| cells))
            .chain(&totals)
            .map(|text| text.chars().count())
            .max()
            .unwrap_or(0)
            .max(6);
        let mut out = format!("game  {a:<width$}  {b:<width$}  result\n");
        for (number, [x, y], words) in rows {
            let _ = writeln!(out, "{number:<4}  {x:<width$}  {y:<width$}  {words}");
        }
        let [x, y] = &totals;
        let total = format!("total {x:<width$}  {y:<width$}");
        let _ = writeln!(out, "{}", total.trim_end());
        match self.outcome() {
            Some(MatchOutcome::Won { winner }) => {
                let _ = writeln!(out, "match: {} wins", self.participants[winner]);
            }
            Some(MatchOutcome::Tied) => out.push_str("match: tied\n"),
            None => {}
        }
        out
    }
}
