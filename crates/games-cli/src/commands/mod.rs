//! The commands, each written once for every game of the catalog (a [`GameVisitor`]).
//!
//! [`GameVisitor`]: game_catalog::GameVisitor

pub mod perft;
pub mod play;
pub mod show;

use abstract_game::record::GameRecord;
use game_catalog::CatalogGame;

use crate::args::PositionArgs;
use crate::error::{Failure, setup_failure};

/// The game the position options describe: the start, then `--moves` played in order.
pub fn record<G: CatalogGame>(args: &PositionArgs) -> Result<GameRecord<G>, Failure> {
    game_catalog::setup::<G>(&args.setup).map_err(setup_failure)
}

/// The position the position options describe.
pub fn position<G: CatalogGame>(args: &PositionArgs) -> Result<G, Failure> {
    record::<G>(args).map(|record| record.position().clone())
}
