//! The typed views of a game being played and of the catalog: moves in parts, forced turns in
//! words, the seats, and what a front end reads at start-up.

use game_catalog::games::{Kamisado, Onitama};
use game_catalog::views::catalog::CatalogView;
use game_catalog::views::state::{MoveView, StateView};
use game_sessions::{Format, Participant, Play, Session};

fn people() -> [Participant; 2] {
    [Participant::person("Ann"), Participant::person("Bo")]
}

#[test]
fn an_onitama_pass_has_a_card_and_no_squares() {
    let pos: Onitama = "MSSSS/5/2m2/5/5 boar,elephant monkey,tiger crab r"
        .parse()
        .unwrap();
    let session = Session::new("onitama", pos, people(), Format::Casual);
    let view = StateView::of(&Play::Single(session), [true, false]);
    assert_eq!(view.legal_moves, ["boar:pass", "elephant:pass"]);
    assert!(view.sources.is_empty());
    for m in &view.legal {
        assert_eq!(
            (m.from.as_deref(), m.to.as_deref(), m.pass),
            (None, None, true)
        );
    }
    assert_eq!(view.legal[1].card, Some("elephant"));
    assert_eq!(view.seats[1].name, "Bo");
    assert!(!view.seats[1].joined);
    let step = MoveView::of(&Onitama::start(), "ox:c5c4".parse().unwrap());
    assert_eq!(
        (
            step.from.as_deref(),
            step.to.as_deref(),
            step.card,
            step.pass
        ),
        (Some("c5"), Some("c4"), Some("ox"), false)
    );
}

#[test]
fn forced_turns_carry_their_words_and_the_engine_seat_is_joined() {
    let seats = [Participant::person("Ann"), Participant::engine("hard")];
    let mut session = Session::new("kamisado", Kamisado::start(), seats, Format::Casual);
    session.play("c1a3".parse().unwrap()).unwrap();
    session.play("b8h2".parse().unwrap()).unwrap();
    session.play("a3e7".parse().unwrap()).unwrap();
    let view = StateView::of(&Play::Single(session), [true, false]);
    let forced: Vec<_> = view.moves.iter().filter(|m| m.forced).collect();
    assert_eq!(forced.len(), 2);
    for m in &forced {
        assert!(m.words.as_deref().unwrap().contains("cannot move"), "{m:?}");
        assert_eq!(m.mv.from, m.mv.to);
    }
    assert!(
        view.moves
            .iter()
            .filter(|m| !m.forced)
            .all(|m| m.words.is_none())
    );
    let end = view.outcome.unwrap();
    assert_eq!((end.winner, end.reason), (Some("gold"), "deadlock"));
    assert!(view.to_move.is_none() && view.turn.is_none() && view.legal.is_empty());
    assert_eq!((view.seats[1].kind, view.seats[1].joined), ("engine", true));
    let json = serde_json::to_value(&view.moves[0]).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"ply": 1, "player": "black", "move": "c1a3", "from": "c1", "to": "a3",
                           "card": null, "pass": false, "forced": false, "words": null})
    );
}

#[test]
fn the_catalog_view_has_every_game_and_what_a_page_draws() {
    let view = CatalogView::new(&["casual"], &["engine"]);
    let names: Vec<&str> = view.games.iter().map(|g| g.name).collect();
    assert_eq!(names, ["kamisado", "onitama", "tictactoe"]);
    let kamisado = &view.games[0];
    assert_eq!(kamisado.players, ["black", "gold"]);
    let board = kamisado.board.as_ref().unwrap();
    assert_eq!(
        (board.files, board.ranks, board.top),
        ("abcdefgh", 8, "gold")
    );
    assert!(kamisado.start_options.is_empty());
    assert!(
        view.games[2].board.is_none(),
        "tic-tac-toe is shown as text"
    );
    let cards = &view.games[1].start_options[0];
    assert_eq!(cards.name, "cards");
    let mut sorted = cards.choices.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, cards.choices, "alphabetical");
    for card in cards.default.as_deref().unwrap().split(',') {
        assert!(cards.choices.contains(&card), "{card}");
    }
    assert_eq!(view.games[1].start, Onitama::start().to_string());
}
