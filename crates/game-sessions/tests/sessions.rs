//! Sessions: play, undo and redo around people and engines, forced turns, endings, save and load.

use abstract_game::Notation;
use abstract_game::rng::SplitMix64;
use abstract_game::tictactoe::{Mark, TicTacToe};

use game_sessions::{
    Format, LoadError, Participant, Play, Session, SessionError, SessionResult, forced_move,
};
use kamisado_core::{Position as Kamisado, Side};

fn people() -> [Participant; 2] {
    [Participant::person("Ann"), Participant::person("Ben")]
}

fn kamisado(moves: &str, seats: [Participant; 2]) -> Session<Kamisado> {
    let mut s = Session::new("kamisado", Kamisado::start(), seats, Format::Casual);
    for text in moves.split_whitespace() {
        let mv = s.position().parse_move(text).unwrap();
        s.play(mv).unwrap();
    }
    s
}

#[test]
fn forced_kamisado_turns_are_played_automatically_and_reported() {
    let mut s = kamisado("c1a3 b8h2", people());
    let mv = s.position().parse_move("a3e7").unwrap();
    let turns = s.play(mv).unwrap();
    // Gold's blue tower on h2 and then Black's red tower on e7 cannot move: both zero-length
    // moves are played by the session, and the second repeats a chain state: a deadlock.
    let texts: Vec<(bool, Side)> = turns.iter().map(|t| (t.forced, t.player)).collect();
    assert_eq!(
        texts,
        [
            (false, Side::Black),
            (true, Side::Gold),
            (true, Side::Black)
        ]
    );
    assert_eq!(
        s.record().move_texts().join(" "),
        "c1a3 b8h2 a3e7 h2h2 e7e7"
    );
    assert!(s.was_forced(4) && s.was_forced(5) && !s.was_forced(3));
    let result = s.result().unwrap();
    assert_eq!(result.to_string(), "gold wins by deadlock");
    // Undo never stops inside forced turns: one undo goes back to Black's a3e7.
    assert_eq!(s.undo(), Ok(3));
    assert_eq!(s.record().ply(), 2);
    assert_eq!(s.to_move(), Some(Side::Black));
    assert_eq!(s.redo(), Ok(3));
    assert!(s.is_over());
}

#[test]
fn random_sessions_never_wait_on_a_forced_turn_and_undo_never_stops_in_one() {
    let mut rng = SplitMix64::new(3);
    let mut forced_seen = 0;
    for game in 0..200 {
        let seats = if game % 2 == 0 {
            people()
        } else {
            [Participant::person("Ann"), Participant::engine("random")]
        };
        let mut s = Session::new("kamisado", Kamisado::start(), seats, Format::Casual);
        while !s.is_over() {
            assert!(forced_move(s.position()).is_none(), "a forced turn waits");
            let moves = s.legal_moves();
            let mv = moves[rng.below(moves.len())];
            forced_seen += s.play(mv).unwrap().iter().filter(|t| t.forced).count();
        }
        while s.record().ply() > 0 {
            s.undo().unwrap();
            let pos = s.position();
            if s.record().ply() > 0 {
                assert!(
                    forced_move(pos).is_none(),
                    "undo stopped inside a forced turn"
                );
                if game % 2 == 1 {
                    assert_eq!(
                        pos.side_to_move(),
                        Side::Black,
                        "undo stopped on the engine"
                    );
                }
            }
        }
    }
    assert!(forced_seen > 0, "no forced turn in 200 games");
}

#[test]
fn undo_against_the_engine_returns_to_the_persons_turn() {
    // The person plays O: the engine's first move stays when everything is undone.
    let seats = [Participant::engine("easy"), Participant::person("Ann")];
    let mut s = Session::new("tictactoe", TicTacToe::new(), seats, Format::Casual);
    for square in [4, 0, 8, 2] {
        s.play(square).unwrap();
    }
    assert_eq!(s.to_move(), Some(Mark::X), "the engine's turn");
    assert_eq!(
        s.undo(),
        Ok(1),
        "the person's move only: it is their turn again"
    );
    assert_eq!(s.to_move(), Some(Mark::O));
    s.play(2).unwrap();
    s.play(6).unwrap();
    assert_eq!(s.undo(), Ok(2), "the engine's reply and the person's move");
    assert_eq!(s.record().ply(), 3);
    assert_eq!(s.to_move(), Some(Mark::O));
    assert_eq!(s.undo(), Ok(2), "back to the person's first turn");
    assert_eq!(s.record().ply(), 1);
    // The person has no earlier turn: the engine's opening is not taken back (and replayed
    // differently).
    assert!(!s.actions().undo);
    assert_eq!(s.undo(), Err(SessionError::NothingToUndo));
    assert_eq!(s.record().ply(), 1);
    assert_eq!(s.redo(), Ok(2));
    // Two people: one ply at a time.
    let mut s = Session::new("tictactoe", TicTacToe::new(), people(), Format::Casual);
    s.play(4).unwrap();
    s.play(0).unwrap();
    assert_eq!(s.undo(), Ok(1));
}

#[test]
fn endings_of_the_players_and_their_undo() {
    let mut s = Session::new("tictactoe", TicTacToe::new(), people(), Format::Casual);
    s.play(4).unwrap();
    s.agree_draw().unwrap();
    assert_eq!(s.result(), Some(SessionResult::DrawAgreed));
    assert!(s.result().unwrap().is_draw());
    assert!(matches!(s.play(0), Err(SessionError::Over { .. })));
    assert!(s.resign(Mark::O).is_err());
    assert!(s.actions().moves.is_empty() && !s.actions().end);
    assert_eq!(s.undo(), Ok(0), "undo takes the ending back first");
    assert_eq!(s.record().ply(), 1);
    s.abandon().unwrap();
    assert_eq!(s.result(), Some(SessionResult::Abandoned));
    assert!(!s.result().unwrap().has_result());
    assert_eq!(s.result().unwrap().points(Mark::X), None);
}

#[test]
fn what_the_side_to_move_may_do() {
    let mut s = Session::new("tictactoe", TicTacToe::new(), people(), Format::Casual);
    let a = s.actions();
    assert_eq!(a.moves.len(), 9);
    assert!(!a.undo && !a.redo && a.end && !a.propose);
    s.play(4).unwrap();
    s.undo().unwrap();
    assert!(s.actions().redo);
    assert_eq!(
        s.propose(&game_sessions::WinningReplies, 0),
        Err(SessionError::NotCoaching)
    );
}

#[test]
fn save_then_load_gives_an_equal_session() {
    // A clock duel with time used, moves undone (kept for redo) and a draw agreed.
    let control = "3m+2s".parse().unwrap();
    let mut s = Session::new(
        "kamisado",
        Kamisado::start(),
        [Participant::person("Ann"), Participant::engine("hard")],
        Format::ClockDuel { control },
    );
    for text in ["c1a3", "b8h2", "a3e7"] {
        s.tick(std::time::Duration::from_millis(1500));
        let mv = s.position().parse_move(text).unwrap();
        if s.play(mv).is_err() {
            break;
        }
    }
    s.undo().unwrap();
    let json = s.to_json();
    let again: Session<Kamisado> = Session::from_json(&json).unwrap();
    assert_eq!(again, s);
    assert!(again.record().can_redo());

    let mut s = kamisado("c1a3 b8h2", people());
    s.agree_draw().unwrap();
    let again = Session::<Kamisado>::from_json(&s.to_json()).unwrap();
    assert_eq!(again, s);
    let saved = Play::Single(s.clone());
    assert_eq!(
        Play::from_json(&saved.to_json(), "kamisado").unwrap(),
        saved
    );
    assert!(matches!(
        Play::<Kamisado>::from_json(&saved.to_json(), "onitama"),
        Err(LoadError::WrongGame { .. })
    ));
}

#[test]
fn files_that_do_not_load_say_why() {
    let good = kamisado("c1a3", people()).to_json();
    for (text, needle) in [
        ("", "not a saved game"),
        ("{}", "not a saved game"),
        ("[1, 2]", "not a saved game"),
        (&good.replace("c1a3", "c1a9"), "record"),
        (&good.replace("c1a3", "c1c1"), "record"),
        (
            &good.replace("\"redo\": []", "\"redo\": [\"zz\"]"),
            "move \"zz\"",
        ),
        (
            &good.replace("\"flag\": null", "\"flag\": {\"fell\": \"pink\"}"),
            "flag",
        ),
    ] {
        let err = Session::<Kamisado>::from_json(text)
            .unwrap_err()
            .to_string();
        assert!(err.contains(needle), "{text:?}: {err}");
    }
}

/// The increment is per completed turn: a turn taken back loses it, and its redo gives it back.
#[test]
fn undo_takes_back_the_increment_and_redo_gives_it_back() {
    use std::time::Duration;
    let control = "1m+10s".parse().unwrap();
    let mut s = Session::new(
        "tictactoe",
        TicTacToe::new(),
        people(),
        Format::ClockDuel { control },
    );
    for _ in 0..5 {
        s.play(4).unwrap();
        assert_eq!(
            s.clock().unwrap().remaining(Mark::X),
            Duration::from_secs(70)
        );
        s.undo().unwrap();
    }
    assert_eq!(s.record().ply(), 0);
    assert_eq!(
        s.clock().unwrap().remaining(Mark::X),
        Duration::from_secs(60)
    );
    // A correction as well: nobody keeps the increment of the turn corrected.
    s.play(4).unwrap();
    s.correct().unwrap();
    assert_eq!(
        s.clock().unwrap().remaining(Mark::X),
        Duration::from_secs(60)
    );
    // Redo gives back exactly what undo took, even when the player had less than an increment.
    s.play(4).unwrap();
    s.play(0).unwrap();
    s.tick(Duration::from_secs(65)); // X thinks: 70 s - 65 s = 5 s left
    let before = s.clone();
    assert_eq!(s.undo(), Ok(1));
    assert_eq!(
        s.clock().unwrap().remaining(Mark::O),
        Duration::from_secs(60)
    );
    assert_eq!(s.undo(), Ok(1));
    assert_eq!(s.clock().unwrap().remaining(Mark::X), Duration::ZERO);
    let loaded: Session<TicTacToe> = Session::from_json(&s.to_json()).unwrap();
    assert_eq!(loaded, s, "what undo took back is saved");
    assert_eq!(s.redo(), Ok(1));
    assert_eq!(s.redo(), Ok(1));
    assert_eq!(s.clock(), before.clock());
    assert_eq!(s.record(), before.record());
}

/// The forced turns at the start are played at once, and undo never goes back inside them.
#[test]
fn undo_never_stops_inside_the_forced_turns_at_the_start() {
    let start: Kamisado = "o1pkyrgn/8/8/2R5/8/8/7b/NG1YKPBO g b -".parse().unwrap();
    assert!(forced_move(&start).is_some(), "the start is a forced turn");
    let mut s = Session::new("kamisado", start, people(), Format::Casual);
    let first = s.record().ply();
    assert!(first > 0 && forced_move(s.position()).is_none());
    assert_eq!(s.undo(), Err(SessionError::NothingToUndo));
    assert!(!s.actions().undo);
    let mv = s.position().parse_move("c5c6").unwrap();
    s.play(mv).unwrap();
    let after = s.record().ply();
    assert_eq!(s.undo(), Ok(after - first));
    assert_eq!(s.record().ply(), first);
    assert!(forced_move(s.position()).is_none());
    assert_eq!(s.undo(), Err(SessionError::NothingToUndo));
    assert_eq!(s.redo(), Ok(after - first));
}

/// A saved session that stops at a forced turn has it played when it loads.
#[test]
fn a_loaded_session_does_not_wait_on_a_forced_turn() {
    let s = Session::new("kamisado", Kamisado::start(), people(), Format::Casual);
    let json = s
        .to_json()
        .replace("NGRYKPBO b - -\"", "NGRYKPBO b - - c1a3 b8h2 a3c5\"");
    let loaded: Session<Kamisado> = Session::from_json(&json).unwrap();
    assert!(loaded.record().ply() > 3);
    assert!(forced_move(loaded.position()).is_none());
}

/// Undoing the players' ending is undone by redo; an ending forgets the moves it replaced.
#[test]
fn redo_restores_an_undone_ending_and_an_ending_forgets_the_undone_moves() {
    let mut s = Session::new("tictactoe", TicTacToe::new(), people(), Format::Casual);
    s.play(4).unwrap();
    s.resign(Mark::O).unwrap();
    let resigned = s.clone();
    assert_eq!(s.undo(), Ok(0));
    assert!(s.actions().redo);
    let loaded: Session<TicTacToe> = Session::from_json(&s.to_json()).unwrap();
    assert_eq!(loaded, s, "the undone ending is saved");
    assert_eq!(s.redo(), Ok(0));
    assert_eq!(s, resigned, "undo then redo restores the resignation");
    // Undo the ending and the move, redo both, one at a time.
    assert_eq!(s.undo(), Ok(0));
    assert_eq!(s.undo(), Ok(1));
    assert_eq!(s.redo(), Ok(1));
    assert_eq!(s.redo(), Ok(0));
    assert_eq!(s.result(), resigned.result());
    assert_eq!(s.redo(), Err(SessionError::NothingToRedo));
    // A new move forgets the undone ending.
    s.undo().unwrap();
    s.play(0).unwrap();
    assert_eq!(s.redo(), Err(SessionError::NothingToRedo));
    // An ending replaces the undone moves: redo does not replay a stale one.
    let mut s = Session::new("tictactoe", TicTacToe::new(), people(), Format::Casual);
    s.play(4).unwrap();
    s.play(0).unwrap();
    s.undo().unwrap();
    s.resign(Mark::O).unwrap();
    assert!(s.record().redo_moves().is_empty());
    assert_eq!(s.undo(), Ok(0));
    assert_eq!(s.redo(), Ok(0));
    assert_eq!(s.record().ply(), 1);
    assert_eq!(
        s.result(),
        Some(SessionResult::Resigned { winner: Mark::X })
    );
    // In a file, the undone ending comes last, after the undone moves.
    let fresh = Session::new("tictactoe", TicTacToe::new(), people(), Format::Casual);
    let json = fresh
        .to_json()
        .replace("\"redo\": []", "\"redo\": [\"draw\", \"4\"]");
    assert!(json.contains("\"draw\", \"4\""));
    assert!(matches!(
        Session::<TicTacToe>::from_json(&json),
        Err(LoadError::Move { .. })
    ));
}

/// A saved session whose clock, flag or candidate does not fit the game does not load, and the
/// error says what.
#[test]
fn inconsistent_clocks_flags_and_candidates_do_not_load() {
    use serde_json::{Value, json};
    use std::time::Duration;
    let control = "1m+10s".parse().unwrap();
    let mut s = Session::new(
        "tictactoe",
        TicTacToe::new(),
        people(),
        Format::ClockDuel { control },
    );
    s.play(4).unwrap(); // X has 70 s, O is to move with 60 s
    let saved: Value = serde_json::from_str(&s.to_json()).unwrap();
    let fails = |change: &dyn Fn(&mut Value), why: &str| {
        let mut bad = saved.clone();
        change(&mut bad);
        assert_ne!(bad, saved, "{why}: nothing changed");
        let error = Session::<TicTacToe>::from_json(&bad.to_string()).unwrap_err();
        assert!(matches!(error, LoadError::Invalid(_)), "{error:?}");
        assert!(error.to_string().contains(why), "{error} ({why})");
    };
    let secs = |n: u64| json!({"secs": n, "nanos": 0});
    // A flag that fell with time left, or for the side not to move.
    fails(&|v| v["flag"] = json!({"fell": "o"}), "left on the clock");
    fails(
        &|v| {
            v["flag"] = json!({"fell": "x"});
            v["clock"]["remaining"][0] = secs(0);
        },
        "was to move",
    );
    // A flag in a game the players ended.
    fails(
        &|v| {
            v["flag"] = json!("both");
            v["record"] = json!(format!("{} resign:o", v["record"].as_str().unwrap()));
        },
        "the players ended",
    );
    // The clock's control is not the format's; a paused clock; more time than possible.
    fails(
        &|v| v["clock"]["control"]["increment"] = secs(5),
        "is not the format's",
    );
    fails(&|v| v["clock"]["paused"] = json!(true), "paused");
    fails(
        &|v| v["clock"]["remaining"][1] = secs(u64::MAX),
        "more than the time and the increments",
    );
    fails(
        &|v| v["clock"]["remaining"][0] = secs(81),
        "more than the time and the increments of 1 completed turns",
    );
    // A time control beyond the limits of its text.
    fails(
        &|v| {
            let control = json!({"initial": secs(u64::MAX), "increment": secs(10)});
            v["format"]["control"] = control.clone();
            v["clock"]["control"] = control;
        },
        "at most 7 days",
    );
    // A candidate outside the coaching round.
    fails(&|v| v["candidate"] = json!("0"), "coaching round");
    // What a session writes loads: a flag that fell on the side to move.
    let mut flagged = s.clone();
    flagged.tick(Duration::from_secs(60));
    assert!(flagged.is_over());
    let loaded: Session<TicTacToe> = Session::from_json(&flagged.to_json()).unwrap();
    assert_eq!(loaded, flagged);
}

#[test]
fn a_clock_duel_set_up_with_moves_takes_back_no_increment_it_never_gave() {
    use abstract_game::record::GameRecord;
    use std::time::Duration;
    // Two moves already played when the clock starts (as the server's `moves` field does).
    let mut record = GameRecord::new(TicTacToe::new());
    record.play(4).unwrap();
    record.play(0).unwrap();
    let control = "1m+10s".parse().unwrap();
    let mut s = Session::from_record("tictactoe", record, people(), Format::ClockDuel { control });
    let full = Duration::from_secs(60);
    // Undoing the set-up moves takes nothing from either clock, and redo gives nothing.
    assert_eq!(s.undo(), Ok(1));
    assert_eq!(s.clock().unwrap().remaining(Mark::O), full);
    assert_eq!(s.undo(), Ok(1));
    assert_eq!(s.clock().unwrap().remaining(Mark::X), full);
    let loaded: Session<TicTacToe> = Session::from_json(&s.to_json()).unwrap();
    assert_eq!(loaded, s, "the clock's start is saved");
    assert_eq!(s.redo(), Ok(1));
    assert_eq!(s.redo(), Ok(1));
    assert_eq!(s.clock().unwrap().remaining(Mark::X), full);
    assert_eq!(s.clock().unwrap().remaining(Mark::O), full);
    // A move after the clock started earns its increment, and undo takes it back.
    s.play(8).unwrap();
    assert_eq!(
        s.clock().unwrap().remaining(Mark::X),
        full + Duration::from_secs(10)
    );
    let loaded: Session<TicTacToe> = Session::from_json(&s.to_json()).unwrap();
    assert_eq!(loaded, s);
    assert_eq!(s.undo(), Ok(1));
    assert_eq!(s.clock().unwrap().remaining(Mark::X), full);
    assert_eq!(s.clock().unwrap().remaining(Mark::O), full);
}

#[test]
fn a_saved_clock_start_beyond_the_game_or_without_a_clock_is_refused() {
    let control = "1m+10s".parse().unwrap();
    let mut s = Session::new(
        "tictactoe",
        TicTacToe::new(),
        people(),
        Format::ClockDuel { control },
    );
    s.play(4).unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&s.to_json()).unwrap();
    json["clock_start"] = 2.into();
    let err = Session::<TicTacToe>::from_json(&json.to_string()).unwrap_err();
    assert!(
        matches!(err, LoadError::Invalid(ref m) if m.contains("clock_start")),
        "{err}"
    );
    // X's 70 s then hold an increment of a move played before the clock started.
    json["clock_start"] = 1.into();
    let err = Session::<TicTacToe>::from_json(&json.to_string()).unwrap_err();
    assert!(
        matches!(err, LoadError::Invalid(ref m) if m.contains("more than the time")),
        "{err}"
    );
    json["clock_start"] = 0.into();
    assert!(Session::<TicTacToe>::from_json(&json.to_string()).is_ok());
    let casual = Session::new("tictactoe", TicTacToe::new(), people(), Format::Casual);
    let mut json: serde_json::Value = serde_json::from_str(&casual.to_json()).unwrap();
    json["clock_start"] = 1.into();
    let err = Session::<TicTacToe>::from_json(&json.to_string()).unwrap_err();
    assert!(
        matches!(err, LoadError::Invalid(ref m) if m.contains("clock_start")),
        "{err}"
    );
}
