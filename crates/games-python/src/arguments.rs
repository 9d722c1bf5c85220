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
    /// An action of the game's action space.
    Action(i64),
    /// An integer beyond `i64`, as given (its decimal text): out of range like any action that
    /// large.
    Huge(String),
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
                Ok(MoveArg::Huge(integer_text(obj)))
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
    /// The index, as given (its decimal text when it is beyond `i64`).
    Index(Result<i64, String>),
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
            Ok(index) => Ok(PlayerArg::Index(Ok(index))),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                Ok(PlayerArg::Index(Err(integer_text(obj))))
            }
            Err(_) => Err(PyTypeError::new_err(format!(
                "expected a player as a name (str) or an index (int), found {}",
                type_name(&obj)
            ))),
        }
    }
}

/// An integer as Python writes it (`str`), for a message that reports a value too large to
/// convert; `"a number this large"` if even Python will not write it (more than 4300 digits).
fn integer_text(obj: Borrowed<'_, '_, PyAny>) -> String {
    obj.str()
        .map_or_else(|_| "a number this large".to_owned(), |s| s.to_string())
}

/// The Python type name of `obj`, for messages.
pub(crate) fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "something else".to_owned(), |n| n.to_string())
}

/// A whole number argument of type `T` (a count, a seed, a depth) as Python gave it: a Python
/// integer (or a numpy one); not an integer at all, a `TypeError`. Whether it is in range is
/// told by [`Whole::get`] or [`Whole::within`], which name the argument in their `ShapeError`.
#[derive(Clone, Debug)]
pub(crate) struct Whole<T>(Result<T, String>);

impl<T: Bounded> Whole<T> {
    /// A value in range (the default of an argument).
    pub(crate) const fn of(value: T) -> Self {
        Whole(Ok(value))
    }

    /// The number if it is in `T`'s range.
    ///
    /// # Errors
    /// A `ShapeError` that names the argument `name`, gives the number as it was given and the
    /// range: `seed -1: expected a whole number from 0 to 18446744073709551615`.
    pub(crate) fn get(self, name: &str) -> PyResult<T> {
        self.within(name, T::LOWEST, T::HIGHEST)
    }

    /// The number if it is from `lowest` to `highest` (within `T`'s range).
    ///
    /// # Errors
    /// A `ShapeError` as [`Whole::get`]'s, with this range.
    pub(crate) fn within(self, name: &str, lowest: i128, highest: i128) -> PyResult<T> {
        let out_of_range = |given: &dyn std::fmt::Display| {
            shape(format!(
                "{name} {given}: expected a whole number from {lowest} to {highest}"
            ))
        };
        match self.0 {
            Ok(value) if (lowest..=highest).contains(&value.wide()) => Ok(value),
            Ok(value) => Err(out_of_range(&value.wide())),
            Err(given) => Err(out_of_range(&given)),
        }
    }
}

impl<'a, 'py, T> FromPyObject<'a, 'py> for Whole<T>
where
    T: TryFrom<i128> + Bounded,
{
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        match obj.extract::<i128>() {
            Ok(value) => Ok(Whole(T::try_from(value).map_err(|_| value.to_string()))),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                Ok(Whole(Err(integer_text(obj))))
            }
            Err(_) => Err(PyTypeError::new_err(format!(
                "expected a whole number (int), found {}",
                type_name(&obj)
            ))),
        }
    }
}

/// The range of a [`Whole`] number, for its checks and messages.
pub(crate) trait Bounded: Copy {
    /// The least value.
    const LOWEST: i128;
    /// The greatest value.
    const HIGHEST: i128;
    /// The value as an `i128` (every value fits).
    fn wide(self) -> i128;
}

macro_rules! bounded {
    ($($t:ty),*) => {
        $(impl Bounded for $t {
            const LOWEST: i128 = <$t>::MIN as i128;
            const HIGHEST: i128 = <$t>::MAX as i128;
            fn wide(self) -> i128 {
                self as i128
            }
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
            PlayerArg::Index(Ok(i)) => usize::try_from(*i)
                .ok()
                .and_then(|i| P::BOTH.get(i).copied())
                .ok_or_else(|| parse(format!("player {i}: expected {}", names()))),
            PlayerArg::Index(Err(given)) => {
                Err(parse(format!("player {given}: expected {}", names())))
            }
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
/// A `ShapeError` naming the argument for a negative, zero or not finite time, or a depth or
/// node count out of range (0 included).
pub(crate) fn limits(
    depth: Option<Whole<u32>>,
    nodes: Option<Whole<u64>>,
    time: Option<f64>,
) -> PyResult<Limits> {
    let mut limits = Limits::none();
    if let Some(depth) = depth {
        limits = limits.with_depth(depth.within("depth", 1, u32::HIGHEST)?);
    }
    if let Some(nodes) = nodes {
        limits = limits.with_nodes(nodes.within("nodes", 1, u64::HIGHEST)?);
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
