//! [`CatalogEntry`]: a game's name and how it starts, the first job of a game in the catalog.

use abstract_game::{Game, Player};

/// A game-specific way to choose the start position, besides a position text: Onitama's deal
/// (`--cards` on the command line, `"cards"` in the server's JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StartOption {
    /// The option's name, lowercase (`"cards"`).
    pub name: &'static str,
    /// What its value is, for help texts (`"DEAL"`).
    pub value_name: &'static str,
    /// One line of help.
    pub help: &'static str,
}

/// A game's name and its starts: the default start, a random one, and the game's own start
/// options.
pub trait CatalogEntry: Game {
    /// The name on the command line, in URLs and in JSON (`"kamisado"`).
    const NAME: &'static str;

    /// The game's start options besides a position text (none by default).
    const START_OPTIONS: &'static [StartOption] = &[];

    /// The position used when nothing else is given: the start of the game (Onitama: the start
    /// of community set A).
    fn default_start() -> Self;

    /// A start position for a game that should differ from others by chance: Onitama's start of
    /// a random deal; the default start for games that have one start only. The same seed gives
    /// the same position (benches, matches and tests rely on it).
    #[must_use]
    fn random_start(seed: u64) -> Self {
        let _ = seed;
        Self::default_start()
    }

    /// The start position that `option` (one of [`CatalogEntry::START_OPTIONS`]) gives for
    /// `value`.
    ///
    /// # Errors
    /// What is wrong with the value. Only called with one of the game's own options.
    fn start_from_option(option: &str, value: &str) -> Result<Self, String> {
        Err(format!(
            "{} has no start option {option:?} ({value:?})",
            Self::NAME
        ))
    }

    /// The words a value of the start option `option` is made of, for a front end's menus
    /// (Onitama's `cards`: the names of the sixteen cards); empty (the default) when the value
    /// is free text.
    #[must_use]
    fn start_option_choices(option: &str) -> Vec<&'static str> {
        let _ = option;
        Vec::new()
    }

    /// The value of the start option `option` that gives [`CatalogEntry::default_start`]
    /// (Onitama's `cards`: `horse,elephant,ox,boar,crab`), if there is one.
    #[must_use]
    fn start_option_default(option: &str) -> Option<String> {
        let _ = option;
        None
    }

    /// A player by its id (`"black"`), as used in JSON and on the command line.
    fn player(id: &str) -> Option<Self::Player> {
        <Self::Player as Player>::BOTH
            .into_iter()
            .find(|p| p.id() == id)
    }
}
