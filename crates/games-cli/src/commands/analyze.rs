//! `games analyze`: an engine's view of a position.

use std::io::Write;
use std::time::Duration;

use game_catalog::external::NO_MOVE_CAUSE;
use game_catalog::views::{AnalysisView, pv_texts};
use game_catalog::{CatalogGame, GameVisitor};
use game_engines::{Engine, Limits, SearchResult};

use crate::args::AnalyzeArgs;
use crate::error::{Failure, quote, usage};

/// `games analyze` for the game `G`.
pub struct Analyze<'a>(pub &'a AnalyzeArgs);

impl GameVisitor for Analyze<'_> {
    type Output = Result<(), Failure>;

    fn visit<G: CatalogGame>(self) -> Result<(), Failure> {
        let a = self.0;
        let record = super::record::<G>(&a.position)?;
        let limits = limits(a)?;
        let mut spec = super::engine_spec(&a.engine)?;
        if a.threads != 1 {
            spec = spec
                .with_option("threads", &a.threads.to_string())
                .map_err(|e| usage(format!("--threads {}: {e}", a.threads)))?;
        }
        let mut engine = super::engine::<G>(&spec, a.seed)?;
        let history = record.earlier_zobrists();
        engine.set_earlier_positions(&history);
        let pos = record.position().clone();
        let mut out = std::io::stdout().lock();
        let mut failed = None;
        let over = pos.is_over();
        let result = engine.search_with_progress(&pos, &limits, &mut |progress| {
            // A report without a move in a game that goes on is a broken engine's: refused below.
            if !a.json && failed.is_none() && (over || progress.best.is_some()) {
                if let Err(e) = writeln!(out, "{}", depth_line(&pos, progress)) {
                    failed = Some(e);
                }
            }
        });
        if let Some(e) = failed {
            return Err(e.into());
        }
        if result.best.is_none() && !over {
            // Only `external` does this: the other program failed, printed no JSON or named no
            // legal move. The contract's `best` is null only when the game is over.
            return Err(usage(format!(
                "engine {} gave no move ({NO_MOVE_CAUSE})",
                engine.name()
            )));
        }
        if a.json {
            let view = AnalysisView::of(&pos, engine.name(), &result);
            let text = serde_json::to_string(&view).map_err(std::io::Error::other)?;
            writeln!(out, "{text}")?;
        } else if result.best.is_none() {
            writeln!(out, "the game is over: {}", result.score)?;
        } else {
            let best = result.best.map(|mv| pos.move_text(mv)).unwrap_or_default();
            writeln!(out, "best {best} ({}, {})", result.score, engine.name())?;
        }
        Ok(())
    }
}

/// The search limits of the options: `--depth`, `--time` or `--nodes`, one second by default.
fn limits(a: &AnalyzeArgs) -> Result<Limits, Failure> {
    if let Some(depth) = a.depth {
        if depth == 0 {
            return Err(usage("bad --depth 0: search at least 1 ply"));
        }
        return Ok(Limits::depth(depth));
    }
    if let Some(nodes) = a.nodes {
        if nodes == 0 {
            return Err(usage("bad --nodes 0: search at least 1 node"));
        }
        return Ok(Limits::nodes(nodes));
    }
    match &a.time {
        Some(text) => seconds("--time", text).map(Limits::time),
        None => Ok(Limits::time(Duration::from_secs(1))),
    }
}

/// A time in seconds (`1`, `0.5`, `2e3`) given to `flag`, above 0 and at most what a
/// [`Duration`] holds; an error quotes `text` as the user wrote it.
fn seconds(flag: &str, text: &str) -> Result<Duration, Failure> {
    let bad = |why: String| usage(format!("bad {flag} {}: {why}", quote(text)));
    // A whole number exactly (a float would round the largest ones past the limit).
    if let Ok(whole) = text.trim().parse::<u64>() {
        return match whole {
            0 => Err(bad("expected a number of seconds above 0".to_owned())),
            _ => Ok(Duration::from_secs(whole)),
        };
    }
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| bad("expected a number of seconds above 0".to_owned()))?;
    if value.is_nan() || value <= 0.0 {
        return Err(bad("expected a number of seconds above 0".to_owned()));
    }
    match Duration::try_from_secs_f64(value) {
        Ok(time) if time.is_zero() => Err(bad(
            "too small (at least 0.000000001 seconds, a nanosecond)".to_owned(),
        )),
        Ok(time) => Ok(time),
        Err(_) => Err(bad(format!(
            "too large (at most {} seconds)",
            Duration::MAX.as_secs()
        ))),
    }
}

/// `depth 6  score +35  nodes 12345  nps 678901  pv c1a3 b8h2 ...`.
fn depth_line<G: CatalogGame>(pos: &G, r: &SearchResult<G::Move>) -> String {
    format!(
        "depth {}  score {}  nodes {}  nps {}  pv {}",
        r.depth,
        r.score,
        r.nodes,
        r.nodes_per_second(),
        pv_texts(pos, &r.pv).join(" ")
    )
}
