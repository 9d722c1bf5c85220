//! The [`Evaluator`] trait: a heuristic value of a position, for engines that search a few plies
//! and score the positions where they stop; and [`ZeroEvaluator`], which knows nothing.
//!
//! Besides [`Evaluator::evaluate`], the trait carries the game knowledge a search uses to order
//! and extend its work, each with a neutral default: [`Evaluator::move_order`] (which moves to
//! try first: winning moves and captures) and [`Evaluator::is_noisy`] (which moves quiescence
//! search follows past the nominal depth: captures, winning moves, home-row threats).
//!
//! ```
//! use abstract_game::Game;
//! use abstract_game::tictactoe::TicTacToe;
//! use game_engines::{Evaluator, ZeroEvaluator};
//!
//! /// Tic-tac-toe: the centre is worth having.
//! struct Centre;
//!
//! impl Evaluator<TicTacToe> for Centre {
//!     fn evaluate(&self, pos: &TicTacToe) -> i32 {
//!         // The player who just moved took the centre if it is no longer free.
//!         if pos.is_legal(4) { 0 } else { -10 }
//!     }
//! }
//!
//! let pos = TicTacToe::new().after_unchecked(4); // X took the centre, O to move
//! assert_eq!(Centre.evaluate(&pos), -10);
//! assert_eq!(ZeroEvaluator.evaluate(&pos), 0);
//! assert_eq!(Evaluator::<TicTacToe>::name(&ZeroEvaluator), "zero");
//! // The ordering and quiescence hooks default to "no knowledge".
//! assert_eq!(Centre.move_order(&pos, 0), 0);
//! assert!(!Centre.is_noisy(&pos, 0));
//! ```

use abstract_game::Game;

/// A heuristic value of positions of `G`.
pub trait Evaluator<G: Game> {
    /// The value of `pos` from the point of view of the side to move: positive when it stands
    /// better. It becomes [`crate::Score::Eval`], so keep it well inside the `i32` range.
    /// Engines score finished games themselves ([`crate::Score::terminal`]); an evaluator is
    /// only asked about positions where the game goes on.
    fn evaluate(&self, pos: &G) -> i32;

    /// A short lowercase name for engine specs and logs.
    fn name(&self) -> String {
        "custom".to_owned()
    }

    /// How early a search should try `mv`, a legal move of `pos`: higher is searched first.
    /// Games put winning moves and captures first. The default, 0 for every move, leaves the
    /// order to the search (its transposition-table move, killer moves and history).
    ///
    /// The alpha-beta engine orders the table's move first, then by this value, then killer
    /// moves and the history heuristic among moves of equal value.
    fn move_order(&self, pos: &G, mv: G::Move) -> i32 {
        let _ = (pos, mv);
        0
    }

    /// Whether `mv`, a legal move of `pos`, is *noisy*: a move that can change the evaluation a
    /// lot (a capture, a winning move, a threat to reach the home row). Quiescence search
    /// follows only noisy moves beyond the nominal depth, so that the evaluation is asked about
    /// quiet positions. The default, `false`, makes quiescence search just the evaluation.
    fn is_noisy(&self, pos: &G, mv: G::Move) -> bool {
        let _ = (pos, mv);
        false
    }

    /// Calls `f` on each noisy legal move of `pos` (those for which [`Evaluator::is_noisy`] is
    /// true) and its [`Evaluator::move_order`], in the order of [`Game::for_each_legal_move`]:
    /// the moves a quiescence search follows. The default filters the legal moves and asks
    /// `move_order` about each; an evaluator that can generate its noisy moves directly
    /// (captures from bitboards) overrides it, with the same moves in the same order and the
    /// same order values (often cheaper to know while generating: a capture is a capture; a
    /// debug build of the alpha-beta search checks the values).
    fn for_each_noisy_move(&self, pos: &G, mut f: impl FnMut(G::Move, i32))
    where
        Self: Sized,
    {
        pos.for_each_legal_move(|mv| {
            if self.is_noisy(pos, mv) {
                f(mv, self.move_order(pos, mv));
            }
        });
    }

    /// [`Evaluator::evaluate`] of `pos`, and whether `pos` may have a noisy move: `false`
    /// promises that [`Evaluator::for_each_noisy_move`] would find none. Quiescence search asks
    /// this at each of its nodes and skips the generation where there is nothing to generate.
    /// The default evaluates and answers `true`; an evaluator that sees the answer while
    /// evaluating (Onitama's knows the squares each side's cards reach) overrides it.
    fn evaluate_for_quiescence(&self, pos: &G) -> StandPat {
        StandPat {
            value: self.evaluate(pos),
            any_noisy: true,
        }
    }

    /// A quiescence node's work in one call: [`Evaluator::evaluate_for_quiescence`] of `pos`,
    /// then, when it may have a noisy move and `search_noisy` says yes for the value (the search
    /// answers no when the value already reaches its beta bound), the noisy moves as
    /// [`Evaluator::for_each_noisy_move`] gives them (the same moves, order and values).
    /// Returns the value. The default does exactly that; an evaluator that learns where the
    /// noisy moves are while evaluating (Onitama's sees which opposing pieces its cards reach)
    /// overrides it to generate only from there.
    fn evaluate_with_noisy_moves(
        &self,
        pos: &G,
        search_noisy: impl FnOnce(i32) -> bool,
        f: impl FnMut(G::Move, i32),
    ) -> i32
    where
        Self: Sized,
    {
        let StandPat { value, any_noisy } = self.evaluate_for_quiescence(pos);
        if any_noisy && search_noisy(value) {
            self.for_each_noisy_move(pos, f);
        }
        value
    }

    /// Whether [`Evaluator::move_order`] puts every noisy move before every quiet one, in every
    /// position. The alpha-beta search then generates a node's moves in stages, the noisy ones
    /// first and the quiet ones only when no noisy move cut off (the same order, less work);
    /// otherwise (the default, `false`) it generates all of them at once. A method, not a
    /// constant, so that the trait stays usable as `dyn Evaluator`.
    fn noisy_moves_first(&self) -> bool {
        false
    }

    /// Calls `f` on each quiet legal move of `pos` (those for which [`Evaluator::is_noisy`] is
    /// false) and its [`Evaluator::move_order`], in the order of [`Game::for_each_legal_move`]:
    /// the moves a search tries after the noisy ones. The default filters the legal moves and
    /// asks `move_order` about each; an evaluator that can generate its quiet moves directly
    /// overrides it, with the same moves in the same order and the same order values.
    fn for_each_quiet_move(&self, pos: &G, mut f: impl FnMut(G::Move, i32))
    where
        Self: Sized,
    {
        pos.for_each_legal_move(|mv| {
            if !self.is_noisy(pos, mv) {
                f(mv, self.move_order(pos, mv));
            }
        });
    }

    /// Whether the side to move in `pos` must answer a threat at once, as a king in check
    /// must: the game is lost on the next ply unless it does (Onitama: its Master is attacked).
    /// The alpha-beta search looks one ply further at such positions (a check extension), so
    /// that a threat at the horizon is not taken for a quiet position. The default: never.
    fn in_check(&self, pos: &G) -> bool {
        let _ = pos;
        false
    }

    /// The margin of reverse futility pruning, per ply left, in this evaluator's units: how far
    /// the side to move's evaluation may fall for each ply of play before a node is searched.
    /// At a node outside the principal variation with at most
    /// [`crate::alphabeta::FUTILITY_DEPTH`] plies left, where the side to move need not answer
    /// a threat at once ([`Evaluator::in_check`]), the alpha-beta search takes an evaluation
    /// that stays at or above beta after the margin times the plies left as the node's value,
    /// without searching its moves. The default, 0, never prunes so; a game sets the margin
    /// that wins matches at equal time ([`crate::AlphaBetaConfig::futility_margin`] overrides
    /// it).
    fn futility_margin(&self) -> i32 {
        0
    }

    /// The plies left from which the alpha-beta search reduces a node without a table move by
    /// a ply ([`crate::AlphaBetaConfig::internal_reduction`], which overrides it). The default,
    /// 0, never does; a game sets the depth that wins matches at equal time.
    fn internal_reduction_depth(&self) -> u32 {
        0
    }

    /// Whether the alpha-beta search's history takes a malus for the quiet moves searched
    /// before a quiet cut-off, with gravity ([`crate::AlphaBetaConfig::history_malus`], which
    /// overrides it). The default, `false`, keeps the plain history; a game turns it on where
    /// it wins matches at equal time.
    fn history_malus(&self) -> bool {
        false
    }

    /// The plies left from which the alpha-beta search extends a singular table move by a ply
    /// ([`crate::AlphaBetaConfig::singular_extension`], which overrides it). The default, 0,
    /// never does; a game sets the depth that wins matches at equal time.
    fn singular_extension_depth(&self) -> u32 {
        0
    }

    /// The margin per ply left, in this evaluator's units, below the table's value that the
    /// other moves must stay for the table's move to be singular
    /// ([`crate::AlphaBetaConfig::singular_margin`], which overrides it). The default is 0.
    fn singular_margin(&self) -> i32 {
        0
    }

    /// The exact value of `pos` for the side to move, if this evaluator knows it (an endgame
    /// tablebase: [`crate::WithOracle`]); `None`, the default, for a position it does not know.
    /// The alpha-beta engine takes a known value as proven and searches no further below it.
    fn probe(&self, pos: &G) -> Option<abstract_game::ExactValue> {
        let _ = pos;
        None
    }
}

/// What [`Evaluator::evaluate_for_quiescence`] answers: the evaluation a quiescence node stands
/// pat on, and whether the node may have a noisy move to search instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StandPat {
    /// The value of the position, as [`Evaluator::evaluate`] gives it.
    pub value: i32,
    /// `false` only when the position has no noisy move.
    pub any_noisy: bool,
}

/// The largest weight, in absolute value, that the games' evaluators take: with it their sums
/// stay far within `i32`. The engine specs and weights files refuse larger ones; the
/// evaluators' constructors clamp them to it.
pub const MAX_WEIGHT: i32 = 1_000_000;

/// Weights given to an evaluator in the wrong number (the `weights=a/b/..` option of an engine
/// spec, or a game's `from_weights`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct WeightCountError {
    /// The evaluator's name (`"kamisado"`).
    pub evaluator: &'static str,
    /// How many weights it has.
    pub expected: usize,
    /// How many were given.
    pub found: usize,
}

impl WeightCountError {
    /// The error for `found` weights given to `evaluator`, which has `expected`.
    #[must_use]
    pub fn new(evaluator: &'static str, expected: usize, found: usize) -> Self {
        WeightCountError {
            evaluator,
            expected,
            found,
        }
    }
}

impl core::fmt::Display for WeightCountError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "the {} evaluator has {} weights, not {}",
            self.evaluator, self.expected, self.found
        )
    }
}

impl std::error::Error for WeightCountError {}

/// The evaluator that knows nothing: every position is worth 0. With it a search finds only
/// proven wins and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ZeroEvaluator;

impl<G: Game> Evaluator<G> for ZeroEvaluator {
    fn evaluate(&self, _pos: &G) -> i32 {
        0
    }

    fn name(&self) -> String {
        "zero".to_owned()
    }
}
