//! The benches of every game of the catalog, written once: perft with bulk counting from the
//! default start (at the first depth with at least 200,000 leaves), legal-move generation and
//! playing moves over the positions of seeded random games. Quick on purpose (CI only compiles
//! them); for instruction counts see `docs/performance.md`.
//!
//! `cargo bench --bench games` runs all; `cargo bench --bench games -- onitama/` one game.
#![allow(missing_docs)]
use std::hint::black_box;

use abstract_game::perft::perft;
use benches::{bench_movegen, bench_play, game_positions, quick_config};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_catalog::{CatalogGame, GameName, GameVisitor};

/// Leaves of the perft bench: the first depth with at least this many.
const PERFT_LEAVES: u64 = 200_000;

/// Random games per bench, from [`CatalogGame::random_start`] of seeds 0.., at most this many
/// plies each.
const GAMES: u64 = 32;
const MAX_PLIES: usize = 80;

struct Bench<'a>(&'a mut Criterion);

impl GameVisitor for Bench<'_> {
    type Output = ();

    fn visit<G: CatalogGame>(self) {
        let c = self.0;
        let start = G::default_start();
        let mut group = c.benchmark_group(format!("{}/perft", G::NAME));
        if let Some((depth, leaves)) = (1..=12)
            .map(|d| (d, perft(&start, d)))
            .find(|&(_, n)| n >= PERFT_LEAVES)
        {
            group.throughput(Throughput::Elements(leaves));
            group.bench_function(format!("start_depth_{depth}"), |b| {
                b.iter(|| perft(black_box(&start), depth));
            });
        }
        group.finish();
        let positions = game_positions((0..GAMES).map(G::random_start), 0x5EED, MAX_PLIES);
        bench_movegen(c, G::NAME, &positions);
        bench_play(c, G::NAME, &positions);
    }
}

fn bench_games(c: &mut Criterion) {
    for game in GameName::ALL {
        game.visit(Bench(c));
    }
}

criterion_group! {
    name = benches;
    config = quick_config();
    targets = bench_games
}
criterion_main!(benches);
