//! [`GameName`]: the list of the games, and the runtime dispatch from a name to a type.

use core::fmt;
use core::str::FromStr;

use crate::entry::StartOption;
use crate::game::CatalogGame;
use crate::games::{Kamisado, Onitama, TicTacToe};

/// Generic code run for one game chosen at run time: see [`GameName::visit`].
pub trait GameVisitor {
    /// What the code returns.
    type Output;

    /// Runs the code for the game `G`.
    fn visit<G: CatalogGame>(self) -> Self::Output;
}

/// A game of the catalog. This enum and [`GameName::visit`] are the only place that lists the
/// games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum GameName {
    /// Kamisado, Single Round.
    Kamisado,
    /// Onitama, the base game.
    Onitama,
    /// Tic-tac-toe, the test game of `abstract-game` (squares 0..8).
    TicTacToe,
}

impl GameName {
    /// Every game, in the order of help texts.
    pub const ALL: [GameName; 3] = [GameName::Kamisado, GameName::Onitama, GameName::TicTacToe];

    /// Runs `visitor` for the game's type.
    ///
    /// ```
    /// use game_catalog::{CatalogGame, GameName, GameVisitor};
    ///
    /// struct Name;
    /// impl GameVisitor for Name {
    ///     type Output = &'static str;
    ///     fn visit<G: CatalogGame>(self) -> &'static str {
    ///         G::NAME
    ///     }
    /// }
    /// assert_eq!(GameName::Onitama.visit(Name), "onitama");
    /// ```
    pub fn visit<V: GameVisitor>(self, visitor: V) -> V::Output {
        match self {
            GameName::Kamisado => visitor.visit::<Kamisado>(),
            GameName::Onitama => visitor.visit::<Onitama>(),
            GameName::TicTacToe => visitor.visit::<TicTacToe>(),
        }
    }

    /// The name in text (`"kamisado"`).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        struct Name;
        impl GameVisitor for Name {
            type Output = &'static str;
            fn visit<G: CatalogGame>(self) -> &'static str {
                G::NAME
            }
        }
        self.visit(Name)
    }

    /// The game's start options.
    #[must_use]
    pub fn start_options(self) -> &'static [StartOption] {
        struct Options;
        impl GameVisitor for Options {
            type Output = &'static [StartOption];
            fn visit<G: CatalogGame>(self) -> &'static [StartOption] {
                G::START_OPTIONS
            }
        }
        self.visit(Options)
    }

    /// Every start option of every game, each name once, in the order of [`GameName::ALL`].
    #[must_use]
    pub fn all_start_options() -> Vec<StartOption> {
        let mut options: Vec<StartOption> = Vec::new();
        for game in GameName::ALL {
            for &option in game.start_options() {
                if !options.iter().any(|o| o.name == option.name) {
                    options.push(option);
                }
            }
        }
        options
    }
}

impl fmt::Display for GameName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is not a game of the catalog.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game {text:?}: expected one of {}", known_games())]
pub struct UnknownGameError {
    /// The rejected text.
    pub text: String,
}

fn known_games() -> String {
    GameName::ALL.map(GameName::as_str).join(", ")
}

impl FromStr for GameName {
    type Err = UnknownGameError;

    /// Parses a game's name, exactly as [`GameName::as_str`] writes it.
    fn from_str(text: &str) -> Result<GameName, UnknownGameError> {
        GameName::ALL
            .into_iter()
            .find(|g| g.as_str() == text)
            .ok_or_else(|| UnknownGameError {
                text: text.to_owned(),
            })
    }
}
