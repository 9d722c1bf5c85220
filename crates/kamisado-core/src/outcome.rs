//! How a game ends: [`Outcome`] and [`WinReason`].

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
    pub const fn key(self) -> &'static str {
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

/// Why a reason text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown end reason \"{text}\": expected home_row or deadlock")]
pub struct ParseWinReasonError {
    /// The rejected text.
    pub text: String,
}

impl FromStr for WinReason {
    type Err = ParseWinReasonError;

    /// Parses a key (`home_row`, `deadlock`) or the displayed form (`home row`), any case.
    fn from_str(s: &str) -> Result<WinReason, ParseWinReasonError> {
        WinReason::ALL
            .into_iter()
            .find(|r| r.key().eq_ignore_ascii_case(s) || r.to_string().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseWinReasonError { text: s.to_owned() })
    }
}

/// The result of a finished game: who won and why.
///
/// With the `serde` feature it serializes as `{"winner": "gold", "reason": "deadlock"}`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The winner.
    pub winner: Side,
    /// Why the game ended.
    pub reason: WinReason,
}

impl Outcome {
    /// The loser.
    #[must_use]
    pub const fn loser(self) -> Side {
        self.winner.other()
    }

    /// `1` if `side` won, `-1` if it lost.
    #[must_use]
    pub fn score_for(self, side: Side) -> i32 {
        if side == self.winner { 1 } else { -1 }
    }
}

impl fmt::Display for Outcome {
    /// `Gold wins by deadlock`, `Black wins by home row`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} wins by {}", self.winner, self.reason)
    }
}

impl From<Outcome> for abstract_game::Outcome<Side, WinReason> {
    fn from(o: Outcome) -> Self {
        abstract_game::Outcome::Win {
            winner: o.winner,
            reason: o.reason,
        }
    }
}
