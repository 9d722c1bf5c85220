//! Kamisado benches: perft with bulk counting, legal-move generation over positions of fixed
//! random games, and playing moves. Quick on purpose (CI only compiles them); for instruction
//! counts see `docs/performance.md`.
#![allow(missing_docs)]
use std::hint::black_box;

use abstract_game::perft::perft;
use benches::{bench_movegen, bench_play, game_positions, quick_config};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kamisado_core::Position;

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("kamisado/perft");
    let start = Position::start();
    for depth in [5, 6] {
        group.throughput(Throughput::Elements(perft(&start, depth)));
        group.bench_function(format!("start_depth_{depth}"), |b| {
            b.iter(|| perft(black_box(&start), depth));
        });
    }
    group.finish();
}

/// Every position of 64 seeded random games (Kamisado games always end).
fn positions() -> Vec<Position> {
    game_positions(
        std::iter::repeat_n(Position::start(), 64),
        0x5EED,
        usize::MAX,
    )
}

fn bench_games(c: &mut Criterion) {
    let positions = positions();
    bench_movegen(c, "kamisado", &positions);
    bench_play(c, "kamisado", &positions);
}

criterion_group! {
    name = benches;
    config = quick_config();
    targets = bench_perft, bench_games
}
criterion_main!(benches);
