//! Game records: undo/redo (a zero-length move is one turn), text import/export, serde.

mod common;

use kamisado_core::{
    GameRecord, IllegalMoveReason, Move, ParseRecordError, Position, RecordPlayError, Side,
};

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

#[test]
fn undo_and_redo_one_ply_at_a_time() {
    let mut game = GameRecord::default();
    for m in ["d1d7", "g8b3", "d7d7"] {
        game.play(mv(m)).unwrap();
    }
    assert_eq!(game.ply(), 3);
    assert_eq!(game.positions().len(), 4);
    // The zero-length move is undone as one turn.
    assert_eq!(game.undo(), Some(mv("d7d7")));
    assert_eq!(*game.position(), common::after_line("d1d7 g8b3"));
    assert_eq!(game.position().side_to_move(), Side::Black);
    assert_eq!(game.undo(), Some(mv("g8b3")));
    assert_eq!(game.redo(), Some(mv("g8b3")));
    assert_eq!(game.redo(), Some(mv("d7d7")));
    assert_eq!(game.redo(), None);
    assert!(!game.can_redo());
    // Undo to the start, then a different move drops the redo tail.
    while game.undo().is_some() {}
    assert_eq!(*game.position(), Position::start());
    assert_eq!(game.undo(), None);
    game.play(mv("c1a3")).unwrap();
    assert!(!game.can_redo());
    assert_eq!(game.moves(), [mv("c1a3")]);
}

#[test]
fn illegal_move_leaves_the_record_unchanged() {
    let mut game = GameRecord::default();
    game.play(mv("c1a3")).unwrap();
    let before = game.clone();
    let Err(RecordPlayError::Illegal(err)) = game.play(mv("f8f7")) else {
        panic!("f8f7 is the wrong tower");
    };
    assert!(matches!(err.reason, IllegalMoveReason::WrongTower { .. }));
    assert_eq!(game, before);
}

#[test]
fn text_round_trip_and_first_illegal_move() {
    let text = "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - - c1a3 b8h2 a3e7 h2h2 e7e7";
    let game: GameRecord = text.parse().unwrap();
    assert_eq!(game.to_string(), text);
    assert_eq!(game.outcome().unwrap().winner(), Some(Side::Gold));
    // Tolerated move forms and extra whitespace read fine and print canonically.
    let loose: GameRecord = "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - -   C1-A3\nb8h2"
        .parse()
        .unwrap();
    assert_eq!(
        loose.to_string(),
        "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - - c1a3 b8h2"
    );

    let err = "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - - c1a3 b8h3 a3e7"
        .parse::<GameRecord>()
        .unwrap_err();
    match err {
        ParseRecordError::IllegalMove {
            index,
            ref text,
            source: ref e,
        } => {
            assert_eq!((index, text.as_str()), (2, "b8h3"));
            assert!(matches!(e.reason, IllegalMoveReason::NotOnLine { .. }));
        }
        other => panic!("{other:?}"),
    }
    assert!(err.to_string().contains("move 2 (\"b8h3\")"), "{err}");
    let err = "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - - c1a3 zz"
        .parse::<GameRecord>()
        .unwrap_err();
    assert!(matches!(err, ParseRecordError::MoveText { index: 2, .. }));
    let err = "obpkyrgn/8/8/8/8/8/8/NGRYKPBO x - - c1a3"
        .parse::<GameRecord>()
        .unwrap_err();
    assert!(matches!(err, ParseRecordError::Start(_)));
    // A move after the end is reported like any illegal move.
    let err = format!("{text} b8b7").parse::<GameRecord>().unwrap_err();
    assert!(matches!(
        err,
        ParseRecordError::IllegalMove { index: 6, .. }
    ));
}

#[test]
fn record_from_another_start_position() {
    let start: Position = "o1pkyrgn/4R3/8/8/8/8/7b/NG1YKPBO b r b".parse().unwrap();
    let mut game = GameRecord::new(start);
    game.play(mv("e7e7")).unwrap();
    let text = game.to_string();
    assert_eq!(text, "o1pkyrgn/4R3/8/8/8/8/7b/NG1YKPBO b r b e7e7");
    assert_eq!(text.parse::<GameRecord>().unwrap(), game);
}

#[cfg(feature = "serde")]
#[test]
fn serde_as_text() {
    use kamisado_core::{Colour, Square, Tower};
    let game: GameRecord = "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - - c1a3 b8h2"
        .parse()
        .unwrap();
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(json, "\"obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - - c1a3 b8h2\"");
    assert_eq!(serde_json::from_str::<GameRecord>(&json).unwrap(), game);
    let pos = *game.position();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, format!("\"{pos}\""));
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
    assert_eq!(serde_json::to_string(&mv("h2h2")).unwrap(), "\"h2h2\"");
    assert_eq!(
        serde_json::from_str::<Move>("\"C1-A3\"").unwrap(),
        mv("c1a3")
    );
    assert_eq!(serde_json::to_string(&Square::C1).unwrap(), "\"c1\"");
    assert_eq!(serde_json::to_string(&Side::Gold).unwrap(), "\"gold\"");
    assert_eq!(
        serde_json::from_str::<Side>("\"black\"").unwrap(),
        Side::Black
    );
    assert_eq!(serde_json::to_string(&Colour::Pink).unwrap(), "\"pink\"");
    assert_eq!(
        serde_json::to_string(&Tower::new(Side::Black, Colour::Pink)).unwrap(),
        "\"K\""
    );
    let err = serde_json::from_str::<Position>("\"nonsense\"")
        .unwrap_err()
        .to_string();
    assert!(err.contains("fields"), "{err}");
}

#[cfg(feature = "serde")]
#[test]
fn serde_outcome() {
    use kamisado_core::{Outcome, WinReason};
    let outcome = Outcome::Win {
        winner: Side::Gold,
        reason: WinReason::Deadlock,
    };
    let json = serde_json::to_string(&outcome).unwrap();
    assert_eq!(json, r#"{"winner":"gold","reason":"deadlock"}"#);
    assert_eq!(serde_json::from_str::<Outcome>(&json).unwrap(), outcome);
    assert_eq!(
        serde_json::to_string(&WinReason::HomeRow).unwrap(),
        "\"home_row\""
    );
}

#[test]
fn win_reason_text() {
    use kamisado_core::WinReason;
    for r in WinReason::ALL {
        assert_eq!(r.id().parse::<WinReason>().unwrap(), r);
        assert_eq!(r.to_string().parse::<WinReason>().unwrap(), r);
    }
    assert!("draw".parse::<WinReason>().is_err());
}
