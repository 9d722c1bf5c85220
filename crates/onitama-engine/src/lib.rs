//! The Onitama knowledge of the generic engines of `game-engines`: the evaluator, move order
//! and quiescence moves of the alpha-beta search ([`OnitamaEval`]), ready engines
//! ([`alphabeta`]) and, with the `tablebase` feature, endgame tablebases as an exact oracle of
//! the search (`tablebase` module).
//!
//! ```
//! use std::time::Duration;
//! use game_engines::{Engine, Level, Limits};
//! use onitama_core::Position;
//!
//! let pos = Position::start();
//! let mut engine = onitama_engine::alphabeta(Level::Max);
//! let result = engine.search(&pos, &Limits::time(Duration::from_millis(200)));
//! let best = result.best.expect("the game goes on");
//! assert!(pos.is_legal(best));
//! println!("{best}: {} at depth {}", result.score, result.depth);
//! ```
//!
//! # Concepts
//!
//! - [`OnitamaEval`] implements [`game_engines::Evaluator`] for [`onitama_core::Position`]:
//!   every term and weight is documented on the type; [`OnitamaEval::from_weights`] takes
//!   other weights for tuning matches.
//! - [`alphabeta`] builds the alpha-beta engine of a [`Level`] with this evaluator; for other
//!   settings use [`AlphaBeta::new`] with [`OnitamaEval`] and your own
//!   [`game_engines::AlphaBetaConfig`].
//! - Repetitions: Onitama positions can repeat. Tell the engine the game's earlier positions
//!   ([`game_engines::Engine::set_earlier_positions`], from
//!   [`abstract_game::record::GameRecord::earlier_zobrists`]) and it scores a repetition as a
//!   draw.
//!
//! # Feature flags
//!
//! - `tablebase`: the module `tablebase`, which turns an `onitama_tablebase::Tablebase` into the
//!   exact oracle of the search ([`game_engines::WithOracle`]): positions the table covers get
//!   their exact value and distance; and the module `tune`, the self-play training data of the
//!   evaluator's weights, labelled exactly where a deal's 4-piece table knows the value.
//!
//! The crate sits beside the rules crate as a tablebase crate sits beside a chess rules crate:
//! `onitama-core` knows no engine, `game-engines` knows no game, and this crate joins them. It
//! re-exports both, so depending on it alone is enough.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;

mod eval;
#[cfg(feature = "tablebase")]
#[cfg_attr(docsrs, doc(cfg(feature = "tablebase")))]
pub mod tablebase;
#[cfg(feature = "tablebase")]
#[cfg_attr(docsrs, doc(cfg(feature = "tablebase")))]
pub mod tune;

pub use eval::{
    FUTILITY_MARGIN, INCOMING_REACH, INTERNAL_REDUCTION_DEPTH, MASTER_ATTACKED, OnitamaEval, REACH,
    SHIPPED_WEIGHTS, SINGULAR_EXTENSION_DEPTH, SINGULAR_MARGIN, STUDENT, TEMPLE_DISTANCE, WEIGHTS,
    WEIGHTS_WITHOUT_CARD_SQUARES, WeightsFileError, index, weight_names,
};

pub use game_engines;
pub use onitama_core;

use game_engines::{AlphaBeta, Level};
use onitama_core::Position;

/// The alpha-beta engine of `level` with [`OnitamaEval`]: [`Level::config`] (a 16 MiB table,
/// one thread, so reproducible) and the default weights.
///
/// ```
/// use game_engines::{Engine, Level, Limits, Score};
/// use onitama_core::Position;
///
/// let mut engine = onitama_engine::alphabeta(Level::Medium);
/// assert_eq!(engine.name(), "alphabeta:depth=3:eval=onitama");
/// // Red's Master on c4 stands under Blue's on c5: the horse's step forward takes it.
/// let pos: Position = "2m2/2M2/5/5/5 elephant,horse boar,ox crab r".parse()?;
/// let result = engine.search(&pos, &Limits::none());
/// assert_eq!(result.best, Some("horse:c4c5".parse()?));
/// assert_eq!(result.score, Score::Win { plies: 1 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn alphabeta(level: Level) -> AlphaBeta<Position, OnitamaEval> {
    AlphaBeta::new(level.config(), OnitamaEval::default())
}
