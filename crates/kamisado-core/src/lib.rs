//! The rules of **Kamisado** (Single Round, no Sumo) on bitboards: legal moves, zero-length moves
//! and deadlock adjudication, the text notation, Zobrist hashing and game records.
//!
//! ```
//! use kamisado_core::{Move, Position, Side};
//!
//! let mut pos = Position::start();
//! for text in ["c1a3", "b8h2", "a3e7", "h2h2"] {
//!     let mv: Move = text.parse()?;
//!     pos.play(mv)?; // checked: an illegal move is rejected with the reason
//! }
//! // Gold's blue tower on h2 was blocked: `h2h2` was its zero-length move.
//! assert_eq!(pos.to_string(), "o1pkyrgn/4R3/8/8/8/8/7b/NG1YKPBO b r b");
//! println!("{}", pos.diagram());
//!
//! // Black's red tower on e7 is blocked as well: its only move is the zero-length one, which
//! // repeats a state of the chain, so the game ends in deadlock. Black made the last real move
//! // (a3e7) and loses.
//! let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["e7e7"]);
//! pos.play(moves[0].parse()?)?;
//! let outcome = pos.outcome().expect("deadlock");
//! assert_eq!(outcome.winner(), Some(Side::Gold));
//! assert_eq!(outcome.reason().id(), "deadlock");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Concepts
//!
//! - [`Square`] `a1`..`h8` (Black's home row is rank 1), [`Bitboard`] a set of squares,
//!   [`Colour`] the eight colours (of towers and squares, see [`Colour::of_square`]),
//!   [`Side`] Black or Gold, [`Tower`] a side and a colour.
//! - [`Move`]: origin and destination. A blocked tower's turn is the **zero-length move**, whose
//!   destination is its origin (`h2h2`): it is an ordinary legal move, one ply, and the colour of
//!   its square names the next tower, like any destination.
//! - [`Position`]: the board, the side to move, the required colour ([`Position::required`],
//!   `None` only on the first move), and the chain of states ([`ChainState`], see
//!   [`Position::chain`]) since the last move of positive length, which decides deadlocks.
//!   [`Position::legal_sources`] and [`Position::destinations`] are what a user interface
//!   highlights. [`Position::legal_moves`] returns a stack-allocated [`MoveList`] of capacity
//!   [`MAX_LEGAL_MOVES`]. [`Position::play`] checks a move and reports an [`IllegalMoveError`];
//!   [`Position::play_unchecked`] is the fast path.
//! - [`Outcome`]: the winner and the [`WinReason`] (`home_row` or `deadlock`). There are no draws.
//! - Text: `Display`/`FromStr` for squares (`c1`), moves (`c1a3`) and positions. A position is
//!   four fields separated by single spaces: the board (rank 8 first, ranks separated by `/`, a
//!   tower is its colour letter, uppercase for Black and lowercase for Gold, a digit counts empty
//!   squares), the side to move (`b` or `g`), the required colour letter (`-` for the free first
//!   move) and the zero-length chain (the colour letters of its earlier states, oldest first, or
//!   `-`): `obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - -` is the start. Parse errors name the field and
//!   character; [`Position::from_parts`] builds a position from its parts and rejects those no
//!   game can reach ([`InvalidPositionError`]). [`Position::diagram`] draws the board for a
//!   terminal.
//! - [`GameRecord`]: start position, moves and positions, with undo/redo and a text form.
//! - [`Position::zobrist`]: an incrementally updated 64-bit Zobrist key.
//! - The [`abstract_game`] traits (`Game`, `ZobristHash`, `PassMove`, `Notation`) are
//!   implemented for [`Position`], so generic perft, playouts and search work on it.
//!
//! # Feature flags
//!
//! - `std` (default): builds on the standard library and enables `std` in `abstract-game` (for
//!   `abstract_game::perft::parallel_perft`). Without it (`default-features = false`) the crate
//!   is `#![no_std]` and needs only `alloc`: the rules, notation, records, hashing and `serde`
//!   all work on targets without an operating system (CI builds it for `wasm32v1-none`).
//! - `reference`: the module `reference`, a slow, obviously correct implementation of the rules
//!   on plain arrays that tests (this crate's and the fuzz targets) compare the fast one with, and
//!   that a proof checker can replay a proof with.
//! - `testing`: `reference` and the conformance kit of `abstract-game` (`abstract_game::testing`).
//! - `serde`: `Serialize`/`Deserialize` for [`Square`], [`Move`], [`Position`], [`GameRecord`],
//!   [`Colour`], [`Side`], [`Tower`] and [`WinReason`] as their text notation (sides as
//!   `"black"`/`"gold"`, reasons as `"home_row"`/`"deadlock"`), and for [`Outcome`] as
//!   `{"winner": "gold", "reason": "deadlock"}`.
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

mod bitboard;
mod colour;
mod diagram;
mod error;
mod game_impl;
mod movegen;
mod moves;
mod notation;
mod outcome;
mod position;
mod record;
#[cfg(feature = "reference")]
#[cfg_attr(docsrs, doc(cfg(feature = "reference")))]
pub mod reference;
#[cfg(feature = "serde")]
mod serde_impls;
mod side;
mod square;
mod zobrist;

/// The `abstract-game` crate whose traits this crate implements, re-exported so that a user of
/// this crate names the very version it was built with (`kamisado_core::abstract_game::Game`).
pub use abstract_game;
/// A pair of values indexed by [`Side`] (shared with every game of the workspace).
pub use abstract_game::BySide;
/// The `arrayvec` crate: [`MoveList`] is an `arrayvec::ArrayVec`, re-exported for the same reason.
pub use arrayvec;
pub use bitboard::{Bitboard, BitboardIter};
pub use colour::{Colour, ParseColourError};
pub use diagram::Diagram;
pub use error::{IllegalMoveError, IllegalMoveReason, InvalidPositionError, ParsePositionError};
pub use moves::{MAX_LEGAL_MOVES, MAX_TOWER_MOVES, Move, MoveField, MoveList, ParseMoveError};
pub use outcome::{Outcome, ParseWinReasonError, WinReason};
pub use position::{ChainState, Position};
pub use record::{GameRecord, ParseRecordError, RecordPlayError};
pub use side::{ParseSideError, ParseTowerError, Side, Tower};
pub use square::{ParseSquareError, Square};
