//! [`RandomMover`]: the weakest engine, a uniformly random legal move. A baseline for matches
//! and a quick opponent for tests.
//!
//! ```
//! use abstract_game::Game;
//! use abstract_game::tictactoe::TicTacToe;
//! use game_engines::{Engine, Limits, RandomMover};
//!
//! let pos = TicTacToe::new();
//! let mv = RandomMover::new(7).search(&pos, &Limits::none()).best.unwrap();
//! assert!(pos.is_legal(mv));
//! // The same seed, the same moves.
//! assert_eq!(RandomMover::new(7).search(&pos, &Limits::none()).best, Some(mv));
//! ```

use abstract_game::Game;
use abstract_game::rng::SplitMix64;

use crate::engine::{Engine, SearchResult};
use crate::limits::{Instant, Limits};
use crate::score::Score;

/// An engine that plays a uniformly random legal move, from a seeded [`SplitMix64`].
///
/// Each search draws one number from the generator, so a mover made with the same seed and asked
/// about the same positions in the same order plays the same moves. It ignores the limits (it
/// answers at once), reports `Eval(0)` while the game goes on, 0 nodes and depth 0, and a
/// principal variation of just its move.
#[derive(Clone, Debug)]
pub struct RandomMover {
    seed: u64,
    rng: SplitMix64,
}

impl RandomMover {
    /// A random mover with this seed.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        RandomMover {
            seed,
            rng: SplitMix64::new(seed),
        }
    }

    /// The seed it was made with.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The spec, `random` (the seed is not part of it); the same as [`Engine::name`].
    #[must_use]
    pub fn name(&self) -> String {
        "random".to_owned()
    }
}

impl<G: Game> Engine<G> for RandomMover {
    fn name(&self) -> String {
        RandomMover::name(self)
    }

    fn search(&mut self, pos: &G, _limits: &Limits) -> SearchResult<G::Move> {
        if let Some(over) = SearchResult::game_over(pos) {
            return over;
        }
        let start = Instant::now();
        let best = self.rng.choose(pos.legal_moves().as_ref());
        SearchResult {
            best,
            score: Score::Eval(0),
            pv: best.into_iter().collect(),
            depth: 0,
            seldepth: 0,
            nodes: 0,
            elapsed: start.elapsed(),
        }
    }
}
