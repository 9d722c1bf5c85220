//! `games play`: a game in the terminal between people and engines, over a
//! [`game_sessions::Play`]: one [`Session`] or a [`MirrorMatch`] of two.

use std::fmt::Write as _;
use std::io::{BufRead, IsTerminal, Write};
use std::time::{Duration, Instant};

use abstract_game::Player;
use game_catalog::engines::{BoxedEngine, EngineKind, EngineSpec};
use game_catalog::play::{BoardStyle, CatalogCoach};
use game_catalog::views::legal_move_texts;
use game_catalog::{CatalogGame, GameVisitor};
use game_engines::{Level, Limits, Score};
use game_sessions::{
    Format, MirrorMatch, Participant, PlayedTurn, Session, SessionError, SessionResult,
    TimeControl, clock_face,
};

use crate::args::{Mover, PlayArgs};
use crate::error::{Failure, one_line, quote, usage};

/// `games play` for the game `G`.
pub struct Play<'a>(pub &'a PlayArgs);

impl GameVisitor for Play<'_> {
    type Output = Result<(), Failure>;

    fn visit<G: CatalogGame>(self) -> Result<(), Failure> {
        let stdin = std::io::stdin();
        let interactive = stdin.is_terminal() && std::io::stdout().is_terminal();
        let colour = interactive && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
        let mut input = stdin.lock();
        let mut out = std::io::stdout().lock();
        // The end of the input at a question before the game (Ctrl-D) ends it, as at the prompt.
        let Some(mut game) = Terminal::<G>::new(self.0, interactive, colour, &mut input, &mut out)?
        else {
            return Ok(());
        };
        game.run(&mut input, &mut out)
    }
}

/// What a person's line asked for.
enum Line {
    /// Nothing more to do this turn: ask again (or the session moved on).
    Again,
    /// Stop everything without a result.
    Quit,
}

/// `games play` in progress.
struct Terminal<G: CatalogGame> {
    /// The session or mirror match being played (not this module's command [`Play`]).
    play: game_sessions::Play<G>,
    /// Engines by spec, built on first use.
    engines: Vec<(String, BoxedEngine<G>)>,
    /// The spec `hint` and `auto` use.
    hint_spec: String,
    seed: u64,
    colour: bool,
    test_clock: bool,
    /// For tests: the time every search is charged, instead of the time it took (or none, on
    /// the test clock).
    search_cost: Option<Duration>,
    max_plies: usize,
    /// A square whose destinations the next board shows.
    selected: Option<String>,
}

/// One line of the input: its text, or [`Input::NotText`] for a line that is not UTF-8 (a stray
/// byte must not end the game: the line is explained and the prompt asks again).
enum Input {
    Text(String),
    NotText,
    End,
}

/// What a person is told about a line that is not UTF-8 text.
const NOT_TEXT: &str = "cannot read that line: it is not UTF-8 text";

/// Reads one line of the input, as bytes up to the newline.
fn read_input(input: &mut impl BufRead) -> Result<Input, Failure> {
    let mut bytes = Vec::new();
    if input.read_until(b'\n', &mut bytes)? == 0 {
        return Ok(Input::End);
    }
    Ok(String::from_utf8(bytes).map_or(Input::NotText, Input::Text))
}

/// Reads one answer to a question (asked again after a line that is not text); `None` at the
/// end of the input.
fn ask(
    question: &str,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<Option<String>, Failure> {
    loop {
        write!(out, "{question}")?;
        out.flush()?;
        match read_input(input)? {
            Input::Text(line) => return Ok(Some(line.trim().to_owned())),
            Input::NotText => writeln!(out, "{NOT_TEXT}")?,
            Input::End => {
                writeln!(out)?;
                return Ok(None);
            }
        }
    }
}

/// A square in the game's notation (a file letter, either case, then a rank from 1), in
/// lowercase; or why `text` is none.
fn parse_square<G: CatalogGame>(text: &str) -> Result<String, String> {
    let Some(geometry) = G::board_geometry() else {
        return Err("this game has no squares".to_owned());
    };
    let files = geometry.files;
    let expected = || {
        format!(
            "expected a file {}..{} then a rank 1..{}",
            files.chars().next().unwrap_or('a'),
            files.chars().last().unwrap_or('a'),
            geometry.ranks
        )
    };
    let mut chars = text.chars();
    let file = chars.next().map(|c| c.to_ascii_lowercase());
    let rank = chars.as_str();
    let file_ok = file.is_some_and(|f| files.contains(f));
    let rank_ok = !rank.is_empty()
        && !rank.starts_with('0')
        && rank.bytes().all(|b| b.is_ascii_digit())
        && rank.parse::<u8>().is_ok_and(|r| r <= geometry.ranks);
    match file {
        Some(file) if file_ok && rank_ok => Ok(format!("{file}{rank}")),
        _ => Err(expected()),
    }
}

fn player_by_id<G: CatalogGame>(id: &str) -> Option<G::Player> {
    let id = id.to_ascii_lowercase();
    <G::Player as Player>::BOTH
        .into_iter()
        .find(|p| p.id() == id || p.id().starts_with(&id) && id.len() == 1)
}

fn side_names<G: CatalogGame>() -> String {
    let [a, b] = <G::Player as Player>::BOTH;
    format!("{} or {}", a.id(), b.id())
}

impl<G: CatalogGame> Terminal<G> {
    /// The game the flags ask for; `None` when the input ends at a question asked before it
    /// (the level and side on a terminal).
    fn new(
        args: &PlayArgs,
        interactive: bool,
        colour: bool,
        input: &mut impl BufRead,
        out: &mut impl Write,
    ) -> Result<Option<Self>, Failure> {
        let record = super::record::<G>(&args.position)?;
        if args.iterations == Some(0) {
            return Err(usage(
                "bad --iterations 0: the engine needs at least 1 playout",
            ));
        }
        let format = match &args.clock {
            Some(text) => Format::ClockDuel {
                control: text
                    .parse::<TimeControl>()
                    .map_err(|e| usage(format!("bad --clock: {e}")))?,
            },
            None if args.coach => Format::Coaching,
            None => Format::Casual,
        };
        let mut level = args.level.map(crate::args::LevelArg::name);
        let mut person_side = match &args.side {
            Some(text) => Some(player_by_id::<G>(text).ok_or_else(|| {
                usage(format!(
                    "bad --side {}: expected {}",
                    quote(text),
                    side_names::<G>()
                ))
            })?),
            None => None,
        };
        // On a terminal with nothing chosen, ask for the level and the side.
        if interactive && args.players.is_none() && person_side.is_none() && level.is_none() {
            writeln!(
                out,
                "{} against the engine (press Enter for the default).",
                G::NAME
            )?;
            let Some(answer) = ask(
                "Level: easy, medium, hard, max or perfect [medium]: ",
                input,
                out,
            )?
            else {
                return Ok(None);
            };
            level = match answer.to_lowercase().as_str() {
                "easy" => Some("easy"),
                "hard" => Some("hard"),
                "max" => Some("max"),
                "perfect" => Some("perfect"),
                _ => Some("medium"),
            };
            let [first, _] = <G::Player as Player>::BOTH;
            let question = format!(
                "Your side: {} (whoever the start names moves first) [{}]: ",
                side_names::<G>(),
                first.id()
            );
            let Some(answer) = ask(&question, input, out)? else {
                return Ok(None);
            };
            person_side = Some(player_by_id::<G>(&answer).unwrap_or(first));
        }
        let engine_spec = match args.iterations {
            Some(n) => format!("mcts:playouts={n}"),
            None => level.unwrap_or("medium").to_owned(),
        };
        let movers: [Mover; 2] = match (&args.players, person_side) {
            (Some(players), _) => {
                let &[a, b] = players.as_slice() else {
                    let n = players.len();
                    return Err(usage(format!(
                        "bad --players: {n} kind{} given, expected two (one per side, in the game's side order), e.g. human,engine",
                        if n == 1 { "" } else { "s" }
                    )));
                };
                [a, b]
            }
            (None, Some(side)) if side.index() == 1 => [Mover::Engine, Mover::Human],
            (None, _) => [Mover::Human, Mover::Engine],
        };
        let people = movers.iter().filter(|m| **m == Mover::Human).count();
        let participants = if people == 2 {
            [
                Participant::person("player 1"),
                Participant::person("player 2"),
            ]
        } else {
            movers.map(|m| match m {
                Mover::Human => Participant::person("you"),
                Mover::Engine => Participant::engine(engine_spec.clone()),
                Mover::Random => Participant::engine("random"),
            })
        };
        let game = G::NAME;
        let play = if args.mirror_match {
            let start = record.position().clone();
            MirrorMatch::new(game, start, participants, format)
                .map_err(|e| usage(e.to_string()))?
                .into()
        } else {
            Session::from_record(game, record, participants, format).into()
        };
        // Check the engine spec now: a bad one is a bad flag.
        let spec: EngineSpec = super::engine_spec(&engine_spec)?;
        super::engine::<G>(&spec, args.seed)?;
        Ok(Some(Terminal {
            play,
            engines: Vec::new(),
            hint_spec: if args.iterations.is_some() {
                engine_spec
            } else {
                level.unwrap_or("medium").to_owned()
            },
            seed: args.seed,
            colour,
            test_clock: args.test_clock,
            search_cost: None,
            max_plies: args.max_plies,
            selected: None,
        }))
    }

    fn session(&self) -> &Session<G> {
        self.play.current()
    }

    fn session_mut(&mut self) -> &mut Session<G> {
        self.play.current_mut()
    }

    /// The engine of `spec`, built on first use.
    fn engine(&mut self, spec: &str) -> Result<&mut BoxedEngine<G>, Failure> {
        if let Some(i) = self.engines.iter().position(|(s, _)| s == spec) {
            return Ok(&mut self.engines[i].1);
        }
        let mut parsed = super::engine_spec(spec)?;
        // Play may use every core (Lazy SMP): an alpha-beta engine without a thread count of
        // its own gets one per core. (Matches and tests stay on one thread, reproducible.)
        if !parsed.options.iter().any(|(key, _)| key == "threads") {
            let cores = std::thread::available_parallelism().map_or(1, usize::from);
            if let Ok(with_threads) = parsed.clone().with_option("threads", &cores.to_string()) {
                parsed = with_threads;
            }
        }
        // The strongest levels of a game with deal tablebases (Onitama) build each deal's
        // 6-piece table after its 4-piece one, in the background, where the machine has the
        // room; a game without them refuses the option and gets the level as it is.
        let strongest = matches!(parsed.kind, EngineKind::Level(Level::Max | Level::Perfect));
        let has_tables = parsed
            .options
            .iter()
            .any(|(key, _)| key.starts_with("tablebase"));
        if strongest && !has_tables {
            if let Ok(larger) = parsed.clone().with_option("tablebase-pieces", "6") {
                if let Ok(engine) = super::engine::<G>(&larger, self.seed) {
                    self.engines.push((spec.to_owned(), engine));
                    return Ok(&mut self.engines.last_mut().expect("just pushed").1);
                }
            }
        }
        let engine = super::engine::<G>(&parsed, self.seed)?;
        self.engines.push((spec.to_owned(), engine));
        Ok(&mut self.engines.last_mut().expect("just pushed").1)
    }

    /// The engine's choice for the side to move, its score and how long it took.
    fn search(&mut self, spec: &str) -> Result<(Option<G::Move>, Score, Duration), Failure> {
        let session = self.session();
        let pos = session.position().clone();
        let history = session.history_keys();
        let mut limit = Duration::from_secs(1);
        if let (Some(clock), Some(me)) = (session.clock(), session.to_move()) {
            limit = limit
                .min(clock.remaining(me) / 20)
                .max(Duration::from_millis(10));
        }
        let limits = if spec.starts_with("mcts") || spec == "random" {
            Limits::none()
        } else {
            Limits::time(limit)
        };
        let test_clock = self.test_clock;
        let search_cost = self.search_cost;
        let engine = self.engine(spec)?;
        engine.set_earlier_positions(&history);
        let started = Instant::now();
        let result = engine.search(&pos, &limits);
        let elapsed = match search_cost {
            Some(cost) => cost,
            None if test_clock => Duration::ZERO,
            None => started.elapsed(),
        };
        Ok((result.best, result.score, elapsed))
    }

    /// The board from the seat of the person to move (or the one person of the game).
    fn board(&self) -> String {
        let session = self.session();
        let seat = |p: G::Player| session.participant(p).is_person();
        let viewer = match session.to_move() {
            Some(p) if seat(p) => Some(p),
            _ => <G::Player as Player>::BOTH.into_iter().find(|&p| seat(p)),
        };
        let style = BoardStyle {
            colour: self.colour,
            last: session.record().last_move(),
            viewer,
            selected: self.selected.clone(),
        };
        let mut text = session.position().board(&style);
        if !text.ends_with('\n') {
            text.push('\n');
        }
        text
    }

    /// The board, whose turn it is, the clocks and the repetition count.
    fn status(&self) -> String {
        let session = self.session();
        let mut text = self.board();
        if let Some(clock) = session.clock() {
            let times: Vec<String> = <G::Player as Player>::BOTH
                .into_iter()
                .map(|p| format!("{p} {}", clock_face(clock.remaining(p))))
                .collect();
            let _ = writeln!(text, "clock: {}", times.join(" | "));
        }
        let repetitions = session.repetitions();
        if repetitions > 1 && !session.is_over() {
            let _ = writeln!(
                text,
                "this position has occurred {repetitions} times: the players may agree a draw (type draw)"
            );
        }
        if let Some(player) = session.to_move() {
            let n = session.legal_moves().len();
            let _ = writeln!(
                text,
                "{} ({}); {n} legal move{} (type moves to list them)",
                session.position().turn_summary(),
                session.participant(player),
                if n == 1 { "" } else { "s" }
            );
        }
        text
    }

    /// Reports the turns a move played (the forced ones in words).
    fn report(
        &self,
        turns: &[PlayedTurn<G::Player, G::Move>],
        out: &mut impl Write,
    ) -> Result<(), Failure> {
        let record = self.session().record();
        let first = record.ply() - turns.len();
        for (i, turn) in turns.iter().enumerate().filter(|(_, t)| t.forced) {
            let before = &record.positions()[first + i];
            writeln!(out, "{}", before.forced_words(turn.mv))?;
        }
        Ok(())
    }

    fn run(&mut self, input: &mut impl BufRead, out: &mut impl Write) -> Result<(), Failure> {
        self.intro(out)?;
        write!(out, "{}", self.status())?;
        // A game stopped by --max-plies ends a mirror match too: replayed with the same start,
        // seats and limit it would only stop again, for ever.
        let mut stopped = false;
        loop {
            if self.session().is_over() {
                self.print_end(out)?;
                let game_sessions::Play::Mirror(m) = &mut self.play else {
                    break;
                };
                if stopped {
                    writeln!(out, "\nmirror match: stopped by --max-plies")?;
                    write!(out, "{}", m.table())?;
                    break;
                }
                if m.is_over() {
                    writeln!(out, "\nmirror match:")?;
                    write!(out, "{}", m.table())?;
                    break;
                }
                let replay = !m.current().result().is_some_and(SessionResult::has_result);
                m.next_game().map_err(|e| usage(e.to_string()))?;
                let number = m.game_number();
                if replay {
                    writeln!(
                        out,
                        "\ngame {number} again, without a result the first time"
                    )?;
                } else {
                    writeln!(
                        out,
                        "\ngame {number}: the same start, the seats swapped ({} now plays {})",
                        self.play.participants()[0],
                        self.play.sides()[0]
                    )?;
                }
                write!(out, "{}", self.status())?;
                continue;
            }
            if self.session().record().ply() >= self.max_plies {
                writeln!(out, "stopped after {} plies (--max-plies)", self.max_plies)?;
                let _ = self.session_mut().abandon();
                stopped = true;
                continue;
            }
            let Some(mover) = self.session().to_move() else {
                continue;
            };
            let participant = self.session().participant(mover).clone();
            match participant {
                Participant::Engine { spec } => self.engine_turn(&spec, mover, out)?,
                _ => {
                    if let Line::Quit = self.person_turn(mover, input, out)? {
                        if !self.session().is_over() {
                            let _ = self.session_mut().abandon();
                        }
                        writeln!(
                            out,
                            "\nresult: unfinished ({})",
                            SessionResult::<G::Player, G::Reason>::Abandoned
                        )?;
                        self.print_record(out)?;
                        return Ok(());
                    }
                }
            }
        }
        Ok(())
    }

    fn intro(&self, out: &mut impl Write) -> Result<(), Failure> {
        let session = self.session();
        let seats: Vec<String> = <G::Player as Player>::BOTH
            .into_iter()
            .map(|p| format!("{p}: {}", session.participant(p)))
            .collect();
        let format = match session.format() {
            Format::ClockDuel { control } => format!(", clock duel {control}"),
            Format::Coaching => ", open coaching round".to_owned(),
            _ => String::new(),
        };
        let mirror = if matches!(self.play, game_sessions::Play::Mirror(_)) {
            ", mirror match (game 1 of 2)"
        } else {
            ""
        };
        writeln!(
            out,
            "{}{format}{mirror}; {}. Type help for the commands.",
            G::NAME,
            seats.join(", ")
        )?;
        Ok(())
    }

    fn engine_turn(
        &mut self,
        spec: &str,
        mover: G::Player,
        out: &mut impl Write,
    ) -> Result<(), Failure> {
        let (best, score, elapsed) = self.search(spec)?;
        if let Some(result) = self.session_mut().tick(elapsed) {
            writeln!(out, "{mover}'s time ran out: {result}")?;
            return Ok(());
        }
        let Some(mv) = best else {
            let _ = self.session_mut().abandon();
            return Ok(());
        };
        let text = self.session().position().move_text(mv);
        match self.session_mut().play(mv) {
            Ok(turns) => {
                let kind = if spec == "random" { "random" } else { "engine" };
                writeln!(out, "{mover} ({kind}) plays {text}  [score {score}]")?;
                self.report(&turns, out)?;
                self.selected = None;
                write!(out, "{}", self.status())?;
            }
            Err(e) => {
                writeln!(out, "the engine's move {text} was refused: {e}")?;
                let _ = self.session_mut().abandon();
            }
        }
        Ok(())
    }

    fn person_turn(
        &mut self,
        mover: G::Player,
        input: &mut impl BufRead,
        out: &mut impl Write,
    ) -> Result<Line, Failure> {
        let started = Instant::now();
        write!(out, "{}> ", mover.id())?;
        out.flush()?;
        let line = match read_input(input)? {
            Input::Text(line) => Some(line),
            Input::NotText => None,
            Input::End => {
                writeln!(out)?;
                return Ok(Line::Quit);
            }
        };
        if !self.test_clock {
            if let Some(result) = self.session_mut().tick(started.elapsed()) {
                writeln!(
                    out,
                    "{mover}'s time ran out while the prompt waited: {result}"
                )?;
                return Ok(Line::Again);
            }
        }
        let Some(line) = line else {
            writeln!(out, "{NOT_TEXT} (type help for the commands)")?;
            return Ok(Line::Again);
        };
        let line = line.trim();
        let (command, rest) = line
            .split_once(' ')
            .map_or((line, ""), |(c, r)| (c, r.trim()));
        match command {
            "" => {}
            "quit" | "exit" => return Ok(Line::Quit),
            "help" | "?" => write!(out, "{}", help_text(self.session().format()))?,
            "moves" => writeln!(
                out,
                "{}",
                legal_move_texts(self.session().position()).join(" ")
            )?,
            "board" => write!(out, "{}", self.status())?,
            "dest" => match rest.split_once(char::is_whitespace) {
                Some((_, extra)) => writeln!(
                    out,
                    "dest takes one square: extra words {} (type help for the commands)",
                    quote(extra.trim())
                )?,
                None if rest.is_empty() || rest == "*" => {
                    self.selected = Some("*".to_owned());
                    write!(out, "{}", self.status())?;
                }
                None => match parse_square::<G>(rest) {
                    Ok(square) => {
                        self.selected = Some(square);
                        write!(out, "{}", self.status())?;
                    }
                    Err(why) => writeln!(out, "bad square {}: {why}", quote(rest))?,
                },
            },
            "hint" => {
                let spec = self.hint_spec.clone();
                let (best, score, elapsed) = self.search(&spec)?;
                if self.charge(mover, elapsed, out)? {
                    return Ok(Line::Again);
                }
                match best {
                    Some(mv) => writeln!(
                        out,
                        "hint: {}  [engine {spec}, score {score}]",
                        self.session().position().move_text(mv)
                    )?,
                    None => writeln!(out, "no hint: the game is over")?,
                }
            }
            "auto" => {
                let spec = self.hint_spec.clone();
                let (best, _, elapsed) = self.search(&spec)?;
                if self.charge(mover, elapsed, out)? {
                    return Ok(Line::Again);
                }
                if let Some(mv) = best {
                    self.play_move(mv, out)?;
                }
            }
            "undo" => {
                let clocked = self.session().clock().is_some();
                let done = if clocked {
                    self.session_mut().correct()
                } else {
                    self.session_mut().undo()
                };
                match done {
                    Ok(_) => {
                        if clocked {
                            writeln!(
                                out,
                                "corrected: the last agreed position is restored; both clocks were paused"
                            )?;
                        }
                        self.selected = None;
                        write!(out, "{}", self.status())?;
                    }
                    Err(e) => writeln!(out, "{e}")?,
                }
            }
            "redo" => match self.session_mut().redo() {
                Ok(_) => write!(out, "{}", self.status())?,
                Err(e) => writeln!(out, "{e}")?,
            },
            "draw" => self.offer_draw(mover, input, out)?,
            "resign" => {
                let _ = self.session_mut().resign(mover);
            }
            "wait" if self.test_clock => match parse_wait(rest) {
                Some(d) => {
                    if let Some(result) = self.session_mut().tick(d) {
                        writeln!(out, "{mover}'s time ran out: {result}")?;
                    } else {
                        writeln!(out, "waited {rest}")?;
                    }
                }
                None => writeln!(
                    out,
                    "cannot read {}: expected a duration such as 30s or 2m",
                    quote(rest)
                )?,
            },
            "save" => self.save(rest, out)?,
            "load" => self.load(rest, out)?,
            "commit" => match self.session_mut().commit() {
                Ok(turns) => self.after_play(&turns, out)?,
                Err(e) => writeln!(out, "{e}")?,
            },
            _ => match self.session().position().parse_move(line) {
                Ok(mv) if self.session().format() == Format::Coaching => self.propose(mv, out)?,
                Ok(mv) => self.play_move(mv, out)?,
                Err(e) => {
                    let why = one_line(&e.to_string());
                    writeln!(
                        out,
                        "cannot read {}: {why} (type help for the commands)",
                        quote(line)
                    )?;
                }
            },
        }
        Ok(Line::Again)
    }

    /// Charges `elapsed`, the time a command of the mover took after its line was read (a
    /// search for `hint`, `auto` or the engine's answer to a draw offer), to the mover's clock;
    /// `true` when their time ran out (said on `out`).
    fn charge(
        &mut self,
        mover: G::Player,
        elapsed: Duration,
        out: &mut impl Write,
    ) -> Result<bool, Failure> {
        match self.session_mut().tick(elapsed) {
            Some(result) => {
                writeln!(out, "{mover}'s time ran out: {result}")?;
                Ok(true)
            }
            None => Ok(false),
        }
    }

    fn play_move(&mut self, mv: G::Move, out: &mut impl Write) -> Result<(), Failure> {
        match self.session_mut().play(mv) {
            Ok(turns) => self.after_play(&turns, out),
            Err(SessionError::Illegal(e)) => {
                writeln!(out, "illegal: {}", one_line(&e.to_string()))?;
                Ok(())
            }
            Err(e) => {
                writeln!(out, "{e}")?;
                Ok(())
            }
        }
    }

    fn after_play(
        &mut self,
        turns: &[PlayedTurn<G::Player, G::Move>],
        out: &mut impl Write,
    ) -> Result<(), Failure> {
        self.report(turns, out)?;
        self.selected = None;
        write!(out, "{}", self.status())?;
        Ok(())
    }

    fn propose(&mut self, mv: G::Move, out: &mut impl Write) -> Result<(), Failure> {
        let text = self.session().position().move_text(mv);
        match self.session_mut().propose(&CatalogCoach, mv) {
            Ok(report) => {
                writeln!(out, "candidate {text}:")?;
                if let Some(outcome) = report.ends_game {
                    writeln!(
                        out,
                        "  it ends the game: {}",
                        report.after.outcome_words(outcome)
                    )?;
                } else {
                    let wins: Vec<String> = report
                        .threats
                        .iter()
                        .filter(|t| t.wins)
                        .map(|t| report.after.move_text(t.reply))
                        .collect();
                    let captures: Vec<String> = report
                        .threats
                        .iter()
                        .filter(|t| t.captures && !t.wins)
                        .map(|t| report.after.move_text(t.reply))
                        .collect();
                    let opponent = report.after.side_to_move();
                    if wins.is_empty() {
                        writeln!(out, "  {opponent} cannot win at once after it")?;
                    } else {
                        writeln!(
                            out,
                            "  {opponent} could win at once with: {}",
                            wins.join(" ")
                        )?;
                    }
                    if !captures.is_empty() {
                        writeln!(
                            out,
                            "  {opponent} could capture with: {}",
                            captures.join(" ")
                        )?;
                    }
                    if let Some(hand) = report.hand_over {
                        writeln!(out, "  {hand}")?;
                    }
                }
                writeln!(
                    out,
                    "  type commit to play it, or another move to revise it"
                )?;
            }
            Err(SessionError::Illegal(e)) => {
                writeln!(out, "illegal: {}", one_line(&e.to_string()))?;
            }
            Err(e) => writeln!(out, "{e}")?,
        }
        Ok(())
    }

    fn offer_draw(
        &mut self,
        mover: G::Player,
        input: &mut impl BufRead,
        out: &mut impl Write,
    ) -> Result<(), Failure> {
        let other = mover.other();
        let accepted =
            if let Participant::Engine { spec } = self.session().participant(other).clone() {
                let (_, score, elapsed) = self.search(&spec)?;
                // The offer's time, the engine's judgement included, is the mover's.
                if self.charge(mover, elapsed, out)? {
                    return Ok(());
                }
                // Drawn by the engine's judgement: a proven draw, a level position, or a position
                // that keeps coming back.
                let drawn = self.session().repetitions() > 1
                    || matches!(score, Score::Draw)
                    || matches!(score, Score::Eval(e) if e.abs() <= 20);
                writeln!(
                    out,
                    "the engine {} the draw",
                    if drawn { "accepts" } else { "declines" }
                )?;
                drawn
            } else {
                let question = format!("{other}, {mover} offers a draw: accept? (yes/no) ");
                let answer = ask(&question, input, out)?.map(|a| a.to_lowercase());
                let yes = matches!(answer.as_deref(), Some("yes" | "y"));
                if !yes {
                    writeln!(out, "{other} declines the draw")?;
                }
                yes
            };
        if accepted {
            let _ = self.session_mut().agree_draw();
        }
        Ok(())
    }

    fn save(&self, file: &str, out: &mut impl Write) -> Result<(), Failure> {
        if file.is_empty() {
            writeln!(out, "save where? type save FILE")?;
            return Ok(());
        }
        match write_whole(std::path::Path::new(file), &(self.play.to_json() + "\n")) {
            Ok(()) => writeln!(out, "saved to {file}")?,
            Err(e) => writeln!(
                out,
                "cannot save to {}: {e}; an earlier file there is as it was",
                quote(file)
            )?,
        }
        Ok(())
    }

    fn load(&mut self, file: &str, out: &mut impl Write) -> Result<(), Failure> {
        if file.is_empty() {
            writeln!(out, "load what? type load FILE")?;
            return Ok(());
        }
        let text = match std::fs::read_to_string(file) {
            Ok(text) => text,
            Err(e) => {
                writeln!(out, "cannot load {}: {e}; the game goes on", quote(file))?;
                return Ok(());
            }
        };
        match game_sessions::Play::<G>::from_json(&text, G::NAME) {
            Ok(play) => {
                // Every engine of the file must be one this program can build: found only at
                // its turn, a bad one would end the program and lose the game.
                if let Err(why) = self.check_engines(&play) {
                    writeln!(
                        out,
                        "cannot load {}: {}; the game goes on",
                        quote(file),
                        one_line(&why)
                    )?;
                    return Ok(());
                }
                self.play = play;
                writeln!(out, "loaded {file}")?;
                write!(out, "{}", self.status())?;
            }
            Err(e) => writeln!(
                out,
                "cannot load {}: {}; the game goes on",
                quote(file),
                one_line(&e.to_string())
            )?,
        }
        Ok(())
    }

    /// Checks that every engine participant of `play` (of the match and of the game under way)
    /// has a spec that reads and builds; or why one does not.
    fn check_engines(&self, play: &game_sessions::Play<G>) -> Result<(), String> {
        let seats = play.participants().iter();
        for participant in seats.chain(play.current().participants()) {
            let Participant::Engine { spec } = participant else {
                continue;
            };
            let built = super::engine_spec(spec).and_then(|parsed| {
                if self.engines.iter().any(|(s, _)| s == spec) {
                    Ok(())
                } else {
                    super::engine::<G>(&parsed, self.seed).map(|_| ())
                }
            });
            match built {
                Ok(()) => {}
                Err(Failure::Usage(why) | Failure::Refuted(why)) => return Err(why),
                Err(Failure::Io(e)) => return Err(format!("engine {}: {e}", quote(spec))),
                Err(Failure::Interrupted) => return Err("interrupted".to_owned()),
            }
        }
        Ok(())
    }

    fn print_end(&self, out: &mut impl Write) -> Result<(), Failure> {
        let session = self.session();
        let Some(result) = session.result() else {
            return Ok(());
        };
        // A new line: the prompt before may still be open when the input is not echoed.
        writeln!(out)?;
        if result.has_result() {
            writeln!(out, "result: {result}")?;
        } else {
            writeln!(out, "result: unfinished ({result})")?;
        }
        writeln!(out, "reason: {}", reason_words(session, result))?;
        self.print_record(out)
    }

    fn print_record(&self, out: &mut impl Write) -> Result<(), Failure> {
        let record = self.session().record();
        writeln!(out, "start: {}", record.start().position_text())?;
        writeln!(out, "moves: {}", record.move_texts().join(" "))?;
        writeln!(out, "record: {record}")?;
        Ok(())
    }
}

/// Writes `text` to `path` whole or not at all: beside it first, then renamed onto it, so that
/// a failed write (a full disk, a size limit) leaves an earlier file at `path` as it was.
fn write_whole(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    let (mut guard, mut file) = crate::partial::PartialFile::beside(path)?;
    file.write_all(text.as_bytes())?;
    file.sync_all()?;
    drop(file);
    guard.finish()
}

/// The reason for a result, in words.
fn reason_words<G: CatalogGame>(
    session: &Session<G>,
    result: SessionResult<G::Player, G::Reason>,
) -> String {
    match result {
        SessionResult::Rules(outcome) => session.position().outcome_words(outcome),
        SessionResult::DrawAgreed => "both players agreed to a draw".to_owned(),
        SessionResult::Resigned { winner } => {
            format!("{} resigned, so {winner} wins", winner.other())
        }
        SessionResult::OnTime { winner } => {
            format!(
                "{}'s time ran out before a winning move, so {winner} wins",
                winner.other()
            )
        }
        SessionResult::BothFlagsDown => {
            "both flags are down and nobody can tell which fell first: a draw".to_owned()
        }
        _ => "the game was stopped without a result".to_owned(),
    }
}

/// `30s`, `2m`, `1m30s`.
fn parse_wait(text: &str) -> Option<Duration> {
    text.parse::<TimeControl>().ok().map(|c| c.initial)
}

fn help_text(format: Format) -> String {
    let mut text = String::from(
        "a move in the game's notation (kamisado c1a3, onitama tiger:c1c3), or:\n\
         \x20 moves          the legal moves\n\
         \x20 hint           the engine's suggestion\n\
         \x20 auto           let the engine play your move\n\
         \x20 dest [SQUARE]  Kamisado: the destinations of the tower to move (or on SQUARE)\n\
         \x20 board          the board again\n\
         \x20 undo, redo     take back to your previous turn, replay it\n\
         \x20 draw           offer a draw; resign  give up the game\n\
         \x20 save FILE      save the game; load FILE  continue a saved game\n\
         \x20 help, quit\n",
    );
    match format {
        Format::Coaching => text.push_str("coaching round: a move is a candidate; commit plays it\n"),
        Format::ClockDuel { .. } => text.push_str("clock duel: your time runs while the prompt waits; undo is a correction (no time charged)\n"),
        _ => {}
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser as _;
    use game_catalog::GameName;

    /// The clock of `mover` after `line` at their prompt, every search costing 7 seconds.
    struct AfterLine {
        args: &'static [&'static str],
        line: &'static str,
    }

    impl GameVisitor for AfterLine {
        type Output = (Duration, Duration);

        fn visit<G: CatalogGame>(self) -> (Duration, Duration) {
            let mut argv = vec!["games", "play"];
            argv.extend_from_slice(self.args);
            let crate::args::Command::Play(args) = crate::args::Cli::parse_from(argv).command
            else {
                panic!("a play command");
            };
            let mut out = Vec::new();
            let mut none = std::io::Cursor::new(Vec::new());
            let mut term = Terminal::<G>::new(&args, false, false, &mut none, &mut out)
                .expect("the flags are good")
                .expect("no question asked");
            term.hint_spec = "random".to_owned();
            term.search_cost = Some(Duration::from_secs(7));
            let mover = term.session().to_move().expect("a side to move");
            let mut input = std::io::Cursor::new(self.line.as_bytes().to_vec());
            let before = term.session().clock().expect("a clock").remaining(mover);
            term.person_turn(mover, &mut input, &mut out)
                .expect("the line is played");
            let after = term.session().clock().expect("a clock").remaining(mover);
            (before, after)
        }
    }

    fn charged(args: &'static [&'static str], line: &'static str) -> Duration {
        let (before, after) = GameName::Onitama.visit(AfterLine { args, line });
        before.saturating_sub(after)
    }

    /// `hint`, `auto` and the engine's judgement of a draw offer charge their search to the
    /// mover (the test clock charges the wait at the prompt nothing).
    #[test]
    fn the_searches_a_person_asks_for_are_charged_to_them() {
        let people = &[
            "onitama",
            "--players",
            "human,human",
            "--clock",
            "1m",
            "--test-clock",
        ];
        assert_eq!(charged(people, "hint\n"), Duration::from_secs(7));
        assert_eq!(charged(people, "auto\n"), Duration::from_secs(7));
        assert_eq!(charged(people, "moves\n"), Duration::ZERO);
        // The side to move offers (its turn played as a person's here) to the engine.
        let engine = &[
            "onitama",
            "--players",
            "engine,engine",
            "--iterations",
            "10",
            "--clock",
            "1m",
            "--test-clock",
        ];
        assert_eq!(charged(engine, "draw\n"), Duration::from_secs(7));
    }

    /// Whether a game starts on a terminal after `input` answers the questions before it, and
    /// the level it has.
    struct Starts(&'static str);

    impl GameVisitor for Starts {
        type Output = Option<String>;

        fn visit<G: CatalogGame>(self) -> Option<String> {
            let crate::args::Command::Play(args) =
                crate::args::Cli::parse_from(["games", "play", "onitama"]).command
            else {
                panic!("a play command");
            };
            let mut input = std::io::Cursor::new(self.0.as_bytes().to_vec());
            let mut out = Vec::new();
            Terminal::<G>::new(&args, true, false, &mut input, &mut out)
                .expect("the flags are good")
                .map(|game| game.hint_spec)
        }
    }

    /// The end of the input (Ctrl-D) at the level or side question ends `games play`, as it
    /// does at the prompt, instead of starting a game with the defaults.
    #[test]
    fn the_end_of_the_input_at_a_question_ends_the_game() {
        assert_eq!(GameName::Onitama.visit(Starts("")), None);
        assert_eq!(GameName::Onitama.visit(Starts("easy\n")), None);
        assert_eq!(
            GameName::Onitama.visit(Starts("easy\nred\n")).as_deref(),
            Some("easy")
        );
        assert_eq!(
            GameName::Onitama.visit(Starts("\n\n")).as_deref(),
            Some("medium")
        );
    }

    /// The level question's answer is read in any case.
    #[test]
    fn the_level_answer_is_read_in_any_case() {
        for answer in ["Easy\n\n", "EASY\n\n"] {
            assert_eq!(
                GameName::Onitama.visit(Starts(answer)).as_deref(),
                Some("easy")
            );
        }
    }
}
