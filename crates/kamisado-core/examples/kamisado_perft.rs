//! Perft from the start position with the generic perft of `abstract-game`, timed.
//!
//! `cargo run --release -p kamisado-core --example kamisado_perft -- 7` prints the leaves and the speed.
//! With several depths (`-- 5 6`) it prints each; used with callgrind to count instructions per
//! leaf (see the Performance section of `docs/kamisado.md`).

use std::time::Instant;

use abstract_game::perft::perft;
use kamisado_core::Position;

fn main() {
    let depths: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let depths = if depths.is_empty() { vec![7] } else { depths };
    let start = Position::start();
    for depth in depths {
        let t = Instant::now();
        let nodes = perft(&start, depth);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "depth {depth}: {nodes} leaves in {secs:.3} s, {:.0} M leaves/s",
            nodes as f64 / secs / 1e6
        );
    }
}
