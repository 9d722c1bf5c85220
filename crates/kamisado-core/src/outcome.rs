//! How a game ends: [`Outcome`] and [`WinReason`].

use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::string::ToString;
use core::fmt;
use core::str::FromStr;

use crate::side::Side;

/// Why a game of Kamisado ended. There are no draws.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[non_exhaustive]
pub enum WinReason {
    /// A tower reached the opponent's home row; its owner wins.
    HomeRow,
    /// A zero-length move repeated a (side to move, required colour) state of the current chain;
    /// the player who made the last move of positive length loses.
    Deadlock,
}

impl WinReason {
    /// Both reasons, in the order of their keys' index.
    pub const ALL: [WinReason; 2] = [WinReason::HomeRow, WinReason::Deadlock];

    /// The stable machine key: `"home_row"` or `"deadlock"`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            WinReason::HomeRow => "home_row",
            WinReason::Deadlock => "deadlock",
        }
    }
}

impl fmt::Display for WinReason {
    /// `home row` or `deadlock`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WinReason::HomeRow => "home row",
            WinReason::Deadlock => "deadlock",
        })
    }
}

impl FromStr for WinReason {
    type Err = ParseWinReasonError;

    /// Parses a key (`home_row`, `deadlock`) or the displayed form (`home row`), any case.
    fn from_str(s: &str) -> Result<WinReason, ParseWinReasonError> {
        WinReason::ALL
            .into_iter()
            .find(|r| r.id().eq_ignore_ascii_case(s) || r.to_string().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseWinReasonError { text: s.to_owned() })
    }
}

/// Why a win-reason text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown end reason \"{text}\": expected home_row or deadlock")]
pub struct ParseWinReasonError {
    /// The rejected text.
    pub text: String,
}

/// The result of a finished game: who won ([`Outcome::winner`](abstract_game::Outcome::winner))
/// and why ([`Outcome::reason`](abstract_game::Outcome::reason)). It is the workspace's one
/// outcome type, [`abstract_game::Outcome`], for this game's players and reasons: the same value
/// that [`abstract_game::Game::outcome`] gives. Kamisado has no draws, so it is always
/// an `Outcome::Win`.
///
/// It displays as `gold wins by deadlock`; with the `serde` feature it serializes as
/// `{"winner": "gold", "reason": "deadlock"}`.
pub type Outcome = abstract_game::Outcome<Side, WinReason>;
