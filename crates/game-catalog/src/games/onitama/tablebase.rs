//! Onitama's endgame tablebases as an oracle of the engines: each file is loaded once per
//! process and shared by every engine that names it.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use onitama_tablebase::Tablebase;

use super::super::Onitama;
use game_engines::Oracle;

/// The tables loaded so far, by file.
fn loaded() -> &'static Mutex<HashMap<PathBuf, Arc<Tablebase>>> {
    static TABLES: OnceLock<Mutex<HashMap<PathBuf, Arc<Tablebase>>>> = OnceLock::new();
    TABLES.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The table in `path` (loaded once), as the engines' oracle: a position it covers gets its
/// exact value, a win or loss with the distance in plies, or a draw.
pub(crate) fn oracle(path: &Path) -> Result<Oracle<Onitama>, String> {
    let key = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    let mut tables = loaded()
        .lock()
        .map_err(|_| "the table cache is poisoned".to_owned())?;
    let table = if let Some(table) = tables.get(&key) {
        Arc::clone(table)
    } else {
        let table = Arc::new(Tablebase::open(path).map_err(|e| e.to_string())?);
        tables.insert(key, Arc::clone(&table));
        table
    };
    Ok(onitama_engine::tablebase::oracle(table))
}
