//! Monte Carlo tree search: reproducible, tactically sound on small games, and well-formed
//! results.

mod common;

use abstract_game::tictactoe::{Mark, TicTacToe};
use abstract_game::{Game, Notation, Player};
use common::{Graph, GraphGame, Pile};
use game_engines::{Engine, Limits, Mcts, MctsConfig, RandomMover, Score, SearchResult};

fn mcts(playouts: u64, seed: u64) -> Mcts {
    Mcts::new(MctsConfig {
        playouts,
        seed,
        ..MctsConfig::default()
    })
}

/// `result` without its wall-clock time, for comparing two runs.
fn untimed<M: Clone>(result: &SearchResult<M>) -> SearchResult<M> {
    SearchResult {
        elapsed: std::time::Duration::ZERO,
        ..result.clone()
    }
}

/// Plays the principal variation from `pos`: every move must be legal in turn.
fn assert_pv_is_legal<G: Game>(pos: &G, result: &SearchResult<G::Move>) {
    assert_eq!(result.pv.first().copied(), result.best);
    let mut p = pos.clone();
    for &mv in &result.pv {
        p.play(mv).expect("the principal variation is legal");
    }
}

#[test]
fn the_same_seed_gives_the_same_search() {
    let pos = TicTacToe::parse_position("x../.o./... x").unwrap();
    for seed in [0, 1, 99] {
        let a = mcts(800, seed).search(&pos, &Limits::none());
        let b = mcts(800, seed).search(&pos, &Limits::none());
        assert_eq!(untimed(&a), untimed(&b), "seed {seed}");
    }
    // The generator goes on between searches, reproducibly too.
    let (mut e1, mut e2) = (mcts(300, 5), mcts(300, 5));
    for _ in 0..4 {
        assert_eq!(
            untimed(&e1.search(&pos, &Limits::none())),
            untimed(&e2.search(&pos, &Limits::none()))
        );
    }
}

#[test]
fn different_seeds_explore_differently() {
    // Not a guarantee of the algorithm, but with these seeds the trees differ: the seed is used.
    let pos = TicTacToe::new();
    let pvs: Vec<Vec<u8>> = (0..6)
        .map(|seed| mcts(200, seed).search(&pos, &Limits::none()).pv)
        .collect();
    assert!(pvs.iter().any(|pv| pv != &pvs[0]), "{pvs:?}");
}

#[test]
fn takes_an_immediate_win_without_search() {
    // O to move: X threatens 2 but O wins at once on 5.
    let pos = TicTacToe::parse_position("xx./oo./x.. o").unwrap();
    let result = mcts(2000, 1).search(&pos, &Limits::none());
    assert_eq!(result.best, Some(5));
    assert_eq!(result.score, Score::Win { plies: 1 });
    assert_eq!(result.pv, [5]);
    assert_eq!(result.nodes, 0);
}

#[test]
fn blocks_an_immediate_threat() {
    // X threatens 0-1-2; O has no win of its own and must block at 2.
    let pos = TicTacToe::parse_position("xx./o../... o").unwrap();
    for seed in 0..5 {
        let result = mcts(3000, seed).search(&pos, &Limits::none());
        assert_eq!(result.best, Some(2), "seed {seed}");
        assert_pv_is_legal(&pos, &result);
        // The tree is small: the solver may prove the result and stop before the budget.
        assert!(
            result.nodes == 3000 || result.score.is_proven(),
            "{result:?}"
        );
        // Not blocking loses at once, so O is not better than even (a draw at best).
        assert!(result.score <= Score::Draw, "{}", result.score);
    }
}

#[test]
fn never_loses_to_random_play() {
    let mut engine = mcts(1500, 0x5eed);
    let mut random = RandomMover::new(3);
    for game in 0..10 {
        let engine_side = Mark::BOTH[game % 2];
        let mut pos = TicTacToe::new();
        while !pos.is_over() {
            let result = if pos.side_to_move() == engine_side {
                engine.search(&pos, &Limits::none())
            } else {
                random.search(&pos, &Limits::none())
            };
            pos.play(result.best.unwrap()).unwrap();
        }
        assert_ne!(
            pos.outcome().unwrap().winner(),
            Some(engine_side.other()),
            "game {game}: the engine lost {pos}"
        );
    }
}

#[test]
fn plays_the_winning_move_of_a_subtraction_game() {
    // Take 1..=3, the last stone wins: leave a multiple of 4.
    for stones in [5, 6, 7, 9, 10, 11] {
        let pos = Pile::normal(stones, 3);
        let result = mcts(4000, 2).search(&pos, &Limits::none());
        assert_eq!(
            result.best,
            Some((stones % 4) as u8),
            "{stones} stones: {result:?}"
        );
        assert!(
            matches!(result.score, Score::Eval(v) if v > 0)
                || matches!(result.score, Score::Win { plies } if plies >= 3 && plies % 2 == 1),
            "{stones}: {}",
            result.score
        );
        assert_pv_is_legal(&pos, &result);
    }
}

#[test]
fn the_immediate_win_check_reads_the_winner_from_the_outcome() {
    // Misère, 2 stones, take 1 or 2: taking both ends the game but hands the win to the
    // opponent (the side to move at the end). Taking 1 wins (the opponent must take the last).
    let pos = Pile::misere(2, 2);
    let result = mcts(500, 1).search(&pos, &Limits::none());
    assert_eq!(result.best, Some(1));
    // From the opponent's seat the only move ends the game and loses: the engine still plays
    // it (a legal move), and scores it as lost.
    let after = pos.after_unchecked(1);
    let reply = mcts(100, 1).search(&after, &Limits::none());
    assert_eq!(reply.best, Some(1));
    // The solver proves it after one playout.
    assert_eq!(reply.score, Score::Loss { plies: 1 });
    assert_eq!(reply.nodes, 1);
}

#[test]
fn a_finished_game_has_no_best_move() {
    let done = TicTacToe::parse_position("xxx/oo./... o").unwrap();
    let result = mcts(100, 1).search(&done, &Limits::none());
    assert_eq!(result.best, None);
    assert!(result.pv.is_empty());
    assert_eq!(result.score, Score::Loss { plies: 0 });
    assert_eq!(result.nodes, 0);
    let mut pile = Pile::misere(1, 1);
    pile.play(1).unwrap();
    let result = mcts(100, 1).search(&pile, &Limits::none());
    assert_eq!(result.best, None);
    assert_eq!(result.score, Score::Win { plies: 0 });
}

#[test]
fn reports_depths_nodes_and_a_legal_principal_variation() {
    let pos = TicTacToe::new();
    let result = mcts(5000, 3).search(&pos, &Limits::none());
    assert_eq!(result.nodes, 5000);
    assert_eq!(result.depth as usize, result.pv.len());
    assert!(result.depth >= 2, "{result:?}");
    assert!(result.seldepth >= result.depth);
    assert!(result.seldepth <= 9);
    assert_pv_is_legal(&pos, &result);
    assert!(result.nodes_per_second() > 0);
    // Perfect play draws, and the engine knows it is not losing.
    assert!(
        matches!(result.score, Score::Eval(v) if v > -300),
        "{}",
        result.score
    );
}

#[test]
fn the_name_is_a_spec() {
    let name = |config: MctsConfig| Mcts::new(config).name();
    assert_eq!(name(MctsConfig::default()), "mcts:playouts=10000");
    assert_eq!(
        name(MctsConfig {
            playouts: 20_000,
            seed: 4,
            ..MctsConfig::default()
        }),
        "mcts:playouts=20000"
    );
    assert_eq!(
        name(MctsConfig {
            playouts: 5,
            exploration: 1.0,
            max_playout_plies: 50,
            ..MctsConfig::default()
        }),
        "mcts:playouts=5:exploration=1:max-plies=50"
    );
}

#[test]
fn the_default_progress_hook_reports_the_final_result_once() {
    let pos = TicTacToe::new();
    let mut engine = mcts(200, 1);
    let mut seen = Vec::new();
    let result = engine.search_with_progress(&pos, &Limits::none(), &mut |r| {
        seen.push(untimed(r));
    });
    assert_eq!(seen, [untimed(&result)]);
    // The default history hook accepts and ignores positions.
    Engine::<TicTacToe>::set_earlier_positions(&mut engine, &[1, 2, 3]);
    let again = engine.search(&pos, &Limits::none());
    assert!(again.best.is_some());
}

#[test]
fn the_solver_proves_forced_wins_and_losses() {
    // Take 1..=3, the last stone wins: 5 stones is won (take 1), 8 is lost.
    for seed in 0..5 {
        let result = mcts(20_000, seed).search(&Pile::normal(5, 3), &Limits::none());
        assert_eq!(result.best, Some(1), "seed {seed}");
        // A proven win; its distance is that of the proof the tree found, never shorter than
        // the shortest win (3 plies).
        assert!(
            matches!(result.score, Score::Win { plies } if plies >= 3 && plies % 2 == 1),
            "{}",
            result.score
        );
        assert!(result.nodes < 20_000, "a proven root stops the search");
        assert_pv_is_legal(&Pile::normal(5, 3), &result);
        let result = mcts(20_000, seed).search(&Pile::normal(8, 3), &Limits::none());
        assert!(
            matches!(result.score, Score::Loss { plies } if plies >= 4 && plies % 2 == 0),
            "{}",
            result.score
        );
    }
    // Tic-tac-toe: X to move wins with the fork at 4 (".o./.../xox x").
    let pos = TicTacToe::parse_position(".o./.../xox x").unwrap();
    let result = mcts(50_000, 1).search(&pos, &Limits::none());
    assert_eq!(result.best, Some(4));
    assert!(
        matches!(result.score, Score::Win { .. }),
        "{}",
        result.score
    );
}

/// X to move at node 0: to node 1, where O has twenty moves that lose at once and one that
/// wins at once, or to node 2, a drawn end. Random playouts love node 1 (X wins 20 in 21);
/// the solver sees O's win and takes the draw.
fn trap() -> GraphGame {
    let mut edges = vec![vec![1, 2], (3..24).collect(), vec![]];
    let mut result = vec![None, None, None];
    for i in 3..24 {
        edges.push(vec![]);
        result.push(Some(if i == 23 { Mark::O } else { Mark::X }));
    }
    GraphGame::new(Graph::leak(edges, result), 0, Mark::X)
}

#[test]
fn the_solver_never_plays_a_move_it_has_proven_losing() {
    let pos = trap();
    for seed in 0..10 {
        let result = mcts(300, seed).search(&pos, &Limits::none());
        assert_eq!(result.best, Some(2), "seed {seed}: {result:?}");
        assert_eq!(result.score, Score::Draw, "seed {seed}");
    }
    // With too few playouts to expand O's winning reply, nothing is proven and the engine
    // follows the playouts: the proof, not a change of taste, makes the difference.
    let fooled = (0..10)
        .map(|seed| mcts(4, seed).search(&pos, &Limits::none()))
        .filter(|r| !r.score.is_proven() && r.best == Some(1))
        .count();
    assert!(fooled > 0);
}
