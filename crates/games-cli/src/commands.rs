//! The generic bodies of `perft` and `show`, and position set-up.

use crate::adapters::CliGame;
use crate::cli::{Failure, PositionArgs, usage};
use abstract_game::perft::{Convention, divide, parallel_perft, perft_stats};
use abstract_game::{EndReason, Outcome, Player};
use serde_json::{Value, json};
use std::io::Write;
use std::time::Instant;

/// The deepest perft the command accepts: far beyond what any machine finishes, small enough that
/// per-ply tables stay tiny.
pub const MAX_DEPTH: u32 = 64;

/// The position the options describe: `--position` or `--cards` or the default start, then
/// `--moves` played in order.
pub fn position<G: CliGame>(args: &PositionArgs) -> Result<G, Failure> {
    let mut pos = match (&args.position, &args.cards) {
        (Some(text), _) => G::parse_position(text)
            .map_err(|e| usage(format!("bad --position {}: {e}", quote(text))))?,
        (None, Some(cards)) => {
            G::from_cards(cards).map_err(|e| usage(format!("bad --cards {}: {e}", quote(cards))))?
        }
        (None, None) => G::default_start(),
    };
    if let Some(moves) = &args.moves {
        for (i, token) in moves.split_whitespace().enumerate() {
            // The parser's error quotes the token and says what is wrong with it.
            let mv = pos
                .parse_move(token)
                .map_err(|e| usage(format!("move {} of --moves: {e}", i + 1)))?;
            // The rules' error names the move and why it is illegal.
            pos.play(mv)
                .map_err(|e| usage(format!("move {} of --moves ({}): {e}", i + 1, quote(token))))?;
        }
    }
    Ok(pos)
}

/// A user's token, quoted for an error message and shortened if it is long.
pub fn quote(text: &str) -> String {
    const MAX: usize = 80;
    if text.chars().count() <= MAX {
        format!("{text:?}")
    } else {
        let head: String = text.chars().take(MAX).collect();
        format!("{head:?}... ({} bytes)", text.len())
    }
}

/// A message on one line, whatever the input held (a pasted position with newlines, 1 MB of
/// junk): control characters are escaped and the line is capped.
pub fn one_line(message: &str) -> String {
    const MAX: usize = 300;
    let mut out = String::new();
    for c in message.trim().chars() {
        if out.len() >= MAX {
            out.push_str("...");
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// What `games perft` was asked for.
#[derive(Debug, Clone, Copy)]
pub struct PerftOptions {
    pub depth: u32,
    pub divide: bool,
    pub terminal_leaves: bool,
    pub json: bool,
    pub threads: usize,
    pub max_nodes: Option<u64>,
}

/// `games perft`.
pub fn perft<G: CliGame>(pos: &G, o: &PerftOptions) -> Result<(), Failure> {
    if o.depth == 0 || o.depth > MAX_DEPTH {
        return Err(usage(format!(
            "bad depth {}: perft depth must be 1..={MAX_DEPTH}",
            o.depth
        )));
    }
    let convention = if o.terminal_leaves {
        Convention::TerminalLeaves
    } else {
        Convention::Standard
    };
    // With a node budget the output is held back until the run is known to fit, so a run that
    // stops prints nothing on stdout.
    let mut out: Vec<u8> = Vec::new();
    let buffered = o.max_nodes.is_some();
    let stdout = std::io::stdout();
    let start = Instant::now();
    if o.json {
        check_budget(pos, o, convention)?;
        let value = perft_json(pos, o, convention, start);
        writeln!(out, "{value}")?;
    } else if o.divide {
        check_budget(pos, o, convention)?;
        let parts = divide(pos, o.depth, convention);
        let total: u64 = parts.iter().map(|&(_, n)| n).sum();
        for (mv, n) in parts {
            writeln!(out, "{} {n}", pos.move_text(mv))?;
        }
        writeln!(out, "total {total}")?;
        writeln!(out, "{}", rate_line(total, start))?;
    } else {
        let mut counted = 0u64;
        let mut previous = [1u64, 1u64];
        for depth in 1..=o.depth {
            if let Some(limit) = o.max_nodes {
                let estimate = estimate_next(previous);
                if estimate > limit {
                    return Err(over_budget(depth, estimate, limit));
                }
            }
            let n = parallel_perft(pos, depth, convention, o.threads);
            counted += n;
            previous = [previous[1], n];
            writeln!(out, "{depth} {n}")?;
            if !buffered {
                stdout.lock().write_all(&out)?;
                out.clear();
            }
        }
        writeln!(out, "{}", rate_line(counted, start))?;
    }
    stdout.lock().write_all(&out)?;
    Ok(())
}

/// An estimate of the next depth's count from the last two: the last count times the last
/// branching factor (rounded up, at least 1).
fn estimate_next([before, last]: [u64; 2]) -> u64 {
    let factor = last.div_ceil(before.max(1)).max(1);
    last.saturating_mul(factor)
}

fn over_budget(depth: u32, estimate: u64, limit: u64) -> Failure {
    usage(format!(
        "--max-nodes {limit}: depth {depth} would count about {estimate} leaves; lower the depth or raise the limit"
    ))
}

/// For the single-run modes (divide, JSON): walk the depths cheaply with bulk counting until the
/// estimate of the requested depth is known to fit.
fn check_budget<G: CliGame>(
    pos: &G,
    o: &PerftOptions,
    convention: Convention,
) -> Result<(), Failure> {
    let Some(limit) = o.max_nodes else {
        return Ok(());
    };
    let mut previous = [1u64, 1u64];
    for depth in 1..=o.depth {
        let estimate = estimate_next(previous);
        if estimate > limit {
            return Err(over_budget(depth, estimate, limit));
        }
        if depth < o.depth {
            let n = parallel_perft(pos, depth, convention, o.threads);
            previous = [previous[1], n];
        }
    }
    Ok(())
}

fn rate_line(nodes: u64, start: Instant) -> String {
    let seconds = start.elapsed().as_secs_f64();
    format!(
        "time {seconds:.3} s, {} nodes/s",
        nodes_per_second(nodes, seconds)
    )
}

fn nodes_per_second(nodes: u64, seconds: f64) -> u64 {
    if seconds > 0.0 {
        (nodes as f64 / seconds) as u64
    } else {
        0
    }
}

fn perft_json<G: CliGame>(
    pos: &G,
    o: &PerftOptions,
    convention: Convention,
    start: Instant,
) -> Value {
    let stats = perft_stats(pos, o.depth, convention);
    let plies: Vec<Value> = stats
        .iter()
        .map(|s| {
            let mut entry = serde_json::Map::new();
            entry.insert("ply".into(), json!(s.ply));
            entry.insert("nodes".into(), json!(s.nodes));
            entry.insert("passes".into(), json!(s.passes));
            for &reason in G::Reason::ALL {
                entry.insert(reason.id().into(), json!(s.ends_by(reason)));
            }
            Value::Object(entry)
        })
        .collect();
    let nodes = stats.last().map_or(1, |s| s.nodes);
    let mut object = serde_json::Map::new();
    object.insert("game".into(), json!(G::NAME));
    object.insert("position".into(), json!(pos.position_text()));
    object.insert("depth".into(), json!(o.depth));
    object.insert("nodes".into(), json!(nodes));
    object.insert("plies".into(), Value::Array(plies));
    if o.divide {
        let parts: Vec<Value> = divide(pos, o.depth, convention)
            .into_iter()
            .map(|(mv, n)| json!({"move": pos.move_text(mv), "nodes": n}))
            .collect();
        object.insert("divide".into(), Value::Array(parts));
    }
    let seconds = start.elapsed().as_secs_f64();
    object.insert("seconds".into(), json!(seconds));
    object.insert(
        "nodes_per_second".into(),
        json!(nodes_per_second(nodes, seconds)),
    );
    Value::Object(object)
}

/// The outcome as JSON: `null`, or the winner's key (`null` for a draw) and the reason's key.
pub fn outcome_json<P: Player, R: EndReason>(outcome: Option<Outcome<P, R>>) -> Value {
    match outcome {
        None => Value::Null,
        Some(o) => json!({
            "winner": o.winner().map(Player::id),
            "reason": o.reason().id(),
        }),
    }
}

/// The legal moves of a position in canonical notation.
pub fn legal_move_texts<G: CliGame>(pos: &G) -> Vec<String> {
    pos.legal_moves()
        .into_iter()
        .map(|mv| pos.move_text(mv))
        .collect()
}

/// The text form of `show` (also used by `play` between moves).
pub fn show_text<G: CliGame>(pos: &G) -> String {
    use std::fmt::Write as _;
    let mut text = pos.diagram();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    // Writing to a String cannot fail.
    let _ = writeln!(text, "position: {}", pos.position_text());
    if let Some(outcome) = pos.outcome() {
        let _ = writeln!(text, "game over: {outcome}");
    } else {
        let moves = legal_move_texts(pos);
        let _ = writeln!(text, "{}", pos.turn_summary());
        let _ = writeln!(text, "legal moves ({}): {}", moves.len(), moves.join(" "));
    }
    text
}

/// `games show`.
pub fn show<G: CliGame>(pos: &G, json: bool) -> Result<(), Failure> {
    let text = if json {
        let value = json!({
            "game": G::NAME,
            "position": pos.position_text(),
            "to_move": pos.side_to_move().id(),
            "legal_moves": legal_move_texts(pos),
            "outcome": outcome_json(pos.outcome()),
        });
        format!("{value}\n")
    } else {
        show_text(pos)
    };
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(())
}
