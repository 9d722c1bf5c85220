//! Kamisado benches: perft with bulk counting, legal-move generation over positions of fixed
//! random games, and playing moves. Quick on purpose (CI only compiles them); for instruction
//! counts see `docs/kamisado.md`, "Performance".
#![allow(missing_docs)]
use std::hint::black_box;
use std::time::Duration;

use abstract_game::perft::perft;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kamisado_core::{Move, Position};

/// A small fixed generator, so that the positions are the same on every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n
    }
}

/// Every position of 64 fixed random games (seeded), finished positions included.
fn game_positions() -> Vec<Position> {
    let mut rng = Lcg(0x5EED);
    let mut out = Vec::new();
    for _ in 0..64 {
        let mut pos = Position::start();
        loop {
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

fn quick<'a>(
    c: &'a mut Criterion,
    name: &str,
) -> criterion::BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    group
}

fn bench_perft(c: &mut Criterion) {
    let mut group = quick(c, "kamisado/perft");
    let start = Position::start();
    for depth in [5, 6] {
        group.throughput(Throughput::Elements(perft(&start, depth)));
        group.bench_function(format!("start_depth_{depth}"), |b| {
            b.iter(|| perft(black_box(&start), depth));
        });
    }
    group.finish();
}

fn bench_movegen(c: &mut Criterion) {
    let positions = game_positions();
    let mut group = quick(c, "kamisado/movegen");
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
    let mut group = quick(c, "kamisado/play");
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("play_unchecked", |b| {
        b.iter(|| {
            pairs
                .iter()
                .map(|(p, m)| black_box(p).after_unchecked(*m).zobrist())
                .fold(0, |a, k| a ^ k)
        });
    });
    group.bench_function("play_checked", |b| {
        b.iter(|| {
            pairs
                .iter()
                .filter_map(|(p, m)| black_box(p).after(*m).ok())
                .count()
        });
    });
    group.bench_function("legal_move_count_after", |b| {
        b.iter(|| {
            pairs
                .iter()
                .map(|(p, m)| black_box(p).legal_move_count_after(*m))
                .sum::<usize>()
        });
    });
    group.finish();
}

criterion_group!(benches, bench_perft, bench_movegen, bench_play);
criterion_main!(benches);
