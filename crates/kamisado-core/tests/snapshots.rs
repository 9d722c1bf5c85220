//! Golden transcripts (insta): board diagrams and a whole sample game.

mod common;

use std::fmt::Write as _;

use abstract_game::rng::SplitMix64;
use kamisado_core::{GameRecord, Position};

#[test]
fn diagram_of_the_start_position() {
    insta::assert_snapshot!(Position::start().diagram().to_string());
}

#[test]
fn diagram_of_a_blocked_tower_and_a_deadlock() {
    let blocked = common::after_line("c1a3 b8h2 a3e7 h2h2");
    let deadlock = common::after_line("c1a3 b8h2 a3e7 h2h2 e7e7");
    insta::assert_snapshot!(format!("{}\n\n{}", blocked.diagram(), deadlock.diagram()));
}

/// A seeded random game from the start to its end: every move with the position text after it,
/// the legal moves, and the outcome, then the record text.
#[test]
fn sample_game_transcript() {
    let mut rng = SplitMix64::new(42);
    let mut game = GameRecord::default();
    let mut out = String::new();
    writeln!(out, "start: {}", game.position()).unwrap();
    while !game.position().is_over() {
        let moves = game.position().legal_moves();
        let mv = moves[rng.below(moves.len())];
        game.play(mv).unwrap();
        let pos = game.position();
        writeln!(
            out,
            "{:>3}. {mv}  {pos}  ({} legal)",
            game.ply(),
            pos.legal_move_count()
        )
        .unwrap();
    }
    writeln!(out, "outcome: {}", game.outcome().unwrap()).unwrap();
    writeln!(out, "record: {game}").unwrap();
    writeln!(out, "{}", game.position().diagram()).unwrap();
    insta::assert_snapshot!(out);
}
