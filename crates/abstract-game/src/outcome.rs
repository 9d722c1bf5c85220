//! How a game ends: the game's [`EndReason`], the absolute [`Outcome`] (or the decisive [`Win`]),
//! and [`Wdl`], the one score convention of the workspace: a result from one player's point of
//! view. Engines, solvers and tablebases all speak [`Wdl`].
//!
//! ```
//! use abstract_game::tictactoe::{Mark, TicTacToeEnd};
//! use abstract_game::{Outcome, Wdl};
//!
//! let outcome: Outcome<Mark, TicTacToeEnd> = Outcome::Win { winner: Mark::X, reason: TicTacToeEnd::Line };
//! assert_eq!(outcome.wdl_for(Mark::X), Wdl::Win);
//! assert_eq!(outcome.wdl_for(Mark::O), Wdl::Loss);
//! assert_eq!(-Wdl::Win, Wdl::Loss); // the opponent's point of view
//! assert_eq!(outcome.to_string(), "x wins by three in a row");
//! ```

use core::fmt::{self, Debug, Display};
use core::hash::Hash;

use crate::player::Player;

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

/// The result of a finished game, from no one's point of view in particular.
///
/// The winner is always explicit: it is never inferred from whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

impl<P: Player, R: EndReason> Outcome<P, R> {
    /// The winner, or `None` for a draw.
    #[must_use]
    pub fn winner(self) -> Option<P> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// Why the game ended.
    #[must_use]
    pub fn reason(self) -> R {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
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

/// A decisive result: who won and why. Games that cannot be drawn report this (their
/// `outcome()` is an `Option<Win<..>>`) and convert it into the general [`Outcome`] for the
/// [`Game`](crate::Game) trait.
///
/// With the `serde` feature it serializes as `{"winner": .., "reason": ..}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Win<P, R> {
    /// The player who won.
    pub winner: P,
    /// Why the game ended.
    pub reason: R,
}

impl<P: Player, R> Win<P, R> {
    /// The player who lost.
    #[must_use]
    pub fn loser(&self) -> P {
        self.winner.other()
    }

    /// The result from `player`'s point of view: [`Wdl::Win`] or [`Wdl::Loss`].
    #[must_use]
    pub fn wdl_for(&self, player: P) -> Wdl {
        if player == self.winner {
            Wdl::Win
        } else {
            Wdl::Loss
        }
    }
}

impl<P: Display, R: Display> Display for Win<P, R> {
    /// `gold wins by deadlock`: the winner and the reason as they display.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} wins by {}", self.winner, self.reason)
    }
}

impl<P, R> From<Win<P, R>> for Outcome<P, R> {
    fn from(win: Win<P, R>) -> Self {
        Outcome::Win {
            winner: win.winner,
            reason: win.reason,
        }
    }
}

/// A result from one player's point of view: the workspace's single score convention.
///
/// Ordered from worst to best (`Loss < Draw < Win`); negation gives the opponent's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Wdl {
    /// The player loses.
    Loss,
    /// Nobody wins.
    Draw,
    /// The player wins.
    Win,
}

impl Wdl {
    /// The match score: 0 for a loss, ½ for a draw, 1 for a win.
    #[must_use]
    pub fn points(self) -> f64 {
        match self {
            Wdl::Loss => 0.0,
            Wdl::Draw => 0.5,
            Wdl::Win => 1.0,
        }
    }

    /// A stable lowercase identifier: `"win"`, `"draw"` or `"loss"`.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Wdl::Loss => "loss",
            Wdl::Draw => "draw",
            Wdl::Win => "win",
        }
    }
}

impl core::ops::Neg for Wdl {
    type Output = Wdl;

    /// The same result from the opponent's point of view.
    fn neg(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::Draw => Wdl::Draw,
            Wdl::Win => Wdl::Loss,
        }
    }
}

impl Display for Wdl {
    /// `win`, `draw` or `loss`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}
