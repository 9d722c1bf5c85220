//! Endgame tablebases as the exact oracle of the alpha-beta search: a position the table covers
//! gets its exact value and distance, and the search goes no further below it.
//!
//! ```
//! use std::sync::Arc;
//! use game_engines::{Engine, Level, Limits, Score};
//! use onitama_core::{Deal, Position};
//! use onitama_tablebase::Generator;
//!
//! // The 2-piece table of community set A: the two Masters alone.
//! let table = Arc::new(Generator::new(Deal::COMMUNITY_A.cards(), 2)?.generate(&|_| {})?);
//! let mut engine = onitama_engine::tablebase::alphabeta(Level::Easy, table);
//! let pos: Position = "2m2/5/5/5/2M2 elephant,horse boar,ox crab r".parse()?;
//! // One ply and the table's values below it prove the exact result.
//! let result = engine.search(&pos, &Limits::none());
//! assert!(result.score.exact().is_some(), "{}", result.score);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::Arc;

use game_engines::{AlphaBeta, Level, Oracle, WithOracle};
use onitama_core::Position;
use onitama_tablebase::Tablebase;

use crate::eval::OnitamaEval;

/// The engine of [`alphabeta`]: alpha-beta with [`OnitamaEval`] behind a tablebase.
pub type TablebaseEngine = AlphaBeta<Position, WithOracle<Position, OnitamaEval>>;

/// `table` as an oracle of the search: the exact value of the positions it covers, for the
/// side to move ([`Tablebase::probe`]). The table is shared, not copied.
#[must_use]
pub fn oracle(table: Arc<Tablebase>) -> Oracle<Position> {
    Arc::new(move |pos: &Position| table.probe(pos))
}

/// [`OnitamaEval`] with `table` as its oracle; its name is `onitama+tablebase`.
#[must_use]
pub fn evaluator(table: Arc<Tablebase>) -> WithOracle<Position, OnitamaEval> {
    WithOracle::shared(OnitamaEval::default(), "onitama+tablebase", oracle(table))
}

/// The alpha-beta engine of `level` (as [`crate::alphabeta`]) that probes `table`.
#[must_use]
pub fn alphabeta(level: Level, table: Arc<Tablebase>) -> TablebaseEngine {
    AlphaBeta::new(level.config(), evaluator(table))
}
