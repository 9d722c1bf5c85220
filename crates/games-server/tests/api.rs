//! The JSON API and the game WebSocket, against a real server on a loopback port.

mod common;

use std::time::Duration;

use abstract_game::Notation;
use abstract_game::record::GameRecord;
use common::{call, endless_onitama, get, next_json, post, raw, socket, start, wait_state};
use serde_json::{Value, json};

fn moves_of(state: &Value) -> Vec<String> {
    state["legal_moves"]
        .as_array()
        .expect("legal moves")
        .iter()
        .map(|m| m.as_str().unwrap().to_owned())
        .collect()
}

/// The record the state shows replays, with the notation crates, to the position it shows.
fn check_record<G: Notation>(state: &Value) {
    let record: GameRecord<G> = state["record"].as_str().unwrap().parse().expect("record");
    assert_eq!(
        record.position().position_text(),
        state["position"].as_str().unwrap()
    );
    assert_eq!(
        record.moves().len(),
        state["moves"].as_array().unwrap().len()
    );
}

#[tokio::test]
async fn a_whole_kamisado_game_against_the_engine() {
    let (server, _) = start("kamisado-engine", |_| {}).await;
    let addr = server.addr();
    let created = post(
        addr,
        "/api/games",
        json!({"game": "kamisado", "opponent": "engine", "level": "easy", "side": "black"}),
    )
    .await;
    assert_eq!(created.status, 201, "{}", created.text);
    let id = created.body["id"].as_str().unwrap().to_owned();
    let token = created.body["token"].as_str().unwrap().to_owned();
    assert_eq!(id.len(), 24);
    assert_eq!(token.len(), 64);
    let mut state = created.body["state"].clone();
    assert_eq!(state["sources"].as_array().unwrap().len(), 8, "all towers");
    let mut plies = 0;
    while state["outcome"].is_null() {
        assert!(plies < 300, "the game ends");
        assert_eq!(state["to_move"], "black", "the engine answered: {state}");
        let mv = moves_of(&state)[0].clone();
        let answer = post(
            addr,
            &format!("/api/games/{id}/moves"),
            json!({"token": token, "move": mv}),
        )
        .await;
        assert_eq!(answer.status, 200, "{}", answer.text);
        if answer.body["outcome"].is_null() {
            assert_eq!(answer.body["sources"].as_array().unwrap().len(), 1);
        }
        plies = answer.body["moves"].as_array().unwrap().len();
        state = wait_state(addr, &id, |s| {
            !s["outcome"].is_null() || (s["to_move"] == "black" && s["thinking"] == false)
        })
        .await;
    }
    check_record::<kamisado_core::Position>(&state);
    assert!(state["outcome"]["words"].as_str().unwrap().contains("wins"));
    let late = post(
        addr,
        &format!("/api/games/{id}/moves"),
        json!({"token": token, "move": "a1a2"}),
    )
    .await;
    assert_eq!(late.status, 409, "{}", late.text);
    server.shutdown().await;
}

#[tokio::test]
async fn kamisado_forced_zero_length_move_is_played_by_the_server() {
    let (server, _) = start("kamisado-forced", |_| {}).await;
    let addr = server.addr();
    let created = post(
        addr,
        "/api/games",
        json!({"game": "kamisado", "opponent": "same_device", "moves": "c1a3 b8h2"}),
    )
    .await;
    assert_eq!(created.status, 201, "{}", created.text);
    let id = created.body["id"].as_str().unwrap();
    let token = created.body["token"].as_str().unwrap();
    let after = post(
        addr,
        &format!("/api/games/{id}/moves"),
        json!({"token": token, "move": "a3e7"}),
    )
    .await;
    assert_eq!(after.status, 200, "{}", after.text);
    let moves = after.body["moves"].as_array().unwrap();
    // Gold's blue tower on h2 is stuck (h2h2), then Black's red tower on e7 (e7e7): the
    // colours go round, a deadlock, and Black made the last real move.
    assert_eq!(moves.len(), 5);
    assert_eq!(moves[3]["move"], "h2h2");
    assert_eq!(moves[3]["forced"], true);
    assert_eq!(moves[4]["move"], "e7e7");
    assert_eq!(moves[4]["forced"], true);
    assert_eq!(moves[2]["forced"], false);
    let outcome = &after.body["outcome"];
    assert_eq!(outcome["winner"], "gold");
    assert_eq!(outcome["reason"], "deadlock");
    let words = outcome["words"].as_str().unwrap();
    assert!(words.contains("black made the last move"), "{words}");
    // Undo takes back the whole turn: the forced move and the move before it.
    let undone = post(
        addr,
        &format!("/api/games/{id}/undo"),
        json!({"token": token}),
    )
    .await;
    assert_eq!(undone.status, 200);
    assert_eq!(undone.body["moves"].as_array().unwrap().len(), 2);
    assert_eq!(undone.body["to_move"], "black");
    assert!(undone.body["outcome"].is_null());
    server.shutdown().await;
}

#[tokio::test]
async fn two_players_by_link_and_a_spectator_see_every_change() {
    let (server, _) = start("link", |_| {}).await;
    let addr = server.addr();
    let created = post(
        addr,
        "/api/games",
        json!({"game": "onitama", "opponent": "link", "cards": "horse,elephant,ox,boar,crab", "side": "red", "name": "Ann"}),
    )
    .await;
    assert_eq!(created.status, 201, "{}", created.text);
    let id = created.body["id"].as_str().unwrap().to_owned();
    let red = created.body["token"].as_str().unwrap().to_owned();
    assert_eq!(created.body["state"]["seats"][1]["joined"], false);
    // Nobody can play the open seat.
    let joined = post(
        addr,
        &format!("/api/games/{id}/join"),
        json!({"name": "Ben"}),
    )
    .await;
    assert_eq!(joined.status, 200, "{}", joined.text);
    let blue = joined.body["token"].as_str().unwrap().to_owned();
    assert_ne!(blue, red);
    assert_eq!(joined.body["state"]["seats"][1]["name"], "Ben");
    let again = post(addr, &format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(again.status, 409, "{}", again.text);

    let path = format!("/api/games/{id}/ws");
    let mut sockets = [
        socket(addr, &path).await,
        socket(addr, &path).await,
        socket(addr, &path).await,
    ];
    for ws in &mut sockets {
        let first = next_json(ws).await;
        assert_eq!(first["type"], "state");
        assert_eq!(first["state"]["id"], id.as_str());
    }
    // The side card (crab) is Blue's: Blue starts.
    let state = get(addr, &format!("/api/games/{id}")).await.body;
    assert_eq!(state["to_move"], "blue");
    let wrong = post(
        addr,
        &format!("/api/games/{id}/moves"),
        json!({"token": red, "move": moves_of(&state)[0]}),
    )
    .await;
    assert_eq!(wrong.status, 403, "{}", wrong.text);
    assert!(wrong.body["error"].as_str().unwrap().contains("turn"));

    let mut tokens = [blue.clone(), red.clone()];
    let mut state = state;
    for ply in 0..6 {
        let mv = moves_of(&state)[0].clone();
        let answer = post(
            addr,
            &format!("/api/games/{id}/moves"),
            json!({"token": tokens[0], "move": mv}),
        )
        .await;
        assert_eq!(answer.status, 200, "{}", answer.text);
        for ws in &mut sockets {
            let pushed = next_json(ws).await;
            assert_eq!(pushed["state"]["version"], answer.body["version"]);
            assert_eq!(pushed["state"]["moves"].as_array().unwrap().len(), ply + 1);
        }
        state = answer.body;
        if !state["outcome"].is_null() {
            break;
        }
        tokens.swap(0, 1);
    }
    check_record::<onitama_core::Position>(&state);
    server.shutdown().await;
}

#[tokio::test]
async fn onitama_forced_pass_and_card_view() {
    let (server, _) = start("pass", |_| {}).await;
    let addr = server.addr();
    let created = post(
        addr,
        "/api/games",
        json!({"game": "onitama", "opponent": "same_device",
               "position": "MSSSS/5/2m2/5/5 boar,elephant monkey,tiger crab r"}),
    )
    .await;
    assert_eq!(created.status, 201, "{}", created.text);
    let state = &created.body["state"];
    assert_eq!(
        moves_of(state),
        ["boar:pass", "elephant:pass"],
        "Red is stuck and chooses the card to give away"
    );
    assert_eq!(state["sources"], json!([]));
    assert_eq!(state["board"]["cards"]["side"], "crab");
    let id = created.body["id"].as_str().unwrap();
    let token = created.body["token"].as_str().unwrap();
    let passed = post(
        addr,
        &format!("/api/games/{id}/moves"),
        json!({"token": token, "move": "elephant:pass"}),
    )
    .await;
    assert_eq!(passed.status, 200, "{}", passed.text);
    assert_eq!(passed.body["board"]["cards"]["side"], "elephant");
    assert_eq!(passed.body["board"]["last_card"], "elephant");
    assert_eq!(
        passed.body["board"]["cards"]["red"],
        json!(["boar", "crab"])
    );
    assert_eq!(
        passed.body["moves"][0]["forced"], false,
        "a choice, not forced"
    );
    server.shutdown().await;
}

#[tokio::test]
async fn clock_duel_with_the_test_clock() {
    let (server, time) = start("clock", |_| {}).await;
    let addr = server.addr();
    let created = post(
        addr,
        "/api/games",
        json!({"game": "onitama", "opponent": "same_device", "format": "clock_duel", "time_control": "1m+2s"}),
    )
    .await;
    assert_eq!(created.status, 201, "{}", created.text);
    let id = created.body["id"].as_str().unwrap().to_owned();
    let token = created.body["token"].as_str().unwrap().to_owned();
    let state = &created.body["state"];
    assert_eq!(state["clock"]["control"], "1m+2s");
    assert_eq!(state["clock"]["remaining_ms"]["red"], 60_000);
    assert_eq!(state["clock"]["running"], "blue");
    time.advance(Duration::from_secs(10));
    let mv = moves_of(state)[0].clone();
    let after = post(
        addr,
        &format!("/api/games/{id}/moves"),
        json!({"token": token, "move": mv}),
    )
    .await;
    assert_eq!(after.status, 200, "{}", after.text);
    assert_eq!(
        after.body["clock"]["remaining_ms"]["blue"], 52_000,
        "10 s used, 2 s back"
    );
    assert_eq!(after.body["clock"]["running"], "red");
    time.advance(Duration::from_secs(61));
    let over = wait_state(addr, &id, |s| !s["outcome"].is_null()).await;
    assert_eq!(over["outcome"]["reason"], "on_time");
    assert_eq!(over["outcome"]["winner"], "blue");
    assert_eq!(over["clock"]["flag"], "red");
    server.shutdown().await;
}

#[tokio::test]
async fn a_clock_duel_created_with_moves_takes_back_no_increment_on_undo() {
    // The two moves of `moves` were played before the clock started: they earned nothing, so
    // undoing them takes nothing from either clock (it took 2 s from each before the fix).
    let (server, _) = start("clock-moves", |_| {}).await;
    let addr = server.addr();
    let created = post(
        addr,
        "/api/games",
        json!({"game": "onitama", "opponent": "same_device", "format": "clock_duel",
               "time_control": "1m+2s", "moves": "ox:b5b4 horse:b1b2"}),
    )
    .await;
    assert_eq!(created.status, 201, "{}", created.text);
    let id = created.body["id"].as_str().unwrap().to_owned();
    let token = created.body["token"].as_str().unwrap().to_owned();
    for _ in 0..2 {
        let undone = post(
            addr,
            &format!("/api/games/{id}/undo"),
            json!({"token": token}),
        )
        .await;
        assert_eq!(undone.status, 200, "{}", undone.text);
        assert_eq!(
            undone.body["clock"]["remaining_ms"]["red"], 60_000,
            "{}",
            undone.text
        );
        assert_eq!(
            undone.body["clock"]["remaining_ms"]["blue"], 60_000,
            "{}",
            undone.text
        );
    }
    server.shutdown().await;
}

#[tokio::test]
async fn undo_against_the_engine_returns_to_the_persons_turn() {
    let (server, _) = start("undo", |_| {}).await;
    let addr = server.addr();
    let created = post(
        addr,
        "/api/games",
        json!({"game": "onitama", "opponent": "engine", "level": "easy", "side": "blue"}),
    )
    .await;
    let id = created.body["id"].as_str().unwrap().to_owned();
    let token = created.body["token"].as_str().unwrap().to_owned();
    let state = &created.body["state"];
    let mv = moves_of(state)[0].clone();
    let after = post(
        addr,
        &format!("/api/games/{id}/moves"),
        json!({"token": token, "move": mv}),
    )
    .await;
    assert_eq!(after.status, 200, "{}", after.text);
    let answered = wait_state(addr, &id, |s| s["moves"].as_array().unwrap().len() == 2).await;
    assert_eq!(answered["to_move"], "blue");
    let undone = post(
        addr,
        &format!("/api/games/{id}/undo"),
        json!({"token": token}),
    )
    .await;
    assert_eq!(undone.status, 200, "{}", undone.text);
    assert_eq!(undone.body["moves"], json!([]), "both plies taken back");
    assert_eq!(undone.body["to_move"], "blue");
    let nothing = post(
        addr,
        &format!("/api/games/{id}/undo"),
        json!({"token": token}),
    )
    .await;
    assert_eq!(nothing.status, 409, "{}", nothing.text);
    let hint = get(addr, &format!("/api/games/{id}/hint")).await;
    assert_eq!(hint.status, 200, "{}", hint.text);
    assert!(moves_of(&undone.body).contains(&hint.body["move"].as_str().unwrap().to_owned()));
    server.shutdown().await;
}

#[tokio::test]
async fn mirror_match_and_coaching_round() {
    let (server, _) = start("formats", |_| {}).await;
    let addr = server.addr();
    let created = post(
        addr,
        "/api/games",
        json!({"game": "kamisado", "opponent": "same_device", "format": "mirror_match"}),
    )
    .await;
    assert_eq!(created.status, 201, "{}", created.text);
    let id = created.body["id"].as_str().unwrap().to_owned();
    let token = created.body["token"].as_str().unwrap().to_owned();
    assert_eq!(created.body["state"]["mirror"]["game_number"], 1);
    assert_eq!(created.body["state"]["seats"][0]["player"], "black");
    let early = post(
        addr,
        &format!("/api/games/{id}/next"),
        json!({"token": token}),
    )
    .await;
    assert_eq!(early.status, 409, "{}", early.text);
    let resigned = post(
        addr,
        &format!("/api/games/{id}/resign"),
        json!({"token": token, "player": "gold"}),
    )
    .await;
    assert_eq!(resigned.status, 200, "{}", resigned.text);
    assert_eq!(resigned.body["outcome"]["winner"], "black");
    let second = post(
        addr,
        &format!("/api/games/{id}/next"),
        json!({"token": token}),
    )
    .await;
    assert_eq!(second.status, 200, "{}", second.text);
    assert_eq!(second.body["mirror"]["game_number"], 2);
    assert_eq!(
        second.body["seats"][0]["player"], "gold",
        "the seats swapped"
    );
    assert_eq!(second.body["moves"], json!([]));

    let coached = post(
        addr,
        "/api/games",
        json!({"game": "onitama", "opponent": "same_device", "format": "coaching"}),
    )
    .await;
    let cid = coached.body["id"].as_str().unwrap();
    let ctoken = coached.body["token"].as_str().unwrap();
    let mv = moves_of(&coached.body["state"])[0].clone();
    let report = post(
        addr,
        &format!("/api/games/{cid}/propose"),
        json!({"token": ctoken, "move": mv}),
    )
    .await;
    assert_eq!(report.status, 200, "{}", report.text);
    assert!(
        report.body["hand_over"]
            .as_str()
            .unwrap()
            .contains("will receive")
    );
    let unchanged = get(addr, &format!("/api/games/{cid}")).await;
    assert_eq!(
        unchanged.body["moves"],
        json!([]),
        "a candidate plays nothing"
    );
    let casual = post(
        addr,
        &format!("/api/games/{id}/propose"),
        json!({"token": token, "move": "a1a2"}),
    )
    .await;
    assert_eq!(casual.status, 409, "{}", casual.text);
    server.shutdown().await;
}

#[tokio::test]
async fn every_error_path_answers_json_and_the_server_stays_up() {
    let (server, _) = start("errors", |config| {
        config.limits.max_games = 3;
        config.limits.max_body_bytes = 1024;
    })
    .await;
    let addr = server.addr();
    let created = post(
        addr,
        "/api/games",
        json!({"game": "kamisado", "opponent": "same_device"}),
    )
    .await;
    let id = created.body["id"].as_str().unwrap().to_owned();
    let token = created.body["token"].as_str().unwrap().to_owned();
    let moves = format!("/api/games/{id}/moves");
    let cases: Vec<(u16, common::Answer, &str)> = vec![
        (
            400,
            call(addr, "POST", "/api/games", "{not json").await,
            "bad json",
        ),
        (
            400,
            call(addr, "POST", "/api/games", "[1,2]").await,
            "bad json",
        ),
        (
            400,
            post(addr, "/api/games", json!({"game": "chess"})).await,
            "chess",
        ),
        (
            400,
            post(
                addr,
                "/api/games",
                json!({"game": "onitama", "cards": "tiger"}),
            )
            .await,
            "cards",
        ),
        (
            400,
            post(
                addr,
                "/api/games",
                json!({"game": "kamisado", "position": "8/8 b - -"}),
            )
            .await,
            "position",
        ),
        (
            400,
            post(
                addr,
                "/api/games",
                json!({"game": "kamisado", "moves": "c1a3 zz"}),
            )
            .await,
            "zz",
        ),
        (
            400,
            post(
                addr,
                "/api/games",
                json!({"game": "kamisado", "level": "alphabeta:depth=x"}),
            )
            .await,
            "level",
        ),
        (
            400,
            post(
                addr,
                "/api/games",
                json!({"game": "tictactoe", "opponent": "same_device", "level": ""}),
            )
            .await,
            "level: empty",
        ),
        (
            400,
            post(
                addr,
                "/api/games",
                json!({"game": "onitama", "level": "max:tablebase-pieces=6"}),
            )
            .await,
            "tablebase-pieces=6",
        ),
        (
            400,
            post(
                addr,
                "/api/games",
                json!({"game": "onitama", "level": "alphabeta:tablebase=/etc/passwd"}),
            )
            .await,
            "does not read files",
        ),
        (
            400,
            post(
                addr,
                "/api/games",
                json!({"game": "onitama", "level": "alphabeta:threads=2"}),
            )
            .await,
            "one thread",
        ),
        (
            400,
            post(
                addr,
                "/api/games",
                json!({"game": "onitama", "level": "alphabeta:tt=65"}),
            )
            .await,
            "at most 64 mib",
        ),
        (
            400,
            post(
                addr,
                "/api/games",
                json!({"game": "kamisado", "side": "red"}),
            )
            .await,
            "side",
        ),
        (
            400,
            post(
                addr,
                "/api/games",
                json!({"game": "kamisado", "format": "blitz"}),
            )
            .await,
            "blitz",
        ),
        (
            400,
            post(
                addr,
                "/api/games",
                json!({"game": "kamisado", "cards": "random"}),
            )
            .await,
            "cards",
        ),
        (
            400,
            post(
                addr,
                "/api/games",
                json!({"game": "kamisado", "format": "clock_duel", "time_control": "0s"}),
            )
            .await,
            "time",
        ),
        (
            400,
            post(addr, &moves, json!({"token": token, "move": "zz"})).await,
            "zz",
        ),
        (
            400,
            post(addr, &moves, json!({"token": token})).await,
            "move",
        ),
        (
            422,
            post(addr, &moves, json!({"token": token, "move": "a1b1"})).await,
            "illegal",
        ),
        (
            403,
            post(addr, &moves, json!({"token": "f00", "move": "a1a2"})).await,
            "token",
        ),
        (
            403,
            post(addr, &moves, json!({"move": "a1a2"})).await,
            "token",
        ),
        (
            404,
            post(
                addr,
                "/api/games/ffffffffffffffffffffffff/moves",
                json!({"token": token, "move": "a1a2"}),
            )
            .await,
            "no game",
        ),
        (
            404,
            get(addr, "/api/games/ffffffffffffffffffffffff").await,
            "no game",
        ),
        (404, get(addr, "/api/nothing").await, "route"),
        (
            404,
            get(addr, "/api/games/ffffffffffffffffffffffff/ws").await,
            "no game",
        ),
        (405, call(addr, "DELETE", &moves, "").await, "method"),
        (
            409,
            post(
                addr,
                &format!("/api/games/{id}/undo"),
                json!({"token": token}),
            )
            .await,
            "undo",
        ),
        (
            409,
            post(addr, &format!("/api/games/{id}/join"), json!({})).await,
            "seat",
        ),
        (
            413,
            call(
                addr,
                "POST",
                "/api/games",
                &format!("{{\"game\":\"{}\"}}", "k".repeat(5000)),
            )
            .await,
            "large",
        ),
    ];
    for (status, answer, word) in cases {
        assert_eq!(answer.status, status, "{word}: {}", answer.text);
        let message = answer.body["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{word}: {}", answer.text));
        assert!(message.to_lowercase().contains(word), "{word}: {message}");
    }
    // Garbage on the wire: the connection is refused politely, the server goes on.
    let garbage = raw(addr, b"\x00\x01GARBAGE\r\n\r\n").await;
    assert_ne!(garbage.status, 200);
    // The game is untouched by every failed request.
    let state = get(addr, &format!("/api/games/{id}")).await;
    assert_eq!(state.body["moves"], json!([]));
    assert_eq!(state.body["version"], created.body["state"]["version"]);
    // The limit of games.
    for _ in 0..2 {
        let more = post(
            addr,
            "/api/games",
            json!({"game": "tictactoe", "opponent": "same_device"}),
        )
        .await;
        assert_eq!(more.status, 201, "{}", more.text);
    }
    let full = post(addr, "/api/games", json!({"game": "tictactoe"})).await;
    assert_eq!(full.status, 503, "{}", full.text);
    assert!(full.body["error"].as_str().unwrap().contains("limit"));
    assert_eq!(get(addr, "/api/catalog").await.status, 200, "still up");
    server.shutdown().await;
}

#[tokio::test]
async fn games_survive_a_restart() {
    let db = common::temp_db("restart");
    let config = |db: &std::path::Path| {
        let (time, _) = games_server::TimeSource::manual();
        let mut config = games_server::ServerConfig::new("127.0.0.1:0".parse().unwrap(), db);
        config.time = time;
        config
    };
    let server = games_server::Server::start(config(&db)).await.unwrap();
    let addr = server.addr();
    let created = post(
        addr,
        "/api/games",
        json!({"game": "onitama", "opponent": "link", "cards": "random"}),
    )
    .await;
    let id = created.body["id"].as_str().unwrap().to_owned();
    let token = created.body["token"].as_str().unwrap().to_owned();
    let joined = post(addr, &format!("/api/games/{id}/join"), json!({})).await;
    let other = joined.body["token"].as_str().unwrap().to_owned();
    let to_move = joined.body["state"]["to_move"].as_str().unwrap().to_owned();
    let mover = if joined.body["state"]["seats"][0]["player"] == to_move.as_str() {
        token.clone()
    } else {
        other.clone()
    };
    let mv = moves_of(&joined.body["state"])[0].clone();
    let played = post(
        addr,
        &format!("/api/games/{id}/moves"),
        json!({"token": mover, "move": mv}),
    )
    .await;
    assert_eq!(played.status, 200);
    server.shutdown().await;

    let server = games_server::Server::start(config(&db)).await.unwrap();
    let addr = server.addr();
    let state = get(addr, &format!("/api/games/{id}")).await;
    assert_eq!(state.status, 200, "{}", state.text);
    for key in ["position", "record", "moves", "seats", "legal_moves"] {
        assert_eq!(state.body[key], played.body[key], "{key}");
    }
    // The tokens still work.
    let next = post(
        addr,
        &format!("/api/games/{id}/moves"),
        json!({"token": if mover == token { &other } else { &token }, "move": moves_of(&state.body)[0]}),
    )
    .await;
    assert_eq!(next.status, 200, "{}", next.text);
    server.shutdown().await;
}

#[tokio::test]
async fn the_openapi_description_matches_the_routes() {
    let (server, _) = start("openapi", |_| {}).await;
    let addr = server.addr();
    let served = get(addr, "/api/openapi.json").await;
    assert_eq!(served.status, 200);
    let doc: Value = serde_json::from_str(games_server::OPENAPI_JSON).expect("valid JSON");
    assert_eq!(served.body, doc);
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    let mut described = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for method in item.as_object().unwrap().keys() {
            if ["get", "post", "put", "delete", "patch"].contains(&method.as_str()) {
                described.push((method.to_uppercase(), path.clone()));
            }
        }
    }
    let mut routes: Vec<(String, String)> = games_server::ROUTES
        .iter()
        .map(|(m, p)| ((*m).to_owned(), (*p).to_owned()))
        .collect();
    described.sort();
    routes.sort();
    assert_eq!(
        described, routes,
        "the description lists exactly the routes"
    );
    // Each described route exists on the real server: it never answers "no such route" or
    // "method not allowed".
    for (method, path) in &routes {
        let path = path.replace("{id}", "ffffffffffffffffffffffff");
        let answer = call(addr, method, &path, "{}").await;
        assert_ne!(answer.status, 405, "{method} {path}");
        assert_ne!(answer.body["error"], "no such route", "{method} {path}");
    }
    server.shutdown().await;
}

#[tokio::test]
async fn requests_beyond_the_limit_are_answered_503_at_once() {
    let (server, _) = start("busy", |config| config.limits.max_requests = 0).await;
    let answer = get(server.addr(), "/api/catalog").await;
    assert_eq!(answer.status, 503, "{}", answer.text);
    assert!(answer.body["error"].as_str().unwrap().contains("busy"));
    server.shutdown().await;
}

/// Random bodies, valid ones with a field changed, truncated or mangled, and random bytes: every
/// answer is a JSON error or a success, never a server error, and the server stays up.
#[tokio::test]
async fn random_and_mangled_bodies_never_break_the_server() {
    let (server, _) = start("garbage", |config| {
        config.limits.max_games = 10_000;
        // 400 requests at once from one address: this test is about the bodies, not the rate.
        config.clients = games_server::ClientLimits::unlimited();
    })
    .await;
    let addr = server.addr();
    let created = post(
        addr,
        "/api/games",
        json!({"game": "onitama", "opponent": "same_device"}),
    )
    .await;
    let id = created.body["id"].as_str().unwrap().to_owned();
    let token = created.body["token"].as_str().unwrap().to_owned();
    let valid = [
        json!({"game": "kamisado", "opponent": "engine", "level": "easy", "format": "clock_duel", "time_control": "1m"}),
        json!({"game": "onitama", "cards": "horse,elephant,ox,boar,crab", "opponent": "link", "side": "blue"}),
        json!({"token": token, "move": "ox:c1c2"}),
    ];
    let values = [
        json!(null),
        json!(1),
        json!(-1),
        json!(1e300),
        json!(""),
        json!("random"),
        json!([]),
        json!({}),
        json!("x".repeat(300)),
        json!("é\u{0}\u{7f}"),
        json!(true),
        json!("max"),
        json!("alphabeta:depth=1000"),
        json!("mcts:playouts=1"),
    ];
    let mut rng = abstract_game::rng::SplitMix64::new(7);
    for round in 0..400 {
        let pick = rng.below(valid.len());
        let mut body = valid[pick].clone();
        let mut keys: Vec<String> = body.as_object().unwrap().keys().cloned().collect();
        keys.sort(); // the same cases whatever order the map keeps

        let key = keys[rng.below(keys.len())].clone();
        body[&key] = values[rng.below(values.len())].clone();
        let mut text = body.to_string();
        match rng.below(4) {
            0 => {
                let mut at = rng.below(text.len() + 1);
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                text.truncate(at);
            }
            1 => {
                let at = rng.below(text.len());
                if text.is_char_boundary(at) {
                    text.insert(at, ['{', '"', ',', ':', '}', '\\'][rng.below(6)]);
                }
            }
            2 => {
                text = (0..rng.below(64))
                    .map(|_| char::from(rng.below(128) as u8))
                    .collect();
            }
            _ => {}
        }
        let path = if pick == 2 {
            format!("/api/games/{id}/moves")
        } else {
            "/api/games".to_owned()
        };
        let answer = call(addr, "POST", &path, &text).await;
        assert!(
            [200, 201, 400, 403, 409, 413, 422].contains(&answer.status),
            "round {round}: {text:?} -> {} {}",
            answer.status,
            answer.text
        );
        if answer.status >= 400 {
            assert!(
                answer.body["error"].is_string(),
                "round {round}: {}",
                answer.text
            );
        }
    }
    assert_eq!(get(addr, "/api/catalog").await.status, 200, "still up");
    server.shutdown().await;
}

/// In a game shared by link, undo asks the opponent, who declines or accepts; the one who asked
/// cannot answer, and nothing is taken back until the opponent agrees.
#[tokio::test]
async fn a_takeback_in_a_link_game_waits_for_the_opponent() {
    let (server, _) = start("takeback", |_| {}).await;
    let addr = server.addr();
    let created = post(
        addr,
        "/api/games",
        json!({"game": "kamisado", "opponent": "link", "side": "black"}),
    )
    .await;
    assert_eq!(created.status, 201, "{}", created.text);
    assert!(created.body["state"]["takeback"].is_null());
    let id = created.body["id"].as_str().unwrap().to_owned();
    let black = created.body["token"].as_str().unwrap().to_owned();
    let joined = post(addr, &format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(joined.status, 200, "{}", joined.text);
    let gold = joined.body["token"].as_str().unwrap().to_owned();
    let state = get(addr, &format!("/api/games/{id}")).await.body;
    let mv = moves_of(&state)[0].clone();
    let played = post(
        addr,
        &format!("/api/games/{id}/moves"),
        json!({"token": black, "move": mv}),
    )
    .await;
    assert_eq!(played.status, 200, "{}", played.text);
    let moves = |state: &Value| state["moves"].as_array().unwrap().len();

    let undo_path = format!("/api/games/{id}/undo");
    let takeback_path = format!("/api/games/{id}/takeback");
    let undo = |token: &str| post(addr, &undo_path, json!({"token": token}));
    let answer = |token: &str, accept: bool| {
        post(
            addr,
            &takeback_path,
            json!({"token": token, "accept": accept}),
        )
    };
    let none = answer(&gold, true).await;
    assert_eq!(none.status, 409, "{}", none.text);

    // Black asks: nothing is taken back yet, and Black cannot answer for Gold.
    let asked = undo(&black).await;
    assert_eq!(asked.status, 200, "{}", asked.text);
    assert_eq!(asked.body["takeback"]["asked_by"], "black");
    assert_eq!(moves(&asked.body), 1);
    assert_eq!(undo(&black).await.status, 409);
    let own = answer(&black, true).await;
    assert_eq!(own.status, 403, "{}", own.text);

    // Gold declines: the move stays and the question is gone.
    let declined = answer(&gold, false).await;
    assert_eq!(declined.status, 200, "{}", declined.text);
    assert!(declined.body["takeback"].is_null());
    assert_eq!(moves(&declined.body), 1);

    // Asked again and accepted: back to the start, for both.
    assert_eq!(undo(&black).await.status, 200);
    let accepted = answer(&gold, true).await;
    assert_eq!(accepted.status, 200, "{}", accepted.text);
    assert!(accepted.body["takeback"].is_null());
    assert_eq!(moves(&accepted.body), 0);
    assert_eq!(moves(&get(addr, &format!("/api/games/{id}")).await.body), 0);
    server.shutdown().await;
}

/// A page of another site can neither create a game (as JSON or as a plain-text form post)
/// nor open `/litama`; the server's own page can.
#[tokio::test]
async fn json_only_and_same_origin_by_default() {
    let (server, _) = start("origins", |_| {}).await;
    let addr = server.addr();
    let body = r#"{"game": "kamisado"}"#;
    let create = |content_type: &str, origin: &str| {
        let origin = if origin.is_empty() {
            String::new()
        } else {
            format!("Origin: {origin}\r\n")
        };
        format!(
            "POST /api/games HTTP/1.1\r\nHost: {addr}\r\n{origin}Content-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
    };
    let plain = raw(addr, create("text/plain", "").as_bytes()).await;
    assert_eq!(plain.status, 415, "{}", plain.text);
    let foreign = raw(
        addr,
        create("application/json", "https://elsewhere.example").as_bytes(),
    )
    .await;
    assert_eq!(foreign.status, 403, "{}", foreign.text);
    assert!(foreign.text.contains("origin"), "{}", foreign.text);
    let own = raw(
        addr,
        create("application/json", &format!("http://{addr}")).as_bytes(),
    )
    .await;
    assert_eq!(own.status, 201, "{}", own.text);

    let litama = |origin: &str| {
        format!(
            "GET /litama HTTP/1.1\r\nHost: {addr}\r\nOrigin: {origin}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
        )
    };
    let refused = raw(addr, litama("https://elsewhere.example").as_bytes()).await;
    assert_eq!(refused.status, 403, "{}", refused.text);
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    tokio::io::AsyncWriteExt::write_all(&mut stream, litama(&format!("http://{addr}")).as_bytes())
        .await
        .unwrap();
    let mut head = [0u8; 12];
    tokio::io::AsyncReadExt::read_exact(&mut stream, &mut head)
        .await
        .unwrap();
    assert_eq!(&head, b"HTTP/1.1 101");
    server.shutdown().await;
}

/// A client names a program or a file in its `level`: the server refuses the game before it
/// builds the engine, so the program never runs, the file is never read, and the error does not
/// show what the file holds. Weights given as numbers are an engine the server builds.
#[cfg(unix)]
#[tokio::test]
async fn a_client_cannot_make_the_server_run_a_program_or_read_a_file() {
    use std::os::unix::fs::PermissionsExt;

    let (server, _) = start("named-paths", |_| {}).await;
    let addr = server.addr();
    let dir = tempfile::tempdir().expect("a temporary directory");
    let marker = dir.path().join("ran");
    let program = dir.path().join("engine.sh");
    std::fs::write(
        &program,
        format!("#!/bin/sh\ntouch '{}'\n", marker.display()),
    )
    .expect("write the program");
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755))
        .expect("make it executable");
    let secret = dir.path().join("secret.txt");
    std::fs::write(&secret, "SECRET-FIRST-LINE\n").expect("write the file");
    let (program, secret) = (program.display(), secret.display());
    let cases = [
        (format!("external:cmd={program}"), "runs no program"),
        (
            format!("external:cmd={program}:engine=random"),
            "runs no program",
        ),
        (format!("alphabeta:weights={secret}"), "does not read files"),
        (
            format!("max:weights={secret}:depth=2"),
            "does not read files",
        ),
        (format!("hard:tablebase={secret}"), "does not read files"),
    ];
    for (level, why) in cases {
        for side in ["red", "blue"] {
            let answer = post(
                addr,
                "/api/games",
                json!({"game": "onitama", "opponent": "engine", "level": level, "side": side}),
            )
            .await;
            assert_eq!(answer.status, 400, "{level}: {}", answer.text);
            assert!(answer.text.contains(why), "{level}: {}", answer.text);
            assert!(!answer.text.contains("SECRET"), "{level}: {}", answer.text);
        }
    }
    let answer = post(
        addr,
        "/api/games",
        json!({"game": "onitama", "level": "alphabeta:weights=100/60/6/2/1:depth=2"}),
    )
    .await;
    assert_eq!(answer.status, 201, "{}", answer.text);
    // `tablebase=auto` names no file: each deal's 4-piece table, as `max` and
    // `tablebase-pieces=4` build it.
    for level in [
        "alphabeta:tablebase=auto:depth=2",
        "hard:tablebase-pieces=4",
    ] {
        let answer = post(
            addr,
            "/api/games",
            json!({"game": "onitama", "opponent": "engine", "level": level, "side": "red"}),
        )
        .await;
        assert_eq!(answer.status, 201, "{level}: {}", answer.text);
    }
    // An engine that had been granted would have moved for Red (the engine's seat when the
    // creator plays Blue) by now.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!marker.exists(), "the program ran");
}

/// A game's socket delivers the state of a long game, however large its message (an Onitama game
/// has no limit of plies: about 155 bytes a ply, 64 KiB after some 430 plies).
#[tokio::test]
async fn the_socket_delivers_the_state_of_a_long_game() {
    const START: &str = "m4/5/5/5/4M elephant,horse boar,ox crab r";
    const PLIES: usize = 1_000;
    let (server, _) = start("long-game", |config| {
        config.limits.max_body_bytes = 256 * 1024;
    })
    .await;
    let addr = server.addr();
    let created = post(
        addr,
        "/api/games",
        json!({"game": "onitama", "opponent": "same_device", "position": START,
               "moves": endless_onitama(START, PLIES)}),
    )
    .await;
    assert_eq!(created.status, 201, "{}", created.text);
    let id = created.body["id"].as_str().unwrap();
    let mut ws = socket(addr, &format!("/api/games/{id}/ws")).await;
    let first = next_json(&mut ws).await;
    assert_eq!(first["state"]["moves"].as_array().unwrap().len(), PLIES);
    assert!(
        first.to_string().len() > 128 * 1024,
        "the message is larger than the old limit of 64 KiB, twice"
    );
    // And the next change arrives too.
    let token = created.body["token"].as_str().unwrap();
    let undone = post(
        addr,
        &format!("/api/games/{id}/undo"),
        json!({"token": token}),
    )
    .await;
    assert_eq!(undone.status, 200, "{}", undone.text);
    let next = next_json(&mut ws).await;
    assert_eq!(next["state"]["moves"].as_array().unwrap().len(), PLIES - 1);
    server.shutdown().await;
}

/// A creation that is refused (a bad body, an unknown game, a bad level or time control) does
/// not use up the client's quota of creations: after more refusals than the quota (30 a
/// minute), a good creation still goes through.
#[tokio::test]
async fn refused_creations_do_not_use_up_the_quota() {
    let (server, _) = start("refused-creations", |_| {}).await;
    let addr = server.addr();
    for i in 0..40 {
        let bad = match i % 4 {
            0 => json!({"game": "chess"}),
            1 => json!({"game": "onitama", "level": "nonsense"}),
            2 => json!({"game": "kamisado", "format": "clock_duel", "time_control": "0m"}),
            _ => json!({"game": "onitama", "opponent": "same_device", "moves": "nonsense"}),
        };
        let refused = post(addr, "/api/games", bad).await;
        assert_eq!(refused.status, 400, "{}", refused.text);
    }
    let created = post(
        addr,
        "/api/games",
        json!({"game": "onitama", "opponent": "same_device"}),
    )
    .await;
    assert_eq!(created.status, 201, "{}", created.text);
    server.shutdown().await;
}

/// A time control beyond 7 days (or an increment beyond an hour) is refused with a `400` that
/// says so, however the text adds it up: 1,200 times `4294967295h` was taken, and the clock's
/// milliseconds wrapped around.
#[tokio::test]
async fn time_controls_beyond_a_week_are_refused() {
    let (server, _) = start("long-time-controls", |_| {}).await;
    let addr = server.addr();
    for (control, why) in [
        (
            "4294967295h".repeat(1_200),
            "each player's time is at most 7 days",
        ),
        ("169h".to_owned(), "each player's time is at most 7 days"),
        ("5m+2h".to_owned(), "the increment is at most 1 hour"),
    ] {
        let refused = post(
            addr,
            "/api/games",
            json!({"game": "onitama", "opponent": "same_device", "format": "clock_duel",
                   "time_control": control}),
        )
        .await;
        assert_eq!(refused.status, 400, "{}", refused.text);
        let error = refused.body["error"].as_str().unwrap();
        assert!(
            error.starts_with("time_control: ") && error.contains(why),
            "{error}"
        );
    }
    let created = post(
        addr,
        "/api/games",
        json!({"game": "onitama", "opponent": "same_device", "format": "clock_duel",
               "time_control": "168h+1h"}),
    )
    .await;
    assert_eq!(created.status, 201, "{}", created.text);
    let remaining = &created.body["state"]["clock"]["remaining_ms"];
    assert_eq!(remaining["red"], 7 * 24 * 3600 * 1000, "{remaining}");
    server.shutdown().await;
}

/// An upgrade request in HTTP/1.0, which cannot be upgraded, is answered `400` with a JSON
/// error, as the description says of a request that is no WebSocket upgrade (it was `426`).
#[tokio::test]
async fn an_http_1_0_upgrade_is_a_bad_request() {
    let (server, _) = start("http-1-0-upgrade", |_| {}).await;
    let addr = server.addr();
    let created = post(
        addr,
        "/api/games",
        json!({"game": "tictactoe", "opponent": "same_device"}),
    )
    .await;
    let id = created.body["id"].as_str().unwrap();
    for path in [format!("/api/games/{id}/ws"), "/litama".to_owned()] {
        let answer = raw(
            addr,
            format!(
                "GET {path} HTTP/1.0\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
            )
            .as_bytes(),
        )
        .await;
        assert_eq!(answer.status, 400, "{path}: {}", answer.text);
        let error = answer.body["error"].as_str().expect("a JSON error");
        assert!(error.contains("HTTP/1.1"), "{path}: {error}");
    }
    server.shutdown().await;
}

/// A request line and headers over 16 KiB (a 100 KB URL) are refused with `431` by the HTTP
/// layer, before any route (docs/server.md: the one error without a JSON body), and the server
/// goes on serving.
#[tokio::test]
async fn a_head_over_16_kib_is_refused_with_431() {
    let (server, _) = start("long-head", |_| {}).await;
    let addr = server.addr();
    let path = format!("/api/games/{}", "a".repeat(100_000));
    let answer = get(addr, &path).await;
    assert_eq!(answer.status, 431, "{}", answer.text);
    assert_eq!(get(addr, "/api/catalog").await.status, 200);
    server.shutdown().await;
}
