//! Traits for two-player, perfect-information, turn-based games, and the algorithms that work for
//! every such game: perft, random playouts and a conformance test kit. Engines that choose moves
//! are in the `game-engines` crate.
//!
//! ```
//! use abstract_game::perft::{perft, perft_stats, Convention};
//! use abstract_game::playout::random_playout;
//! use abstract_game::rng::SplitMix64;
//! use abstract_game::tictactoe::TicTacToe;
//! use abstract_game::{Game, Notation};
//!
//! let mut pos = TicTacToe::new();
//! pos.play(pos.parse_move("4")?)?;
//! assert_eq!(pos.legal_move_count(), 8);
//! assert_eq!(perft(&pos, 2), 8 * 7);
//!
//! let game = random_playout(&pos, &mut SplitMix64::new(7), 100);
//! assert!(game.outcome.is_some()); // tic-tac-toe ends within nine plies
//! pos.play(game.moves[0])?;
//! println!("{pos}");
//! # Ok::<(), abstract_game::tictactoe::TicTacToeError>(())
//! ```
//!
//! # Concepts
//!
//! - [`Game`] is implemented by a *position*: the whole state that decides the rest of the game.
//!   It lists legal moves without heap allocation, plays them (checked, with a typed error that
//!   leaves the position unchanged, or unchecked for speed) and reports the [`Outcome`].
//! - A game that is not over always has a legal move: turns in which a player cannot act (a
//!   blocked tower, a forced pass) are ordinary moves. A finished game has none.
//! - Optional capabilities are separate traits, so a game implements only what it has:
//!   [`ZobristHash`] (a 64-bit key), [`Notation`] (text for positions and moves) and
//!   [`PassMove`] (which moves are passes, for statistics).
//! - Generic algorithms: [`perft`] (both counting conventions, divide, per-ply statistics,
//!   parallel, stoppable by a flag), [`playout`] (seeded random games from the [`rng`] generator). Engines built on
//!   these traits (alpha-beta with a transposition table, Monte Carlo tree search with a solver,
//!   an exact solver, a random mover, engine matches) are in the `game-engines` crate.
//! - [`tictactoe`] implements every trait in a few lines: read it before adding a game.
//!
//! # Feature flags
//!
//! - `std` (default): [`perft::parallel_perft`] and [`perft::parallel_perft_until`], which run
//!   on threads. Without it the crate is `#![no_std]` and needs only `alloc`: everything else
//!   (the traits, perft and the stoppable [`perft::perft_until`] and [`perft::divide_until`],
//!   playouts, records, the conformance kit) works on targets without an operating system.
//! - `serde`: `Serialize`/`Deserialize` for [`Outcome`], [`Wdl`] and [`ExactValue`].
//! - `testing`: the conformance kit (module `testing`), a set of checks that every
//!   implementation should run in its tests (unique legal moves that all play, illegal moves
//!   rejected without side effects, outcome exactly when no moves, notation round trips, hashes).
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;

pub mod game;
pub mod outcome;
pub mod perft;
pub mod player;
pub mod playout;
pub mod record;
pub mod rng;
#[cfg(feature = "testing")]
#[cfg_attr(docsrs, doc(cfg(feature = "testing")))]
pub mod testing;
pub mod tictactoe;
pub mod wdl;

pub use game::{Game, Notation, PassMove, ZobristHash};
pub use outcome::{EndReason, Outcome};
pub use player::{BySide, Player};
pub use wdl::{ExactValue, Wdl};
