//! [`Batch`]: N games of one kind stepped together, the core of the batch API (the Python
//! classes are in `vector_classes`). Plain Rust on slices, so that the classes can run it
//! without the GIL.

use std::collections::TryReserveError;

use abstract_game::Player;
use abstract_game::rng::SplitMix64;

use crate::encoding::{Cell, Encoding};

/// The most games a batch holds: 2^20 (1,048,576). Far more than a step's work needs to be
/// spread over, and small enough that the arrays of a batch this large fit in memory (an
/// Onitama batch's masks take 1.3 GB).
pub(crate) const MAX_GAMES: usize = 1 << 20;

/// How a game of the batch starts, at construction and at every automatic reset.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Start<G> {
    /// Always this position.
    Fixed(G),
    /// The game's random start drawn from the batch's generator (Onitama: a random deal).
    Random,
}

/// Why a step was refused; nothing changed then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum StepError {
    /// The number of actions is not the number of games.
    Length {
        /// Actions given.
        actions: usize,
        /// Games in the batch.
        games: usize,
    },
    /// An action that is not legal in its game.
    Illegal {
        /// The game's index.
        game: usize,
        /// The action.
        action: i64,
        /// The legal actions of that game.
        legal: Vec<usize>,
    },
}

/// What one step gave each game: the reward of the player who moved, and whether the game
/// ended by the rules (`terminated`) or at the ply limit (`truncated`); in both cases the game
/// was reset to a start.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct StepOutput {
    /// +1 if the move won, −1 if it lost (a Kamisado deadlock can make the mover lose), else 0.
    pub(crate) rewards: Vec<f32>,
    /// The game ended by the rules.
    pub(crate) terminated: Vec<bool>,
    /// The game reached the ply limit.
    pub(crate) truncated: Vec<bool>,
}

/// N games of `G`, with their ply counts, their start, a seeded generator (random starts and
/// random actions) and an optional ply limit.
#[derive(Clone, Debug)]
pub(crate) struct Batch<G: Encoding> {
    games: Vec<G>,
    plies: Vec<u32>,
    start: Start<G>,
    rng: SplitMix64,
    max_plies: Option<u32>,
}

impl<G: Encoding> Batch<G> {
    /// `n` games from `start`, the generator seeded with `seed`.
    ///
    /// # Errors
    /// [`TryReserveError`] if the memory for `n` games cannot be had (the caller bounds `n` by
    /// [`MAX_GAMES`]).
    pub(crate) fn new(
        n: usize,
        start: Start<G>,
        seed: u64,
        max_plies: Option<u32>,
    ) -> Result<Self, TryReserveError> {
        let mut games = Vec::new();
        games.try_reserve_exact(n)?;
        let mut plies = Vec::new();
        plies.try_reserve_exact(n)?;
        plies.resize(n, 0);
        let mut batch = Batch {
            games,
            plies,
            start,
            rng: SplitMix64::new(seed),
            max_plies,
        };
        for _ in 0..n {
            let game = batch.next_start();
            batch.games.push(game);
        }
        Ok(batch)
    }

    fn next_start(&mut self) -> G {
        match self.start {
            Start::Fixed(pos) => pos,
            Start::Random => G::random_start(self.rng.next_u64()),
        }
    }

    /// The number of games.
    pub(crate) fn len(&self) -> usize {
        self.games.len()
    }

    /// The games' current positions.
    pub(crate) fn games(&self) -> &[G] {
        &self.games
    }

    /// The plies played in each game since its start.
    pub(crate) fn plies(&self) -> &[u32] {
        &self.plies
    }

    /// The ply limit.
    pub(crate) fn max_plies(&self) -> Option<u32> {
        self.max_plies
    }

    /// Starts every game again, reseeding the generator first if `seed` is given.
    pub(crate) fn reset(&mut self, seed: Option<u64>) {
        if let Some(seed) = seed {
            self.rng = SplitMix64::new(seed);
        }
        for i in 0..self.games.len() {
            self.games[i] = self.next_start();
            self.plies[i] = 0;
        }
    }

    /// Plays `actions[i]` in game `i` for every game; a game that ends (or reaches the ply
    /// limit) starts again at once.
    ///
    /// # Errors
    /// [`StepError`] if there is not one action per game or one is illegal; then no game moved.
    pub(crate) fn step(&mut self, actions: &[i64]) -> Result<StepOutput, StepError> {
        if actions.len() != self.games.len() {
            return Err(StepError::Length {
                actions: actions.len(),
                games: self.games.len(),
            });
        }
        let mut moves = Vec::with_capacity(actions.len());
        for (i, (&action, game)) in actions.iter().zip(&self.games).enumerate() {
            let mv = usize::try_from(action)
                .ok()
                .and_then(|a| game.legal_move_of(a))
                .ok_or_else(|| StepError::Illegal {
                    game: i,
                    action,
                    legal: crate::game_state::legal_actions(game),
                })?;
            moves.push(mv);
        }
        let n = self.games.len();
        let mut out = StepOutput {
            rewards: vec![0.0; n],
            terminated: vec![false; n],
            truncated: vec![false; n],
        };
        for (i, mv) in moves.into_iter().enumerate() {
            let game = &mut self.games[i];
            let mover = game.side_to_move();
            game.play_unchecked(mv);
            self.plies[i] += 1;
            if let Some(outcome) = game.outcome() {
                out.rewards[i] = match outcome.winner() {
                    Some(w) if w == mover => 1.0,
                    Some(_) => -1.0,
                    None => 0.0,
                };
                out.terminated[i] = true;
            } else if self.max_plies.is_some_and(|m| self.plies[i] >= m) {
                out.truncated[i] = true;
            } else {
                continue;
            }
            self.games[i] = self.next_start();
            self.plies[i] = 0;
        }
        Ok(out)
    }

    /// A uniformly random legal action of each game, from the batch's generator.
    pub(crate) fn random_actions(&mut self, out: &mut [i64]) {
        for (game, slot) in self.games.iter().zip(out) {
            // The games of a batch are never over (they restart at once): always `Some`.
            *slot = game
                .random_legal_action(&mut self.rng)
                .map_or(-1, |a| a as i64);
        }
    }

    /// Writes every game's legal-action mask into `out` (games × `NUM_ACTIONS`).
    pub(crate) fn write_masks(&self, out: &mut [bool]) {
        for (game, mask) in self.games.iter().zip(out.chunks_exact_mut(G::NUM_ACTIONS)) {
            game.write_mask(mask);
        }
    }

    /// Writes every game's observation from its side to move's seat into `out` (games ×
    /// `OBSERVATION_LEN`).
    pub(crate) fn write_observations<T: Cell>(&self, out: &mut [T]) {
        for (game, obs) in self
            .games
            .iter()
            .zip(out.chunks_exact_mut(G::OBSERVATION_LEN))
        {
            game.write_observation(game.side_to_move(), obs);
        }
    }

    /// The index of each game's player to move.
    pub(crate) fn current_players(&self) -> Vec<i64> {
        self.games
            .iter()
            .map(|g| g.side_to_move().index() as i64)
            .collect()
    }

    /// Replaces game `i` by `pos` (its ply count starts again at 0).
    pub(crate) fn set(&mut self, i: usize, pos: G) {
        self.games[i] = pos;
        self.plies[i] = 0;
    }
}
