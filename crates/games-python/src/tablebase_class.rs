//! The Python class `OnitamaTablebase`: the endgame tables of `onitama-tablebase` (with the
//! real pass rule), generated in memory or read from a file, probed for exact values and
//! searched for the best move. Generation and searches run without the GIL.

use std::sync::Arc;
use std::time::Instant;

use abstract_game::{ExactValue, Wdl};
use onitama_core::Position;
use onitama_tablebase::{Generator, Tablebase, TablebaseError};
use pyo3::prelude::*;

use crate::arguments::Whole;
use crate::errors::InputError;
use crate::game_classes::{Onitama, parse_deal};
use crate::interrupt::interruptible;
use crate::results::{Score, SearchResult, search_result};

/// A tablebase error as the Python exception: a file that cannot be read or written is an
/// `OSError`, a stopped generation `KeyboardInterrupt` (stopped only by Ctrl-C, whose exception
/// is raised first), anything else bad input.
fn table_error(e: TablebaseError) -> PyErr {
    match e {
        TablebaseError::Io(io) => PyErr::from(io),
        TablebaseError::Stopped => pyo3::exceptions::PyKeyboardInterrupt::new_err(()),
        other => InputError::new_err(other.to_string()),
    }
}

/// The value of `pos` for its side to move from `table`, also for a finished game (where the
/// table has no entry).
fn value(table: &Tablebase, pos: &Position) -> Option<ExactValue> {
    match pos.outcome() {
        Some(outcome) => Some(ExactValue {
            wdl: outcome.wdl_for(pos.side_to_move()),
            plies: 0,
        }),
        None => table.probe(pos),
    }
}

/// The best move of `pos` by the table (the quickest win, the longest loss), with its value for
/// the side to move; `None` if the position is not in the table or the game is over.
fn best_move(
    table: &Tablebase,
    pos: &Position,
    probes: &mut u64,
) -> Option<(onitama_core::Move, ExactValue)> {
    let mut best: Option<(onitama_core::Move, ExactValue)> = None;
    for mv in pos.legal_moves() {
        *probes += 1;
        let child = value(table, &pos.after_unchecked(mv))?.back();
        if best.is_none_or(|(_, b)| child > b) {
            best = Some((mv, child));
        }
    }
    best
}

/// An Onitama endgame tablebase: for one card set (a deal's five cards) every position with at
/// most `pieces / 2` pieces per side, with its exact value and distance.
///
/// `OnitamaTablebase.generate("horse,elephant,ox,boar,crab", pieces=4)` builds one in memory
/// (4 pieces: under a second; 6: minutes and about 1 GB); `OnitamaTablebase.open(path)` reads a
/// file written by `save` or by `games tablebase`.
#[pyclass(module = "kamisado_onitama", frozen)]
#[derive(Debug)]
pub(crate) struct OnitamaTablebase {
    table: Arc<Tablebase>,
}

// PyO3 passes the extracted arguments (paths) by value.
#[allow(clippy::needless_pass_by_value)]
#[pymethods]
impl OnitamaTablebase {
    /// Generates the table of the five `cards` (a deal, in any order) with at most `pieces`
    /// pieces (even, 2 to 10; half per side). Raises `ParseError` for bad cards, `InputError` for a
    /// bad piece count or a table too large for memory. Runs without the GIL; Ctrl-C stops it
    /// (within a tenth of a second) and raises `KeyboardInterrupt`.
    #[staticmethod]
    #[pyo3(signature = (cards, pieces=Whole::of(4)), text_signature = "(cards, pieces=4)")]
    fn generate(py: Python<'_>, cards: &str, pieces: Whole<u8>) -> PyResult<Self> {
        let pieces = pieces.get("pieces")?;
        let cards = parse_deal(cards)?.cards();
        let generator = Generator::new(cards, pieces).map_err(table_error)?;
        let table = interruptible(py, |stop| {
            generator.with_stop(Arc::clone(stop)).generate(&|_| {})
        })?
        .map_err(table_error)?;
        Ok(OnitamaTablebase {
            table: Arc::new(table),
        })
    }

    /// Reads a table file (checked against its checksum). Raises `OSError` if it cannot be read,
    /// `InputError` if it is not a valid table.
    #[staticmethod]
    fn open(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Self> {
        let table = py.detach(|| Tablebase::open(&path)).map_err(table_error)?;
        Ok(OnitamaTablebase {
            table: Arc::new(table),
        })
    }

    /// Writes the table to `path`.
    fn save(&self, py: Python<'_>, path: std::path::PathBuf) -> PyResult<()> {
        py.detach(|| self.table.save(&path)).map_err(table_error)
    }

    /// The five cards, alphabetical.
    #[getter]
    fn cards(&self) -> Vec<&'static str> {
        self.table.cards().iter().map(|c| c.name()).collect()
    }

    /// The piece limit.
    #[getter]
    fn pieces(&self) -> u8 {
        self.table.pieces()
    }

    /// The counts: a list of `(name, count)` pairs, for `"positions"`, `"wins"`, `"draws"`,
    /// `"losses"` and `"longest_win"` (in plies).
    fn stats(&self) -> Vec<(&'static str, u64)> {
        let s = self.table.stats();
        vec![
            ("positions", s.positions),
            ("wins", s.wins),
            ("draws", s.draws),
            ("losses", s.losses),
            ("longest_win", u64::from(s.longest_win)),
        ]
    }

    /// The exact value of the current position of `game` for the player to move (a Score: a
    /// win or a loss in so many plies, or a draw), `None` if the table does not cover it (other
    /// cards, too many pieces). A finished game is a win or loss in 0 plies.
    fn probe(&self, game: &Onitama) -> Option<Score> {
        value(&self.table, game.state.position()).map(Score::from)
    }

    /// The table's best move in the current position of `game`: a `SearchResult` with the
    /// exact score and a principal variation (to the end of the game for a win or a loss,
    /// the first move for a draw); `None` if the table does not cover the position or the
    /// game is over.
    fn search(&self, py: Python<'_>, game: &Onitama) -> Option<SearchResult> {
        let pos = *game.state.position();
        let started = Instant::now();
        let table = &self.table;
        let (first, line, probes) = py.detach(|| {
            let mut probes = 0;
            let first = best_move(table, &pos, &mut probes)?;
            let mut line = vec![first.0];
            let mut at = pos.after_unchecked(first.0);
            if first.1.wdl != Wdl::Draw {
                while let Some((mv, _)) = best_move(table, &at, &mut probes) {
                    line.push(mv);
                    at.play_unchecked(mv);
                }
            }
            Some((first, line, probes))
        })?;
        Some(search_result(
            &pos,
            Some(first.0),
            Score::from(first.1).0,
            &line,
            first.1.plies,
            probes,
            started.elapsed().as_secs_f64(),
        ))
    }

    fn __repr__(&self) -> String {
        format!(
            "OnitamaTablebase(cards={}, pieces={})",
            crate::results::quoted_list(&self.cards()),
            self.pieces()
        )
    }
}
