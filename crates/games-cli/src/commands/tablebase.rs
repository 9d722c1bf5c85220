//! `games tablebase onitama`: build an endgame tablebase; `games solve onitama --tablebase FILE`:
//! the exact value and line of a position from one.

use std::io::Write;
use std::time::Instant;

use abstract_game::{ExactValue, Wdl};
use game_catalog::views::pv_texts;
use game_catalog::{GameName, engines};
use indicatif::{ProgressBar, ProgressStyle};
use onitama_core::{Deal, Move, Position};
use onitama_tablebase::{Generator, Stats, Tablebase, TablebaseError, TablebaseFile};

use crate::args::{SolveArgs, TablebaseArgs};
use crate::error::{Failure, quote, usage};
use crate::partial::PartialFile;

/// The memory the machine can give now, in bytes (`MemAvailable` of `/proc/meminfo`), if known.
fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

fn gib(bytes: u64) -> f64 {
    bytes as f64 / f64::from(1u32 << 30)
}

/// `games tablebase`.
pub fn build(a: &TablebaseArgs) -> Result<(), Failure> {
    if a.game != GameName::Onitama {
        return Err(usage(format!(
            "tablebase: only onitama has tablebases, not {}",
            a.game
        )));
    }
    let deal: Deal = a
        .cards
        .parse()
        .map_err(|e| usage(format!("bad --cards {}: {e}", quote(&a.cards))))?;
    let mut generator = Generator::new(deal.cards(), a.pieces)
        .map_err(|e| usage(format!("bad --pieces {}: {e}", a.pieces)))?;
    if let Some(threads) = a.threads {
        if !(1..=engines::MAX_THREADS).contains(&threads) {
            return Err(usage(format!(
                "bad --threads {threads}: expected 1..={} threads",
                engines::MAX_THREADS
            )));
        }
        generator = generator.threads(threads);
    }
    let entries = generator.entries();
    let free = available_memory();
    // In memory (4 bytes per entry at most) unless asked otherwise or it does not fit; through
    // files (about 0.38 bytes per entry) then.
    let low_memory = a.low_memory
        || free.is_some_and(|f| generator.memory_bytes() > f && generator.file_memory_bytes() <= f);
    if low_memory && a.compare_stuck_loses {
        return Err(usage(
            "--compare-stuck-loses: the variant is built in memory only (drop --low-memory, or use fewer pieces)",
        ));
    }
    let tables = if a.compare_stuck_loses { 2 } else { 1 };
    // The variant is built after the real table, which stays in memory (one byte per entry).
    let need = if low_memory {
        generator.file_memory_bytes()
    } else {
        generator.memory_bytes() + (tables - 1) * entries
    };
    // The table is written beside `--out` and renamed onto it at the end, in memory and through
    // files: a bad path is reported before anything is printed or built, and a failed or
    // interrupted build leaves an earlier file there as it was.
    let (mut partial, file) = PartialFile::create(&a.out)?;
    // Through files, the distances of each level are kept in a directory beside the table,
    // which must not exist yet (one left by an interrupted build).
    let levels = {
        let mut levels = partial.partial_path().as_os_str().to_owned();
        levels.push(".levels");
        std::path::PathBuf::from(levels)
    };
    if low_memory && levels.exists() {
        return Err(usage(format!(
            "cannot build --out {}: {} exists (left by an interrupted build?): remove it first",
            a.out.display(),
            levels.display()
        )));
    }
    let mut out = std::io::stdout().lock();
    if low_memory {
        writeln!(
            out,
            "{entries} entries (1 byte per entry in the file), memory needed: {:.2} GiB (built through files: 2 bits per state in memory, the distances on disk in {} until the end)",
            gib(need),
            levels.display()
        )?;
    } else {
        writeln!(
            out,
            "{entries} entries (1 byte per entry in the file), memory needed: {:.2} GiB",
            gib(need)
        )?;
    }
    out.flush()?;
    if let Some(free) = free {
        if free < need {
            return Err(usage(format!(
                "not enough memory: the table needs {:.2} GiB, {:.2} GiB available",
                gib(need),
                gib(free)
            )));
        }
    }
    // Ctrl-C stops the build (exit 130): the partial file (and the level lists) are removed,
    // an earlier `--out` stays as it was.
    let stop = crate::interrupt::ctrl_c_flag();
    let generator = generator.with_stop(std::sync::Arc::clone(&stop));
    let start = Instant::now();
    let cannot =
        |e: &dyn std::fmt::Display| usage(format!("cannot write --out {}: {e}", a.out.display()));
    let stats = if low_memory {
        // Through files: the generator writes the file itself (and removes it if it fails).
        drop(file);
        let bar = progress_bar(generator.file_work(), "building");
        let stats = generator.generate_to_file(partial.partial_path(), &|n| bar.inc(n));
        bar.finish_and_clear();
        let stats = stats.map_err(|e| match e {
            TablebaseError::Stopped => Failure::Interrupted,
            e => usage(format!("cannot build --out {}: {e}", a.out.display())),
        })?;
        partial.finish().map_err(|e| cannot(&e))?;
        stats
    } else {
        let table = run(&generator, "building")?;
        table
            .write_to(std::io::BufWriter::with_capacity(1 << 20, file))
            .map_err(|e| cannot(&e))?;
        // The writing does not look at the flag: a Ctrl-C meanwhile is honoured here.
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return Err(Failure::Interrupted);
        }
        partial.finish().map_err(|e| cannot(&e))?;
        if a.compare_stuck_loses {
            let variant = run(&generator.clone().stuck_loses(true), "stuck loses")?;
            let changed = table.wdl_differences(&variant).unwrap_or(0);
            let s = variant.stats();
            writeln!(
                out,
                "if a stuck player lost: wins {}, draws {}, losses {}; {changed} positions change value",
                s.wins, s.draws, s.losses
            )?;
        }
        table.stats()
    };
    let seconds = start.elapsed().as_secs_f64();
    let Stats {
        positions,
        wins,
        draws,
        losses,
        longest_win,
    } = stats;
    writeln!(
        out,
        "positions {positions} (side to move, each also with the colours swapped), wins {wins}, draws {draws}, losses {losses}, longest win {longest_win} plies, {seconds:.1} s ({:.1} M entries per second per thread)",
        entries as f64 / seconds / 1e6 / generator_threads(a) as f64
    )?;
    Ok(())
}

fn generator_threads(a: &TablebaseArgs) -> usize {
    a.threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
}

/// A progress bar (with its estimate of the time left) on stderr for `total` units of work.
fn progress_bar(total: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(total);
    if let Ok(style) =
        ProgressStyle::with_template("{msg} [{elapsed_precise}] {wide_bar} {percent}% eta {eta}")
    {
        bar.set_style(style);
    }
    bar.set_message(what.to_owned());
    bar
}

/// Builds one table in memory with a progress bar on stderr.
fn run(generator: &Generator, what: &str) -> Result<Tablebase, Failure> {
    let bar = progress_bar(2 * generator.entries(), what);
    let table = generator.generate(&|n| bar.inc(n));
    bar.finish_and_clear();
    table.map_err(|e| match e {
        TablebaseError::Stopped => Failure::Interrupted,
        e => usage(e.to_string()),
    })
}

/// The best move of `pos` by the table and the value after it: for a win, a move that wins at
/// once or leaves the opponent lost one ply sooner; for a loss, the longest resistance; for a
/// draw, a move that keeps the draw.
fn best_move(
    table: &TablebaseFile,
    pos: &Position,
    value: ExactValue,
) -> Result<Option<Move>, TablebaseError> {
    for mv in pos.legal_moves() {
        let child = pos.after_unchecked(mv);
        let after = if child.is_over() {
            Some(ExactValue::loss(0))
        } else {
            table.probe(&child)?
        };
        if after == Some(flip(value)) {
            return Ok(Some(mv));
        }
    }
    Ok(None)
}

/// The value of the child after the parent's best move, one ply on from the parent's `value`
/// (the inverse of [`ExactValue::back`]).
fn flip(value: ExactValue) -> ExactValue {
    match value.wdl {
        Wdl::Win => ExactValue::loss(value.plies - 1),
        Wdl::Loss => ExactValue::win(value.plies - 1),
        Wdl::Draw => ExactValue::DRAW,
    }
}

/// `games solve onitama --tablebase FILE`.
pub fn solve(a: &SolveArgs) -> Result<(), Failure> {
    let Some(path) = &a.tablebase else {
        return Err(usage("--tablebase: missing FILE"));
    };
    if a.game != GameName::Onitama {
        return Err(usage(format!(
            "--tablebase: only onitama has tablebases, not {}",
            a.game
        )));
    }
    if a.proof.is_some() {
        return Err(usage(
            "--proof with --tablebase: not supported yet (use the table itself as the certificate)",
        ));
    }
    let pos: Position = super::position(&a.position)?;
    let start = Instant::now();
    // Probed in place (one read per position), so that even the 8-piece table (51 GB) answers
    // at once; the header and the length are checked here, the checksum when it was built.
    let bad = |e: TablebaseError| usage(format!("bad --tablebase {}: {e}", path.display()));
    let table = TablebaseFile::open(path).map_err(bad)?;
    let Some(value) = table.probe(&pos).map_err(bad)? else {
        return Err(usage(format!(
            "the position is not in the tablebase {} ({} pieces at most, {} per side; cards {}): {}",
            path.display(),
            table.pieces(),
            table.pieces() / 2,
            table.cards().map(onitama_core::Card::name).join(","),
            if pos.is_over() {
                "the game is over"
            } else {
                "other cards or more pieces"
            }
        )));
    };
    let mut line = Vec::new();
    let (mut at, mut v) = (pos, value);
    let limit = if value.wdl == Wdl::Draw {
        20
    } else {
        value.plies
    };
    while line.len() < limit as usize {
        let Some(mv) = best_move(&table, &at, v).map_err(bad)? else {
            break;
        };
        line.push(mv);
        at = at.after_unchecked(mv);
        if at.is_over() {
            break;
        }
        v = flip(v);
    }
    let moves: Option<Vec<(Move, ExactValue)>> = if a.all_moves {
        let mut moves = Vec::new();
        for mv in pos.legal_moves() {
            let child = pos.after_unchecked(mv);
            let v = if child.is_over() {
                ExactValue::win(1)
            } else {
                table
                    .probe(&child)
                    .map_err(bad)?
                    .map_or(ExactValue::DRAW, ExactValue::back)
            };
            moves.push((mv, v));
        }
        Some(moves)
    } else {
        None
    };
    let seconds = start.elapsed().as_secs_f64();
    let winner = match value.wdl {
        Wdl::Win => Some(pos.side_to_move()),
        Wdl::Loss => Some(pos.side_to_move().other()),
        Wdl::Draw => None,
    };
    let mut out = std::io::stdout().lock();
    if a.json {
        let plies = (value.wdl != Wdl::Draw).then_some(value.plies);
        let mut object = serde_json::Map::new();
        object.insert("game".into(), "onitama".into());
        object.insert("position".into(), pos.to_string().into());
        object.insert("value".into(), value.wdl.id().into());
        object.insert("plies".into(), plies.into());
        object.insert("winner".into(), winner.map(onitama_core::Side::id).into());
        object.insert("line".into(), pv_texts(&pos, &line).into());
        object.insert("seconds".into(), seconds.into());
        if let Some(moves) = &moves {
            let list: Vec<serde_json::Value> = moves
                .iter()
                .map(|&(mv, v)| {
                    let plies = (v.wdl != Wdl::Draw).then_some(v.plies);
                    serde_json::json!({"move": mv.to_string(), "value": v.wdl.id(), "plies": plies})
                })
                .collect();
            object.insert("moves".into(), list.into());
        }
        let text = serde_json::to_string(&object).map_err(std::io::Error::other)?;
        writeln!(out, "{text}")?;
    } else {
        match winner {
            Some(w) => writeln!(
                out,
                "{w} wins in {} plies ({} for {}, the side to move)",
                value.plies,
                value.wdl.id(),
                pos.side_to_move()
            )?,
            None => writeln!(out, "draw")?,
        }
        writeln!(out, "line: {}", pv_texts(&pos, &line).join(" "))?;
        if let Some(moves) = &moves {
            for &(mv, v) in moves {
                if v.wdl == Wdl::Draw {
                    writeln!(out, "{:<16} draw", mv.to_string())?;
                } else {
                    writeln!(out, "{:<16} {:<5} {}", mv.to_string(), v.wdl.id(), v.plies)?;
                }
            }
        }
        writeln!(out, "tablebase {}, {seconds:.2} s", path.display())?;
    }
    Ok(())
}
