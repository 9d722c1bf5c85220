//! The random mover: legal, reproducible, and done when the game is.

mod common;

use abstract_game::Game;
use abstract_game::tictactoe::TicTacToe;
use common::Pile;
use game_engines::{Engine, Limits, RandomMover, Score};

/// One game between two random movers, as the list of moves.
fn game(seed: u64) -> Vec<u8> {
    let mut mover = RandomMover::new(seed);
    let mut pos = TicTacToe::new();
    let mut moves = Vec::new();
    while let Some(mv) = mover.search(&pos, &Limits::none()).best {
        assert!(pos.is_legal(mv));
        pos.play(mv).unwrap();
        moves.push(mv);
    }
    assert!(pos.is_over());
    moves
}

#[test]
fn the_same_seed_plays_the_same_game() {
    for seed in 0..20 {
        assert_eq!(game(seed), game(seed));
    }
    let distinct: std::collections::HashSet<Vec<u8>> = (0..20).map(game).collect();
    assert!(distinct.len() > 10, "the seed matters");
}

#[test]
fn every_legal_move_is_played_sometimes() {
    let pos = Pile::normal(10, 3);
    let mut mover = RandomMover::new(9);
    let mut counts = [0u32; 4];
    for _ in 0..3000 {
        let result = mover.search(&pos, &Limits::none());
        counts[usize::from(result.best.unwrap())] += 1;
        assert_eq!(result.score, Score::Eval(0));
        assert_eq!(result.pv, [result.best.unwrap()]);
    }
    assert_eq!(counts[0], 0);
    assert!(
        counts[1..].iter().all(|&c| (800..1200).contains(&c)),
        "{counts:?}"
    );
}

#[test]
fn a_finished_game_has_no_best_move() {
    let mut pile = Pile::normal(2, 3);
    pile.play(2).unwrap();
    let mut mover = RandomMover::new(1);
    let result = mover.search(&pile, &Limits::none());
    assert_eq!(result.best, None);
    assert!(result.pv.is_empty());
    assert_eq!(result.score, Score::Loss { plies: 0 });
    assert_eq!(mover.seed(), 1);
    assert_eq!(mover.name(), "random");
    assert_eq!(Engine::<Pile>::name(&mover), mover.name());
}
