//! The values that the package returns: [`Outcome`] (how a game ended), [`Score`] (the value of
//! a position for its side to move, from an engine, the solver or a tablebase) and
//! [`SearchResult`] (an engine's answer: the move, its score and the principal variation).

use abstract_game::ExactValue;
use game_engines::Score as EngineScore;
use pyo3::BoundObject;
use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

use crate::encoding::Encoding;
use crate::errors::parse;

/// `(cls._restore, args)`: what `__reduce__` returns to pickle (and copy) a frozen value of
/// `cls`, which has no constructor, through its private class method `_restore`.
fn reduce<'py>(
    cls: &Bound<'py, PyType>,
    args: impl IntoPyObject<'py, Target = PyTuple>,
) -> PyResult<Bound<'py, PyTuple>> {
    let py = cls.py();
    let restore = cls.getattr("_restore")?;
    let args = args.into_pyobject(py).map_err(Into::into)?;
    PyTuple::new(py, [restore, args.into_any().into_bound()])
}

/// How a game ended: the winner (`None` for a draw) and the reason.
#[pyclass(module = "kamisado_onitama", frozen, eq, get_all)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Outcome {
    /// The winner's name (`"black"`, `"gold"`, `"red"`, `"blue"`), `None` for a draw.
    pub(crate) winner: Option<String>,
    /// The reason: `"home_row"` or `"deadlock"` (Kamisado), `"stone"` or `"stream"` (Onitama).
    pub(crate) reason: String,
    /// The outcome in words, such as `"gold wins by deadlock"`.
    pub(crate) text: String,
}

#[pymethods]
impl Outcome {
    /// Rebuilds an outcome from its fields (pickling).
    #[classmethod]
    fn _restore(
        _cls: &Bound<'_, PyType>,
        winner: Option<String>,
        reason: String,
        text: String,
    ) -> Self {
        Outcome {
            winner,
            reason,
            text,
        }
    }

    /// Pickles (and copies) as the fields.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let o = slf.get();
        reduce(
            &slf.get_type(),
            (o.winner.clone(), o.reason.clone(), o.text.clone()),
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "Outcome(winner={}, reason={})",
            self.winner
                .as_deref()
                .map_or_else(|| "None".to_owned(), quoted),
            quoted(&self.reason)
        )
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }
}

/// The value of a position for its side to move: a proven win or loss in a number of plies, a
/// proven draw, or a heuristic evaluation (positive is good for the side to move).
#[pyclass(module = "kamisado_onitama", frozen, eq, hash)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Score(pub(crate) EngineScore);

impl From<ExactValue> for Score {
    fn from(value: ExactValue) -> Self {
        Score(EngineScore::from(value))
    }
}

#[pymethods]
impl Score {
    /// Rebuilds a score from its kind and its number (the plies of a win or a loss, the value of
    /// an evaluation, `None` for a draw), for pickling.
    #[classmethod]
    fn _restore(_cls: &Bound<'_, PyType>, kind: &str, number: Option<i64>) -> PyResult<Self> {
        let plies = || number.and_then(|n| u32::try_from(n).ok());
        let score = match (kind, number) {
            ("win", _) => plies().map(|plies| EngineScore::Win { plies }),
            ("loss", _) => plies().map(|plies| EngineScore::Loss { plies }),
            ("draw", None) => Some(EngineScore::Draw),
            ("eval", Some(n)) => i32::try_from(n).ok().map(EngineScore::Eval),
            _ => None,
        };
        score.map(Score).ok_or_else(|| {
            let number = number.map_or_else(|| "None".to_owned(), |n| n.to_string());
            parse(format!("score ({kind:?}, {number}): not a score"))
        })
    }

    /// Pickles (and copies) as the kind and the number.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let score = slf.get().0;
        let number = score.plies().map(i64::from).or(score.eval().map(i64::from));
        reduce(&slf.get_type(), (score.id(), number))
    }

    /// `"win"`, `"loss"`, `"draw"` or `"eval"`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.id()
    }

    /// The plies to the end of the game for a win or a loss, else `None`.
    #[getter]
    fn plies(&self) -> Option<u32> {
        self.0.plies()
    }

    /// The evaluation for `"eval"`, else `None`.
    #[getter]
    fn value(&self) -> Option<i32> {
        self.0.eval()
    }

    /// Whether the score is proven (a win, a loss or a draw), not a heuristic.
    #[getter]
    fn is_proven(&self) -> bool {
        self.0.is_proven()
    }

    fn __repr__(&self) -> String {
        match self.0 {
            EngineScore::Win { plies } => format!("Score(kind='win', plies={plies})"),
            EngineScore::Loss { plies } => format!("Score(kind='loss', plies={plies})"),
            EngineScore::Draw => "Score(kind='draw')".to_owned(),
            EngineScore::Eval(v) => format!("Score(kind='eval', value={v})"),
        }
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }
}

/// What a search found: the move to play (text and action), its score, the principal
/// variation, and the work done.
#[pyclass(module = "kamisado_onitama", frozen)]
#[derive(Clone, Debug)]
pub(crate) struct SearchResult {
    /// The move to play in the game's notation, `None` when the game is over.
    #[pyo3(get, name = "move")]
    pub(crate) best: Option<String>,
    /// The action of that move, `None` when the game is over.
    #[pyo3(get)]
    pub(crate) action: Option<usize>,
    /// The value of the position for the side to move.
    #[pyo3(get)]
    pub(crate) score: Score,
    /// The principal variation, starting with the move to play, as move texts.
    #[pyo3(get)]
    pub(crate) pv: Vec<String>,
    /// The principal variation as actions (each in the position where it is played).
    #[pyo3(get)]
    pub(crate) pv_actions: Vec<usize>,
    /// The depth completed, in plies.
    #[pyo3(get)]
    pub(crate) depth: u32,
    /// Nodes searched (playouts for MCTS, positions for the solver, probes for a tablebase).
    #[pyo3(get)]
    pub(crate) nodes: u64,
    /// Wall-clock time of the search in seconds.
    #[pyo3(get)]
    pub(crate) seconds: f64,
}

#[pymethods]
impl SearchResult {
    /// Rebuilds a result from its fields (pickling).
    #[classmethod]
    #[allow(clippy::too_many_arguments)]
    fn _restore(
        _cls: &Bound<'_, PyType>,
        best: Option<String>,
        action: Option<usize>,
        score: &Score,
        pv: Vec<String>,
        pv_actions: Vec<usize>,
        depth: u32,
        nodes: u64,
        seconds: f64,
    ) -> Self {
        SearchResult {
            best,
            action,
            score: score.clone(),
            pv,
            pv_actions,
            depth,
            nodes,
            seconds,
        }
    }

    /// Pickles (and copies) as the fields.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let r = slf.get().clone();
        let score = Bound::new(slf.py(), r.score)?;
        reduce(
            &slf.get_type(),
            (
                r.best,
                r.action,
                score,
                r.pv,
                r.pv_actions,
                r.depth,
                r.nodes,
                r.seconds,
            ),
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "SearchResult(move={}, score={}, pv={}, depth={}, nodes={}, seconds={:.3})",
            self.best
                .as_deref()
                .map_or_else(|| "None".to_owned(), quoted),
            self.score.__repr__(),
            quoted_list(&self.pv),
            self.depth,
            self.nodes,
            self.seconds
        )
    }
}

/// `text` as a Python string literal (the package's texts hold no quotes or backslashes).
pub(crate) fn quoted(text: &str) -> String {
    format!("'{text}'")
}

/// `texts` as a Python list literal.
pub(crate) fn quoted_list<S: AsRef<str>>(texts: &[S]) -> String {
    let items: Vec<String> = texts.iter().map(|t| quoted(t.as_ref())).collect();
    format!("[{}]", items.join(", "))
}

/// The answer of a search of `pos` in Python's terms: texts and actions along the principal
/// variation (cut at the first move that is not legal where it is played, which a correct
/// engine never returns).
pub(crate) fn search_result<G: Encoding>(
    pos: &G,
    best: Option<G::Move>,
    score: EngineScore,
    pv: &[G::Move],
    depth: u32,
    nodes: u64,
    seconds: f64,
) -> SearchResult {
    let mut at = *pos;
    let (mut texts, mut actions) = (Vec::new(), Vec::new());
    for &mv in pv {
        if !at.is_legal(mv) {
            break;
        }
        texts.push(at.move_text(mv));
        actions.push(at.action_of(mv));
        at.play_unchecked(mv);
    }
    SearchResult {
        best: best.map(|mv| pos.move_text(mv)),
        action: best.map(|mv| pos.action_of(mv)),
        score: Score(score),
        pv: texts,
        pv_actions: actions,
        depth,
        nodes,
        seconds,
    }
}
