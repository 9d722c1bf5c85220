//! The Litama endpoint over a real WebSocket: a client that speaks the protocol's text, as the
//! community's clients and bots do.

mod common;

use common::{Socket, next_json, send, socket, start};
use game_sessions::{Format, Participant, Session};
use onitama_core::{Card, Deal, Move, Piece, Position, Side, Square};
use serde_json::{Value, json};

/// Sends `command` and returns the next message.
async fn ask(ws: &mut Socket, command: &str) -> Value {
    send(ws, command).await;
    next_json(ws).await
}

/// Litama's square for one of ours: the board turned half a turn (file a..e reversed, rank
/// 6 - r), written here from the protocol's definition.
fn litama_square(ours: Square) -> String {
    let file = (b'e' - ours.file()) as char;
    let rank = (b'5' - ours.rank()) as char;
    format!("{file}{rank}")
}

/// The board string of a position, from the protocol's definition: index i is Litama's file
/// `i % 5`, rank `i / 5 + 1`.
fn board_string(pos: &Position) -> String {
    (0..25)
        .map(|i| {
            let litama_file = i % 5;
            let litama_rank = i / 5; // 0-based
            let ours = Square::new(4 - litama_file as u8, 4 - litama_rank as u8).unwrap();
            match pos.piece_at(ours) {
                None => '0',
                Some((Side::Blue, Piece::Student)) => '1',
                Some((Side::Blue, Piece::Master)) => '2',
                Some((Side::Red, Piece::Student)) => '3',
                Some((Side::Red, Piece::Master)) => '4',
            }
        })
        .collect()
}

fn cards(value: &Value) -> [Card; 2] {
    let a: Card = value[0].as_str().unwrap().parse().unwrap();
    let b: Card = value[1].as_str().unwrap().parse().unwrap();
    [a, b]
}

fn error_of(message: &Value) -> &str {
    assert_eq!(message["messageType"], "error", "{message}");
    message["error"].as_str().unwrap()
}

#[tokio::test]
async fn a_whole_match_create_join_spectate_state_moves_and_errors() {
    let (server, _) = start("litama", |_| {}).await;
    let addr = server.addr();
    let mut ann = socket(addr, "/litama").await;
    let mut ben = socket(addr, "/litama").await;
    let mut eve = socket(addr, "/litama").await;

    let created = ask(&mut ann, "create Ann").await;
    assert_eq!(created["messageType"], "create");
    assert_eq!(created["index"], 0);
    let id = created["matchId"].as_str().unwrap().to_owned();
    let ann_token = created["token"].as_str().unwrap().to_owned();
    assert!(id.len() == 24 && id.chars().all(|c| c.is_ascii_hexdigit()));
    assert_eq!(ann_token.len(), 64);

    let spectating = ask(&mut ann, &format!("spectate {id}")).await;
    assert_eq!(
        spectating,
        json!({"messageType": "spectate", "matchId": id})
    );
    let waiting = next_json(&mut ann).await;
    assert_eq!(waiting["gameState"], "waiting for player");
    assert_eq!(waiting["usernames"], json!({"blue": "Ann", "red": "Ann"}));

    let joined = ask(&mut ben, &format!("join {id} Ben")).await;
    assert_eq!(joined["messageType"], "join");
    assert_eq!(joined["index"], 1);
    let ben_token = joined["token"].as_str().unwrap().to_owned();
    let broadcast = next_json(&mut ann).await;
    assert_eq!(broadcast["messageType"], "state");
    assert_eq!(broadcast["gameState"], "in progress");
    assert_eq!(broadcast["board"], "1121100000000000000033433");
    assert_eq!(
        ask(&mut ben, &format!("spectate {id}")).await["messageType"],
        "spectate"
    );
    let _ = next_json(&mut ben).await;
    assert_eq!(
        ask(&mut eve, &format!("spectate {id}")).await["messageType"],
        "spectate"
    );
    let mut state = next_json(&mut eve).await;

    // Every error text, each to the sender only.
    let unknown = "ffffffffffffffffffffffff";
    let errors = [
        ("hello", "Invalid command sent"),
        ("state 12", "matchId was in an incorrect format"),
        (&*format!("state {unknown}"), "Match not found"),
        (&*format!("join {id} Carl"), "Not allowed to join"),
        (
            &*format!("move {id} {} boar a1a2", "0".repeat(64)),
            "Token is incorrect",
        ),
        (
            &*format!("move {id} {ann_token} boar"),
            "Invalid command sent",
        ),
    ];
    for (command, text) in errors {
        assert_eq!(error_of(&ask(&mut eve, command).await), text, "{command}");
    }

    // Play to the end with moves chosen by our own rules on the position the state describes.
    let indices = state["indices"].clone();
    let token_of = |colour: &str| {
        if indices[colour] == 0 {
            ann_token.clone()
        } else {
            ben_token.clone()
        }
    };
    let start = &state["startingCards"];
    let deal = Deal::new(
        cards(&start["red"]),
        cards(&start["blue"]),
        start["side"].as_str().unwrap().parse().unwrap(),
    )
    .unwrap();
    let mut pos = Position::from_deal(deal);
    assert_eq!(state["currentTurn"], pos.side_to_move().id());
    let mut first = true;
    let mut plies = 0;
    while state["gameState"] == "in progress" {
        assert_eq!(state["board"], board_string(&pos));
        let mover = pos.side_to_move().id();
        let other = if mover == "red" { "blue" } else { "red" };
        if first {
            first = false;
            let out_of_turn = format!(
                "move {id} {} {} a1a2",
                token_of(other),
                state["cards"][other][0].as_str().unwrap()
            );
            assert_eq!(
                error_of(&ask(&mut eve, &out_of_turn).await),
                "Cannot move when it is not your turn"
            );
            let card = state["cards"][mover][0].as_str().unwrap();
            for fields in [format!("{card} a1a6"), "tigger a1a2".to_owned()] {
                let bad = format!("move {id} {} {fields}", token_of(mover));
                assert_eq!(
                    error_of(&ask(&mut eve, &bad).await),
                    "'move' or 'card' not given properly"
                );
            }
            // An empty square of Litama's rank 3.
            let empty = format!("move {id} {} {card} c3c4", token_of(mover));
            assert_eq!(
                error_of(&ask(&mut eve, &empty).await),
                "Cannot move opponent's pieces or empty squares"
            );
            let from = if mover == "blue" { "a1" } else { "a5" };
            let nowhere = format!("move {id} {} {card} {from}{from}", token_of(mover));
            assert_eq!(error_of(&ask(&mut eve, &nowhere).await), "Invalid move");
        }
        // Prefer a capture or a win, so that the game ends soon.
        let moves = pos.legal_moves();
        let mv = moves
            .iter()
            .copied()
            .find(|&m| pos.after(m).is_ok_and(|p| p.is_over()))
            .or_else(|| {
                moves
                    .iter()
                    .copied()
                    .find(|&m| matches!(m, Move::Step { to, .. } if pos.piece_at(to).is_some()))
            })
            .unwrap_or(moves[0]);
        let fields = match mv {
            Move::Step { card, from, to } => {
                format!("{card} {}{}", litama_square(from), litama_square(to))
            }
            Move::Pass { card } => format!("{card} pass"),
        };
        let player = if mover == "red" { &mut ann } else { &mut ben };
        let _ = player;
        let ack = ask(&mut eve, &format!("move {id} {} {fields}", token_of(mover))).await;
        assert_eq!(
            ack,
            json!({"messageType": "move", "matchId": id}),
            "{fields}"
        );
        state = next_json(&mut eve).await;
        // The players see the same broadcast.
        assert_eq!(next_json(&mut ann).await, state);
        assert_eq!(next_json(&mut ben).await, state);
        pos.play(mv).unwrap();
        plies += 1;
        assert!(plies < 400, "the game ends");
        let listed = state["moves"].as_array().unwrap();
        assert_eq!(listed.len(), plies);
    }
    assert_eq!(state["gameState"], "ended");
    let winner = pos.outcome().map_or("none", |o| o.winner().unwrap().id());
    assert_eq!(state["winner"], winner);
    let after = format!("move {id} {} boar a1a2", token_of("red"));
    assert_eq!(error_of(&ask(&mut eve, &after).await), "Game ended");
    let asked = ask(&mut eve, &format!("state {id}")).await;
    assert_eq!(asked, state);
    server.shutdown().await;
}

#[tokio::test]
async fn the_orientation_example_boar_moves_blues_a1_student_to_a2() {
    // This test creates up to 400 matches from one address, far beyond a client's default
    // allowance of matches per minute: the client limits are lifted for it.
    let (server, _) = start("litama-orientation", |config| {
        config.clients = games_server::ClientLimits::unlimited();
    })
    .await;
    let addr = server.addr();
    // Deal until Blue holds boar and starts (the deal is the server's, at random).
    for _ in 0..400 {
        let mut ann = socket(addr, "/litama").await;
        let created = ask(&mut ann, "create Ann").await;
        assert_eq!(created["messageType"], "create", "{created}");
        let id = created["matchId"].as_str().unwrap().to_owned();
        let ann_token = created["token"].as_str().unwrap().to_owned();
        let mut ben = socket(addr, "/litama").await;
        let joined = ask(&mut ben, &format!("join {id} Ben")).await;
        let ben_token = joined["token"].as_str().unwrap().to_owned();
        let state = ask(&mut ben, &format!("state {id}")).await;
        let blue_has_boar = state["cards"]["blue"]
            .as_array()
            .unwrap()
            .contains(&json!("boar"));
        if !(blue_has_boar && state["currentTurn"] == "blue") {
            continue;
        }
        let token = if state["indices"]["blue"] == 0 {
            ann_token
        } else {
            ben_token
        };
        let ack = ask(&mut ben, &format!("move {id} {token} boar a1a2")).await;
        assert_eq!(ack["messageType"], "move", "{ack}");
        let after = ask(&mut ben, &format!("state {id}")).await;
        assert_eq!(after["board"], "0121110000000000000033433");
        assert_eq!(after["moves"], json!(["boar:a1a2"]));
        server.shutdown().await;
        return;
    }
    panic!("no deal gave Blue the boar to start with in 400 tries");
}

#[tokio::test]
async fn a_forced_pass_through_the_extension() {
    // A stored match of a position where Red cannot move, loaded as the server starts.
    let db = common::temp_db("litama-pass");
    let id = "0123456789abcdef01234567";
    let red = "a".repeat(64);
    let blue = "b".repeat(64);
    let pos: Position = "MSSSS/5/2m2/5/5 boar,elephant monkey,tiger crab r"
        .parse()
        .unwrap();
    let seats = [Participant::person("Ann"), Participant::person("Bob")];
    let session: Value =
        serde_json::from_str(&Session::new("onitama", pos, seats, Format::Casual).to_json())
            .unwrap();
    let row = json!({
        "format": "litama-match", "version": 1, "matchId": id, "lastActiveMs": 0,
        "creator": {"username": "Ann", "token": red},
        "joiner": {"username": "Bob", "token": blue},
        "creatorColour": "red",
        "startingCards": {"blue": ["tiger", "monkey"], "red": ["elephant", "boar"], "side": "crab"},
        "session": session,
    });
    {
        // The first start creates the database; the match is then written into it.
        let (time, _) = games_server::TimeSource::manual();
        let mut config = games_server::ServerConfig::new("127.0.0.1:0".parse().unwrap(), db.path());
        config.time = time;
        games_server::Server::start(config)
            .await
            .unwrap()
            .shutdown()
            .await;
        let connection = rusqlite::Connection::open(db.path()).unwrap();
        connection
            .execute(
                "INSERT INTO games (id, kind, data, updated_ms) VALUES (?1, 'litama', ?2, 0)",
                rusqlite::params![id, row.to_string()],
            )
            .unwrap();
    }
    let (time, _) = games_server::TimeSource::manual();
    let mut config = games_server::ServerConfig::new("127.0.0.1:0".parse().unwrap(), db.path());
    config.time = time;
    let server = games_server::Server::start(config).await.unwrap();
    let mut ws = socket(server.addr(), "/litama").await;
    let state = ask(&mut ws, &format!("state {id}")).await;
    assert_eq!(state["currentTurn"], "red");
    let step = ask(&mut ws, &format!("move {id} {red} boar e1d1")).await;
    assert_eq!(error_of(&step), "Invalid move", "no step exists");
    let ack = ask(&mut ws, &format!("move {id} {red} boar pass")).await;
    assert_eq!(ack["messageType"], "move", "{ack}");
    let after = ask(&mut ws, &format!("state {id}")).await;
    assert_eq!(after["moves"], json!(["boar:pass"]));
    assert_eq!(after["cards"]["side"], "boar");
    assert_eq!(after["currentTurn"], "blue");
    let no_pass = ask(&mut ws, &format!("move {id} {blue} tiger pass")).await;
    assert_eq!(
        error_of(&no_pass),
        "Invalid move",
        "Blue can move, so may not pass"
    );
    server.shutdown().await;
}

/// A `create` with a bad name is answered as an invalid command and does not use up the
/// client's quota of matches (30 a minute): after more of them than the quota, a good `create`
/// still goes through.
#[tokio::test]
async fn refused_creates_do_not_use_up_the_quota() {
    let (server, _) = start("litama-refused-creates", |_| {}).await;
    let addr = server.addr();
    let mut ann = socket(addr, "/litama").await;
    let long_name = format!("create {}", "x".repeat(200));
    for i in 0..40 {
        let command = if i % 2 == 0 { "create " } else { &long_name };
        let refused = ask(&mut ann, command).await;
        assert_eq!(error_of(&refused), "Invalid command sent", "{refused}");
    }
    let created = ask(&mut ann, "create Ann").await;
    assert_eq!(created["messageType"], "create", "{created}");
    server.shutdown().await;
}

/// A match's `lastActiveMs`, which is stored and read back after a restart, is wall-clock time
/// (milliseconds since the Unix epoch), not time since the process started: a restarted server
/// would otherwise count a match idle for hours as fresh (or one fresh as idle).
#[tokio::test]
async fn a_match_is_stored_with_its_last_activity_on_the_wall_clock() {
    let db = common::temp_db("litama-wall-clock");
    let config = games_server::ServerConfig::new("127.0.0.1:0".parse().unwrap(), db.path());
    let server = games_server::Server::start(config).await.unwrap();
    let before = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    let mut ann = socket(server.addr(), "/litama").await;
    let created = ask(&mut ann, "create Ann").await;
    let id = created["matchId"].as_str().unwrap().to_owned();
    server.shutdown().await;
    let connection = rusqlite::Connection::open(db.path()).unwrap();
    let data: String = connection
        .query_row("SELECT data FROM games WHERE id = ?1", [&id], |r| r.get(0))
        .unwrap();
    let row: Value = serde_json::from_str(&data).unwrap();
    let last_active = row["lastActiveMs"].as_u64().expect("lastActiveMs");
    assert!(
        last_active >= before,
        "lastActiveMs {last_active} is not a wall-clock time (the test began at {before})"
    );
}

/// A binary message is answered as an invalid command (the commands are text), and the
/// connection goes on.
#[tokio::test]
async fn a_binary_message_is_an_invalid_command() {
    use futures_util::SinkExt;
    let (server, _) = start("litama-binary", |_| {}).await;
    let mut ann = socket(server.addr(), "/litama").await;
    ann.send(tokio_tungstenite::tungstenite::Message::Binary(
        b"create Ann".to_vec().into(),
    ))
    .await
    .unwrap();
    let answer = next_json(&mut ann).await;
    assert_eq!(
        answer,
        json!({"messageType": "error", "matchId": "", "error": "Invalid command sent",
               "command": "create Ann"})
    );
    let created = ask(&mut ann, "create Ann").await;
    assert_eq!(created["messageType"], "create", "{created}");
    server.shutdown().await;
}
