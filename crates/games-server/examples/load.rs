//! A load benchmark of the server (not a test): many concurrent games on loopback, each a
//! client playing against the server's engine, each watching its game's WebSocket for the
//! engine's replies.
//!
//! ```text
//! cargo run --release -p games-server --example load -- [--games 200] [--seconds 30] [--level easy] [--think-ms 0]
//! ```
//!
//! With `--think-ms 0` every client moves as soon as it may (the server's throughput); with a
//! think time, clients move like people and the latency is that of a server under that load.
//!
//! It prints the move requests answered per second, the engine moves played, the p50/p99
//! latency of a move request, the failures (any answer but 200/201, any socket error), and the
//! process's peak memory (server and clients together: they share the process).
//!
//! The server runs with its default limits and timeouts (only the WebSocket cap is raised to
//! fit the clients), and each client connects from a loopback address of its own (127.0.0.2
//! on), so that the per-client limits apply as they would to players on the internet.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use games_server::{Server, ServerConfig};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::Mutex;

#[derive(Default)]
struct Totals {
    moves: AtomicU64,
    engine_moves: AtomicU64,
    games_done: AtomicU64,
    failures: AtomicU64,
    latencies_us: Mutex<Vec<u64>>,
}

/// The loopback address of client `index` (127.0.x.y from 127.0.0.2 on): each client is a
/// client of its own to the server's per-client limits, as players on the internet are.
fn client_ip(index: usize) -> std::net::IpAddr {
    let n = index + 2;
    std::net::IpAddr::V4(std::net::Ipv4Addr::new(
        127,
        0,
        (n / 250) as u8,
        (n % 250) as u8 + 1,
    ))
}

/// A connection to `addr` from `from`.
async fn connect(from: std::net::IpAddr, addr: SocketAddr) -> Result<TcpStream, String> {
    let socket = tokio::net::TcpSocket::new_v4().map_err(|e| e.to_string())?;
    socket
        .bind(SocketAddr::new(from, 0))
        .map_err(|e| e.to_string())?;
    socket.connect(addr).await.map_err(|e| e.to_string())
}

async fn request(
    from: std::net::IpAddr,
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &str,
) -> Result<(u16, Value), String> {
    let mut stream = connect(from, addr).await?;
    let text = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream
        .write_all(text.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut answer = Vec::new();
    stream
        .read_to_end(&mut answer)
        .await
        .map_err(|e| e.to_string())?;
    let answer = String::from_utf8_lossy(&answer);
    let (head, body) = answer.split_once("\r\n\r\n").ok_or("no body")?;
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or("no status")?;
    Ok((status, serde_json::from_str(body).unwrap_or(Value::Null)))
}

/// One client: plays games one after another until `until`.
async fn client(
    addr: SocketAddr,
    index: usize,
    level: String,
    think: Duration,
    until: Instant,
    totals: Arc<Totals>,
) {
    let game = if index % 2 == 0 {
        "kamisado"
    } else {
        "onitama"
    };
    let mut seed = index as u64 * 0x9E37_79B9_7F4A_7C15 + 1;
    let me_ip = client_ip(index);
    while Instant::now() < until {
        let body = json!({"game": game, "opponent": "engine", "level": level, "cards": if game == "onitama" { Some("random") } else { None }});
        let mut body = body;
        if game == "kamisado" {
            body.as_object_mut().unwrap().remove("cards");
        }
        let Ok((201, created)) =
            request(me_ip, addr, "POST", "/api/games", &body.to_string()).await
        else {
            totals.failures.fetch_add(1, Ordering::Relaxed);
            return;
        };
        let id = created["id"].as_str().unwrap_or_default().to_owned();
        let token = created["token"].as_str().unwrap_or_default().to_owned();
        let me = created["state"]["seats"]
            .as_array()
            .and_then(|s| s.iter().find(|s| s["kind"] == "person"))
            .map_or(Value::Null, |s| s["player"].clone());
        let Ok(stream) = connect(me_ip, addr).await else {
            totals.failures.fetch_add(1, Ordering::Relaxed);
            return;
        };
        let Ok((mut ws, _)) =
            tokio_tungstenite::client_async(format!("ws://{addr}/api/games/{id}/ws"), stream).await
        else {
            totals.failures.fetch_add(1, Ordering::Relaxed);
            return;
        };
        let mut state = created["state"].clone();
        let mut my_moves = 0u64;
        loop {
            if !state["outcome"].is_null() || Instant::now() >= until {
                break;
            }
            if state["to_move"] == me && state["thinking"] == false {
                let moves = state["legal_moves"].as_array().cloned().unwrap_or_default();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let mv = moves[(seed % moves.len() as u64) as usize].clone();
                if !think.is_zero() {
                    tokio::time::sleep(think).await;
                }
                let started = Instant::now();
                let answer = request(
                    me_ip,
                    addr,
                    "POST",
                    &format!("/api/games/{id}/moves"),
                    &json!({"token": token, "move": mv}).to_string(),
                )
                .await;
                let elapsed = started.elapsed().as_micros() as u64;
                if let Ok((200, after)) = answer {
                    totals.moves.fetch_add(1, Ordering::Relaxed);
                    totals.latencies_us.lock().await.push(elapsed);
                    my_moves += 1;
                    state = after;
                    continue;
                }
                totals.failures.fetch_add(1, Ordering::Relaxed);
                break;
            }
            // Wait for the engine's reply.
            match tokio::time::timeout(Duration::from_secs(60), ws.next()).await {
                Ok(Some(Ok(tokio_tungstenite::tungstenite::Message::Text(text)))) => {
                    if let Ok(pushed) = serde_json::from_str::<Value>(&text) {
                        if pushed["state"]["version"].as_u64() >= state["version"].as_u64() {
                            state = pushed["state"].clone();
                        }
                    }
                }
                Ok(Some(Ok(_))) => {}
                _ => {
                    totals.failures.fetch_add(1, Ordering::Relaxed);
                    break;
                }
            }
        }
        let plies = state["moves"].as_array().map_or(0, |m| m.len() as u64);
        totals
            .engine_moves
            .fetch_add(plies.saturating_sub(my_moves), Ordering::Relaxed);
        if !state["outcome"].is_null() {
            totals.games_done.fetch_add(1, Ordering::Relaxed);
        }
    }
}

fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn main() {
    let mut games = 200usize;
    let mut seconds = 30u64;
    let mut level = "easy".to_owned();
    let mut think_ms = 0u64;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--games" => games = value.parse().expect("--games N"),
            "--seconds" => seconds = value.parse().expect("--seconds S"),
            "--level" => level = value,
            "--think-ms" => think_ms = value.parse().expect("--think-ms MS"),
            other => panic!("unknown argument {other:?}"),
        }
        i += 2;
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async move {
        let dir = std::env::temp_dir().join(format!("games-load-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let mut config =
            ServerConfig::new("127.0.0.1:0".parse().unwrap(), dir.join("load.sqlite3"));
        config.limits.max_connections = games * 2 + 16;
        let server = Server::start(config).await.expect("server");
        let addr = server.addr();
        let totals = Arc::new(Totals::default());
        let started = Instant::now();
        let until = started + Duration::from_secs(seconds);
        let mut tasks = Vec::new();
        for index in 0..games {
            tasks.push(tokio::spawn(client(
                addr,
                index,
                level.clone(),
                Duration::from_millis(think_ms),
                until,
                Arc::clone(&totals),
            )));
        }
        for task in tasks {
            if task.await.is_err() {
                totals.failures.fetch_add(1, Ordering::Relaxed);
            }
        }
        let elapsed = started.elapsed().as_secs_f64();
        server.shutdown().await;
        let _ = std::fs::remove_dir_all(&dir);
        let mut latencies = totals.latencies_us.lock().await.clone();
        latencies.sort_unstable();
        let pick = |q: f64| {
            latencies
                .get(((latencies.len() as f64 - 1.0) * q).round() as usize)
                .map_or(0.0, |&us| us as f64 / 1000.0)
        };
        let moves = totals.moves.load(Ordering::Relaxed);
        let engine = totals.engine_moves.load(Ordering::Relaxed);
        println!(
            "concurrent games      {games} (level {level}, think {think_ms} ms), {elapsed:.1} s"
        );
        println!(
            "move requests         {moves} ({:.0} per second)",
            moves as f64 / elapsed
        );
        println!(
            "engine moves          {engine} ({:.0} per second)",
            engine as f64 / elapsed
        );
        println!(
            "games finished        {}",
            totals.games_done.load(Ordering::Relaxed)
        );
        println!(
            "move latency          p50 {:.2} ms, p99 {:.2} ms",
            pick(0.5),
            pick(0.99)
        );
        println!(
            "failures              {}",
            totals.failures.load(Ordering::Relaxed)
        );
        if let Some(kib) = peak_rss_kib() {
            println!(
                "peak memory           {:.1} MiB (server and clients)",
                kib as f64 / 1024.0
            );
        }
    });
}
