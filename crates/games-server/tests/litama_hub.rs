//! The Litama hub through its public interface: every command, every error text, a whole game,
//! the forced pass, the orientation of the board, saving and restoring, expiry and the limit.

use abstract_game::rng::SplitMix64;
use game_sessions::{Format, Participant, Session};
use games_server::litama::{
    Hub, LitamaError, NO_FRESH_ID, RandomSource, RandomUnavailable, Response, SERVER_FULL,
};
use onitama_core::{Card, Deal, Move, Piece, Position, Side, Square};
use serde_json::{Value, json};

/// A seeded source of bytes, so that every run deals the same.
fn seeded(seed: u64) -> RandomSource {
    let mut rng = SplitMix64::new(seed);
    Box::new(move |bytes: &mut [u8]| {
        for b in bytes {
            *b = rng.next_u64() as u8;
        }
        Ok(())
    })
}

fn parse(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON: {text}: {e}"))
}

/// The single message to the sender, which must be the only effect.
fn only_reply(response: &Response) -> Value {
    assert_eq!(response.to_sender.len(), 1, "{response:?}");
    parse(&response.to_sender[0])
}

/// Asserts that `response` is exactly the error `text` for `command` and `match_id`, and that
/// it asks for nothing else.
fn assert_error(response: &Response, text: &str, match_id: &str, command: &str) {
    assert_eq!(response.persist, None);
    assert_eq!(response.broadcast, None);
    assert_eq!(response.subscribe, None);
    let expected = json!({
        "messageType": "error", "matchId": match_id, "error": text, "command": command,
    });
    assert_eq!(only_reply(response), expected);
    let raw = &response.to_sender[0];
    let keys = ["messageType", "matchId", "error", "command"];
    assert_keys_in_order(raw, &keys);
}

fn assert_keys_in_order(raw: &str, keys: &[&str]) {
    let mut at = 0;
    for key in keys {
        let quoted = format!("\"{key}\":");
        let found = raw[at..]
            .find(&quoted)
            .unwrap_or_else(|| panic!("key {key} missing or out of order in {raw}"));
        at += found + quoted.len();
    }
}

fn is_lower_hex(text: &str, len: usize) -> bool {
    text.len() == len
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// Creates a match; returns its id and the creator's token.
fn create(hub: &mut Hub, name: &str) -> (String, String) {
    let response = hub.handle(&format!("create {name}"), 0);
    let reply = only_reply(&response);
    assert_eq!(reply["messageType"], "create", "{reply}");
    let id = reply["matchId"].as_str().unwrap().to_owned();
    let token = reply["token"].as_str().unwrap().to_owned();
    (id, token)
}

/// Joins a match; returns the joiner's token and the state broadcast.
fn join(hub: &mut Hub, id: &str, name: &str) -> (String, Value) {
    let response = hub.handle(&format!("join {id} {name}"), 0);
    let reply = only_reply(&response);
    assert_eq!(reply["messageType"], "join", "{reply}");
    let (to, state) = response.broadcast.clone().expect("a state broadcast");
    assert_eq!(to, id);
    (reply["token"].as_str().unwrap().to_owned(), parse(&state))
}

fn state(hub: &mut Hub, id: &str) -> Value {
    only_reply(&hub.handle(&format!("state {id}"), 0))
}

/// The token of the player of `colour` ("blue" or "red").
fn token_of<'a>(state: &Value, colour: &str, creator: &'a str, joiner: &'a str) -> &'a str {
    if state["indices"][colour] == 0 {
        creator
    } else {
        joiner
    }
}

fn cards_of(value: &Value) -> [Card; 2] {
    let names: Vec<Card> = value
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().parse().unwrap())
        .collect();
    [names[0], names[1]]
}

/// The position of a state's starting cards, by onitama-core.
fn start_of(state: &Value) -> Position {
    let start = &state["startingCards"];
    let side: Card = start["side"].as_str().unwrap().parse().unwrap();
    let deal = Deal::new(cards_of(&start["red"]), cards_of(&start["blue"]), side).unwrap();
    Position::from_deal(deal)
}

/// The board string of `pos` as the protocol describes it, by the half turn of
/// [`Square::rotated`].
fn litama_board(pos: &Position) -> String {
    Square::ALL
        .iter()
        .map(|sq| match pos.piece_at(sq.rotated()) {
            None => '0',
            Some((Side::Blue, Piece::Student)) => '1',
            Some((Side::Blue, Piece::Master)) => '2',
            Some((Side::Red, Piece::Student)) => '3',
            Some((Side::Red, Piece::Master)) => '4',
        })
        .collect()
}

/// A move of ours as a Litama `move` command's last two fields.
fn litama_fields(mv: Move) -> String {
    match mv {
        Move::Step { card, from, to } => format!("{card} {}{}", from.rotated(), to.rotated()),
        Move::Pass { card } => format!("{card} pass"),
    }
}

/// A move of ours as the state lists it.
fn litama_text(mv: Move) -> String {
    match mv {
        Move::Step { card, from, to } => format!("{card}:{}{}", from.rotated(), to.rotated()),
        Move::Pass { card } => format!("{card}:pass"),
    }
}

#[test]
fn create_answers_with_id_token_and_index() {
    let mut hub = Hub::new(seeded(1));
    assert!(hub.is_empty());
    let response = hub.handle("create Ann", 5);
    let reply = only_reply(&response);
    let id = reply["matchId"].as_str().unwrap().to_owned();
    let token = reply["token"].as_str().unwrap().to_owned();
    assert!(is_lower_hex(&id, 24), "{id}");
    assert!(is_lower_hex(&token, 64), "{token}");
    assert_eq!(
        response.to_sender,
        [format!(
            r#"{{"messageType":"create","matchId":"{id}","token":"{token}","index":0}}"#
        )]
    );
    let (persisted_id, saved) = response.persist.clone().expect("persisted");
    assert_eq!(persisted_id, id);
    assert!(saved.contains(&token), "the saved match keeps the token");
    assert_eq!(response.broadcast, None);
    assert_eq!(response.subscribe, None);
    assert_eq!(hub.len(), 1);

    // Two matches never share an id or a token.
    let (id2, token2) = create(&mut hub, "Bob");
    assert_ne!(id, id2);
    assert_ne!(token, token2);
    assert_eq!(hub.len(), 2);
}

#[test]
fn usernames_may_hold_spaces_but_not_control_characters() {
    let mut hub = Hub::new(seeded(2));
    let (id, _) = create(&mut hub, "Ann Lee");
    assert_eq!(state(&mut hub, &id)["usernames"]["blue"], "Ann Lee");
    for bad in [
        "create",
        "create ",
        "create a\tb",
        &format!("create {}", "x".repeat(65)),
    ] {
        assert_error(&hub.handle(bad, 0), "Invalid command sent", "", bad);
    }
    for bad in [
        format!("join {id}"),
        format!("join {id} "),
        format!("join {id} a\nb"),
    ] {
        assert_error(&hub.handle(&bad, 0), "Invalid command sent", "", &bad);
    }
    assert_eq!(hub.len(), 1);
}

#[test]
fn waiting_state_names_the_creator_twice() {
    let mut hub = Hub::new(seeded(3));
    let (id, _) = create(&mut hub, "Ann");
    let response = hub.handle(&format!("state {id}"), 0);
    assert_eq!(
        response.to_sender,
        [format!(
            r#"{{"messageType":"state","matchId":"{id}","gameState":"waiting for player","usernames":{{"blue":"Ann","red":"Ann"}}}}"#
        )]
    );
    assert_eq!(response.persist, None);
    assert_eq!(response.broadcast, None);
}

#[test]
fn join_deals_and_broadcasts_the_start() {
    let mut hub = Hub::new(seeded(4));
    let (id, creator) = create(&mut hub, "Ann");
    let response = hub.handle(&format!("join {id} Bob"), 10);
    let reply = only_reply(&response);
    let joiner = reply["token"].as_str().unwrap().to_owned();
    assert!(is_lower_hex(&joiner, 64));
    assert_ne!(joiner, creator);
    assert_eq!(
        response.to_sender,
        [format!(
            r#"{{"messageType":"join","matchId":"{id}","token":"{joiner}","index":1}}"#
        )]
    );
    assert_eq!(
        response.persist.as_ref().map(|p| p.0.as_str()),
        Some(id.as_str())
    );
    assert_eq!(response.subscribe, None);
    let (to, raw) = response.broadcast.clone().unwrap();
    assert_eq!(to, id);
    assert_keys_in_order(
        &raw,
        &[
            "messageType",
            "matchId",
            "usernames",
            "indices",
            "currentTurn",
            "cards",
            "startingCards",
            "moves",
            "board",
            "gameState",
            "winner",
        ],
    );
    assert!(!raw.contains(": ") && !raw.contains(", "), "compact: {raw}");
    assert!(raw.contains(r#""cards":{"blue":["#), "{raw}");
    let st = parse(&raw);
    assert_eq!(st, state(&mut hub, &id), "the broadcast is the state");
    assert_eq!(st["messageType"], "state");
    assert_eq!(st["matchId"], id.as_str());
    assert_eq!(st["gameState"], "in progress");
    assert_eq!(st["winner"], "none");
    assert_eq!(st["moves"], json!([]));
    assert_eq!(st["board"], "1121100000000000000033433");
    assert_eq!(st["cards"], st["startingCards"]);
    let blue_index = st["indices"]["blue"].as_u64().unwrap();
    let red_index = st["indices"]["red"].as_u64().unwrap();
    assert_eq!(blue_index + red_index, 1);
    let names = ["Ann", "Bob"];
    assert_eq!(st["usernames"]["blue"], names[blue_index as usize]);
    assert_eq!(st["usernames"]["red"], names[red_index as usize]);
    // Five different cards, and the side card's stamp starts.
    let mut all: Vec<Card> = cards_of(&st["cards"]["blue"]).to_vec();
    all.extend(cards_of(&st["cards"]["red"]));
    let side: Card = st["cards"]["side"].as_str().unwrap().parse().unwrap();
    all.push(side);
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 5);
    assert_eq!(st["currentTurn"], side.stamp().id());

    // The match is full now.
    assert_error(
        &hub.handle(&format!("join {id} Cy"), 0),
        "Not allowed to join",
        &id,
        "join",
    );
}

#[test]
fn deals_and_colours_vary_with_the_randomness() {
    let mut deals = std::collections::HashSet::new();
    let mut blue_creators = 0;
    for seed in 0..40 {
        let mut hub = Hub::new(seeded(seed));
        let (id, _) = create(&mut hub, "Ann");
        let (_, st) = join(&mut hub, &id, "Bob");
        deals.insert(st["startingCards"].to_string());
        if st["indices"]["blue"] == 0 {
            blue_creators += 1;
        }
    }
    assert!(deals.len() > 30, "{} different deals", deals.len());
    assert!((5..=35).contains(&blue_creators), "{blue_creators} of 40");
}

#[test]
fn spectate_acknowledges_then_sends_the_state_and_subscribes() {
    let mut hub = Hub::new(seeded(5));
    let (id, _) = create(&mut hub, "Ann");
    for joined in [false, true] {
        if joined {
            join(&mut hub, &id, "Bob");
        }
        let response = hub.handle(&format!("spectate {id}"), 0);
        assert_eq!(response.to_sender.len(), 2);
        assert_eq!(
            response.to_sender[0],
            format!(r#"{{"messageType":"spectate","matchId":"{id}"}}"#)
        );
        assert_eq!(parse(&response.to_sender[1]), state(&mut hub, &id));
        assert_eq!(response.subscribe.as_deref(), Some(id.as_str()));
        assert_eq!(response.broadcast, None);
        assert_eq!(response.persist, None);
    }
}

#[test]
fn malformed_commands() {
    let mut hub = Hub::new(seeded(6));
    let (id, token) = create(&mut hub, "Ann");
    for text in [
        "",
        " ",
        "hello",
        "create",
        "CREATE Ann",
        "state",
        "join",
        "move",
        "cards",
        &format!("move {id} {token} boar"),
        &format!("move {id} {token} boar a1a2 extra"),
        &format!("move {id}  {token} boar a1a2"),
    ] {
        assert_error(&hub.handle(text, 0), "Invalid command sent", "", text);
    }
    let unknown = "0123456789abcdef01234567";
    assert_ne!(unknown, id);
    for command in ["state", "spectate"] {
        for bad in [
            "xyz",
            "",
            "0123456789ABCDEF01234567",
            "0123456789abcdef012345678",
        ] {
            assert_error(
                &hub.handle(&format!("{command} {bad}"), 0),
                "matchId was in an incorrect format",
                bad,
                command,
            );
        }
        assert_error(
            &hub.handle(&format!("{command} {unknown}"), 0),
            "Match not found",
            unknown,
            command,
        );
    }
    assert_error(
        &hub.handle("join 12345 Bob", 0),
        "matchId was in an incorrect format",
        "12345",
        "join",
    );
    assert_error(
        &hub.handle(&format!("join {unknown} Bob"), 0),
        "Match not found",
        unknown,
        "join",
    );
    assert_error(
        &hub.handle(&format!("move 12345 {token} boar a1a2"), 0),
        "matchId was in an incorrect format",
        "12345",
        "move",
    );
    assert_error(
        &hub.handle(&format!("move {unknown} {token} boar a1a2"), 0),
        "Match not found",
        unknown,
        "move",
    );
    // Before the second player: the creator's token is right, but it is nobody's turn.
    assert_error(
        &hub.handle(&format!("move {id} {token} boar a1a2"), 0),
        "Cannot move when it is not your turn",
        &id,
        "move",
    );
    assert_error(
        &hub.handle(&format!("move {id} {} boar a1a2", "0".repeat(64)), 0),
        "Token is incorrect",
        &id,
        "move",
    );
    assert_eq!(hub.len(), 1);
}

/// A hub with a match where Blue holds the boar and moves first; returns the hub, the id, the
/// blue and red tokens and the start state.
fn blue_with_boar_to_move() -> (Hub, String, String, String, Value) {
    for seed in 0..1000 {
        let mut hub = Hub::new(seeded(seed));
        let (id, creator) = create(&mut hub, "Ann");
        let (joiner, st) = join(&mut hub, &id, "Bob");
        let blue_has_boar = cards_of(&st["cards"]["blue"]).contains(&Card::Boar);
        if blue_has_boar && st["currentTurn"] == "blue" {
            let blue = token_of(&st, "blue", &creator, &joiner).to_owned();
            let red = token_of(&st, "red", &creator, &joiner).to_owned();
            return (hub, id, blue, red, st);
        }
    }
    panic!("no seed deals the boar to a starting Blue");
}

#[test]
fn blue_starts_on_litama_rank_one() {
    let (mut hub, id, blue, _, start) = blue_with_boar_to_move();
    let response = hub.handle(&format!("move {id} {blue} boar a1a2"), 0);
    assert_eq!(
        response.to_sender,
        [format!(r#"{{"messageType":"move","matchId":"{id}"}}"#)]
    );
    assert!(response.persist.is_some());
    let (to, raw) = response.broadcast.clone().unwrap();
    assert_eq!(to, id);
    let st = parse(&raw);
    let board = st["board"].as_str().unwrap();
    // Blue's student left a1 for a2: index 0 is a1, index 5 is a2.
    assert_eq!(&board[..1], "0");
    assert_eq!(&board[5..6], "1");
    assert_eq!(board, "0121110000000000000033433");
    assert_eq!(st["moves"], json!(["boar:a1a2"]));
    assert_eq!(st["currentTurn"], "red");
    // The side card took the boar's place in Blue's hand, the boar is the side card now.
    let before = cards_of(&start["cards"]["blue"]);
    let after = cards_of(&st["cards"]["blue"]);
    let place = before.iter().position(|&c| c == Card::Boar).unwrap();
    assert_eq!(after[place].name(), start["cards"]["side"]);
    assert_eq!(after[1 - place], before[1 - place]);
    assert_eq!(st["cards"]["side"], "boar");
    assert_eq!(st["cards"]["red"], start["cards"]["red"]);
    assert_eq!(st["startingCards"], start["startingCards"]);
}

#[test]
fn move_errors() {
    let (mut hub, id, blue, red, start) = blue_with_boar_to_move();
    let blue_cards = cards_of(&start["cards"]["blue"]);
    let not_blue = Card::ALL
        .into_iter()
        .find(|c| !blue_cards.contains(c))
        .unwrap();
    let checks: Vec<(String, &str)> = vec![
        (
            format!("move {id} {} boar a1a2", "f".repeat(64)),
            "Token is incorrect",
        ),
        (format!("move {id} abc boar a1a2"), "Token is incorrect"),
        (
            format!("move {id} {red} boar a1a2"),
            "Cannot move when it is not your turn",
        ),
        (
            format!("move {id} {blue} Boar a1a2"),
            "'move' or 'card' not given properly",
        ),
        (
            format!("move {id} {blue} none a1a2"),
            "'move' or 'card' not given properly",
        ),
        (
            format!("move {id} {blue} boar a1a6"),
            "'move' or 'card' not given properly",
        ),
        (
            format!("move {id} {blue} boar f1a2"),
            "'move' or 'card' not given properly",
        ),
        (
            format!("move {id} {blue} boar a1"),
            "'move' or 'card' not given properly",
        ),
        (
            format!("move {id} {blue} boar A1A2"),
            "'move' or 'card' not given properly",
        ),
        (
            format!("move {id} {blue} boar a2a3"),
            "Cannot move opponent's pieces or empty squares",
        ),
        (
            format!("move {id} {blue} boar a5a4"),
            "Cannot move opponent's pieces or empty squares",
        ),
        // Not on the card, onto an own piece, a card not held, a pass while moves exist.
        (format!("move {id} {blue} boar a1a3"), "Invalid move"),
        (format!("move {id} {blue} boar a1b1"), "Invalid move"),
        (format!("move {id} {blue} {not_blue} a1a2"), "Invalid move"),
        (format!("move {id} {blue} boar pass"), "Invalid move"),
    ];
    for (command, text) in checks {
        assert_error(&hub.handle(&command, 0), text, &id, "move");
    }
    assert_eq!(state(&mut hub, &id), start, "errors change nothing");
}

#[test]
fn a_whole_game_until_someone_wins() {
    let mut rng = SplitMix64::new(99);
    for seed in 0..3 {
        let mut hub = Hub::new(seeded(100 + seed));
        let (id, creator) = create(&mut hub, "Ann");
        let (joiner, start) = join(&mut hub, &id, "Bob");
        let mut pos = start_of(&start);
        let mut texts = Vec::new();
        let mut last = start;
        for _ in 0..2000 {
            if pos.is_over() {
                break;
            }
            let moves = pos.legal_moves();
            // Win when possible, otherwise any legal move.
            let mv = moves
                .iter()
                .copied()
                .find(|&mv| pos.after(mv).unwrap().is_over())
                .unwrap_or_else(|| rng.choose(&moves).unwrap());
            let colour = pos.side_to_move().id();
            assert_eq!(last["currentTurn"], colour);
            let token = token_of(&last, colour, &creator, &joiner);
            let response = hub.handle(&format!("move {id} {token} {}", litama_fields(mv)), 0);
            assert_eq!(
                only_reply(&response),
                json!({"messageType": "move", "matchId": id})
            );
            pos.play(mv).unwrap();
            last = parse(&response.broadcast.unwrap().1);
            texts.push(litama_text(mv));
            assert_eq!(last["board"], litama_board(&pos));
            assert_eq!(last["moves"], json!(texts));
        }
        let outcome = pos.outcome().expect("the game ended");
        // Only the tiger moves two ranks, and it changes hands: no game ends before ply 3.
        assert!(texts.len() >= 3, "{texts:?}");
        assert_eq!(last["gameState"], "ended");
        assert_eq!(last["winner"], outcome.winner().unwrap().id());
        assert_eq!(last["currentTurn"], outcome.loser().unwrap().id());
        // Nothing more can be played, and spectating is refused.
        for token in [&creator, &joiner] {
            assert_error(
                &hub.handle(&format!("move {id} {token} boar a1a2"), 0),
                "Game ended",
                &id,
                "move",
            );
        }
        assert_error(
            &hub.handle(&format!("spectate {id}"), 0),
            "Game ended",
            &id,
            "spectate",
        );
        assert_eq!(state(&mut hub, &id), last);
    }
}

/// A saved match, written by hand, of the position `MSSSS/5/2m2/5/5 boar,elephant
/// monkey,tiger crab r`: Red (the creator) has all pieces on our rank 5 and cannot move.
fn stuck_red_json(id: &str, red: &str, blue: &str) -> String {
    let pos: Position = "MSSSS/5/2m2/5/5 boar,elephant monkey,tiger crab r"
        .parse()
        .unwrap();
    assert_eq!(pos.legal_moves().iter().filter(|m| m.is_pass()).count(), 2);
    let seats = [Participant::person("Ann"), Participant::person("Bob")];
    let session = Session::new("onitama", pos, seats, Format::Casual);
    let session: Value = parse(&session.to_json());
    json!({
        "format": "litama-match",
        "version": 1,
        "matchId": id,
        "lastActiveMs": 1000,
        "creator": {"username": "Ann", "token": red},
        "joiner": {"username": "Bob", "token": blue},
        "creatorColour": "red",
        "startingCards": {"blue": ["tiger", "monkey"], "red": ["elephant", "boar"], "side": "crab"},
        "session": session,
    })
    .to_string()
}

#[test]
fn forced_pass() {
    let id = "00000000000000000000abcd";
    let red = "1".repeat(64);
    let blue = "2".repeat(64);
    let mut hub = Hub::new(seeded(7));
    hub.restore(id, &stuck_red_json(id, &red, &blue)).unwrap();
    let st = state(&mut hub, id);
    // Red's master on our a5 is Litama e1, its students Litama a1..d1; Blue's master c3.
    assert_eq!(st["board"], "3333400000002000000000000");
    assert_eq!(st["currentTurn"], "red");
    assert_eq!(st["indices"], json!({"blue": 1, "red": 0}));
    assert_eq!(st["usernames"], json!({"blue": "Bob", "red": "Ann"}));
    assert_eq!(st["cards"]["red"], json!(["elephant", "boar"]));

    // Stuck: no step is legal, no card but a held one can be given away.
    assert_error(
        &hub.handle(&format!("move {id} {red} boar e1e2"), 0),
        "Invalid move",
        id,
        "move",
    );
    assert_error(
        &hub.handle(&format!("move {id} {red} tiger pass"), 0),
        "Invalid move",
        id,
        "move",
    );
    assert_error(
        &hub.handle(&format!("move {id} {blue} tiger pass"), 0),
        "Cannot move when it is not your turn",
        id,
        "move",
    );
    let response = hub.handle(&format!("move {id} {red} boar pass"), 2000);
    assert_eq!(
        only_reply(&response),
        json!({"messageType": "move", "matchId": id})
    );
    let st = parse(&response.broadcast.unwrap().1);
    assert_eq!(st["moves"], json!(["boar:pass"]));
    assert_eq!(st["board"], "3333400000002000000000000");
    assert_eq!(st["cards"]["red"], json!(["elephant", "crab"]));
    assert_eq!(st["cards"]["side"], "boar");
    assert_eq!(st["currentTurn"], "blue");
    assert_eq!(st["gameState"], "in progress");
    // Blue has moves, so Blue may not pass.
    assert_error(
        &hub.handle(&format!("move {id} {blue} tiger pass"), 0),
        "Invalid move",
        id,
        "move",
    );
    // The pass is in the saved match: a restart goes on from it.
    let (_, saved) = response.persist.unwrap();
    let mut again = Hub::new(seeded(8));
    again.restore(id, &saved).unwrap();
    assert_eq!(state(&mut again, id), st);
}

#[test]
fn restore_round_trip() {
    let (mut hub, id, blue, red, _) = blue_with_boar_to_move();
    assert!(
        hub.handle(&format!("move {id} {blue} boar a1a2"), 500)
            .persist
            .is_some()
    );
    let st = state(&mut hub, &id);
    let mut pos = start_of(&st);
    pos.play(Move::step(Card::Boar, Square::E5, Square::E4))
        .unwrap();
    // Red answers with any legal move.
    let reply = pos.legal_moves()[0];
    let response = hub.handle(&format!("move {id} {red} {}", litama_fields(reply)), 600);
    let (saved_id, json) = response.persist.expect("a move is persisted");
    assert_eq!(saved_id, id);
    let saved_value = parse(&json);
    assert_eq!(saved_value["lastActiveMs"], 600);
    assert_eq!(saved_value["format"], "litama-match");

    let mut restored = Hub::new(seeded(12345));
    restored.restore(&id, &json).unwrap();
    assert_eq!(restored.len(), 1);
    let before = state(&mut hub, &id);
    assert_eq!(state(&mut restored, &id), before);
    // The same next move gives the same answers in both.
    pos.play(reply).unwrap();
    let next = pos.legal_moves()[0];
    let command = format!("move {id} {blue} {}", litama_fields(next));
    let a = hub.handle(&command, 700);
    let b = restored.handle(&command, 700);
    assert_eq!(a, b);
    assert_eq!(
        parse(&a.broadcast.unwrap().1)["moves"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    // The tokens survive: the wrong one is still refused.
    assert_error(
        &restored.handle(&format!("move {id} {blue} boar a1a2"), 0),
        "Cannot move when it is not your turn",
        &id,
        "move",
    );

    // A waiting match restores too, and can be joined after the restart.
    let mut hub = Hub::new(seeded(13));
    let created = hub.handle("create Ann", 42);
    let (wid, wjson) = created.persist.unwrap();
    let mut restored = Hub::new(seeded(14));
    restored.restore(&wid, &wjson).unwrap();
    assert_eq!(state(&mut restored, &wid), state(&mut hub, &wid));
    let (_, st) = join(&mut restored, &wid, "Bob");
    assert_eq!(st["gameState"], "in progress");
}

#[test]
fn restore_refuses_bad_input() {
    let id = "00000000000000000000abcd";
    let red = "1".repeat(64);
    let blue = "2".repeat(64);
    let good = stuck_red_json(id, &red, &blue);
    let mut hub = Hub::new(seeded(15));
    assert!(matches!(
        hub.restore("nothex", &good),
        Err(LitamaError::BadMatchId(_))
    ));
    let other = "00000000000000000000abce";
    assert!(matches!(
        hub.restore(other, &good),
        Err(LitamaError::Invalid { .. })
    ));
    let mut value = parse(&good);
    let mut broken = Vec::new();
    for (key, bad) in [
        (
            "startingCards",
            json!({"blue": ["tiger", "ox"], "red": ["elephant", "boar"], "side": "crab"}),
        ),
        ("creatorColour", json!("green")),
        ("joiner", Value::Null),
        ("creator", json!({"username": "Ann", "token": "short"})),
        ("creator", json!({"username": "", "token": red})),
        ("joiner", json!({"username": "Bob", "token": red})),
        ("format", json!("something")),
        ("version", json!(2)),
        ("session", json!({"game": "onitama"})),
    ] {
        let saved = value[key].clone();
        value[key] = bad;
        broken.push(value.to_string());
        value[key] = saved;
    }
    broken.push("not json".to_owned());
    broken.push(String::new());
    broken.push("{}".to_owned());
    for json in &broken {
        let err = hub.restore(id, json).unwrap_err();
        assert!(matches!(err, LitamaError::Invalid { .. }), "{json}: {err}");
        assert!(!err.to_string().is_empty());
        assert!(hub.is_empty());
    }
    hub.restore(id, &good).unwrap();
    assert_eq!(
        hub.restore(id, &good),
        Err(LitamaError::Duplicate(id.to_owned()))
    );
    assert_eq!(hub.len(), 1);
}

#[test]
fn expire_drops_idle_matches() {
    let mut hub = Hub::new(seeded(16));
    let first = hub.handle("create Ann", 1_000).persist.unwrap().0;
    let second = hub.handle("create Bob", 5_000).persist.unwrap().0;
    let third = hub.handle("create Cy", 5_000).persist.unwrap().0;
    // Joining is activity; looking is not.
    hub.handle(&format!("join {third} Dee"), 9_000);
    hub.handle(&format!("state {second}"), 9_500);
    hub.handle(&format!("spectate {second}"), 9_500);
    assert_eq!(hub.expire(5_999, 5_000), Vec::<String>::new());
    assert_eq!(hub.expire(6_001, 5_000), vec![first.clone()]);
    assert_eq!(hub.len(), 2);
    assert_error(
        &hub.handle(&format!("state {first}"), 0),
        "Match not found",
        &first,
        "state",
    );
    assert_eq!(hub.expire(10_001, 5_000), vec![second]);
    assert_eq!(hub.expire(14_001, 5_000), vec![third]);
    assert!(hub.is_empty());
    // A clock that went back expires nothing.
    hub.handle("create Ann", 20_000);
    assert!(hub.expire(0, 0).is_empty());
}

#[test]
fn the_limit_on_matches() {
    let mut hub = Hub::new(seeded(17));
    hub.set_max_matches(2);
    assert_eq!(hub.max_matches(), 2);
    let (id, _) = create(&mut hub, "Ann");
    create(&mut hub, "Bob");
    let full = hub.handle("create Cy", 0);
    assert_error(&full, SERVER_FULL, "", "create");
    assert_eq!(hub.len(), 2);
    // Joining an existing match is not a new match.
    join(&mut hub, &id, "Dee");
    hub.expire(u64::MAX, 0);
    create(&mut hub, "Cy");
    assert_eq!(hub.len(), 1);
}

#[test]
fn a_broken_source_of_randomness() {
    let mut hub = Hub::new(Box::new(|bytes: &mut [u8]| {
        bytes.fill(7);
        Ok(())
    }));
    let (id, _) = create(&mut hub, "Ann");
    assert_error(&hub.handle("create Bob", 0), NO_FRESH_ID, "", "create");
    // The joiner's token would equal the creator's.
    assert_error(
        &hub.handle(&format!("join {id} Bob"), 0),
        NO_FRESH_ID,
        &id,
        "join",
    );
    assert_eq!(state(&mut hub, &id)["gameState"], "waiting for player");
}

#[test]
fn a_failing_source_of_randomness_makes_no_match_and_no_token() {
    // Fail closed: no guessable id or token when the system's source fails.
    let mut hub = Hub::new(Box::new(|_: &mut [u8]| Err(RandomUnavailable)));
    let created = hub.handle("create Ann", 0);
    assert_error(&created, NO_FRESH_ID, "", "create");
    assert!(hub.is_empty());
    // A source that works for the creation and fails afterwards: the join is refused.
    let mut calls = 0;
    let mut rng = SplitMix64::new(3);
    let mut hub = Hub::new(Box::new(move |bytes: &mut [u8]| {
        calls += 1;
        if calls > 2 {
            return Err(RandomUnavailable);
        }
        for b in bytes {
            *b = rng.next_u64() as u8;
        }
        Ok(())
    }));
    let (id, _) = create(&mut hub, "Ann");
    assert_error(
        &hub.handle(&format!("join {id} Bob"), 0),
        NO_FRESH_ID,
        &id,
        "join",
    );
    assert_eq!(state(&mut hub, &id)["gameState"], "waiting for player");
}

#[test]
fn garbage_never_panics() {
    let mut hub = Hub::new(seeded(18));
    let (id, token) = create(&mut hub, "Ann");
    join(&mut hub, &id, "Bob");
    let mut rng = SplitMix64::new(5);
    let pieces = [
        "move", "join", "state", "spectate", "create", " ", "  ", &id, &token, "boar", "pass",
        "a1a2", "é", "\u{0}", "ñ1a2", "a1ñ", "\n", "zzzz", "12345",
    ];
    for _ in 0..5000 {
        let n = rng.below(7);
        let text: String = (0..n)
            .map(|_| pieces[rng.below(pieces.len())])
            .collect::<Vec<_>>()
            .join(" ");
        let response = hub.handle(&text, 0);
        assert!(!response.to_sender.is_empty(), "{text:?}");
        for message in &response.to_sender {
            parse(message);
        }
    }
}
