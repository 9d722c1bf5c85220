//! The arguments that Python passes in more than one form: a move as text or as an action, a
//! player as its name or its index, search limits in seconds.

use std::time::Duration;

use abstract_game::Player;
use game_engines::Limits;
use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::errors::{parse, shape};

/// A move as its text (`"c1a3"`, `"tiger:pass"`) or as an action (an integer: a Python `int`
/// or a numpy integer).
#[derive(Debug)]
pub(crate) enum MoveArg {
    /// An action of the game's action space (`i64::MAX` for an integer beyond `i64`, which is
    /// out of range like any action that large).
    Action(i64),
    /// A move in the game's notation.
    Text(String),
}

impl<'a, 'py> FromPyObject<'a, 'py> for MoveArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_instance_of::<PyString>() {
            return Ok(MoveArg::Text(obj.extract()?));
        }
        match obj.extract::<i64>() {
            Ok(action) => Ok(MoveArg::Action(action)),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                Ok(MoveArg::Action(i64::MAX))
            }
            Err(_) => Err(PyTypeError::new_err(format!(
                "expected a move as text (str) or an action (int), found {}",
                type_name(&obj)
            ))),
        }
    }
}

/// A player as its name (`"black"`, `"blue"`) or its index (0 for Black and Red, 1 for Gold
/// and Blue).
#[derive(Debug)]
pub(crate) enum PlayerArg {
    /// The index.
    Index(i64),
    /// The name.
    Name(String),
}

impl<'a, 'py> FromPyObject<'a, 'py> for PlayerArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_instance_of::<PyString>() {
            return Ok(PlayerArg::Name(obj.extract()?));
        }
        match obj.extract::<i64>() {
            Ok(index) => Ok(PlayerArg::Index(index)),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                Ok(PlayerArg::Index(i64::MAX))
            }
            Err(_) => Err(PyTypeError::new_err(format!(
                "expected a player as a name (str) or an index (int), found {}",
                type_name(&obj)
            ))),
        }
    }
}

/// The Python type name of `obj`, for messages.
pub(crate) fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "something else".to_owned(), |n| n.to_string())
}

/// A whole number argument of type `T` (a count, a seed, a depth): a Python integer in `T`'s
/// range, else a `ShapeError` (a `ValueError`) that gives the range; not an integer at all, a
/// `TypeError`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Whole<T>(pub(crate) T);

impl<'a, 'py, T> FromPyObject<'a, 'py> for Whole<T>
where
    T: TryFrom<i128> + Bounded,
{
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let out_of_range = |found: &dyn std::fmt::Display| {
            shape(format!(
                "{found}: expected a whole number from {} to {}",
                T::LOWEST,
                T::HIGHEST
            ))
        };
        match obj.extract::<i128>() {
            Ok(value) => T::try_from(value)
                .map(Whole)
                .map_err(|_| out_of_range(&value)),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                Err(out_of_range(&"a number this large"))
            }
            Err(_) => Err(PyTypeError::new_err(format!(
                "expected a whole number (int), found {}",
                type_name(&obj)
            ))),
        }
    }
}

/// The range of a [`Whole`] number, for its error message.
pub(crate) trait Bounded {
    /// The least value.
    const LOWEST: i128;
    /// The greatest value.
    const HIGHEST: i128;
}

macro_rules! bounded {
    ($($t:ty),*) => {
        $(impl Bounded for $t {
            const LOWEST: i128 = <$t>::MIN as i128;
            const HIGHEST: i128 = <$t>::MAX as i128;
        })*
    };
}

bounded!(u8, u32, u64, usize, i64);

impl PlayerArg {
    /// The player this names.
    ///
    /// # Errors
    /// A `ParseError` for an unknown name or index.
    pub(crate) fn resolve<P: Player>(&self) -> PyResult<P> {
        let names = || format!("{} or {} (or 0, 1)", P::BOTH[0].id(), P::BOTH[1].id());
        match self {
            PlayerArg::Index(i) => usize::try_from(*i)
                .ok()
                .and_then(|i| P::BOTH.get(i).copied())
                .ok_or_else(|| parse(format!("player {i}: expected {}", names()))),
            PlayerArg::Name(name) => P::BOTH
                .into_iter()
                .find(|p| p.id().eq_ignore_ascii_case(name))
                .ok_or_else(|| parse(format!("player {name:?}: expected {}", names()))),
        }
    }
}

/// The [`Limits`] of a search from Python's keyword arguments (`time` in seconds).
///
/// # Errors
/// A `ShapeError` for a negative, zero or not finite time, or a zero depth.
pub(crate) fn limits(
    depth: Option<Whole<u32>>,
    nodes: Option<Whole<u64>>,
    time: Option<f64>,
) -> PyResult<Limits> {
    let mut limits = Limits::none();
    if let Some(Whole(depth)) = depth {
        if depth == 0 {
            return Err(shape("depth: expected 1 or more plies"));
        }
        limits = limits.with_depth(depth);
    }
    if let Some(Whole(nodes)) = nodes {
        if nodes == 0 {
            return Err(shape("nodes: expected 1 or more"));
        }
        limits = limits.with_nodes(nodes);
    }
    if let Some(time) = time {
        let time = Duration::try_from_secs_f64(time)
            .ok()
            .filter(|t| !t.is_zero())
            .ok_or_else(|| {
                shape(format!(
                    "time {time}: expected a positive number of seconds"
                ))
            })?;
        limits = limits.with_time(time);
    }
    Ok(limits)
}
