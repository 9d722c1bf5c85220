//! Engines that choose moves for any game of the [`abstract_game`] traits: one [`Engine`]
//! trait, the [`Limits`] of a search, one [`Score`] scale, and the engines themselves.
//!
//! ```
//! use std::time::Duration;
//! use abstract_game::tictactoe::TicTacToe;
//! use abstract_game::{Game, Notation};
//! use game_engines::{Engine, Limits, Mcts, MctsConfig, RandomMover};
//!
//! // X threatens the top row; O must block at 2.
//! let pos = TicTacToe::parse_position("xx./o../... o")?;
//! let mut engine = Mcts::new(MctsConfig { seed: 7, ..MctsConfig::default() });
//! let limits = Limits::nodes(3000).with_time(Duration::from_secs(10));
//! let result = engine.search(&pos, &limits);
//! assert_eq!(result.best, Some(2));
//! assert_eq!(result.pv.first(), Some(&2));
//! println!("{} after {} playouts ({}/s)", result.score, result.nodes, result.nodes_per_second());
//!
//! // Every engine is used the same way, also behind a `dyn Engine`.
//! let mut opponent: Box<dyn Engine<TicTacToe>> = Box::new(RandomMover::new(1));
//! let reply = opponent.search(&pos.after_unchecked(2), &Limits::none()).best.unwrap();
//! assert!(pos.after_unchecked(2).is_legal(reply));
//! # Ok::<(), abstract_game::tictactoe::TicTacToeError>(())
//! ```
//!
//! # Concepts
//!
//! - [`Engine`] is what a front end talks to: a spec-like [`Engine::name`] and
//!   [`Engine::search`], which takes a position and [`Limits`] and returns a [`SearchResult`]
//!   (the move, its [`Score`], the principal variation and statistics). Optional hooks report
//!   progress after each completed depth ([`Engine::search_with_progress`]) and pass the game's
//!   earlier positions for repetition rules ([`Engine::set_earlier_positions`]).
//! - [`Limits`]: depth, nodes, wall-clock time and a stop flag that another thread can set; a
//!   search loop checks them cheaply through a [`Clock`]. A search stopped early still returns
//!   a legal move.
//! - [`Score`]: a proven win or loss with its distance to the end in plies, a proven draw, or a
//!   heuristic evaluation, always from the side to move's point of view and totally ordered.
//!   [`Score::back`] turns a child's score into its parent's. Every engine reports this scale.
//! - [`Evaluator`]: a heuristic for engines that score the positions where they stop searching,
//!   with hooks for the search's move order ([`Evaluator::move_order`]) and quiescence
//!   ([`Evaluator::is_noisy`]).
//! - The engines: [`AlphaBeta`] (negamax with principal-variation search, iterative deepening,
//!   quiescence, killer moves and history, a [`TranspositionTable`], repetition draws kept out
//!   of the table, Lazy SMP threads, and a solver mode that proves exact win distances),
//!   [`Mcts`] (Monte Carlo tree search that needs nothing but the rules, and proves wins and
//!   losses it sees: MCTS-Solver) and [`RandomMover`] (a seeded uniformly random move). All are
//!   reproducible (alpha-beta with one thread, the others from a seed). Each has an inherent
//!   `name()`, the same spec as [`Engine::name`].
//! - [`Level`]: the strength presets `easy`, `medium`, `hard` and `max` of alpha-beta, and
//!   `perfect` (perfect play where the game is solved, elsewhere `max`).
//! - [`solver`]: the exact [`Solver`](solver::Solver) for games without repetitions: the value
//!   of a position with its distance ([`abstract_game::ExactValue`]), the principal line and the
//!   winner's strategy. [`matches`](mod@matches): engine matches with Elo and its margin.
//!
//! ```
//! use abstract_game::tictactoe::TicTacToe;
//! use game_engines::{AlphaBeta, AlphaBetaConfig, Engine, Limits, Score, ZeroEvaluator};
//!
//! // The solver proves tic-tac-toe a draw.
//! let result = AlphaBeta::solver().search(&TicTacToe::new(), &Limits::none());
//! assert_eq!(result.score, Score::Draw);
//!
//! // A configured engine, reporting each completed depth.
//! let config = AlphaBetaConfig { max_depth: 4, ..AlphaBetaConfig::default() };
//! let mut engine = AlphaBeta::new(config, ZeroEvaluator);
//! let mut depths = Vec::new();
//! engine.search_with_progress(&TicTacToe::new(), &Limits::none(), &mut |r| depths.push(r.depth));
//! assert_eq!(depths, [1, 2, 3, 4]);
//! assert_eq!(engine.name(), "alphabeta:depth=4");
//! ```
//!
//! The crate knows no particular game: it depends only on `abstract-game`, and its tests play
//! tic-tac-toe ([`abstract_game::tictactoe`]). Games plug in by implementing
//! [`abstract_game::Game`], as `kamisado-core` and `onitama-core` do; each game's knowledge (its
//! [`Evaluator`] and presets) lives in its own crate beside the rules, `kamisado-engine` and
//! `onitama-engine`.
//!
//! # WebAssembly
//!
//! The crate builds for `wasm32-unknown-unknown` (browsers and Node, through wasm-bindgen):
//! there the search clock reads the host's `performance.now()` (the `web-time` crate) instead of
//! `std::time::Instant`, which panics on that target, and a search starts no thread unless its
//! configuration asks for more than one ([`AlphaBetaConfig::threads`], 1 by default). Every
//! other target uses `std` unchanged.
//!
//! # Feature flags
//!
//! - `serde`: `Serialize`/`Deserialize` for [`Score`] (`{"kind": "win", "plies": 7}`,
//!   `{"kind": "eval", "value": 35}`), [`SearchResult`], [`Limits`] (without its stop flag),
//!   [`Level`], [`AlphaBetaConfig`] and [`MctsConfig`].
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;

pub mod alphabeta;
pub mod engine;
pub mod evaluator;
pub mod level;
pub mod limits;
pub mod matches;
pub mod mcts;
pub mod oracle;
mod ordering;
pub mod random;
pub mod score;
pub mod solver;
pub mod tt;
pub mod tuning;

pub use alphabeta::{AlphaBeta, AlphaBetaConfig};
pub use engine::{Engine, SearchResult};
pub use evaluator::{Evaluator, MAX_WEIGHT, StandPat, WeightCountError, ZeroEvaluator};
pub use level::Level;
pub use limits::{Clock, Limits};
pub use mcts::{Mcts, MctsConfig};
pub use oracle::{Oracle, WithOracle};
pub use random::RandomMover;
pub use score::Score;
pub use tt::{TableMemoryError, TranspositionTable};
