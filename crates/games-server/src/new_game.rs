//! [`NewGame`]: the body of `POST /api/games`, checked field by field.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// Who sits in the creator's opponent's seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Opponent {
    /// The engine, at `level`.
    #[default]
    Engine,
    /// Another person on the same device: the creator's token plays both seats.
    SameDevice,
    /// Another person, who joins with the game's id (a link).
    Link,
}

impl Opponent {
    /// The id in JSON: `engine`, `same_device`, `link`.
    pub(crate) fn id(self) -> &'static str {
        match self {
            Opponent::Engine => "engine",
            Opponent::SameDevice => "same_device",
            Opponent::Link => "link",
        }
    }
}

/// The house format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum FormatChoice {
    /// An ordinary game.
    #[default]
    Casual,
    /// The clock duel (`time_control`).
    ClockDuel,
    /// The open coaching round.
    Coaching,
    /// Two games from the same start, sides swapped.
    MirrorMatch,
}

/// What a client asks for when it creates a game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub(crate) struct NewGame {
    /// The game's name.
    pub(crate) game: String,
    /// A position text to start from.
    #[serde(default)]
    pub(crate) position: Option<String>,
    /// Moves played first.
    #[serde(default)]
    pub(crate) moves: Option<String>,
    /// The opponent.
    #[serde(default)]
    pub(crate) opponent: Opponent,
    /// The engine's level or spec.
    #[serde(default)]
    pub(crate) level: Option<String>,
    /// The creator's side (a player id).
    #[serde(default)]
    pub(crate) side: Option<String>,
    /// The house format.
    #[serde(default)]
    pub(crate) format: FormatChoice,
    /// The clock duel's time control.
    #[serde(default)]
    pub(crate) time_control: Option<String>,
    /// The creator's name.
    #[serde(default)]
    pub(crate) name: Option<String>,
    /// The game's start options (`cards`), checked against the game's list.
    #[serde(flatten)]
    pub(crate) start_options: BTreeMap<String, String>,
}
