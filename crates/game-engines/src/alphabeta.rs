//! [`AlphaBeta`]: a depth-first game-tree search (negamax with alpha-beta pruning) for any game
//! with a [`ZobristHash`], guided by an [`Evaluator`].
//!
//! ```
//! use abstract_game::Notation;
//! use abstract_game::tictactoe::TicTacToe;
//! use game_engines::{AlphaBeta, Engine, Limits, Score};
//!
//! // Tic-tac-toe is a draw, and the solver proves it.
//! let mut solver = AlphaBeta::solver();
//! let result = solver.search(&TicTacToe::new(), &Limits::none());
//! assert_eq!(result.score, Score::Draw);
//!
//! // X to move wins in 3 plies (the centre makes a fork), not sooner: the exact distance.
//! let pos = TicTacToe::parse_position(".o./.../xox x").unwrap();
//! let result = solver.search(&pos, &Limits::none());
//! assert_eq!(result.score, Score::Win { plies: 3 });
//! assert_eq!(result.best, Some(4));
//! assert_eq!(solver.name(), "alphabeta:depth=1000:quiescence=off:reductions=off");
//! ```
//!
//! # The search
//!
//! - **Iterative deepening**: depth 1, 2, ... up to [`Limits::depth`] or
//!   [`AlphaBetaConfig::max_depth`]; each completed depth is reported through
//!   [`Engine::search_with_progress`]. The search ends early when a depth proves the result
//!   (every line reached the end of the game or a repetition) or finds a forced win or loss.
//! - **Principal-variation search**: the first move of a node (the best by the move order) is
//!   searched with the full window, the others with a null window around alpha, and searched
//!   again with the full window only when they beat it. The search is fail-soft.
//! - **Move order**: the transposition table's move first, then [`Evaluator::move_order`], then
//!   the two killer moves of the ply, then the history heuristic (cut-offs per move, weighted by
//!   depth squared; a counter per move when the game numbers its moves,
//!   [`abstract_game::Game::move_index`]; with [`AlphaBetaConfig::history_malus`] the quiet
//!   moves searched before a quiet cut-off lose what it gains, and every change shrinks near
//!   the counters' bound). The moves are generated in stages, each only when
//!   the ones before it did not cut off: the table's move alone, then the others; where the
//!   evaluator orders every noisy move first ([`Evaluator::noisy_moves_first`]), the noisy
//!   moves ([`Evaluator::for_each_noisy_move`]) and then the quiet ones
//!   ([`Evaluator::for_each_quiet_move`]).
//! - **Late-move reductions** ([`AlphaBetaConfig::reductions`]): outside the principal variation,
//!   quiet late moves are searched shallower first, by more plies the deeper the node and the
//!   later the move ([`AlphaBetaConfig::reduction_scale`]), and again at full depth when they beat
//!   alpha.
//! - **Reverse futility pruning** ([`AlphaBetaConfig::futility_margin`], by default the
//!   evaluator's [`Evaluator::futility_margin`]): outside the principal variation, at a node with
//!   at most [`FUTILITY_DEPTH`] plies left whose side to move need not answer a threat at once, an
//!   evaluation that stays at or above beta after a margin per ply left is taken as the node's
//!   value (less the margins), without a search of its moves. Such a value depends on the
//!   evaluation and is never taken as proven.
//! - **Internal iterative reduction** ([`AlphaBetaConfig::internal_reduction`], by default the
//!   evaluator's [`Evaluator::internal_reduction_depth`]): a node with at least that many plies
//!   left and no move from the table is searched a ply shallower.
//! - **Singular extensions** ([`AlphaBetaConfig::singular_extension`], by default the
//!   evaluator's [`Evaluator::singular_extension_depth`]): at a node with at least that many
//!   plies left whose table entry gives a move and a lower bound from a search nearly as deep,
//!   the other moves are searched to half the depth against that bound less a margin; when none
//!   reaches it, the table's move is the only good one and is searched a ply deeper.
//! - **Check extensions** ([`AlphaBetaConfig::check_extension`], off by default): a position
//!   whose side to move must answer a threat at once ([`Evaluator::in_check`]) gets one more
//!   ply.
//! - **Quiescence**: at depth 0 the side to move may *stand pat* (take the evaluation) or play a
//!   noisy move ([`Evaluator::is_noisy`]), until the position is quiet. It can be switched off
//!   ([`AlphaBetaConfig::quiescence`]).
//! - **Transposition table** ([`crate::tt`]): results keyed by the Zobrist key, with bounds,
//!   depth and the best move; distances to the end are stored relative to the node.
//!
//! # Scores
//!
//! The result is a [`Score`] for the side to move at the root. Finished positions are scored by
//! [`Score::terminal`]: the outcome names the winner, who need not be the player who moved last
//! (a Kamisado deadlock or a misère game). A forced win is `Win { plies }` with the distance to
//! the end, the winner choosing the shortest win and the loser the longest defence, so after a
//! search that reached the distance it is exact. `Eval(v)` is the evaluator's value (clamped to
//! well inside `i32`). `Draw` is reported only when it is proven: the value is 0 and depends on
//! no evaluation, only on drawn finished games and repetitions (below).
//!
//! # Solver mode
//!
//! [`AlphaBeta::solver`] ([`AlphaBetaConfig::solver`]): the [`ZeroEvaluator`], no quiescence
//! and a very deep limit. Every position where the search stops scores 0, so only finished
//! games decide: the search deepens until the root is proven (won, lost, or drawn with every line
//! finished) or a limit ends it. A `Win { plies }` it reports is the shortest forced win and a
//! `Loss { plies }` the longest defence.
//!
//! # Repetitions and the graph history interaction
//!
//! Some games can repeat positions (Onitama) and their rules never end a game for it. The
//! search scores a position that already occurred, on the path from the root or among the game's
//! earlier positions ([`Engine::set_earlier_positions`]), as a draw: the side that would otherwise lose can
//! hold the draw by repeating, and the winner of a forced win never needs to repeat.
//!
//! Such a draw belongs to the path, not to the position: the same position reached by another
//! path may be won. Storing it in the table would hand the wrong value to other paths (the *graph
//! history interaction*) and could even make a false draw look proven. So every value carries
//! two dependency marks: *horizon* (it depends on a heuristic evaluation) and *repetition* (it
//! depends on a repetition draw). They pass up the tree with the value: a cut-off takes the marks
//! of the move that caused it, any other node those of all the moves it searched (their bounds
//! all decided its value). Then:
//!
//! - a value marked *repetition* is stored **without a score** ([`crate::tt::Bound::MoveOnly`]):
//!   only its best move is kept, for move ordering, so no other path can reuse it;
//! - a value with neither mark is stored as **proven** ([`crate::tt::TtEntry::proven`]), usable at
//!   any depth;
//! - any other value is stored as an ordinary bound for its depth, and a cut-off on it marks the
//!   result *horizon*.
//!
//! The root's own value may depend on repetitions of its path (which is the real game's) and is
//! reported as `Draw` when it is 0 without the horizon mark.
//!
//! # Threads (Lazy SMP)
//!
//! With [`AlphaBetaConfig::threads`] above 1, helper threads (`std::thread::scope`) run the same
//! iterative deepening over the shared table, odd helpers one depth ahead and each with a slightly
//! perturbed history so that they explore different moves first; what they store speeds up the
//! main thread, whose result is returned. Where threads cannot be started (the operating system
//! refuses, or `wasm32-unknown-unknown`), the search runs with the helpers it could start, or
//! none. The default is one thread, which makes results reproducible; with more, they depend on
//! timing.
//!
//! # Limits
//!
//! A node is a call of the search (quiescence included). [`Limits::depth`] caps the iterations;
//! [`Limits::nodes`] counts the main thread's nodes; [`Limits::time`] is a per-move budget: no new
//! depth starts when the last ones suggest it cannot finish in time, and the search stops at
//! once at the limit (checked every [`CLOCK_INTERVAL`] nodes, as is the stop flag). A search
//! stopped during a depth returns the result of the last completed depth, or the first legal
//! move (`Eval(0)`, depth 0) when none completed.

use core::fmt;
use core::time::Duration;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use abstract_game::{Game, Player, ZobristHash};

use crate::engine::{Engine, SearchResult};
use crate::evaluator::{Evaluator, ZeroEvaluator};
use crate::limits::{Clock, Limits, next_depth_estimate};
use crate::ordering::{COUNTER_BOUND, History, Killers, Marked, move_key};
use crate::score::Score;
use crate::tt::{Bound, PROVEN_DEPTH, TableMemoryError, TranspositionTable, TtEntry, TtStats};

/// The deepest iteration the search accepts, whatever the limits say.
pub const MAX_DEPTH: u32 = 1000;

/// The time and the stop flag are checked once every this many nodes.
pub const CLOCK_INTERVAL: u32 = 256;

/// Internal values: a win at (absolute) ply `p` from the root is `MATE - p`.
const MATE: i32 = 1_000_000_000;
/// The deepest ply of the search (quiescence included).
const MAX_PLY: u32 = 2 * MAX_DEPTH;
/// Values at or beyond this (in absolute value) are wins and losses.
const MATE_BOUND: i32 = MATE - MAX_PLY as i32 - 1;
/// Evaluations are clamped to this.
const EVAL_LIMIT: i32 = MATE_BOUND - 1;
/// Beyond every value.
const INF: i32 = MATE + 1;

/// The classes of the repetition filter ([`Searcher::key_filter`]).
const KEY_FILTER: usize = 4096;

/// Dependency mark: the value depends on a heuristic evaluation.
const HORIZON: u8 = 1;
/// Dependency mark: the value depends on a repetition draw.
const REPETITION: u8 = 2;

/// Settings of [`AlphaBeta`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(clippy::struct_excessive_bools)] // independent switches of the search, each documented
pub struct AlphaBetaConfig {
    /// The size of the transposition table in MiB (0: no table).
    pub tt_mib: usize,
    /// Search threads (Lazy SMP); 1, the default, gives reproducible results.
    pub threads: usize,
    /// Whether depth 0 runs a quiescence search on noisy moves ([`Evaluator::is_noisy`]) or
    /// takes the evaluation at once.
    pub quiescence: bool,
    /// The deepest iteration when [`Limits::depth`] is not set (at most [`MAX_DEPTH`]).
    pub max_depth: u32,
    /// Late-move reductions: at a node with three plies or more left outside the principal
    /// variation, the moves after the first three that are not the table's move, a killer or
    /// noisy are searched shallower first, with a null window, and again at full depth only when
    /// they beat alpha. The reduction grows with the depth left and the move's place in the
    /// order ([`AlphaBetaConfig::reduction_scale`]). Proven results stay exact (a value is
    /// proven only when every line reached the end), but the first forced win found may not be
    /// the shortest; the solver settings turn them off. `false` turns off the internal
    /// reduction too ([`AlphaBetaConfig::internal_reduction`]): no reductions at all.
    pub reductions: bool,
    /// How fast late-move reductions grow, in hundredths: the move at place `i` (from 0) of a
    /// node with `depth` plies left is reduced by `1 + ⌊ln(depth) · ln(i) · scale / 100⌋` plies
    /// (depth and place counted up to 63), down to depth 0 at most (quiescence). 0 reduces every
    /// late move by one ply. The default, 100, was chosen by self-play matches
    /// (`docs/engines.md`).
    pub reduction_scale: u32,
    /// How a time limit ([`Limits::time`]) is used. `true` (the default): the search runs
    /// until the time is spent, starting depth after depth, and a depth stopped by the limit
    /// still counts once the root's first move (the previous depth's best) has been searched at
    /// it: the best move found so far at that depth is played. `false`: no depth starts that
    /// the growth of the last ones says cannot finish in time, and an unfinished depth is
    /// thrown away (the behaviour before 0.2, which left about a third of the time unused).
    /// Either way the search stops early on a proven result, and with one legal move after
    /// the first depth.
    pub spend_budget: bool,
    /// Check extensions: a position whose side to move must answer a threat at once
    /// ([`Evaluator::in_check`]) is searched one ply deeper, up to twice the iteration's depth
    /// from the root, so that a threat at the horizon is answered rather than taken for a quiet
    /// position. Off by default: in Onitama at 100 ms per move they cost more depth than they
    /// gain (−119 ± 51 Elo over 200 games, `docs/engines.md`).
    pub check_extension: bool,
    /// Reverse futility pruning: the margin per ply, in the evaluator's units, or `None` (the
    /// default) for the evaluator's own ([`Evaluator::futility_margin`]; 0, no pruning, for
    /// evaluators that set none). `Some(0)` turns it off.
    pub futility_margin: Option<u32>,
    /// Internal iterative reduction: a node with at least this many plies left whose table
    /// entry has no move for it (a node never searched, or whose moves all failed low) is
    /// searched a ply shallower: without a good first move its search is expensive and seldom
    /// decisive, and the next iteration finds it with a move. `None` (the default) takes the
    /// evaluator's depth ([`Evaluator::internal_reduction_depth`]; 0, never, for evaluators
    /// that set none); `Some(0)` turns it off, and so does [`AlphaBetaConfig::reductions`]
    /// `false` (the solver settings).
    pub internal_reduction: Option<u32>,
    /// The history's malus and gravity: when a quiet move cuts off, the quiet moves searched
    /// before it at that node lose what it gains, and every change shrinks as a counter nears
    /// its bound (`c += b - c·|b| / 65536` for a bonus `b` of the depth squared), so that the
    /// history follows the search instead of adding up. `None` (the default) takes the
    /// evaluator's choice ([`Evaluator::history_malus`]; off for evaluators that make none).
    pub history_malus: Option<bool>,
    /// Singular extensions: at a node with at least this many plies left outside the root, whose
    /// table entry gives a move with a lower bound or an exact value (not proven) from a search at
    /// most [`SINGULAR_DEPTH_SLACK`] plies shallower, the node's other moves are searched first, to
    /// half the plies left (at least one), with a null window just below that value less
    /// [`AlphaBetaConfig::singular_margin`] per ply left. When none of them reaches it, the table's
    /// move is *singular* (the only good one) and is searched a ply deeper, so that a forced line
    /// is not cut short at the horizon. Up to twice the iteration's depth from the root, like the
    /// check extensions. Proven results stay right about the winner, but, as with the late-move
    /// reductions, the first forced win found may not be the shortest. `None` (the default) takes
    /// the evaluator's depth ([`Evaluator::singular_extension_depth`]; 0, never, for evaluators
    /// that set none); `Some(0)` turns it off.
    pub singular_extension: Option<u32>,
    /// The margin per ply left of the singular extensions, in the evaluator's units, or `None`
    /// (the default) for the evaluator's own ([`Evaluator::singular_margin`]).
    pub singular_margin: Option<u32>,
}

/// How much shallower than the node the table entry's search may have been for the singular
/// extension to trust its bound ([`AlphaBetaConfig::singular_extension`]).
pub const SINGULAR_DEPTH_SLACK: i32 = 3;

/// The deepest node that reverse futility pruning cuts ([`AlphaBetaConfig::futility_margin`]).
pub const FUTILITY_DEPTH: i32 = 3;

impl Default for AlphaBetaConfig {
    /// 16 MiB, one thread, quiescence, depth 64, late-move reductions at scale 100, the whole
    /// time budget spent, no check extensions; the evaluator's futility margin, internal
    /// reduction, history malus and singular extensions.
    fn default() -> Self {
        AlphaBetaConfig {
            tt_mib: 16,
            threads: 1,
            quiescence: true,
            max_depth: 64,
            reductions: true,
            reduction_scale: 100,
            spend_budget: true,
            check_extension: false,
            futility_margin: None,
            internal_reduction: None,
            history_malus: None,
            singular_extension: None,
            singular_margin: None,
        }
    }
}

impl AlphaBetaConfig {
    /// The solver settings: no quiescence, no reductions (late-move or internal) and
    /// [`MAX_DEPTH`]; use them with the
    /// [`ZeroEvaluator`] (see [`AlphaBeta::solver`] and the [module](crate::alphabeta)).
    #[must_use]
    pub fn solver() -> Self {
        AlphaBetaConfig {
            quiescence: false,
            max_depth: MAX_DEPTH,
            reductions: false,
            ..AlphaBetaConfig::default()
        }
    }
}

/// The alpha-beta engine: see the [module](crate::alphabeta).
///
/// The transposition table lives in the engine and is kept from one search to the next (its
/// entries age, [`TranspositionTable::new_search`]); [`SearchResult::depth`] is the last
/// completed iteration, [`SearchResult::seldepth`] the deepest ply reached (quiescence
/// included) and [`SearchResult::nodes`] the nodes of all threads.
pub struct AlphaBeta<G: Game, E> {
    config: AlphaBetaConfig,
    evaluator: E,
    tt: TranspositionTable<G::Move>,
    /// The Zobrist keys of the game's positions before the searched one, oldest first
    /// ([`Engine::set_earlier_positions`]), for repetitions.
    earlier_positions: Vec<u64>,
}

impl<G: Game, E> fmt::Debug for AlphaBeta<G, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AlphaBeta")
            .field("config", &self.config)
            .field("tt_buckets", &self.tt.buckets())
            .field("earlier_positions", &self.earlier_positions.len())
            .finish_non_exhaustive()
    }
}

impl<G: ZobristHash> AlphaBeta<G, ZeroEvaluator> {
    /// The solver: [`AlphaBetaConfig::solver`] with the [`ZeroEvaluator`].
    #[must_use]
    pub fn solver() -> Self {
        AlphaBeta::new(AlphaBetaConfig::solver(), ZeroEvaluator)
    }
}

impl<G: Game, E: Evaluator<G>> AlphaBeta<G, E> {
    /// An engine with these settings and this evaluator (and a table of
    /// [`AlphaBetaConfig::tt_mib`]; like any allocation, it aborts the process when the memory
    /// cannot be had: [`AlphaBeta::try_new`] returns an error instead).
    #[must_use]
    pub fn new(config: AlphaBetaConfig, evaluator: E) -> Self {
        AlphaBeta {
            config,
            evaluator,
            tt: TranspositionTable::new(config.tt_mib),
            earlier_positions: Vec::new(),
        }
    }

    /// [`AlphaBeta::new`], or an error when the table's memory cannot be allocated.
    ///
    /// ```
    /// use abstract_game::tictactoe::TicTacToe;
    /// use game_engines::{AlphaBeta, AlphaBetaConfig, ZeroEvaluator};
    ///
    /// let config = AlphaBetaConfig { tt_mib: usize::MAX >> 20, ..AlphaBetaConfig::default() };
    /// let err = AlphaBeta::<TicTacToe, _>::try_new(config, ZeroEvaluator).unwrap_err();
    /// assert_eq!(err.mib, usize::MAX >> 20);
    /// ```
    ///
    /// # Errors
    ///
    /// [`TableMemoryError`] with the size asked for.
    pub fn try_new(config: AlphaBetaConfig, evaluator: E) -> Result<Self, TableMemoryError> {
        Ok(AlphaBeta {
            config,
            evaluator,
            tt: TranspositionTable::try_new(config.tt_mib)?,
            earlier_positions: Vec::new(),
        })
    }

    /// This engine with another transposition table (for instance a tiny one, for tests).
    #[must_use]
    pub fn with_table(mut self, tt: TranspositionTable<G::Move>) -> Self {
        self.tt = tt;
        self
    }

    /// The settings.
    #[must_use]
    pub fn config(&self) -> &AlphaBetaConfig {
        &self.config
    }

    /// The evaluator.
    #[must_use]
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// The transposition table (its entries and statistics).
    #[must_use]
    pub fn table(&self) -> &TranspositionTable<G::Move> {
        &self.tt
    }

    /// Empties the transposition table: the next search starts from nothing.
    pub fn clear_table(&mut self) {
        self.tt.clear();
    }

    /// The spec, the same as [`Engine::name`]: `alphabeta`, then the options that differ from [`AlphaBetaConfig::default`] and the
    /// [`ZeroEvaluator`]: `depth=N`, `eval=NAME`, `tt=MIB`, `threads=N`, `quiescence=off`,
    /// `reductions=off` or `reduction-scale=N`, `time=predict`, `extensions=on`, `futility=N`,
    /// `iir=N`, `history-malus=on|off`, `singular=N`, `singular-margin=N`
    /// (`alphabeta:depth=6:eval=kamisado`).
    #[must_use]
    pub fn name(&self) -> String {
        let default = AlphaBetaConfig::default();
        let mut options = Vec::new();
        if self.config.max_depth != default.max_depth {
            options.push(format!("depth={}", self.config.max_depth));
        }
        let eval = self.evaluator.name();
        if eval != "zero" {
            options.push(format!("eval={eval}"));
        }
        if self.config.tt_mib != default.tt_mib {
            options.push(format!("tt={}", self.config.tt_mib));
        }
        if self.config.threads != default.threads {
            options.push(format!("threads={}", self.config.threads));
        }
        if !self.config.quiescence {
            options.push("quiescence=off".to_owned());
        }
        if !self.config.reductions {
            options.push("reductions=off".to_owned());
        } else if self.config.reduction_scale != default.reduction_scale {
            options.push(format!("reduction-scale={}", self.config.reduction_scale));
        }
        if !self.config.spend_budget {
            options.push("time=predict".to_owned());
        }
        if self.config.check_extension {
            options.push("extensions=on".to_owned());
        }
        if let Some(margin) = self.config.futility_margin {
            options.push(format!("futility={margin}"));
        }
        if let Some(depth) = self.config.internal_reduction {
            options.push(format!("iir={depth}"));
        }
        if let Some(on) = self.config.history_malus {
            options.push(format!("history-malus={}", if on { "on" } else { "off" }));
        }
        if let Some(depth) = self.config.singular_extension {
            options.push(format!("singular={depth}"));
        }
        if let Some(margin) = self.config.singular_margin {
            options.push(format!("singular-margin={margin}"));
        }
        if options.is_empty() {
            "alphabeta".to_owned()
        } else {
            format!("alphabeta:{}", options.join(":"))
        }
    }
}

/// How a search thread reaches the table: owned (no locks) or shared (a lock per bucket).
trait Table<M> {
    fn probe(&mut self, key: u64) -> Option<TtEntry<M>>;
    fn store(&mut self, key: u64, entry: TtEntry<M>);
    /// The search is over: publish the statistics.
    fn finish(&mut self);
}

struct Owned<'a, M>(&'a mut TranspositionTable<M>);

impl<M: Copy> Table<M> for Owned<'_, M> {
    fn probe(&mut self, key: u64) -> Option<TtEntry<M>> {
        self.0.probe(key)
    }
    #[inline(always)]
    fn store(&mut self, key: u64, entry: TtEntry<M>) {
        self.0.store(key, entry);
    }
    fn finish(&mut self) {}
}

struct Shared<'a, M> {
    tt: &'a TranspositionTable<M>,
    stats: TtStats,
}

impl<M: Copy> Table<M> for Shared<'_, M> {
    fn probe(&mut self, key: u64) -> Option<TtEntry<M>> {
        self.stats.probes += 1;
        let e = self.tt.probe_shared(key);
        self.stats.hits += u64::from(e.is_some());
        e
    }
    fn store(&mut self, key: u64, entry: TtEntry<M>) {
        self.tt.store_shared(key, entry);
    }
    fn finish(&mut self) {
        self.tt.record_probes(core::mem::take(&mut self.stats));
    }
}

/// A value and its dependency marks ([`HORIZON`], [`REPETITION`]).
#[derive(Clone, Copy, Debug)]
struct Val {
    v: i32,
    marks: u8,
}

/// The score of internal value `v` at `ply`, distances counted from that node.
fn to_score(v: i32, ply: u32, proven: bool) -> Score {
    if v >= MATE_BOUND {
        Score::Win {
            plies: (MATE - v) as u32 - ply,
        }
    } else if v <= -MATE_BOUND {
        Score::Loss {
            plies: (MATE + v) as u32 - ply,
        }
    } else if v == 0 && proven {
        Score::Draw
    } else {
        Score::Eval(v)
    }
}

/// The internal value of a score of a node at `ply`.
fn from_score(s: Score, ply: u32) -> i32 {
    let mate = |plies: u32| MATE - plies.saturating_add(ply).min(MAX_PLY) as i32;
    match s {
        Score::Win { plies } => mate(plies),
        Score::Loss { plies } => -mate(plies),
        Score::Draw => 0,
        Score::Eval(v) => v.clamp(-EVAL_LIMIT, EVAL_LIMIT),
    }
}

/// The table of [`Searcher::extra_reduction`] for a reduction scale: 64 logarithms, then their
/// products.
fn extra_reductions(scale: u32) -> Box<[[u8; 64]; 64]> {
    let ln: [f64; 64] = core::array::from_fn(|n| (n.max(1) as f64).ln());
    Box::new(core::array::from_fn(|depth| {
        core::array::from_fn(|i| (ln[depth] * ln[i] * f64::from(scale) / 100.0).min(64.0) as u8)
    }))
}

/// One search thread.
#[allow(clippy::struct_excessive_bools)] // the config's switches and the abort flag
struct Searcher<'a, G: Game, E, T> {
    eval: &'a E,
    tt: T,
    quiescence: bool,
    reductions: bool,
    spend_budget: bool,
    check_extension: bool,
    /// [`AlphaBetaConfig::futility_margin`].
    futility_margin: i32,
    /// [`AlphaBetaConfig::internal_reduction`] (0: never).
    internal_reduction: i32,
    /// [`AlphaBetaConfig::history_malus`].
    history_malus: bool,
    /// [`AlphaBetaConfig::singular_extension`] (0: never).
    singular_extension: i32,
    /// [`AlphaBetaConfig::singular_margin`].
    singular_margin: i32,
    /// The move the next call of `search` leaves out: set for the singular extension's search
    /// of a node's other moves, taken (and so cleared) as that search starts.
    excluded: Option<G::Move>,
    /// The depth of the running iteration (check extensions stop at twice this many plies).
    root_depth: u32,
    /// `⌊ln(depth) · ln(i) · reduction_scale / 100⌋` for `depth` and `i` in `0..64`: the late-move
    /// reduction beyond the first ply.
    extra_reduction: Box<[[u8; 64]; 64]>,
    clock: Clock,
    nodes: u64,
    seldepth: u32,
    aborted: bool,
    /// The game's earlier positions, then the path from the root (the keys of the nodes whose
    /// moves are being searched).
    keys: Vec<u64>,
    /// How many of `keys` fall in each of [`KEY_FILTER`] classes (by their low bits): a
    /// position whose class is empty is no repetition, without scanning `keys`.
    key_filter: Box<[u32; KEY_FILTER]>,
    killers: Killers<G::Move>,
    history: History,
    pv: Vec<Vec<G::Move>>,
    moves: Vec<Vec<(G::Move, i64)>>,
    /// The root's best move so far in the running iteration, once its first move has been
    /// searched: what a search stopped during the iteration plays.
    root_partial: Option<Iteration<G::Move>>,
}

/// The callback of a completed iteration: the iteration, the nodes and the selective depth so
/// far, the time since the start.
type Report<'r, M> = dyn FnMut(&Iteration<M>, u64, u32, Duration) + 'r;

/// Which of a node's moves are in its list so far.
#[derive(Clone, Copy)]
enum Stage {
    /// The table's move (if it has one).
    TableMove,
    /// Then, where the evaluator orders them first ([`Evaluator::noisy_moves_first`]), the
    /// noisy moves ([`Evaluator::for_each_noisy_move`]).
    Noisy,
    /// All the moves: the quiet ones after the noisy ones
    /// ([`Evaluator::for_each_quiet_move`]), or all of them at once.
    All,
}

/// One completed iteration.
struct Iteration<M> {
    depth: u32,
    val: Val,
    pv: Vec<M>,
}

impl<'a, G: ZobristHash, E: Evaluator<G>, T: Table<G::Move>> Searcher<'a, G, E, T> {
    fn new(
        eval: &'a E,
        tt: T,
        config: &AlphaBetaConfig,
        limits: &Limits,
        earlier_positions: &[u64],
    ) -> Self {
        Searcher {
            eval,
            tt,
            quiescence: config.quiescence,
            reductions: config.reductions,
            spend_budget: config.spend_budget,
            check_extension: config.check_extension,
            futility_margin: config
                .futility_margin
                .map_or_else(|| eval.futility_margin(), |m| m.min(1 << 20) as i32),
            internal_reduction: if config.reductions {
                config
                    .internal_reduction
                    .unwrap_or_else(|| eval.internal_reduction_depth())
                    .min(MAX_DEPTH) as i32
            } else {
                0
            },
            history_malus: config.history_malus.unwrap_or_else(|| eval.history_malus()),
            singular_extension: config
                .singular_extension
                .unwrap_or_else(|| eval.singular_extension_depth())
                .min(MAX_DEPTH) as i32,
            singular_margin: config
                .singular_margin
                .map_or_else(|| eval.singular_margin(), |m| m.min(1 << 20) as i32),
            excluded: None,
            root_depth: 0,
            extra_reduction: extra_reductions(config.reduction_scale),
            clock: Clock::start(limits).with_interval(CLOCK_INTERVAL),
            nodes: 0,
            seldepth: 0,
            aborted: false,
            keys: earlier_positions.to_vec(),
            key_filter: {
                let mut filter = Box::new([0; KEY_FILTER]);
                for &key in earlier_positions {
                    filter[key as usize % KEY_FILTER] += 1;
                }
                filter
            },
            killers: Killers::new(),
            history: History::new::<G>(),
            pv: Vec::new(),
            moves: Vec::new(),
            root_partial: None,
        }
    }

    fn push_key(&mut self, key: u64) {
        self.keys.push(key);
        self.key_filter[key as usize % KEY_FILTER] += 1;
    }

    fn pop_key(&mut self) {
        if let Some(key) = self.keys.pop() {
            self.key_filter[key as usize % KEY_FILTER] -= 1;
        }
    }

    fn is_repetition(&self, key: u64) -> bool {
        self.key_filter[key as usize % KEY_FILTER] != 0 && self.keys.iter().rev().any(|&k| k == key)
    }

    /// Searches `child`, the position after a move at `ply - 1`, from the parent's point of
    /// view (negated when the side to move changed, as it does in every alternating game).
    fn child(&mut self, child: &G, flip: bool, depth: i32, ply: u32, alpha: i32, beta: i32) -> Val {
        if flip {
            let r = self.search(child, depth, ply, -beta, -alpha);
            Val {
                v: -r.v,
                marks: r.marks,
            }
        } else {
            self.search(child, depth, ply, alpha, beta)
        }
    }

    /// The plies by which the late move at place `i` of a node with `depth` plies left is
    /// reduced: at least one, and at most down to depth 0 (quiescence) for the child.
    fn reduction(&self, depth: i32, i: usize) -> i32 {
        let extra = self.extra_reduction[(depth.max(0) as usize).min(63)][i.min(63)];
        1 + i32::from(extra).min(depth - 2)
    }

    /// The negamax search of `pos` at `ply` with `depth` plies left, window `alpha..beta`.
    /// With a move in `self.excluded` (the singular extension's search of the other moves), the
    /// node searches its moves without it and neither uses nor changes the table's entry.
    fn search(&mut self, pos: &G, depth: i32, ply: u32, mut alpha: i32, beta: i32) -> Val {
        let excluded = self.excluded.take();
        let p = ply as usize;
        if self.pv.len() <= p + 1 {
            self.pv.resize_with(p + 2, Vec::new);
            self.moves.resize_with(p + 2, Vec::new);
        }
        self.pv[p].clear();
        if self.clock.should_stop(self.nodes) {
            self.aborted = true;
            return Val {
                v: 0,
                marks: HORIZON,
            };
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        // `is_over` first: games make it cheaper than building the outcome.
        if ply > 0 && pos.is_over() {
            if let Some(s) = Score::terminal(pos) {
                return Val {
                    v: from_score(s, ply),
                    marks: 0,
                };
            }
        }
        let key = pos.zobrist();
        if ply > 0 && self.is_repetition(key) {
            return Val {
                v: 0,
                marks: REPETITION,
            };
        }
        if ply > 0 {
            if let Some(exact) = self.eval.probe(pos) {
                return Val {
                    v: from_score(Score::from(exact), ply),
                    marks: 0,
                };
            }
        }
        let depth = if self.check_extension
            && ply > 0
            && ply < 2 * self.root_depth
            && self.eval.in_check(pos)
        {
            depth.max(0) + 1
        } else {
            depth
        };
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(pos, key, ply, alpha, beta);
        }
        let pv_node = beta - alpha > 1;
        let mut tt_move = None;
        let entry = self.tt.probe(key);
        if let Some(e) = entry {
            tt_move = e.mv;
            if ply > 0
                && excluded.is_none()
                && !pv_node
                && e.bound != Bound::MoveOnly
                && (e.proven || i32::from(e.depth) >= depth)
            {
                let v = from_score(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                    Bound::MoveOnly => false,
                };
                if cut {
                    return Val {
                        v,
                        marks: if e.proven { 0 } else { HORIZON },
                    };
                }
            }
        }

        if self.futility_margin > 0
            && excluded.is_none()
            && !pv_node
            && ply > 0
            && depth <= FUTILITY_DEPTH
            && beta.abs() < MATE_BOUND
            && !self.eval.in_check(pos)
        {
            let cut = self.eval.evaluate(pos).clamp(-EVAL_LIMIT, EVAL_LIMIT)
                - self.futility_margin * depth;
            if cut >= beta {
                return Val {
                    v: cut,
                    marks: HORIZON,
                };
            }
        }

        let side = pos.side_to_move();
        // The killers of this ply stay the same while its moves are searched (only nodes of this
        // ply record them, and the children are deeper).
        let killers = self.killers.at(p);
        // The table's move is searched first, before the others are generated: when it cuts
        // off, they never are. (A key collision can hand in a move of another position: it is
        // checked.) The search of the other moves for a singular extension has none.
        let tt_move = match excluded {
            None => tt_move.filter(|&mv| pos.is_legal(mv)),
            Some(_) => None,
        };
        let depth = if excluded.is_none()
            && self.internal_reduction > 0
            && depth >= self.internal_reduction
            && tt_move.is_none()
        {
            depth - 1
        } else {
            depth
        };
        let extension = match (tt_move, entry) {
            (Some(mv), Some(e)) if self.is_singular(pos, mv, &e, depth, ply) => 1,
            _ => 0,
        };
        if self.aborted {
            return Val {
                v: 0,
                marks: HORIZON,
            };
        }
        // The excluded move is marked as the table's: the generators leave it out.
        let marked = Marked::new::<G>(excluded.or(tt_move), killers);
        let mut list = core::mem::take(&mut self.moves[p]);
        list.clear();
        list.extend(tt_move.map(|mv| (mv, i64::MAX)));
        // The moves come in stages, each generated only when the ones before it are searched
        // without a cut-off: the table's move, then the others (the noisy ones first, then the
        // quiet ones, where the evaluator orders every noisy move first).
        let mut stage = Stage::TableMove;

        self.push_key(key);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let mut marks = 0;
        let mut cut = false;
        let mut i = 0;
        // The move loop as a closure called once (inlined all the same): it compiles to 2%
        // fewer instructions per node than the same loop written in place (`docs/engines.md`).
        let mut search_moves = || loop {
            if i == list.len() {
                // Each move comes with the evaluator's order in the high half of its key (a
                // debug build checks that the generators hand the order `move_order` gives) and,
                // among moves of the same order, the killers first, then by history in the low
                // half; the table's move, searched already, is left out.
                let eval = self.eval;
                let history = self.history.of(side.index());
                let mut push = |mv, order: i32| {
                    debug_assert_eq!(order, eval.move_order(pos, mv), "the generated order");
                    let key = move_key::<G>(mv);
                    if marked.is_tt::<G>(mv, key) {
                        return;
                    }
                    // The low half lies from 0 to 2^31, so that no key overflows whatever the
                    // order: a killer's 2^31, above every history counter made positive.
                    let secondary = if marked.is_killer::<G>(mv, key) {
                        2 * i64::from(COUNTER_BOUND)
                    } else {
                        i64::from(history[key]) + i64::from(COUNTER_BOUND)
                    };
                    list.push((mv, (i64::from(order) << 32) + secondary));
                };
                stage = match stage {
                    Stage::TableMove if eval.noisy_moves_first() => {
                        eval.for_each_noisy_move(pos, push);
                        Stage::Noisy
                    }
                    Stage::TableMove => {
                        pos.for_each_legal_move(|mv| push(mv, eval.move_order(pos, mv)));
                        Stage::All
                    }
                    Stage::Noisy => {
                        eval.for_each_quiet_move(pos, push);
                        Stage::All
                    }
                    Stage::All => break,
                };
                continue;
            }
            // Selection sort, one step: the first of the best remaining moves comes next.
            let mut j = i;
            let mut top = list[i].1;
            for (k, &(_, order)) in list.iter().enumerate().skip(i + 1) {
                if order > top {
                    j = k;
                    top = order;
                }
            }
            list.swap(i, j);
            let mv = list[i].0;
            let mut child = pos.clone();
            child.play_unchecked_for_search(mv);
            let flip = G::TURNS_ALTERNATE || child.side_to_move() != side;
            let reduce = self.reductions
                && depth >= 3
                && i >= 3
                && !pv_node
                && !marked.is_tt_or_killer::<G>(mv)
                && !child.is_over()
                && !self.eval.is_noisy(pos, mv);
            let mut r = if i == 0 {
                // The table's move when there is one: a singular one gets a ply more.
                self.child(&child, flip, depth - 1 + extension, ply + 1, alpha, beta)
            } else if reduce {
                let r = self.child(
                    &child,
                    flip,
                    depth - 1 - self.reduction(depth, i),
                    ply + 1,
                    alpha,
                    alpha + 1,
                );
                if !self.aborted && r.v > alpha {
                    self.child(&child, flip, depth - 1, ply + 1, alpha, alpha + 1)
                } else {
                    r
                }
            } else {
                self.child(&child, flip, depth - 1, ply + 1, alpha, alpha + 1)
            };
            if i > 0 && !self.aborted && r.v > alpha && r.v < beta {
                r = self.child(&child, flip, depth - 1, ply + 1, alpha, beta);
            }
            if self.aborted {
                break;
            }
            if r.v > best {
                best = r.v;
                best_move = Some(mv);
                if p == 0 {
                    // The root's best so far: its line is this move's (rebuilt below when it
                    // raises alpha, which every improvement at the root does).
                    let mut pv = vec![mv];
                    pv.extend_from_slice(&self.pv[1]);
                    self.root_partial = Some(Iteration {
                        depth: depth as u32,
                        val: Val {
                            v: best,
                            marks: marks | r.marks | HORIZON,
                        },
                        pv,
                    });
                }
            }
            if r.v >= beta {
                // The cut-off's value depends only on this move.
                marks = r.marks;
                cut = true;
                self.killers.record(p, mv);
                if self.history_malus {
                    self.history
                        .reward_with_gravity(side.index(), move_key::<G>(mv), depth);
                    if !self.eval.is_noisy(pos, mv) {
                        // The quiet moves searched before it (in the list's first places).
                        for &(earlier, _) in &list[..i] {
                            if !self.eval.is_noisy(pos, earlier) {
                                self.history.penalize_with_gravity(
                                    side.index(),
                                    move_key::<G>(earlier),
                                    depth,
                                );
                            }
                        }
                    }
                } else {
                    self.history.reward(side.index(), move_key::<G>(mv), depth);
                }
                break;
            }
            marks |= r.marks;
            if r.v > alpha {
                alpha = r.v;
                let (head, tail) = self.pv.split_at_mut(p + 1);
                head[p].clear();
                head[p].push(mv);
                head[p].extend_from_slice(&tail[0]);
            }
            i += 1;
        };
        search_moves();
        self.pop_key();
        self.moves[p] = list;
        if self.aborted {
            return Val {
                v: 0,
                marks: HORIZON,
            };
        }
        if excluded.is_some() {
            // A value without the node's best move: not the node's, so not stored.
            return Val { v: best, marks };
        }

        let bound = if cut {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let entry = if marks & REPETITION != 0 {
            TtEntry {
                mv: if bound == Bound::Upper {
                    None
                } else {
                    best_move
                },
                depth: 0,
                bound: Bound::MoveOnly,
                score: Score::Eval(0),
                proven: false,
            }
        } else {
            let proven = marks & HORIZON == 0;
            TtEntry {
                mv: if bound == Bound::Upper {
                    None
                } else {
                    best_move
                },
                depth: if proven {
                    PROVEN_DEPTH
                } else {
                    depth.clamp(0, i32::from(PROVEN_DEPTH) - 1) as u16
                },
                bound,
                score: to_score(best, ply, proven),
                proven,
            }
        };
        self.tt.store(key, entry);
        Val { v: best, marks }
    }

    /// Whether the table's move `mv` of `pos` (at `ply`, `depth` plies left, table entry `e`)
    /// is singular ([`AlphaBetaConfig::singular_extension`]): the other moves, searched to half
    /// the depth (at least a ply), all stay below the entry's value less the margin. The search
    /// of the other moves leaves the node's line (`pv`) empty; it may stop the search
    /// (`aborted`).
    fn is_singular(
        &mut self,
        pos: &G,
        mv: G::Move,
        e: &TtEntry<G::Move>,
        depth: i32,
        ply: u32,
    ) -> bool {
        if self.singular_extension == 0
            || depth < self.singular_extension
            || ply == 0
            || ply >= 2 * self.root_depth
            || e.proven
            || !matches!(e.bound, Bound::Lower | Bound::Exact)
            || i32::from(e.depth) < depth - SINGULAR_DEPTH_SLACK
        {
            return false;
        }
        let value = from_score(e.score, ply);
        if value.abs() >= MATE_BOUND {
            return false;
        }
        let bound = value - self.singular_margin * depth;
        self.excluded = Some(mv);
        // At least a ply: quiescence would not leave the move out.
        let r = self.search(pos, ((depth - 1) / 2).max(1), ply, bound - 1, bound);
        self.pv[ply as usize].clear();
        !self.aborted && r.v < bound
    }

    /// Quiescence: stand pat on the evaluation or follow a noisy move.
    fn quiesce(&mut self, pos: &G, key: u64, ply: u32, mut alpha: i32, beta: i32) -> Val {
        let p = ply as usize;
        let search_noisy = self.quiescence && ply < MAX_PLY;
        let eval = self.eval;
        // The noisy moves, generated only when standing pat does not already reach beta.
        let list = &mut self.moves[p];
        list.clear();
        let value = eval.evaluate_with_noisy_moves(
            pos,
            |value| search_noisy && value.clamp(-EVAL_LIMIT, EVAL_LIMIT) < beta,
            |mv, order| {
                debug_assert_eq!(order, eval.move_order(pos, mv), "the generated order");
                list.push((mv, i64::from(order)));
            },
        );
        let stand = value.clamp(-EVAL_LIMIT, EVAL_LIMIT);
        if list.is_empty() {
            return Val {
                v: stand,
                marks: HORIZON,
            };
        }
        let mut list = core::mem::take(list);
        // Highest order first, equal orders as generated (an insertion sort: the lists are
        // short, one or two moves mostly).
        for k in 1..list.len() {
            let mut j = k;
            while j > 0 && list[j - 1].1 < list[j].1 {
                list.swap(j - 1, j);
                j -= 1;
            }
        }
        let side = pos.side_to_move();
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut marks = HORIZON;
        self.push_key(key);
        for &(mv, _) in &list {
            let mut child = pos.clone();
            child.play_unchecked_for_search(mv);
            let flip = G::TURNS_ALTERNATE || child.side_to_move() != side;
            let r = self.child(&child, flip, 0, ply + 1, alpha, beta);
            if self.aborted {
                break;
            }
            best = best.max(r.v);
            marks |= r.marks;
            if r.v >= beta {
                break;
            }
            alpha = alpha.max(r.v);
        }
        self.pop_key();
        self.moves[p] = list;
        Val { v: best, marks }
    }

    /// Iterative deepening from `first` to `last` (inclusive); `report` is called after each
    /// completed depth. Returns the last completed iteration.
    fn iterate(
        &mut self,
        root: &G,
        first: u32,
        last: u32,
        budget: Option<Duration>,
        report: &mut Report<'_, G::Move>,
    ) -> Option<Iteration<G::Move>> {
        let mut done: Option<Iteration<G::Move>> = None;
        let mut took: Vec<Duration> = Vec::new();
        let single_move = budget.is_some() && root.legal_move_count() == 1;
        let spend_budget = self.spend_budget;
        for depth in first..=last {
            let started = self.clock.elapsed();
            self.root_partial = None;
            self.root_depth = depth;
            let val = self.search(root, depth as i32, 0, -INF, INF);
            if self.aborted {
                // Stopped during this depth: its best move so far, once the first move (the
                // previous depth's best, ordered first) has been searched at this depth.
                if spend_budget {
                    if let Some(partial) = self.root_partial.take() {
                        let completed = done.as_ref().map_or(0, |d| d.depth);
                        done = Some(Iteration {
                            depth: completed,
                            ..partial
                        });
                    }
                }
                break;
            }
            let it = Iteration {
                depth,
                val,
                pv: self.pv[0].clone(),
            };
            report(&it, self.nodes, self.seldepth, self.clock.elapsed());
            let finished = val.marks & HORIZON == 0 || val.v.abs() >= MATE_BOUND;
            done = Some(it);
            // One legal move: no search can change the choice.
            if finished || single_move {
                break;
            }
            if let Some(budget) = budget {
                if !spend_budget {
                    // Predict the next depth from the growth of the last ones.
                    let now = self.clock.elapsed();
                    took.push(now.saturating_sub(started));
                    if now + next_depth_estimate(&took) > budget {
                        break;
                    }
                }
            }
        }
        self.tt.finish();
        done
    }
}

impl<G: ZobristHash, E: Evaluator<G> + Sync> AlphaBeta<G, E> {
    fn result(
        pos: &G,
        it: Option<&Iteration<G::Move>>,
        nodes: u64,
        seldepth: u32,
        elapsed: Duration,
    ) -> SearchResult<G::Move> {
        if let Some(it) = it {
            SearchResult {
                best: it.pv.first().copied(),
                score: to_score(it.val.v, 0, it.val.marks & HORIZON == 0),
                pv: it.pv.clone(),
                depth: it.depth,
                seldepth,
                nodes,
                elapsed,
            }
        } else {
            let first = pos.legal_moves().into_iter().next();
            SearchResult {
                best: first,
                score: Score::Eval(0),
                pv: first.into_iter().collect(),
                depth: 0,
                seldepth,
                nodes,
                elapsed,
            }
        }
    }
}

impl<G: ZobristHash, E: Evaluator<G> + Sync> Engine<G> for AlphaBeta<G, E> {
    fn name(&self) -> String {
        AlphaBeta::name(self)
    }

    fn search(&mut self, pos: &G, limits: &Limits) -> SearchResult<G::Move> {
        self.search_with_progress(pos, limits, &mut |_| {})
    }

    fn search_with_progress(
        &mut self,
        pos: &G,
        limits: &Limits,
        progress: &mut dyn FnMut(&SearchResult<G::Move>),
    ) -> SearchResult<G::Move> {
        if let Some(over) = SearchResult::game_over(pos) {
            return over;
        }
        self.tt.new_search();
        let last = limits.depth.unwrap_or(self.config.max_depth).min(MAX_DEPTH);
        let threads = self.config.threads.max(1);
        let eval = &self.evaluator;
        let config = self.config;
        let earlier = &self.earlier_positions;
        let helper_nodes = AtomicU64::new(0);
        let mut report = |it: &Iteration<G::Move>, nodes: u64, seldepth: u32, elapsed: Duration| {
            let nodes = nodes + helper_nodes.load(Ordering::Relaxed);
            progress(&Self::result(pos, Some(it), nodes, seldepth, elapsed));
        };
        if threads == 1 {
            let mut s = Searcher::new(eval, Owned(&mut self.tt), &config, limits, earlier);
            let it = s.iterate(pos, 1, last, limits.time, &mut report);
            return Self::result(pos, it.as_ref(), s.nodes, s.seldepth, s.clock.elapsed());
        }
        let tt = &self.tt;
        let done = Arc::new(AtomicBool::new(false));
        let (it, nodes, seldepth, elapsed) = std::thread::scope(|scope| {
            for id in 1..threads {
                let helper_limits = Limits {
                    time: limits.time,
                    stop: Some(Arc::clone(&done)),
                    ..Limits::none()
                };
                let helper_nodes = &helper_nodes;
                // A helper that cannot be started (none can on `wasm32-unknown-unknown`) is
                // left out: the main thread's search is the result in any case.
                let started = std::thread::Builder::new().spawn_scoped(scope, move || {
                    let shared = Shared {
                        tt,
                        stats: TtStats::default(),
                    };
                    let mut s = Searcher::new(eval, shared, &config, &helper_limits, earlier);
                    s.history.perturb(id as u64);
                    let first = (1 + id as u32 % 2).min(last);
                    // Publish the nodes as they are searched, for the main thread's reports.
                    let mut published = 0;
                    s.iterate(pos, first, last, None, &mut |_, nodes, _, _| {
                        helper_nodes.fetch_add(nodes - published, Ordering::Relaxed);
                        published = nodes;
                    });
                    helper_nodes.fetch_add(s.nodes - published, Ordering::Relaxed);
                });
                if started.is_err() {
                    break;
                }
            }
            let shared = Shared {
                tt,
                stats: TtStats::default(),
            };
            let mut s = Searcher::new(eval, shared, &config, limits, earlier);
            let it = s.iterate(pos, 1, last, limits.time, &mut report);
            done.store(true, Ordering::Relaxed);
            (it, s.nodes, s.seldepth, s.clock.elapsed())
        });
        let nodes = nodes + helper_nodes.load(Ordering::Relaxed);
        Self::result(pos, it.as_ref(), nodes, seldepth, elapsed)
    }

    /// Keeps the keys: positions that repeat one of them score as draws.
    fn set_earlier_positions(&mut self, keys: &[u64]) {
        self.earlier_positions = keys.to_vec();
    }
}
