//! Onitama (the base game with its sixteen cards) on bitboards: legal moves including the forced
//! pass, both ways of winning, text notation, Zobrist hashing and game records, with the
//! [`abstract_game`] traits implemented so that generic perft, playouts and search work on it.
//!
//! ```
//! use onitama_core::{Deal, Move, Position, Side, WinReason};
//!
//! // Community set A: Red holds horse and elephant, Blue ox and boar, the crab is the side card.
//! // Its blue stamp makes Blue start.
//! let deal: Deal = "horse,elephant,ox,boar,crab".parse()?;
//! let mut pos = Position::from_deal(deal);
//! assert_eq!(pos.side_to_move(), Side::Blue);
//! assert_eq!(pos.legal_moves().len(), 10);
//!
//! // Blue's Master walks up with the ox; the ox becomes the side card, Blue takes the crab.
//! pos.play("ox:c5c4".parse()?)?;
//! assert_eq!(pos.hand(Side::Blue), [onitama_core::Card::Boar, onitama_core::Card::Crab]);
//!
//! // An illegal move is rejected with the reason and changes nothing.
//! let before = pos;
//! let err = pos.play("ox:c1c2".parse()?).unwrap_err();
//! assert_eq!(err.to_string(), "illegal move ox:c1c2: red does not hold the card ox");
//! assert_eq!(pos, before);
//!
//! // Play on until someone wins.
//! for mv in ["horse:c1c2", "boar:c4c3", "elephant:b1a2", "horse:c3c2"] {
//!     pos.play(mv.parse::<Move>()?)?;
//! }
//! let outcome = pos.outcome().expect("Blue captured Red's Master");
//! assert_eq!(outcome.winner(), Some(Side::Blue));
//! assert_eq!(outcome.reason(), WinReason::Stone);
//! assert!(pos.legal_moves().is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Concepts
//!
//! - [`Square`] `a1`..`e5` (Red sits at rank 1, Blue at rank 5), [`Bitboard`] (a set of squares,
//!   iterated by [`BitboardIter`]), [`Side`] (Red, Blue), [`Piece`] (Master, Student).
//! - [`Card`]: the sixteen cards with their stamps and destination tables (read from the holder's
//!   seat, so the same card points the other way for Blue).
//! - [`Deal`]: the five cards of a game; [`Deal::COMMUNITY_A`] .. [`Deal::COMMUNITY_D`] are the
//!   community's reference sets and [`Deal::random`] draws one from a seed.
//! - [`Position`]: a small `Copy` value with the pieces, the cards, the side to move and its
//!   Zobrist key; [`Position::start`] is the start of community set A. [`Position::legal_moves`]
//!   returns a [`MoveList`] (no allocation, at most [`MAX_LEGAL_MOVES`]) and
//!   [`Position::for_each_legal_move`] visits the moves without a list; [`Position::check_move`]
//!   and [`Position::play`] check and explain ([`IllegalMoveError`]);
//!   [`Position::play_unchecked`] is the fast path; [`Position::outcome`] gives the [`Outcome`]:
//!   the winner and the [`WinReason`].
//! - [`Move`]: a card and a step, or the forced pass ([`Move::Pass`]) that only exchanges the card.
//! - [`GameRecord`]: the workspace's generic game record of [`Position`]: the moves from a start,
//!   undo/redo, repetition counting, the players' endings (agreed draw, resignation, abandoned)
//!   and a text form that writes a deal's start as the deal.
//!
//! The text forms (`Display`/`FromStr`): squares `c3`; cards `tiger`; moves `tiger:c1c3` and
//! `tiger:pass`; deals `horse,elephant,ox,boar,crab`; positions
//! `ssmss/5/5/5/SSMSS elephant,horse boar,ox crab b` (board from rank 5, Red's cards, Blue's
//! cards, side card, side to move); reasons `stone`, `stream` (displayed `way of the stone`).
//! [`Position::diagram`] draws a position for people ([`Diagram`]).
//!
//! # Feature flags
//!
//! - `std` (default): builds on the standard library and enables `std` in `abstract-game` (for
//!   `abstract_game::perft::parallel_perft`). Without it (`default-features = false`) the crate
//!   is `#![no_std]` and needs only `alloc`: the rules, notation, records, hashing and `serde`
//!   all work on targets without an operating system (CI builds it for `wasm32v1-none`).
//! - `serde`: `Serialize`/`Deserialize` for [`Square`], [`Card`], [`Side`], [`Move`], [`Deal`],
//!   [`Position`] and [`GameRecord`], all as their text forms, and [`WinReason`] as its id
//!   (`"stone"`, `"stream"`).
//! - `reference`: the module `reference`, a slow and plainly written implementation of the rules
//!   that the tests and the fuzz targets compare the fast one against.
//! - `testing`: `reference` and the conformance kit of `abstract-game` (`abstract_game::testing`).
//!
//! # Related crates
//!
//! [`abstract_game`] holds the traits implemented here ([`abstract_game::Game`],
//! [`abstract_game::ZobristHash`], [`abstract_game::PassMove`], [`abstract_game::Notation`]) and
//! the generic algorithms that use them; its seeded generator `abstract_game::rng::SplitMix64`
//! drives [`Deal::random`].
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod bitboard;
mod card;
mod deal;
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
/// this crate names the very version it was built with (`onitama_core::abstract_game::Game`).
pub use abstract_game;
/// A pair of values indexed by [`Side`] (shared with every game of the workspace).
pub use abstract_game::BySide;
/// The `arrayvec` crate: [`MoveList`] is an `arrayvec::ArrayVec`, re-exported for the same reason.
pub use arrayvec;
pub use bitboard::{Bitboard, BitboardIter};
pub use card::{Card, ParseCardError};
pub use deal::{Deal, DealError, ParseDealError};
pub use diagram::Diagram;
pub use error::{IllegalMoveError, IllegalMoveReason, InvalidPositionError, ParsePositionError};
pub use moves::{MAX_LEGAL_MOVES, Move, MoveField, MoveList, ParseMoveError};
pub use outcome::{Outcome, ParseWinReasonError, WinReason};
pub use position::Position;
pub use record::{GameRecord, ParseRecordError, RecordPlayError};
pub use side::{ParseSideError, Piece, Side};
pub use square::{ParseSquareError, Square};

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
