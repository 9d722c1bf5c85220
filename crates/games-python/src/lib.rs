//! The Python package `kamisado_onitama` (this crate is its native module,
//! `kamisado_onitama._native`, built with maturin): Kamisado and Onitama for AI research on the
//! workspace's rules crates and engines.
//!
//! - The one-game API: `Kamisado` and `Onitama` (`game_classes`), a game each with its record:
//!   positions from text and back, legal moves, play, undo and redo, outcomes, Zobrist keys, the
//!   fixed action space with its mask and the observation planes (`encoding`).
//! - The batch API: `KamisadoVector` and `OnitamaVector` (`vector_classes`, over `batch`), N games stepped in one
//!   call with numpy arrays in and out and automatic reset.
//! - The engines: `Engine` (any engine spec of the catalog: levels, alpha-beta, MCTS),
//!   `KamisadoSolver` (the exact solver) and `OnitamaTablebase` (endgame tables), each
//!   returning a `SearchResult` and searching without the GIL; Ctrl-C stops a search, perft,
//!   the solver and the generation of a tablebase (`interrupt`).
//!
//! The Python side (`python/kamisado_onitama`) adds the `OpenSpiel`, `PettingZoo` and Gymnasium
//! adapters and the typed stubs; the tests are the pytest suite in `tests/`, and the project's
//! `docs/python.md` is the guide.
// The PyO3 macros expand to `unsafe` code (the C API of CPython); nothing else is unsafe.
#![deny(unsafe_code)]

mod arguments;
mod batch;
mod encoding;
mod engine_class;
mod errors;
mod game_classes;
mod game_state;
mod interrupt;
mod kamisado_encoding;
mod onitama_encoding;
mod results;
mod solver_class;
mod tablebase_class;
mod vector_classes;

use pyo3::prelude::*;

/// The native module: the classes and the exceptions, re-exported by `kamisado_onitama`.
#[pymodule]
#[pyo3(name = "_native")]
fn native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<game_classes::Kamisado>()?;
    m.add_class::<game_classes::Onitama>()?;
    m.add_class::<vector_classes::KamisadoVector>()?;
    m.add_class::<vector_classes::OnitamaVector>()?;
    m.add_class::<engine_class::Engine>()?;
    m.add_class::<solver_class::KamisadoSolver>()?;
    m.add_class::<tablebase_class::OnitamaTablebase>()?;
    m.add_function(wrap_pyfunction!(engine_class::engine_specs, m)?)?;
    m.add_class::<results::Outcome>()?;
    m.add_class::<results::Score>()?;
    m.add_class::<results::SearchResult>()?;
    m.add("InputError", py.get_type::<errors::InputError>())?;
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add("ParseError", py.get_type::<errors::ParseError>())?;
    m.add("ShapeError", py.get_type::<errors::ShapeError>())?;
    Ok(())
}
