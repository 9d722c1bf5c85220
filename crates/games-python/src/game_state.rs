//! [`GameState`]: one game of the one-game API, generic over the game: its record (start,
//! moves, undo and redo) and what Python asks of it. The Python classes `Kamisado` and `Onitama`
//! (`game_classes`) delegate to it.

use abstract_game::Game;
use abstract_game::record::{GameRecord, PlayError};

use pyo3::PyResult;

use crate::arguments::MoveArg;
use crate::encoding::{Cell, Encoding};
use crate::errors::{illegal, parse};

/// A game in progress: the record of its moves from a start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GameState<G: Encoding> {
    /// The record: the start, the moves, the current position.
    pub(crate) record: GameRecord<G>,
}

impl<G: Encoding> GameState<G> {
    /// A game from `start`.
    pub(crate) fn new(start: G) -> Self {
        GameState {
            record: GameRecord::new(start),
        }
    }

    /// A game from its record text (a start position, then moves).
    ///
    /// # Errors
    /// A `ParseError` that names the bad token.
    pub(crate) fn from_record(text: &str) -> PyResult<Self> {
        text.parse::<GameRecord<G>>()
            .map(|record| GameState { record })
            .map_err(|e| parse(format!("game record: {e}")))
    }

    /// A position from its text.
    ///
    /// # Errors
    /// A `ParseError` that names the field and the problem.
    pub(crate) fn parse_position(text: &str) -> PyResult<G> {
        G::parse_position(text).map_err(|e| parse(format!("{} position {text:?}: {e}", G::NAME)))
    }

    /// The current position.
    pub(crate) fn position(&self) -> &G {
        self.record.position()
    }

    /// The legal move that `mv` names in the current position.
    ///
    /// # Errors
    /// A `ParseError` for text that is no move, an `IllegalMoveError` for a move or an action
    /// that is not legal here (with the rules' reason).
    pub(crate) fn legal_move(&self, mv: &MoveArg) -> PyResult<G::Move> {
        let pos = self.position();
        let candidate = match mv {
            MoveArg::Text(text) => pos
                .parse_move(text)
                .map_err(|e| parse(format!("{} move {text:?}: {e}", G::NAME)))?,
            MoveArg::Huge(action) => {
                return Err(illegal(format!(
                    "action {action} is out of range: {} actions are 0..{}",
                    G::NAME,
                    G::NUM_ACTIONS
                )));
            }
            MoveArg::Action(action) => {
                let decoded = usize::try_from(*action)
                    .ok()
                    .filter(|&a| a < G::NUM_ACTIONS)
                    .ok_or_else(|| {
                        illegal(format!(
                            "action {action} is out of range: {} actions are 0..{}",
                            G::NAME,
                            G::NUM_ACTIONS
                        ))
                    })?;
                pos.move_of(decoded).ok_or_else(|| {
                    illegal(format!(
                        "action {action} names no move in this position (it leaves the board); legal actions: {:?}",
                        legal_actions(pos)
                    ))
                })?
            }
        };
        let mut after = *pos;
        match after.play(candidate) {
            Ok(()) => Ok(candidate),
            Err(e) => Err(match mv {
                MoveArg::Action(action) => illegal(format!(
                    "action {action} ({}) is not legal: {e}",
                    pos.move_text(candidate)
                )),
                MoveArg::Text(_) | MoveArg::Huge(_) => illegal(e.to_string()),
            }),
        }
    }

    /// Whether `mv` is legal in the current position.
    ///
    /// # Errors
    /// A `ParseError` for text that is no move at all.
    pub(crate) fn is_legal(&self, mv: &MoveArg) -> PyResult<bool> {
        let pos = self.position();
        Ok(match mv {
            MoveArg::Text(text) => pos.is_legal(
                pos.parse_move(text)
                    .map_err(|e| parse(format!("{} move {text:?}: {e}", G::NAME)))?,
            ),
            MoveArg::Action(action) => usize::try_from(*action)
                .ok()
                .and_then(|a| pos.legal_move_of(a))
                .is_some(),
            MoveArg::Huge(_) => false,
        })
    }

    /// Plays `mv`.
    ///
    /// # Errors
    /// As [`GameState::legal_move`]; nothing changes then.
    pub(crate) fn play(&mut self, mv: &MoveArg) -> PyResult<()> {
        let legal = self.legal_move(mv)?;
        self.record.play(legal).map_err(|e| match e {
            PlayError::Illegal(e) => illegal(e.to_string()),
            e => illegal(e.to_string()),
        })
    }

    /// The legal moves in the game's notation, in the rules crate's order.
    pub(crate) fn legal_move_texts(&self) -> Vec<String> {
        let pos = self.position();
        pos.legal_moves()
            .into_iter()
            .map(|mv| pos.move_text(mv))
            .collect()
    }

    /// The observation from `viewer`'s seat.
    pub(crate) fn observation<T: Cell>(&self, viewer: G::Player) -> Vec<T> {
        let mut out = vec![T::ZERO; G::OBSERVATION_LEN];
        self.position().write_observation(viewer, &mut out);
        out
    }

    /// The legal-action mask.
    pub(crate) fn mask(&self) -> Vec<bool> {
        let mut out = vec![false; G::NUM_ACTIONS];
        self.position().write_mask(&mut out);
        out
    }
}

/// The legal actions of `pos`, ascending.
pub(crate) fn legal_actions<G: Encoding>(pos: &G) -> Vec<usize> {
    let mut actions: Vec<usize> = Vec::with_capacity(pos.legal_move_count());
    pos.for_each_legal_move(|mv| actions.push(pos.action_of(mv)));
    actions.sort_unstable();
    actions
}

/// The position's outcome as (winner id or `None`, reason id), `None` while the game goes on.
pub(crate) fn outcome_parts<G: Game>(pos: &G) -> Option<(Option<&'static str>, &'static str)> {
    use abstract_game::{EndReason, Player};
    pos.outcome()
        .map(|o| (o.winner().map(Player::id), o.reason().id()))
}
