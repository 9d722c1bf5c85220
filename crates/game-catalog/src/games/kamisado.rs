//! Kamisado in the catalog: its name and start, the engines' knowledge (from
//! `kamisado-engine`), the match openings, the solver's facts; the boards and words are in
//! `presentation`, the proof verifier in `proof`.

use game_engines::{AlphaBetaConfig, Engine, Level, TableMemoryError, WeightCountError};
use kamisado_engine::{KamisadoEval, Perfect, SolverOrder};

mod board;
mod board_json;
mod openings;
mod presentation;
mod proof;

use super::Kamisado;
use crate::entry::CatalogEntry;
use crate::knowledge::EngineKnowledge;
use crate::openings::MatchOpenings;
use crate::solvable::Solvable;

impl CatalogEntry for Kamisado {
    const NAME: &'static str = "kamisado";

    fn default_start() -> Self {
        Kamisado::start()
    }
}

impl EngineKnowledge for Kamisado {
    type Evaluator = KamisadoEval;

    fn evaluator_with_weights(weights: &[i32]) -> Result<KamisadoEval, WeightCountError> {
        KamisadoEval::from_weights(weights)
    }

    /// `perfect` and `max` are the perfect player ([`Perfect::try_new`]): the proof book, the
    /// exact solver, then alpha-beta.
    fn level_engine(
        level: Level,
        fallback: AlphaBetaConfig,
    ) -> Result<Option<Box<dyn Engine<Self> + Send>>, TableMemoryError> {
        Ok(match level {
            Level::Max | Level::Perfect => Some(Box::new(Perfect::try_new(fallback)?)),
            _ => None,
        })
    }
}

impl MatchOpenings for Kamisado {
    const OPENING_BOOK: &'static [&'static str] = openings::MATCH_OPENINGS;
}

/// Kamisado cannot repeat a position (a deadlock ends the game first), so the exact solver
/// applies; its move order is [`SolverOrder`].
impl Solvable for Kamisado {
    type SolverOrder = SolverOrder;
}
