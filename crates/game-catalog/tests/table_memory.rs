//! Engines whose tables cannot be allocated: the spec is refused with a typed error
//! ([`EngineSpecError::TableMemory`]) instead of the process aborting, for `alphabeta`, the
//! levels, and the games' own engines (the hooks of [`EngineKnowledge`]: Kamisado's perfect
//! player, Onitama's deal tablebases).
//!
//! Each test runs itself again in a child process under an address-space limit of about 2 GB
//! (`ulimit -v`), where a table of 4000 MiB, within the 16384 MiB bound of `tt`, cannot be had
//! whatever the machine's memory; the parent checks that the child passed (an abort is a
//! failure).
#![cfg(target_os = "linux")]

use game_catalog::EngineKnowledge;
use game_catalog::engines::{EngineSpec, EngineSpecError, build};
use game_catalog::games::{Kamisado, Onitama, TicTacToe};
use game_engines::{AlphaBetaConfig, Level, TableMemoryError};

/// Set in the child process, which runs the test's body.
const CHILD: &str = "GAME_CATALOG_TABLE_MEMORY_CHILD";

/// A table larger than the child's whole address space.
const TOO_LARGE_MIB: usize = 4000;

/// Whether this is the child: if not, runs `test` in a child under the limit, checks that it
/// passed, and returns `false`.
fn in_limited_child(test: &str) -> bool {
    if std::env::var_os(CHILD).is_some() {
        return true;
    }
    let exe = std::env::current_exe().expect("the test binary");
    let run = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 2000000 && exec \"$0\" \"$@\"")
        .arg(exe)
        .args([test, "--exact", "--test-threads=1", "--nocapture"])
        .env(CHILD, "1")
        .output()
        .expect("sh runs");
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        run.status.success(),
        "the child failed ({}):\n{stdout}\n{stderr}",
        run.status
    );
    assert!(
        stdout.contains("1 passed"),
        "the child ran no test:\n{stdout}\n{stderr}"
    );
    false
}

fn too_large() -> AlphaBetaConfig {
    AlphaBetaConfig {
        tt_mib: TOO_LARGE_MIB,
        ..Level::Max.config()
    }
}

/// The error of `spec` for the game `G`, which must be the typed one.
fn refused<G: game_catalog::CatalogGame>(spec: &str) -> EngineSpecError {
    let parsed: EngineSpec = spec.parse().expect("a spec");
    let Err(err) = build::<G>(&parsed, 1) else {
        panic!("{}: {spec} was built", G::NAME);
    };
    assert_eq!(
        err,
        EngineSpecError::TableMemory {
            value: TOO_LARGE_MIB.to_string(),
            source: TableMemoryError { mib: TOO_LARGE_MIB },
        },
        "{}: {spec}",
        G::NAME
    );
    err
}

#[test]
fn specs_whose_table_cannot_be_allocated_are_refused_with_the_typed_error() {
    if !in_limited_child("specs_whose_table_cannot_be_allocated_are_refused_with_the_typed_error") {
        return;
    }
    let tt = format!("tt={TOO_LARGE_MIB}");
    // Alpha-beta and the levels that are alpha-beta (`AlphaBeta::try_new`), and the levels
    // that are the games' own engines (`EngineKnowledge::level_engine`).
    for spec in [
        "alphabeta",
        "alphabeta:eval=zero",
        "easy",
        "hard",
        "max",
        "perfect",
    ] {
        let spec = format!("{spec}:{tt}");
        let err = refused::<Kamisado>(&spec);
        assert_eq!(
            err.to_string(),
            format!(
                "engine option tt=\"{TOO_LARGE_MIB}\": more memory than this process can allocate"
            )
        );
        refused::<Onitama>(&spec);
        refused::<TicTacToe>(&spec);
    }
    // The deal tablebases (`EngineKnowledge::deal_tablebase_engine`).
    for spec in [
        "alphabeta:tablebase=auto",
        "alphabeta:tablebase-pieces=6",
        "hard:tablebase=auto",
    ] {
        refused::<Onitama>(&format!("{spec}:{tt}"));
    }
    // The same engines with a table that fits are built.
    for spec in ["alphabeta", "hard", "max", "perfect"] {
        let spec: EngineSpec = format!("{spec}:tt=64").parse().expect("a spec");
        assert!(build::<Kamisado>(&spec, 1).is_ok(), "kamisado: {spec}");
        assert!(build::<Onitama>(&spec, 1).is_ok(), "onitama: {spec}");
    }
    let spec: EngineSpec = "alphabeta:tablebase=auto:tt=64".parse().expect("a spec");
    assert!(build::<Onitama>(&spec, 1).is_ok(), "{spec}");
}

#[test]
fn the_hooks_return_the_table_error_instead_of_aborting() {
    if !in_limited_child("the_hooks_return_the_table_error_instead_of_aborting") {
        return;
    }
    let error = TableMemoryError { mib: TOO_LARGE_MIB };
    for level in [Level::Max, Level::Perfect] {
        assert_eq!(
            Kamisado::level_engine(level, too_large()).err(),
            Some(error),
            "kamisado {level:?}"
        );
        assert_eq!(
            Onitama::level_engine(level, too_large()).err(),
            Some(error),
            "onitama {level:?}"
        );
    }
    for larger in [None, Some(6)] {
        assert_eq!(
            Onitama::deal_tablebase_engine(too_large(), larger).err(),
            Some(error),
            "onitama tablebase-pieces {larger:?}"
        );
    }
    // No engine of the game's own: nothing allocated, no error.
    assert!(matches!(
        Kamisado::level_engine(Level::Hard, too_large()),
        Ok(None)
    ));
    assert!(matches!(
        TicTacToe::level_engine(Level::Perfect, too_large()),
        Ok(None)
    ));
    assert!(matches!(
        Kamisado::deal_tablebase_engine(too_large(), None),
        Ok(None)
    ));
    // And with a table that fits, the engines are there.
    let fits = AlphaBetaConfig {
        tt_mib: 64,
        ..Level::Max.config()
    };
    assert!(matches!(
        Kamisado::level_engine(Level::Perfect, fits),
        Ok(Some(_))
    ));
    assert!(matches!(
        Onitama::deal_tablebase_engine(fits, Some(6)),
        Ok(Some(_))
    ));
}
