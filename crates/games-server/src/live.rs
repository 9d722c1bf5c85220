//! [`LiveGame`]: a game of the server with its seats, whatever the game is. The server holds
//! `Box<dyn LiveGame>`; [`crate::table::Table`] implements it once for every game of the
//! catalog.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use game_catalog::views::state::StateView;
use serde_json::Value;

use crate::error::ApiError;

/// The engine's choice, in text.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct EngineChoice {
    /// The move, in the game's notation (`None` if the engine found none: the game is over).
    pub(crate) mv: Option<String>,
    /// The view of the score, as JSON.
    pub(crate) score: Value,
    /// The principal variation.
    pub(crate) pv: Vec<String>,
    /// The depth reached.
    pub(crate) depth: u32,
}

/// A search to run on a blocking thread: it owns a copy of the position, so the game stays free
/// while the engine thinks.
pub(crate) type EngineJob = Box<dyn FnOnce(Arc<AtomicBool>) -> EngineChoice + Send>;

/// How long an engine may think, and whether to think by nodes instead (a manual test clock:
/// reproducible).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Thinking {
    /// The time cap of one move.
    pub(crate) cap: Duration,
    /// Think by a node budget instead of the clock.
    pub(crate) by_nodes: bool,
}

/// A game of the server: the session (or mirror match) and who holds each seat.
pub(crate) trait LiveGame: Send + Sync {
    /// The game's name (`kamisado`).
    fn game(&self) -> &'static str;
    /// The state the API answers with (see `docs/server.md`), without `id`, `version` and
    /// `thinking`, which the caller sets.
    fn state(&self) -> StateView;
    /// The token that plays the open seat of a game shared by link, now taken by `name`;
    /// returns the id of the player of that seat (in the current game).
    fn join(&mut self, name: &str, token: String) -> Result<&'static str, ApiError>;
    /// Plays `mv` for the holder of `token`.
    fn play(&mut self, token: &str, mv: &str) -> Result<(), ApiError>;
    /// Takes back one turn of a person; in a game shared by link, asks the opponent to agree
    /// instead ([`LiveGame::answer_takeback`]).
    fn undo(&mut self, token: &str) -> Result<(), ApiError>;
    /// The opponent's answer to a takeback asked in a game shared by link: the turn is taken
    /// back if `accept`; the question is gone either way.
    fn answer_takeback(&mut self, token: &str, accept: bool) -> Result<(), ApiError>;
    /// Replays what undo took back.
    fn redo(&mut self, token: &str) -> Result<(), ApiError>;
    /// The holder of `token` resigns (`player` chooses which seat when one token holds both).
    fn resign(&mut self, token: &str, player: Option<&str>) -> Result<(), ApiError>;
    /// The coach's answer to a candidate (coaching round).
    fn propose(&mut self, token: &str, mv: &str) -> Result<Value, ApiError>;
    /// The second game of a mirror match.
    fn next_game(&mut self, token: &str) -> Result<(), ApiError>;
    /// Charges the clock with the time since the last tick; `true` if that ended the game.
    fn tick(&mut self, now_ms: u64) -> bool;
    /// The engine's move to search now, if an engine is to move.
    fn engine_job(&self, thinking: Thinking, seed: u64) -> Option<EngineJob>;
    /// Plays the engine's move found by a job (the caller checked that nothing changed since).
    fn play_engine(&mut self, mv: &str) -> Result<(), ApiError>;
    /// The engine's choice for the side to move, as a hint (`medium` strength unless the game
    /// has an engine seat).
    fn hint_job(&self, thinking: Thinking, seed: u64) -> Result<EngineJob, ApiError>;
    /// The saved form (the database row).
    fn to_json(&self) -> String;
}
