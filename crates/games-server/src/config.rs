//! [`ServerConfig`]: where the server listens, where it keeps its games, its limits and its
//! time source.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The server's limits. Every one of them turns excess into an error answer, never a hang.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerLimits {
    /// The most games (API games and Litama matches each) held in memory at once; creating one
    /// more answers 503 (the Litama error for a match) once no idle game can be unloaded
    /// ([`ServerLimits::unload_idle_after`]).
    pub max_games: usize,
    /// The most WebSocket connections open at once; one more is refused with 503.
    pub max_connections: usize,
    /// The most HTTP connections open at once (a WebSocket counts here only until it is open).
    /// When it is reached, new connections wait in the listen queue until one closes. Kept below
    /// the open-file limit, with [`ServerLimits::max_connections`], at start.
    pub max_http_connections: usize,
    /// The most HTTP requests handled at once; one more is answered 503 at once (a WebSocket
    /// counts only while it is being opened; a request counts once its body has arrived).
    pub max_requests: usize,
    /// The largest request body, in bytes; a larger one answers 413 (at once when its
    /// `Content-Length` says so).
    pub max_body_bytes: usize,
    /// The most time an engine may think for one move or hint.
    pub engine_time_cap: Duration,
    /// The most engine searches running at once (the rest wait their turn).
    pub engine_threads: usize,
    /// The most hints waiting for an engine thread; one more answers 503. Engine moves of
    /// running games wait in a queue of their own, served first.
    pub max_queued_hints: usize,
    /// A game with no WebSocket watching it and no change for this long leaves memory (and frees
    /// its place among [`ServerLimits::max_games`]); it stays in the database and is loaded back
    /// when someone asks for it.
    pub unload_idle_after: Duration,
    /// A game nobody touched for this long is removed (from memory and the database).
    pub idle_expiry: Duration,
}

impl Default for ServerLimits {
    fn default() -> Self {
        ServerLimits {
            max_games: 10_000,
            max_connections: 2_000,
            max_http_connections: 4_096,
            max_requests: 1_024,
            max_body_bytes: 16 * 1024,
            engine_time_cap: Duration::from_secs(2),
            engine_threads: std::thread::available_parallelism().map_or(2, usize::from),
            max_queued_hints: 64,
            unload_idle_after: Duration::from_secs(30 * 60),
            idle_expiry: Duration::from_secs(7 * 24 * 3600),
        }
    }
}

/// How long the server waits for a client before it closes the connection. A slow or idle
/// client never holds a place that others need for longer than these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// The most time a client may take to send a request's headers, counted from the opening
    /// of the connection or from the end of the previous answer: a kept-alive connection that
    /// sends no new request within it is closed too, and so is a WebSocket handshake (an HTTP
    /// request) that does not arrive within it.
    pub header_read: Duration,
    /// The time a request body may take before the minimum rate applies.
    pub body_grace: Duration,
    /// The slowest a request body may arrive, in bytes per second, after
    /// [`Timeouts::body_grace`]: a body must be whole within `body_grace + length / rate`,
    /// or it answers 408.
    pub body_min_bytes_per_second: u64,
    /// How often the server pings an open WebSocket.
    pub websocket_ping: Duration,
    /// A WebSocket from which nothing (not even a pong) arrives for this long is closed
    /// (code 1001).
    pub websocket_idle: Duration,
    /// The most time a message may wait to be taken by the client; a WebSocket that does not
    /// read is closed (code 1008).
    pub websocket_send: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            header_read: Duration::from_secs(10),
            body_grace: Duration::from_secs(5),
            body_min_bytes_per_second: 1024,
            websocket_ping: Duration::from_secs(20),
            websocket_idle: Duration::from_secs(60),
            websocket_send: Duration::from_secs(10),
        }
    }
}

/// What one client may use, counted per IP address (an IPv6 client by its /64 network).
/// Beyond each limit the server answers 429 with a `Retry-After` header (a Litama command the
/// error `Too many requests, try again later`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClientLimits {
    /// Requests per second, sustained.
    pub requests_per_second: u32,
    /// Requests in a burst above the sustained rate.
    pub request_burst: u32,
    /// HTTP connections open at once (new ones are answered 429 and closed); a trusted proxy's
    /// connections are not counted.
    pub connections: usize,
    /// `WebSocket`s open at once (game sockets and `/litama` together).
    pub websockets: usize,
    /// Games created per minute, sustained (bursts of the same size); a refused creation does
    /// not count.
    pub games_per_minute: u32,
    /// Games created by the client and held in memory at once.
    pub games_held: usize,
    /// Litama matches created per minute, sustained (bursts of the same size); a `create` with
    /// a bad name does not count.
    pub litama_matches_per_minute: u32,
    /// Litama matches created by the client and held at once.
    pub litama_matches_held: usize,
    /// Hints computed or waiting for the client at once.
    pub hints_at_once: usize,
    /// Litama commands per second, sustained (bursts of twice as many).
    pub litama_commands_per_second: u32,
    /// The addresses of reverse proxies whose `X-Forwarded-For` header is believed: behind
    /// them a client is the last address of that header that is not itself a trusted proxy.
    /// Empty (the default): the header is ignored and a client is the address it connects from.
    pub trusted_proxies: Vec<IpAddr>,
}

impl Default for ClientLimits {
    fn default() -> Self {
        ClientLimits {
            requests_per_second: 50,
            request_burst: 200,
            connections: 64,
            websockets: 64,
            games_per_minute: 30,
            games_held: 200,
            litama_matches_per_minute: 30,
            litama_matches_held: 200,
            hints_at_once: 4,
            litama_commands_per_second: 200,
            trusted_proxies: Vec::new(),
        }
    }
}

impl ClientLimits {
    /// Limits no test or benchmark on one machine reaches: every client may do as much as the
    /// server's own limits allow.
    #[must_use]
    pub fn unlimited() -> ClientLimits {
        ClientLimits {
            requests_per_second: 1_000_000,
            request_burst: 1_000_000,
            connections: usize::MAX,
            websockets: usize::MAX,
            games_per_minute: 1_000_000,
            games_held: usize::MAX,
            litama_matches_per_minute: 1_000_000,
            litama_matches_held: usize::MAX,
            hints_at_once: usize::MAX,
            litama_commands_per_second: 1_000_000,
            trusted_proxies: Vec::new(),
        }
    }
}

/// Which web pages may use the server from a browser: a request that carries an `Origin`
/// header (browsers add it to cross-site requests and to every WebSocket) is refused with 403
/// unless the origin is allowed. Requests without `Origin` (bots, command-line clients) are not
/// concerned.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Origins {
    /// Only pages served by this server (the origin's host and port are the request's `Host`).
    #[default]
    SameOrigin,
    /// Pages of this server and of these origins (`https://example.org`, exactly as browsers
    /// send them: scheme, host and a port unless it is the default).
    SameOriginAnd(Vec<String>),
    /// Any page.
    Any,
}

/// The allowed origins of the JSON API (with the game sockets) and of `/litama`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct OriginPolicy {
    /// The JSON API and the game sockets.
    pub api: Origins,
    /// The Litama endpoint. Litama's own web client is served from other sites: allow its
    /// origin (or [`Origins::Any`]) for it to connect.
    pub litama: Origins,
}

/// Where the server reads the time: the system's monotonic clock, or a manual clock that only
/// moves when told to (tests of the clock duel).
#[derive(Clone, Debug)]
pub struct TimeSource {
    kind: TimeKind,
}

#[derive(Clone, Debug)]
enum TimeKind {
    System(Instant),
    Manual(Arc<AtomicU64>),
}

impl TimeSource {
    /// The system's monotonic clock.
    #[must_use]
    pub fn system() -> TimeSource {
        TimeSource {
            kind: TimeKind::System(Instant::now()),
        }
    }

    /// A manual clock at zero, and the handle that moves it ([`ManualTime::advance`]).
    #[must_use]
    pub fn manual() -> (TimeSource, ManualTime) {
        let now = Arc::new(AtomicU64::new(0));
        (
            TimeSource {
                kind: TimeKind::Manual(Arc::clone(&now)),
            },
            ManualTime(now),
        )
    }

    /// Milliseconds since the source began.
    #[must_use]
    pub fn now_ms(&self) -> u64 {
        match &self.kind {
            TimeKind::System(start) => start.elapsed().as_millis() as u64,
            TimeKind::Manual(now) => now.load(Ordering::SeqCst),
        }
    }

    /// Milliseconds of the wall clock since the Unix epoch (the times kept in the database,
    /// which must count the time the server was down); a manual clock gives its own time.
    pub(crate) fn wall_ms(&self) -> u64 {
        match &self.kind {
            TimeKind::System(_) => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_millis() as u64),
            TimeKind::Manual(now) => now.load(Ordering::SeqCst),
        }
    }

    /// Whether this is a manual clock (engines then think with a node limit instead of time,
    /// so that tests are reproducible).
    #[must_use]
    pub fn is_manual(&self) -> bool {
        matches!(self.kind, TimeKind::Manual(_))
    }
}

/// The handle of a manual [`TimeSource`].
#[derive(Clone, Debug)]
pub struct ManualTime(Arc<AtomicU64>);

impl ManualTime {
    /// Moves the clock forward by `by`.
    pub fn advance(&self, by: Duration) {
        self.0.fetch_add(by.as_millis() as u64, Ordering::SeqCst);
    }
}

/// Everything the server needs to start.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// The address to listen on (port 0 picks a free port).
    pub addr: SocketAddr,
    /// The `SQLite` database file.
    pub db: PathBuf,
    /// The limits.
    pub limits: ServerLimits,
    /// The timeouts.
    pub timeouts: Timeouts,
    /// What one client may use.
    pub clients: ClientLimits,
    /// Which web pages may use the server.
    pub origins: OriginPolicy,
    /// The time source of clocks and expiry.
    pub time: TimeSource,
}

impl ServerConfig {
    /// The default database file: `games.sqlite3` in the working directory.
    pub const DEFAULT_DB: &'static str = "games.sqlite3";

    /// A configuration with the default limits, timeouts, client limits and origins, and the
    /// system clock.
    #[must_use]
    pub fn new(addr: SocketAddr, db: impl Into<PathBuf>) -> ServerConfig {
        ServerConfig {
            addr,
            db: db.into(),
            limits: ServerLimits::default(),
            timeouts: Timeouts::default(),
            clients: ClientLimits::default(),
            origins: OriginPolicy::default(),
            time: TimeSource::system(),
        }
    }
}
