//! The arguments that Python passes in more than one form: a move as text or as an action, a
//! player as its name or its index, search limits in seconds.

use std::time::Duration;

use abstract_game::Player;
use game_engines::Limits;
use pyo3::prelude::*;

use crate::errors::{parse, shape};

/// A move as its text (`"c1a3"`, `"tiger:pass"`) or as an action (an integer).
#[derive(FromPyObject, Debug)]
pub(crate) enum MoveArg {
    /// An action of the game's action space.
    Action(i64),
    /// A move in the game's notation.
    Text(String),
}

/// A player as its name (`"black"`, `"blue"`) or its index (0 for Black and Red, 1 for Gold
/// and Blue).
#[derive(FromPyObject, Debug)]
pub(crate) enum PlayerArg {
    /// The index.
    Index(i64),
    /// The name.
    Name(String),
}

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
    depth: Option<u32>,
    nodes: Option<u64>,
    time: Option<f64>,
) -> PyResult<Limits> {
    let mut limits = Limits::none();
    if let Some(depth) = depth {
        if depth == 0 {
            return Err(shape("depth: expected 1 or more plies"));
        }
        limits = limits.with_depth(depth);
    }
    if let Some(nodes) = nodes {
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
