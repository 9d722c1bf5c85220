//! The Python class `KamisadoSolver`: the exact solver of `kamisado-engine` (Kamisado cannot
//! repeat a position, so every position has an exact value). It runs without the GIL.

use std::sync::{Arc, Mutex};
use std::time::Instant;

use game_engines::Limits;
use game_engines::solver::{Solver, SolverConfig};
use kamisado_engine::SolverOrder;
use pyo3::prelude::*;

use crate::arguments::Whole;
use crate::encoding::Encoding;
use crate::game_classes::Kamisado;
use crate::interrupt::interruptible;
use crate::results::{Score, SearchResult, search_result};

/// The exact solver of Kamisado: the value of a position under perfect play (the winner
/// winning as fast as it can, the loser resisting as long as it can), its principal line, and
/// the value of every move.
///
/// `KamisadoSolver`(`table_mib`=64, `max_plies`=200): the transposition table's size in MiB and the
/// longest distance looked for (at most 254). The table is kept from one call to the next, so
/// solving positions of one game gets faster. (A `perfect` level of `Engine` will use it too.)
#[pyclass(module = "kamisado_onitama")]
pub(crate) struct KamisadoSolver {
    solver: Mutex<Solver<kamisado_core::Position, SolverOrder>>,
    config: SolverConfig,
}

impl std::fmt::Debug for KamisadoSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KamisadoSolver")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

impl KamisadoSolver {
    /// Runs `f` with the solver and the limits that stop it at Ctrl-C, without the GIL.
    ///
    /// # Errors
    /// `KeyboardInterrupt` for Ctrl-C (what the table learnt stays), `RuntimeError` if an earlier
    /// call panicked.
    fn run<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Solver<kamisado_core::Position, SolverOrder>, &Limits) -> T + Send,
    ) -> PyResult<T> {
        interruptible(py, |stop| {
            let mut solver = self
                .solver
                .lock()
                .map_err(|_| "an earlier call of this solver failed".to_owned())?;
            Ok::<T, String>(f(&mut solver, &Limits::none().with_stop(Arc::clone(stop))))
        })?
        .map_err(pyo3::exceptions::PyRuntimeError::new_err)
    }
}

#[pymethods]
impl KamisadoSolver {
    #[new]
    #[pyo3(signature = (table_mib=Whole::of(64), max_plies=Whole::of(200)), text_signature = "(table_mib=64, max_plies=200)")]
    fn new(table_mib: Whole<usize>, max_plies: Whole<u32>) -> PyResult<Self> {
        let table_mib = table_mib.within("table_mib", 1, 16 * 1024)?;
        let max_plies = max_plies.within("max_plies", 1, 254)?;
        let config = SolverConfig {
            table_mib,
            max_plies,
        };
        let solver = Solver::try_with_order(config, SolverOrder).map_err(|e| {
            pyo3::exceptions::PyMemoryError::new_err(format!("table_mib {table_mib}: {e}"))
        })?;
        Ok(KamisadoSolver {
            solver: Mutex::new(solver),
            config,
        })
    }

    /// Solves the current position of `game`: a `SearchResult` whose score is exact (a win or a
    /// loss with its distance in plies) and whose principal variation is a perfect line to the
    /// end; `None` if the game is not decided within `max_plies`. Runs without the GIL; Ctrl-C
    /// stops it and raises `KeyboardInterrupt` (what the table learnt is kept).
    fn solve(&self, py: Python<'_>, game: &Kamisado) -> PyResult<Option<SearchResult>> {
        let pos = *game.state.position();
        let started = Instant::now();
        let (solution, nodes) = self.run(py, |solver, limits| {
            let before = solver.stats().nodes;
            // Without a limit but the stop flag: the same answer as `solve`.
            let solution = solver.solve_within(&pos, limits);
            (solution, solver.stats().nodes - before)
        })?;
        Ok(solution.map(|s| {
            search_result(
                &pos,
                s.line.first().copied(),
                s.value.into(),
                &s.line,
                s.value.plies,
                nodes,
                started.elapsed().as_secs_f64(),
            )
        }))
    }

    /// The exact value of every legal move of the current position of `game`, for the player
    /// to move, counted from this position (the move included): a list of
    /// `(move, action, score)`, the score `None` beyond `max_plies`. Runs without the GIL;
    /// Ctrl-C stops it and raises `KeyboardInterrupt`.
    fn move_values(
        &self,
        py: Python<'_>,
        game: &Kamisado,
    ) -> PyResult<Vec<(String, usize, Option<Score>)>> {
        let pos = *game.state.position();
        // `Solver::move_values` cannot be stopped; each child solved within the stop flag gives the
        // same values (the value of the child, one ply back).
        let values = self.run(py, |solver, limits| {
            pos.legal_moves()
                .into_iter()
                .map(|mv| {
                    let child = pos.after_unchecked(mv);
                    let value = solver.solve_within(&child, limits);
                    (mv, value.map(|s| s.value.back()))
                })
                .collect::<Vec<_>>()
        })?;
        Ok(values
            .into_iter()
            .map(|(mv, value)| {
                (
                    abstract_game::Notation::move_text(&pos, mv),
                    pos.action_of(mv),
                    value.map(Score::from),
                )
            })
            .collect())
    }

    /// The solver's settings: `(table_mib, max_plies)`.
    #[getter]
    fn config(&self) -> (usize, u32) {
        (self.config.table_mib, self.config.max_plies)
    }

    fn __repr__(&self) -> String {
        format!(
            "KamisadoSolver(table_mib={}, max_plies={})",
            self.config.table_mib, self.config.max_plies
        )
    }
}
