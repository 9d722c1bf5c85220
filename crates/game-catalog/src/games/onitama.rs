//! Onitama in the catalog: the deal as a start option.

use onitama_core::Deal;

mod eval;

pub use eval::OnitamaEval;

use super::Onitama;
use crate::game::{CatalogGame, StartOption};

impl CatalogGame for Onitama {
    type Evaluator = OnitamaEval;

    const NAME: &'static str = "onitama";

    const REPETITIONS: bool = true;

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

    fn start_from_option(option: &str, value: &str) -> Result<Self, String> {
        match option {
            "cards" => value
                .parse::<Deal>()
                .map(Onitama::from_deal)
                .map_err(|e| e.to_string()),
            _ => Err(format!("onitama has no start option {option:?}")),
        }
    }

    fn diagram(&self) -> String {
        Onitama::diagram(self).to_string()
    }

    /// `blue to move with boar or ox (side card crab)`.
    fn turn_summary(&self) -> String {
        let side = self.side_to_move();
        let [a, b] = self.hand(side);
        format!(
            "{side} to move with {a} or {b} (side card {})",
            self.side_card()
        )
    }
}
