//! The commands, each written once for every game of the catalog (a [`GameVisitor`]).
//!
//! [`GameVisitor`]: game_catalog::GameVisitor

pub mod analyze;
pub mod engine_match;
pub mod perft;
pub mod play;
pub mod serve;
pub mod show;
pub mod site;
pub mod solve;
pub mod tablebase;
pub mod tune;
pub mod verify_proof;

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

/// The engine that `spec` names, for the game `G`.
pub fn engine<G: CatalogGame>(
    spec: &game_catalog::engines::EngineSpec,
    seed: u64,
) -> Result<game_catalog::engines::BoxedEngine<G>, Failure> {
    game_catalog::engines::build::<G>(spec, seed).map_err(|e| crate::error::usage(e.to_string()))
}

/// An engine spec from the command line.
pub fn engine_spec(text: &str) -> Result<game_catalog::engines::EngineSpec, Failure> {
    text.parse()
        .map_err(|e: game_catalog::engines::EngineSpecError| {
            crate::error::usage(format!("bad engine {}: {e}", crate::error::quote(text)))
        })
}
