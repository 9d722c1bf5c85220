//! Golden transcripts (insta): board diagrams, a whole sample game, the display strings of the
//! vocabulary and the messages of the errors.

mod common;

use std::fmt::Write as _;

use abstract_game::rng::SplitMix64;
use kamisado_core::{Colour, GameRecord, Move, Outcome, Position, Side, Square, Tower, WinReason};

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

/// `Display` of sides, win reasons and outcomes (`gold wins by deadlock`).
#[test]
fn display_of_sides_reasons_and_outcomes() {
    let mut out = String::new();
    for side in Side::BOTH {
        writeln!(out, "{side:?}: {side}").unwrap();
    }
    for reason in WinReason::ALL {
        writeln!(out, "{reason:?}: {reason}").unwrap();
    }
    for winner in Side::BOTH {
        for reason in WinReason::ALL {
            writeln!(out, "{}", Outcome::Win { winner, reason }).unwrap();
        }
    }
    insta::assert_snapshot!(out);
}

/// The messages of the parse errors of the small types and of illegal moves, one per line
/// (`input => message`). The position errors are pinned by the corpus of `tests/notation.rs`.
#[test]
fn error_messages() {
    fn line<T, E: std::fmt::Display>(out: &mut String, input: &str, result: Result<T, E>) {
        let Err(e) = result else {
            panic!("{input:?} was accepted")
        };
        writeln!(out, "{input:?} => {e}").unwrap();
    }
    let mut out = String::new();
    for text in ["i1", "a9", "a10", ""] {
        line(&mut out, text, text.parse::<Square>());
    }
    for text in ["c1a", "c1a3x", "c9a3", "c1z3"] {
        line(&mut out, text, text.parse::<Move>());
    }
    line(&mut out, "mauve", "mauve".parse::<Colour>());
    line(&mut out, "x", "x".parse::<Side>());
    line(&mut out, "x", "x".parse::<Tower>());
    line(&mut out, "draw", "draw".parse::<WinReason>());
    let positions = [
        ("", "c1c1 d1e1"),
        ("c1a3", "f8f7 a3a4 a5a4 b8b8 b8h3"),
        ("d1d6", "f8c5 f8d6"),
        ("b1g6 e8d7 g6e8", "d7d6"),
    ];
    for (played, tried) in positions {
        let pos = common::after_line(played);
        for mv in tried.split(' ') {
            let from = if played.is_empty() { "start" } else { played };
            let input = format!("{from} | {mv}");
            line(&mut out, &input, pos.check_move(mv.parse().unwrap()));
        }
    }
    for text in [
        "obpkyrgn/8/8/8/8/8/8/NGRYKPBO x - - c1a3",
        "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - - c1a3 zz",
        "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - - c1a3 b8h3 a3e7",
    ] {
        line(&mut out, text, text.parse::<GameRecord>());
    }
    insta::assert_snapshot!(out);
}
