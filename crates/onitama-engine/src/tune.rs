//! The training data of [`OnitamaEval`]'s weights: positions of self-play games from many
//! random deals, each labelled with its result for the side to move, exactly where the deal's
//! 4-piece tablebase covers it; [`game_engines::tuning::fit`] then fits the weights to them
//! (`games tune onitama` runs both and writes the weights file).
//!
//! ```
//! use onitama_engine::tune::{SelfPlayConfig, self_play};
//!
//! let config = SelfPlayConfig { deals: 1, games_per_deal: 2, depth: 1, ..SelfPlayConfig::default() };
//! let data = self_play(&config, &|| {})?;
//! assert_eq!(data.games, 2);
//! assert!(!data.samples.is_empty());
//! assert!(data.samples.iter().all(|s| [0.0, 0.5, 1.0].contains(&s.result)));
//! # Ok::<(), onitama_tablebase::TablebaseError>(())
//! ```

use abstract_game::Wdl;
use abstract_game::rng::SplitMix64;
use game_engines::tuning::Sample;
use game_engines::{AlphaBeta, AlphaBetaConfig, Engine, Limits};
use onitama_core::{Card, Deal, Position, Side};
use onitama_tablebase::{Generator, Tablebase, TablebaseError};

use crate::eval::OnitamaEval;

/// How the self-play games are played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelfPlayConfig {
    /// The evaluator of the engine that plays both sides (the weights being tuned start from
    /// it; [`OnitamaEval::hand_set`] by default, so the data do not depend on the shipped
    /// weights).
    pub eval: OnitamaEval,
    /// Random deals ([`Deal::random`] of seeds drawn from [`SelfPlayConfig::seed`]).
    pub deals: usize,
    /// Games per deal.
    pub games_per_deal: usize,
    /// The depth of the alpha-beta search that plays both sides.
    pub depth: u32,
    /// Uniformly random moves at the start of each game, so that the games differ.
    pub random_plies: usize,
    /// A game still running after this many plies is a draw.
    pub max_plies: usize,
    /// The seed of everything: the deals and the random moves.
    pub seed: u64,
    /// Worker threads (the data do not depend on them).
    pub threads: usize,
}

impl Default for SelfPlayConfig {
    /// The hand-set evaluator, 200 deals, 20 games each, depth 4, 6 random plies, 200 plies at
    /// most, seed 1, one thread.
    fn default() -> Self {
        SelfPlayConfig {
            eval: OnitamaEval::hand_set(),
            deals: 200,
            games_per_deal: 20,
            depth: 4,
            random_plies: 6,
            max_plies: 200,
            seed: 1,
            threads: 1,
        }
    }
}

/// The labelled positions of [`self_play`] and how they came about.
#[derive(Clone, Debug, Default)]
pub struct TrainingData {
    /// The quiet positions' features and results, in the order of the games.
    pub samples: Vec<Sample>,
    /// Games played.
    pub games: usize,
    /// Positions seen (quiet or not).
    pub positions: usize,
    /// Samples labelled by a tablebase rather than by the game's result.
    pub exact: usize,
    /// Deals whose 4-piece table could not be built ([`deal_table`]): their positions are
    /// labelled by the games' results alone.
    pub deals_without_table: usize,
}

/// Whether `pos` is quiet: the side to move has no capture and no step onto the temple, so the
/// evaluation is not about to change by a Student or the game.
#[must_use]
pub fn is_quiet(pos: &Position) -> bool {
    !crate::eval::has_noisy_move(pos)
}

/// The result for the side to move of `pos` in a game that `winner` won (`None`: a draw).
fn result_for(pos: &Position, winner: Option<Side>) -> f32 {
    match winner {
        Some(w) if w == pos.side_to_move() => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// The deals of `config`, in order.
#[must_use]
pub fn deals(config: &SelfPlayConfig) -> Vec<Deal> {
    let mut rng = SplitMix64::new(config.seed);
    (0..config.deals)
        .map(|_| Deal::random(rng.next_u64()))
        .collect()
}

/// The 4-piece tablebase of `cards`, which labels a deal's positions exactly; `None` when one
/// of its distances is longer than the table format stores (rare: one of the thousand random
/// deals of seed 9, the Mantis, Rooster, Cobra, Goose and Eel).
///
/// # Errors
/// Any other [`TablebaseError`] of the build (out of memory).
pub fn deal_table(cards: [Card; 5]) -> Result<Option<Tablebase>, TablebaseError> {
    match Generator::new(cards, 4)?.threads(1).generate(&|_| {}) {
        Ok(table) => Ok(Some(table)),
        Err(TablebaseError::DistanceOverflow { .. }) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Plays the games of one deal and labels their quiet positions.
fn deal_data(
    deal: Deal,
    index: usize,
    config: &SelfPlayConfig,
    progress: &(dyn Fn() + Sync),
) -> Result<TrainingData, TablebaseError> {
    let table = deal_table(deal.cards())?;
    let mut engine = AlphaBeta::new(
        AlphaBetaConfig {
            tt_mib: 4,
            ..AlphaBetaConfig::default()
        },
        config.eval.clone(),
    );
    let limits = Limits::depth(config.depth);
    let mut data = TrainingData {
        deals_without_table: usize::from(table.is_none()),
        ..TrainingData::default()
    };
    for game in 0..config.games_per_deal {
        let seed =
            config.seed ^ ((index as u64) << 32 | game as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut rng = SplitMix64::new(seed);
        engine.clear_table();
        let mut pos = Position::from_deal(deal);
        let mut keys: Vec<u64> = Vec::new();
        let mut seen: Vec<Position> = Vec::new();
        let mut winner = None;
        for ply in 0..config.max_plies {
            if let Some(outcome) = pos.outcome() {
                winner = outcome.winner();
                break;
            }
            let key = pos.zobrist();
            if keys.iter().filter(|&&k| k == key).count() >= 2 {
                break; // the third occurrence: a draw
            }
            seen.push(pos);
            let mv = if ply < config.random_plies {
                let moves = pos.legal_moves();
                rng.choose(moves.as_ref()).expect("the game goes on")
            } else {
                engine.set_earlier_positions(&keys);
                engine.search(&pos, &limits).best.expect("the game goes on")
            };
            keys.push(key);
            pos.play_unchecked(mv);
        }
        for p in &seen {
            data.positions += 1;
            if !is_quiet(p) {
                continue;
            }
            let result = match table.as_ref().and_then(|table| table.probe(p)) {
                Some(exact) => {
                    data.exact += 1;
                    match exact.wdl {
                        Wdl::Win => 1.0,
                        Wdl::Draw => 0.5,
                        Wdl::Loss => 0.0,
                    }
                }
                None => result_for(p, winner),
            };
            data.samples
                .push(Sample::new(&OnitamaEval::features(p), result));
        }
        data.games += 1;
        progress();
    }
    Ok(data)
}

/// Plays [`SelfPlayConfig::deals`] × [`SelfPlayConfig::games_per_deal`] games and returns their
/// quiet positions, labelled; `progress` is called after each game. The same config gives the
/// same data whatever the number of threads.
///
/// # Errors
/// [`TablebaseError`] if a deal's 4-piece table cannot be built for want of memory (a deal
/// whose table the format cannot store is played and labelled by its results:
/// [`TrainingData::deals_without_table`]).
pub fn self_play(
    config: &SelfPlayConfig,
    progress: &(dyn Fn() + Sync),
) -> Result<TrainingData, TablebaseError> {
    let deals = deals(config);
    let threads = config.threads.max(1);
    let mut parts: Vec<Option<Result<TrainingData, TablebaseError>>> =
        (0..deals.len()).map(|_| None).collect();
    std::thread::scope(|scope| {
        let chunks: Vec<_> = parts
            .chunks_mut(deals.len().div_ceil(threads).max(1))
            .collect();
        let mut start = 0;
        for chunk in chunks {
            let first = start;
            start += chunk.len();
            let deals = &deals;
            scope.spawn(move || {
                for (k, slot) in chunk.iter_mut().enumerate() {
                    let i = first + k;
                    *slot = Some(deal_data(deals[i], i, config, progress));
                }
            });
        }
    });
    let mut all = TrainingData::default();
    for part in parts.into_iter().flatten() {
        let part = part?;
        all.samples.extend(part.samples);
        all.games += part.games;
        all.positions += part.positions;
        all.exact += part.exact;
        all.deals_without_table += part.deals_without_table;
    }
    Ok(all)
}
