//! Playing sessions for any game of the workspace, built on the generic
//! [`GameRecord`](abstract_game::record::GameRecord): the rules of *playing*, not of the game,
//! written once so that every front end (the `games` command line, a web server, your own UI)
//! drives the same ones.
//!
//! ```
//! use abstract_game::tictactoe::{Mark, TicTacToe};
//! use game_sessions::{Format, Participant, Session, SessionResult};
//!
//! let participants = [Participant::person("Ann"), Participant::engine("easy")];
//! let mut session = Session::new("tictactoe", TicTacToe::new(), participants, Format::Casual);
//! assert_eq!(session.to_move(), Some(Mark::X));
//! session.play(4)?; // Ann
//! session.play(0)?; // the engine's move, chosen by the front end
//! // Undo against an engine goes back to the person's turn: both plies.
//! assert_eq!(session.undo()?, 2);
//! assert_eq!(session.record().ply(), 0);
//! session.redo()?;
//!
//! // Saved and loaded, nothing is lost (the undone moves neither).
//! let again: Session<TicTacToe> = Session::from_json(&session.to_json())?;
//! assert_eq!(again, session);
//!
//! session.resign(Mark::X)?;
//! assert_eq!(session.result(), Some(SessionResult::Resigned { winner: Mark::O }));
//! assert_eq!(session.result().unwrap().to_string(), "x resigns");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What is here
//!
//! - [`Session`]: two [`Participant`]s (people or engines) and a record. It plays moves and
//!   then plays by itself every forced turn, a turn whose only legal move is a pass
//!   ([`forced_move`]: a Kamisado tower that cannot move); undo takes back to the previous turn
//!   of a person and never stops inside forced turns; redo; agreed draw, resignation and
//!   abandonment; who is to move and what they may do ([`Actions`]); how it ended
//!   ([`SessionResult`]); repetition counts; JSON save and load ([`save`]).
//! - House [`Format`]s: the clock duel ([`TimeControl`], [`Clock`]: the caller passes elapsed
//!   time in, the library never reads the system clock), the open coaching round ([`Coach`],
//!   [`CoachReport`]) and the two-game [`MirrorMatch`] with its [`Points`].
//! - [`Play`]: what a front end plays, one [`Session`] or a [`MirrorMatch`]: the game under way
//!   ([`Play::current`], [`Play::current_mut`]), the participants and the side each plays in it
//!   ([`Play::sides`]), the next game of a match, and one saved file for either
//!   ([`Play::to_json`], [`Play::from_json`], checked against the game it is for).
//!
//! The clock duel's rules: the side to move is charged by [`Session::tick`]; a player whose
//! time runs out loses ([`SessionResult::OnTime`]), unless they already made a winning move (the
//! game ended at once, later ticks change nothing); an agreed draw stays a draw; both flags
//! down with no way to tell which fell first is a draw ([`Session::both_flags_down`]); a
//! correction pauses both clocks, restores the last agreed position and resumes the clock of
//! the side to move ([`Session::correct`]).
//!
//! Game-specific knowledge (captures, Onitama's card handed over, the words for a Kamisado
//! deadlock) lives with the games, in the catalog; this crate depends on `abstract-game` only.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod clock;
mod coach;
mod mirror;
mod participant;
mod play;
mod result;
pub mod save;
mod session;

pub use clock::{Clock, ParseTimeControlError, TimeControl, clock_face};
pub use coach::{Coach, CoachReport, Threat, WinningReplies, winning_replies};
pub use mirror::{MatchError, MatchOutcome, MirrorMatch};
pub use participant::Participant;
pub use play::Play;
pub use result::{Points, SessionResult};
pub use save::LoadError;
pub use session::{Actions, Format, PlayedTurn, Session, SessionError, forced_move};
