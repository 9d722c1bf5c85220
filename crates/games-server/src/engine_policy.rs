//! What a client may ask of the server's engines: the engine specs (`level`) the server refuses,
//! checked when a game is created and again whenever an engine is built.

use game_catalog::engines::{EngineKind, EngineSpec};

use crate::error::ApiError;

/// The largest transposition table an engine of the server may ask for, in MiB.
const MAX_TT_MIB: u64 = 64;

/// Refuses what a shared server does not grant a client: `external` (it runs a program), any
/// option that names a file or a program ([`EngineSpec::named_paths`]: a client must not make
/// the server read a file or run a program it names, nor learn what a file holds from an
/// error; `tablebase=FILE` among them), a table over [`MAX_TT_MIB`], more than one search thread
/// (every game's engine gets one of the pool's threads), tablebases larger than each deal's
/// 4-piece one (a 6-piece build holds gigabytes for minutes). `tablebase=auto` names no file:
/// it is each deal's 4-piece table, which Onitama's `max` builds too, and is granted as
/// `tablebase-pieces=4` is (the server builds one such table at a time, see
/// [`crate::server`]).
pub(crate) fn check(spec: &EngineSpec) -> Result<(), ApiError> {
    if spec.kind == EngineKind::External {
        return Err(ApiError::BadRequest(
            "level: external: this server runs no program named by clients".into(),
        ));
    }
    if let Some((key, _)) = spec.named_paths().first() {
        return Err(ApiError::BadRequest(format!(
            "level: {key}: this server does not read files named by clients{}",
            if *key == "weights" {
                "; give the weights as numbers separated by slashes"
            } else {
                ""
            }
        )));
    }
    for (key, value) in &spec.options {
        let number = value.parse::<u64>().unwrap_or(u64::MAX);
        if key == "tt" && number > MAX_TT_MIB {
            return Err(ApiError::BadRequest(format!(
                "level: tt={value}: this server allows at most {MAX_TT_MIB} MiB"
            )));
        }
        if key == "tablebase-pieces" && number > 4 {
            return Err(ApiError::BadRequest(format!(
                "level: tablebase-pieces={value}: this server builds no table beyond each deal's 4-piece one"
            )));
        }
        if key == "threads" && number > 1 {
            return Err(ApiError::BadRequest(format!(
                "level: threads={value}: engines of this server search with one thread"
            )));
        }
    }
    Ok(())
}
