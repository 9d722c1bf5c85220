//! [`ServerConfig`]: where the server listens, where it keeps its games, its limits and its
//! time source.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The server's limits. Every one of them turns excess into an error answer, never a hang.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerLimits {
    /// The most games (API games and Litama matches together) held at once; creating one more
    /// answers 503.
    pub max_games: usize,
    /// The most WebSocket connections open at once; one more is refused with 503.
    pub max_connections: usize,
    /// The most HTTP requests handled at once; one more is answered 503 at once (a WebSocket
    /// counts only while it is being opened).
    pub max_requests: usize,
    /// The largest request body, in bytes; a larger one answers 413.
    pub max_body_bytes: usize,
    /// The most time an engine may think for one move or hint.
    pub engine_time_cap: Duration,
    /// The most engine searches running at once (the rest wait their turn).
    pub engine_threads: usize,
    /// A game nobody touched for this long is removed (from memory and the database).
    pub idle_expiry: Duration,
}

impl Default for ServerLimits {
    fn default() -> Self {
        ServerLimits {
            max_games: 10_000,
            max_connections: 2_000,
            max_requests: 1_024,
            max_body_bytes: 16 * 1024,
            engine_time_cap: Duration::from_secs(2),
            engine_threads: std::thread::available_parallelism().map_or(2, usize::from),
            idle_expiry: Duration::from_secs(7 * 24 * 3600),
        }
    }
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
    /// The time source of clocks and expiry.
    pub time: TimeSource,
}

impl ServerConfig {
    /// The default database file: `games.sqlite3` in the working directory.
    pub const DEFAULT_DB: &'static str = "games.sqlite3";

    /// A configuration with the default limits and the system clock.
    #[must_use]
    pub fn new(addr: SocketAddr, db: impl Into<PathBuf>) -> ServerConfig {
        ServerConfig {
            addr,
            db: db.into(),
            limits: ServerLimits::default(),
            time: TimeSource::system(),
        }
    }
}
