//! Matches: side alternation, openings, adjudication, and the Elo arithmetic.

use abstract_game::record::GameRecord;
use abstract_game::tictactoe::{Mark, TicTacToe};
use abstract_game::{Notation, Wdl};
use game_engines::matches::{MatchConfig, MatchReport, play_match};
use game_engines::{Limits, Mcts, MctsConfig, RandomMover};

fn report(wins: usize, draws: usize, losses: usize) -> MatchReport {
    MatchReport {
        wins,
        draws,
        losses,
        ..MatchReport::default()
    }
}

#[test]
fn elo_follows_the_logistic_formula_and_is_antisymmetric() {
    assert!(report(5, 0, 5).elo().abs() < 1e-9);
    let r = report(75, 0, 25);
    let expected = -400.0 * (1.0f64 / 0.75 - 1.0).log10();
    assert!((r.elo() - expected).abs() < 1e-9);
    assert!((report(25, 0, 75).elo() + expected).abs() < 1e-9);
    // Draws count half.
    assert!((report(50, 50, 0).elo() - expected).abs() < 1e-9);
    assert!(report(60, 0, 40).elo() < report(70, 0, 30).elo());
}

#[test]
fn a_perfect_score_is_bounded_half_a_game_away() {
    let perfect = report(100, 0, 0);
    let bound = -400.0 * (1.0 / (99.5 / 100.0) - 1.0f64).log10();
    assert!((perfect.elo() - bound).abs() < 1e-9);
    assert!(perfect.elo().is_finite() && perfect.elo_margin().is_finite());
    assert!(
        perfect.elo_margin() > 10.0,
        "a perfect score is not a certainty"
    );
    assert!((report(0, 0, 100).elo() + bound).abs() < 1e-9);
}

#[test]
fn the_margin_shrinks_with_more_games() {
    let small = report(15, 0, 5).elo_margin();
    let large = report(150, 0, 50).elo_margin();
    assert!(large < small, "{large} < {small}");
    // 1.96 standard errors: at 50% over 100 decisive games the score's standard error is 0.05,
    // so the interval is 0.402..0.598 in score, about ±69 Elo.
    let even = report(50, 0, 50).elo_margin();
    assert!((even - 68.8).abs() < 1.0, "{even}");
    assert!(report(1, 0, 0).elo_margin().is_infinite());
}

#[test]
fn openings_are_played_twice_with_the_sides_swapped() {
    let openings: Vec<GameRecord<TicTacToe>> = ["x../.../... o", ".../.x./... o"]
        .iter()
        .map(|t| GameRecord::new(TicTacToe::parse_position(t).unwrap()))
        .collect();
    let mut a = RandomMover::new(1);
    let mut b = RandomMover::new(2);
    let config = MatchConfig {
        games: 6,
        limits: Limits::none(),
        max_plies: 20,
        repetitions: 0,
    };
    let mut seen = Vec::new();
    let report = play_match(&mut a, &mut b, &openings, &config, &mut |g| {
        seen.push((g.index, g.opening, g.first_engine_side, *g.record.start()));
    })
    .expect("the engines give legal moves");
    assert_eq!(report.games(), 6);
    let sides: Vec<Mark> = seen.iter().map(|s| s.2).collect();
    assert_eq!(
        sides,
        [Mark::X, Mark::O, Mark::X, Mark::O, Mark::X, Mark::O]
    );
    let used: Vec<usize> = seen.iter().map(|s| s.1).collect();
    assert_eq!(used, [0, 0, 1, 1, 0, 0]);
    for (_, opening, _, start) in &seen {
        assert_eq!(start, openings[*opening].start());
    }
}

#[test]
fn the_ply_limit_adjudicates_a_draw() {
    let openings = vec![GameRecord::new(TicTacToe::new())];
    let mut a = RandomMover::new(3);
    let mut b = RandomMover::new(4);
    let config = MatchConfig {
        games: 4,
        limits: Limits::none(),
        max_plies: 2,
        repetitions: 0,
    };
    let mut results = Vec::new();
    let report = play_match(&mut a, &mut b, &openings, &config, &mut |g| {
        results.push((g.result, g.adjudicated, g.record.ply()));
    })
    .expect("the engines give legal moves");
    assert_eq!(report.adjudicated, 4);
    assert_eq!(report.draws, 4);
    assert!(results.iter().all(|&r| r == (Wdl::Draw, true, 2)));
    assert!((report.mean_plies() - 2.0).abs() < 1e-9);
}

#[test]
fn a_stronger_engine_scores_more_and_results_are_counted_for_the_first_engine() {
    let openings = vec![GameRecord::new(TicTacToe::new())];
    let config = MatchConfig {
        games: 10,
        limits: Limits::none(),
        max_plies: 20,
        repetitions: 0,
    };
    let mut mcts = Mcts::new(MctsConfig {
        playouts: 3000,
        ..MctsConfig::default()
    });
    let mut random = RandomMover::new(5);
    let strong = play_match(&mut mcts, &mut random, &openings, &config, &mut |_| {})
        .expect("the engines give legal moves");
    assert_eq!(strong.losses, 0, "{strong:?}");
    let mut mcts = Mcts::new(MctsConfig {
        playouts: 3000,
        ..MctsConfig::default()
    });
    let mut random = RandomMover::new(5);
    let weak = play_match(&mut random, &mut mcts, &openings, &config, &mut |_| {})
        .expect("the engines give legal moves");
    assert_eq!(weak.wins, 0, "{weak:?}");
    assert!(strong.elo() > 0.0 && weak.elo() < 0.0);
}

/// An engine that gives no move (`None`), or a move that is never legal (square 9).
struct Broken(Option<u8>);

impl game_engines::Engine<TicTacToe> for Broken {
    fn name(&self) -> String {
        "broken".to_owned()
    }

    fn search(&mut self, _pos: &TicTacToe, _limits: &Limits) -> game_engines::SearchResult<u8> {
        game_engines::SearchResult {
            best: self.0,
            score: game_engines::Score::Eval(0),
            pv: Vec::new(),
            depth: 0,
            seldepth: 0,
            nodes: 0,
            elapsed: std::time::Duration::ZERO,
        }
    }
}

#[test]
fn a_broken_engine_stops_the_match_with_an_error() {
    use game_engines::matches::MatchError;

    let openings = vec![GameRecord::new(TicTacToe::new())];
    let config = MatchConfig {
        games: 4,
        limits: Limits::none(),
        max_plies: 20,
        repetitions: 0,
    };
    for (broken, illegal) in [(Broken(None), false), (Broken(Some(9)), true)] {
        let mut broken = broken;
        let mut random = RandomMover::new(3);
        let mut finished = Vec::new();
        let error = play_match(&mut random, &mut broken, &openings, &config, &mut |g| {
            finished.push(g.index);
        })
        .expect_err("the broken engine stops the match");
        let (engine, game) = match &error {
            MatchError::NoMove { engine, game, .. } => {
                assert!(!illegal, "{error}");
                (engine, *game)
            }
            MatchError::IllegalMove {
                engine, game, why, ..
            } => {
                assert!(illegal && !why.is_empty(), "{error}");
                (engine, *game)
            }
            _ => unreachable!("{error}"),
        };
        assert_eq!(engine, "broken");
        // Game 0: the random mover (first) is X and moves first, the broken engine second.
        assert_eq!(game, 0, "{error}");
        assert!(finished.is_empty());
        assert!(error.to_string().contains("engine broken"), "{error}");
    }
}

#[test]
fn an_even_score_is_plus_zero_elo() {
    // One game (bounded to half a game away: an even score), all draws, as many wins as losses:
    // 0, never -0 (which tables print as "-0" and JSON as -0.0).
    for (wins, draws, losses) in [(1, 0, 0), (0, 1, 0), (0, 0, 1), (0, 2, 0), (3, 0, 3)] {
        let elo = report(wins, draws, losses).elo();
        assert_eq!(
            elo.to_bits(),
            0.0_f64.to_bits(),
            "{wins}-{draws}-{losses}: {elo}"
        );
    }
}
