//! The package's exceptions. Every rejection of bad input is a `ValueError` (through
//! [`InputError`]), raised before anything changed: the game, the batch or the engine is as it
//! was.

use pyo3::PyErr;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;

create_exception!(
    kamisado_onitama,
    InputError,
    PyValueError,
    "Bad input: the base class of the package's errors (a ValueError). Nothing was changed."
);
create_exception!(
    kamisado_onitama,
    IllegalMoveError,
    InputError,
    "A move or an action that is not legal in the position (or a move after the end of the game)."
);
create_exception!(
    kamisado_onitama,
    ParseError,
    InputError,
    "Text that is not a position, a move, a game record, a deal, a card, a player or an engine spec."
);
create_exception!(
    kamisado_onitama,
    ShapeError,
    InputError,
    "An array of the wrong shape or type, or a number out of range."
);

/// An [`IllegalMoveError`] with `message`.
pub(crate) fn illegal(message: impl Into<String>) -> PyErr {
    IllegalMoveError::new_err(message.into())
}

/// A [`ParseError`] with `message`.
pub(crate) fn parse(message: impl Into<String>) -> PyErr {
    ParseError::new_err(message.into())
}

/// A [`ShapeError`] with `message`.
pub(crate) fn shape(message: impl Into<String>) -> PyErr {
    ShapeError::new_err(message.into())
}
