//! Onitama benches: perft with bulk counting, move generation over positions of real games, and
//! playing moves. Quick on purpose (CI only compiles them); for instruction counts see
//! `docs/onitama.md`, "Performance".
#![allow(missing_docs)]
use std::hint::black_box;
use std::time::Duration;

use abstract_game::perft::{perft, perft_terminal_leaves};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use onitama_core::{Deal, Move, Position, SplitMix64};

/// Positions from fixed random games (seeded), every ply of each game.
fn game_positions() -> Vec<Position> {
    let mut rng = SplitMix64::new(0x5EED);
    let mut out = Vec::new();
    for game in 0..32 {
        let mut pos = Position::from_deal(Deal::random(game));
        for _ in 0..80 {
            out.push(pos);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    out
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("onitama/perft");
    let start = Position::from_deal(Deal::COMMUNITY_A);
    let leaves = perft(&start, 5);
    group.throughput(Throughput::Elements(leaves));
    group.bench_function("set_a_depth_5", |b| b.iter(|| perft(black_box(&start), 5)));
    let leaves = perft_terminal_leaves(&start, 5);
    group.throughput(Throughput::Elements(leaves));
    group.bench_function("set_a_depth_5_terminal_leaves", |b| {
        b.iter(|| perft_terminal_leaves(black_box(&start), 5));
    });
    group.finish();
}

fn bench_movegen(c: &mut Criterion) {
    let positions = game_positions();
    let mut group = c.benchmark_group("onitama/movegen");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).legal_moves().len())
                .sum::<usize>()
        });
    });
    group.bench_function("legal_move_count", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).legal_move_count())
                .sum::<usize>()
        });
    });
    group.finish();
}

fn bench_play(c: &mut Criterion) {
    let positions = game_positions();
    let pairs: Vec<(Position, Move)> = positions
        .iter()
        .flat_map(|p| p.legal_moves().into_iter().map(move |m| (*p, m)))
        .collect();
    let mut group = c.benchmark_group("onitama/play");
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("play_unchecked", |b| {
        b.iter(|| {
            pairs
                .iter()
                .map(|&(p, m)| black_box(p).after_unchecked(m).zobrist())
                .fold(0, |a, h| a ^ h)
        });
    });
    group.bench_function("play_checked", |b| {
        b.iter(|| {
            pairs
                .iter()
                .filter_map(|&(p, m)| black_box(p).after(m).ok())
                .fold(0, |a, q| a ^ q.zobrist())
        });
    });
    group.bench_function("legal_move_count_after", |b| {
        b.iter(|| {
            pairs
                .iter()
                .map(|&(p, m)| black_box(p).legal_move_count_after(m))
                .sum::<usize>()
        });
    });
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
}

criterion_group! {
    name = benches;
    config = config();
    targets = bench_perft, bench_movegen, bench_play
}
criterion_main!(benches);
