//! Onitama benches: perft with bulk counting, move generation over positions of real games, and
//! playing moves. Quick on purpose (CI only compiles them); for instruction counts see
//! `docs/performance.md`.
#![allow(missing_docs)]
use std::hint::black_box;

use abstract_game::perft::{perft, perft_terminal_leaves};
use benches::{bench_movegen, bench_play, game_positions, quick_config};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use onitama_core::{Deal, Position};

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("onitama/perft");
    let start = Position::from_deal(Deal::COMMUNITY_A);
    group.throughput(Throughput::Elements(perft(&start, 5)));
    group.bench_function("set_a_depth_5", |b| b.iter(|| perft(black_box(&start), 5)));
    group.throughput(Throughput::Elements(perft_terminal_leaves(&start, 5)));
    group.bench_function("set_a_depth_5_terminal_leaves", |b| {
        b.iter(|| perft_terminal_leaves(black_box(&start), 5));
    });
    group.finish();
}

/// Up to 80 plies of one seeded random game from each of 32 random deals.
fn positions() -> Vec<Position> {
    let starts = (0..32).map(|seed| Position::from_deal(Deal::random(seed)));
    game_positions(starts, 0x5EED, 79)
}

fn bench_games(c: &mut Criterion) {
    let positions = positions();
    bench_movegen(c, "onitama", &positions);
    bench_play(c, "onitama", &positions);
}

criterion_group! {
    name = benches;
    config = quick_config();
    targets = bench_perft, bench_games
}
criterion_main!(benches);
