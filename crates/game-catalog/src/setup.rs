//! Position set-up: a position text or a game's start option, then moves, with one error type.

use abstract_game::Notation;
use abstract_game::record::{GameRecord, PlayError};

use crate::entry::CatalogEntry;

/// Where a game starts, as a front end receives it: text, not yet checked.
///
/// At most one of `position` and `option` is used: a position text wins over a start option
/// only if the caller allows both; [`setup`] rejects the pair.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// A position in the game's text format.
    pub position: Option<String>,
    /// A start option of the game and its value, such as Onitama's `("cards", "horse,elephant,ox,boar,crab")`.
    pub option: Option<(String, String)>,
    /// Moves played from that position first, separated by whitespace.
    pub moves: Option<String>,
}

/// Why a [`Setup`] was rejected: which input and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The position text is invalid.
    #[error("position {text:?}: {message}")]
    Position {
        /// The text (shortened if long).
        text: String,
        /// What is wrong with it.
        message: String,
    },
    /// The game has no such start option.
    #[error("{game} has no start option {option:?}")]
    UnknownOption {
        /// The game.
        game: &'static str,
        /// The option.
        option: String,
    },
    /// Both a position and a start option were given.
    #[error("a position and the start option {option:?} were both given; give one")]
    PositionAndOption {
        /// The option.
        option: String,
    },
    /// The value of a start option is invalid.
    #[error("{option} {value:?}: {message}")]
    OptionValue {
        /// The option.
        option: String,
        /// Its value (shortened if long).
        value: String,
        /// What is wrong with it.
        message: String,
    },
    /// A move text is malformed.
    #[error("move {index}: {message}")]
    MoveText {
        /// The move's number in the list, from 1.
        index: usize,
        /// The move's text (shortened if long).
        text: String,
        /// What is wrong with it (the parser's message quotes the text).
        message: String,
    },
    /// A move is illegal in the position reached by the moves before it.
    #[error("move {index} ({text:?}): {message}")]
    IllegalMove {
        /// The move's number in the list, from 1.
        index: usize,
        /// The move's text (shortened if long).
        text: String,
        /// Why it is illegal.
        message: String,
    },
}

/// Input quoted in an error: at most 80 characters, then `...`.
fn shortened(text: &str) -> String {
    const MAX: usize = 80;
    if text.chars().count() <= MAX {
        text.to_owned()
    } else {
        let head: String = text.chars().take(MAX).collect();
        format!("{head}...")
    }
}

/// The start position that `setup` names, without its moves.
///
/// # Errors
/// [`SetupError`] naming the bad input.
pub fn start_position<G: CatalogEntry + Notation>(setup: &Setup) -> Result<G, SetupError> {
    match (&setup.position, &setup.option) {
        (Some(_), Some((option, _))) => Err(SetupError::PositionAndOption {
            option: option.clone(),
        }),
        (Some(text), None) => G::parse_position(text).map_err(|e| SetupError::Position {
            text: shortened(text),
            message: e.to_string(),
        }),
        (None, Some((option, value))) => {
            if !G::START_OPTIONS.iter().any(|o| o.name == option) {
                return Err(SetupError::UnknownOption {
                    game: G::NAME,
                    option: option.clone(),
                });
            }
            G::start_from_option(option, value).map_err(|message| SetupError::OptionValue {
                option: option.clone(),
                value: shortened(value),
                message,
            })
        }
        (None, None) => Ok(G::default_start()),
    }
}

/// The game that `setup` describes: its start position, then its moves played in order, as a
/// record (so a front end can undo them).
///
/// ```
/// use game_catalog::games::Onitama;
/// use game_catalog::{setup, Setup};
///
/// let game = setup::<Onitama>(&Setup {
///     option: Some(("cards".into(), "horse,elephant,ox,boar,crab".into())),
///     moves: Some("ox:c5c4 horse:c1c2".into()),
///     ..Setup::default()
/// })?;
/// assert_eq!(game.ply(), 2);
/// # Ok::<(), game_catalog::SetupError>(())
/// ```
///
/// # Errors
/// [`SetupError`] naming the bad input: the position, the option or the first bad move.
pub fn setup<G: CatalogEntry + Notation>(setup: &Setup) -> Result<GameRecord<G>, SetupError> {
    let mut record = GameRecord::new(start_position::<G>(setup)?);
    for (i, token) in setup
        .moves
        .as_deref()
        .unwrap_or_default()
        .split_whitespace()
        .enumerate()
    {
        let index = i + 1;
        let mv = record
            .position()
            .parse_move(token)
            .map_err(|e| SetupError::MoveText {
                index,
                text: shortened(token),
                message: e.to_string(),
            })?;
        record.play(mv).map_err(|e| SetupError::IllegalMove {
            index,
            text: shortened(token),
            message: match e {
                PlayError::Illegal(e) => e.to_string(),
                other => other.to_string(),
            },
        })?;
    }
    Ok(record)
}

/// The position that `setup` describes (see [`setup`]).
///
/// # Errors
/// [`SetupError`] naming the bad input.
pub fn position<G: CatalogEntry + Notation>(setup: &Setup) -> Result<G, SetupError> {
    self::setup::<G>(setup).map(|record| record.position().clone())
}
