//! `games solve`: the exact value of a position, its principal line, every move's value, and
//! the winner's strategy as a proof file.

use std::io::Write;
use std::time::Instant;

use abstract_game::{ExactValue, Player, Wdl};
use game_catalog::proof::Proof;
use game_catalog::views::pv_texts;
use game_catalog::{CatalogGame, GameVisitor};
use game_engines::solver::{Solver, SolverConfig};
use indicatif::{ProgressBar, ProgressStyle};

use crate::args::SolveArgs;
use crate::error::{Failure, usage};

/// `games solve` for the game `G`.
pub struct Solve<'a>(pub &'a SolveArgs);

impl GameVisitor for Solve<'_> {
    type Output = Result<(), Failure>;

    fn visit<G: CatalogGame>(self) -> Result<(), Failure> {
        let a = self.0;
        if a.tablebase.is_some() {
            return Err(usage(format!(
                "--tablebase: {} has no tablebase support yet",
                G::NAME
            )));
        }
        if G::REPETITIONS {
            return Err(usage(format!(
                "{} positions can repeat, so their values depend on the path: the exact solver needs a game without repetitions (use a tablebase)",
                G::NAME
            )));
        }
        if a.max_plies == 0 || a.max_plies > 254 {
            return Err(usage(format!(
                "bad --max-plies {}: expected 1..=254",
                a.max_plies
            )));
        }
        if a.table_mib == 0 || a.table_mib > 16 * 1024 {
            return Err(usage(format!(
                "bad --table-mib {}: expected 1..=16384",
                a.table_mib
            )));
        }
        let pos: G = super::position(&a.position)?;
        // The table before the proof file: a table that cannot be had leaves an earlier file.
        let config = SolverConfig {
            table_mib: a.table_mib,
            max_plies: a.max_plies,
        };
        let mut solver = G::try_solver(config)
            .map_err(|e| usage(format!("bad --table-mib {}: {e}", a.table_mib)))?;
        let mut proof_file = match &a.proof {
            Some(path) => Some(
                std::fs::File::create(path)
                    .map_err(|e| usage(format!("cannot write --proof {}: {e}", path.display())))?,
            ),
            None => None,
        };
        let start = Instant::now();
        let bar = ProgressBar::new_spinner();
        if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} [{elapsed_precise}]") {
            bar.set_style(style);
        }
        let solution = solver.solve_with_progress(&pos, &mut |depth, stats| {
            bar.set_message(format!(
                "no result within {depth} plies; {} nodes",
                stats.nodes
            ));
            bar.tick();
        });
        let value: Option<ExactValue> = match &solution {
            Some(s) => Some(s.value),
            None if G::LONGEST_GAME.is_some_and(|n| n <= a.max_plies) => None,
            None => {
                bar.finish_and_clear();
                return Err(usage(format!(
                    "no result within {} plies (raise --max-plies)",
                    a.max_plies
                )));
            }
        };
        let line = solution.as_ref().map_or_else(Vec::new, |s| s.line.clone());
        let moves = if a.all_moves {
            bar.set_message("the value of every move");
            Some(solver.move_values(&pos))
        } else {
            None
        };
        if let (
            Some(file),
            Some(ExactValue {
                wdl: Wdl::Win,
                plies,
            }),
        ) = (proof_file.as_mut(), value)
        {
            bar.set_message("the winner's strategy");
            let strategy = solver.strategy(&pos, plies).unwrap_or_default();
            let proof = Proof::from_strategy(G::NAME, &pos, plies, &strategy);
            file.write_all(proof.to_text().as_bytes())?;
        } else if let (
            Some(file),
            Some(ExactValue {
                wdl: Wdl::Loss,
                plies,
            }),
        ) = (proof_file.as_mut(), value)
        {
            // The side to move loses: the proof is the opponent's strategy after each move.
            bar.set_message("the winner's strategy");
            let proof = loser_proof(&mut solver, &pos, plies);
            file.write_all(proof.as_bytes())?;
        } else if proof_file.is_some() {
            bar.finish_and_clear();
            return Err(usage(
                "--proof: only a won or lost position has a winner's strategy",
            ));
        }
        bar.finish_and_clear();
        let seconds = start.elapsed().as_secs_f64();
        let stats = solver.stats();
        let mut out = std::io::stdout().lock();
        let winner = value.and_then(|value| match value.wdl {
            Wdl::Win => Some(pos.side_to_move()),
            Wdl::Loss => Some(pos.side_to_move().other()),
            Wdl::Draw => None,
        });
        if a.json {
            let mut object = serde_json::Map::new();
            object.insert("game".into(), G::NAME.into());
            object.insert("position".into(), pos.position_text().into());
            let (kind, plies) = value.map_or(("draw", None), |v| (v.wdl.id(), Some(v.plies)));
            object.insert("value".into(), kind.into());
            object.insert("plies".into(), plies.into());
            object.insert("winner".into(), winner.map(Player::id).into());
            object.insert("line".into(), pv_texts(&pos, &line).into());
            object.insert("nodes".into(), stats.nodes.into());
            object.insert("seconds".into(), seconds.into());
            if let Some(moves) = &moves {
                let list: Vec<serde_json::Value> = moves
                    .iter()
                    .map(|&(mv, v)| {
                        let (kind, plies) = v.map_or(("draw", None), |v| (v.wdl.id(), Some(v.plies)));
                        serde_json::json!({"move": pos.move_text(mv), "value": kind, "plies": plies})
                    })
                    .collect();
                object.insert("moves".into(), list.into());
            }
            let text = serde_json::to_string(&object).map_err(std::io::Error::other)?;
            writeln!(out, "{text}")?;
        } else {
            match (value, winner) {
                (Some(ExactValue { wdl, plies }), Some(w)) => writeln!(
                    out,
                    "{w} wins in {plies} plies ({} for {}, the side to move)",
                    wdl.id(),
                    pos.side_to_move()
                )?,
                _ => writeln!(out, "draw")?,
            }
            writeln!(out, "line: {}", pv_texts(&pos, &line).join(" "))?;
            if let Some(moves) = &moves {
                for &(mv, v) in moves {
                    match v {
                        Some(ExactValue { wdl, plies }) => {
                            writeln!(out, "{:<12} {:<5} {plies}", pos.move_text(mv), wdl.id())?;
                        }
                        None => writeln!(out, "{:<12} draw", pos.move_text(mv))?,
                    }
                }
            }
            writeln!(
                out,
                "nodes {}, {seconds:.2} s, table {} MiB ({} of {} entries used)",
                stats.nodes, a.table_mib, stats.table_used, stats.table_capacity
            )?;
        }
        Ok(())
    }
}

/// The proof of a lost position: one strategy of the winner for every move of the side to move,
/// merged (the winner is the opponent; the start is `pos`, whose every move the proof covers).
fn loser_proof<G: CatalogGame, O: game_engines::solver::MoveOrder<G>>(
    solver: &mut Solver<G, O>,
    pos: &G,
    plies: u32,
) -> String {
    let mut strategy = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for mv in pos.legal_moves() {
        let child = pos.after_unchecked(mv);
        if child.is_over() {
            continue;
        }
        for (p, m) in solver.strategy(&child, plies - 1).unwrap_or_default() {
            if seen.insert(p.zobrist()) {
                strategy.push((p, m));
            }
        }
    }
    let mut proof = Proof::from_strategy(G::NAME, pos, plies, &strategy);
    pos.side_to_move()
        .other()
        .id()
        .clone_into(&mut proof.winner);
    proof.to_text()
}
