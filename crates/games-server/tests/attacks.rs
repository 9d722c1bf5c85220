//! The attack suite: one client tries to take the server down for everyone, on loopback only,
//! bounded in count and time. Attackers connect from 127.0.0.2 (and 127.0.0.10 up for many
//! addresses), the victim from 127.0.0.3: the server counts clients by address, as it does on
//! the internet. Each test asserts what must hold: the others are served within
//! [`VICTIM_LATENCY`], memory stays under a stated bound, nothing acknowledged is lost.
//!
//! The server runs with the short timeouts of [`tune`] so that the suite takes seconds; every
//! bound below is stated in terms of them. Run alone: `cargo test -p games-server --test
//! attacks` (about a minute; the tests run one at a time, see [`ONE_AT_A_TIME`], so that the
//! memory and latency figures are those of one attack).

mod common;

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use common::{TestServer, temp_db};
use futures_util::{SinkExt, StreamExt};
use games_server::{ClientLimits, Server, ServerConfig};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;

/// How long the victim may wait for any answer while an attack goes on (the debug build, on a
/// shared 2-core machine).
const VICTIM_LATENCY: Duration = Duration::from_millis(1500);
/// The attacker's address.
const ATTACKER: &str = "127.0.0.2";
/// The victim's address.
const VICTIM: &str = "127.0.0.3";
/// How long the server may take to close a connection after the timeout that concerns it.
const SLACK: Duration = Duration::from_secs(2);

/// The suite's tests share the machine: one at a time.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The header timeout of [`tune`].
const HEADER_READ: Duration = Duration::from_secs(2);
/// The body grace time of [`tune`] (then 1 KiB a second).
const BODY_GRACE: Duration = Duration::from_secs(1);
/// The idle time of a WebSocket of [`tune`].
const WS_IDLE: Duration = Duration::from_secs(2);

/// The server's configuration for the suite: the defaults with short timeouts, an engine that
/// thinks 200 ms, and 64 requests at once.
fn tune(config: &mut ServerConfig) {
    config.limits.max_requests = 64;
    config.limits.engine_time_cap = Duration::from_millis(200);
    config.limits.engine_threads = 2;
    config.timeouts.header_read = HEADER_READ;
    config.timeouts.body_grace = BODY_GRACE;
    config.timeouts.body_min_bytes_per_second = 1024;
    config.timeouts.websocket_ping = Duration::from_millis(500);
    config.timeouts.websocket_idle = WS_IDLE;
    config.timeouts.websocket_send = Duration::from_secs(2);
}

/// Per-client limits out of the way (for the tests of the server's own limits).
fn no_client_limits(config: &mut ServerConfig) {
    config.clients = ClientLimits::unlimited();
}

async fn start(name: &str, edit: impl FnOnce(&mut ServerConfig)) -> TestServer {
    let db = temp_db(&format!("attack-{name}"));
    let mut config = ServerConfig::new("127.0.0.1:0".parse().unwrap(), db.path());
    tune(&mut config);
    edit(&mut config);
    TestServer::new(Server::start(config).await.expect("the server starts"), db)
}

/// A TCP connection to `addr` from the loopback address `from`.
async fn connect(from: &str, addr: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::new(from.parse::<IpAddr>().unwrap(), 0))
        .unwrap();
    socket.connect(addr).await.expect("connect")
}

/// An answer: status, headers (lowercase, raw), body.
#[derive(Debug)]
struct Answer {
    status: u16,
    head: String,
    body: Value,
}

/// Reads one HTTP answer from `stream` (the request said `Connection: close`).
async fn read_answer(stream: &mut TcpStream, within: Duration) -> Option<Answer> {
    let mut buf = Vec::new();
    tokio::time::timeout(within, stream.read_to_end(&mut buf))
        .await
        .ok()?
        .ok()?;
    let text = String::from_utf8_lossy(&buf).into_owned();
    let (head, body) = text.split_once("\r\n\r\n")?;
    let status = head.split(' ').nth(1)?.parse().ok()?;
    Some(Answer {
        status,
        head: head.to_ascii_lowercase(),
        body: serde_json::from_str(body).unwrap_or(Value::Null),
    })
}

/// One request from `from`; `None` if no answer came within `within`.
async fn request(
    from: &str,
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
    within: Duration,
) -> Option<Answer> {
    let mut stream = tokio::time::timeout(within, connect(from, addr))
        .await
        .ok()?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let text = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(text.as_bytes()).await.ok()?;
    read_answer(&mut stream, within).await
}

/// The victim's request, which must be answered within [`VICTIM_LATENCY`]; returns the answer
/// and the time it took.
async fn victim(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> (Answer, Duration) {
    let started = Instant::now();
    let answer = request(VICTIM, addr, method, path, body, VICTIM_LATENCY)
        .await
        .unwrap_or_else(|| {
            panic!("the victim's {method} {path} got no answer within {VICTIM_LATENCY:?}")
        });
    (answer, started.elapsed())
}

/// The victim's catalog and a new game: both answered, in time, with success.
async fn victim_is_served(addr: SocketAddr) -> Duration {
    let (catalog, t1) = victim(addr, "GET", "/api/catalog", None).await;
    assert_eq!(catalog.status, 200, "{catalog:?}");
    let body = json!({"game": "tictactoe", "opponent": "same_device"});
    let (created, t2) = victim(addr, "POST", "/api/games", Some(&body)).await;
    assert_eq!(created.status, 201, "{created:?}");
    t1.max(t2)
}

/// The resident memory of this process (server and clients), in MiB.
fn rss_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// Whether the server closed `stream` (EOF or reset) within `within`; what it sent first is
/// read and dropped.
async fn closed_within(stream: &mut TcpStream, within: Duration) -> bool {
    let mut buf = [0u8; 4096];
    let deadline = tokio::time::Instant::now() + within;
    loop {
        match tokio::time::timeout_at(deadline, stream.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0) | Err(_)) => return true,
            Ok(Ok(_)) => {}
        }
    }
}

type Ws = tokio_tungstenite::WebSocketStream<TcpStream>;

/// A WebSocket to `path` from `from`, or the status of the refused upgrade.
async fn ws_from(from: &str, addr: SocketAddr, path: &str) -> Result<Ws, u16> {
    let stream = connect(from, addr).await;
    match tokio_tungstenite::client_async(format!("ws://{addr}{path}"), stream).await {
        Ok((ws, _)) => Ok(ws),
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            Err(response.status().as_u16())
        }
        Err(e) => panic!("websocket to {path}: {e}"),
    }
}

/// The close frame the server sends (skipping other messages), within `within`.
async fn close_frame(ws: &mut Ws, within: Duration) -> Option<CloseFrame> {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        match tokio::time::timeout_at(deadline, ws.next()).await {
            Ok(Some(Ok(Message::Close(frame)))) => return frame,
            Ok(Some(Ok(_))) => {}
            _ => return None,
        }
    }
}

/// A game with the engine (the victim's), its token.
async fn engine_game(addr: SocketAddr, from: &str) -> (String, String, Value) {
    let body = json!({"game": "onitama", "opponent": "engine", "level": "easy", "cards": "random"});
    let created = request(
        from,
        addr,
        "POST",
        "/api/games",
        Some(&body),
        VICTIM_LATENCY,
    )
    .await
    .expect("created");
    assert_eq!(created.status, 201, "{created:?}");
    let id = created.body["id"].as_str().unwrap().to_owned();
    let token = created.body["token"].as_str().unwrap().to_owned();
    (id, token, created.body["state"].clone())
}

// --- 1. Slow request bodies -------------------------------------------------------------------

/// 300 connections from one address send their headers and part of a body and then nothing;
/// one announces a body of 10^12 bytes. The server holds 64 requests at once. Must hold: the
/// victim is served within [`VICTIM_LATENCY`] throughout; the huge announcement is refused with
/// 413 at once; every slow body is answered 408 (or its connection refused with 429) within the
/// grace time, a kilobyte's worth of time, and [`SLACK`].
#[tokio::test]
async fn slow_bodies_do_not_lock_anyone_out() {
    let _one = ONE_AT_A_TIME.lock().await;
    let server = start("slow-bodies", |_| {}).await;
    let addr = server.addr();
    let huge = {
        let mut s = connect(ATTACKER, addr).await;
        s.write_all(
            format!("POST /api/games HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 1000000000000\r\nConnection: close\r\n\r\n{{\"game\":").as_bytes(),
        )
        .await
        .unwrap();
        read_answer(&mut s, Duration::from_secs(1)).await
    };
    assert_eq!(
        huge.map(|a| a.status),
        Some(413),
        "a 10^12-byte body is refused at once"
    );
    let started = Instant::now();
    let mut slow = Vec::new();
    for _ in 0..300 {
        let mut s = connect(ATTACKER, addr).await;
        let _ = s
            .write_all(
                format!("POST /api/games HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nConnection: close\r\n\r\n{{\"game\":").as_bytes(),
            )
            .await;
        slow.push(s);
    }
    let mut worst = Duration::ZERO;
    for _ in 0..5 {
        worst = worst.max(victim_is_served(addr).await);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let deadline = BODY_GRACE + Duration::from_secs(1) + SLACK;
    let mut statuses = std::collections::BTreeMap::new();
    for mut s in slow {
        let left = deadline.saturating_sub(started.elapsed());
        let status = read_answer(&mut s, left).await.map_or(0, |a| a.status);
        *statuses.entry(status).or_insert(0) += 1;
    }
    assert!(
        statuses.keys().all(|s| [408, 429].contains(s)),
        "every slow body is answered 408 (or refused 429) within {deadline:?}: {statuses:?}"
    );
    println!("slow bodies: victim's slowest answer {worst:?}; the attacker's 300: {statuses:?}");
    server.shutdown().await;
}

// --- 2. Partial headers and idle connections ---------------------------------------------------

/// 300 connections send half a request line and wait; one more makes a request and keeps the
/// connection alive without another. Must hold: the victim is served throughout; every one of
/// them is closed within the header timeout and [`SLACK`].
#[tokio::test]
async fn partial_headers_and_idle_connections_are_closed() {
    let _one = ONE_AT_A_TIME.lock().await;
    let server = start("partial-headers", no_client_limits).await;
    let addr = server.addr();
    let started = Instant::now();
    let mut held = Vec::new();
    for i in 0..300 {
        // From ten addresses, so that per-client caps do not hide the timeout.
        let from = format!("127.0.0.{}", 10 + i % 10);
        let mut s = connect(&from, addr).await;
        let _ = s.write_all(b"GET /api/cat").await;
        held.push(s);
    }
    let mut keep_alive = connect(ATTACKER, addr).await;
    keep_alive
        .write_all(format!("GET /api/catalog HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes())
        .await
        .unwrap();
    victim_is_served(addr).await;
    let deadline = HEADER_READ + SLACK;
    for mut s in held {
        let left = deadline.saturating_sub(started.elapsed());
        assert!(
            closed_within(&mut s, left).await,
            "a partial request is closed within {deadline:?}"
        );
    }
    assert!(
        closed_within(&mut keep_alive, HEADER_READ + SLACK).await,
        "an idle kept-alive connection is closed after the header timeout"
    );
    println!("partial headers: 300 closed after {:?}", started.elapsed());
    victim_is_served(addr).await;
    server.shutdown().await;
}

// --- 3. The ping flood and sockets that do not read -------------------------------------------

/// Floods `path` with pings for `seconds` without reading, and returns the growth of memory
/// in MiB and the close code the server sent.
async fn ping_flood(addr: SocketAddr, path: &str, seconds: u64) -> (f64, Option<u16>) {
    let ws = ws_from(ATTACKER, addr, path).await.expect("upgrade");
    let before = rss_mib();
    let mut peak = before;
    let (mut sink, mut stream) = ws.split();
    let until = Instant::now() + Duration::from_secs(seconds);
    let payload = vec![b'p'; 125];
    while Instant::now() < until {
        let sent = tokio::time::timeout(
            Duration::from_millis(200),
            sink.send(Message::Ping(payload.clone().into())),
        )
        .await;
        if !matches!(sent, Ok(Ok(()))) {
            break; // the server no longer takes them (closed, or its window is full)
        }
        peak = peak.max(rss_mib());
    }
    peak = peak.max(rss_mib());
    // Now read: pongs, then the close frame.
    let mut code = None;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    while let Ok(Some(Ok(message))) = tokio::time::timeout_at(deadline, stream.next()).await {
        if let Message::Close(frame) = message {
            code = frame.map(|f| u16::from(f.code));
            break;
        }
    }
    (peak - before, code)
}

/// A client that sends pings as fast as it can and never reads, on a game's socket and on
/// `/litama`. Must hold: memory grows by less than 32 MiB; the server closes the socket with
/// code 1008; the victim is served meanwhile.
#[tokio::test]
async fn a_ping_flood_is_closed_and_memory_stays_bounded() {
    let _one = ONE_AT_A_TIME.lock().await;
    let server = start("ping-flood", |_| {}).await;
    let addr = server.addr();
    let (id, _, _) = engine_game(addr, VICTIM).await;
    for path in [format!("/api/games/{id}/ws"), "/litama".to_owned()] {
        let (growth, code) = ping_flood(addr, &path, 2).await;
        println!("ping flood on {path}: memory grew {growth:.1} MiB, close code {code:?}");
        assert!(growth < 32.0, "{path}: memory grew {growth:.1} MiB");
        assert_eq!(code, Some(1008), "{path}: closed as a policy violation");
        victim_is_served(addr).await;
    }
    server.shutdown().await;
}

/// A WebSocket whose client never reads nor answers pings is closed within the idle time and
/// [`SLACK`], on a game's socket and on `/litama`.
#[tokio::test]
async fn a_silent_websocket_is_closed() {
    let _one = ONE_AT_A_TIME.lock().await;
    let server = start("silent-socket", |_| {}).await;
    let addr = server.addr();
    let (id, _, _) = engine_game(addr, VICTIM).await;
    for path in [format!("/api/games/{id}/ws"), "/litama".to_owned()] {
        // A raw upgrade, then nothing: the server's pings go unanswered.
        let mut s = connect(ATTACKER, addr).await;
        s.write_all(
            format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").as_bytes(),
        )
        .await
        .unwrap();
        let started = Instant::now();
        assert!(
            closed_within(&mut s, WS_IDLE + Duration::from_millis(500) + SLACK).await,
            "{path}: a silent socket is closed"
        );
        println!(
            "silent socket on {path}: closed after {:?}",
            started.elapsed()
        );
    }
    server.shutdown().await;
}

/// A client that watches a long game (a state of some 150 KB a message) and never reads, while
/// the game changes 200 times. Must hold: the server ends the socket once a message is not taken
/// within the send timeout (its write buffer has no limit in bytes, so that a long game's state
/// goes out whole: the client is closed by time, not by size); memory grows by less than 64 MiB.
#[tokio::test]
async fn a_client_that_does_not_read_a_long_game_is_closed() {
    const START: &str = "m4/5/5/5/4M elephant,horse boar,ox crab r";
    let _one = ONE_AT_A_TIME.lock().await;
    let server = start("not-reading", |config| {
        no_client_limits(config);
        config.limits.max_body_bytes = 256 * 1024;
    })
    .await;
    let addr = server.addr();
    let body = json!({"game": "onitama", "opponent": "same_device", "position": START,
                      "moves": common::endless_onitama(START, 1_000)});
    let created = request(
        VICTIM,
        addr,
        "POST",
        "/api/games",
        Some(&body),
        VICTIM_LATENCY,
    )
    .await
    .expect("created");
    assert_eq!(created.status, 201, "{created:?}");
    let id = created.body["id"].as_str().unwrap().to_owned();
    let token = created.body["token"].as_str().unwrap().to_owned();
    let before = rss_mib();
    let mut ws = ws_from(ATTACKER, addr, &format!("/api/games/{id}/ws"))
        .await
        .unwrap();
    for i in 0..200 {
        let route = if i % 2 == 0 { "undo" } else { "redo" };
        let answer = request(
            VICTIM,
            addr,
            "POST",
            &format!("/api/games/{id}/{route}"),
            Some(&json!({"token": token})),
            VICTIM_LATENCY,
        )
        .await
        .expect("answered");
        assert_eq!(answer.status, 200, "{answer:?}");
    }
    let growth = rss_mib() - before;
    println!("a long game's socket that does not read: memory grew {growth:.1} MiB");
    assert!(growth < 64.0, "memory grew {growth:.1} MiB");
    // Send timeout 2 s: the server has given up on the socket by now; reading what the system
    // buffered leads to its end.
    tokio::time::sleep(Duration::from_secs(2) + SLACK).await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    let ended = loop {
        match tokio::time::timeout_at(deadline, ws.next()).await {
            Err(_) => break false,
            Ok(None | Some(Err(_) | Ok(Message::Close(_)))) => break true,
            Ok(Some(Ok(_))) => {}
        }
    };
    assert!(ended, "the socket of a client that does not read is closed");
    victim_is_served(addr).await;
    server.shutdown().await;
}

// --- 4. Message floods and bad frames --------------------------------------------------------

/// 2,000 messages of 4 KiB on a game's socket and 3,000 commands of garbage on `/litama`, as
/// fast as they go, without reading. Must hold: memory grows by less than 64 MiB, the victim is
/// served, and a message over the limit is closed with 1009, text that is not UTF-8 with 1007.
#[tokio::test]
async fn message_floods_and_bad_frames() {
    let _one = ONE_AT_A_TIME.lock().await;
    let server = start("message-flood", no_client_limits).await;
    let addr = server.addr();
    let (id, _, _) = engine_game(addr, VICTIM).await;
    let before = rss_mib();
    let mut game = ws_from(ATTACKER, addr, &format!("/api/games/{id}/ws"))
        .await
        .unwrap();
    let big = "x".repeat(4000);
    for _ in 0..2000 {
        if tokio::time::timeout(
            Duration::from_secs(1),
            game.send(Message::Text(big.clone().into())),
        )
        .await
        .is_err()
        {
            break;
        }
    }
    let mut litama = ws_from(ATTACKER, addr, "/litama").await.unwrap();
    for i in 0..3000 {
        let sent = tokio::time::timeout(
            Duration::from_secs(1),
            litama.send(Message::Text(format!("nonsense {i}").into())),
        )
        .await;
        if sent.is_err() {
            break;
        }
    }
    let growth = rss_mib() - before;
    println!("message floods: memory grew {growth:.1} MiB");
    assert!(growth < 64.0, "memory grew {growth:.1} MiB");
    victim_is_served(addr).await;
    drop((game, litama));

    // A message over the limit: 1009. Text that is not UTF-8: 1007.
    for path in [format!("/api/games/{id}/ws"), "/litama".to_owned()] {
        let mut ws = ws_from(ATTACKER, addr, &path).await.unwrap();
        let _ = ws.send(Message::Text("y".repeat(100_000).into())).await;
        let frame = close_frame(&mut ws, Duration::from_secs(3)).await;
        assert_eq!(
            frame.map(|f| u16::from(f.code)),
            Some(1009),
            "{path}: too big"
        );

        let mut ws = ws_from(ATTACKER, addr, &path).await.unwrap();
        let bad = tokio_tungstenite::tungstenite::protocol::frame::Frame::message(
            vec![0xff, 0xfe, 0xfd],
            tokio_tungstenite::tungstenite::protocol::frame::coding::OpCode::Data(
                tokio_tungstenite::tungstenite::protocol::frame::coding::Data::Text,
            ),
            true,
        );
        let _ = ws.send(Message::Frame(bad)).await;
        let frame = close_frame(&mut ws, Duration::from_secs(3)).await;
        assert_eq!(
            frame.map(|f| u16::from(f.code)),
            Some(1007),
            "{path}: not UTF-8"
        );
    }
    server.shutdown().await;
}

// --- 5. Per-client caps ----------------------------------------------------------------------

/// One address creates games, opens sockets, creates Litama matches and sends requests as fast
/// as it can. Must hold: it is refused with 429 and a `Retry-After` (Litama: the error text)
/// long before the server's own limits; the victim's games, sockets and matches go through.
#[tokio::test]
async fn one_client_cannot_take_every_place() {
    let _one = ONE_AT_A_TIME.lock().await;
    let server = start("per-client", |_| {}).await;
    let addr = server.addr();
    let defaults = ClientLimits::default();

    // Games: at most the burst of the per-minute rate, then 429.
    let mut created = 0;
    let mut refusal = None;
    for _ in 0..200 {
        let body = json!({"game": "tictactoe", "opponent": "same_device"});
        let a = request(
            ATTACKER,
            addr,
            "POST",
            "/api/games",
            Some(&body),
            VICTIM_LATENCY,
        )
        .await
        .unwrap();
        match a.status {
            201 => created += 1,
            429 => {
                refusal = Some(a);
                break;
            }
            other => panic!("unexpected {other}: {a:?}"),
        }
    }
    let refusal = refusal.expect("the attacker is refused");
    assert!(
        created <= defaults.games_per_minute as usize,
        "{created} games"
    );
    assert!(refusal.head.contains("retry-after:"), "{}", refusal.head);
    victim_is_served(addr).await;

    // WebSockets: the client's share, then 429; the victim still gets one.
    let mut sockets = Vec::new();
    let status = loop {
        match ws_from(ATTACKER, addr, "/litama").await {
            Ok(ws) => sockets.push(ws),
            Err(status) => break status,
        }
        assert!(sockets.len() <= defaults.websockets, "no cap on sockets");
    };
    assert_eq!(status, 429);
    assert_eq!(sockets.len(), defaults.websockets);
    let mut mine = ws_from(VICTIM, addr, "/litama")
        .await
        .expect("the victim's socket");

    // Litama matches: the per-minute burst, then the error text.
    let attacker = &mut sockets[0];
    let mut matches = 0;
    for _ in 0..100 {
        attacker
            .send(Message::Text("create Mallory".into()))
            .await
            .unwrap();
        let reply: Value = loop {
            if let Some(Ok(Message::Text(t))) = attacker.next().await {
                break serde_json::from_str(&t).unwrap();
            }
        };
        if reply["messageType"] == "create" {
            matches += 1;
        } else {
            assert_eq!(
                reply["error"], "Too many requests, try again later",
                "{reply}"
            );
            break;
        }
    }
    assert!(
        matches <= defaults.litama_matches_per_minute as usize,
        "{matches} matches"
    );
    mine.send(Message::Text("create Victim".into()))
        .await
        .unwrap();
    let reply: Value = loop {
        if let Some(Ok(Message::Text(t))) = mine.next().await {
            break serde_json::from_str(&t).unwrap();
        }
    };
    assert_eq!(reply["messageType"], "create", "{reply}");
    drop(sockets);

    // Requests per second: a burst, then 429 with Retry-After.
    let mut statuses = std::collections::BTreeMap::new();
    for _ in 0..(defaults.request_burst + 50) {
        let a = request(ATTACKER, addr, "GET", "/api/catalog", None, VICTIM_LATENCY)
            .await
            .unwrap();
        *statuses.entry(a.status).or_insert(0) += 1;
    }
    assert!(
        statuses.get(&429).copied().unwrap_or(0) >= 40,
        "{statuses:?}"
    );
    victim_is_served(addr).await;
    println!(
        "per-client caps: {created} games, {} sockets, {matches} matches, requests {statuses:?}",
        defaults.websockets
    );
    server.shutdown().await;
}

/// 120 creations at once from twelve addresses against a limit of 40 games. Must hold:
/// exactly 40 are created, the others answered 503 with `Retry-After`.
#[tokio::test]
async fn the_game_limit_is_exact_under_a_race() {
    let _one = ONE_AT_A_TIME.lock().await;
    let server = start("exact-limit", |config| {
        config.limits.max_games = 40;
        no_client_limits(config);
    })
    .await;
    let addr = server.addr();
    let mut tasks = Vec::new();
    for i in 0..120 {
        tasks.push(tokio::spawn(async move {
            let from = format!("127.0.0.{}", 10 + i % 12);
            let body = json!({"game": "onitama", "opponent": "same_device", "cards": "random"});
            request(
                &from,
                addr,
                "POST",
                "/api/games",
                Some(&body),
                Duration::from_secs(20),
            )
            .await
            .map_or(0, |a| a.status)
        }));
    }
    let mut statuses = std::collections::BTreeMap::new();
    for t in tasks {
        *statuses.entry(t.await.unwrap()).or_insert(0) += 1;
    }
    assert_eq!(statuses.get(&201), Some(&40), "{statuses:?}");
    assert_eq!(statuses.get(&503), Some(&80), "{statuses:?}");
    server.shutdown().await;
}

/// Idle games free their places: 20 games fill the server; once they are idle for longer
/// than the unload time, a new game is created, and an unloaded game is loaded back (with its
/// moves) when someone asks for it.
#[tokio::test]
async fn idle_games_free_their_places_and_stay_stored() {
    let _one = ONE_AT_A_TIME.lock().await;
    let server = start("unload", |config| {
        config.limits.max_games = 20;
        config.limits.unload_idle_after = Duration::from_millis(300);
        no_client_limits(config);
    })
    .await;
    let addr = server.addr();
    let mut first = None;
    for _ in 0..20 {
        let body = json!({"game": "kamisado", "opponent": "same_device"});
        let a = request(
            ATTACKER,
            addr,
            "POST",
            "/api/games",
            Some(&body),
            VICTIM_LATENCY,
        )
        .await
        .unwrap();
        assert_eq!(a.status, 201);
        first.get_or_insert((
            a.body["id"].as_str().unwrap().to_owned(),
            a.body["token"].as_str().unwrap().to_owned(),
        ));
    }
    let (id, token) = first.unwrap();
    let moved = request(
        ATTACKER,
        addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(&json!({"token": token, "move": "c1c2"})),
        VICTIM_LATENCY,
    )
    .await
    .unwrap();
    assert_eq!(moved.status, 200, "{moved:?}");
    let body = json!({"game": "kamisado", "opponent": "same_device"});
    let full = request(
        VICTIM,
        addr,
        "POST",
        "/api/games",
        Some(&body),
        VICTIM_LATENCY,
    )
    .await
    .unwrap();
    assert_eq!(full.status, 503, "the server is full");
    tokio::time::sleep(Duration::from_millis(400)).await;
    let (created, _) = victim(addr, "POST", "/api/games", Some(&body)).await;
    assert_eq!(created.status, 201, "an idle game made room: {created:?}");
    let (state, _) = victim(addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(state.status, 200, "{state:?}");
    assert_eq!(
        state.body["moves"][0]["move"], "c1c2",
        "loaded back with its move"
    );
    assert_eq!(state.body["version"], moved.body["version"]);
    server.shutdown().await;
}

/// The threads of this process building Onitama endgame tables in the background now.
fn table_builds() -> usize {
    std::fs::read_dir("/proc/self/task").map_or(0, |tasks| {
        tasks
            .filter_map(Result::ok)
            .filter(|task| {
                std::fs::read_to_string(task.path().join("comm"))
                    .is_ok_and(|name| name.trim() == "deal-tablebase")
            })
            .count()
    })
}

/// One address asks for hints in 16 Onitama games of random deals, four at a time: each hint's
/// engine (`max`) would build its deal's endgame table on a thread of its own. Must hold: the
/// process builds at most one table at a time (`background_builds`; it was one build per engine
/// and deal: 16 at once here, 32 `deal-tablebase` threads, and the CPU saturated); every hint is
/// answered; the victim is served. The threads are counted and printed too.
#[tokio::test]
async fn hints_on_many_deals_build_one_table_at_a_time() {
    let _one = ONE_AT_A_TIME.lock().await;
    let server = start("table-builds", no_client_limits).await;
    let addr = server.addr();
    let mut games = Vec::new();
    for _ in 0..16 {
        let body = json!({"game": "onitama", "opponent": "same_device", "cards": "random"});
        let created = request(
            ATTACKER,
            addr,
            "POST",
            "/api/games",
            Some(&body),
            VICTIM_LATENCY,
        )
        .await
        .expect("created");
        assert_eq!(created.status, 201, "{created:?}");
        games.push(created.body["id"].as_str().unwrap().to_owned());
    }
    let (mut most, mut threads) = (0, 0);
    for four in games.chunks(4) {
        let hints: Vec<_> = four
            .iter()
            .map(|id| {
                let path = format!("/api/games/{id}/hint");
                tokio::spawn(async move {
                    request(ATTACKER, addr, "GET", &path, None, Duration::from_secs(30)).await
                })
            })
            .collect();
        for hint in hints {
            let answer = hint.await.unwrap().expect("a hint");
            assert_eq!(answer.status, 200, "{answer:?}");
            most = most.max(onitama_engine::tablebase::background_builds());
            threads = threads.max(table_builds());
        }
    }
    println!("hints on 16 deals: at most {most} table builds at once, {threads} threads");
    assert!(most <= 1, "{most} tables built at once");
    victim_is_served(addr).await;
    server.shutdown().await;
}

// --- 6. The hint flood -------------------------------------------------------------------------

/// The victim plays against the engine (200 ms a move, two engine threads) while the attacker
/// asks for 300 hints from twelve addresses, and then opens 300 more and drops them at once.
/// Must hold: each engine reply reaches the victim within 2 s of the move.
#[tokio::test]
async fn engine_moves_go_before_a_hint_flood() {
    let _one = ONE_AT_A_TIME.lock().await;
    let server = start("hint-flood", |_| {}).await;
    let addr = server.addr();
    let (target, _, _) = engine_game(addr, ATTACKER).await;
    let (id, token, mut state) = engine_game(addr, VICTIM).await;
    let flooding = Arc::new(AtomicBool::new(true));
    let mut flood = Vec::new();
    for i in 0..300 {
        let flooding = Arc::clone(&flooding);
        let target = target.clone();
        flood.push(tokio::spawn(async move {
            let from = format!("127.0.0.{}", 10 + i % 12);
            while flooding.load(Ordering::SeqCst) {
                let path = format!("/api/games/{target}/hint");
                let _ = request(&from, addr, "GET", &path, None, Duration::from_secs(30)).await;
            }
        }));
    }
    // 300 more, dropped as soon as they are sent.
    for i in 0..300 {
        let from = format!("127.0.0.{}", 30 + i % 12);
        let mut s = connect(&from, addr).await;
        let _ = s
            .write_all(
                format!("GET /api/games/{target}/hint HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes(),
            )
            .await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut latencies = Vec::new();
    for _ in 0..4 {
        if !state["outcome"].is_null() {
            break;
        }
        // Wait for our turn (the engine may be thinking).
        let mut tries = 0;
        while state["thinking"] == true || state["to_move"] != state["seats"][0]["player"] {
            tokio::time::sleep(Duration::from_millis(50)).await;
            let (a, _) = victim(addr, "GET", &format!("/api/games/{id}"), None).await;
            state = a.body;
            tries += 1;
            assert!(tries < 100, "the engine never moved: {state}");
        }
        if !state["outcome"].is_null() {
            break;
        }
        let mv = state["legal_moves"][0].as_str().unwrap().to_owned();
        let before = state["moves"].as_array().unwrap().len();
        let started = Instant::now();
        let (played, _) = victim(
            addr,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(&json!({"token": token, "move": mv})),
        )
        .await;
        assert_eq!(played.status, 200, "{played:?}");
        loop {
            let (a, _) = victim(addr, "GET", &format!("/api/games/{id}"), None).await;
            let n = a.body["moves"].as_array().unwrap().len();
            if n > before + 1 || !a.body["outcome"].is_null() {
                state = a.body;
                break;
            }
            assert!(
                started.elapsed() < Duration::from_secs(2),
                "the engine's reply took over 2 s under the hint flood"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        latencies.push(started.elapsed());
    }
    flooding.store(false, Ordering::SeqCst);
    for f in flood {
        f.abort();
    }
    println!("hint flood: the engine's replies came after {latencies:?}");
    assert!(!latencies.is_empty());
    server.shutdown().await;
}

// --- 7. Versions through a restart ---------------------------------------------------------------

/// A game's version only grows, through a restart too (the page ignores older versions).
#[tokio::test]
async fn versions_grow_across_a_restart() {
    let _one = ONE_AT_A_TIME.lock().await;
    let db = temp_db("attack-versions");
    let config = || {
        let mut c = ServerConfig::new("127.0.0.1:0".parse().unwrap(), db.path());
        tune(&mut c);
        c
    };
    let server = Server::start(config()).await.unwrap();
    let addr = server.addr();
    let body = json!({"game": "kamisado", "opponent": "same_device"});
    let created = request(
        VICTIM,
        addr,
        "POST",
        "/api/games",
        Some(&body),
        VICTIM_LATENCY,
    )
    .await
    .unwrap();
    let id = created.body["id"].as_str().unwrap().to_owned();
    let token = created.body["token"].as_str().unwrap().to_owned();
    let mut state = created.body["state"].clone();
    for _ in 0..4 {
        let mv = state["legal_moves"][0].as_str().unwrap().to_owned();
        let a = request(
            VICTIM,
            addr,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(&json!({"token": token, "move": mv})),
            VICTIM_LATENCY,
        )
        .await
        .unwrap();
        state = a.body;
    }
    let before = state["version"].as_u64().unwrap();
    server.shutdown().await;
    let server = Server::start(config()).await.unwrap();
    let addr = server.addr();
    let (after, _) = victim(addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(
        after.body["version"].as_u64(),
        Some(before),
        "the same version after a restart"
    );
    let mv = after.body["legal_moves"][0].as_str().unwrap().to_owned();
    let (next, _) = victim(
        addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(&json!({"token": token, "move": mv})),
    )
    .await;
    assert!(
        next.body["version"].as_u64().unwrap() > before,
        "{}",
        next.body
    );
    server.shutdown().await;
}

// --- 8. Litama back to back ----------------------------------------------------------------------

/// 3,000 `create` commands sent back to back on one socket, before reading anything. Must
/// hold: 3,000 replies arrive, in order, each with a distinct match id, and the server holds
/// 3,000 matches.
#[tokio::test]
async fn every_litama_reply_arrives_in_order() {
    let _one = ONE_AT_A_TIME.lock().await;
    let server = start("litama-3000", no_client_limits).await;
    let addr = server.addr();
    let ws = ws_from(ATTACKER, addr, "/litama").await.unwrap();
    let (mut sink, mut stream) = ws.split();
    let writer = tokio::spawn(async move {
        for i in 0..3000 {
            sink.send(Message::Text(format!("create bot{i}").into()))
                .await
                .unwrap();
        }
        sink
    });
    let mut ids = std::collections::HashSet::new();
    for i in 0..3000 {
        let text = loop {
            let message = tokio::time::timeout(Duration::from_secs(20), stream.next())
                .await
                .unwrap_or_else(|_| panic!("reply {i} never came"))
                .expect("open")
                .expect("a message");
            match message {
                Message::Text(text) => break text,
                Message::Ping(_) | Message::Pong(_) => {}
                other => panic!("reply {i}: {other:?}"),
            }
        };
        let reply: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(reply["messageType"], "create", "reply {i}: {reply}");
        assert!(ids.insert(reply["matchId"].as_str().unwrap().to_owned()));
        // In order: the state of the match names the creator of command i.
        if i % 500 == 0 {
            let mut check = ws_from(VICTIM, addr, "/litama").await.unwrap();
            check
                .send(Message::Text(
                    format!("state {}", reply["matchId"].as_str().unwrap()).into(),
                ))
                .await
                .unwrap();
            let Some(Ok(Message::Text(state))) = check.next().await else {
                panic!("no state");
            };
            let state: Value = serde_json::from_str(&state).unwrap();
            assert_eq!(state["usernames"]["blue"], format!("bot{i}"));
        }
    }
    let _sink = writer.await.unwrap();
    assert_eq!(ids.len(), 3000);
    server.shutdown().await;
}
