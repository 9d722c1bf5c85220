//! `games tune onitama`: self-play games from random deals, their quiet positions labelled by
//! the game's result or exactly by the deal's 4-piece tablebase, and the evaluator's weights
//! fitted to them (Texel-style logistic regression), written as a weights file that
//! `alphabeta:weights=FILE` loads and the build embeds.

use std::io::Write;
use std::time::Instant;

use game_catalog::{GameName, engines};
use game_engines::tuning::{FitConfig, fit};
use indicatif::{ProgressBar, ProgressStyle};
use onitama_engine::OnitamaEval;
use onitama_engine::tune::{SelfPlayConfig, self_play};

use crate::args::TuneArgs;
use crate::error::{Failure, usage};
use crate::partial::PartialFile;

fn bar(len: u64, prefix: &str, unit: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template(&format!(
        "{{prefix}} [{{bar:30}}] {{pos}}/{{len}} {unit}  {{elapsed_precise}} eta {{eta}}"
    )) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_prefix(prefix.to_owned());
    bar
}

/// The most deals of one run (its deals are drawn before the first game).
const MAX_DEALS: usize = 1_000_000;
/// The most games per deal.
const MAX_GAMES_PER_DEAL: usize = 1_000_000;

/// `games tune`.
pub fn tune(a: &TuneArgs) -> Result<(), Failure> {
    if a.game != GameName::Onitama {
        return Err(usage(format!(
            "tune: only onitama has a tunable evaluator, not {}",
            a.game
        )));
    }
    if a.deals == 0 || a.games_per_deal == 0 || a.depth == 0 || a.threads == 0 {
        return Err(usage(
            "tune: --deals, --games-per-deal, --depth and --threads must be at least 1",
        ));
    }
    // The deals are drawn before the first game; the threads are started at once.
    for (flag, value, max) in [
        ("deals", a.deals, MAX_DEALS),
        ("games-per-deal", a.games_per_deal, MAX_GAMES_PER_DEAL),
        ("threads", a.threads, engines::MAX_THREADS),
    ] {
        if value > max {
            return Err(usage(format!("bad --{flag} {value}: at most {max}")));
        }
    }
    let start = match &a.from {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| usage(format!("cannot read --from {}: {e}", path.display())))?;
            OnitamaEval::from_weights_text(&text)
                .map_err(|e| usage(format!("bad --from {}: {e}", path.display())))?
        }
        None => OnitamaEval::hand_set(),
    };
    // Fail on an unwritable --out now, not after the work; the weights are written beside it
    // and renamed onto it at the end, so that a failed or interrupted run leaves an earlier file
    // as it was.
    let (mut partial, mut file) = PartialFile::create(&a.out)?;
    let config = SelfPlayConfig {
        eval: start.clone(),
        deals: a.deals,
        games_per_deal: a.games_per_deal,
        depth: a.depth,
        random_plies: a.random_plies,
        seed: a.seed,
        threads: a.threads,
        ..SelfPlayConfig::default()
    };
    let started = Instant::now();
    let games = bar((a.deals * a.games_per_deal) as u64, "self-play", "games");
    let data = self_play(&config, &|| games.inc(1))
        .map_err(|e| Failure::Io(std::io::Error::other(e.to_string())))?;
    games.finish_and_clear();
    let played = started.elapsed();
    let epochs = bar(a.epochs as u64, "fit", "epochs");
    let fitted = fit(
        &data.samples,
        start.weights(),
        &FitConfig {
            epochs: a.epochs,
            ..FitConfig::default()
        },
        &mut |_| epochs.inc(1),
    );
    epochs.finish_and_clear();
    let weights: [i32; onitama_engine::WEIGHTS] = fitted
        .weights
        .clone()
        .try_into()
        .map_err(|_| usage("tune: the fit returned the wrong number of weights"))?;
    let eval = OnitamaEval::with_weights(weights);
    let command = format!(
        "games tune onitama --deals {} --games-per-deal {} --depth {} --random-plies {} --epochs {} --seed {}{} --out {}",
        a.deals,
        a.games_per_deal,
        a.depth,
        a.random_plies,
        a.epochs,
        a.seed,
        a.from
            .as_ref()
            .map(|p| format!(" --from {}", p.display()))
            .unwrap_or_default(),
        a.out.display()
    );
    // Only where it happened, so that the header of a run without it stays as it was.
    let without_table = match data.deals_without_table {
        0 => String::new(),
        n => format!(
            " ({n} of the deals without a table: a distance longer than the table format stores)"
        ),
    };
    let header = format!(
        "# Onitama evaluation weights (onitama-engine's OnitamaEval), one `name value` a line.\n\
         # Made by: {command}\n\
         # Data: {} self-play games at depth {} ({} random plies each, the {} weights playing both sides) from {} random deals of seed {}; \
         {} positions, {} quiet ones used, {} of them labelled exactly by the deal's 4-piece tablebase{without_table}, \
         the rest by the game's result (third repetition or {} plies: a draw).\n\
         # Fit: Texel-style logistic regression (game_engines::tuning), {} epochs from the {} weights; \
         scale {:.6}; mean squared error {:.6} before, {:.6} after.\n",
        data.games,
        a.depth,
        a.random_plies,
        if a.from.is_some() {
            "given"
        } else {
            "hand-set"
        },
        a.deals,
        a.seed,
        data.positions,
        data.samples.len(),
        data.exact,
        config.max_plies,
        a.epochs,
        if a.from.is_some() {
            "given"
        } else {
            "hand-set"
        },
        fitted.scale,
        fitted.loss_before,
        fitted.loss_after,
    );
    // An output error (exit 1), as before, but naming the file.
    let cannot = |e: std::io::Error| {
        Failure::Io(std::io::Error::new(
            e.kind(),
            format!("cannot write --out {}: {e}", a.out.display()),
        ))
    };
    file.write_all(eval.to_weights_text(&header).as_bytes())
        .map_err(cannot)?;
    drop(file);
    partial.finish().map_err(cannot)?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{} games ({:.0} s), {} positions, {} quiet ({} exact){}; error {:.6} -> {:.6}; wrote {}",
        data.games,
        played.as_secs_f64(),
        data.positions,
        data.samples.len(),
        data.exact,
        match data.deals_without_table {
            0 => String::new(),
            n => format!(", {n} deals without a table"),
        },
        fitted.loss_before,
        fitted.loss_after,
        a.out.display()
    )?;
    Ok(())
}
