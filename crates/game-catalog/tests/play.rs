//! What sessions need from each game: boards, words, the coach.

use abstract_game::{Game, Notation};
use game_catalog::games::{Kamisado, Onitama};
use game_catalog::play::{BoardStyle, CatalogCoach};
use game_catalog::{CatalogGame, Presentation};
use game_sessions::{Format, Participant, Session, forced_move};

fn people() -> [Participant; 2] {
    [Participant::person("Ann"), Participant::person("Ben")]
}

fn after<G: CatalogGame>(start: G, moves: &str) -> G {
    let mut pos = start;
    for text in moves.split_whitespace() {
        let mv = pos.parse_move(text).unwrap();
        pos.play(mv).unwrap();
    }
    pos
}

#[test]
fn the_kamisado_board_highlights_the_tower_to_move_and_its_destinations() {
    let pos = after(Kamisado::start(), "c1a3");
    let style = BoardStyle {
        last: Some(kamisado_core::Move::new(
            "c1".parse().unwrap(),
            "a3".parse().unwrap(),
        )),
        selected: Some("b8".into()),
        ..BoardStyle::default()
    };
    let text = pos.board(&style);
    println!("{text}");
    assert!(
        text.contains(" b>b< "),
        "gold's blue tower on b8 must move: {text}"
    );
    assert!(text.contains("b(R)"), "the last move is marked: {text}");
    assert!(text.contains("[*]"), "destinations are shown: {text}");
    assert!(!text.contains('\x1b'), "plain letters without colour");
    let colour = pos.board(&BoardStyle {
        colour: true,
        ..style
    });
    println!("{colour}");
    assert!(colour.contains('\x1b') && colour.contains("○"), "{colour}");
}

#[test]
fn kamisado_explains_forced_turns_and_deadlocks() {
    let pos = after(Kamisado::start(), "c1a3 b8h2 a3e7");
    let mv = forced_move(&pos).unwrap();
    let words = pos.forced_words(mv);
    assert_eq!(
        words,
        "gold's blue tower on h2 cannot move: a zero-length move, played automatically; black must now move the red tower"
    );
    let end = after(pos, "h2h2 e7e7");
    let words = end.outcome_words(Game::outcome(&end).unwrap());
    assert!(
        words.contains("black made the last move of positive length, so black loses and gold wins"),
        "{words}"
    );
}

#[test]
fn the_onitama_board_is_drawn_from_the_viewers_seat() {
    let pos = after(Onitama::start(), "ox:c5c4");
    let mv = Onitama::start().parse_move("ox:c5c4").unwrap();
    let red = pos.board(&BoardStyle {
        last: Some(mv),
        viewer: Some(onitama_core::Side::Red),
        ..BoardStyle::default()
    });
    println!("{red}");
    assert!(red.contains("ox (just used)"), "{red}");
    assert!(red.contains("5 | s  s [.] s  s |"), "{red}");
    let blue = pos.board(&BoardStyle {
        last: Some(mv),
        viewer: Some(onitama_core::Side::Blue),
        ..BoardStyle::default()
    });
    println!("{blue}");
    assert!(blue.contains("5 | s  s [.] s  s | 5\n  +"), "{blue}");
    assert!(blue.find("Red's cards").unwrap() < blue.find("Blue's cards").unwrap());
}

#[test]
fn the_onitama_coach_names_captures_wins_and_the_card_handed_over() {
    // Red's Master on c4 faces Blue's on c5; if Red steps aside with the ox, Blue's eel...
    let start: Onitama = "2m2/2M2/5/5/5 boar,ox crab,eel tiger r".parse().unwrap();
    let mut s = Session::new("onitama", start, people(), Format::Coaching);
    let candidate = s.position().parse_move("ox:c4c3").unwrap();
    let report = s.propose(&CatalogCoach, candidate).unwrap();
    assert_eq!(
        report.hand_over.as_deref(),
        Some("blue will receive ox after their move")
    );
    assert_eq!(s.position(), &start);
    // Stepping to d4 leaves Red's Master diagonally in front of Blue's, where Blue's eel takes
    // it: the one threat, a capture that wins (the Master is all Red has).
    let candidate = s.position().parse_move("ox:c4d4").unwrap();
    let report = s.propose(&CatalogCoach, candidate).unwrap();
    let threats: Vec<(String, bool, bool)> = report
        .threats
        .iter()
        .map(|t| (report.after.move_text(t.reply), t.wins, t.captures))
        .collect();
    assert_eq!(threats, [("eel:c5d4".to_owned(), true, true)]);
    assert_eq!(s.record().ply(), 0);
}
