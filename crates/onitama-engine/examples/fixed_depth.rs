//! Searches a position to a fixed depth with the default engine and prints each depth, as
//! `games analyze onitama --depth N` does, without the rest of the command line: the quick
//! way to measure the search (nodes at a depth, instructions per node under callgrind).
//!
//! ```sh
//! cargo run --release -p onitama-engine --example fixed_depth -- 12 "ssmss/5/5/5/SSMSS elephant,horse boar,ox crab b"
//! cargo run --release -p onitama-engine --example fixed_depth -- 12 start hand-set
//! ```
//!
//! Further arguments: `hand-set` searches with the hand-set weights instead of the shipped
//! ones (the tree of the engine before tuning, for speed comparisons), and `extensions` with
//! check extensions.

use game_engines::{AlphaBeta, AlphaBetaConfig, Engine, Limits};
use onitama_core::Position;
use onitama_engine::OnitamaEval;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().map_or(Ok(12), |d| d.parse())?;
    let pos: Position = match args.next() {
        Some(text) if text != "start" => text.parse()?,
        _ => Position::start(),
    };
    let flags: Vec<String> = args.collect();
    let eval = if flags.iter().any(|f| f == "hand-set") {
        OnitamaEval::hand_set()
    } else {
        OnitamaEval::default()
    };
    let config = AlphaBetaConfig {
        check_extension: flags.iter().any(|f| f == "extensions"),
        ..AlphaBetaConfig::default()
    };
    let mut engine = AlphaBeta::new(config, eval);
    let result = engine.search_with_progress(&pos, &Limits::depth(depth), &mut |r| {
        println!(
            "depth {}  score {}  nodes {}  nps {}",
            r.depth,
            r.score,
            r.nodes,
            r.nodes_per_second()
        );
    });
    let best = result.best.map(|mv| mv.to_string()).unwrap_or_default();
    println!("best {best} ({})", result.score);
    Ok(())
}
