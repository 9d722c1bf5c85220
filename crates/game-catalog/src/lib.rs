//! The catalog of the workspace's games: **the only place that lists them**.
//!
//! Front ends (the `games` command line, the web server, a user's own tool) are written once,
//! generically over [`CatalogGame`], and reach a game chosen at run time through
//! [`GameName::visit`]. The catalog also holds what every front end would otherwise write
//! again: the default start and the start options of each game (Onitama's deal), position set-up
//! from text with one error type ([`setup`], [`SetupError`]), and the JSON views ([`views`]).
//!
//! ```
//! use game_catalog::views::ShowView;
//! use game_catalog::{setup, CatalogGame, GameName, GameVisitor, Setup};
//!
//! /// Shows any game of the catalog after some moves.
//! struct Show(Setup);
//! impl GameVisitor for Show {
//!     type Output = Result<String, game_catalog::SetupError>;
//!     fn visit<G: CatalogGame>(self) -> Self::Output {
//!         let record = setup::<G>(&self.0)?;
//!         Ok(serde_json::to_string(&ShowView::of(record.position())).unwrap())
//!     }
//! }
//!
//! let game: GameName = "kamisado".parse()?;
//! let json = game.visit(Show(Setup { moves: Some("c1a3".into()), ..Setup::default() }))?;
//! assert!(json.contains(r#""to_move":"gold","legal_moves":["b8b2","#));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Concepts
//!
//! - [`GameName`]: the list of games, `FromStr`/`Display`, and the dispatch [`GameName::visit`]
//!   to a [`GameVisitor`].
//! - [`CatalogGame`]: the rules traits of `abstract-game` plus the catalog's six jobs, one
//!   trait each, which every game implements in its module of [`games`]:
//!   - [`CatalogEntry`]: the name, the default start, a random start and start options
//!     ([`StartOption`]);
//!   - [`EngineKnowledge`]: the evaluator and tablebases behind the engine specs of
//!     [`engines`] (the knowledge itself lives in the games' engine crates, `kamisado-engine`
//!     and `onitama-engine`, which need no catalog);
//!   - [`MatchOpenings`]: how engine matches open ([`openings()`]);
//!   - [`Solvable`]: what the exact solver needs (no repetitions, the longest game, the move
//!     order);
//!   - [`Provable`]: the verifier of [`proof`] files;
//!   - [`Presentation`]: the boards and words people read (a diagram, the turn summary, the
//!     board for a terminal and as JSON, the words for a result and a forced turn, the coaching
//!     round's answers).
//! - [`Setup`] and [`setup`]: a position text or a start option, then moves, into a
//!   [`GameRecord`](abstract_game::record::GameRecord); [`SetupError`] says which input is bad.
//! - [`openings()`]: the openings of an engine match, a random start of each game and, where the
//!   game has one, the lines of its [`MatchOpenings::OPENING_BOOK`], used evenly.
//! - [`views`]: the JSON objects of `show`, `perft` and outcomes, the state of a game being
//!   played ([`views::state::StateView`]) and the catalog a front end reads at start-up
//!   ([`views::catalog::CatalogView`]).
//! - [`engines`]: engine presets by name (`random`, `mcts:playouts=20000`, `hard`) for any game.
//! - [`play`]: what playing sessions need from each game: the board for a terminal
//!   ([`play::BoardStyle`]) and the coach of the coaching round ([`play::CatalogCoach`]).
//! - [`proof`]: proof files of a solved position and their verifier, which trusts only a game's
//!   slow reference rules.
//!
//! Adding a game: a module in `games/`, one line in [`GameName`] and one in
//! [`GameName::visit`] (the project's `docs/adding-a-game.md` has the whole checklist).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;

mod board_style;
pub mod engines;
mod entry;
pub mod external;
mod game;
pub mod games;
mod knowledge;
mod name;
mod openings;
pub mod play;
mod presentation;
pub mod proof;
mod setup;
mod solvable;
pub mod views;

pub use entry::{CatalogEntry, StartOption};
pub use game::CatalogGame;
pub use knowledge::EngineKnowledge;
pub use name::{GameName, GameVisitor, UnknownGameError};
pub use openings::{MatchOpenings, opening, openings};
pub use presentation::{BoardGeometry, Presentation};
pub use proof::Provable;
pub use setup::{Setup, SetupError, position, setup, start_position};
pub use solvable::Solvable;
