//! The batch API: the Python classes `KamisadoVector` and `OnitamaVector`, N games stepped in
//! Rust in one call, numpy arrays in and out, games that end starting again at once. Each call
//! runs without the GIL. A macro writes the methods once for both classes.

use numpy::{
    PyArray1, PyArray2, PyArray4, PyReadonlyArray1, PyReadwriteArray2, PyReadwriteArray4,
    PyUntypedArrayMethods,
};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::arguments::Whole;
use crate::batch::{Batch, MAX_GAMES, Start, StepError};
use crate::encoding::{Cell, Encoding};
use crate::errors::{illegal, parse, shape};
use crate::game_state::{GameState, legal_actions};

/// The actions of a step: an int64 array as it is, any other integer array or sequence
/// converted; an unsigned action beyond int64 is kept as [`Actions::Huge`] (converting it would
/// wrap it round to a negative number).
enum Actions<'py> {
    /// The actions.
    Array(PyReadonlyArray1<'py, i64>),
    /// Unsigned actions, the first of them beyond int64 at `index`.
    Huge {
        /// The number of actions.
        len: usize,
        /// The first action beyond int64.
        index: usize,
        /// Its value.
        value: u64,
    },
}

/// The actions of a step (see [`Actions`]).
///
/// # Errors
/// A `ShapeError` for anything that is not a one-dimensional sequence of integers.
fn actions_array<'py>(actions: &Bound<'py, PyAny>) -> PyResult<Actions<'py>> {
    if let Ok(array) = actions.extract::<PyReadonlyArray1<'py, i64>>() {
        return Ok(Actions::Array(array));
    }
    let py = actions.py();
    let numpy = py.import("numpy")?;
    let bad = || shape("actions: expected a one-dimensional array of integers, one per game");
    let array = numpy
        .getattr("asarray")?
        .call1((actions,))
        .map_err(|_| bad())?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    if !matches!(kind.as_str(), "i" | "u") {
        return Err(bad());
    }
    if kind == "u" {
        let unsigned = array
            .call_method1("astype", ("uint64",))?
            .extract::<PyReadonlyArray1<'py, u64>>()
            .map_err(|_| bad())?;
        let unsigned = unsigned.as_array();
        if let Some((index, &value)) = unsigned
            .iter()
            .enumerate()
            .find(|&(_, &a)| i64::try_from(a).is_err())
        {
            return Ok(Actions::Huge {
                len: unsigned.len(),
                index,
                value,
            });
        }
    }
    array
        .call_method1("astype", ("int64",))?
        .extract::<PyReadonlyArray1<'py, i64>>()
        .map(Actions::Array)
        .map_err(|_| bad())
}

/// A step's refusal as the Python exception.
fn step_error(e: StepError) -> PyErr {
    match e {
        StepError::Length { actions, games } => length_error(actions, games),
        StepError::Illegal {
            game,
            action,
            legal,
        } => illegal_action(game, &action, &legal),
    }
}

/// The `ShapeError` of `actions` actions for `games` games.
fn length_error(actions: usize, games: usize) -> PyErr {
    shape(format!(
        "actions: {actions} given for {games} games (one per game)"
    ))
}

/// The `IllegalMoveError` of `action` in game `game`, whose legal actions are `legal`.
fn illegal_action(game: usize, action: &dyn std::fmt::Display, legal: &[usize]) -> PyErr {
    illegal(format!(
        "game {game}: action {action} is not legal (legal actions: {legal:?}); no game moved"
    ))
}

/// Checks that `out` has the shape `expected`.
fn check_shape(what: &str, found: &[usize], expected: &[usize], dtype: &str) -> PyResult<()> {
    if found == expected {
        Ok(())
    } else {
        Err(shape(format!(
            "{what}: expected a {dtype} array of shape {expected:?}, found shape {found:?}"
        )))
    }
}

/// Writes the observations of `batch` into `out`, a C-contiguous array of the batch's shape.
fn write_observations<T: Cell + numpy::Element, G: Encoding>(
    py: Python<'_>,
    batch: &Batch<G>,
    mut out: PyReadwriteArray4<'_, T>,
    dtype: &str,
) -> PyResult<()> {
    let [c, h, w] = G::OBSERVATION_SHAPE;
    check_shape("out", out.shape(), &[batch.len(), c, h, w], dtype)?;
    if !out.is_c_contiguous() {
        return Err(shape("out: expected a C-contiguous array"));
    }
    let slice = out
        .as_slice_mut()
        .map_err(|_| shape("out: expected a C-contiguous array"))?;
    py.detach(|| batch.write_observations(slice));
    Ok(())
}

/// The start of a batch from the constructor's `start` argument.
fn start_of<G: Encoding>(start: Option<&str>) -> PyResult<Start<G>> {
    match start {
        None => Ok(Start::Fixed(G::default_start())),
        Some("random") => Ok(Start::Random),
        Some(text) => {
            let pos = GameState::<G>::parse_position(text)?;
            if pos.is_over() {
                return Err(parse(format!("start {text:?}: the game is over")));
            }
            Ok(Start::Fixed(pos))
        }
    }
}

macro_rules! vector_class {
    ($class:ident, $game:ty, $single:ident, $doc:literal, { $($extra:tt)* }) => {
        #[doc = $doc]
        #[pyclass(module = "kamisado_onitama")]
        #[derive(Debug)]
        pub(crate) struct $class {
            batch: Batch<$game>,
        }

        impl $class {
            fn build(
                num_envs: Whole<usize>,
                start: Start<$game>,
                seed: Whole<u64>,
                max_plies: Option<Whole<u32>>,
            ) -> PyResult<Self> {
                let num_envs = num_envs.within("num_envs", 1, MAX_GAMES as i128)?;
                let seed = seed.get("seed")?;
                let max_plies = max_plies
                    .map(|m| m.within("max_plies", 1, u32::MAX.into()))
                    .transpose()?;
                let batch = Batch::new(num_envs, start, seed, max_plies).map_err(|_| {
                    pyo3::exceptions::PyMemoryError::new_err(format!(
                        "num_envs {num_envs}: not enough memory for {num_envs} games"
                    ))
                })?;
                Ok($class { batch })
            }

            /// The index of a game of the batch.
            fn index(&self, index: Whole<usize>) -> PyResult<usize> {
                index.within("index", 0, self.batch.len() as i128 - 1)
            }
        }

        #[pymethods]
        impl $class {
            /// The most games a batch holds (`num_envs`): 1048576 (2**20).
            #[classattr]
            const MAX_NUM_ENVS: usize = MAX_GAMES;

            /// The number of actions of each game.
            #[classattr]
            const NUM_ACTIONS: usize = <$game as Encoding>::NUM_ACTIONS;

            /// The shape of one game's observation: (planes, rows, columns).
            #[classattr]
            #[allow(non_snake_case)]
            fn OBSERVATION_SHAPE() -> (usize, usize, usize) {
                let [c, h, w] = <$game as Encoding>::OBSERVATION_SHAPE;
                (c, h, w)
            }

            /// The number of games.
            #[getter]
            fn num_envs(&self) -> usize {
                self.batch.len()
            }

            /// The ply limit (a game that reaches it is truncated and starts again), or None.
            #[getter]
            fn max_plies(&self) -> Option<u32> {
                self.batch.max_plies()
            }

            /// Starts every game again (reseeding the generator if `seed` is given).
            #[pyo3(signature = (seed=None))]
            fn reset(&mut self, seed: Option<Whole<u64>>) -> PyResult<()> {
                let seed = seed.map(|s| s.get("seed")).transpose()?;
                self.batch.reset(seed);
                Ok(())
            }

            /// Plays one action in every game: `actions` is an integer array of `num_envs`.
            ///
            /// Returns `(rewards, terminated, truncated)`: float32 and bool arrays of
            /// `num_envs`. A reward is that of the player who moved (+1 won, -1 lost, else 0).
            /// A game that ended (terminated) or reached `max_plies` (truncated) has already
            /// started again: masks and observations are those of the new game.
            ///
            /// Raises `ShapeError` for a wrong array and `IllegalMoveError` for an illegal action
            /// (naming the game); no game moves then.
            fn step<'py>(
                &mut self,
                py: Python<'py>,
                actions: &Bound<'py, PyAny>,
            ) -> PyResult<Bound<'py, PyTuple>> {
                let actions = match actions_array(actions)? {
                    Actions::Array(array) => array,
                    Actions::Huge { len, index, value } => {
                        let games = self.batch.len();
                        return Err(if len == games {
                            illegal_action(index, &value, &legal_actions(&self.batch.games()[index]))
                        } else {
                            length_error(len, games)
                        });
                    }
                };
                // A strided view (every other action, say) is copied.
                let actions: std::borrow::Cow<'_, [i64]> = match actions.as_slice() {
                    Ok(slice) => slice.into(),
                    Err(_) => actions.as_array().to_vec().into(),
                };
                let actions = &*actions;
                let batch = &mut self.batch;
                let out = py.detach(|| batch.step(actions)).map_err(step_error)?;
                PyTuple::new(
                    py,
                    [
                        PyArray1::from_vec(py, out.rewards).into_any(),
                        PyArray1::from_vec(py, out.terminated).into_any(),
                        PyArray1::from_vec(py, out.truncated).into_any(),
                    ],
                )
            }

            /// The legal-action masks: a bool array (`num_envs`, `NUM_ACTIONS`), written into
            /// `out` if given (and returned).
            #[pyo3(signature = (out=None))]
            fn action_masks<'py>(
                &self,
                py: Python<'py>,
                out: Option<Bound<'py, PyAny>>,
            ) -> PyResult<Bound<'py, PyAny>> {
                let n = self.batch.len();
                let a = <$game as Encoding>::NUM_ACTIONS;
                let array = match out {
                    Some(array) => array,
                    None => PyArray2::<bool>::zeros(py, [n, a], false).into_any(),
                };
                let mut masks = array
                    .extract::<PyReadwriteArray2<'py, bool>>()
                    .map_err(|_| shape(format!("out: expected a writable bool array of shape ({n}, {a})")))?;
                check_shape("out", masks.shape(), &[n, a], "bool")?;
                if !masks.is_c_contiguous() {
                    return Err(shape("out: expected a C-contiguous array"));
                }
                let slice = masks
                    .as_slice_mut()
                    .map_err(|_| shape("out: expected a C-contiguous array"))?;
                let batch = &self.batch;
                py.detach(|| batch.write_masks(slice));
                drop(masks);
                Ok(array)
            }

            /// The observations from each game's side to move: an array (`num_envs`,
            /// *`OBSERVATION_SHAPE`) of 0/1, uint8 by default, written into `out` if given
            /// (uint8 or float32, returned).
            #[pyo3(signature = (out=None))]
            fn observations<'py>(
                &self,
                py: Python<'py>,
                out: Option<Bound<'py, PyAny>>,
            ) -> PyResult<Bound<'py, PyAny>> {
                let [c, h, w] = <$game as Encoding>::OBSERVATION_SHAPE;
                let array = match out {
                    Some(array) => array,
                    None => PyArray4::<u8>::zeros(py, [self.batch.len(), c, h, w], false).into_any(),
                };
                if let Ok(cells) = array.extract::<PyReadwriteArray4<'py, u8>>() {
                    write_observations(py, &self.batch, cells, "uint8")?;
                } else if let Ok(cells) = array.extract::<PyReadwriteArray4<'py, f32>>() {
                    write_observations(py, &self.batch, cells, "float32")?;
                } else {
                    return Err(shape(format!(
                        "out: expected a writable uint8 or float32 array of shape ({}, {c}, {h}, {w})",
                        self.batch.len()
                    )));
                }
                Ok(array)
            }

            /// A uniformly random legal action of each game (an int64 array of `num_envs`),
            /// from the batch's seeded generator.
            fn random_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
                let mut out = vec![0; self.batch.len()];
                let batch = &mut self.batch;
                py.detach(|| batch.random_actions(&mut out));
                PyArray1::from_vec(py, out)
            }

            /// The index (0 or 1) of the player to move in each game: an int64 array.
            fn current_players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
                PyArray1::from_vec(py, self.batch.current_players())
            }

            /// The plies played in each game since it started: an int64 array.
            fn plies<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
                PyArray1::from_vec(py, self.batch.plies().iter().map(|&p| i64::from(p)).collect())
            }

            /// Game `index` as a one-game object (starting from its current position).
            fn game(&self, index: Whole<usize>) -> PyResult<crate::game_classes::$single> {
                let index = self.index(index)?;
                let pos = &self.batch.games()[index];
                Ok(crate::game_classes::$single { state: GameState::new(*pos) })
            }

            /// Puts the current position of `game` (a one-game object whose game goes on) into
            /// game `index`; its ply count starts again at 0.
            fn set_game(&mut self, index: Whole<usize>, game: &crate::game_classes::$single) -> PyResult<()> {
                let index = self.index(index)?;
                let pos = *game.state.position();
                if abstract_game::Game::is_over(&pos) {
                    return Err(illegal("set_game: the game is over"));
                }
                self.batch.set(index, pos);
                Ok(())
            }

            fn __len__(&self) -> usize {
                self.batch.len()
            }

            fn __repr__(&self) -> String {
                format!(concat!(stringify!($class), "(num_envs={})"), self.batch.len())
            }

            $($extra)*
        }
    };
}

vector_class!(
    KamisadoVector,
    kamisado_core::Position,
    Kamisado,
    "N games of Kamisado stepped in Rust in one call (the batch API).\n\n\
     `KamisadoVector(num_envs, *, seed=0, start=None, max_plies=None)`: `num_envs` games (1 to\n\
     `MAX_NUM_ENVS`, 2**20), every one from the start (or the position `start`); games never need\n\
     a ply limit (every Kamisado game ends). Raises `ShapeError` for a `num_envs` out of range\n\
     and `MemoryError` when the games do not fit in memory.",
    {
        #[new]
        #[pyo3(signature = (num_envs, *, seed=Whole::of(0), start=None, max_plies=None), text_signature = "(num_envs, *, seed=0, start=None, max_plies=None)")]
        fn new(
            num_envs: Whole<usize>,
            seed: Whole<u64>,
            start: Option<&str>,
            max_plies: Option<Whole<u32>>,
        ) -> PyResult<Self> {
            Self::build(num_envs, start_of(start)?, seed, max_plies)
        }
    }
);

vector_class!(
    OnitamaVector,
    onitama_core::Position,
    Onitama,
    "N games of Onitama stepped in Rust in one call (the batch API).\n\n\
     `OnitamaVector(num_envs, *, seed=0, start=None, cards=None, max_plies=200)`: `num_envs`\n\
     games (1 to `MAX_NUM_ENVS`, 2**20; `ShapeError` beyond, `MemoryError` when they do not fit\n\
     in memory), every one from the start of community set A, the position `start`, the deal `cards`, or a new random\n\
     deal at every start (start='random', drawn from the seed). Onitama games can go on for\n\
     ever: a game that reaches `max_plies` is truncated and starts again (None: no limit).",
    {
        #[new]
        #[pyo3(signature = (num_envs, *, seed=Whole::of(0), start=None, cards=None, max_plies=Some(Whole::of(200))), text_signature = "(num_envs, *, seed=0, start=None, cards=None, max_plies=200)")]
        fn new(
            num_envs: Whole<usize>,
            seed: Whole<u64>,
            start: Option<&str>,
            cards: Option<&str>,
            max_plies: Option<Whole<u32>>,
        ) -> PyResult<Self> {
            let start = match (start, cards) {
                (Some(_), Some(_)) => return Err(parse("give a start or cards, not both")),
                (None, Some(deal)) => Start::Fixed(onitama_core::Position::from_deal(
                    crate::game_classes::parse_deal(deal)?,
                )),
                (start, None) => start_of(start)?,
            };
            Self::build(num_envs, start, seed, max_plies)
        }
    }
);
