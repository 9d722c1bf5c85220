//! How a game ends: [`Outcome`] and [`WinReason`].

use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::string::ToString;
use core::fmt;
use core::str::FromStr;

use thiserror::Error;

use crate::side::Side;

/// Why a game of Onitama ended. There are no draws on the board (a record may end in a draw by
/// agreement, see [`abstract_game::record::GameResult`]).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[non_exhaustive]
pub enum WinReason {
    /// The Way of the Stone: the opposing Master was captured. Reported also when a Master captures
    /// the opposing Master on its temple square (both ways at once).
    Stone,
    /// The Way of the Stream: a Master reached the opposing temple square.
    Stream,
}

impl WinReason {
    /// Both reasons, in the order of their index.
    pub const ALL: [WinReason; 2] = [WinReason::Stone, WinReason::Stream];

    /// The stable machine id: `"stone"` or `"stream"`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            WinReason::Stone => "stone",
            WinReason::Stream => "stream",
        }
    }
}

impl fmt::Display for WinReason {
    /// `way of the stone` or `way of the stream`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WinReason::Stone => "way of the stone",
            WinReason::Stream => "way of the stream",
        })
    }
}

impl FromStr for WinReason {
    type Err = ParseWinReasonError;

    /// Parses an id (`stone`, `stream`) or the displayed form (`way of the stone`), in any case.
    fn from_str(s: &str) -> Result<WinReason, ParseWinReasonError> {
        WinReason::ALL
            .into_iter()
            .find(|r| r.id().eq_ignore_ascii_case(s) || r.to_string().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseWinReasonError { text: s.to_owned() })
    }
}

/// A reason text that is not `stone`, `stream`, `way of the stone` or `way of the stream`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "unknown win reason {text:?}: expected \"stone\" or \"stream\" (or \"way of the stone\", \"way of the stream\")"
)]
#[non_exhaustive]
pub struct ParseWinReasonError {
    /// The rejected text.
    pub text: String,
}

/// The result of a finished game: who won ([`Outcome::winner`](abstract_game::Outcome::winner))
/// and why ([`Outcome::reason`](abstract_game::Outcome::reason)). It is the workspace's one
/// outcome type, [`abstract_game::Outcome`], for this game's players and reasons: the same value
/// that [`abstract_game::Game::outcome`] gives. Onitama has no draws, so it is always
/// an `Outcome::Win`.
///
/// It displays as `red wins by way of the stone`; with the `serde` feature it serializes as
/// `{"winner": "red", "reason": "stone"}`.
pub type Outcome = abstract_game::Outcome<Side, WinReason>;
