//! Shared pieces of the criterion benches (not published): positions from seeded random games and
//! the move-generation and play benches, written once over the `abstract-game` traits so that
//! every game is measured the same way. (The README's examples run as doctests of
//! `crates/doc-tests`.)
#![forbid(unsafe_code)]

use abstract_game::rng::SplitMix64;
use abstract_game::{Game, ZobristHash};
use criterion::{BenchmarkGroup, Criterion, Throughput, measurement::WallTime};
use std::hint::black_box;
use std::time::Duration;

/// Criterion settings for quick runs: CI only compiles the benches, and a person running them
/// wants an answer in seconds.
#[must_use]
pub fn quick_config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
}

/// Every position of one seeded random game from each start (finished positions included), at
/// most `max_plies` moves per game. The same seed gives the same positions on every run.
pub fn game_positions<G: Game>(
    starts: impl IntoIterator<Item = G>,
    seed: u64,
    max_plies: usize,
) -> Vec<G> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    for mut pos in starts {
        for _ in 0..=max_plies {
            out.push(pos.clone());
            let Some(mv) = rng.choose(pos.legal_moves().as_ref()) else {
                break;
            };
            pos.play_unchecked(mv);
        }
    }
    out
}

fn group<'a>(c: &'a mut Criterion, name: &str, elements: usize) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(elements as u64));
    group
}

/// `GAME/movegen`: building the legal-move list and counting the moves of every position.
pub fn bench_movegen<G: Game>(c: &mut Criterion, game: &str, positions: &[G]) {
    let mut group = group(c, &format!("{game}/movegen"), positions.len());
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).legal_moves().as_ref().len())
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

/// `GAME/play`: every legal move of every position, played unchecked, played checked, and
/// counted after (`legal_move_count_after`).
pub fn bench_play<G: ZobristHash>(c: &mut Criterion, game: &str, positions: &[G]) {
    let pairs: Vec<(G, G::Move)> = positions
        .iter()
        .flat_map(|p| p.legal_moves().into_iter().map(move |m| (p.clone(), m)))
        .collect();
    let mut group = group(c, &format!("{game}/play"), pairs.len());
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
                .filter_map(|(p, m)| {
                    let mut q = black_box(p).clone();
                    q.play(*m).ok().map(|()| q.zobrist())
                })
                .fold(0, |a, k| a ^ k)
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
