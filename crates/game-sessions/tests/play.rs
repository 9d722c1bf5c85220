//! [`Play`]: one session or a mirror match behind one type: the game under way, the participants
//! and their sides, the next game, and one saved file for either.

use std::time::Duration;

use abstract_game::Notation;
use abstract_game::tictactoe::{Mark, TicTacToe};
use game_sessions::{
    Format, LoadError, MatchError, MirrorMatch, Participant, Play, Session, TimeControl,
};
use onitama_core::{Deal, Position as Onitama, Side};

fn ann_and_ben() -> [Participant; 2] {
    [Participant::person("Ann"), Participant::person("Ben")]
}

fn mirror(format: Format) -> Play<Onitama> {
    let start = Onitama::from_deal(Deal::COMMUNITY_B); // Red starts
    MirrorMatch::new("onitama", start, ann_and_ben(), format)
        .unwrap()
        .into()
}

fn play(session: &mut Session<Onitama>, text: &str) {
    let mv = session.position().parse_move(text).unwrap();
    session.play(mv).unwrap();
}

#[test]
fn current_follows_the_games_of_a_match() {
    let mut p = mirror(Format::Casual);
    play(p.current_mut(), "tiger:c1c3");
    assert_eq!(p.current().record().ply(), 1);
    p.current_mut().resign(Side::Blue).unwrap(); // Ben resigns game one
    let second = p.next_game().unwrap();
    assert_eq!(second.record().ply(), 0);
    assert_eq!(p.current().record().ply(), 0, "game two is under way");
    assert_eq!(p.current().participant(Side::Red).name(), "Ben");
    play(p.current_mut(), "tiger:c1c3");
    let Play::Mirror(m) = &p else {
        panic!("a mirror match stays one")
    };
    assert_eq!(m.game_number(), 2);
    assert_eq!(
        m.games()[1].record().ply(),
        1,
        "the move went into game two"
    );
    assert!(m.games()[0].is_over(), "game one is left as it ended");
    assert_eq!(m.games()[0].record().ply(), 1);
}

#[test]
fn current_of_a_single_session_is_the_session() {
    let session = Session::new("tictactoe", TicTacToe::new(), ann_and_ben(), Format::Casual);
    let mut p = Play::from(session.clone());
    assert_eq!(p.current(), &session);
    p.current_mut().play(4).unwrap();
    assert_eq!(p.current().record().ply(), 1);
    assert_eq!(p.game(), "tictactoe");
    assert_eq!(p.participants(), &ann_and_ben());
    assert!(matches!(p.next_game(), Err(MatchError::NotAMatch)));
    assert_eq!(p.current().record().ply(), 1, "nothing changed");
}

#[test]
fn sides_swap_in_game_two_and_back_to_participants() {
    let single: Play<Onitama> =
        Session::new("onitama", Onitama::start(), ann_and_ben(), Format::Casual).into();
    assert_eq!(single.sides(), Side::BOTH);
    for side in Side::BOTH {
        assert_eq!(single.participant_index(side), side.index());
    }

    let mut p = mirror(Format::Casual);
    assert_eq!(p.sides(), [Side::Red, Side::Blue]);
    assert_eq!(p.participant_index(Side::Blue), 1);
    p.current_mut().agree_draw().unwrap();
    p.next_game().unwrap();
    assert_eq!(p.sides(), [Side::Blue, Side::Red]);
    assert_eq!(p.participant_index(Side::Blue), 0);
    assert_eq!(p.participant_index(Side::Red), 1);
    for (index, side) in p.sides().into_iter().enumerate() {
        assert_eq!(p.current().participant(side), &p.participants()[index]);
    }
}

#[test]
fn an_abandoned_game_keeps_the_sides() {
    let mut p = mirror(Format::Casual);
    p.current_mut().abandon().unwrap();
    p.next_game().unwrap();
    assert_eq!(p.sides(), [Side::Red, Side::Blue], "game one again");
    assert_eq!(p.current().participant(Side::Red).name(), "Ann");
}

#[test]
fn a_participant_joins_on_their_side() {
    let mut single: Play<TicTacToe> =
        Session::new("tictactoe", TicTacToe::new(), ann_and_ben(), Format::Casual).into();
    single
        .set_participant(1, Participant::person("Cy"))
        .unwrap();
    assert_eq!(single.current().participant(Mark::O).name(), "Cy");
    assert_eq!(single.participants()[1].name(), "Cy");
    let before = single.clone();
    assert_eq!(
        single.set_participant(2, Participant::person("Di")),
        Err(MatchError::NoSuchParticipant(2))
    );
    assert_eq!(single, before);

    let mut p = mirror(Format::Casual);
    p.current_mut().resign(Side::Red).unwrap();
    p.next_game().unwrap();
    p.set_participant(1, Participant::person("Cy")).unwrap();
    let Play::Mirror(m) = &p else {
        panic!("a mirror match stays one")
    };
    assert_eq!(m.games()[0].participant(Side::Blue).name(), "Cy");
    assert_eq!(m.games()[1].participant(Side::Red).name(), "Cy");
    assert_eq!(p.participants()[1].name(), "Cy");
    assert!(matches!(
        p.set_participant(5, Participant::person("Di")),
        Err(MatchError::NoSuchParticipant(5))
    ));
}

#[test]
fn a_single_session_round_trips_through_json() {
    let control: TimeControl = "1m+2s".parse().unwrap();
    let mut session = Session::new(
        "onitama",
        Onitama::start(),
        [Participant::person("Ann"), Participant::engine("easy")],
        Format::ClockDuel { control },
    );
    session.tick(Duration::from_secs(5));
    play(&mut session, "ox:c5c4");
    let p = Play::Single(session);
    let json = p.to_json();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(value["session"]["participants"].is_array(), "{json}");
    let again = Play::<Onitama>::from_json(&json, "onitama").unwrap();
    assert_eq!(again, p);
    assert!(matches!(again, Play::Single(_)));
}

#[test]
fn a_mirror_match_round_trips_through_json() {
    let mut p = mirror(Format::Casual);
    play(p.current_mut(), "tiger:c1c3");
    p.current_mut().undo().unwrap(); // an undone move is kept
    p.current_mut().resign(Side::Red).unwrap();
    p.next_game().unwrap();
    play(p.current_mut(), "tiger:c1c3");
    let json = p.to_json();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["mirror_match"]["games"].as_array().unwrap().len(), 2);
    let again = Play::<Onitama>::from_json(&json, "onitama").unwrap();
    assert_eq!(again, p);
    assert_eq!(again.sides(), [Side::Blue, Side::Red]);
}

#[test]
fn another_game_is_rejected() {
    let single: Play<Onitama> =
        Session::new("onitama", Onitama::start(), ann_and_ben(), Format::Casual).into();
    match Play::<Onitama>::from_json(&single.to_json(), "kamisado") {
        Err(LoadError::WrongGame { expected, found }) => {
            assert_eq!((expected.as_str(), found.as_str()), ("kamisado", "onitama"));
        }
        other => panic!("expected WrongGame, got {other:?}"),
    }
    let p = mirror(Format::Casual);
    assert!(matches!(
        Play::<Onitama>::from_json(&p.to_json(), "kamisado"),
        Err(LoadError::WrongGame { .. })
    ));
}

#[test]
fn every_game_of_a_match_is_checked() {
    let mut p = mirror(Format::Casual);
    p.current_mut().agree_draw().unwrap();
    p.next_game().unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&p.to_json()).unwrap();
    value["mirror_match"]["games"][1]["game"] = "kamisado".into();
    assert!(matches!(
        Play::<Onitama>::from_json(&value.to_string(), "onitama"),
        Err(LoadError::WrongGame { .. })
    ));
}

#[test]
fn bad_files_are_errors() {
    for text in [
        "",
        "{}",
        "[1, 2]",
        r#"{"session": {"game": "onitama"}}"#,
        r#"{"mirror_match": {"participants": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Ben"}], "games": []}}"#,
        r#"{"tournament": {}}"#,
    ] {
        assert!(
            Play::<Onitama>::from_json(text, "onitama").is_err(),
            "{text:?} loaded"
        );
    }
}
