//! The web server of the `games` binary (`games serve`): the page to play Kamisado and Onitama
//! in a browser, a JSON/WebSocket API for clients and bots, and a Litama-compatible Onitama
//! endpoint, with every game kept in `SQLite` so that nothing is lost on a restart.
//!
//! ```no_run
//! use games_server::{Server, ServerConfig};
//!
//! # async fn run() -> Result<(), games_server::ServeError> {
//! let config = ServerConfig::new("127.0.0.1:0".parse().unwrap(), "games.sqlite3");
//! let server = Server::start(config).await?;
//! println!("listening on http://{}", server.addr());
//! // ... clients play ...
//! server.shutdown().await;
//! # Ok(())
//! # }
//! ```
//!
//! # Concepts
//!
//! - [`Server`]: starts on a tokio runtime ([`Server::start`]) or runs until Ctrl-C on its own
//!   ([`Server::run_until_interrupted`], what `games serve` does).
//! - [`ServerConfig`]: the address, the database file, the [`ServerLimits`] (games,
//!   connections, body size, engine time, idle expiry) and the [`TimeSource`] (the system clock,
//!   or a manual one for tests of the clock duel).
//! - The routes ([`ROUTES`]) and their JSON are described in the project's `docs/server.md` and
//!   served as `OpenAPI` at `/api/openapi.json` ([`OPENAPI_JSON`]).
//! - [`site`]: the same page as a static site that plays with the in-browser WebAssembly
//!   library, offline too (`games site --out DIR`).
//! - Every game is a session of the `game-sessions` crate over a game of the catalog, so the
//!   server plays every game of `game-catalog` with no code of its own per game.
//! - A change is stored in the database before it is answered; engine searches run on blocking
//!   threads with a time cap and never stall the event loop.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// The README's example, compiled as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;

mod api;
mod clients;
mod config;
mod connections;
mod engine_cache;
mod engine_policy;
mod engine_pool;
mod error;
mod game_socket;
mod guard;
mod listener;
pub mod litama;
mod litama_socket;
mod live;
mod new_game;
mod open_files;
mod openapi;
mod page;
mod random;
mod registry;
mod secret;
mod server;
pub mod site;
mod store;
mod table;
mod websocket;

pub use config::{
    ClientLimits, ManualTime, OriginPolicy, Origins, ServerConfig, ServerLimits, TimeSource,
    Timeouts,
};
pub use error::ApiError;
pub use open_files::Capacity;
pub use openapi::OPENAPI_JSON;
pub use server::{ROUTES, ServeError, Server};
