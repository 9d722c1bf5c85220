//! Golden outputs (insta): board diagrams and the transcript of a whole game. Review changes with
//! `cargo insta review` (or `INSTA_UPDATE=always` and `git diff`).

use std::fmt::Write;

use abstract_game::rng::SplitMix64;
use onitama_core::{Deal, GameRecord, Position};

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
    let mut record = GameRecord::from_deal(Deal::COMMUNITY_D);
    let mut out = format!("start: {}\n", record.position());
    for ply in 1..=200 {
        let pos = record.position();
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
