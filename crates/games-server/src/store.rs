//! [`Store`]: the `SQLite` database that keeps every game across restarts. A change is written
//! (and committed) before the request that made it is answered.
//!
//! The database runs in write-ahead-log mode with `synchronous = NORMAL`: a committed change
//! survives the server process being killed at any moment (the log is in the operating
//! system's hands); only a crash of the machine itself may lose the last commits, which is the
//! usual trade of a game server (`FULL` would wait for the disk on every move).

use std::path::Path;
use std::sync::{Arc, Mutex};

use rusqlite::{Connection, params};

use crate::error::ApiError;

/// What kind of game a row holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A game of the JSON API.
    Api,
    /// A match of the Litama endpoint.
    Litama,
}

impl Kind {
    fn id(self) -> &'static str {
        match self {
            Kind::Api => "api",
            Kind::Litama => "litama",
        }
    }
}

/// The database: one table of games, each a JSON document.
#[derive(Clone, Debug)]
pub(crate) struct Store {
    connection: Arc<Mutex<Connection>>,
}

impl Store {
    /// Opens (or creates) the database at `path`.
    pub(crate) fn open(path: &Path) -> Result<Store, String> {
        let connection = Connection::open(path)
            .map_err(|e| format!("cannot open the database {}: {e}", path.display()))?;
        connection
            .execute_batch(
                "PRAGMA journal_mode = WAL;
                 PRAGMA synchronous = NORMAL;
                 CREATE TABLE IF NOT EXISTS games (
                     id TEXT PRIMARY KEY,
                     kind TEXT NOT NULL,
                     data TEXT NOT NULL,
                     updated_ms INTEGER NOT NULL
                 );",
            )
            .map_err(|e| format!("cannot prepare the database {}: {e}", path.display()))?;
        Ok(Store {
            connection: Arc::new(Mutex::new(connection)),
        })
    }

    /// Writes a game (blocking: call it from a blocking thread).
    pub(crate) fn save(
        &self,
        kind: Kind,
        id: &str,
        data: &str,
        now_ms: u64,
    ) -> Result<(), ApiError> {
        let connection = self.lock()?;
        connection
            .execute(
                "INSERT INTO games (id, kind, data, updated_ms) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT(id) DO UPDATE SET data = excluded.data, updated_ms = excluded.updated_ms",
                params![id, kind.id(), data, now_ms as i64],
            )
            .map(drop)
            .map_err(|e| ApiError::Internal(format!("cannot save game {id}: {e}")))
    }

    /// Deletes a game (blocking).
    pub(crate) fn delete(&self, id: &str) -> Result<(), ApiError> {
        let connection = self.lock()?;
        connection
            .execute("DELETE FROM games WHERE id = ?1", params![id])
            .map(drop)
            .map_err(|e| ApiError::Internal(format!("cannot delete game {id}: {e}")))
    }

    /// Every game of `kind`: its id and data.
    pub(crate) fn load(&self, kind: Kind) -> Result<Vec<(String, String)>, String> {
        let connection = self.lock().map_err(|e| e.to_string())?;
        let mut statement = connection
            .prepare("SELECT id, data FROM games WHERE kind = ?1 ORDER BY updated_ms")
            .map_err(|e| e.to_string())?;
        let rows = statement
            .query_map(params![kind.id()], |row| Ok((row.get(0)?, row.get(1)?)))
            .map_err(|e| e.to_string())?;
        rows.collect::<Result<Vec<_>, _>>()
            .map_err(|e| e.to_string())
    }

    fn lock(&self) -> Result<std::sync::MutexGuard<'_, Connection>, ApiError> {
        self.connection
            .lock()
            .map_err(|_| ApiError::Internal("the database lock is poisoned".into()))
    }
}
