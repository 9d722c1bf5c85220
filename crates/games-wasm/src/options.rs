//! The options of a new game and of a search, as JavaScript passes them (JSON objects).

use std::collections::BTreeMap;
use std::time::Duration;

use game_engines::Limits;
use serde::Deserialize;

use crate::error::GameError;

/// What a new game is: `{"game", "cards"?, "position"?, "record"?, "moves"?, "opponent"?,
/// "level"?, "side"?, "format"?, "name"?, "seed"?}`, the fields of the server's `POST
/// /api/games` that a game without a server has (no link, no clock), plus `record` and `seed`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct NewGame {
    /// The game's name (`kamisado`, `onitama`).
    pub game: String,
    /// A position text to start from.
    #[serde(default)]
    pub position: Option<String>,
    /// A whole game record (the start, then the moves) to go on from.
    #[serde(default)]
    pub record: Option<String>,
    /// Moves played first, separated by spaces.
    #[serde(default)]
    pub moves: Option<String>,
    /// `same_device` (the default: people in both seats) or `engine` (the engine takes the
    /// seat that is not `side`).
    #[serde(default)]
    pub opponent: Option<String>,
    /// The engine's level or spec (default `medium`), with `opponent: "engine"`.
    #[serde(default)]
    pub level: Option<String>,
    /// The creator's player id (default the first player).
    #[serde(default)]
    pub side: Option<String>,
    /// `casual` (the default), `coaching` or `mirror_match`.
    #[serde(default)]
    pub format: Option<String>,
    /// The creator's name (at most 40 characters).
    #[serde(default)]
    pub name: Option<String>,
    /// The seed of a random start (`cards: "random"`) and of the engine.
    #[serde(default)]
    pub seed: Option<u64>,
    /// The game's start options (Onitama's `cards`: five names, or `random`).
    #[serde(flatten)]
    pub start_options: BTreeMap<String, String>,
}

impl NewGame {
    /// Reads the options from JSON.
    ///
    /// # Errors
    /// [`GameError::Option`] naming what is wrong.
    pub fn from_json(json: &str) -> Result<NewGame, GameError> {
        serde_json::from_str(json).map_err(|e| GameError::Option {
            field: "options".into(),
            why: e.to_string(),
        })
    }
}

/// A search: `{"level"?, "timeMs"?, "nodes"?, "depth"?}`; with no limit, one second.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SearchOptions {
    /// The engine's level or spec, where the caller may choose it.
    #[serde(default)]
    pub level: Option<String>,
    /// The time the search may take, in milliseconds.
    #[serde(default)]
    pub time_ms: Option<u64>,
    /// The nodes it may search.
    #[serde(default)]
    pub nodes: Option<u64>,
    /// The deepest iteration, in plies.
    #[serde(default)]
    pub depth: Option<u32>,
}

/// The time of a search given no limit.
pub const DEFAULT_SEARCH_TIME: Duration = Duration::from_secs(1);

impl SearchOptions {
    /// Reads the limits from JSON (`null` or `undefined`: no limit given).
    ///
    /// # Errors
    /// [`GameError::Option`] naming what is wrong.
    pub fn from_json(json: &str) -> Result<SearchOptions, GameError> {
        let limits: Option<SearchOptions> =
            serde_json::from_str(json).map_err(|e| GameError::Option {
                field: "search options".into(),
                why: e.to_string(),
            })?;
        Ok(limits.unwrap_or_default())
    }

    /// The engines' limits: those given, or [`DEFAULT_SEARCH_TIME`] when none is.
    #[must_use]
    pub fn limits(&self) -> Limits {
        let mut limits = Limits::none();
        if let Some(ms) = self.time_ms {
            limits = limits.with_time(Duration::from_millis(ms));
        }
        if let Some(nodes) = self.nodes {
            limits = limits.with_nodes(nodes);
        }
        if let Some(depth) = self.depth {
            limits = limits.with_depth(depth);
        }
        if limits.is_none() {
            limits = Limits::time(DEFAULT_SEARCH_TIME);
        }
        limits
    }
}
