//! Engine benches: alpha-beta nodes per second on tic-tac-toe and on a synthetic game (a large
//! random graph with cycles and a hash-based evaluation), the transposition table's hit rate,
//! and the Lazy SMP time to depth with one and two threads. Positions of the real games come
//! later.
//!
//! `cargo bench --bench engines` runs all; the figures printed first (nodes per second, hit
//! rate, time to depth) come from one plain run each.
#![allow(missing_docs)]
use std::hint::black_box;
use std::time::Instant;

use abstract_game::rng::SplitMix64;
use abstract_game::tictactoe::{Mark, TicTacToe};
use abstract_game::{EndReason, Game, Outcome, ZobristHash};
use benches::quick_config;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_engines::{AlphaBeta, AlphaBetaConfig, Engine, Evaluator, Limits, ZeroEvaluator};

/// The end of a [`Walk`]: the token reached a node without successors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Sink;

impl core::fmt::Display for Sink {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("sink")
    }
}

impl EndReason for Sink {
    const ALL: &'static [Self] = &[Sink];
    fn index(self) -> usize {
        0
    }
    fn id(self) -> &'static str {
        "sink"
    }
}

/// A graph of `N` nodes, each with up to 6 successors anywhere (so positions repeat and
/// transpose), about 2% of them terminal with a random winner.
struct WalkGraph {
    edges: Vec<Vec<u32>>,
    winner: Vec<Mark>,
}

fn walk_graph(n: usize, seed: u64) -> &'static WalkGraph {
    let mut rng = SplitMix64::new(seed);
    let mut edges = Vec::with_capacity(n);
    let mut winner = Vec::with_capacity(n);
    for i in 0..n {
        winner.push(if rng.below(2) == 0 { Mark::X } else { Mark::O });
        if i > 0 && rng.below(50) == 0 {
            edges.push(Vec::new());
            continue;
        }
        let out = 2 + rng.below(5);
        let mut e: Vec<u32> = (0..out).map(|_| rng.below(n) as u32).collect();
        e.sort_unstable();
        e.dedup();
        edges.push(e);
    }
    Box::leak(Box::new(WalkGraph { edges, winner }))
}

/// A token on a [`WalkGraph`]; the side to move moves it along an edge.
#[derive(Clone, Copy)]
struct Walk {
    graph: &'static WalkGraph,
    node: u32,
    x_to_move: bool,
}

impl core::fmt::Debug for Walk {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Walk({}, {})", self.node, self.x_to_move)
    }
}

impl PartialEq for Walk {
    fn eq(&self, other: &Self) -> bool {
        self.node == other.node && self.x_to_move == other.x_to_move
    }
}

impl Eq for Walk {}

#[derive(Clone, Debug, PartialEq, Eq)]
struct NoEdge;

impl core::fmt::Display for NoEdge {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("no such edge")
    }
}

impl std::error::Error for NoEdge {}

impl Game for Walk {
    type Move = u32;
    type Player = Mark;
    type Reason = Sink;
    type Moves = Vec<u32>;
    type IllegalMove = NoEdge;

    fn side_to_move(&self) -> Mark {
        if self.x_to_move { Mark::X } else { Mark::O }
    }
    fn legal_moves(&self) -> Vec<u32> {
        self.graph.edges[self.node as usize].clone()
    }
    fn for_each_legal_move(&self, mut f: impl FnMut(u32)) {
        for &m in &self.graph.edges[self.node as usize] {
            f(m);
        }
    }
    fn play(&mut self, mv: u32) -> Result<(), NoEdge> {
        if !self.graph.edges[self.node as usize].contains(&mv) {
            return Err(NoEdge);
        }
        self.play_unchecked(mv);
        Ok(())
    }
    fn play_unchecked(&mut self, mv: u32) {
        self.node = mv;
        self.x_to_move = !self.x_to_move;
    }
    fn outcome(&self) -> Option<Outcome<Mark, Sink>> {
        self.graph.edges[self.node as usize]
            .is_empty()
            .then(|| Outcome::Win {
                winner: self.graph.winner[self.node as usize],
                reason: Sink,
            })
    }
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl ZobristHash for Walk {
    fn zobrist(&self) -> u64 {
        mix(u64::from(self.node) << 1 | u64::from(self.x_to_move))
    }
}

/// A pseudo-random evaluation of each node, the same for a node whoever looks at it (from X's
/// side), so that the search has real work to do.
struct NodeValue;

impl Evaluator<Walk> for NodeValue {
    fn evaluate(&self, pos: &Walk) -> i32 {
        let v = (mix(u64::from(pos.node)) % 201) as i32 - 100;
        if pos.side_to_move() == Mark::X { v } else { -v }
    }
    fn name(&self) -> String {
        "node".to_owned()
    }
}

fn engine(threads: usize) -> AlphaBeta<Walk, NodeValue> {
    AlphaBeta::new(
        AlphaBetaConfig {
            threads,
            tt_mib: 16,
            ..AlphaBetaConfig::default()
        },
        NodeValue,
    )
}

const WALK_DEPTH: u32 = 13;

fn report() {
    let start = TicTacToe::new();
    let mut solver = AlphaBeta::<TicTacToe, _>::solver();
    let r = solver.search(&start, &Limits::none());
    let s = solver.table().stats();
    println!(
        "alphabeta tictactoe solve: {} ({} nodes, {} nodes/s), tt hit rate {:.1}% of {} probes",
        r.score,
        r.nodes,
        r.nodes_per_second(),
        100.0 * s.hit_rate(),
        s.probes
    );
    let root = Walk {
        graph: walk_graph(200_000, 7),
        node: 0,
        x_to_move: true,
    };
    for threads in [1, 2] {
        let mut e = engine(threads);
        let t = Instant::now();
        let r = e.search(&root, &Limits::depth(WALK_DEPTH));
        let s = e.table().stats();
        println!(
            "alphabeta walk depth {WALK_DEPTH}, {threads} thread(s): {:?} to depth, {} ({} nodes, {} nodes/s), tt hit rate {:.1}%",
            t.elapsed(),
            r.score,
            r.nodes,
            r.nodes_per_second(),
            100.0 * s.hit_rate()
        );
    }
}

fn bench_engines(c: &mut Criterion) {
    report();
    let mut group = c.benchmark_group("alphabeta");
    let start = TicTacToe::new();
    let nodes = AlphaBeta::<TicTacToe, _>::solver()
        .search(&start, &Limits::none())
        .nodes;
    group.throughput(Throughput::Elements(nodes));
    let mut solver = AlphaBeta::new(
        AlphaBetaConfig {
            tt_mib: 1,
            ..AlphaBetaConfig::solver()
        },
        ZeroEvaluator,
    );
    group.bench_function("tictactoe_solve", |b| {
        b.iter(|| {
            solver.clear_table();
            solver.search(black_box(&start), &Limits::none())
        });
    });
    let root = Walk {
        graph: walk_graph(200_000, 7),
        node: 0,
        x_to_move: true,
    };
    let mut e = engine(1);
    let nodes = e.search(&root, &Limits::depth(9)).nodes;
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("walk_depth_9", |b| {
        b.iter(|| {
            e.clear_table();
            e.search(black_box(&root), &Limits::depth(9))
        });
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = quick_config();
    targets = bench_engines
}
criterion_main!(benches);
