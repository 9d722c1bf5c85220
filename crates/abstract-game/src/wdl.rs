//! Results from one player's point of view: [`Wdl`], the one score convention of the workspace,
//! and [`ExactValue`], a proven result with its distance to the end. Engines, solvers and
//! tablebases all speak these two types.
//!
//! ```
//! use abstract_game::{ExactValue, Wdl};
//!
//! assert_eq!(-Wdl::Win, Wdl::Loss); // the opponent's point of view
//! let value = ExactValue::win(7);
//! assert_eq!(value.to_string(), "win in 7");
//! // One ply back, from the parent's point of view: the move into a lost position wins.
//! assert_eq!(ExactValue::loss(4).back(), ExactValue::win(5));
//! assert!(ExactValue::win(3) > ExactValue::win(5)); // a quicker win is better
//! assert!(ExactValue::loss(5) > ExactValue::loss(3)); // a slower loss is better
//! ```

use core::cmp::Ordering;
use core::fmt::{self, Display};

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

/// A proven value for the side to move: the result under perfect play and the distance to the
/// end of the game in plies (the winner playing for the shortest win, the loser for the longest
/// defence). The solver of `game-engines` and the Onitama tablebases both report it; an engine's
/// score converts from and to it.
///
/// `plies` is 0 for a finished game, and also for a draw, whose end is not a distance.
///
/// Ordered from worst to best for the side to move: quicker losses first, then the draw, then
/// wins, slower wins first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ExactValue {
    /// The result for the side to move.
    pub wdl: Wdl,
    /// Plies to the end of the game under perfect play (0 for a draw).
    pub plies: u32,
}

impl ExactValue {
    /// A proven draw.
    pub const DRAW: ExactValue = ExactValue {
        wdl: Wdl::Draw,
        plies: 0,
    };

    /// The side to move wins in `plies` plies.
    #[must_use]
    pub const fn win(plies: u32) -> Self {
        ExactValue {
            wdl: Wdl::Win,
            plies,
        }
    }

    /// The side to move loses in `plies` plies.
    #[must_use]
    pub const fn loss(plies: u32) -> Self {
        ExactValue {
            wdl: Wdl::Loss,
            plies,
        }
    }

    /// The value of this position's parent, when this is the value after the parent's move: the
    /// opponent's point of view, one ply further from the end (a draw stays a draw). Plies
    /// saturate at `u32::MAX`.
    #[must_use]
    pub fn back(self) -> Self {
        match self.wdl {
            Wdl::Draw => ExactValue::DRAW,
            wdl => ExactValue {
                wdl: -wdl,
                plies: self.plies.saturating_add(1),
            },
        }
    }

    /// The sort key of the documented order.
    fn key(self) -> (Wdl, i64) {
        match self.wdl {
            Wdl::Loss => (Wdl::Loss, i64::from(self.plies)),
            Wdl::Draw => (Wdl::Draw, 0),
            Wdl::Win => (Wdl::Win, -i64::from(self.plies)),
        }
    }
}

impl Ord for ExactValue {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl PartialOrd for ExactValue {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Display for ExactValue {
    /// `win in 7`, `loss in 4` or `draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.wdl {
            Wdl::Draw => f.write_str("draw"),
            wdl => write!(f, "{wdl} in {}", self.plies),
        }
    }
}
