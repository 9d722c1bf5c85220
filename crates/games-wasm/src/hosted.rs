//! [`HostedGame`]: a game of the catalog played in the package, whatever the game is, and
//! [`Hosted`], its one implementation over a [`Play`] of any game of the catalog.

use std::any::Any;

use abstract_game::Player;
use abstract_game::record::GameRecord;
use game_catalog::engines::{BoxedEngine, EngineKind, EngineSpec, build};
use game_catalog::play::CatalogCoach;
use game_catalog::views::state::{CoachView, StateView};
use game_catalog::views::{AnalysisView, legal_move_texts};
use game_catalog::{CatalogGame, GameName, GameVisitor, Setup, setup};
use game_engines::Limits;
use game_sessions::{Format, MirrorMatch, Participant, Play, Session, SessionError};

use crate::error::GameError;
use crate::options::NewGame;

/// The engine of hints when no seat holds one.
pub const HINT_ENGINE: &str = "max";

/// How many engines a game keeps between searches (building one allocates its table).
const KEPT_ENGINES: usize = 4;

/// The largest transposition table an engine spec may ask for (`tt=N`), in MiB. A browser tab
/// has little more memory than that, and WebAssembly memory never shrinks: a larger table, once
/// allocated, would keep the package's memory that large for as long as the page lives, even
/// after its engine is gone. (Within the bound, a table that cannot be had is the catalog's
/// `EngineSpecError::TableMemory`.)
pub const MAX_TT_MIB: usize = 1024;

/// A game being played, whatever the game is: the rules through the playing session (forced
/// turns played automatically, undo and redo by whole turns), the typed views of the catalog,
/// and the engines. Every method that refuses leaves the game unchanged.
pub trait HostedGame: Any {
    /// The game's name.
    fn name(&self) -> &'static str;
    /// The state, as the server sends it (`id` empty, `version` counting the changes).
    fn state(&self) -> StateView;
    /// The legal moves in notation.
    fn legal_moves(&self) -> Vec<String>;
    /// The squares whose piece has a legal move.
    fn sources(&self) -> Vec<String>;
    /// The squares the piece on `from` can reach (with any card); empty if it cannot move.
    ///
    /// # Errors
    /// [`GameError::Option`] if `from` is not a square of the board.
    fn destinations(&self, from: &str) -> Result<Vec<String>, GameError>;
    /// Plays `mv` for the side to move, then every forced turn after it.
    ///
    /// # Errors
    /// [`GameError::Move`] for a malformed or illegal move, [`GameError::Refused`] once the
    /// game is over.
    fn play(&mut self, mv: &str) -> Result<(), GameError>;
    /// Takes back one turn of a person (forced turns and an engine's reply with it).
    ///
    /// # Errors
    /// [`GameError::Refused`] when there is nothing to take back.
    fn undo(&mut self) -> Result<(), GameError>;
    /// Plays again what undo took back.
    ///
    /// # Errors
    /// [`GameError::Refused`] when there is nothing to replay.
    fn redo(&mut self) -> Result<(), GameError>;
    /// `player` resigns (by default the side to move).
    ///
    /// # Errors
    /// [`GameError::Option`] for an unknown player, [`GameError::Refused`] once the game is
    /// over.
    fn resign(&mut self, player: Option<&str>) -> Result<(), GameError>;
    /// The coaching round's answer about a candidate; nothing is played.
    ///
    /// # Errors
    /// [`GameError::Move`] for a bad move, [`GameError::Refused`] outside a coaching round.
    fn propose(&mut self, mv: &str) -> Result<CoachView, GameError>;
    /// Starts the second game of a mirror match.
    ///
    /// # Errors
    /// [`GameError::Refused`] if this is no mirror match or the first game goes on.
    fn next_game(&mut self) -> Result<(), GameError>;
    /// The spec of the engine whose turn it is, if an engine is to move.
    fn engine_to_move(&self) -> Option<String>;
    /// Searches the position for the side to move with the engine `spec` (by default the
    /// engine seat's, else [`HINT_ENGINE`]); nothing is played.
    ///
    /// # Errors
    /// [`GameError::Engine`] for a spec that does not build, [`GameError::Refused`] once the
    /// game is over.
    fn search(&mut self, spec: Option<&str>, limits: &Limits) -> Result<AnalysisView, GameError>;
    /// The game as `Any`, for an engine of the same game.
    fn as_any(&self) -> &dyn Any;
}

/// Creates the game that `options` describe; `seed` draws a random start and seeds the engines
/// unless the options give their own seed.
///
/// # Errors
/// What is wrong with the options.
pub fn create(options: &NewGame, seed: u64) -> Result<Box<dyn HostedGame>, GameError> {
    struct Create<'a>(&'a NewGame, u64);
    impl GameVisitor for Create<'_> {
        type Output = Result<Box<dyn HostedGame>, GameError>;
        fn visit<G: CatalogGame>(self) -> Self::Output {
            Ok(Box::new(Hosted::<G>::create(self.0, self.1)?))
        }
    }
    let name: GameName = options.game.parse().map_err(GameError::UnknownGame)?;
    name.visit(Create(options, options.seed.unwrap_or(seed)))
}

/// A game of type `G` being played: the session (or mirror match), who sits where, a change
/// counter and the engines kept between searches.
pub struct Hosted<G: CatalogGame> {
    play: Play<G>,
    opponent: &'static str,
    version: u64,
    seed: u64,
    engines: Vec<(String, BoxedEngine<G>)>,
}

impl<G: CatalogGame> core::fmt::Debug for Hosted<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Hosted")
            .field("play", &self.play)
            .field("opponent", &self.opponent)
            .field("version", &self.version)
            .field(
                "engines",
                &self.engines.iter().map(|(s, _)| s).collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}

fn option_error(field: &str, why: impl Into<String>) -> GameError {
    GameError::Option {
        field: field.to_owned(),
        why: why.into(),
    }
}

fn refused<E: core::fmt::Display>(e: &SessionError<E>) -> GameError {
    GameError::Refused(e.to_string())
}

impl<G: CatalogGame> Hosted<G> {
    /// The game that `options` describe (already known to be a `G`).
    ///
    /// # Errors
    /// What is wrong with the options.
    pub fn create(options: &NewGame, seed: u64) -> Result<Self, GameError> {
        let record = start_record::<G>(options, seed)?;
        let creator = match options.side.as_deref() {
            None => G::Player::BOTH[0],
            Some(id) => G::player(id).ok_or_else(|| {
                option_error(
                    "side",
                    format!(
                        "{} has no player {id:?} (players: {})",
                        G::NAME,
                        G::Player::BOTH.map(Player::id).join(", ")
                    ),
                )
            })?,
        };
        let name = options.name.clone().unwrap_or_else(|| "player 1".into());
        if name.chars().count() > 40 || name.chars().any(char::is_control) {
            return Err(option_error(
                "name",
                "at most 40 characters, no control characters",
            ));
        }
        let (opponent, other) = match options.opponent.as_deref().unwrap_or("same_device") {
            "same_device" => ("same_device", Participant::person("player 2")),
            "engine" => {
                let spec = options.level.clone().unwrap_or_else(|| "medium".into());
                engine_of::<G>(&spec, seed)?;
                ("engine", Participant::engine(spec))
            }
            "link" => {
                return Err(option_error(
                    "opponent",
                    "a game by link needs the server (games serve); here: engine or same_device",
                ));
            }
            other => {
                return Err(option_error(
                    "opponent",
                    format!("unknown opponent {other:?}: expected engine or same_device"),
                ));
            }
        };
        let me = creator.index();
        let mut participants = [Participant::person(name.clone()), Participant::person(name)];
        participants[1 - me] = other;
        let play = match options.format.as_deref().unwrap_or("casual") {
            "casual" => Play::Single(Session::from_record(
                G::NAME,
                record,
                participants,
                Format::Casual,
            )),
            "coaching" => Play::Single(Session::from_record(
                G::NAME,
                record,
                participants,
                Format::Coaching,
            )),
            "mirror_match" => Play::Mirror(
                MirrorMatch::new(
                    G::NAME,
                    record.position().clone(),
                    participants,
                    Format::Casual,
                )
                .map_err(|e| option_error("format", e.to_string()))?,
            ),
            "clock_duel" => {
                return Err(option_error(
                    "format",
                    "the clock duel needs the server (games serve); here: casual, coaching or mirror_match",
                ));
            }
            other => {
                return Err(option_error(
                    "format",
                    format!("unknown format {other:?}: expected casual, coaching or mirror_match"),
                ));
            }
        };
        Ok(Hosted {
            play,
            opponent,
            version: 0,
            seed,
            engines: Vec::new(),
        })
    }

    /// The session of the current game.
    #[must_use]
    pub fn session(&self) -> &Session<G> {
        self.play.current()
    }

    fn changed(&mut self) {
        self.version += 1;
    }

    fn parse_move(&self, text: &str) -> Result<G::Move, GameError> {
        if text.len() > 64 {
            return Err(GameError::Move {
                text: text.chars().take(16).collect(),
                why: "too long".into(),
            });
        }
        self.session()
            .position()
            .parse_move(text)
            .map_err(|e| GameError::Move {
                text: text.to_owned(),
                why: e.to_string(),
            })
    }
}

/// The engine of `spec` among `kept`, kept from an earlier search or built now with `seed`
/// (the least recently used one goes when there are too many).
fn kept_engine<'a, G: CatalogGame>(
    kept: &'a mut Vec<(String, BoxedEngine<G>)>,
    spec: &str,
    seed: u64,
) -> Result<&'a mut BoxedEngine<G>, GameError> {
    if let Some(i) = kept.iter().position(|(s, _)| s == spec) {
        let engine = kept.remove(i);
        kept.push(engine);
    } else {
        kept.push((spec.to_owned(), engine_of::<G>(spec, seed)?));
        if kept.len() > KEPT_ENGINES {
            kept.remove(0);
        }
    }
    kept.last_mut()
        .map(|(_, engine)| engine)
        .ok_or_else(|| GameError::Refused("no engine".into()))
}

/// Builds the engine of `spec` for `G`.
///
/// # Errors
/// [`GameError::Engine`] if the spec does not parse or build; [`GameError::Option`] (`level`)
/// for what a WebAssembly engine cannot do: run a program (`external`), read a file
/// (`weights=FILE`, `tablebase`), search on more than one thread (`threads` other than 1) or
/// hold a table of more than [`MAX_TT_MIB`] MiB (`tt`).
pub fn engine_of<G: CatalogGame>(spec: &str, seed: u64) -> Result<BoxedEngine<G>, GameError> {
    let parsed: EngineSpec = spec.parse().map_err(GameError::Engine)?;
    if parsed.kind == EngineKind::External {
        return Err(option_error(
            "level",
            "external: a WebAssembly engine runs no programs",
        ));
    }
    // Alpha-beta's options (a level is alpha-beta too); a value that is no number is left to
    // the catalog, which says what it expects.
    let alphabeta = matches!(parsed.kind, EngineKind::AlphaBeta | EngineKind::Level(_));
    for (key, value) in parsed.options.iter().filter(|_| alphabeta) {
        let number = value.parse::<usize>().ok();
        if key == "threads" && number.is_some_and(|n| n != 1) {
            return Err(option_error(
                "level",
                "threads: a WebAssembly engine runs on one thread",
            ));
        }
        if key == "tt" && number.is_some_and(|n| n > MAX_TT_MIB) {
            return Err(option_error(
                "level",
                format!("tt: at most {MAX_TT_MIB} MiB in WebAssembly"),
            ));
        }
    }
    // A file named by the spec, or a tablebase of any kind (`auto` builds on another thread).
    let file = parsed
        .named_paths()
        .first()
        .map(|(key, _)| *key)
        .or_else(|| {
            parsed
                .options
                .iter()
                .any(|(key, _)| key == "tablebase")
                .then_some("tablebase")
        });
    if let Some(key) = file {
        return Err(option_error(
            "level",
            format!("{key}: a WebAssembly engine reads no files"),
        ));
    }
    build::<G>(&parsed, seed).map_err(GameError::Engine)
}

/// Searches `pos` of `session` with `engine`, which first learns the earlier positions.
pub(crate) fn search_session<G: CatalogGame>(
    session: &Session<G>,
    engine: &mut BoxedEngine<G>,
    limits: &Limits,
) -> Result<AnalysisView, GameError> {
    if let Some(result) = session.result() {
        return Err(GameError::Refused(format!("the game is over: {result}")));
    }
    let pos = session.position();
    engine.set_earlier_positions(&session.history_keys());
    let result = engine.search(pos, limits);
    Ok(AnalysisView::of(pos, engine.name(), &result))
}

/// The start of a new game: a record, or a position or start option, then moves.
fn start_record<G: CatalogGame>(options: &NewGame, seed: u64) -> Result<GameRecord<G>, GameError> {
    let mut option = None;
    for (key, value) in &options.start_options {
        if !G::START_OPTIONS.iter().any(|o| o.name == key) {
            return Err(option_error(key, format!("{} has no such option", G::NAME)));
        }
        option = Some((key.clone(), value.clone()));
    }
    let given = [
        options.record.is_some(),
        options.position.is_some(),
        option.is_some(),
    ];
    if given.iter().filter(|&&g| g).count() > 1 {
        return Err(option_error(
            "record",
            "give one of record, position and the start options",
        ));
    }
    if let Some(text) = &options.record {
        let mut record: GameRecord<G> = text
            .parse()
            .map_err(|e| option_error("record", format!("{e}")))?;
        if let Some(moves) = &options.moves {
            for token in moves.split_whitespace() {
                let mv = record
                    .position()
                    .parse_move(token)
                    .map_err(|e| option_error("moves", format!("{token:?}: {e}")))?;
                record
                    .play(mv)
                    .map_err(|e| option_error("moves", format!("{token:?}: {e}")))?;
            }
        }
        return Ok(record);
    }
    let mut position = options.position.clone();
    if option.as_ref().is_some_and(|(_, value)| value == "random") {
        position = Some(G::random_start(seed).position_text());
        option = None;
    }
    setup::<G>(&Setup {
        position,
        option,
        moves: options.moves.clone(),
    })
    .map_err(GameError::Setup)
}

impl<G: CatalogGame> HostedGame for Hosted<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn state(&self) -> StateView {
        let mut view = StateView::of(&self.play, [true, true]);
        view.version = self.version;
        view.opponent = self.opponent;
        view
    }

    fn legal_moves(&self) -> Vec<String> {
        if self.session().is_over() {
            return Vec::new();
        }
        legal_move_texts(self.session().position())
    }

    fn sources(&self) -> Vec<String> {
        let pos = self.session().position();
        let mut sources: Vec<String> = self
            .session()
            .legal_moves()
            .into_iter()
            .filter_map(|mv| pos.move_source(mv))
            .collect();
        sources.sort();
        sources.dedup();
        sources
    }

    fn destinations(&self, from: &str) -> Result<Vec<String>, GameError> {
        // Exactly a square's name, as the moves spell it: a file, then the rank in digits
        // without a sign or a leading zero (`a+1` and `a01` are no squares).
        let on_board = G::board_geometry().is_some_and(|b| {
            let mut chars = from.chars();
            let file = chars.next();
            let rank: Option<u8> = chars.as_str().parse().ok();
            file.zip(rank).is_some_and(|(f, r)| {
                b.files.contains(f) && (1..=b.ranks).contains(&r) && format!("{f}{r}") == from
            })
        });
        if !on_board {
            return Err(option_error(
                "from",
                format!("{from:?} is not a square of the {} board", G::NAME),
            ));
        }
        let pos = self.session().position();
        let mut targets: Vec<String> = self
            .session()
            .legal_moves()
            .into_iter()
            .filter(|&mv| pos.move_source(mv).as_deref() == Some(from))
            .filter_map(|mv| pos.move_target(mv))
            .collect();
        targets.sort();
        targets.dedup();
        Ok(targets)
    }

    fn play(&mut self, text: &str) -> Result<(), GameError> {
        if let Some(result) = self.session().result() {
            return Err(GameError::Refused(format!("the game is over: {result}")));
        }
        let mv = self.parse_move(text)?;
        self.play.current_mut().play(mv).map_err(|e| match e {
            SessionError::Illegal(why) => GameError::Move {
                text: text.to_owned(),
                why: why.to_string(),
            },
            other => refused(&other),
        })?;
        self.changed();
        Ok(())
    }

    fn undo(&mut self) -> Result<(), GameError> {
        self.play.current_mut().undo().map_err(|e| refused(&e))?;
        self.changed();
        Ok(())
    }

    fn redo(&mut self) -> Result<(), GameError> {
        self.play.current_mut().redo().map_err(|e| refused(&e))?;
        self.changed();
        Ok(())
    }

    fn resign(&mut self, player: Option<&str>) -> Result<(), GameError> {
        let player = match player {
            Some(id) => G::player(id).ok_or_else(|| {
                option_error("player", format!("{} has no player {id:?}", G::NAME))
            })?,
            None => self
                .session()
                .to_move()
                .ok_or_else(|| GameError::Refused("the game is over".into()))?,
        };
        self.play
            .current_mut()
            .resign(player)
            .map_err(|e| refused(&e))?;
        self.changed();
        Ok(())
    }

    fn propose(&mut self, text: &str) -> Result<CoachView, GameError> {
        let mv = self.parse_move(text)?;
        let before = self.session().position().clone();
        let report = self
            .play
            .current_mut()
            .propose(&CatalogCoach, mv)
            .map_err(|e| match e {
                SessionError::Illegal(why) => GameError::Move {
                    text: text.to_owned(),
                    why: why.to_string(),
                },
                other => refused(&other),
            })?;
        // The answer is all the page needs: the candidate is played with `play`.
        self.play.current_mut().withdraw();
        Ok(CoachView::of(&before, &report))
    }

    fn next_game(&mut self) -> Result<(), GameError> {
        self.play
            .next_game()
            .map_err(|e| GameError::Refused(e.to_string()))?;
        self.changed();
        Ok(())
    }

    fn engine_to_move(&self) -> Option<String> {
        let mover = self.session().to_move()?;
        match &self.play.participants()[self.play.participant_index(mover)] {
            Participant::Engine { spec } => Some(spec.clone()),
            _ => None,
        }
    }

    fn search(&mut self, spec: Option<&str>, limits: &Limits) -> Result<AnalysisView, GameError> {
        let spec = match spec {
            Some(s) => s.to_owned(),
            None => self
                .play
                .participants()
                .iter()
                .find_map(|p| match p {
                    Participant::Engine { spec } => Some(spec.clone()),
                    _ => None,
                })
                .unwrap_or_else(|| HINT_ENGINE.to_owned()),
        };
        let engine = kept_engine(&mut self.engines, &spec, self.seed)?;
        search_session(self.play.current(), engine, limits)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
