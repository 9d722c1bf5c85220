//! Traits for two-player games (work in progress).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod game;

pub use game::{EndReason, Game, Notation, Outcome, PassMove, Player, PositionHash};
