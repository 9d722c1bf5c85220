//! Onitama in the catalog: its name, the deal as a start option, the engines' knowledge (from
//! `onitama-engine`) and its tablebases; the boards and words are in `presentation`.

use game_engines::solver::NoOrder;
use game_engines::{AlphaBetaConfig, Engine, Level, Oracle, TableMemoryError, WeightCountError};
use onitama_core::Deal;
use onitama_engine::OnitamaEval;
use onitama_engine::tablebase::DealTablebases;

mod board;
mod board_json;
mod presentation;
mod tablebase;

use super::Onitama;
use crate::entry::CatalogEntry;
use crate::entry::StartOption;
use crate::knowledge::EngineKnowledge;
use crate::openings::MatchOpenings;
use crate::proof::Provable;
use crate::solvable::Solvable;

impl CatalogEntry for Onitama {
    const NAME: &'static str = "onitama";

    const START_OPTIONS: &'static [StartOption] = &[StartOption {
        name: "cards",
        value_name: "DEAL",
        help: "Onitama: the start position of a deal, five card names (Red's two, Blue's two, the side card)",
    }];

    fn default_start() -> Self {
        Onitama::start()
    }

    /// The start of [`Deal::random`] of the seed.
    fn random_start(seed: u64) -> Self {
        Onitama::from_deal(Deal::random(seed))
    }

    /// The sixteen card names, alphabetical, for `cards`.
    fn start_option_choices(option: &str) -> Vec<&'static str> {
        match option {
            "cards" => {
                let mut names = onitama_core::Card::ALL
                    .map(onitama_core::Card::name)
                    .to_vec();
                names.sort_unstable();
                names
            }
            _ => Vec::new(),
        }
    }

    /// Community set A for `cards`.
    fn start_option_default(option: &str) -> Option<String> {
        (option == "cards").then(|| Deal::COMMUNITY_A.to_string())
    }

    fn start_from_option(option: &str, value: &str) -> Result<Self, String> {
        match option {
            "cards" => value
                .parse::<Deal>()
                .map(Onitama::from_deal)
                .map_err(|e| e.to_string()),
            _ => Err(format!("onitama has no start option {option:?}")),
        }
    }
}

impl EngineKnowledge for Onitama {
    type Evaluator = OnitamaEval;

    fn evaluator_with_weights(weights: &[i32]) -> Result<OnitamaEval, WeightCountError> {
        OnitamaEval::from_weights(weights)
    }

    /// `max` and `perfect` build each deal's 4-piece tablebase in the background and probe it
    /// once built ([`DealTablebases`]).
    fn level_engine(
        level: Level,
        fallback: AlphaBetaConfig,
    ) -> Result<Option<Box<dyn Engine<Self> + Send>>, TableMemoryError> {
        match level {
            Level::Max | Level::Perfect => Self::deal_tablebase_engine(fallback, None),
            _ => Ok(None),
        }
    }

    /// [`DealTablebases::try_new`], then [`DealTablebases::then_larger`] for `larger`.
    fn deal_tablebase_engine(
        config: AlphaBetaConfig,
        larger: Option<u8>,
    ) -> Result<Option<Box<dyn Engine<Self> + Send>>, TableMemoryError> {
        let engine = DealTablebases::try_new(config)?;
        Ok(Some(Box::new(match larger {
            Some(pieces) => engine.then_larger(pieces),
            None => engine,
        })))
    }

    fn evaluator_from_weights_text(text: &str) -> Result<OnitamaEval, String> {
        OnitamaEval::from_weights_text(text).map_err(|e| e.to_string())
    }

    fn tablebase_oracle(path: &std::path::Path) -> Result<Oracle<Self>, String> {
        tablebase::oracle(path)
    }
}

/// A random deal is opening enough: no book, no random moves.
impl MatchOpenings for Onitama {}

/// Positions repeat, so the exact solver does not apply (the tablebases solve endgames).
impl Solvable for Onitama {
    const REPETITIONS: bool = true;

    type SolverOrder = NoOrder;
}

/// No proof verifier: Onitama's exact results come from the tablebases.
impl Provable for Onitama {}
