//! [`Perfect`]: the Kamisado player that plays perfectly wherever it can prove it: the shortest
//! win as the winner, the longest defence as the loser.
//!
//! For each move it asks, in turn:
//!
//! 1. **the proof book** ([`ProofBook::start`]): a position of Black's strategy from the start
//!    gets its move and exact distance at once, and a position of Gold's whose every reply
//!    stays in the book gets the reply that makes the game longest;
//! 2. **the exact solver** ([`crate::solver`]) within a share of the move's budget: the value,
//!    the distance and the first move of a principal line (the winner's shortest win, the
//!    loser's longest defence);
//! 3. **alpha-beta** ([`crate::alphabeta`] at [`Level::Max`]) for the rest of the budget, when
//!    the solver could not settle the position (or its table, [`SOLVER_TABLE_MIB`], could not
//!    be allocated: then alpha-beta has the whole budget).
//!
//! ```
//! use game_engines::{Engine, Limits, Score};
//! use kamisado_core::Position;
//!
//! let mut engine = kamisado_engine::perfect();
//! // The start is a Black win in 17 plies: the book answers without a search.
//! let result = engine.search(&Position::start(), &Limits::none());
//! assert_eq!(result.score, Score::Win { plies: 17 });
//! assert_eq!(result.nodes, 0);
//! // After 1. c1a3, Gold wins in 3 (the solver proves it).
//! let pos = Position::start().after("c1a3".parse()?)?;
//! assert_eq!(engine.search(&pos, &Limits::none()).score, Score::Win { plies: 3 });
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::time::Duration;

use game_engines::solver::{Solver, SolverConfig};
use game_engines::{
    AlphaBeta, AlphaBetaConfig, Clock, Engine, Level, Limits, Score, SearchResult, TableMemoryError,
};
use kamisado_core::Position;

use crate::book::ProofBook;
use crate::eval::KamisadoEval;
use crate::solver_order::SolverOrder;

/// The solver's share of a time budget, in percent; alpha-beta gets what is left.
pub const SOLVER_SHARE: u32 = 60;

/// The solver's node budget for a search without a time limit (about a second).
pub const SOLVER_NODES: u64 = 3_000_000;

/// The size of the solver's table in MiB, allocated at the first position out of the book (a
/// player that cannot allocate it searches with alpha-beta alone, and tries again at its next
/// search).
pub const SOLVER_TABLE_MIB: usize = 64;

/// The perfect Kamisado player: see the [module](mod@crate::perfect).
#[derive(Debug)]
pub struct Perfect {
    book: &'static ProofBook,
    /// Made at the first position out of the book: its table takes [`SOLVER_TABLE_MIB`], which
    /// a player whose games stay in the book (or an engine only built to check a spec) never
    /// needs.
    solver: Option<Solver<Position, SolverOrder>>,
    fallback: AlphaBeta<Position, KamisadoEval>,
}

impl Perfect {
    /// The player with this alpha-beta fallback configuration (threads, table size).
    ///
    /// Like any allocation, the fallback's transposition table aborts the process when its
    /// memory cannot be had; [`Perfect::try_new`] returns an error instead.
    #[must_use]
    pub fn new(fallback: AlphaBetaConfig) -> Self {
        Self::with_fallback(AlphaBeta::new(fallback, KamisadoEval::default()))
    }

    /// [`Perfect::new`], or an error when the fallback's transposition table
    /// ([`AlphaBetaConfig::tt_mib`]) cannot be allocated (a size beyond the address space or a
    /// memory limit of the process).
    ///
    /// ```
    /// use game_engines::{AlphaBetaConfig, Level};
    /// use kamisado_engine::Perfect;
    ///
    /// let huge = AlphaBetaConfig { tt_mib: usize::MAX >> 20, ..Level::Max.config() };
    /// assert_eq!(Perfect::try_new(huge).unwrap_err().mib, usize::MAX >> 20);
    /// assert!(Perfect::try_new(Level::Max.config()).is_ok());
    /// ```
    ///
    /// # Errors
    ///
    /// [`TableMemoryError`] with the size asked for. The solver's table is not allocated here
    /// but at the first position out of the book ([`SOLVER_TABLE_MIB`]).
    pub fn try_new(fallback: AlphaBetaConfig) -> Result<Self, TableMemoryError> {
        Ok(Self::with_fallback(AlphaBeta::try_new(
            fallback,
            KamisadoEval::default(),
        )?))
    }

    fn with_fallback(fallback: AlphaBeta<Position, KamisadoEval>) -> Self {
        Perfect {
            book: ProofBook::start(),
            solver: None,
            fallback,
        }
    }

    /// The book, solver, then alpha-beta, as the [module](crate::perfect) says.
    fn choose(&mut self, pos: &Position, limits: &Limits) -> SearchResult<kamisado_core::Move> {
        // The search clock, not std's Instant, which panics on wasm32-unknown-unknown.
        let started = Clock::start(limits);
        let book = self
            .book
            .winning_move(pos)
            .map(|m| (m, Score::Win { plies: m.plies }))
            .or_else(|| {
                self.book
                    .longest_defence(pos)
                    .map(|m| (m, Score::Loss { plies: m.plies }))
            });
        if let Some((m, score)) = book {
            return SearchResult {
                best: Some(m.mv),
                score,
                pv: vec![m.mv],
                depth: m.plies,
                seldepth: m.plies,
                nodes: 0,
                elapsed: started.elapsed(),
            };
        }
        let solver_limits = match limits.time {
            Some(time) => Limits {
                time: Some(time * SOLVER_SHARE / 100),
                ..limits.clone()
            },
            None => Limits {
                nodes: Some(limits.nodes.unwrap_or(SOLVER_NODES)),
                ..limits.clone()
            },
        };
        if self.solver.is_none() {
            // Where its table cannot be had, alpha-beta searches alone (and the next search
            // tries again): a player must not abort the process in the middle of a game.
            self.solver = Solver::try_with_order(
                SolverConfig {
                    table_mib: SOLVER_TABLE_MIB,
                    ..SolverConfig::default()
                },
                SolverOrder,
            )
            .ok();
        }
        let mut solver_nodes = 0;
        if let Some(solver) = &mut self.solver {
            let nodes_before = solver.stats().nodes;
            let solved = solver.solve_within(pos, &solver_limits);
            solver_nodes = solver.stats().nodes - nodes_before;
            if let Some(solution) = solved.filter(|s| !s.line.is_empty()) {
                let plies = solution.value.plies;
                let score = match solution.value.wdl {
                    abstract_game::Wdl::Win => Score::Win { plies },
                    abstract_game::Wdl::Loss => Score::Loss { plies },
                    abstract_game::Wdl::Draw => Score::Draw,
                };
                return SearchResult {
                    best: solution.line.first().copied(),
                    score,
                    depth: plies,
                    seldepth: plies,
                    pv: solution.line,
                    nodes: solver_nodes,
                    elapsed: started.elapsed(),
                };
            }
        }
        let rest = Limits {
            time: limits.time.map(|t| {
                t.saturating_sub(started.elapsed())
                    .max(Duration::from_millis(1))
            }),
            ..limits.clone()
        };
        let mut result = self.fallback.search(pos, &rest);
        result.nodes += solver_nodes;
        result.elapsed = started.elapsed();
        result
    }
}

impl Default for Perfect {
    /// [`Perfect::new`] with the settings of [`Level::Max`].
    fn default() -> Self {
        Perfect::new(Level::Max.config())
    }
}

impl Engine<Position> for Perfect {
    fn name(&self) -> String {
        "perfect".to_owned()
    }

    fn search(&mut self, pos: &Position, limits: &Limits) -> SearchResult<kamisado_core::Move> {
        if let Some(over) = SearchResult::game_over(pos) {
            return over;
        }
        self.choose(pos, limits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_solver_table_is_made_at_the_first_position_out_of_the_book() {
        let mut engine = Perfect::new(AlphaBetaConfig {
            tt_mib: 0,
            ..Level::Max.config()
        });
        assert!(
            engine.solver.is_none(),
            "a new player holds no solver table"
        );
        let start = engine.search(&Position::start(), &Limits::none());
        assert_eq!(start.score, Score::Win { plies: 17 });
        assert!(
            engine.solver.is_none(),
            "the book answered without the solver"
        );
        let pos = Position::start()
            .after("c1a3".parse().expect("a move"))
            .expect("legal");
        assert_eq!(
            engine.search(&pos, &Limits::none()).score,
            Score::Win { plies: 3 }
        );
        assert!(engine.solver.is_some(), "the solver proved the position");
    }

    /// Where the solver's table cannot be had (the process's memory limit all but reached),
    /// alpha-beta answers alone instead of the process aborting, and a later search makes the
    /// table once there is room. Run in a child process under `ulimit -v` (Linux).
    #[cfg(target_os = "linux")]
    #[test]
    fn a_solver_table_that_cannot_be_had_leaves_the_move_to_alpha_beta() {
        const NAME: &str =
            "perfect::tests::a_solver_table_that_cannot_be_had_leaves_the_move_to_alpha_beta";
        if std::env::var_os("KAMISADO_ENGINE_LIMITED_CHILD").is_none() {
            let run = std::process::Command::new("sh")
                .arg("-c")
                .arg("ulimit -v 2000000 && exec \"$0\" \"$@\"")
                .arg(std::env::current_exe().expect("the test binary"))
                .args([NAME, "--exact", "--test-threads=1"])
                .env("KAMISADO_ENGINE_LIMITED_CHILD", "1")
                .output()
                .expect("sh runs");
            let stdout = String::from_utf8_lossy(&run.stdout);
            let stderr = String::from_utf8_lossy(&run.stderr);
            assert!(run.status.success(), "{}:\n{stdout}\n{stderr}", run.status);
            assert!(stdout.contains("1 passed"), "{stdout}\n{stderr}");
            return;
        }
        let mut engine = Perfect::new(Level::Max.config());
        // All the address space the limit leaves, but 8 MiB (reserved, never touched).
        let free_mib = (0..=12).rev().fold(0_usize, |mib, bit| {
            let more = mib + (1 << bit);
            let fits = Vec::<u8>::new().try_reserve_exact(more << 20).is_ok();
            if fits { more } else { mib }
        });
        assert!(free_mib > SOLVER_TABLE_MIB, "{free_mib} MiB free");
        let mut ballast = Vec::<u8>::new();
        ballast
            .try_reserve_exact((free_mib - 8) << 20)
            .expect("the room just measured");
        let pos = Position::start()
            .after("c1a3".parse().expect("a move"))
            .expect("legal");
        let result = engine.search(&pos, &Limits::depth(4));
        assert!(engine.solver.is_none(), "no room for the solver's table");
        assert!(pos.is_legal(result.best.expect("alpha-beta's move")));
        drop(ballast);
        let result = engine.search(&pos, &Limits::none());
        assert!(engine.solver.is_some(), "made once there is room");
        assert_eq!(result.score, Score::Win { plies: 3 });
    }
}
