//! The one-game API: the Python classes `Kamisado` and `Onitama`, a game each (its record: the
//! start, the moves, undo and redo), with the same methods for both games. The methods delegate
//! to the generic [`GameState`]; a macro writes them once for both classes (a Python class
//! cannot be generic).

use abstract_game::{Game, Notation, Player};
use game_catalog::Presentation;
use numpy::{PyArray1, PyArray3, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};

use crate::arguments::{MoveArg, PlayerArg, Whole};
use crate::encoding::Encoding;
use crate::errors::parse;
use crate::game_state::{GameState, legal_actions, outcome_parts};
use crate::results::Outcome;

/// The observation of `state` from `player`'s seat (the side to move when `None`) as a
/// float32 array of the game's shape.
fn observation_array<'py, G: Encoding>(
    py: Python<'py>,
    state: &GameState<G>,
    player: Option<&PlayerArg>,
) -> PyResult<Bound<'py, PyArray3<f32>>> {
    let viewer = match player {
        Some(p) => p.resolve::<G::Player>()?,
        None => state.position().side_to_move(),
    };
    let [c, h, w] = G::OBSERVATION_SHAPE;
    PyArray1::from_vec(py, state.observation::<f32>(viewer)).reshape([c, h, w])
}

/// The outcome of `pos` as an [`Outcome`], `None` while the game goes on.
fn outcome_of<G: Encoding>(pos: &G) -> Option<Outcome> {
    let text = pos.outcome().map(|o| o.to_string())?;
    outcome_parts(pos).map(|(winner, reason)| Outcome {
        winner: winner.map(str::to_owned),
        reason: reason.to_owned(),
        text,
    })
}

macro_rules! game_class {
    ($class:ident, $game:ty, $name:literal, $doc:literal, { $($extra:tt)* }) => {
        #[doc = $doc]
        #[pyclass(module = "kamisado_onitama", eq)]
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub(crate) struct $class {
            pub(crate) state: GameState<$game>,
        }

        // PyO3 passes the extracted arguments by value.
        #[allow(clippy::needless_pass_by_value)]
        #[pymethods]
        impl $class {
            /// The number of actions: the actions are `0..NUM_ACTIONS`.
            #[classattr]
            const NUM_ACTIONS: usize = <$game as Encoding>::NUM_ACTIONS;

            /// The shape of an observation: (planes, rows, columns).
            #[classattr]
            #[allow(non_snake_case)]
            fn OBSERVATION_SHAPE() -> (usize, usize, usize) {
                let [c, h, w] = <$game as Encoding>::OBSERVATION_SHAPE;
                (c, h, w)
            }

            /// The players' names, by index (0, 1).
            #[classattr]
            #[allow(non_snake_case)]
            fn PLAYERS() -> (&'static str, &'static str) {
                let [a, b] = <<$game as Game>::Player as Player>::BOTH;
                (a.id(), b.id())
            }

            /// The game of a record: a start position, then moves, separated by spaces (what
            /// `record` gives).
            ///
            /// Raises `ParseError` naming the first bad token.
            #[classmethod]
            fn from_record(_cls: &Bound<'_, PyType>, record: &str) -> PyResult<Self> {
                GameState::from_record(record).map(|state| $class { state })
            }

            /// The current position in the game's notation.
            #[getter]
            fn position(&self) -> String {
                self.state.position().position_text()
            }

            /// The start position in the game's notation.
            #[getter]
            fn start_position(&self) -> String {
                self.state.record.start().position_text()
            }

            /// The game record: the start, then the moves played (what `from_record` reads).
            #[getter]
            fn record(&self) -> String {
                self.state.record.to_string()
            }

            /// The moves played so far, in the game's notation.
            #[getter]
            fn moves(&self) -> Vec<String> {
                self.state.record.move_texts()
            }

            /// The number of moves played so far.
            #[getter]
            fn ply(&self) -> usize {
                self.state.record.ply()
            }

            /// The name of the player to move (in a finished game: the one who would move next).
            #[getter]
            fn to_move(&self) -> &'static str {
                self.state.position().side_to_move().id()
            }

            /// The index (0 or 1, as in `PLAYERS`) of the player to move.
            #[getter]
            fn current_player(&self) -> usize {
                self.state.position().side_to_move().index()
            }

            /// The 64-bit Zobrist key of the current position.
            #[getter]
            fn zobrist(&self) -> u64 {
                self.state.position().zobrist()
            }

            /// Whether the game is over.
            #[getter]
            fn is_over(&self) -> bool {
                self.state.position().is_over()
            }

            /// How the game ended, `None` while it goes on.
            #[getter]
            fn outcome(&self) -> Option<Outcome> {
                outcome_of(self.state.position())
            }

            /// The winner's name, `None` while the game goes on (or for a draw).
            #[getter]
            fn winner(&self) -> Option<&'static str> {
                self.state.position().outcome().and_then(|o| o.winner()).map(Player::id)
            }

            /// The legal moves in the game's notation (empty exactly when the game is over).
            fn legal_moves(&self) -> Vec<String> {
                self.state.legal_move_texts()
            }

            /// The legal actions, ascending.
            fn legal_actions(&self) -> Vec<usize> {
                legal_actions(self.state.position())
            }

            /// The legal-action mask: a bool array of `NUM_ACTIONS`.
            fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
                PyArray1::from_vec(py, self.state.mask())
            }

            /// The observation planes from `player`'s seat (the player to move by default): a
            /// float32 array of `OBSERVATION_SHAPE` (see docs/python.md).
            #[pyo3(signature = (player=None))]
            fn observation<'py>(
                &self,
                py: Python<'py>,
                player: Option<PlayerArg>,
            ) -> PyResult<Bound<'py, PyArray3<f32>>> {
                observation_array(py, &self.state, player.as_ref())
            }

            /// Whether `move` (text or action) is legal here. Raises `ParseError` for text that is
            /// no move at all.
            fn is_legal(&self, r#move: MoveArg) -> PyResult<bool> {
                self.state.is_legal(&r#move)
            }

            /// Plays `move`: a move in the game's notation or an action.
            ///
            /// Raises `IllegalMoveError` (with the reason) for a move or action that is not legal
            /// here and `ParseError` for text that is no move; the game is then unchanged.
            fn play(&mut self, r#move: MoveArg) -> PyResult<()> {
                self.state.play(&r#move)
            }

            /// A new game: this one after `move` (this one is unchanged). Raises as `play`.
            fn after(&self, r#move: MoveArg) -> PyResult<Self> {
                let mut next = self.clone();
                next.state.play(&r#move)?;
                Ok(next)
            }

            /// Takes back the last move and returns it (its text), or `None` at the start.
            fn undo(&mut self) -> Option<String> {
                let mv = self.state.record.undo()?;
                Some(self.state.position().move_text(mv))
            }

            /// Plays again the last move taken back and returns it, or `None` if there is none.
            fn redo(&mut self) -> Option<String> {
                let before = *self.state.position();
                self.state.record.redo().map(|mv| before.move_text(mv))
            }

            /// The action of `move`, a legal move here (text). Raises `IllegalMoveError` or
            /// `ParseError` otherwise.
            fn move_to_action(&self, r#move: &str) -> PyResult<usize> {
                let mv = self.state.legal_move(&MoveArg::Text(r#move.to_owned()))?;
                Ok(self.state.position().action_of(mv))
            }

            /// The move (text) of `action`, a legal action here. Raises `IllegalMoveError`
            /// otherwise.
            fn action_to_move(&self, action: MoveArg) -> PyResult<String> {
                if let MoveArg::Text(text) = &action {
                    return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                        "expected an action (int), found the text {text:?}"
                    )));
                }
                let mv = self.state.legal_move(&action)?;
                Ok(self.state.position().move_text(mv))
            }

            /// The number of move sequences of `depth` plies from the current position (a
            /// finished game ends a sequence early). Runs without the GIL; Ctrl-C stops it and
            /// raises `KeyboardInterrupt`.
            fn perft(&self, py: Python<'_>, depth: Whole<u32>) -> PyResult<u64> {
                let depth = depth.within("depth", 0, 12)?;
                let pos = *self.state.position();
                let count = crate::interrupt::interruptible(py, move |stop| {
                    abstract_game::perft::perft_until(
                        &pos,
                        depth,
                        abstract_game::perft::Convention::Standard,
                        stop,
                    )
                })?;
                // Stopped only by the flag, and then the interrupt was raised.
                count.map_err(|_| pyo3::exceptions::PyKeyboardInterrupt::new_err(()))
            }

            /// The board for a terminal: a diagram of the current position.
            fn diagram(&self) -> String {
                Presentation::diagram(self.state.position())
            }

            /// A copy of the game (its whole record).
            fn copy(&self) -> Self {
                self.clone()
            }

            fn __copy__(&self) -> Self {
                self.clone()
            }

            fn __deepcopy__(&self, _memo: &Bound<'_, PyDict>) -> Self {
                self.clone()
            }

            /// Pickles as the game record (moves taken back with `undo` are not kept).
            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
                let from_record = slf.get_type().getattr("from_record")?;
                let record = slf.borrow().record();
                PyTuple::new(slf.py(), [from_record.into_any(), PyTuple::new(slf.py(), [record])?.into_any()])
            }

            fn __repr__(&self) -> String {
                format!(concat!($name, ".from_record({})"), crate::results::quoted(&self.record()))
            }

            fn __str__(&self) -> String {
                self.diagram()
            }

            $($extra)*
        }
    };
}

game_class!(
    Kamisado,
    kamisado_core::Position,
    "Kamisado",
    "A game of Kamisado: the position, the moves played from the start (undo, redo) and the rules.\n\n\
     Kamisado(position=None): the start position, or a position in the notation\n\
     'obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - -'. A blocked tower's turn is its zero-length move\n\
     ('h2h2'), a legal move and an action like any other.",
    {
        #[new]
        #[pyo3(signature = (position=None))]
        fn new(position: Option<&str>) -> PyResult<Self> {
            let start = match position {
                Some(text) => GameState::parse_position(text)?,
                None => kamisado_core::Position::start(),
            };
            Ok(Kamisado {
                state: GameState::new(start),
            })
        }

        /// The colour (name) of the tower that must move, `None` on the free first move.
        #[getter]
        fn required(&self) -> Option<&'static str> {
            self.state
                .position()
                .required()
                .map(kamisado_core::Colour::name)
        }
    }
);

game_class!(
    Onitama,
    onitama_core::Position,
    "Onitama",
    "A game of Onitama: the position, the moves played from the start (undo, redo) and the rules.\n\n\
     Onitama(position=None, *, cards=None): the start of community set A, a position in the\n\
     notation 'ssmss/5/5/5/SSMSS elephant,horse boar,ox crab b', or the start of a deal\n\
     (cards='horse,elephant,ox,boar,crab': Red's two, Blue's two, the side card). A player\n\
     without a step passes, giving away a card of its choice ('tiger:pass'): each pass is a\n\
     legal move and an action.",
    {
        #[new]
        #[pyo3(signature = (position=None, *, cards=None))]
        fn new(position: Option<&str>, cards: Option<&str>) -> PyResult<Self> {
            let start = match (position, cards) {
                (Some(_), Some(_)) => {
                    return Err(parse("give a position or cards, not both"));
                }
                (Some(text), None) => GameState::parse_position(text)?,
                (None, Some(deal)) => onitama_core::Position::from_deal(parse_deal(deal)?),
                (None, None) => onitama_core::Position::start(),
            };
            Ok(Onitama {
                state: GameState::new(start),
            })
        }

        /// The start of a random deal drawn from `seed` (the same seed, the same deal).
        #[staticmethod]
        fn random(seed: Whole<u64>) -> PyResult<Self> {
            let seed = seed.get("seed")?;
            Ok(Onitama {
                state: GameState::new(onitama_core::Position::from_deal(
                    onitama_core::Deal::random(seed),
                )),
            })
        }

        /// The two cards of `player` (name or index), alphabetical.
        fn hand(&self, player: PlayerArg) -> PyResult<(&'static str, &'static str)> {
            let [a, b] = self.state.position().hand(player.resolve()?);
            Ok((a.name(), b.name()))
        }

        /// The side card (the next mover takes it).
        #[getter]
        fn side_card(&self) -> &'static str {
            self.state.position().side_card().name()
        }

        /// How often the current position has occurred in this game (the rules end no game
        /// on a repetition; matches and adapters may).
        #[getter]
        fn repetitions(&self) -> usize {
            self.state.record.repetition_count()
        }
    }
);

/// A deal from its text (five card names).
///
/// # Errors
/// A `ParseError` naming the problem.
pub(crate) fn parse_deal(text: &str) -> PyResult<onitama_core::Deal> {
    text.parse()
        .map_err(|e| parse(format!("deal {text:?}: {e}")))
}
