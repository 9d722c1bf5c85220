//! [`Level`]: the strength levels, presets of the alpha-beta engine that every game shares.
//!
//! A level is alpha-beta with a depth cap; the time limit of a search still applies. The
//! levels are ordered in strength as measured by matches in both games of the workspace (each
//! level wins more than 60% against the one below at equal time; the project's
//! `docs/engines.md` has the tables). `perfect` is the exact player of a solved game (a game's
//! engine crate builds it: `kamisado_engine::perfect`); for other games it is `max`.
//!
//! ```
//! use abstract_game::tictactoe::TicTacToe;
//! use game_engines::{AlphaBeta, Engine, Level, Limits, ZeroEvaluator};
//!
//! let level: Level = "hard".parse()?;
//! assert_eq!(level, Level::Hard);
//! assert_eq!(level.depth(), Some(5));
//! let mut engine = AlphaBeta::<TicTacToe, _>::new(level.config(), ZeroEvaluator);
//! assert_eq!(engine.name(), "alphabeta:depth=5");
//! let result = engine.search(&TicTacToe::new(), &Limits::none());
//! assert_eq!(result.depth, 5);
//! # Ok::<(), game_engines::level::UnknownLevelError>(())
//! ```

use core::fmt;
use core::str::FromStr;

use crate::alphabeta::AlphaBetaConfig;

/// A strength level: the alpha-beta engine with a depth cap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum Level {
    /// One ply.
    Easy,
    /// Three plies.
    Medium,
    /// Five plies.
    Hard,
    /// No cap: as deep as the time allows.
    Max,
    /// Perfect play where the game is solved: the exact result and the shortest win or the
    /// longest defence (Kamisado's `perfect` engine, which `max` also uses there); elsewhere the
    /// same as [`Level::Max`].
    Perfect,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Max,
        Level::Perfect,
    ];

    /// The name: `easy`, `medium`, `hard`, `max`, `perfect`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Max => "max",
            Level::Perfect => "perfect",
        }
    }

    /// The depth cap in plies, `None` for `max` and `perfect`.
    #[must_use]
    pub fn depth(self) -> Option<u32> {
        match self {
            Level::Easy => Some(1),
            Level::Medium => Some(3),
            Level::Hard => Some(5),
            Level::Max | Level::Perfect => None,
        }
    }

    /// The alpha-beta settings of the level: [`AlphaBetaConfig::default`] with the depth cap
    /// (for `perfect`, the settings of its alpha-beta fallback: those of `max`).
    #[must_use]
    pub fn config(self) -> AlphaBetaConfig {
        let default = AlphaBetaConfig::default();
        AlphaBetaConfig {
            max_depth: self.depth().unwrap_or(default.max_depth),
            ..default
        }
    }
}

impl fmt::Display for Level {
    /// The name: `easy`, `medium`, `hard`, `max` or `perfect`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not `easy`, `medium`, `hard`, `max` or `perfect`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct UnknownLevelError {
    /// The text given.
    pub text: String,
}

impl fmt::Display for UnknownLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level {:?}: expected easy, medium, hard, max or perfect",
            self.text
        )
    }
}

impl std::error::Error for UnknownLevelError {}

impl FromStr for Level {
    type Err = UnknownLevelError;

    /// Parses a level name, in any case.
    fn from_str(text: &str) -> Result<Level, UnknownLevelError> {
        Level::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| UnknownLevelError {
                text: text.to_owned(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back_and_depths_grow() {
        for level in Level::ALL {
            assert_eq!(level.name().parse::<Level>(), Ok(level));
            assert_eq!(level.to_string().to_uppercase().parse::<Level>(), Ok(level));
            assert_eq!(level.config().max_depth, level.depth().unwrap_or(64));
        }
        let depths: Vec<u32> = Level::ALL.map(|l| l.depth().unwrap_or(u32::MAX)).to_vec();
        assert!(depths[..4].windows(2).all(|w| w[0] < w[1]), "{depths:?}");
        assert_eq!(Level::Perfect.config(), Level::Max.config());
        assert!(Level::Max < Level::Perfect);
        assert_eq!(
            "extreme".parse::<Level>().unwrap_err().to_string(),
            "unknown level \"extreme\": expected easy, medium, hard, max or perfect"
        );
    }
}
