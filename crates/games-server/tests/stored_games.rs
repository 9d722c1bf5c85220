//! Games stored by earlier versions load back: a database row keeps its shape (`game`,
//! `opponent`, `tokens`, `mirror`, `session`), and a session written when the participants were
//! still called `seats` (and a mirror match's `players`) is read as before.

mod common;

use common::{get, post, temp_db};
use serde_json::{Value, json};

const TOKEN: &str = "0123456789abcdef0123456789abcdef";

/// An Onitama mirror match in game two (Blue resigned game one), as the first versions wrote it.
const OLD_MATCH: &str = r#"{
  "players": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Ben"}],
  "games": [
    {"game": "onitama",
     "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Ben"}],
     "format": {"format": "casual"}, "record": "elephant,horse,boar,ox,crab resign:blue",
     "redo": [], "clock": null, "flag": null, "candidate": null},
    {"game": "onitama",
     "seats": [{"kind": "person", "name": "Ben"}, {"kind": "person", "name": "Ann"}],
     "format": {"format": "casual"}, "record": "elephant,horse,boar,ox,crab ox:c5c4",
     "redo": [], "clock": null, "flag": null, "candidate": null}
  ]
}"#;

/// A Kamisado game against the engine, as the first versions wrote it.
const OLD_SESSION: &str = r#"{
  "game": "kamisado",
  "seats": [{"kind": "person", "name": "Ann"}, {"kind": "engine", "spec": "easy"}],
  "format": {"format": "casual"},
  "record": "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - - c1a3 b8h2",
  "redo": [], "clock": null, "flag": null, "candidate": null
}"#;

fn start_config(db: &std::path::Path) -> games_server::ServerConfig {
    let (time, _) = games_server::TimeSource::manual();
    let mut config = games_server::ServerConfig::new("127.0.0.1:0".parse().unwrap(), db);
    config.time = time;
    config
}

fn row(db: &std::path::Path, id: &str) -> Value {
    let connection = rusqlite::Connection::open(db).unwrap();
    let data: String = connection
        .query_row("SELECT data FROM games WHERE id = ?1", [id], |r| r.get(0))
        .unwrap();
    serde_json::from_str(&data).unwrap()
}

#[tokio::test]
async fn old_rows_load_and_are_written_back_in_the_same_shape() {
    let db = temp_db("stored-games");
    // The first start creates the database; the old rows are then written into it.
    games_server::Server::start(start_config(&db))
        .await
        .unwrap()
        .shutdown()
        .await;
    let rows = [
        (
            "mirror0000000000",
            json!({"game": "onitama", "opponent": "same_device",
                   "tokens": [TOKEN, TOKEN], "mirror": true, "session": OLD_MATCH}),
        ),
        (
            "single0000000000",
            json!({"game": "kamisado", "opponent": "engine",
                   "tokens": [TOKEN, null], "mirror": false, "session": OLD_SESSION}),
        ),
    ];
    {
        let connection = rusqlite::Connection::open(db.path()).unwrap();
        for (id, data) in &rows {
            connection
                .execute(
                    "INSERT INTO games (id, kind, data, updated_ms) VALUES (?1, 'api', ?2, 0)",
                    rusqlite::params![id, data.to_string()],
                )
                .unwrap();
        }
    }

    let server = games_server::Server::start(start_config(&db))
        .await
        .unwrap();
    let addr = server.addr();
    let state = get(addr, "/api/games/mirror0000000000").await;
    assert_eq!(state.status, 200, "{}", state.text);
    assert_eq!(state.body["format"], "mirror_match");
    assert_eq!(state.body["mirror"]["game_number"], 2);
    assert_eq!(state.body["mirror"]["points"], json!(["1", "0"]));
    assert_eq!(state.body["seats"][0]["name"], "Ann");
    assert_eq!(
        state.body["seats"][0]["player"], "blue",
        "Ann plays Blue in game two"
    );
    assert_eq!(state.body["moves"].as_array().unwrap().len(), 1);
    let mv = state.body["legal_moves"][0].as_str().unwrap().to_owned();
    let moved = post(
        addr,
        "/api/games/mirror0000000000/moves",
        json!({"token": TOKEN, "move": mv}),
    )
    .await;
    assert_eq!(moved.status, 200, "{}", moved.text);

    let single = get(addr, "/api/games/single0000000000").await;
    assert_eq!(single.status, 200, "{}", single.text);
    assert_eq!(single.body["seats"][1]["kind"], "engine");
    assert_eq!(single.body["seats"][1]["name"], "easy");
    assert_eq!(
        single.body["record"],
        "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - - c1a3 b8h2"
    );
    server.shutdown().await;

    // The move was saved: the row keeps its keys; the session inside names the participants.
    let saved = row(&db, "mirror0000000000");
    let mut keys: Vec<&str> = saved
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(keys, ["game", "mirror", "opponent", "session", "tokens"]);
    assert_eq!(saved["mirror"], true);
    let session: Value = serde_json::from_str(saved["session"].as_str().unwrap()).unwrap();
    assert_eq!(session["participants"][0]["name"], "Ann");
    assert_eq!(session["games"][1]["participants"][0]["name"], "Ben");
    assert!(session.get("players").is_none());
    let record = session["games"][1]["record"].as_str().unwrap();
    assert!(record.ends_with(&mv), "{record}");
}
