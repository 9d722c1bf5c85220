//! [`WithOracle`]: an evaluator with an exact oracle beside it, such as an endgame tablebase.
//! The search asks the oracle first ([`Evaluator::probe`]) and takes its answer as proven; where
//! it knows nothing, the evaluator works as before.
//!
//! ```
//! use abstract_game::tictactoe::TicTacToe;
//! use abstract_game::{ExactValue, Game};
//! use game_engines::{AlphaBeta, AlphaBetaConfig, Engine, Limits, Score, WithOracle, ZeroEvaluator};
//!
//! // An oracle that knows the positions after the first move: each is a draw.
//! let oracle = |pos: &TicTacToe| (pos.legal_move_count() == 8).then_some(ExactValue::DRAW);
//! let eval = WithOracle::new(ZeroEvaluator, "first-moves", oracle);
//! let mut engine = AlphaBeta::new(AlphaBetaConfig::default(), eval);
//! // One ply is enough to prove the start a draw.
//! let result = engine.search(&TicTacToe::new(), &Limits::depth(1));
//! assert_eq!(result.score, Score::Draw);
//! // Without the oracle one ply proves nothing.
//! let mut plain = AlphaBeta::new(AlphaBetaConfig::default(), ZeroEvaluator);
//! assert_eq!(plain.search(&TicTacToe::new(), &Limits::depth(1)).score, Score::Eval(0));
//! ```

use std::sync::Arc;

use abstract_game::{ExactValue, Game};

use crate::evaluator::{Evaluator, StandPat};

/// An exact oracle of a game's positions, such as an endgame tablebase: the exact value of a
/// position for the side to move, or `None` where it knows nothing. Shared, so that one loaded
/// table serves every engine.
pub type Oracle<G> = Arc<dyn Fn(&G) -> Option<ExactValue> + Send + Sync>;

/// `evaluator` for what the oracle does not know, the oracle's exact value for what it does.
pub struct WithOracle<G: Game, E> {
    evaluator: E,
    name: String,
    oracle: Oracle<G>,
}

impl<G: Game, E> WithOracle<G, E> {
    /// `evaluator` with `oracle`; the evaluator's name becomes `name` (`"onitama+tablebase"`).
    pub fn new(
        evaluator: E,
        name: impl Into<String>,
        oracle: impl Fn(&G) -> Option<ExactValue> + Send + Sync + 'static,
    ) -> Self {
        WithOracle::shared(evaluator, name, Arc::new(oracle))
    }

    /// [`WithOracle::new`] with an oracle that other engines share.
    pub fn shared(evaluator: E, name: impl Into<String>, oracle: Oracle<G>) -> Self {
        WithOracle {
            evaluator,
            name: name.into(),
            oracle,
        }
    }

    /// The evaluator behind the oracle.
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }
}

impl<G: Game, E: core::fmt::Debug> core::fmt::Debug for WithOracle<G, E> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("WithOracle")
            .field("evaluator", &self.evaluator)
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl<G: Game, E: Evaluator<G>> Evaluator<G> for WithOracle<G, E> {
    fn evaluate(&self, pos: &G) -> i32 {
        self.evaluator.evaluate(pos)
    }

    fn evaluate_for_quiescence(&self, pos: &G) -> StandPat {
        self.evaluator.evaluate_for_quiescence(pos)
    }

    fn evaluate_with_noisy_moves(
        &self,
        pos: &G,
        search_noisy: impl FnOnce(i32) -> bool,
        f: impl FnMut(G::Move, i32),
    ) -> i32 {
        self.evaluator
            .evaluate_with_noisy_moves(pos, search_noisy, f)
    }

    fn name(&self) -> String {
        self.name.clone()
    }

    fn move_order(&self, pos: &G, mv: G::Move) -> i32 {
        self.evaluator.move_order(pos, mv)
    }

    fn is_noisy(&self, pos: &G, mv: G::Move) -> bool {
        self.evaluator.is_noisy(pos, mv)
    }

    fn for_each_noisy_move(&self, pos: &G, f: impl FnMut(G::Move, i32)) {
        self.evaluator.for_each_noisy_move(pos, f);
    }

    fn noisy_moves_first(&self) -> bool {
        self.evaluator.noisy_moves_first()
    }

    fn for_each_quiet_move(&self, pos: &G, f: impl FnMut(G::Move, i32)) {
        self.evaluator.for_each_quiet_move(pos, f);
    }

    fn in_check(&self, pos: &G) -> bool {
        self.evaluator.in_check(pos)
    }

    fn futility_margin(&self) -> i32 {
        self.evaluator.futility_margin()
    }

    fn internal_reduction_depth(&self) -> u32 {
        self.evaluator.internal_reduction_depth()
    }

    fn history_malus(&self) -> bool {
        self.evaluator.history_malus()
    }

    fn singular_extension_depth(&self) -> u32 {
        self.evaluator.singular_extension_depth()
    }

    fn singular_margin(&self) -> i32 {
        self.evaluator.singular_margin()
    }

    fn probe(&self, pos: &G) -> Option<ExactValue> {
        (self.oracle)(pos)
    }
}
