//! The [`Engine`] trait that every move-choosing algorithm implements, and its
//! [`SearchResult`].
//!
//! ```
//! use abstract_game::tictactoe::TicTacToe;
//! use game_engines::{Engine, Limits, RandomMover};
//!
//! // Engines are used through the trait, so a front end can hold any of them.
//! let mut engines: Vec<Box<dyn Engine<TicTacToe>>> = vec![Box::new(RandomMover::new(1))];
//! let result = engines[0].search(&TicTacToe::new(), &Limits::none());
//! assert!(result.best.is_some());
//! assert_eq!(engines[0].name(), "random");
//! ```

use core::time::Duration;

use abstract_game::Game;

use crate::limits::Limits;
use crate::score::Score;

/// What a search found.
///
/// With the `serde` feature it serializes with the moves as the game's `Move` serializes them
/// and `elapsed` as `{"secs": .., "nanos": ..}`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SearchResult<M> {
    /// The move to play: a legal move of the searched position, `None` only when the game is
    /// over. A search stopped early (time, stop flag) still gives a legal move.
    pub best: Option<M>,
    /// The value of the position for the side to move (see [`Score`]).
    pub score: Score,
    /// The principal variation: the expected line of play, starting with `best` (empty when the
    /// game is over).
    pub pv: Vec<M>,
    /// The depth completed, in plies (each engine documents what it counts).
    pub depth: u32,
    /// The deepest ply the search reached (selective depth).
    pub seldepth: u32,
    /// Nodes searched (each engine documents what a node is).
    pub nodes: u64,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

impl<M> SearchResult<M> {
    /// The result of searching a finished game: no move, the game's [`Score::terminal`], no
    /// work. `None` while the game goes on.
    #[must_use]
    pub fn game_over<G: Game<Move = M>>(pos: &G) -> Option<Self> {
        Score::terminal(pos).map(|score| SearchResult {
            best: None,
            score,
            pv: Vec::new(),
            depth: 0,
            seldepth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
        })
    }

    /// Nodes per second of wall-clock time, rounded down; 0 when no time was measured.
    #[must_use]
    pub fn nodes_per_second(&self) -> u64 {
        (u128::from(self.nodes) * 1_000_000_000)
            .checked_div(self.elapsed.as_nanos())
            .map_or(0, |nps| u64::try_from(nps).unwrap_or(u64::MAX))
    }
}

/// A move-choosing algorithm for the game `G`.
///
/// The trait is dyn-compatible: a front end can hold a `Box<dyn Engine<G>>` chosen at run time
/// (and `Box<dyn Engine<G>>` is itself an engine).
///
/// Contract of [`Engine::search`], which tests check for every engine of this crate:
/// - `best` is `None` exactly when the game is over (the result is then
///   [`SearchResult::game_over`]);
/// - otherwise `best` is a legal move, even when the search was stopped before it did any work;
/// - the [`Limits`] are honoured promptly (within a few milliseconds of the time limit or of the
///   stop flag being set);
/// - with the same configuration and seed and a node (not time) limit, the same sequence of
///   searches gives the same results.
pub trait Engine<G: Game> {
    /// The engine and its settings as a spec: the engine's name, then each option after a colon
    /// (`random`, `mcts:playouts=20000:exploration=1`; never a comma, which separates specs in a
    /// list). Front ends print it and parse it back.
    fn name(&self) -> String;

    /// Searches `pos` within `limits` and returns the move to play.
    fn search(&mut self, pos: &G, limits: &Limits) -> SearchResult<G::Move>;

    /// Like [`Engine::search`], calling `progress` with the result so far each time the search
    /// completes a depth (an iterative-deepening engine) or reaches a milestone, and returning
    /// the final result.
    ///
    /// The default runs [`Engine::search`] and reports its result once; engines that iterate
    /// override it (and then implement `search` by calling it with a no-op callback).
    fn search_with_progress(
        &mut self,
        pos: &G,
        limits: &Limits,
        progress: &mut dyn FnMut(&SearchResult<G::Move>),
    ) -> SearchResult<G::Move> {
        let result = self.search(pos, limits);
        progress(&result);
        result
    }

    /// Tells the engine the positions of the game before the one it will search: their
    /// [`abstract_game::ZobristHash`] keys, oldest first, not including the searched position.
    /// Engines that score repetitions use them; they stay in force until the next call.
    ///
    /// The default ignores them (engines that do not look at repetitions).
    fn set_earlier_positions(&mut self, keys: &[u64]) {
        let _ = keys;
    }
}

impl<G: Game, E: Engine<G> + ?Sized> Engine<G> for Box<E> {
    fn name(&self) -> String {
        (**self).name()
    }

    fn search(&mut self, pos: &G, limits: &Limits) -> SearchResult<G::Move> {
        (**self).search(pos, limits)
    }

    fn search_with_progress(
        &mut self,
        pos: &G,
        limits: &Limits,
        progress: &mut dyn FnMut(&SearchResult<G::Move>),
    ) -> SearchResult<G::Move> {
        (**self).search_with_progress(pos, limits, progress)
    }

    fn set_earlier_positions(&mut self, keys: &[u64]) {
        (**self).set_earlier_positions(keys);
    }
}
