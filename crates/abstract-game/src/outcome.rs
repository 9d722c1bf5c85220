//! How a game ends: the game's [`EndReason`] and the [`Outcome`], the one type of the workspace
//! for the end of a game (who won, or a draw, and why). The result from one player's point of
//! view is a [`Wdl`].
//!
//! ```
//! use abstract_game::tictactoe::{Mark, TicTacToeEnd};
//! use abstract_game::{Outcome, Wdl};
//!
//! let outcome: Outcome<Mark, TicTacToeEnd> = Outcome::Win { winner: Mark::X, reason: TicTacToeEnd::Line };
//! assert_eq!(outcome.winner(), Some(Mark::X));
//! assert_eq!(outcome.loser(), Some(Mark::O));
//! assert_eq!(outcome.wdl_for(Mark::X), Wdl::Win);
//! assert_eq!(outcome.wdl_for(Mark::O), Wdl::Loss);
//! assert_eq!(outcome.to_string(), "x wins by three in a row");
//! ```

use core::fmt::{self, Debug, Display};
use core::hash::Hash;

use crate::player::Player;
use crate::wdl::Wdl;

/// Why a game ended: a small, game-specific set of reasons (home row, deadlock, ...).
pub trait EndReason: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static {
    /// Every reason, in the order of [`EndReason::index`].
    const ALL: &'static [Self];

    /// The position of `self` in [`EndReason::ALL`].
    #[must_use]
    fn index(self) -> usize;

    /// A stable lowercase `snake_case` identifier (`"home_row"`), used in JSON and other machine output.
    fn id(self) -> &'static str;
}

/// The result of a finished game, from no one's point of view in particular: who won (or a
/// draw) and why. Every game of the workspace reports this one type, through
/// [`Game::outcome`](crate::Game::outcome) and through its own position type; a game without
/// draws (Kamisado, Onitama) simply never reports [`Outcome::Draw`].
///
/// The winner is always explicit: it is never inferred from whose turn it is.
///
/// With the `serde` feature it serializes as `{"winner": .., "reason": ..}`, the winner `null`
/// for a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        into = "OutcomeFields<P, R>",
        from = "OutcomeFields<P, R>",
        bound(
            serialize = "P: Copy + serde::Serialize, R: Copy + serde::Serialize",
            deserialize = "P: serde::Deserialize<'de>, R: serde::Deserialize<'de>"
        )
    )
)]
pub enum Outcome<P, R> {
    /// One player won.
    Win {
        /// The player who won.
        winner: P,
        /// Why the game ended.
        reason: R,
    },
    /// Nobody won.
    Draw {
        /// Why the game ended.
        reason: R,
    },
}

impl<P: Copy, R: Copy> Outcome<P, R> {
    /// The winner, or `None` for a draw.
    #[must_use]
    pub fn winner(self) -> Option<P> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// Whether nobody won.
    #[must_use]
    pub fn is_draw(self) -> bool {
        matches!(self, Outcome::Draw { .. })
    }

    /// Why the game ended.
    #[must_use]
    pub fn reason(self) -> R {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }
}

impl<P: Player, R: EndReason> Outcome<P, R> {
    /// The loser, or `None` for a draw.
    #[must_use]
    pub fn loser(self) -> Option<P> {
        self.winner().map(Player::other)
    }

    /// The result from `player`'s point of view.
    #[must_use]
    pub fn wdl_for(self, player: P) -> Wdl {
        match self.winner() {
            Some(w) if w == player => Wdl::Win,
            Some(_) => Wdl::Loss,
            None => Wdl::Draw,
        }
    }
}

impl<P: Display, R: Display> Display for Outcome<P, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => write!(f, "{winner} wins by {reason}"),
            Outcome::Draw { reason } => write!(f, "draw ({reason})"),
        }
    }
}

/// The serialized form of an [`Outcome`]: `{"winner": .., "reason": ..}`.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct OutcomeFields<P, R> {
    winner: Option<P>,
    reason: R,
}

#[cfg(feature = "serde")]
impl<P, R> From<Outcome<P, R>> for OutcomeFields<P, R> {
    fn from(outcome: Outcome<P, R>) -> Self {
        match outcome {
            Outcome::Win { winner, reason } => OutcomeFields {
                winner: Some(winner),
                reason,
            },
            Outcome::Draw { reason } => OutcomeFields {
                winner: None,
                reason,
            },
        }
    }
}

#[cfg(feature = "serde")]
impl<P, R> From<OutcomeFields<P, R>> for Outcome<P, R> {
    fn from(fields: OutcomeFields<P, R>) -> Self {
        match fields.winner {
            Some(winner) => Outcome::Win {
                winner,
                reason: fields.reason,
            },
            None => Outcome::Draw {
                reason: fields.reason,
            },
        }
    }
}
