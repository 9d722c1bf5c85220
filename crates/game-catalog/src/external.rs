//! [`External`]: an engine that is another `games` program, asked one position at a time
//! through `games analyze GAME --position TEXT --time S --json` (the command-line contract).
//!
//! Matches use it to play the engine of another build (an older release, a branch) against
//! this one, and a harness that knows nothing of the workspace can drive ours the same way.
//! Each move is a fresh process given only the position: no table and no game history carry
//! over between moves, so repetitions are not scored as draws by the external side.

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

use abstract_game::Notation;
use game_engines::{Clock, Engine, Limits, Score, SearchResult};

use crate::entry::CatalogEntry;

/// Why an [`External`] engine gives no move in a game that goes on: what callers add to their
/// error (`engine NAME gave no move (...)`).
pub const NO_MOVE_CAUSE: &str =
    "an external program that failed, printed no JSON or named no legal move";

/// An engine that runs `CMD analyze GAME --position TEXT [LIMIT] --json [--engine SPEC]` for
/// every search and plays the `best` move it prints.
///
/// The limit is `--time` (seconds) for a time limit, else `--depth`, else `--nodes`, else
/// nothing (the program's default, one second). A program still running after its time limit
/// and as long again (at least [`GRACE`]) is stopped, as is one whose search the limits' stop
/// flag ends; one given a depth or a node count runs until it answers. A program that fails,
/// is stopped, prints no JSON or names no legal move gives no move (`best: None`): a match
/// then stops with
/// [`game_engines::matches::MatchError::NoMove`], and `games analyze` with an error.
#[derive(Clone, Debug)]
pub struct External {
    cmd: PathBuf,
    engine: Option<String>,
    name: String,
}

impl External {
    /// The external engine `cmd` (a `games` program), with `engine` as its `--engine` spec
    /// (its default engine when `None`); `name` is what [`Engine::name`] reports.
    #[must_use]
    pub fn new(cmd: PathBuf, engine: Option<String>, name: String) -> Self {
        External { cmd, engine, name }
    }

    /// The arguments of one search.
    fn args<G: Notation + CatalogEntry>(&self, pos: &G, limits: &Limits) -> Vec<String> {
        let mut args = vec![
            "analyze".to_owned(),
            G::NAME.to_owned(),
            "--position".to_owned(),
            pos.position_text(),
        ];
        if let Some(time) = limits.time {
            args.extend(["--time".to_owned(), format!("{}", time.as_secs_f64())]);
        } else if let Some(depth) = limits.depth {
            args.extend(["--depth".to_owned(), depth.to_string()]);
        } else if let Some(nodes) = limits.nodes {
            args.extend(["--nodes".to_owned(), nodes.to_string()]);
        }
        args.push("--json".to_owned());
        if let Some(engine) = &self.engine {
            args.extend(["--engine".to_owned(), engine.clone()]);
        }
        args
    }
}

/// How long a program given a time limit may run beyond it before it is stopped: the limit
/// again, and at least this (its start-up, a slow machine).
pub const GRACE: Duration = Duration::from_secs(10);

/// How often a running program is checked.
const POLL: Duration = Duration::from_millis(5);

/// Runs `command` to its end and returns what it printed, or `None` when it cannot be started,
/// fails, or is stopped: by the limits' stop flag, or after the time limit (if any) and as long
/// again, at least [`GRACE`], so that a program that hangs does not hang the caller.
fn run(command: &mut Command, limits: &Limits) -> Option<Vec<u8>> {
    let deadline = limits.time.map(|time| time.saturating_add(time.max(GRACE)));
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    // Read on a thread of its own: a program that prints more than a pipe holds is not blocked.
    let mut stdout = child.stdout.take()?;
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        stdout.read_to_end(&mut out).map(|_| out)
    });
    let clock = std::time::Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None)
                if limits.stop_requested() || deadline.is_some_and(|d| clock.elapsed() > d) =>
            {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => std::thread::sleep(POLL),
            Err(_) => break None,
        }
    };
    // A stopped program's own children may still hold its output open: its reader is left to
    // end with them.
    status.filter(std::process::ExitStatus::success)?;
    reader.join().ok()?.ok()
}

/// The score of the JSON object `{"kind": "win", "plies": 7}`.
fn score(value: &serde_json::Value) -> Score {
    let plies = value
        .get("plies")
        .and_then(serde_json::Value::as_u64)
        .unwrap_or(0) as u32;
    match value.get("kind").and_then(serde_json::Value::as_str) {
        Some("win") => Score::Win { plies },
        Some("loss") => Score::Loss { plies },
        Some("draw") => Score::Draw,
        _ => Score::Eval(
            value
                .get("value")
                .and_then(serde_json::Value::as_i64)
                .unwrap_or(0) as i32,
        ),
    }
}

impl<G: Notation + CatalogEntry> Engine<G> for External {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn search(&mut self, pos: &G, limits: &Limits) -> SearchResult<G::Move> {
        let started = Clock::start(limits); // not std's Instant, which panics on wasm32
        let mut result = SearchResult {
            best: None,
            score: Score::Eval(0),
            pv: Vec::new(),
            depth: 0,
            seldepth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        if let Some(over) = SearchResult::game_over(pos) {
            return over;
        }
        let json =
            run(Command::new(&self.cmd).args(self.args(pos, limits)), limits).and_then(|stdout| {
                let text = String::from_utf8_lossy(&stdout).into_owned();
                serde_json::from_str::<serde_json::Value>(text.trim()).ok()
            });
        result.elapsed = started.elapsed();
        let Some(json) = json else {
            return result;
        };
        let best = json
            .get("best")
            .and_then(serde_json::Value::as_str)
            .and_then(|text| pos.parse_move(text).ok())
            .filter(|&mv| pos.is_legal(mv));
        result.best = best;
        result.pv = best.into_iter().collect();
        result.score = json.get("score").map_or(Score::Eval(0), score);
        result.depth = json
            .get("depth")
            .and_then(serde_json::Value::as_u64)
            .unwrap_or(0) as u32;
        result.nodes = json
            .get("nodes")
            .and_then(serde_json::Value::as_u64)
            .unwrap_or(0);
        result
    }
}
