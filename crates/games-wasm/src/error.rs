//! [`GameError`]: why the package refused a request. The game is unchanged.

use game_catalog::engines::EngineSpecError;
use game_catalog::{SetupError, UnknownGameError};

/// Why a request was refused; it changed nothing. In JavaScript it is thrown as an `Error`
/// whose message is this text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    /// The options of a new game name no game of the catalog.
    #[error("game: {0}")]
    UnknownGame(UnknownGameError),
    /// An option of a request is missing, unknown or invalid.
    #[error("{field}: {why}")]
    Option {
        /// The option's name.
        field: String,
        /// What is wrong with it.
        why: String,
    },
    /// The start position, start option or moves of a new game.
    #[error("{0}")]
    Setup(SetupError),
    /// A move text that is malformed or illegal here.
    #[error("move {text:?}: {why}")]
    Move {
        /// The text given.
        text: String,
        /// What is wrong with it.
        why: String,
    },
    /// The session refuses the action now (the game is over, nothing to undo, ...).
    #[error("{0}")]
    Refused(String),
    /// An engine spec or level that does not build.
    #[error("level: {0}")]
    Engine(EngineSpecError),
    /// An engine asked about a game of another kind.
    #[error("this engine plays {engine}, not {game}")]
    WrongGame {
        /// The engine's game.
        engine: &'static str,
        /// The game it was given.
        game: &'static str,
    },
}
