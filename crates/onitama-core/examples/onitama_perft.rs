//! Perft from a position, for timing and for instruction counts.
//!
//! `cargo run --release -p onitama-core --example onitama_perft -- [DEPTH] [POSITION or DEAL] [--terminal-leaves]`
//!
//! Without a position, the start of community set A. Prints the leaf count, the time and the
//! leaves per second.

use std::time::Instant;

use abstract_game::perft::{perft, perft_terminal_leaves};
use onitama_core::{Deal, Position};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let terminal = args.iter().any(|a| a == "--terminal-leaves");
    let rest: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let depth: u32 = rest.first().map_or(Ok(6), |d| d.parse())?;
    let pos = match rest.get(1) {
        None => Position::from_deal(Deal::COMMUNITY_A),
        Some(text) if text.contains('/') => text.parse()?,
        Some(text) => Position::from_deal(text.parse()?),
    };
    let t = Instant::now();
    let nodes = if terminal {
        perft_terminal_leaves(&pos, depth)
    } else {
        perft(&pos, depth)
    };
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{pos}\ndepth {depth}: {nodes} leaves in {secs:.3} s, {:.0} leaves/s",
        nodes as f64 / secs
    );
    Ok(())
}
