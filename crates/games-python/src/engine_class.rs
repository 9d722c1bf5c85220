//! The Python class `Engine`: any engine of the catalog by its spec (`random`, `mcts`,
//! `alphabeta`, the levels `easy`, `medium`, `hard`, `max` and `perfect`, with options after
//! colons), for either game. A search runs
//! without the GIL.

use std::sync::{Arc, Mutex};

use game_catalog::engines::{BoxedEngine, EngineKind, EngineSpec, build};
use game_catalog::external::NO_MOVE_CAUSE;
use game_engines::Limits;
use pyo3::prelude::*;

use crate::arguments::{Whole, limits, type_name};
use crate::encoding::Encoding;
use crate::errors::{InputError, parse};
use crate::game_classes::{Kamisado, Onitama};
use crate::game_state::GameState;
use crate::interrupt::interruptible;
use crate::results::{SearchResult, quoted, search_result};

/// An engine of one game.
enum GameEngine {
    Kamisado(Mutex<BoxedEngine<kamisado_core::Position>>),
    Onitama(Mutex<BoxedEngine<onitama_core::Position>>),
}

/// Searches `state`'s current position with `engine` within `limits`, without the GIL; Ctrl-C
/// stops the search (through the limits' stop flag) and raises `KeyboardInterrupt`.
fn search<G: Encoding>(
    py: Python<'_>,
    engine: &Mutex<BoxedEngine<G>>,
    state: &GameState<G>,
    limits: &Limits,
) -> PyResult<SearchResult> {
    let pos = *state.position();
    let earlier = state.record.earlier_zobrists();
    let result = interruptible(py, |stop| {
        let limits = limits.clone().with_stop(Arc::clone(stop));
        let mut engine = engine
            .lock()
            .map_err(|_| "an earlier search of this engine failed".to_owned())?;
        engine.set_earlier_positions(&earlier);
        let result = engine.search(&pos, &limits);
        if result.best.is_none() && !abstract_game::Game::is_over(&pos) {
            // Only `external` does this: the other program failed, printed no JSON or named no
            // legal move. A result's move is None only when the game is over.
            return Err(format!(
                "engine {} gave no move ({NO_MOVE_CAUSE})",
                engine.name()
            ));
        }
        Ok::<_, String>(result)
    })?;
    let result = result.map_err(pyo3::exceptions::PyRuntimeError::new_err)?;
    Ok(search_result(
        &pos,
        result.best,
        result.score,
        &result.pv,
        result.depth,
        result.nodes,
        result.elapsed.as_secs_f64(),
    ))
}

/// An engine for one game, by spec: `Engine("kamisado", "hard")`, `Engine("onitama",
/// "mcts:playouts=2000", seed=7)`, `Engine("onitama", "alphabeta:depth=6:tablebase=FILE")`.
///
/// The specs are those of the `games` command line (`engine_specs()` lists the names). The
/// levels `easy`, `medium`, `hard` are alpha-beta at 1, 3 and 5 plies; `max`, `perfect` (Kamisado:
/// its book, the exact solver, then alpha-beta; Onitama: `max`) and `alphabeta` search until a
/// limit stops them (`needs_limit`). Engines are reproducible under depth and node limits
/// (alpha-beta with one thread; MCTS and `random` from `seed`). Raises `ParseError` for an unknown
/// game or a bad spec, `MemoryError` for a table (`tt=MIB`) the process cannot allocate.
#[pyclass(module = "kamisado_onitama")]
pub(crate) struct Engine {
    searcher: GameEngine,
    game: &'static str,
    spec: String,
    /// Whether the engine searches until a limit stops it (`max`, `perfect`, `alphabeta` without a
    /// depth).
    needs_limit: bool,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("game", &self.game)
            .field("spec", &self.spec)
            .finish_non_exhaustive()
    }
}

#[pymethods]
impl Engine {
    #[new]
    #[pyo3(signature = (game, spec="medium", *, seed=Whole::of(0)), text_signature = "(game, spec='medium', *, seed=0)")]
    fn new(game: &str, spec: &str, seed: Whole<u64>) -> PyResult<Self> {
        let seed = seed.get("seed")?;
        let parsed: EngineSpec = spec
            .parse()
            .map_err(|e| parse(format!("engine spec {spec:?}: {e}")))?;
        // A table the process cannot allocate is a `MemoryError` (as `KamisadoSolver`'s), any
        // other fault of the spec a `ParseError`.
        let bad = |e: game_catalog::engines::EngineSpecError| match e {
            game_catalog::engines::EngineSpecError::TableMemory { .. } => {
                pyo3::exceptions::PyMemoryError::new_err(format!("engine spec {spec:?}: {e}"))
            }
            _ => parse(format!("engine spec {spec:?}: {e}")),
        };
        let (engine, game) = match game {
            "kamisado" => (
                GameEngine::Kamisado(Mutex::new(build(&parsed, seed).map_err(bad)?)),
                "kamisado",
            ),
            "onitama" => (
                GameEngine::Onitama(Mutex::new(build(&parsed, seed).map_err(bad)?)),
                "onitama",
            ),
            other => {
                return Err(parse(format!(
                    "game {other:?}: expected \"kamisado\" or \"onitama\""
                )));
            }
        };
        let needs_limit = match parsed.kind {
            EngineKind::AlphaBeta => !parsed.options.iter().any(|(k, _)| k == "depth"),
            EngineKind::Level(level) => {
                level.depth().is_none() && !parsed.options.iter().any(|(k, _)| k == "depth")
            }
            _ => false,
        };
        Ok(Engine {
            searcher: engine,
            game,
            spec: spec.to_owned(),
            needs_limit,
        })
    }

    /// The game this engine plays: `"kamisado"` or `"onitama"`.
    #[getter]
    fn game(&self) -> &'static str {
        self.game
    }

    /// The spec the engine was built from.
    #[getter]
    fn spec(&self) -> String {
        self.spec.clone()
    }

    /// Whether a search needs a limit (`depth`, `nodes` or `time`): true for the engines that
    /// search until a limit stops them (`max`, `perfect`, `alphabeta` without a `depth` option),
    /// whose `search` raises `InputError` without one.
    #[getter]
    fn needs_limit(&self) -> bool {
        self.needs_limit
    }

    /// Searches the current position of `game` (a `Kamisado` or `Onitama` of this engine's
    /// game) and returns a `SearchResult`: the move, its score, the principal variation.
    ///
    /// `depth` (plies), `nodes` (playouts for MCTS) and `time` (seconds) limit the search; the
    /// first reached ends it. Without any, the engine's own budget applies (the levels' depth,
    /// MCTS's playouts); `max`, `perfect` and `alphabeta` without a `depth` option need one
    /// (`InputError` otherwise; `needs_limit` says so). The engine is told the game's earlier
    /// positions (Onitama's alpha-beta scores a repetition as a draw). The GIL is released
    /// meanwhile; Ctrl-C stops the search and raises `KeyboardInterrupt`.
    /// Raises `RuntimeError` when the engine gives no move in a game that goes on (an
    /// `external` program that fails or prints no JSON).
    #[pyo3(signature = (game, *, depth=None, nodes=None, time=None))]
    fn search(
        &self,
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        depth: Option<Whole<u32>>,
        nodes: Option<Whole<u64>>,
        time: Option<f64>,
    ) -> PyResult<SearchResult> {
        let limits = limits(depth, nodes, time)?;
        if limits.is_none() && self.needs_limit {
            return Err(InputError::new_err(format!(
                "engine {:?} searches until a limit stops it: give depth, nodes or time",
                self.spec
            )));
        }
        let wrong = |found: &str| {
            InputError::new_err(format!(
                "this engine plays {}, not {found}: pass a {} game",
                self.game, self.game
            ))
        };
        match &self.searcher {
            GameEngine::Kamisado(engine) => {
                let game = game
                    .cast::<Kamisado>()
                    .map_err(|_| wrong(&type_name(game)))?;
                let state = game.borrow().state.clone();
                search(py, engine, &state, &limits)
            }
            GameEngine::Onitama(engine) => {
                let game = game
                    .cast::<Onitama>()
                    .map_err(|_| wrong(&type_name(game)))?;
                let state = game.borrow().state.clone();
                search(py, engine, &state, &limits)
            }
        }
    }

    fn __repr__(&self) -> String {
        format!("Engine({}, {})", quoted(self.game), quoted(&self.spec))
    }
}

/// The engine names of the specs (`random`, `mcts`, `alphabeta`, the levels), with the options
/// each takes: a list of `(name, [option, ...])` pairs.
#[pyfunction]
pub(crate) fn engine_specs() -> Vec<(&'static str, Vec<&'static str>)> {
    EngineKind::ALL
        .into_iter()
        .map(|kind| {
            (
                kind.name(),
                kind.options().iter().map(|(k, _)| *k).collect(),
            )
        })
        .collect()
}
