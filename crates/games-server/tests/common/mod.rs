//! What the server's tests share: a server on a loopback port with a fresh database, and a
//! small HTTP/1.1 client that can also send what no well-behaved client would.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use games_server::{ManualTime, Server, ServerConfig, TimeSource};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A database file in a fresh temporary directory, which is removed with everything in it
/// when this is dropped (keep it alive as long as a server uses the file).
#[derive(Debug)]
pub struct TempDb {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl TempDb {
    /// The database's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl std::ops::Deref for TempDb {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.path
    }
}

/// A database file in a fresh temporary directory named after `name`.
pub fn temp_db(name: &str) -> TempDb {
    let dir = tempfile::Builder::new()
        .prefix(&format!("games-server-test-{name}-"))
        .tempdir()
        .expect("a temporary directory");
    let path = dir.path().join("games.sqlite3");
    TempDb { _dir: dir, path }
}

/// A server started by [`start`], with the temporary database it owns (removed after the
/// server has shut down, or when the test ends).
#[derive(Debug)]
pub struct TestServer {
    server: Server,
    db: TempDb,
}

impl TestServer {
    /// `server`, which uses `db`.
    pub fn new(server: Server, db: TempDb) -> Self {
        TestServer { server, db }
    }

    /// The address the server listens on.
    pub fn addr(&self) -> SocketAddr {
        self.server.addr()
    }

    /// Shuts the server down, then removes its database.
    pub async fn shutdown(self) {
        self.server.shutdown().await;
        drop(self.db);
    }
}

/// A server on a free loopback port with a manual clock and a fresh database.
pub async fn start(name: &str, edit: impl FnOnce(&mut ServerConfig)) -> (TestServer, ManualTime) {
    let (time, manual) = TimeSource::manual();
    let db = temp_db(name);
    let mut config = ServerConfig::new("127.0.0.1:0".parse().unwrap(), db.path());
    config.time = time;
    edit(&mut config);
    let server = Server::start(config).await.expect("server starts");
    (TestServer::new(server, db), manual)
}

/// An HTTP answer: the status and the body as JSON (`Value::Null` if it is not JSON).
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub body: Value,
    pub text: String,
}

/// Sends raw bytes and reads the whole answer (the request must say `Connection: close`).
pub async fn raw(addr: SocketAddr, request: &[u8]) -> Answer {
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    stream.write_all(request).await.expect("write");
    let mut buf = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut buf))
        .await
        .expect("the server answers within 30 s")
        .expect("read");
    let text = String::from_utf8_lossy(&buf).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(body)
    } else {
        body.to_owned()
    };
    Answer {
        status,
        body: serde_json::from_str(&body).unwrap_or(Value::Null),
        text: body,
    }
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        body = rest[n..].trim_start_matches("\r\n");
    }
    out
}

/// A request with a body.
pub async fn call(addr: SocketAddr, method: &str, path: &str, body: &str) -> Answer {
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    raw(addr, request.as_bytes()).await
}

pub async fn get(addr: SocketAddr, path: &str) -> Answer {
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    raw(addr, request.as_bytes()).await
}

pub async fn post(addr: SocketAddr, path: &str, body: Value) -> Answer {
    call(addr, "POST", path, &body.to_string()).await
}

/// A WebSocket to `path`.
pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub async fn socket(addr: SocketAddr, path: &str) -> Socket {
    let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}{path}"))
        .await
        .expect("websocket connects");
    ws
}

/// The next text message, as JSON, within 30 s.
pub async fn next_json(ws: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .expect("a message within 30 s")
            .expect("the socket is open")
            .expect("a message");
        if let tokio_tungstenite::tungstenite::Message::Text(text) = message {
            return serde_json::from_str(&text).expect("JSON");
        }
    }
}

/// Sends a text message.
pub async fn send(ws: &mut Socket, text: &str) {
    ws.send(tokio_tungstenite::tungstenite::Message::Text(text.into()))
        .await
        .expect("send");
}

/// Waits until the game's state satisfies `done` (engine moves arrive by themselves).
pub async fn wait_state(addr: SocketAddr, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..600 {
        let answer = get(addr, &format!("/api/games/{id}")).await;
        if done(&answer.body) {
            return answer.body;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the state never arrived");
}

/// `plies` moves of an Onitama game from `start` that never ends: each ply plays the first legal
/// move (in an order that a small generator shuffles) after which the game goes on.
pub fn endless_onitama(start: &str, plies: usize) -> String {
    use abstract_game::Notation as _;
    let mut position: game_catalog::games::Onitama = start.parse().expect("a position");
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut texts = Vec::with_capacity(plies);
    for _ in 0..plies {
        let mut legal: Vec<_> = position.legal_moves().into_iter().collect();
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let turn = (seed % legal.len() as u64) as usize;
        legal.rotate_left(turn);
        let mv = legal
            .into_iter()
            .find(|&mv| position.after_unchecked(mv).outcome().is_none())
            .expect("a move that does not end the game");
        texts.push(position.move_text(mv));
        position.play(mv).expect("legal");
    }
    texts.join(" ")
}
