//! The Kamisado knowledge of the generic engines of `game-engines`: the evaluator, move order
//! and quiescence moves of the alpha-beta search ([`KamisadoEval`]), the exact solver's move
//! order ([`SolverOrder`]), and ready engines ([`alphabeta`], [`solver`]).
//!
//! ```
//! use std::time::Duration;
//! use game_engines::{Engine, Level, Limits};
//! use kamisado_core::Position;
//!
//! let pos = Position::start();
//! let mut engine = kamisado_engine::alphabeta(Level::Max);
//! let result = engine.search(&pos, &Limits::time(Duration::from_millis(200)));
//! let best = result.best.expect("the game goes on");
//! assert!(pos.is_legal(best));
//! println!("{best}: {} at depth {}", result.score, result.depth);
//! ```
//!
//! # Concepts
//!
//! - [`KamisadoEval`] implements [`game_engines::Evaluator`] for [`kamisado_core::Position`]:
//!   every term and weight is documented on the type; [`KamisadoEval::from_weights`] takes
//!   other weights for tuning matches.
//! - [`alphabeta`] builds the alpha-beta engine of a [`Level`] with this evaluator; for other
//!   settings use [`AlphaBeta::new`] with [`KamisadoEval`] and your own
//!   [`game_engines::AlphaBetaConfig`].
//! - [`SolverOrder`] orders moves for the exact [`Solver`], which
//!   proves that Black wins from the start in 17 plies; [`solver`] builds one.
//! - [`ProofBook`] reads that proof (embedded: [`book::START_PROOF`]) as an opening book with
//!   exact distances, and [`Perfect`] ([`perfect()`]) plays perfectly from it, from the solver
//!   within the move's budget, and from alpha-beta where neither settles the position.
//!
//! The crate sits beside the rules crate as a tablebase crate sits beside a chess rules crate:
//! `kamisado-core` knows no engine, `game-engines` knows no game, and this crate joins them. It
//! re-exports both, so depending on it alone is enough.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;

pub mod book;
mod eval;
pub mod perfect;
mod solver_order;

pub use book::ProofBook;
pub use eval::{ADVANCE, HANDED_THREAT, KamisadoEval, LOSS_NEXT, OPEN_LINE, SAFE, WIN_NEXT};
pub use perfect::Perfect;
pub use solver_order::SolverOrder;

pub use game_engines;
pub use kamisado_core;

use game_engines::solver::{Solver, SolverConfig};
use game_engines::{AlphaBeta, Level};
use kamisado_core::Position;

/// The alpha-beta engine of `level` with [`KamisadoEval`]: [`Level::config`] (a 16 MiB table,
/// one thread, so reproducible) and the default weights.
///
/// ```
/// use game_engines::{Engine, Level, Limits};
/// use kamisado_core::Position;
///
/// let mut engine = kamisado_engine::alphabeta(Level::Hard);
/// assert_eq!(engine.name(), "alphabeta:depth=5:eval=kamisado");
/// let result = engine.search(&Position::start(), &Limits::none());
/// assert_eq!(result.depth, 5);
/// ```
#[must_use]
pub fn alphabeta(level: Level) -> AlphaBeta<Position, KamisadoEval> {
    AlphaBeta::new(level.config(), KamisadoEval::default())
}

/// The perfect player ([`Perfect`]): the proof book, the exact solver, then alpha-beta; the
/// level `perfect` (and `max`) of the catalog.
#[must_use]
pub fn perfect() -> Perfect {
    Perfect::default()
}

/// The exact solver with [`SolverOrder`].
///
/// ```
/// use abstract_game::ExactValue;
/// use game_engines::solver::SolverConfig;
/// use kamisado_core::Position;
///
/// // After 1. c1a3 Gold, to move, wins by force in 3 plies.
/// let mut pos = Position::start();
/// pos.play("c1a3".parse()?)?;
/// let mut solver = kamisado_engine::solver(SolverConfig::default());
/// let solution = solver.solve(&pos).expect("decided within 200 plies");
/// assert_eq!(solution.value, ExactValue::win(3));
/// assert_eq!(solution.line.len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn solver(config: SolverConfig) -> Solver<Position, SolverOrder> {
    Solver::with_order(config, SolverOrder)
}
