//! `games perft`.

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use abstract_game::perft::{Convention, Stopped, divide_until, parallel_perft_until};
use game_catalog::views::{PerftView, nodes_per_second};
use game_catalog::{CatalogGame, GameVisitor};

use crate::args::PerftArgs;
use crate::error::{Failure, usage};

/// The deepest perft the command accepts: far beyond what any machine finishes, small enough that
/// per-ply tables stay tiny.
pub const MAX_DEPTH: u32 = 64;

/// `games perft` for the game `G`.
pub struct Perft<'a>(pub &'a PerftArgs);

impl GameVisitor for Perft<'_> {
    type Output = Result<(), Failure>;

    fn visit<G: CatalogGame>(self) -> Result<(), Failure> {
        let pos: G = super::position(&self.0.position)?;
        perft(&pos, self.0)
    }
}

fn perft<G: CatalogGame>(pos: &G, o: &PerftArgs) -> Result<(), Failure> {
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
    // Ctrl-C stops the bulk counts (the plain and --divide modes) through this flag; the
    // statistics of --json play every move, do not look at it, and end at once by the signal.
    let stop = if o.json {
        Arc::new(AtomicBool::new(false))
    } else {
        crate::interrupt::ctrl_c_flag()
    };
    let interrupted = |Stopped| Failure::Interrupted;
    // With a node budget the output is held back until the run is known to fit, so a run that
    // stops prints nothing on stdout.
    let mut out: Vec<u8> = Vec::new();
    let buffered = o.max_nodes.is_some();
    let stdout = std::io::stdout();
    let start = Instant::now();
    if o.json {
        check_budget(pos, o, convention, &stop)?;
        let view = PerftView::compute(pos, o.depth, convention, o.divide);
        writeln!(
            out,
            "{}",
            serde_json::to_string(&view).map_err(std::io::Error::other)?
        )?;
    } else if o.divide {
        check_budget(pos, o, convention, &stop)?;
        let parts = divide_until(pos, o.depth, convention, &stop).map_err(interrupted)?;
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
            let n = parallel_perft_until(pos, depth, convention, o.threads, &stop)
                .map_err(interrupted)?;
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
fn check_budget<G: CatalogGame>(
    pos: &G,
    o: &PerftArgs,
    convention: Convention,
    stop: &AtomicBool,
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
            let n = parallel_perft_until(pos, depth, convention, o.threads, stop)
                .map_err(|Stopped| Failure::Interrupted)?;
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
