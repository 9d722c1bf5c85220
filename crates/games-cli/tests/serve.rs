//! `games serve` as a process: the address line, bad arguments, and a server killed with
//! SIGKILL in the middle of games and started again on the same database, after which both
//! players (each with their own WebSocket, as two browsers) finish the game, and a Litama match
//! goes on too.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

/// A running `games serve` and its address.
struct Served {
    child: Child,
    addr: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(db: &Path) -> Served {
    serve_at("127.0.0.1:0", db)
}

fn serve_at(addr: &str, db: &Path) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_games"))
        .args(["serve", "--addr", addr, "--db"])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("games serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .expect("the first line");
    let addr = line
        .trim()
        .strip_prefix("listening on http://")
        .unwrap_or_else(|| panic!("the first line names the address: {line:?}"))
        .to_owned();
    Served { child, addr }
}

/// A database file in a fresh temporary directory, which is removed with everything in it when
/// this is dropped (keep it alive while a server uses the file).
struct TempDb {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl std::ops::Deref for TempDb {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.path
    }
}

fn temp_db(name: &str) -> TempDb {
    let dir = tempfile::Builder::new()
        .prefix(&format!("games-serve-{name}-"))
        .tempdir()
        .expect("a temporary directory");
    let path = dir.path().join("games.sqlite3");
    TempDb { _dir: dir, path }
}

/// One HTTP request; the status and the JSON body.
fn http(addr: &str, method: &str, path: &str, body: &Value) -> (u16, Value) {
    let body = body.to_string();
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("an answer");
    let (head, body) = answer.split_once("\r\n\r\n").expect("head and body");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

type Socket = tungstenite::WebSocket<tungstenite::stream::MaybeTlsStream<TcpStream>>;

fn socket(addr: &str, path: &str) -> Socket {
    let (ws, _) = tungstenite::connect(format!("ws://{addr}{path}")).expect("websocket");
    if let tungstenite::stream::MaybeTlsStream::Plain(stream) = ws.get_ref() {
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
    }
    ws
}

fn next_json(ws: &mut Socket) -> Value {
    loop {
        if let tungstenite::Message::Text(text) = ws.read().expect("a message") {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

fn ask(ws: &mut Socket, command: &str) -> Value {
    ws.send(tungstenite::Message::Text(command.into())).unwrap();
    next_json(ws)
}

fn first_move(state: &Value) -> String {
    state["legal_moves"][0].as_str().unwrap().to_owned()
}

/// The token of the player to move.
fn mover<'a>(state: &Value, creator: &'a str, joiner: &'a str) -> &'a str {
    if state["seats"][0]["player"] == state["to_move"] {
        creator
    } else {
        joiner
    }
}

/// `--addr HOST:PORT` takes a host name too: `localhost` is resolved, and the server listens on
/// one of its addresses and answers there.
#[test]
fn serve_listens_on_a_host_name() {
    let db = temp_db("host-name");
    let server = serve_at("localhost:0", &db);
    let ip: std::net::SocketAddr = server.addr.parse().expect("an IP address and a port");
    assert!(ip.ip().is_loopback(), "{}", server.addr);
    let (status, _) = http(&server.addr, "GET", "/api/catalog", &Value::Null);
    assert_eq!(status, 200);
    drop(server);
    for (addr, why) in [
        ("localhost", "expected HOST:PORT"),
        ("localhost:http", "expected HOST:PORT"),
        ("localhost:99999", "expected HOST:PORT"),
    ] {
        let run = common::games(&["serve", "--addr", addr]);
        assert_eq!(run.code, 2, "{addr}: {}", run.stderr);
        assert!(run.stdout.is_empty());
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
        assert!(
            run.stderr
                .contains(&format!("bad --addr \"{addr}\": {why}")),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn serve_prints_its_address_and_rejects_bad_arguments() {
    let run = common::games(&["serve", "--addr", "not-an-address"]);
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty());
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(run.stderr.contains("not-an-address"), "{}", run.stderr);

    let db = temp_db("address");
    let server = serve(&db);
    let (status, catalog) = http(&server.addr, "GET", "/api/catalog", &Value::Null);
    assert_eq!(status, 200);
    assert!(catalog["games"].as_array().unwrap().len() >= 2);
    // The port is taken now: a second server on it refuses with one line.
    let run = common::games(&[
        "serve",
        "--addr",
        &server.addr,
        "--db",
        db.with_file_name("other.sqlite3").to_str().unwrap(),
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("cannot listen"), "{}", run.stderr);
    // On stderr: the open-file limit (raised to the hard limit) and the connection caps.
    let mut child = Command::new(env!("CARGO_BIN_EXE_games"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(db.with_file_name("caps.sqlite3"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        line.contains("open files: soft limit") && line.contains("HTTP connections"),
        "{line}"
    );
}

#[test]
fn a_killed_server_loses_nothing() {
    let db = temp_db("sigkill");
    let server = serve(&db);
    let addr = server.addr.clone();

    // A Kamisado game between two browsers, shared by link.
    let (status, created) = http(
        &addr,
        "POST",
        "/api/games",
        &json!({"game": "kamisado", "opponent": "link", "name": "Ann"}),
    );
    assert_eq!(status, 201);
    let id = created["id"].as_str().unwrap().to_owned();
    let ann = created["token"].as_str().unwrap().to_owned();
    let (_, joined) = http(
        &addr,
        "POST",
        &format!("/api/games/{id}/join"),
        &json!({"name": "Ben"}),
    );
    let ben = joined["token"].as_str().unwrap().to_owned();
    let mut state = joined["state"].clone();
    for _ in 0..4 {
        let token = mover(&state, &ann, &ben);
        let (status, after) = http(
            &addr,
            "POST",
            &format!("/api/games/{id}/moves"),
            &json!({"token": token, "move": first_move(&state)}),
        );
        assert_eq!(status, 200, "{after}");
        state = after;
    }
    let before_kill = state.clone();

    // A Litama match with one move.
    let mut bot = socket(&addr, "/litama");
    let litama = ask(&mut bot, "create Bot");
    let match_id = litama["matchId"].as_str().unwrap().to_owned();
    let bot_token = litama["token"].as_str().unwrap().to_owned();
    let mut rival = socket(&addr, "/litama");
    let rival_token = ask(&mut rival, &format!("join {match_id} Rival"))["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let litama_state = ask(&mut rival, &format!("state {match_id}"));

    // A game whose engine is thinking (level max thinks up to its time cap) when the kill comes.
    let (status, thinking) = http(
        &addr,
        "POST",
        "/api/games",
        &json!({"game": "onitama", "opponent": "engine", "level": "max", "side": "red", "cards": "horse,elephant,ox,boar,crab"}),
    );
    assert_eq!(status, 201);
    assert_eq!(
        thinking["state"]["thinking"], true,
        "Blue (the engine) starts"
    );
    let thinking_id = thinking["id"].as_str().unwrap().to_owned();

    let (_, before) = http(
        &addr,
        "GET",
        &format!("/api/games/{thinking_id}"),
        &Value::Null,
    );
    assert_eq!(
        before["moves"],
        json!([]),
        "the engine is still thinking (2 s cap)"
    );

    // SIGKILL (what `Child::kill` sends on Unix): no chance to flush or say goodbye.
    drop(bot);
    drop(rival);
    drop(server);

    let server = serve(&db);
    let addr = server.addr.clone();
    let (status, after) = http(&addr, "GET", &format!("/api/games/{id}"), &Value::Null);
    assert_eq!(status, 200);
    for key in [
        "position",
        "record",
        "moves",
        "seats",
        "legal_moves",
        "to_move",
    ] {
        assert_eq!(after[key], before_kill[key], "{key}");
    }
    // Both browsers reconnect and finish the game; each sees every move.
    let mut browsers = [
        socket(&addr, &format!("/api/games/{id}/ws")),
        socket(&addr, &format!("/api/games/{id}/ws")),
    ];
    for ws in &mut browsers {
        assert_eq!(next_json(ws)["state"]["position"], after["position"]);
    }
    let mut state = after;
    let mut plies = state["moves"].as_array().unwrap().len();
    while state["outcome"].is_null() {
        let token = mover(&state, &ann, &ben);
        let (status, next) = http(
            &addr,
            "POST",
            &format!("/api/games/{id}/moves"),
            &json!({"token": token, "move": first_move(&state)}),
        );
        assert_eq!(status, 200, "{next}");
        for ws in &mut browsers {
            let pushed = next_json(ws);
            assert_eq!(pushed["state"]["version"], next["version"]);
            assert_eq!(pushed["state"]["position"], next["position"]);
        }
        state = next;
        plies = state["moves"].as_array().unwrap().len();
        assert!(plies < 400, "the game ends");
    }
    assert!(plies > 4);
    assert!(state["outcome"]["winner"].is_string());

    // The engine that was thinking moves after the restart.
    let mut engine_game = Value::Null;
    for _ in 0..200 {
        let (_, state) = http(
            &addr,
            "GET",
            &format!("/api/games/{thinking_id}"),
            &Value::Null,
        );
        if state["moves"].as_array().is_some_and(|m| m.len() == 1) {
            engine_game = state;
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(
        engine_game["to_move"], "red",
        "the engine moved after the restart"
    );

    // The Litama match goes on with the same tokens.
    let mut bot = socket(&addr, "/litama");
    let again = ask(&mut bot, &format!("state {match_id}"));
    assert_eq!(again, litama_state);
    let start = &again["startingCards"];
    let card = |v: &Value| -> onitama_core::Card { v.as_str().unwrap().parse().unwrap() };
    let deal = onitama_core::Deal::new(
        [card(&start["red"][0]), card(&start["red"][1])],
        [card(&start["blue"][0]), card(&start["blue"][1])],
        card(&start["side"]),
    )
    .unwrap();
    let pos = onitama_core::Position::from_deal(deal);
    let colour = pos.side_to_move().id();
    let token = if again["indices"][colour] == 0 {
        &bot_token
    } else {
        &rival_token
    };
    let onitama_core::Move::Step { card, from, to } = pos.legal_moves()[0] else {
        panic!("the start has steps");
    };
    // Litama's board is ours turned half a turn.
    let command = format!(
        "move {match_id} {token} {card} {}{}",
        from.rotated(),
        to.rotated()
    );
    assert_eq!(ask(&mut bot, &command)["messageType"], "move");
    let moved = ask(&mut bot, &format!("state {match_id}"));
    assert_eq!(moved["moves"].as_array().unwrap().len(), 1);
}

/// kill -9 three times under four writers: every move the server acknowledged is there after
/// each restart, and no game's version goes back (the page ignores older versions).
#[test]
fn kill_nine_under_writers_loses_nothing_acknowledged_and_versions_only_grow() {
    let db = temp_db("kill-writers");
    let mut server = serve(&db);
    let mut games = Vec::new();
    for _ in 0..4 {
        let (status, created) = http(
            &server.addr,
            "POST",
            "/api/games",
            &json!({"game": "onitama", "opponent": "same_device", "cards": "random"}),
        );
        assert_eq!(status, 201, "{created}");
        games.push((
            created["id"].as_str().unwrap().to_owned(),
            created["token"].as_str().unwrap().to_owned(),
        ));
    }
    // The last acknowledged (moves, version) of each game.
    let acknowledged = std::sync::Arc::new(std::sync::Mutex::new(vec![(0usize, 0u64); 4]));
    let mut total = 0;
    for round in 0..3 {
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let writers: Vec<_> = games
            .iter()
            .cloned()
            .enumerate()
            .map(|(i, (id, token))| {
                let addr = server.addr.clone();
                let stop = std::sync::Arc::clone(&stop);
                let acknowledged = std::sync::Arc::clone(&acknowledged);
                std::thread::spawn(move || {
                    while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                        let Some((status, state)) =
                            try_http(&addr, "GET", &format!("/api/games/{id}"), &Value::Null)
                        else {
                            return;
                        };
                        if status != 200 {
                            // 429: the four writers share one address and its requests a
                            // second; on a fast machine they reach the limit. Wait, ask again.
                            std::thread::sleep(Duration::from_millis(20));
                            continue;
                        }
                        let mv = if state["outcome"].is_null() {
                            first_move(&state)
                        } else {
                            return; // this game is over
                        };
                        let path = format!("/api/games/{id}/moves");
                        if let Some((200, after)) =
                            try_http(&addr, "POST", &path, &json!({"token": token, "move": mv}))
                        {
                            let moves = after["moves"].as_array().unwrap().len();
                            let version = after["version"].as_u64().unwrap();
                            acknowledged.lock().unwrap()[i] = (moves, version);
                        }
                    }
                })
            })
            .collect();
        std::thread::sleep(Duration::from_millis(700));
        drop(server); // SIGKILL while the writers write
        stop.store(true, std::sync::atomic::Ordering::SeqCst);
        for w in writers {
            w.join().unwrap();
        }
        server = serve(&db);
        let acked = acknowledged.lock().unwrap().clone();
        for ((id, _), (moves, version)) in games.iter().zip(&acked) {
            let (status, state) = http(
                &server.addr,
                "GET",
                &format!("/api/games/{id}"),
                &Value::Null,
            );
            assert_eq!(status, 200);
            let stored = state["moves"].as_array().unwrap().len();
            assert!(
                stored >= *moves,
                "round {round}: {id} has {stored} moves, {moves} were acknowledged"
            );
            assert!(
                state["version"].as_u64().unwrap() >= *version,
                "round {round}: {id} went back from version {version} to {}",
                state["version"]
            );
        }
        total = acked.iter().map(|(m, _)| m).sum::<usize>();
    }
    assert!(total > 4, "the writers wrote: {total} moves acknowledged");
}

/// One HTTP request that may fail (the server is being killed).
fn try_http(addr: &str, method: &str, path: &str, body: &Value) -> Option<(u16, Value)> {
    let body = body.to_string();
    let mut stream = TcpStream::connect(addr).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .ok()?;
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .ok()?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).ok()?;
    let (head, body) = answer.split_once("\r\n\r\n")?;
    let status = head.split(' ').nth(1)?.parse().ok()?;
    Some((status, serde_json::from_str(body).unwrap_or(Value::Null)))
}
