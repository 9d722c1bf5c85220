//! [`Play`]: what is being played, one session or a two-game mirror match.

use abstract_game::{Game, PassMove, Player};

use crate::mirror::{MatchError, MirrorMatch};
use crate::participant::Participant;
use crate::session::Session;

/// What is being played: one [`Session`], or the two games of a [`MirrorMatch`]. A front end
/// holds one `Play` and plays in the game under way ([`Play::current_mut`]), whichever it is.
///
/// The two participants keep their index (0 or 1) for the whole play: in a single session it is
/// the [`Player::index`] of the side they play; in a mirror match their sides swap in game two.
/// [`Play::sides`] and [`Play::participant_index`] translate between the two in the current
/// game.
///
/// A `Play` is saved as one JSON file ([`Play::to_json`]) and loaded back, checked against the
/// game it is for ([`Play::from_json`]).
///
/// ```
/// use abstract_game::tictactoe::{Mark, TicTacToe};
/// use game_sessions::{Format, MirrorMatch, Participant, Play};
///
/// let participants = [Participant::person("Ann"), Participant::person("Ben")];
/// let mut play: Play<TicTacToe> =
///     MirrorMatch::new("tictactoe", TicTacToe::new(), participants, Format::Casual)?.into();
/// assert_eq!(play.sides(), [Mark::X, Mark::O]); // Ann plays X in game one
/// play.current_mut().resign(Mark::O)?; // Ben resigns
/// play.next_game()?;
/// assert_eq!(play.sides(), [Mark::O, Mark::X]); // and Ben plays X in game two
/// assert_eq!(play.participant_index(Mark::X), 1);
/// assert_eq!(play.current().participant(Mark::X).name(), "Ben");
///
/// let again = Play::<TicTacToe>::from_json(&play.to_json(), "tictactoe")?;
/// assert_eq!(again, play);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)]
pub enum Play<G: Game> {
    /// One session.
    Single(Session<G>),
    /// A two-game mirror match.
    Mirror(MirrorMatch<G>),
}

impl<G: Game> From<Session<G>> for Play<G> {
    fn from(session: Session<G>) -> Self {
        Play::Single(session)
    }
}

impl<G: Game> From<MirrorMatch<G>> for Play<G> {
    fn from(mirror: MirrorMatch<G>) -> Self {
        Play::Mirror(mirror)
    }
}

impl<G: PassMove> Play<G> {
    /// The game being played: the session, or the match's current game (the last one once the
    /// match is over).
    #[must_use]
    pub fn current(&self) -> &Session<G> {
        match self {
            Play::Single(session) => session,
            Play::Mirror(mirror) => mirror.current(),
        }
    }

    /// The game being played, to play in it.
    pub fn current_mut(&mut self) -> &mut Session<G> {
        match self {
            Play::Single(session) => session,
            Play::Mirror(mirror) => mirror.current_mut(),
        }
    }

    /// The game's label, as given to [`Session::new`] or [`MirrorMatch::new`].
    #[must_use]
    pub fn game(&self) -> &str {
        self.current().game()
    }

    /// The two participants, by participant index.
    #[must_use]
    pub fn participants(&self) -> &[Participant; 2] {
        match self {
            Play::Single(session) => session.participants(),
            Play::Mirror(mirror) => mirror.participants(),
        }
    }

    /// The side each participant plays in the current game, by participant index: the game's
    /// [`Player::BOTH`] order in a single session and in game one of a mirror match, swapped in
    /// game two.
    #[must_use]
    pub fn sides(&self) -> [G::Player; 2] {
        match self {
            Play::Single(_) => G::Player::BOTH,
            Play::Mirror(mirror) => {
                let number = mirror.game_number();
                [0, 1].map(|index| MirrorMatch::<G>::side_of(index, number))
            }
        }
    }

    /// The index of the participant who plays `player` in the current game.
    #[must_use]
    pub fn participant_index(&self, player: G::Player) -> usize {
        usize::from(self.sides()[0] != player)
    }

    /// Replaces participant `index` (0 or 1; a person who joins a game shared by a link), in
    /// the match's every game on the side they play there.
    ///
    /// # Errors
    /// [`MatchError::NoSuchParticipant`] for an index other than 0 and 1; nothing is changed.
    pub fn set_participant(
        &mut self,
        index: usize,
        participant: Participant,
    ) -> Result<(), MatchError> {
        match self {
            Play::Single(session) => {
                let player = G::Player::BOTH
                    .get(index)
                    .copied()
                    .ok_or(MatchError::NoSuchParticipant(index))?;
                session.set_participant(player, participant);
                Ok(())
            }
            Play::Mirror(mirror) => mirror.set_participant(index, participant),
        }
    }

    /// Starts the next game of a mirror match ([`MirrorMatch::next_game`]) and returns it.
    ///
    /// # Errors
    /// [`MatchError::NotAMatch`] for a single session; otherwise as
    /// [`MirrorMatch::next_game`]: [`MatchError::GameInProgress`], [`MatchError::MatchOver`].
    pub fn next_game(&mut self) -> Result<&mut Session<G>, MatchError> {
        match self {
            Play::Single(_) => Err(MatchError::NotAMatch),
            Play::Mirror(mirror) => mirror.next_game(),
        }
    }
}
