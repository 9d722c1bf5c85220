//! The benches of every game of the catalog, written once: perft with bulk counting from the
//! default start (at the first depth with at least 200,000 leaves), legal-move generation and
//! playing moves over the positions of seeded random games, and alpha-beta with the game's
//! evaluator on middle-game positions (nodes per second; the transposition table's hit rate is
//! printed once). Quick on purpose (CI only compiles them); for instruction counts see
//! `docs/performance.md`, for engine strength `docs/engines.md`.
//!
//! `cargo bench --bench games` runs all; `cargo bench --bench games -- onitama/` one game.
#![allow(missing_docs)]
use std::hint::black_box;

use abstract_game::perft::perft;
use benches::{bench_movegen, bench_play, game_positions, quick_config};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_catalog::{CatalogGame, GameName, GameVisitor};
use game_engines::{AlphaBeta, AlphaBetaConfig, Engine, Limits};

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
        bench_alphabeta::<G>(c);
    }
}

/// Middle-game positions: ply 8 of seeded random games that are still going on.
fn middle_games<G: CatalogGame>() -> Vec<G> {
    let mut rng = abstract_game::rng::SplitMix64::new(0xA1FA);
    let mut out = Vec::new();
    for seed in 0..200 {
        let mut pos = G::random_start(seed);
        for _ in 0..8 {
            match rng.choose(pos.legal_moves().as_ref()) {
                Some(mv) => pos.play_unchecked(mv),
                None => break,
            }
        }
        if !pos.is_over() {
            out.push(pos);
        }
        if out.len() == 4 {
            break;
        }
    }
    out
}

/// `GAME/alphabeta`: a fixed-depth search of each middle-game position with a fresh table, at
/// the first depth that searches at least 20,000 nodes in all.
fn bench_alphabeta<G: CatalogGame>(c: &mut Criterion) {
    let positions = middle_games::<G>();
    let search = |depth: u32| {
        let mut nodes = 0;
        let (mut probes, mut hits) = (0, 0);
        for pos in &positions {
            let mut engine = AlphaBeta::<G, G::Evaluator>::new(
                AlphaBetaConfig::default(),
                G::Evaluator::default(),
            );
            nodes += engine.search(black_box(pos), &Limits::depth(depth)).nodes;
            let stats = engine.table().stats();
            probes += stats.probes;
            hits += stats.hits;
        }
        (nodes, probes, hits)
    };
    let Some((depth, (nodes, probes, hits))) = (1..=30)
        .map(|d| (d, search(d)))
        .find(|&(_, (n, _, _))| n >= 20_000)
    else {
        return;
    };
    println!(
        "{}/alphabeta depth {depth}: {nodes} nodes over {} positions, table hit rate {:.1}%",
        G::NAME,
        positions.len(),
        100.0 * hits as f64 / probes.max(1) as f64
    );
    let mut group = c.benchmark_group(format!("{}/alphabeta", G::NAME));
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("middle_games_depth_{depth}"), |b| {
        b.iter(|| search(depth).0);
    });
    group.finish();
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
