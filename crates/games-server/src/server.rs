//! [`Server`]: binds the address, loads the games from the database, serves the routes, runs the
//! clock and expiry sweeps, and shuts down cleanly.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::http::StatusCode;
use axum::routing::{get, post};
use tokio::sync::{Semaphore, watch};
use tokio::task::JoinHandle;

use crate::clients::Clients;
use crate::config::ServerConfig;
use crate::guard::Guard;
use crate::open_files::Capacity;
use crate::registry::Registry;
use crate::store::Store;
use crate::{api, game_socket, page};

/// How often running clocks are charged (a flag falls within this of the time running out).
const CLOCK_SWEEP: Duration = Duration::from_millis(100);
/// How often idle games are looked for (to unload or remove), and the rate limiters' memory
/// of quiet clients freed.
const EXPIRY_SWEEP: Duration = Duration::from_secs(60);
/// The most Onitama endgame tables built at once in the background, by every engine of the
/// process together (`max`, hints, `tablebase=auto`: each deal's 4-piece table, about 2 s of
/// one core and 10 MB): one client's hints on many deals must not start a build per engine and
/// deal. Beyond it, a search goes without the table and a later one starts the build.
const TABLEBASE_BUILDS: usize = 1;

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ServeError {
    /// The address cannot be bound (in use, or not an address of this machine).
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The database cannot be opened or read.
    #[error("{0}")]
    Database(String),
    /// The async runtime cannot start.
    #[error("cannot start the runtime: {0}")]
    Runtime(std::io::Error),
}

/// A running server. Dropping it does not stop it: call [`Server::shutdown`].
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    capacity: Capacity,
    shutdown: watch::Sender<bool>,
    task: JoinHandle<()>,
}

/// The routes, in the order of the API description (`docs/server.md`, `/api/openapi.json`).
pub const ROUTES: &[(&str, &str)] = &[
    ("GET", "/api/catalog"),
    ("POST", "/api/games"),
    ("GET", "/api/games/{id}"),
    ("POST", "/api/games/{id}/join"),
    ("POST", "/api/games/{id}/moves"),
    ("POST", "/api/games/{id}/undo"),
    ("POST", "/api/games/{id}/takeback"),
    ("POST", "/api/games/{id}/redo"),
    ("POST", "/api/games/{id}/resign"),
    ("POST", "/api/games/{id}/propose"),
    ("POST", "/api/games/{id}/next"),
    ("GET", "/api/games/{id}/hint"),
    ("GET", "/api/games/{id}/ws"),
    ("GET", "/api/openapi.json"),
    ("GET", "/litama"),
];

fn router(registry: Arc<Registry>, guard: Arc<Guard>, shutdown: watch::Receiver<bool>) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/{file}", get(page::asset))
        .route("/api/catalog", get(api::catalog))
        .route("/api/games", post(api::create))
        .route("/api/games/{id}", get(api::state))
        .route("/api/games/{id}/join", post(api::join))
        .route("/api/games/{id}/moves", post(api::play))
        .route("/api/games/{id}/undo", post(api::undo))
        .route("/api/games/{id}/takeback", post(api::takeback))
        .route("/api/games/{id}/redo", post(api::redo))
        .route("/api/games/{id}/resign", post(api::resign))
        .route("/api/games/{id}/propose", post(api::propose))
        .route("/api/games/{id}/next", post(api::next))
        .route(crate::guard::HINT_ROUTE, get(api::hint))
        .route("/api/games/{id}/ws", get(game_socket::upgrade))
        .route("/api/openapi.json", get(crate::openapi::document))
        .route("/litama", get(crate::litama_socket::upgrade))
        .fallback(api::not_found)
        .method_not_allowed_fallback(|| async {
            crate::error::error_response(StatusCode::METHOD_NOT_ALLOWED, "method not allowed")
        })
        .layer(axum::Extension(shutdown))
        .layer(axum::middleware::from_fn_with_state(
            guard,
            crate::guard::check,
        ))
        .with_state(registry)
}

impl Server {
    /// Starts a server on the current tokio runtime. The process's soft open-file limit is
    /// raised to its hard limit first, and the connection caps are cut to fit under it
    /// ([`Server::capacity`]); the Onitama engines of the process build one endgame table at a
    /// time ([`onitama_engine::tablebase::limit_background_builds`]).
    ///
    /// # Errors
    /// [`ServeError::Database`] if the database cannot be opened or holds a game it cannot
    /// read; [`ServeError::Bind`] if the address cannot be bound.
    pub async fn start(config: ServerConfig) -> Result<Server, ServeError> {
        onitama_engine::tablebase::limit_background_builds(TABLEBASE_BUILDS);
        let store = Store::open(&config.db, config.time.wall_ms()).map_err(ServeError::Database)?;
        let listener = crate::listener::listen(config.addr).map_err(|source| ServeError::Bind {
            addr: config.addr,
            source,
        })?;
        let addr = listener.local_addr().map_err(|source| ServeError::Bind {
            addr: config.addr,
            source,
        })?;
        let capacity = crate::open_files::fit(
            config.limits.max_http_connections,
            config.limits.max_connections,
        );
        let clients = Arc::new(Clients::new(config.clients.clone()));
        let guard = Arc::new(Guard {
            clients: Arc::clone(&clients),
            origins: config.origins.clone(),
            timeouts: config.timeouts.clone(),
            max_body_bytes: config.limits.max_body_bytes,
            requests: Semaphore::new(config.limits.max_requests.min(Semaphore::MAX_PERMITS)),
        });
        let timeouts = config.timeouts.clone();
        let registry = Arc::new(
            Registry::open(
                config,
                store.clone(),
                Arc::clone(&clients),
                capacity.websockets,
            )
            .map_err(ServeError::Database)?,
        );
        registry.resume_engines().await;
        let litama = crate::litama_socket::LitamaState::open(&registry, &store)
            .map_err(ServeError::Database)?;
        let (shutdown, shutdown_rx) = watch::channel(false);
        let app = router(Arc::clone(&registry), guard, shutdown_rx.clone())
            .layer(axum::Extension(litama.clone()));
        let sweeps = {
            let registry = Arc::clone(&registry);
            let mut stop = shutdown_rx.clone();
            tokio::spawn(async move {
                let mut clock = tokio::time::interval(CLOCK_SWEEP);
                let mut expiry = tokio::time::interval(EXPIRY_SWEEP);
                loop {
                    tokio::select! {
                        _ = clock.tick() => registry.tick_all().await,
                        _ = expiry.tick() => {
                            registry.expire().await;
                            litama.expire().await;
                            registry.clients.sweep();
                        }
                        _ = stop.changed() => break,
                    }
                }
            })
        };
        let task = tokio::spawn(async move {
            crate::connections::serve(
                listener,
                app,
                clients,
                capacity.http_connections,
                timeouts,
                shutdown_rx,
            )
            .await;
            sweeps.abort();
        });
        Ok(Server {
            addr,
            capacity,
            shutdown,
            task,
        })
    }

    /// The address the server listens on (the port chosen when port 0 was asked for).
    #[must_use]
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The open-file limits and the connection caps that fit under them.
    #[must_use]
    pub fn capacity(&self) -> Capacity {
        self.capacity
    }

    /// Stops accepting connections, closes the `WebSocket`s, lets requests in flight finish,
    /// and returns when the server has stopped. Every game is already in the database.
    pub async fn shutdown(self) {
        let _ = self.shutdown.send(true);
        let _ = self.task.await;
    }

    /// Runs a server until Ctrl-C (or SIGTERM), on a runtime of its own: what `games serve`
    /// does. `on_listening` is called with the address once the server accepts connections.
    ///
    /// # Errors
    /// As [`Server::start`], and [`ServeError::Runtime`].
    pub fn run_until_interrupted(
        config: ServerConfig,
        on_listening: impl FnOnce(SocketAddr, Capacity),
    ) -> Result<(), ServeError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .map_err(ServeError::Runtime)?;
        runtime.block_on(async move {
            let server = Server::start(config).await?;
            on_listening(server.addr(), server.capacity());
            interrupted().await;
            server.shutdown().await;
            Ok(())
        })
    }
}

/// Waits for Ctrl-C or SIGTERM.
async fn interrupted() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
}
