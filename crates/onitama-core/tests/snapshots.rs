//! Golden outputs (insta): board diagrams, the transcript of a whole game, the display strings of
//! the vocabulary and the messages of the errors. Review changes with
//! `cargo insta review` (or `INSTA_UPDATE=always` and `git diff`).

use std::fmt::Write;

use abstract_game::rng::SplitMix64;
use onitama_core::{Card, Deal, GameRecord, Move, Outcome, Position, Side, Square, WinReason};

#[test]
fn diagram_of_the_start_of_set_a() {
    insta::assert_snapshot!(Position::from_deal(Deal::COMMUNITY_A).diagram());
}

#[test]
fn diagram_of_the_forced_pass_position() {
    let pos: Position = "MSSSS/5/2m2/5/5 boar,elephant monkey,tiger crab r"
        .parse()
        .expect("valid");
    insta::assert_snapshot!(pos.diagram());
}

#[test]
fn diagram_of_a_finished_game() {
    let r: GameRecord =
        "horse,elephant,ox,boar,crab ox:c5c4 horse:c1c2 boar:c4c3 elephant:b1a2 horse:c3c2"
            .parse()
            .expect("record");
    insta::assert_snapshot!(r.position().diagram());
}

/// A whole seeded random game from community set D: every ply with the move, the legal move
/// count before it and the position after it, then the result and the record text.
#[test]
fn transcript_of_a_random_game() {
    let mut rng = SplitMix64::new(2024);
    let mut record = GameRecord::new(Position::from_deal(Deal::COMMUNITY_D));
    let mut out = format!("start: {}\n", record.position());
    for ply in 1..=200 {
        let pos = *record.position();
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        record.play(mv).expect("legal");
        writeln!(
            out,
            "{ply:3} {:<5} {mv:<16} ({} moves) -> {}",
            pos.side_to_move().to_string(),
            moves.len(),
            record.position()
        )
        .expect("write to a string");
    }
    let result = record
        .result()
        .map_or_else(|| "unfinished".to_owned(), |r| r.to_string());
    writeln!(out, "result: {result}\nrecord: {record}").expect("write to a string");
    insta::assert_snapshot!(out);
}

#[test]
fn display_of_sides_reasons_and_outcomes() {
    let mut out = String::new();
    for side in Side::BOTH {
        writeln!(out, "{side:?}: {side}").expect("write to a string");
    }
    for reason in WinReason::ALL {
        writeln!(out, "{reason:?}: {reason} (id {})", reason.id()).expect("write to a string");
    }
    for winner in Side::BOTH {
        for reason in WinReason::ALL {
            writeln!(out, "{}", Outcome::Win { winner, reason }).expect("write to a string");
        }
    }
    insta::assert_snapshot!(out);
}

/// The message of every parse error and illegal-move reason the crate produces, from real
/// inputs. The position parser's messages are pinned by `notation.rs`.
#[test]
fn error_messages() {
    fn line<E: std::fmt::Display>(out: &mut String, input: &str, result: Result<impl Sized, E>) {
        let message = result
            .err()
            .map_or_else(|| "(no error)".to_owned(), |e| e.to_string());
        writeln!(out, "{input:?}\n  {message}").expect("write to a string");
    }
    let mut out = String::new();
    out.push_str("squares:\n");
    for text in ["", "c33", "f1", "a6", "é1"] {
        line(&mut out, text, text.parse::<Square>());
    }
    out.push_str("cards:\n");
    line(&mut out, "dog", "dog".parse::<Card>());
    out.push_str("sides:\n");
    line(&mut out, "green", "green".parse::<Side>());
    out.push_str("win reasons:\n");
    line(&mut out, "water", "water".parse::<WinReason>());
    out.push_str("moves:\n");
    for text in ["tigerc1c3", "dog:c1c3", "tiger:c1", "tiger:c1c1"] {
        line(&mut out, text, text.parse::<Move>());
    }
    out.push_str("deals:\n");
    for text in [
        "horse,elephant,ox,boar",
        "horse,elephant,ox,dog,crab",
        "horse,elephant,ox,boar,horse",
    ] {
        line(&mut out, text, text.parse::<Deal>());
    }
    out.push_str("illegal moves from the start of set A:\n");
    for text in ["horse:c5c4", "ox:c3c2", "ox:c5c3", "ox:c5b5", "ox:pass"] {
        let mv: Move = text.parse().expect("move text");
        line(&mut out, text, Position::start().check_move(mv));
    }
    let done: Position = "ss1ss/5/5/5/SSMSS elephant,horse boar,ox crab b"
        .parse()
        .expect("valid");
    line(
        &mut out,
        "ox:a5a4 in a finished game",
        done.check_move("ox:a5a4".parse().expect("move")),
    );
    out.push_str("records:\n");
    for text in [
        "",
        "horse,ox",
        "ssmss/5/5/5/SSMSS",
        "horse,elephant,ox,boar,crab ox:c5c4 bogus",
        "horse,elephant,ox,boar,crab ox:c5c4 horse:c1c2 horse:c4c3",
        "horse,elephant,ox,boar,crab draw ox:c5c4",
        "horse,elephant,ox,boar,crab ox:c5c4 horse:c1c2 boar:c4c3 elephant:b1a2 horse:c3c2 draw",
    ] {
        line(&mut out, text, text.parse::<GameRecord>());
    }
    insta::assert_snapshot!(out);
}
