//! [`StateView`]: the state of a game being played, the one wire format of the web server's
//! API and of the WebAssembly package, so that the same page runs on either.
//!
//! ```
//! use game_catalog::games::Kamisado;
//! use game_catalog::views::state::StateView;
//! use game_sessions::{Format, Participant, Play, Session};
//!
//! let people = [Participant::person("Ann"), Participant::person("Bo")];
//! let mut session = Session::new("kamisado", Kamisado::start(), people, Format::Casual);
//! session.play("d1d7".parse()?)?;
//! session.play("g8b3".parse()?)?; // Black's yellow tower on d7 cannot move: d7d7 follows
//! let view = StateView::of(&Play::Single(session), [true, true]);
//! assert_eq!(view.moves.len(), 3);
//! let forced = &view.moves[2];
//! assert_eq!((forced.mv.text.as_str(), forced.forced), ("d7d7", true));
//! assert!(forced.words.as_deref().unwrap().contains("cannot move"));
//! assert_eq!(view.sources, ["b3"]);
//! assert_eq!(view.legal[0].from.as_deref(), Some("b3"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeMap;

use abstract_game::Player;
use game_sessions::{CoachReport, Play, SessionResult};
use serde::Serialize;

use crate::game::CatalogGame;
use crate::views::OutcomeView;

/// A move in notation and in parts: `{"move": "tiger:c1c3", "from": "c1", "to": "c3", "card":
/// "tiger", "pass": false}`. `from` and `to` are `null` for a pass, `card` in a game without
/// cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveView {
    /// The move in the game's notation, as a client sends it back.
    #[serde(rename = "move")]
    pub text: String,
    /// The square the piece leaves.
    pub from: Option<String>,
    /// The square the piece reaches (the same as `from` for Kamisado's zero-length move).
    pub to: Option<String>,
    /// The card played (Onitama).
    pub card: Option<&'static str>,
    /// Whether the move is a pass (Kamisado's zero-length move, Onitama's card given away).
    pub pass: bool,
}

impl MoveView {
    /// The view of `mv`, a legal move of `pos`.
    #[must_use]
    pub fn of<G: CatalogGame>(pos: &G, mv: G::Move) -> Self {
        MoveView {
            text: pos.move_text(mv),
            from: pos.move_source(mv),
            to: pos.move_target(mv),
            card: pos.move_card(mv),
            pass: pos.is_pass(mv),
        }
    }
}

/// One move of the game so far: `{"ply", "player", "move", "from", "to", "card", "pass",
/// "forced", "words"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayedView {
    /// The move's number, from 1.
    pub ply: usize,
    /// The id of the player who made it.
    pub player: &'static str,
    /// The move.
    #[serde(flatten)]
    pub mv: MoveView,
    /// Whether the session played it by itself: the only legal move was a pass (a Kamisado
    /// tower that cannot move).
    pub forced: bool,
    /// For a forced move, why it was played, in words; `null` otherwise.
    pub words: Option<String>,
}

/// How the game ended: `{"winner": "gold" | null, "reason": "deadlock", "words": "..."}`, by
/// the rules (`home_row`, `deadlock`, `stone`, `stream`) or by the players and the clock
/// (`resigned`, `draw_agreed`, `on_time`, ...).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EndView {
    /// The winner's id, `null` for a draw or an abandoned game.
    pub winner: Option<&'static str>,
    /// The reason's id.
    pub reason: &'static str,
    /// The end explained for the players.
    pub words: String,
}

/// A seat: `{"player", "kind": "person" | "engine", "name", "joined"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    /// The id of the player of this seat in the current game.
    pub player: &'static str,
    /// `person` or `engine`.
    pub kind: &'static str,
    /// The person's name, or the engine's spec.
    pub name: String,
    /// Whether someone sits there (always for an engine; a seat shared by link is open until
    /// someone joins).
    pub joined: bool,
}

/// The clock duel's clocks: `{"control": "5m+3s", "remaining_ms": {"black": 300000, ...},
/// "running": "black" | null, "flag": null | "black"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClockView {
    /// The time control.
    pub control: String,
    /// Each player's time left, in milliseconds.
    pub remaining_ms: BTreeMap<&'static str, u64>,
    /// The player whose clock runs, `null` when none does.
    pub running: Option<&'static str>,
    /// The player whose flag fell, if one did.
    pub flag: Option<&'static str>,
}

/// A mirror match: `{"game_number", "points", "over", "can_start_next"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MirrorView {
    /// 1 or 2.
    pub game_number: usize,
    /// Each participant's points so far (`"1"`, `"1/2"`), by seat.
    pub points: [String; 2],
    /// Whether both games are over.
    pub over: bool,
    /// Whether the second game can start now.
    pub can_start_next: bool,
}

/// A takeback asked in a game shared by link, waiting for the opponent's answer:
/// `{"asked_by": "black"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TakebackView {
    /// The id of the player who asked to take the last turn back.
    pub asked_by: &'static str,
}

/// The state of a game being played: what the web server answers and pushes, and what the
/// WebAssembly package returns. The project's `docs/server.md` describes every field.
///
/// [`StateView::of`] fills in everything a [`Play`] knows; the front end that holds the game
/// sets the rest: `id`, `version`, `opponent`, `thinking` and `takeback`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StateView {
    /// The game's id in the front end that holds it.
    pub id: String,
    /// Counts the changes; a client keeps the state with the highest.
    pub version: u64,
    /// The game's name.
    pub game: &'static str,
    /// `casual`, `clock_duel`, `coaching` or `mirror_match`.
    pub format: &'static str,
    /// Who the creator plays against: `engine`, `same_device` or `link`.
    pub opponent: &'static str,
    /// The start position's text.
    pub start: String,
    /// The position's text.
    pub position: String,
    /// The side to move, `null` once the game is over.
    pub to_move: Option<&'static str>,
    /// Whose turn it is and what they must move, in words; `null` once the game is over.
    pub turn: Option<String>,
    /// The legal moves in notation (empty once the game is over).
    pub legal_moves: Vec<String>,
    /// The same moves in parts, in the same order.
    pub legal: Vec<MoveView>,
    /// The squares whose piece has a legal move, sorted (none for a pass).
    pub sources: Vec<String>,
    /// How the game ended, `null` while it goes on.
    pub outcome: Option<EndView>,
    /// The result in one line, `null` while the game goes on.
    pub result: Option<String>,
    /// The moves so far.
    pub moves: Vec<PlayedView>,
    /// The game record: the start and the moves.
    pub record: String,
    /// Whether undo would take a turn back.
    pub can_undo: bool,
    /// Whether redo would play a turn again.
    pub can_redo: bool,
    /// How many times the position has occurred (1 the first time).
    pub repetitions: usize,
    /// The two seats, in the order of the participants.
    pub seats: Vec<SeatView>,
    /// Whether an engine is choosing its move.
    pub thinking: bool,
    /// The takeback asked between two people in a game shared by link, waiting for the
    /// opponent's answer; `null` when none is (undo is immediate against an engine and on one
    /// device).
    pub takeback: Option<TakebackView>,
    /// The clocks of a clock duel.
    pub clock: Option<ClockView>,
    /// The match of a mirror match.
    pub mirror: Option<MirrorView>,
    /// The board for a graphical front end ([`Presentation::board_json`](crate::Presentation::board_json)).
    pub board: serde_json::Value,
}

impl StateView {
    /// The state of `play`; `joined` says for each seat whether someone sits there (an engine
    /// always does). `id` is empty, `version` 0, `opponent` empty, `thinking` false and
    /// `takeback` `null`: the holder of the game fills them in.
    #[must_use]
    pub fn of<G: CatalogGame>(play: &Play<G>, joined: [bool; 2]) -> Self {
        let session = play.current();
        let record = session.record();
        let pos = session.position();
        let positions = record.positions();
        let moves = record
            .moves()
            .iter()
            .enumerate()
            .map(|(i, &mv)| {
                let before = positions.get(i).unwrap_or(pos);
                let forced = session.was_forced(i + 1);
                PlayedView {
                    ply: i + 1,
                    player: before.side_to_move().id(),
                    mv: MoveView::of(before, mv),
                    forced,
                    words: forced.then(|| before.forced_words(mv)),
                }
            })
            .collect();
        let legal: Vec<MoveView> = session
            .legal_moves()
            .into_iter()
            .map(|mv| MoveView::of(pos, mv))
            .collect();
        let mut sources: Vec<String> = legal.iter().filter_map(|m| m.from.clone()).collect();
        sources.sort();
        sources.dedup();
        let actions = session.actions();
        let sides = play.sides();
        let seats = (0..2)
            .map(|i| {
                let participant = &play.participants()[i];
                SeatView {
                    player: sides[i].id(),
                    kind: if participant.is_engine() {
                        "engine"
                    } else {
                        "person"
                    },
                    name: participant.name().to_owned(),
                    joined: participant.is_engine() || joined[i],
                }
            })
            .collect();
        let mirror = match play {
            Play::Single(_) => None,
            Play::Mirror(m) => Some(MirrorView {
                game_number: m.game_number(),
                points: [m.points(0).to_string(), m.points(1).to_string()],
                over: m.is_over(),
                can_start_next: session.is_over() && !m.is_over(),
            }),
        };
        StateView {
            id: String::new(),
            version: 0,
            game: G::NAME,
            format: match play {
                Play::Mirror(_) => "mirror_match",
                Play::Single(s) => s.format().id(),
            },
            opponent: "",
            start: record.start().position_text(),
            position: pos.position_text(),
            to_move: session.to_move().map(Player::id),
            turn: (!session.is_over()).then(|| pos.turn_summary()),
            legal_moves: legal.iter().map(|m| m.text.clone()).collect(),
            legal,
            sources,
            outcome: end_view(play),
            result: session.result().map(|r| r.to_string()),
            moves,
            record: record.to_string(),
            can_undo: actions.undo,
            can_redo: actions.redo,
            repetitions: session.repetitions(),
            seats,
            thinking: false,
            takeback: None,
            clock: clock_view(play),
            mirror,
            board: pos.board_json(record.last_move()),
        }
    }
}

fn end_view<G: CatalogGame>(play: &Play<G>) -> Option<EndView> {
    let session = play.current();
    Some(match session.result()? {
        SessionResult::Rules(outcome) => {
            let view = OutcomeView::of(outcome);
            EndView {
                winner: view.winner,
                reason: view.reason,
                words: session.position().outcome_words(outcome),
            }
        }
        other => EndView {
            winner: other.winner().map(Player::id),
            reason: other.id(),
            words: other.to_string(),
        },
    })
}

/// `d` in whole milliseconds, at most `u64::MAX` (a clock loaded from elsewhere may hold more).
fn millis(d: std::time::Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

fn clock_view<G: CatalogGame>(play: &Play<G>) -> Option<ClockView> {
    let session = play.current();
    let clock = session.clock()?;
    let remaining_ms = G::Player::BOTH
        .into_iter()
        .map(|p| (p.id(), millis(clock.remaining(p))))
        .collect();
    Some(ClockView {
        control: clock.control().to_string(),
        remaining_ms,
        running: if clock.is_paused() {
            None
        } else {
            session.to_move().map(Player::id)
        },
        flag: G::Player::BOTH
            .into_iter()
            .find(|&p| clock.flag_down(p))
            .map(Player::id),
    })
}

/// A reply the coaching round warns about: `{"reply", "wins", "captures"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ThreatView {
    /// The opponent's reply, in notation.
    pub reply: String,
    /// Whether it wins at once.
    pub wins: bool,
    /// Whether it captures.
    pub captures: bool,
}

/// The coaching round's answer to a candidate: `{"candidate", "after", "ends_game", "threats",
/// "hand_over"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CoachView {
    /// The candidate, in notation.
    pub candidate: String,
    /// The position it would give.
    pub after: String,
    /// The outcome if it ends the game.
    pub ends_game: Option<OutcomeView>,
    /// The replies it allows that win or capture.
    pub threats: Vec<ThreatView>,
    /// What the opponent receives with the turn, in words.
    pub hand_over: Option<String>,
}

impl CoachView {
    /// The view of `report`, the coach's answer about a candidate of `before`.
    #[must_use]
    pub fn of<G: CatalogGame>(before: &G, report: &CoachReport<G>) -> Self {
        CoachView {
            candidate: before.move_text(report.candidate),
            after: report.after.position_text(),
            ends_game: report.ends_game.map(OutcomeView::of),
            threats: report
                .threats
                .iter()
                .map(|t| ThreatView {
                    reply: report.after.move_text(t.reply),
                    wins: t.wins,
                    captures: t.captures,
                })
                .collect(),
            hand_over: report.hand_over.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use abstract_game::record::GameRecord;
    use game_sessions::{Format, Participant, Play, Session, TimeControl};

    use super::clock_view;
    use crate::games::TicTacToe;

    /// A clock with more time than milliseconds fit in a `u64` shows the most, not a number
    /// that wrapped around.
    #[test]
    fn a_clock_beyond_u64_milliseconds_shows_the_most() {
        let control = TimeControl {
            initial: Duration::from_secs(u64::MAX / 2),
            increment: Duration::ZERO,
        };
        let session = Session::from_record(
            "tictactoe",
            GameRecord::new(TicTacToe::default()),
            [Participant::person("a"), Participant::person("b")],
            Format::ClockDuel { control },
        );
        let view = clock_view(&Play::Single(session)).expect("a clock");
        assert_eq!(
            view.remaining_ms.values().copied().collect::<Vec<_>>(),
            [u64::MAX; 2]
        );
    }
}
