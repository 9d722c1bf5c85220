//! [`Table`]: a session (or mirror match) of one game of the catalog, with the tokens of its two
//! seats. It implements [`LiveGame`] once for every game.

use std::time::Duration;

use abstract_game::Player;
use game_catalog::engines::{EngineSpec, build};
use game_catalog::play::CatalogCoach;
use game_catalog::views::state::{CoachView, StateView, TakebackView};
use game_catalog::views::{ScoreView, pv_texts};
use game_catalog::{CatalogGame, Setup, setup};
use game_engines::Limits;
use game_sessions::{Format, MirrorMatch, Participant, Play, Session, SessionError, TimeControl};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::ApiError;
use crate::live::{EngineChoice, EngineJob, LiveGame, Thinking};
use crate::new_game::{FormatChoice, NewGame, Opponent};

/// The engine of hints when no seat holds one.
const HINT_ENGINE: &str = "max";

/// A node budget per engine move under a manual (test) clock, so that tests are reproducible.
const TEST_NODES: u64 = 20_000;

/// A game of the server with its seats.
pub(crate) struct Table<G: CatalogGame> {
    /// The session, or the two games of a mirror match.
    play: Play<G>,
    opponent: Opponent,
    /// The token of each participant, by participant index (`None`: an open seat of a game
    /// shared by link, or an engine). Same-device games hold one token in both.
    tokens: [Option<String>; 2],
    last_tick_ms: u64,
    /// In a game shared by link: the participant index of the player who asked to take back
    /// the last turn, until the other answers.
    takeback: Option<usize>,
}

/// The database row of a table.
#[derive(Serialize, Deserialize)]
struct SavedTable {
    game: String,
    opponent: Opponent,
    tokens: [Option<String>; 2],
    mirror: bool,
    session: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    takeback: Option<usize>,
}

fn session_error<E: core::fmt::Display>(e: SessionError<E>) -> ApiError {
    match e {
        SessionError::Illegal(e) => ApiError::IllegalMove(e.to_string()),
        other => ApiError::Conflict(other.to_string()),
    }
}

impl<G: CatalogGame> Table<G> {
    /// A new table for `request` (already checked to be a game of type `G`), the creator holding
    /// `token`; `seed` chooses a random start when asked for one.
    pub(crate) fn create(
        request: &NewGame,
        token: String,
        seed: u64,
        now_ms: u64,
    ) -> Result<Table<G>, ApiError> {
        let record = Self::start_record(request, seed)?;
        let creator_side = match request.side.as_deref() {
            None => G::Player::BOTH[0],
            Some(id) => G::player(id).ok_or_else(|| {
                ApiError::BadRequest(format!(
                    "side: {G} has no player {id:?} (players: {})",
                    G::Player::BOTH.map(Player::id).join(", "),
                    G = G::NAME
                ))
            })?,
        };
        let me = creator_side.index();
        let name = request
            .name
            .clone()
            .unwrap_or_else(|| "player 1".to_owned());
        if name.chars().count() > 40 || name.chars().any(char::is_control) {
            return Err(ApiError::BadRequest(
                "name: at most 40 characters, no control characters".into(),
            ));
        }
        // Checked whoever the opponent is, as the OpenAPI description says (minLength 1).
        if request.level.as_deref() == Some("") {
            return Err(ApiError::BadRequest(
                "level: empty (leave it out for the default, medium)".into(),
            ));
        }
        let other = match request.opponent {
            Opponent::Engine => {
                let spec = request.level.clone().unwrap_or_else(|| "medium".to_owned());
                let parsed: EngineSpec = spec
                    .parse()
                    .map_err(|e| ApiError::BadRequest(format!("level: {e}")))?;
                crate::engine_policy::check(&parsed)?;
                // Checked by building it, with no table to allocate: not on the event loop.
                let probe = parsed
                    .clone()
                    .with_option("tt", "0")
                    .unwrap_or_else(|_| parsed.clone());
                build::<G>(&probe, 0).map_err(|e| ApiError::BadRequest(format!("level: {e}")))?;
                Participant::engine(spec)
            }
            Opponent::SameDevice => Participant::person("player 2"),
            Opponent::Link => Participant::person(""),
        };
        let mut participants = [Participant::person(name.clone()), Participant::person(name)];
        participants[1 - me] = other;
        let mut tokens = [None, None];
        tokens[me] = Some(token.clone());
        if request.opponent == Opponent::SameDevice {
            tokens[1 - me] = Some(token);
        }
        let time_control = request
            .time_control
            .as_deref()
            .map(|text| {
                text.parse::<TimeControl>()
                    .map_err(|e| ApiError::BadRequest(format!("time_control: {e}")))
            })
            .transpose()?;
        let clock_format = Format::ClockDuel {
            control: time_control.unwrap_or_default(),
        };
        let play = match request.format {
            FormatChoice::Casual => Play::Single(Session::from_record(
                G::NAME,
                record,
                participants,
                Format::Casual,
            )),
            FormatChoice::ClockDuel => Play::Single(Session::from_record(
                G::NAME,
                record,
                participants,
                clock_format,
            )),
            FormatChoice::Coaching => Play::Single(Session::from_record(
                G::NAME,
                record,
                participants,
                Format::Coaching,
            )),
            FormatChoice::MirrorMatch => {
                let format = if time_control.is_some() {
                    clock_format
                } else {
                    Format::Casual
                };
                let start = record.position().clone();
                Play::Mirror(
                    MirrorMatch::new(G::NAME, start, participants, format)
                        .map_err(|e| ApiError::BadRequest(e.to_string()))?,
                )
            }
        };
        Ok(Table {
            play,
            opponent: request.opponent,
            tokens,
            last_tick_ms: now_ms,
            takeback: None,
        })
    }

    /// The start position and moves of a request.
    fn start_record(
        request: &NewGame,
        seed: u64,
    ) -> Result<abstract_game::record::GameRecord<G>, ApiError> {
        let mut option = None;
        for (key, value) in &request.start_options {
            if !G::START_OPTIONS.iter().any(|o| o.name == key) {
                return Err(ApiError::BadRequest(format!(
                    "unknown field {key:?} for {}",
                    G::NAME
                )));
            }
            if option.is_some() || request.position.is_some() {
                return Err(ApiError::BadRequest(format!(
                    "{key}: give one of position and the start options"
                )));
            }
            option = Some((key.clone(), value.clone()));
        }
        let mut position = request.position.clone();
        if let Some((_, value)) = &option {
            if value == "random" {
                position = Some(G::random_start(seed).position_text());
                option = None;
            }
        }
        let setup_request = Setup {
            position,
            option,
            moves: request.moves.clone(),
        };
        setup::<G>(&setup_request).map_err(|e| ApiError::BadRequest(e.to_string()))
    }

    /// A table from its database row.
    pub(crate) fn restore(json: &str, now_ms: u64) -> Result<Table<G>, String> {
        let saved: SavedTable = serde_json::from_str(json).map_err(|e| e.to_string())?;
        if saved.game != G::NAME {
            return Err(format!("a {} row read as {}", saved.game, G::NAME));
        }
        let play = if saved.mirror {
            Play::Mirror(MirrorMatch::from_json(&saved.session).map_err(|e| e.to_string())?)
        } else {
            Play::Single(Session::from_json(&saved.session).map_err(|e| e.to_string())?)
        };
        Ok(Table {
            play,
            opponent: saved.opponent,
            tokens: saved.tokens,
            last_tick_ms: now_ms,
            takeback: saved.takeback.filter(|&i| i < 2),
        })
    }

    /// Which participants `token` speaks for.
    fn holds(&self, token: &str) -> Result<[bool; 2], ApiError> {
        if token.is_empty() {
            return Err(ApiError::Forbidden("token: missing".into()));
        }
        let holds = self
            .tokens
            .clone()
            .map(|t| t.is_some_and(|t| crate::secret::same_token(token, &t)));
        if holds == [false, false] {
            return Err(ApiError::Forbidden(
                "token: not a player of this game".into(),
            ));
        }
        Ok(holds)
    }

    /// Checks that `token` may move for the side to move now.
    fn check_turn(&self, token: &str) -> Result<(), ApiError> {
        let holds = self.holds(token)?;
        let Some(mover) = self.play.current().to_move() else {
            return Err(self.over_error());
        };
        let index = self.play.participant_index(mover);
        if !holds[index] {
            return Err(ApiError::Forbidden(format!(
                "not your turn: {} is to move",
                mover.id()
            )));
        }
        if self.play.participants()[index].is_engine() {
            return Err(ApiError::Forbidden(format!(
                "the engine plays {}",
                mover.id()
            )));
        }
        Ok(())
    }

    fn over_error(&self) -> ApiError {
        let result = self
            .play
            .current()
            .result()
            .map_or_else(String::new, |r| r.to_string());
        ApiError::Conflict(format!("the game is over: {result}"))
    }

    fn parse_move(&self, text: &str) -> Result<G::Move, ApiError> {
        if text.len() > 64 {
            return Err(ApiError::BadRequest("move: too long".into()));
        }
        self.play
            .current()
            .position()
            .parse_move(text)
            .map_err(|e| ApiError::BadRequest(e.to_string()))
    }

    fn engine_limits(&self, thinking: Thinking) -> Limits {
        if thinking.by_nodes {
            return Limits::nodes(TEST_NODES);
        }
        let session = self.play.current();
        let mut limit = thinking.cap;
        if let (Some(clock), Some(me)) = (session.clock(), session.to_move()) {
            limit = limit
                .min(clock.remaining(me) / 20)
                .max(Duration::from_millis(10));
        }
        Limits::time(limit)
    }

    fn job(&self, spec: String, limits: Limits, seed: u64) -> EngineJob {
        let session = self.play.current();
        let pos = session.position().clone();
        let history = session.history_keys();
        Box::new(move |stop| {
            let none = EngineChoice {
                mv: None,
                score: Value::Null,
                pv: Vec::new(),
                depth: 0,
            };
            crate::engine_cache::with_engine::<G, _>(&spec, seed, |engine| {
                engine.set_earlier_positions(&history);
                let result = engine.search(&pos, &limits.with_stop(stop));
                EngineChoice {
                    mv: result.best.map(|m| pos.move_text(m)),
                    score: serde_json::to_value(ScoreView::of(result.score)).unwrap_or(Value::Null),
                    pv: pv_texts(&pos, &result.pv),
                    depth: result.depth,
                }
            })
            .unwrap_or(none)
        })
    }
}

impl<G: CatalogGame> LiveGame for Table<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn state(&self) -> StateView {
        let joined = [0, 1].map(|i| self.tokens[i].is_some());
        let mut view = StateView::of(&self.play, joined);
        view.opponent = self.opponent.id();
        view.takeback = self.takeback.map(|i| TakebackView {
            asked_by: self.play.sides()[i].id(),
        });
        view
    }

    fn join(&mut self, name: &str, token: String) -> Result<&'static str, ApiError> {
        if name.chars().count() > 40 || name.chars().any(char::is_control) {
            return Err(ApiError::BadRequest(
                "name: at most 40 characters, no control characters".into(),
            ));
        }
        if self.opponent != Opponent::Link {
            return Err(ApiError::Conflict(
                "this game has no open seat: it was not shared by link".into(),
            ));
        }
        let Some(open) = self.tokens.iter().position(Option::is_none) else {
            return Err(ApiError::Conflict("both seats are taken".into()));
        };
        let name = if name.is_empty() { "player 2" } else { name };
        self.play
            .set_participant(open, Participant::person(name))
            .map_err(|e| ApiError::Internal(e.to_string()))?;
        self.tokens[open] = Some(token);
        Ok(self.play.sides()[open].id())
    }

    fn play(&mut self, token: &str, mv: &str) -> Result<(), ApiError> {
        self.check_turn(token)?;
        let mv = self.parse_move(mv)?;
        self.play
            .current_mut()
            .play(mv)
            .map(drop)
            .map_err(session_error)?;
        self.takeback = None;
        Ok(())
    }

    fn undo(&mut self, token: &str) -> Result<(), ApiError> {
        let holds = self.holds(token)?;
        if self.opponent == Opponent::Link && holds != [true, true] {
            // Two people on two devices: the other one is asked first.
            if !self.play.current().actions().undo {
                return Err(ApiError::Conflict("nothing to undo".into()));
            }
            let me = usize::from(holds[1]);
            if self.takeback == Some(me) {
                return Err(ApiError::Conflict(
                    "a takeback is already asked; the opponent answers it".into(),
                ));
            }
            self.takeback = Some(me);
            return Ok(());
        }
        self.play
            .current_mut()
            .undo()
            .map(drop)
            .map_err(session_error)
    }

    fn answer_takeback(&mut self, token: &str, accept: bool) -> Result<(), ApiError> {
        let holds = self.holds(token)?;
        let Some(asker) = self.takeback else {
            return Err(ApiError::Conflict("no takeback is asked".into()));
        };
        if holds[asker] {
            return Err(ApiError::Forbidden(
                "token: the opponent answers a takeback, not the player who asked".into(),
            ));
        }
        if accept {
            self.play
                .current_mut()
                .undo()
                .map(drop)
                .map_err(session_error)?;
        }
        self.takeback = None;
        Ok(())
    }

    fn redo(&mut self, token: &str) -> Result<(), ApiError> {
        let holds = self.holds(token)?;
        if self.opponent == Opponent::Link && holds != [true, true] {
            // What redo replays is a turn of the side to move: only that player may.
            let mover = self
                .play
                .current()
                .to_move()
                .map(|p| self.play.participant_index(p));
            if mover.is_none_or(|i| !holds[i]) {
                return Err(ApiError::Forbidden(
                    "not your turn: only the player to move replays a turn taken back".into(),
                ));
            }
        }
        self.play
            .current_mut()
            .redo()
            .map(drop)
            .map_err(session_error)?;
        self.takeback = None;
        Ok(())
    }

    fn resign(&mut self, token: &str, player: Option<&str>) -> Result<(), ApiError> {
        let holds = self.holds(token)?;
        let sides = self.play.sides();
        let mine: Vec<G::Player> = (0..2).filter(|&i| holds[i]).map(|i| sides[i]).collect();
        let player = match player {
            Some(id) => {
                let p = G::player(id)
                    .ok_or_else(|| ApiError::BadRequest(format!("player: no player {id:?}")))?;
                if !mine.contains(&p) {
                    return Err(ApiError::Forbidden(format!(
                        "player: the token does not play {id}"
                    )));
                }
                p
            }
            None if mine.len() == 1 => mine[0],
            None => self
                .play
                .current()
                .to_move()
                .ok_or_else(|| self.over_error())?,
        };
        self.play
            .current_mut()
            .resign(player)
            .map_err(session_error)?;
        self.takeback = None;
        Ok(())
    }

    fn propose(&mut self, token: &str, mv: &str) -> Result<Value, ApiError> {
        self.check_turn(token)?;
        let mv = self.parse_move(mv)?;
        let before = self.play.current().position().clone();
        let report = self
            .play
            .current_mut()
            .propose(&CatalogCoach, mv)
            .map_err(session_error)?;
        serde_json::to_value(CoachView::of(&before, &report))
            .map_err(|e| ApiError::Internal(e.to_string()))
    }

    fn next_game(&mut self, token: &str) -> Result<(), ApiError> {
        self.holds(token)?;
        self.play
            .next_game()
            .map(drop)
            .map_err(|e| ApiError::Conflict(e.to_string()))?;
        self.takeback = None;
        Ok(())
    }

    fn tick(&mut self, now_ms: u64) -> bool {
        let elapsed = Duration::from_millis(now_ms.saturating_sub(self.last_tick_ms));
        self.last_tick_ms = self.last_tick_ms.max(now_ms);
        self.play.current_mut().tick(elapsed).is_some()
    }

    fn engine_job(&self, thinking: Thinking, seed: u64) -> Option<EngineJob> {
        let session = self.play.current();
        let mover = session.to_move()?;
        let Participant::Engine { spec } =
            &self.play.participants()[self.play.participant_index(mover)]
        else {
            return None;
        };
        let limits = self.engine_limits(thinking);
        Some(self.job(spec.clone(), limits, seed))
    }

    fn play_engine(&mut self, mv: &str) -> Result<(), ApiError> {
        let mv = self.parse_move(mv)?;
        self.play
            .current_mut()
            .play(mv)
            .map(drop)
            .map_err(session_error)
    }

    fn hint_job(&self, thinking: Thinking, seed: u64) -> Result<EngineJob, ApiError> {
        if self.play.current().is_over() {
            return Err(self.over_error());
        }
        let spec = self
            .play
            .participants()
            .iter()
            .find_map(|p| match p {
                Participant::Engine { spec } => Some(spec.clone()),
                _ => None,
            })
            .unwrap_or_else(|| HINT_ENGINE.to_owned());
        let thinking = Thinking {
            cap: thinking.cap.min(Duration::from_millis(500)),
            ..thinking
        };
        let limits = self.engine_limits(thinking);
        Ok(self.job(spec, limits, seed))
    }

    fn to_json(&self) -> String {
        let (mirror, session) = match &self.play {
            Play::Single(s) => (false, s.to_json()),
            Play::Mirror(m) => (true, m.to_json()),
        };
        serde_json::to_string(&SavedTable {
            game: G::NAME.to_owned(),
            opponent: self.opponent,
            tokens: self.tokens.clone(),
            mirror,
            session,
            takeback: self.takeback,
        })
        .unwrap_or_default()
    }
}
