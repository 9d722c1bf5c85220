//! [`EngineKnowledge`]: what the engine specs need of a game, its evaluator and its tablebases.
//! The knowledge itself lives in each game's engine crate (`kamisado-engine`, `onitama-engine`);
//! this trait only names it for the generic [`crate::engines::build`].

use std::path::Path;

use abstract_game::ZobristHash;
use game_engines::{
    AlphaBetaConfig, Engine, Evaluator, Level, Oracle, TableMemoryError, WeightCountError,
};

/// A game's knowledge for the engines of the catalog: the evaluator of `alphabeta` (and of the
/// levels), the same evaluator with other weights, and its endgame tablebases.
pub trait EngineKnowledge: ZobristHash + Sized {
    /// The game's evaluator ([`game_engines::ZeroEvaluator`] for a game without one).
    type Evaluator: Evaluator<Self> + Default + Send + Sync + 'static;

    /// The game's evaluator with other weights (the `weights=a/b/...` option of `alphabeta`,
    /// for tuning matches).
    ///
    /// # Errors
    /// [`WeightCountError`] for a wrong number of weights. The default: an evaluator without
    /// weights, which takes none.
    fn evaluator_with_weights(weights: &[i32]) -> Result<Self::Evaluator, WeightCountError> {
        Err(WeightCountError::new("zero", 0, weights.len()))
    }

    /// The game's own engine for `level`, if it has one instead of alpha-beta (Kamisado's
    /// perfect player for `perfect` and `max`), with `fallback` as the settings of any
    /// alpha-beta search inside it. The default: none, every level is alpha-beta.
    ///
    /// `Ok(None)` when the game has no engine of its own for the level; the engine is built
    /// with the fallible constructors of its crate, so that a table too large for the process
    /// is an error rather than an abort.
    ///
    /// # Errors
    /// [`TableMemoryError`] when a table of the engine (the transposition table of
    /// `fallback.tt_mib`) cannot be allocated.
    fn level_engine(
        level: Level,
        fallback: AlphaBetaConfig,
    ) -> Result<Option<Box<dyn Engine<Self> + Send>>, TableMemoryError> {
        let _ = (level, fallback);
        Ok(None)
    }

    /// An alpha-beta engine with `config` that builds the endgame tablebase of each deal it
    /// meets in the background and probes it once built (the `tablebase=auto` option of
    /// `alphabeta`), and after it the deal's table of `larger` pieces where the machine has room
    /// (the `tablebase-pieces` option). The default: none, the game has no tablebases.
    ///
    /// `Ok(None)` when the game has no tablebases; as [`EngineKnowledge::level_engine`], the
    /// engine's tables are allocated fallibly.
    ///
    /// # Errors
    /// [`TableMemoryError`] when the transposition table of `config.tt_mib` cannot be
    /// allocated.
    fn deal_tablebase_engine(
        config: AlphaBetaConfig,
        larger: Option<u8>,
    ) -> Result<Option<Box<dyn Engine<Self> + Send>>, TableMemoryError> {
        let _ = (config, larger);
        Ok(None)
    }

    /// The game's evaluator with the weights of a weights file's text (the `weights=FILE`
    /// option of `alphabeta`, the output of `games tune`).
    ///
    /// # Errors
    /// A message naming what is wrong with the text. The default: the game has no weights
    /// files.
    fn evaluator_from_weights_text(text: &str) -> Result<Self::Evaluator, String> {
        let _ = text;
        Err("the game's evaluator has no weights files".to_owned())
    }

    /// An exact oracle for the engines from the endgame tablebase in the file `path` (the
    /// `tablebase=FILE` option of `alphabeta`): the value of a position the table covers, for
    /// the side to move. Tables are loaded once per file and shared.
    ///
    /// # Errors
    /// A message if the game has no tablebases (the default) or the file cannot be read.
    fn tablebase_oracle(path: &Path) -> Result<Oracle<Self>, String> {
        let _ = path;
        Err("the game has no endgame tablebases".to_owned())
    }
}
