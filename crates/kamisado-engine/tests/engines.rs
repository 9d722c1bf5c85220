//! The Kamisado engines on real positions: they see forced wins at their exact distance, never
//! hand the opponent a home-row win when a safe move exists, and beat the evaluator that knows
//! nothing.

use abstract_game::ExactValue;
use abstract_game::playout::random_positions;
use abstract_game::rng::SplitMix64;
use game_engines::matches::{MatchConfig, play_match};
use game_engines::solver::SolverConfig;
use game_engines::{AlphaBeta, Engine, Level, Limits, Score, ZeroEvaluator};
use kamisado_core::Position;
use kamisado_engine::KamisadoEval;

/// Positions of seeded random games, finished ones left out.
fn random_games(games: u64) -> Vec<Position> {
    (0..games)
        .flat_map(|seed| {
            random_positions(&Position::start(), &mut SplitMix64::new(seed), usize::MAX)
        })
        .collect()
}

#[test]
fn every_level_sees_the_forced_win_after_c1a3_at_its_exact_distance() {
    let mut pos = Position::start();
    pos.play("c1a3".parse().unwrap()).unwrap();
    let mut solver = kamisado_engine::solver(SolverConfig::default());
    let values = solver.move_values(&pos);
    for level in [Level::Hard, Level::Max] {
        let result = kamisado_engine::alphabeta(level).search(&pos, &Limits::depth(6));
        assert_eq!(result.score, Score::Win { plies: 3 }, "{level}");
        let best = result.best.expect("a move");
        let value = values.iter().find(|(mv, _)| *mv == best).unwrap().1;
        assert_eq!(value, Some(ExactValue::win(3)), "{level}: {best}");
    }
}

#[test]
fn a_searching_level_never_hands_over_a_home_row_win_it_could_avoid() {
    let mut checked = 0;
    for pos in random_games(12) {
        let mut engine = kamisado_engine::alphabeta(Level::Medium);
        let best = engine.search(&pos, &Limits::none()).best.expect("not over");
        let loses_at_once = |mv| {
            let after = pos.after_unchecked(mv);
            !after.is_over()
                && after.legal_moves().into_iter().any(|reply| {
                    after
                        .after_unchecked(reply)
                        .outcome()
                        .is_some_and(|o| o.winner() == Some(after.side_to_move()))
                })
        };
        let wins_at_once = |mv| {
            pos.after_unchecked(mv)
                .outcome()
                .is_some_and(|o| o.winner() == Some(pos.side_to_move()))
        };
        let safe_exists = pos.legal_moves().into_iter().any(|mv| !loses_at_once(mv));
        if pos.legal_moves().into_iter().any(wins_at_once) {
            assert!(wins_at_once(best), "{pos}: missed the win, played {best}");
            checked += 1;
        } else if safe_exists {
            assert!(!loses_at_once(best), "{pos}: {best} hands over a win");
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} positions checked");
}

#[test]
fn the_evaluator_beats_the_one_that_knows_nothing() {
    // Each opening is one of Black's first moves, played with the sides swapped; both engines
    // search 3 plies.
    let openings: Vec<_> = Position::start()
        .legal_moves()
        .into_iter()
        .step_by(10)
        .map(|mv| {
            let mut record = abstract_game::record::GameRecord::new(Position::start());
            record.play(mv).unwrap();
            record
        })
        .collect();
    let config = MatchConfig {
        games: 2 * openings.len(),
        limits: Limits::depth(3),
        max_plies: 400,
        repetitions: 0,
    };
    let mut ours = kamisado_engine::alphabeta(Level::Medium);
    let mut zero = AlphaBeta::<Position, _>::new(Level::Medium.config(), ZeroEvaluator);
    let report = play_match(&mut ours, &mut zero, &openings, &config, &mut |_| {})
        .expect("the engines give legal moves");
    assert!(report.score() > 0.6, "{report:?}");
    assert_eq!(
        ours.name(),
        format!(
            "alphabeta:depth=3:eval={}",
            game_engines::Evaluator::<Position>::name(&KamisadoEval::default())
        )
    );
}

#[test]
fn the_largest_weights_evaluate_without_overflow() {
    use game_engines::{Evaluator, MAX_WEIGHT};
    let mut rng = SplitMix64::new(5);
    for extreme in [i32::MAX, i32::MIN, MAX_WEIGHT, -MAX_WEIGHT] {
        // The weights are a public field: larger ones count as the largest.
        let eval = KamisadoEval([extreme; 3]);
        let clamped = KamisadoEval([extreme.clamp(-MAX_WEIGHT, MAX_WEIGHT); 3]);
        for pos in (0..10).flat_map(|_| random_positions(&Position::start(), &mut rng, 60)) {
            // A debug build panics on an overflow.
            assert_eq!(eval.evaluate(&pos), clamped.evaluate(&pos));
        }
    }
}
