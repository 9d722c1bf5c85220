//! `games match`: two engines play each other; the table counts for the first.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::time::Duration;

use game_catalog::external::NO_MOVE_CAUSE;
use game_catalog::views::MatchView;
use game_catalog::{CatalogGame, GameVisitor, openings};
use game_engines::matches::{MatchConfig, MatchError, MatchGame, play_match};
use game_engines::{Engine, Limits};
use indicatif::{ProgressBar, ProgressStyle};

use crate::args::MatchArgs;
use crate::error::{Failure, quote, usage};

/// The most games of one match: its openings (one for every two games) are drawn and kept
/// before the first game starts.
const MAX_GAMES: usize = 1_000_000;

/// `games match` for the game `G`.
pub struct Match<'a>(pub &'a MatchArgs);

impl GameVisitor for Match<'_> {
    type Output = Result<(), Failure>;

    fn visit<G: CatalogGame>(self) -> Result<(), Failure> {
        let a = self.0;
        let specs: Vec<&str> = a.engines.split(',').collect();
        let &[first, second] = specs.as_slice() else {
            return Err(usage(format!(
                "bad --engines {}: expected two engine specs separated by a comma, e.g. mcts,random",
                quote(&a.engines)
            )));
        };
        let specs = [super::engine_spec(first)?, super::engine_spec(second)?];
        if a.games == 0 {
            return Err(usage("bad --games 0: play at least 1 game"));
        }
        // The openings are drawn before the first game, one for every two.
        if a.games > MAX_GAMES {
            return Err(usage(format!(
                "bad --games {}: at most {MAX_GAMES} games in one match",
                a.games
            )));
        }
        let limits = match (a.depth, a.time_per_move) {
            (Some(0), _) => return Err(usage("bad --depth 0: search at least 1 ply")),
            (Some(depth), _) => Limits::depth(depth),
            (None, Some(0)) => return Err(usage("bad --time-per-move 0: give at least 1 ms")),
            (None, ms) => Limits::time(Duration::from_millis(ms.unwrap_or(100))),
        };
        let mut engines = [
            super::engine::<G>(&specs[0], a.seed)?,
            super::engine::<G>(&specs[1], a.seed.wrapping_add(1))?,
        ];
        let mut records = match &a.records {
            Some(path) => Some(BufWriter::new(File::create(path).map_err(|e| {
                usage(format!("cannot write --records {}: {e}", path.display()))
            })?)),
            None => None,
        };
        let openings = openings::<G>(a.seed, a.games.div_ceil(2));
        let config = MatchConfig {
            games: a.games,
            limits,
            max_plies: a.max_plies,
            repetitions: a.repetitions,
        };
        let names = [engines[0].name(), engines[1].name()];
        let bar = progress_bar(a.games as u64, &names);
        let mut tally = [0usize; 3];
        let mut write_error = None;
        let [e0, e1] = &mut engines;
        let report = play_match(
            &mut **e0,
            &mut **e1,
            &openings,
            &config,
            &mut |game: &MatchGame<G>| {
                tally[game.result as usize] += 1;
                bar.set_message(format!("+{} ={} -{}", tally[2], tally[1], tally[0]));
                bar.inc(1);
                if let Some(file) = records.as_mut() {
                    if let Err(e) = writeln!(file, "{}", game.record) {
                        write_error.get_or_insert(e);
                    }
                }
            },
        );
        bar.finish_and_clear();
        // A broken engine (an `external` program that fails) stops the match: bad input, as
        // the spec that named it.
        let report = report.map_err(|e| {
            usage(match e {
                MatchError::NoMove { .. } => format!("{e} ({NO_MOVE_CAUSE})"),
                _ => e.to_string(),
            })
        })?;
        if let Some(e) = write_error {
            return Err(e.into());
        }
        if let Some(mut file) = records {
            file.flush()?;
        }
        let view = MatchView::of(G::NAME, names, &report);
        let mut out = std::io::stdout().lock();
        if a.json {
            let text = serde_json::to_string(&view).map_err(std::io::Error::other)?;
            writeln!(out, "{text}")?;
        } else {
            write!(out, "{}", table(&view, &config.limits))?;
        }
        Ok(())
    }
}

fn progress_bar(games: u64, names: &[String; 2]) -> ProgressBar {
    let bar = ProgressBar::new(games);
    if let Ok(style) = ProgressStyle::with_template(
        "{prefix} [{bar:30}] {pos}/{len} games {msg}  {elapsed_precise} eta {eta}",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_prefix(format!("{} vs {}", names[0], names[1]));
    bar
}

/// `elo` rounded to a whole number, a zero printed `+0` (not `-0`, as the second engine's
/// `-0.0` or a difference of `-0.3` would be).
fn whole_elo(elo: f64) -> f64 {
    elo.round() + 0.0
}

/// The plain result: one row per engine, then the adjudications and the mean length.
fn table(v: &MatchView, limits: &Limits) -> String {
    use std::fmt::Write as _;
    let per_move = match (limits.depth, limits.time) {
        (Some(d), _) => format!("depth {d} per move"),
        (None, Some(t)) => format!("{} ms per move", t.as_millis()),
        (None, None) => "no limit per move".to_owned(),
    };
    let width = v.engines.iter().map(String::len).max().unwrap_or(6).max(6);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "match {}: {} games, {per_move}, counted for the first engine",
        v.game, v.games
    );
    let _ = writeln!(
        out,
        "{:<width$}  {:>5} {:>5} {:>6}  {:>5}  {:>6}",
        "engine", "wins", "draws", "losses", "score", "elo"
    );
    let _ = writeln!(
        out,
        "{:<width$}  {:>5} {:>5} {:>6}  {:>5.3}  {:>+6.0} ± {:.0}",
        v.engines[0],
        v.wins,
        v.draws,
        v.losses,
        v.score,
        whole_elo(v.elo),
        v.elo_margin
    );
    let _ = writeln!(
        out,
        "{:<width$}  {:>5} {:>5} {:>6}  {:>5.3}  {:>+6.0}",
        v.engines[1],
        v.losses,
        v.draws,
        v.wins,
        1.0 - v.score,
        whole_elo(-v.elo)
    );
    let _ = writeln!(
        out,
        "adjudicated draws (ply limit or repetition): {}; mean game length {:.1} plies",
        v.adjudicated, v.mean_plies
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(wins: usize, draws: usize, losses: usize) -> MatchView {
        let games = wins + draws + losses;
        let score = (wins as f64 + draws as f64 / 2.0) / games as f64;
        MatchView {
            game: "onitama",
            engines: ["first".to_owned(), "second".to_owned()],
            games,
            wins,
            draws,
            losses,
            score,
            elo: -400.0 * (1.0 / score - 1.0).log10(),
            elo_margin: 50.0,
            adjudicated: 0,
            mean_plies: 40.0,
        }
    }

    #[test]
    fn an_even_or_nearly_even_match_prints_no_negative_zero() {
        // An even score (Elo 0, the second engine's -0) and 1000-1-999 (about +0.3 and -0.3).
        for v in [view(10, 0, 10), view(1000, 1, 999), view(999, 1, 1000)] {
            let text = table(&v, &Limits::depth(3));
            assert!(!text.contains("-0 "), "{text}");
            assert!(!text.contains("  -0\n"), "{text}");
            assert_eq!(text.matches("+0").count(), 2, "{text}");
        }
        // A real difference keeps its sign in both rows.
        let text = table(&view(15, 0, 5), &Limits::depth(3));
        assert!(text.contains("+191 ± 50"), "{text}");
        assert!(text.contains("-191\n"), "{text}");
    }
}
