//! Saved games: a session, a mirror match or a [`Play`] (either) as JSON, and why a file does
//! not load ([`LoadError`]).
//!
//! A saved session is one JSON object:
//!
//! ```json
//! {"game": "onitama", "participants": [{"kind": "person", "name": "you"}, {"kind": "engine", "spec": "hard"}],
//!  "format": {"format": "clock_duel", "control": {...}}, "record": "horse,elephant,ox,boar,crab ox:c5c4",
//!  "redo": [], "clock": {...}, "flag": null, "candidate": null}
//! ```
//!
//! `record` is the record text of the game (start, moves, and the players' ending token);
//! `redo` the moves undone and not replaced, so that loading loses nothing, then the players'
//! ending token if undo took one back (redo restores it); a new move or an ending replaces
//! them. `flag` is `null`, `{"fell": "<player id>"}` or `"both"`; in a clock duel, `taken_back`
//! (left out when empty) lists the increment each undone turn gave back, so that redo restores
//! it exactly, and `clock_start` (left out when 0) the ply at which the clock started, for a
//! clock duel set up with moves already played (those earned no increment). A mirror match is
//! `{"participants": [..], "games": [<session>, ..]}`. A [`Play`] is `{"session": <session>}` or
//! `{"mirror_match": <match>}`, checked against the game asked for when it is read.
//!
//! Files written before the participants had one name still load: a session's `"seats"` and a
//! mirror match's `"players"` are read as `"participants"`.

use std::time::Duration;

use abstract_game::record::{Ending, GameRecord};
use abstract_game::{Notation, PassMove, Player};

use crate::clock::{Clock, TimeControl};
use crate::mirror::MirrorMatch;
use crate::participant::Participant;
use crate::play::Play;
use crate::session::{Flag, Format, Session};

/// Why a saved game did not load.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LoadError {
    /// The text is not JSON of the expected shape.
    #[error("not a saved game: {0}")]
    Json(#[from] serde_json::Error),
    /// The record text does not replay.
    #[error("the record does not replay: {0}")]
    Record(String),
    /// An undone move or the candidate does not fit the game.
    #[error("move {text:?}: {message}")]
    Move {
        /// The move's text.
        text: String,
        /// What is wrong with it.
        message: String,
    },
    /// Something else is inconsistent (an unknown player id, a flag in a game without a clock,
    /// a mirror match with no game).
    #[error("{0}")]
    Invalid(String),
    /// The file holds another game than the one asked for.
    #[error("this file holds a game of {found}, not {expected}")]
    WrongGame {
        /// The game asked for.
        expected: String,
        /// The game in the file.
        found: String,
    },
}

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
enum FlagData {
    Fell(String),
    Both,
}

#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct SessionData {
    game: String,
    #[serde(alias = "seats")]
    participants: [Participant; 2],
    format: Format,
    record: String,
    #[serde(default)]
    redo: Vec<String>,
    #[serde(default)]
    clock: Option<Clock>,
    #[serde(default)]
    flag: Option<FlagData>,
    #[serde(default)]
    candidate: Option<String>,
    /// The increment each undone ply took back, next redo last (only in a clock duel).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    taken_back: Vec<std::time::Duration>,
    /// The ply of the record at which the clock started (only in a clock duel set up with
    /// moves already played).
    #[serde(default, skip_serializing_if = "is_zero")]
    clock_start: usize,
}

/// Whether `n` is 0 (a field left out of the file when it is).
#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference
fn is_zero(n: &usize) -> bool {
    *n == 0
}

pub(crate) fn session_data<G: PassMove + Notation>(session: &Session<G>) -> SessionData {
    let record = &session.record;
    let mut redo = Vec::new();
    let mut pos = record.position().clone();
    for &mv in record.redo_moves() {
        redo.push(pos.move_text(mv));
        pos.play_unchecked(mv);
    }
    if let Some(ending) = session.undone_ending {
        redo.push(ending.token());
    }
    SessionData {
        game: session.game.clone(),
        participants: session.participants.clone(),
        format: session.format,
        record: record.to_string(),
        redo,
        clock: session.clock.clone(),
        flag: session.flag.map(|f| match f {
            Flag::Fell(p) => FlagData::Fell(p.id().to_owned()),
            Flag::Both => FlagData::Both,
        }),
        candidate: session.candidate.map(|mv| record.position().move_text(mv)),
        taken_back: session.taken_back.clone(),
        clock_start: session.clock_start,
    }
}

fn parse_move<G: Notation>(pos: &G, text: &str) -> Result<G::Move, LoadError> {
    let bad = |message: String| LoadError::Move {
        text: text.to_owned(),
        message,
    };
    let mv = pos.parse_move(text).map_err(|e| bad(e.to_string()))?;
    let mut check = pos.clone();
    check.play(mv).map_err(|e| bad(e.to_string()))?;
    Ok(mv)
}

pub(crate) fn session_from_data<G: PassMove + Notation>(
    data: SessionData,
) -> Result<Session<G>, LoadError> {
    let mut record: GameRecord<G> =
        data.record
            .parse()
            .map_err(|e: abstract_game::record::ParseRecordError<G>| {
                LoadError::Record(e.to_string())
            })?;
    let ending = record.ending();
    if ending.is_some() {
        record.undo();
    }
    // An ending replaces what was undone: a file written before it did keeps no stale moves.
    let mut redo = if ending.is_some() {
        Vec::new()
    } else {
        data.redo
    };
    let undone_ending = match redo
        .last()
        .map(|text| Ending::<G::Player>::from_token(text))
    {
        Some(Some(undone)) => {
            redo.pop();
            Some(undone)
        }
        _ => None,
    };
    let cursor = record.ply();
    for text in &redo {
        if Ending::<G::Player>::from_token(text).is_some() {
            return Err(LoadError::Move {
                text: text.clone(),
                message: "an undone ending comes after the undone moves, last".into(),
            });
        }
        let mv = parse_move(record.position(), text)?;
        record
            .play(mv)
            .map_err(|e| LoadError::Record(e.to_string()))?;
    }
    if let Some(undone) = undone_ending {
        if record.is_over() {
            return Err(LoadError::Move {
                text: undone.token(),
                message: "an undone ending after the end of the game".into(),
            });
        }
    }
    while record.ply() > cursor {
        record.undo();
    }
    if let Some(ending) = ending {
        record.end(ending);
    }
    let candidate = match &data.candidate {
        Some(text) => Some(parse_move(record.position(), text)?),
        None => None,
    };
    let flag = match data.flag {
        None => None,
        Some(FlagData::Both) => Some(Flag::Both),
        Some(FlagData::Fell(id)) => Some(Flag::Fell(
            G::Player::BOTH
                .into_iter()
                .find(|p| p.id() == id)
                .ok_or_else(|| LoadError::Invalid(format!("flag: no player {id:?}")))?,
        )),
    };
    match (&data.format, &data.clock) {
        (Format::ClockDuel { .. }, None) => {
            return Err(LoadError::Invalid("a clock duel without its clock".into()));
        }
        (Format::ClockDuel { .. }, Some(_)) => {}
        (_, Some(_)) => return Err(LoadError::Invalid("a clock outside a clock duel".into())),
        (_, None) if flag.is_some() => {
            return Err(LoadError::Invalid(
                "a flag fell in a game without a clock".into(),
            ));
        }
        _ => {}
    }
    let increment = data
        .clock
        .as_ref()
        .map_or(Duration::ZERO, |c| c.control().increment);
    if data.taken_back.len() > redo.len() {
        return Err(LoadError::Invalid(format!(
            "taken_back: {} increments for {} undone moves",
            data.taken_back.len(),
            redo.len()
        )));
    }
    if let Some(too_much) = data.taken_back.iter().find(|d| **d > increment) {
        return Err(LoadError::Invalid(format!(
            "taken_back: {too_much:?} is more than the increment ({increment:?})"
        )));
    }
    if data.clock_start > 0 && data.clock.is_none() {
        return Err(LoadError::Invalid(
            "clock_start: a clock's start in a game without a clock".into(),
        ));
    }
    if data.clock_start > record.ply() + redo.len() {
        return Err(LoadError::Invalid(format!(
            "clock_start: ply {} is beyond the game's {} plies",
            data.clock_start,
            record.ply() + redo.len()
        )));
    }
    let nothing_undone = redo.is_empty() && undone_ending.is_none();
    let mut session = Session {
        game: data.game,
        participants: data.participants,
        format: data.format,
        record,
        clock: data.clock,
        flag,
        candidate,
        taken_back: data.taken_back,
        undone_ending,
        clock_start: data.clock_start,
    };
    check_session(&session)?;
    // A session never waits on a forced turn: one the file stops at is played now (unless
    // moves were undone from it, which redo replays).
    if nothing_undone && !session.play_forced().is_empty() {
        session.candidate = None;
    }
    Ok(session)
}

/// What a saved session must agree with: the clock with the format and the moves, the flag with
/// the clock and the position, the candidate with the coaching round.
fn check_session<G: PassMove>(session: &Session<G>) -> Result<(), LoadError> {
    let invalid = |message: String| Err(LoadError::Invalid(message));
    if session.candidate.is_some() && session.format != Format::Coaching {
        return invalid(format!(
            "candidate: a candidate is stated in the coaching round only, not in a {} game",
            session.format.id()
        ));
    }
    if let (Format::ClockDuel { control }, Some(clock)) = (session.format, &session.clock) {
        if clock.control() != control {
            return invalid(format!(
                "clock: its control {} is not the format's {control}",
                clock.control()
            ));
        }
        if control.initial.is_zero() || control.initial > TimeControl::MAX_INITIAL {
            return invalid(format!(
                "format: each player's time is more than zero and at most 7 days (168h), not {:?}",
                control.initial
            ));
        }
        if control.increment > TimeControl::MAX_INCREMENT {
            return invalid(format!(
                "format: the increment is at most 1 hour (1h), not {:?}",
                control.increment
            ));
        }
        if clock.is_paused() {
            return invalid(
                "clock: paused; a saved clock runs (a correction pauses it only while it lasts)"
                    .into(),
            );
        }
        // A player has at most their time plus the increments of the turns they completed.
        let mut turns = [0u32; 2];
        for k in 1..=session.record.ply() {
            if let Some(player) = session.earner(k) {
                turns[player.index()] = turns[player.index()].saturating_add(1);
            }
        }
        for player in G::Player::BOTH {
            let most = control
                .increment
                .checked_mul(turns[player.index()])
                .and_then(|inc| inc.checked_add(control.initial));
            let left = clock.remaining(player);
            if most.is_none_or(|most| left > most) {
                return invalid(format!(
                    "clock: {player} has {left:?} left, more than the time and the increments of \
                     {} completed turns give",
                    turns[player.index()]
                ));
            }
        }
    }
    if let Some(flag) = session.flag {
        if let Some(ending) = session.record.ending() {
            return invalid(format!(
                "flag: a flag fell in a game the players ended ({})",
                ending.token()
            ));
        }
        if session.position().is_over() {
            return invalid("flag: a flag fell after the game was over".into());
        }
        if let (Flag::Fell(player), Some(clock)) = (flag, &session.clock) {
            let to_move = session.position().side_to_move();
            if player != to_move {
                return invalid(format!(
                    "flag: {player}'s flag fell while {to_move} was to move (only the clock of \
                     the side to move runs)"
                ));
            }
            let left = clock.remaining(player);
            if !left.is_zero() {
                return invalid(format!(
                    "flag: {player}'s flag fell with {left:?} left on the clock"
                ));
            }
        }
    }
    Ok(())
}

pub(crate) fn session_to_json<G: PassMove + Notation>(session: &Session<G>) -> String {
    // Serializing plain data (strings, numbers, arrays) cannot fail.
    serde_json::to_string_pretty(&session_data(session)).unwrap_or_default()
}

pub(crate) fn session_from_json<G: PassMove + Notation>(
    text: &str,
) -> Result<Session<G>, LoadError> {
    session_from_data(serde_json::from_str(text)?)
}

#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct MatchData {
    #[serde(alias = "players")]
    participants: [Participant; 2],
    games: Vec<SessionData>,
}

pub(crate) fn match_data<G: PassMove + Notation>(m: &MirrorMatch<G>) -> MatchData {
    MatchData {
        participants: m.participants().clone(),
        games: m.games().iter().map(session_data).collect(),
    }
}

pub(crate) fn match_from_data<G: PassMove + Notation>(
    data: MatchData,
) -> Result<MirrorMatch<G>, LoadError> {
    let games = data
        .games
        .into_iter()
        .map(session_from_data)
        .collect::<Result<Vec<Session<G>>, LoadError>>()?;
    MirrorMatch::from_parts(data.participants, games).map_err(LoadError::Invalid)
}

#[derive(serde::Serialize, serde::Deserialize)]
enum PlayData {
    #[serde(rename = "session")]
    Single(Box<SessionData>),
    #[serde(rename = "mirror_match")]
    Mirror(MatchData),
}

impl<G: PassMove + Notation> Play<G> {
    /// As JSON: `{"session": {..}}` or `{"mirror_match": {..}}` (see [`crate::save`]).
    #[must_use]
    pub fn to_json(&self) -> String {
        let data = match self {
            Play::Single(s) => PlayData::Single(Box::new(session_data(s))),
            Play::Mirror(m) => PlayData::Mirror(match_data(m)),
        };
        // Serializing plain data (strings, numbers, arrays) cannot fail.
        serde_json::to_string_pretty(&data).unwrap_or_default()
    }

    /// Reads [`Play::to_json`], checking that the file holds the game `expected` (a label as
    /// given to [`Session::new`]).
    ///
    /// # Errors
    /// [`LoadError`] saying what is wrong, [`LoadError::WrongGame`] for another game.
    pub fn from_json(text: &str, expected: &str) -> Result<Self, LoadError> {
        let data: PlayData = serde_json::from_str(text)?;
        let play = match data {
            PlayData::Single(s) => {
                check_game(&s.game, expected)?;
                Play::Single(session_from_data(*s)?)
            }
            PlayData::Mirror(m) => {
                for game in &m.games {
                    check_game(&game.game, expected)?;
                }
                Play::Mirror(match_from_data(m)?)
            }
        };
        Ok(play)
    }
}

fn check_game(found: &str, expected: &str) -> Result<(), LoadError> {
    if found == expected {
        Ok(())
    } else {
        Err(LoadError::WrongGame {
            expected: expected.to_owned(),
            found: found.to_owned(),
        })
    }
}

impl<G: PassMove + Notation> Session<G> {
    /// The session as JSON: see [`crate::save`].
    #[must_use]
    pub fn to_json(&self) -> String {
        session_to_json(self)
    }

    /// Reads a session written by [`Session::to_json`], checking that it fits together: the
    /// clock has the format's control (within the limits of its text), runs, and shows no more
    /// than each player's time and the increments of their completed turns; a flag fell on the
    /// side to move, with no time left, in a game not otherwise over; a candidate only in the
    /// coaching round.
    ///
    /// # Errors
    /// [`LoadError`] saying what is wrong; nothing is changed.
    pub fn from_json(text: &str) -> Result<Self, LoadError> {
        session_from_json(text)
    }
}

impl<G: PassMove + Notation> MirrorMatch<G> {
    /// The match as JSON (see [`crate::save`]).
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&match_data(self)).unwrap_or_default()
    }

    /// Reads [`MirrorMatch::to_json`], checking that the games make a mirror match: game two
    /// only after game one's result, from the same start, with the sides swapped, in the same
    /// format, never the coaching round.
    ///
    /// # Errors
    /// [`LoadError`] saying what is wrong.
    pub fn from_json(text: &str) -> Result<Self, LoadError> {
        match_from_data(serde_json::from_str(text)?)
    }
}
