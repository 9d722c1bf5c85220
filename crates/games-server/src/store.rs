//! [`Store`]: the `SQLite` database that keeps every game across restarts. A change is written
//! (and committed) before the request that made it is answered.
//!
//! The database runs in write-ahead-log mode with `synchronous = NORMAL`: a committed change
//! survives the server process being killed at any moment (the log is in the operating
//! system's hands); only a crash of the machine itself may lose the last commits, which is the
//! usual trade of a game server (`FULL` would wait for the disk on every move).
//!
//! Each row keeps the game's version (the count of its changes that clients see) beside it, so
//! that versions only grow across restarts, and the wall-clock time of its last change, so that
//! the expiry of idle games counts the time the server was down too.

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

/// A stored game: its id, its JSON, its version and the wall-clock time of its last change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Row {
    pub(crate) id: String,
    pub(crate) data: String,
    pub(crate) version: u64,
    pub(crate) updated_ms: u64,
}

/// The database: one table of games, each a JSON document.
#[derive(Clone, Debug)]
pub(crate) struct Store {
    connection: Arc<Mutex<Connection>>,
}

impl Store {
    /// Opens (or creates) the database at `path`; `now_ms` is the wall-clock time, given to the
    /// rows of a database written before versions were stored (their times were not wall-clock
    /// times).
    pub(crate) fn open(path: &Path, now_ms: u64) -> Result<Store, String> {
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
        let has_version = connection
            .prepare("SELECT version FROM games LIMIT 0")
            .is_ok();
        if !has_version {
            connection
                .execute_batch(&format!(
                    "BEGIN;
                     ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
                     UPDATE games SET updated_ms = {};
                     COMMIT;",
                    now_ms as i64
                ))
                .map_err(|e| format!("cannot upgrade the database {}: {e}", path.display()))?;
        }
        Ok(Store {
            connection: Arc::new(Mutex::new(connection)),
        })
    }

    /// Writes a game at `version` (blocking: call it from a blocking thread); `now_ms` is the
    /// wall-clock time.
    pub(crate) fn save(
        &self,
        kind: Kind,
        id: &str,
        data: &str,
        version: u64,
        now_ms: u64,
    ) -> Result<(), ApiError> {
        let connection = self.lock()?;
        connection
            .execute(
                "INSERT INTO games (id, kind, data, updated_ms, version) VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT(id) DO UPDATE SET data = excluded.data,
                     updated_ms = excluded.updated_ms, version = excluded.version",
                params![id, kind.id(), data, now_ms as i64, version as i64],
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

    /// The games of `kind` changed at `since_ms` (wall clock) or later, the most recent
    /// `limit` of them, oldest first.
    pub(crate) fn load_recent(
        &self,
        kind: Kind,
        since_ms: u64,
        limit: usize,
    ) -> Result<Vec<Row>, String> {
        let connection = self.lock().map_err(|e| e.to_string())?;
        let mut statement = connection
            .prepare(
                "SELECT id, data, version, updated_ms FROM (
                     SELECT id, data, version, updated_ms FROM games
                     WHERE kind = ?1 AND updated_ms >= ?2 ORDER BY updated_ms DESC LIMIT ?3
                 ) ORDER BY updated_ms",
            )
            .map_err(|e| e.to_string())?;
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let rows = statement
            .query_map(params![kind.id(), since_ms as i64, limit], Self::row)
            .map_err(|e| e.to_string())?;
        rows.collect::<Result<Vec<_>, _>>()
            .map_err(|e| e.to_string())
    }

    /// The game `id` of `kind`, if the database has it (blocking).
    pub(crate) fn load_one(&self, kind: Kind, id: &str) -> Result<Option<Row>, ApiError> {
        let connection = self.lock()?;
        let mut statement = connection
            .prepare("SELECT id, data, version, updated_ms FROM games WHERE kind = ?1 AND id = ?2")
            .map_err(|e| ApiError::Internal(format!("cannot read game {id}: {e}")))?;
        let mut rows = statement
            .query_map(params![kind.id(), id], Self::row)
            .map_err(|e| ApiError::Internal(format!("cannot read game {id}: {e}")))?;
        rows.next()
            .transpose()
            .map_err(|e| ApiError::Internal(format!("cannot read game {id}: {e}")))
    }

    /// Deletes the games of `kind` last changed before `before_ms` (wall clock), except those
    /// of `keep` (blocking); returns how many went.
    pub(crate) fn delete_older(
        &self,
        kind: Kind,
        before_ms: u64,
        keep: &std::collections::HashSet<String>,
    ) -> Result<usize, ApiError> {
        let connection = self.lock()?;
        let mut statement = connection
            .prepare("SELECT id FROM games WHERE kind = ?1 AND updated_ms < ?2")
            .map_err(|e| ApiError::Internal(format!("cannot expire games: {e}")))?;
        let old: Vec<String> = statement
            .query_map(params![kind.id(), before_ms as i64], |row| row.get(0))
            .and_then(Iterator::collect)
            .map_err(|e| ApiError::Internal(format!("cannot expire games: {e}")))?;
        let mut deleted = 0;
        for id in old.iter().filter(|id| !keep.contains(*id)) {
            deleted += connection
                .execute("DELETE FROM games WHERE id = ?1", params![id])
                .map_err(|e| ApiError::Internal(format!("cannot expire game {id}: {e}")))?;
        }
        Ok(deleted)
    }

    /// Makes every write fail (`true`) or work again (`false`): for the tests of what the
    /// server does when the database refuses a change.
    #[cfg(test)]
    pub(crate) fn refuse_writes(&self, refuse: bool) {
        let connection = self.lock().expect("the database lock");
        connection
            .pragma_update(None, "query_only", refuse)
            .expect("query_only");
    }

    fn row(row: &rusqlite::Row<'_>) -> rusqlite::Result<Row> {
        Ok(Row {
            id: row.get(0)?,
            data: row.get(1)?,
            version: row.get::<_, i64>(2)?.max(0) as u64,
            updated_ms: row.get::<_, i64>(3)?.max(0) as u64,
        })
    }

    fn lock(&self) -> Result<std::sync::MutexGuard<'_, Connection>, ApiError> {
        self.connection
            .lock()
            .map_err(|_| ApiError::Internal("the database lock is poisoned".into()))
    }
}
