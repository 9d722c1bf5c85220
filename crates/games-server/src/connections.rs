//! The accept loop: every TCP connection is counted (in all and per client) before it is
//! served, its request headers must arrive within [`Timeouts::header_read`] (which also closes
//! a kept-alive connection that sends nothing more), and the server stops accepting while it
//! holds [`ServerLimits::max_http_connections`], so that it never runs out of open files.
//!
//! [`Timeouts::header_read`]: crate::config::Timeouts::header_read
//! [`ServerLimits::max_http_connections`]: crate::config::ServerLimits::max_http_connections

use std::net::SocketAddr;
use std::sync::Arc;
use std::task::Poll;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};
use tower::ServiceExt;

use crate::clients::{Clients, Resource};
use crate::config::Timeouts;

/// The largest request head (request line and headers) a client may send.
const MAX_HEAD_BYTES: usize = 16 * 1024;
/// How long the server waits for the connections to finish at shutdown.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);
/// The pause after the system refused to accept (out of open files), before trying again.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);
/// The most connections taken from the listen queue at one turn of the accept loop. Taking one
/// a turn let a flood of connections (each answered at once, each followed by the next) fill
/// the listen queue while the loop waited for its next turn among the connections' tasks; the
/// system then drops new connections, a newcomer's too, and its client tries again only a
/// second later.
const ACCEPT_BATCH: usize = 128;

/// Accepts and serves connections until `shutdown` turns true, then lets the connections in
/// flight finish their requests (up to [`SHUTDOWN_GRACE`]).
pub(crate) async fn serve(
    listener: TcpListener,
    app: Router,
    clients: Arc<Clients>,
    max_connections: usize,
    timeouts: Timeouts,
    mut shutdown: watch::Receiver<bool>,
) {
    let max_connections = max_connections.clamp(1, Semaphore::MAX_PERMITS);
    let open = Arc::new(Semaphore::new(max_connections));
    let mut batch = Vec::with_capacity(ACCEPT_BATCH);
    loop {
        // Wait for a free place first: beyond the limit, connections wait in the listen queue.
        let permit = tokio::select! {
            permit = Arc::clone(&open).acquire_owned() => match permit {
                Ok(permit) => permit,
                Err(_) => break,
            },
            _ = shutdown.changed() => break,
        };
        let failed = tokio::select! {
            failed = accept_batch(&listener, &open, permit, &mut batch) => failed,
            _ = shutdown.changed() => break,
        };
        for (stream, peer, permit) in batch.drain(..) {
            start_connection(stream, peer, permit, &app, &clients, &timeouts, &shutdown);
        }
        if failed {
            // Out of open files, or a connection reset before it was accepted.
            tokio::time::sleep(ACCEPT_BACKOFF).await;
        }
    }
    // Wait for the connections in flight (each returns its place when done).
    let all = u32::try_from(max_connections).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, open.acquire_many(all)).await;
}

/// Waits for a connection, then takes every other one the listen queue holds (up to
/// [`ACCEPT_BATCH`] in all, each with a free place) into `batch`, without waiting again.
/// Returns whether the system refused one (the batch then ends with the ones before it).
async fn accept_batch(
    listener: &TcpListener,
    open: &Arc<Semaphore>,
    first: OwnedSemaphorePermit,
    batch: &mut Vec<(TcpStream, SocketAddr, OwnedSemaphorePermit)>,
) -> bool {
    let mut permit = Some(first);
    std::future::poll_fn(|cx| {
        loop {
            let Some(place) = permit.take() else {
                return Poll::Ready(false);
            };
            match listener.poll_accept(cx) {
                Poll::Ready(Ok((stream, peer))) => batch.push((stream, peer, place)),
                Poll::Ready(Err(_)) => return Poll::Ready(true),
                Poll::Pending if batch.is_empty() => {
                    permit = Some(place);
                    return Poll::Pending;
                }
                Poll::Pending => return Poll::Ready(false),
            }
            if batch.len() < ACCEPT_BATCH {
                permit = Arc::clone(open).try_acquire_owned().ok();
            }
        }
    })
    .await
}

/// Counts an accepted connection for its client (or refuses it, at the client's limit) and
/// serves it in a task of its own, which returns `permit` when the connection closes.
fn start_connection(
    stream: TcpStream,
    peer: SocketAddr,
    permit: OwnedSemaphorePermit,
    app: &Router,
    clients: &Arc<Clients>,
    timeouts: &Timeouts,
    shutdown: &watch::Receiver<bool>,
) {
    // A trusted proxy carries many clients: its connections are not counted as one's.
    let hold = if clients.is_trusted_proxy(peer.ip()) {
        None
    } else if let Ok(hold) = clients.hold(peer.ip(), Resource::Connection) {
        Some(hold)
    } else {
        tokio::spawn(refuse(stream));
        return;
    };
    let _ = stream.set_nodelay(true);
    let app = app.clone();
    let header_read = timeouts.header_read;
    let mut stop = shutdown.clone();
    tokio::spawn(async move {
        let service = app.map_request(move |mut request: axum::extract::Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            request
        });
        let mut builder = hyper::server::conn::http1::Builder::new();
        builder
            .timer(TokioTimer::new())
            .header_read_timeout(header_read)
            .max_buf_size(MAX_HEAD_BYTES.max(8192));
        let connection = builder
            .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service))
            .with_upgrades();
        tokio::pin!(connection);
        tokio::select! {
            _ = connection.as_mut() => {}
            _ = stop.changed() => {
                connection.as_mut().graceful_shutdown();
                let _ = tokio::time::timeout(SHUTDOWN_GRACE, connection).await;
            }
        }
        drop(hold);
        drop(permit);
    });
}

/// Answers a connection of a client that holds its limit of connections with 429 and closes
/// it, without reading its request.
async fn refuse(mut stream: TcpStream) {
    let body = r#"{"error":"too many connections from this address; try again later"}"#;
    let answer = format!(
        "HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\nretry-after: 5\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        let _ = stream.write_all(answer.as_bytes()).await;
        let _ = stream.shutdown().await;
    })
    .await;
}

/// The peer of a request's connection.
pub(crate) fn peer(request: &axum::extract::Request) -> Option<SocketAddr> {
    request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0)
}
