//! The generic game record on tic-tac-toe: undo and redo, endings, the text form and its errors.

use abstract_game::record::{Ending, GameRecord, GameResult, ParseRecordError, PlayError};
use abstract_game::tictactoe::{Mark, TicTacToe, TicTacToeEnd, TicTacToeError};
use abstract_game::{Game, Notation, Outcome};

fn record(moves: &[u8]) -> GameRecord<TicTacToe> {
    let mut game = GameRecord::new(TicTacToe::new());
    for &mv in moves {
        game.play(mv).expect("legal");
    }
    game
}

#[test]
fn positions_follow_the_moves_and_undo_redo_walk_them() {
    let mut game = record(&[4, 0, 8]);
    assert_eq!(game.ply(), 3);
    assert_eq!(game.positions().len(), 4);
    let mut replay = TicTacToe::new();
    for (i, &mv) in game.moves().iter().enumerate() {
        assert_eq!(&game.positions()[i], &replay);
        replay.play(mv).unwrap();
    }
    assert_eq!(game.position(), &replay);
    assert_eq!(game.last_move(), Some(8));

    assert_eq!(game.undo(), Some(8));
    assert_eq!(game.undo(), Some(0));
    assert_eq!(game.ply(), 1);
    assert_eq!(game.redo_moves(), [0, 8]);
    assert!(game.can_redo());
    assert_eq!(game.redo(), Some(0));
    assert_eq!(game.position(), &record(&[4, 0]).position().clone());
    // A different move forgets the redo tail.
    game.play(2).unwrap();
    assert!(!game.can_redo());
    assert_eq!(game.moves(), [4, 0, 2]);
    while game.undo().is_some() {}
    assert_eq!(game.ply(), 0);
    assert!(!game.can_undo());
    assert_eq!(game.undo(), None);
    assert_eq!(game.start(), &TicTacToe::new());
}

#[test]
fn an_illegal_move_is_rejected_and_changes_nothing() {
    let mut game = record(&[4]);
    let before = game.clone();
    assert_eq!(
        game.play(4),
        Err(PlayError::Illegal(TicTacToeError::Occupied(4)))
    );
    assert_eq!(game, before);
}

#[test]
fn the_rules_result_comes_from_the_position() {
    let game = record(&[0, 3, 1, 4, 2]);
    let expected = Outcome::Win {
        winner: Mark::X,
        reason: TicTacToeEnd::Line,
    };
    assert_eq!(game.outcome(), Some(expected));
    assert_eq!(game.result(), Some(GameResult::Outcome(expected)));
    assert!(game.is_over());
    assert_eq!(game.result().and_then(GameResult::winner), Some(Mark::X));
    // No ending can be added to a finished game.
    let mut game = game;
    assert!(!game.agree_draw());
    assert_eq!(game.ending(), None);
}

#[test]
fn endings_block_moves_until_undone() {
    for (ending, result) in [
        (Ending::DrawAgreed, GameResult::DrawAgreed),
        (
            Ending::Resigned { winner: Mark::O },
            GameResult::Resigned { winner: Mark::O },
        ),
        (Ending::Abandoned, GameResult::Abandoned),
    ] {
        let mut game = record(&[4, 0]);
        assert!(game.end(ending));
        assert!(!game.end(Ending::DrawAgreed), "a second ending is refused");
        assert_eq!(game.result(), Some(result));
        assert!(game.is_over());
        assert_eq!(game.play(1), Err(PlayError::Ended { ending }));
        assert!(!game.can_redo());
        // Undo takes back the ending first, then moves.
        assert_eq!(game.undo(), None);
        assert_eq!(game.ending(), None);
        assert_eq!(game.ply(), 2);
        game.play(1).unwrap();
    }
    let mut game = record(&[4]);
    assert!(game.resign(Mark::X));
    assert_eq!(
        game.result(),
        Some(GameResult::Resigned { winner: Mark::O })
    );
    assert!(!GameResult::<Mark, TicTacToeEnd>::Abandoned.has_result());
    assert!(GameResult::<Mark, TicTacToeEnd>::DrawAgreed.has_result());
}

#[test]
fn text_round_trips_with_every_ending() {
    let mut game = record(&[4, 0, 8]);
    assert_eq!(game.to_string(), ".../.../... x 4 0 8");
    assert_eq!(game.move_texts(), ["4", "0", "8"]);
    for (ending, token) in [
        (Ending::DrawAgreed, "draw"),
        (Ending::Resigned { winner: Mark::X }, "resign:o"),
        (Ending::Abandoned, "abandoned"),
    ] {
        if game.ending().is_some() {
            assert_eq!(game.undo(), None, "undo takes back the ending, not a move");
        }
        assert!(game.end(ending));
        let text = game.to_string();
        assert_eq!(text, format!(".../.../... x 4 0 8 {token}"));
        let back: GameRecord<TicTacToe> = text.parse().unwrap();
        assert_eq!(back.ending(), Some(ending));
        assert_eq!(back.to_string(), text);
        assert_eq!(Ending::from_token(token), Some(ending));
    }
    // Any whitespace between tokens; the canonical text has single spaces.
    let back: GameRecord<TicTacToe> = "..x/.o./... x\n 1\t3 ".parse().unwrap();
    assert_eq!(back.to_string(), "..x/.o./... x 1 3");
    assert_eq!(Ending::<Mark>::from_token("resign:z"), None);
}

#[test]
fn text_errors_name_the_bad_token() {
    type Error = ParseRecordError<TicTacToe>;
    let parse = |text: &str| text.parse::<GameRecord<TicTacToe>>().unwrap_err();
    assert_eq!(parse("  "), Error::Empty);
    assert!(matches!(parse("xxx/.../... x"), Error::Start(_)));
    assert_eq!(
        parse(".../.../... x 4 9"),
        Error::MoveText {
            index: 2,
            text: "9".into(),
            source: TicTacToeError::BadMove("9".into()),
        }
    );
    assert_eq!(
        parse(".../.../... x 4 4"),
        Error::IllegalMove {
            index: 2,
            text: "4".into(),
            source: TicTacToeError::Occupied(4),
        }
    );
    assert_eq!(
        parse(".../.../... x 4 draw 5"),
        Error::AfterEnding {
            text: "5".into(),
            ending: "draw".into(),
        }
    );
    assert_eq!(
        parse(".../.../... x 0 3 1 4 2 draw"),
        Error::EndingAfterEnd {
            text: "draw".into(),
            after: 5,
        }
    );
    assert_messages(&[
        (
            parse(""),
            "empty game record: expected a start position, then the moves",
        ),
        (
            parse(".../.../... x 4 4"),
            "move 2 (\"4\"): square 4 is occupied",
        ),
        (
            parse(".../.../... x 4 draw 5"),
            "unexpected \"5\" after the ending \"draw\": the ending token comes last",
        ),
    ]);
}

fn assert_messages(cases: &[(ParseRecordError<TicTacToe>, &str)]) {
    for (error, message) in cases {
        assert_eq!(error.to_string(), *message);
    }
}

#[test]
fn the_start_text_is_the_position_text_by_default() {
    let pos = TicTacToe::parse_position("x../.o./... x").unwrap();
    assert_eq!(pos.start_text(), pos.position_text());
    let tokens = ["x../.o./...", "x", "5"];
    let (start, used) = TicTacToe::parse_start(&tokens).unwrap();
    assert_eq!((start, used), (pos, 2));
}

#[cfg(feature = "serde")]
#[test]
fn serde_uses_the_text() {
    let mut game = record(&[4, 0]);
    game.agree_draw();
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(json, "\".../.../... x 4 0 draw\"");
    let back: GameRecord<TicTacToe> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
    let bad = serde_json::from_str::<GameRecord<TicTacToe>>("\".../.../... x 4 4\"");
    assert!(bad.unwrap_err().to_string().contains("move 2"));
}

#[test]
fn the_history_is_the_hashes_before_the_current_position() {
    use abstract_game::ZobristHash;
    let mut game = record(&[4, 0, 8]);
    let expected: Vec<u64> = game.positions()[..3]
        .iter()
        .map(ZobristHash::zobrist)
        .collect();
    assert_eq!(game.earlier_zobrists(), expected);
    assert!(!game.earlier_zobrists().contains(&game.position().zobrist()));
    game.undo();
    assert_eq!(game.earlier_zobrists(), expected[..2]);
    assert!(record(&[]).earlier_zobrists().is_empty());
}
