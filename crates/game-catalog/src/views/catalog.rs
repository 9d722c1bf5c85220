//! [`CatalogView`]: what a front end needs to know about the games before it draws them (the
//! web server's `GET /api/catalog`, the WebAssembly package's `catalog()`): the players, the
//! start and its options with their choices, the board's layout and the engine levels, so that
//! a page hard-codes none of them.
//!
//! ```
//! use game_catalog::views::catalog::CatalogView;
//!
//! let view = CatalogView::new(&["casual"], &["engine", "same_device"]);
//! let onitama = view.games.iter().find(|g| g.name == "onitama").unwrap();
//! assert_eq!(onitama.players, ["red", "blue"]);
//! let board = onitama.board.as_ref().unwrap();
//! assert_eq!((board.files, board.ranks, board.top), ("abcde", 5, "blue"));
//! let cards = &onitama.start_options[0];
//! assert_eq!(cards.choices.len(), 16);
//! assert_eq!(cards.default.as_deref(), Some("horse,elephant,ox,boar,crab"));
//! ```

use abstract_game::Player;
use serde::Serialize;

use crate::game::CatalogGame;
use crate::name::{GameName, GameVisitor};

/// A start option of a game: `{"name", "value", "help", "choices", "default"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StartOptionView {
    /// The option's name (`cards`).
    pub name: &'static str,
    /// What its value is, for help texts (`DEAL`).
    pub value: &'static str,
    /// One line of help.
    pub help: &'static str,
    /// The words a value is made of (the sixteen card names), empty for free text.
    pub choices: Vec<&'static str>,
    /// The value that gives the default start, if any.
    pub default: Option<String>,
}

/// How a graphical front end lays the board out: `{"files": "abcdefgh", "ranks": 8, "top":
/// "gold"}`, `top` being the player whose home row is at the top of the unturned board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardGeometryView {
    /// The file letters, left to right.
    pub files: &'static str,
    /// The number of ranks.
    pub ranks: u8,
    /// The player at the top.
    pub top: &'static str,
}

/// One game: `{"name", "players", "start", "start_options", "board", "levels"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameEntryView {
    /// The game's name.
    pub name: &'static str,
    /// The players' ids, the first to move from the default start first.
    pub players: Vec<&'static str>,
    /// The default start's position text.
    pub start: String,
    /// The start options besides a position text.
    pub start_options: Vec<StartOptionView>,
    /// The board's layout, `null` for a game a front end shows as text.
    pub board: Option<BoardGeometryView>,
    /// The engine levels, weakest first.
    pub levels: Vec<&'static str>,
}

impl GameEntryView {
    /// The entry of the game `G`.
    #[must_use]
    pub fn of<G: CatalogGame>() -> Self {
        GameEntryView {
            name: G::NAME,
            players: G::Player::BOTH.map(Player::id).to_vec(),
            start: G::default_start().position_text(),
            start_options: G::START_OPTIONS
                .iter()
                .map(|o| StartOptionView {
                    name: o.name,
                    value: o.value_name,
                    help: o.help,
                    choices: G::start_option_choices(o.name),
                    default: G::start_option_default(o.name),
                })
                .collect(),
            board: G::board_geometry().map(|b| BoardGeometryView {
                files: b.files,
                ranks: b.ranks,
                top: b.top.id(),
            }),
            levels: game_engines::Level::ALL
                .map(game_engines::Level::name)
                .to_vec(),
        }
    }
}

/// The games of the catalog and what a front end offers with them: `{"games", "levels",
/// "formats", "opponents"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CatalogView {
    /// Every game, in the order of [`GameName::ALL`].
    pub games: Vec<GameEntryView>,
    /// The levels every game has, weakest first.
    pub levels: Vec<&'static str>,
    /// The house formats the front end offers.
    pub formats: Vec<&'static str>,
    /// The opponents the front end offers (`engine`, `same_device`, `link`).
    pub opponents: Vec<&'static str>,
}

impl CatalogView {
    /// The catalog of a front end that offers these formats and opponents.
    #[must_use]
    pub fn new(formats: &[&'static str], opponents: &[&'static str]) -> Self {
        struct Entry;
        impl GameVisitor for Entry {
            type Output = GameEntryView;
            fn visit<G: CatalogGame>(self) -> GameEntryView {
                GameEntryView::of::<G>()
            }
        }
        CatalogView {
            games: GameName::ALL.into_iter().map(|g| g.visit(Entry)).collect(),
            levels: game_engines::Level::ALL
                .map(game_engines::Level::name)
                .to_vec(),
            formats: formats.to_vec(),
            opponents: opponents.to_vec(),
        }
    }
}
