//! The engines each engine thread keeps between searches, by game and spec: building an engine
//! allocates its transposition table, which costs more than a shallow search, so a thread
//! reuses the engine of its last searches (its table then also helps the next move).
//!
//! What a thread keeps is bounded twice: at most [`KEPT`] engines, and at most [`KEPT_MIB`] of
//! their tables ([`table_mib`], from the spec): specs that differ only in an option
//! (`max:tt=64:futility=N` for sixteen values of N) each get an engine of their own, and eight
//! engines of 128 MiB each were a gigabyte a thread.

use std::any::Any;
use std::cell::RefCell;

use game_catalog::CatalogGame;
use game_catalog::engines::{BoxedEngine, EngineKind, EngineSpec, build};
use game_engines::{AlphaBetaConfig, Level};

/// How many engines one thread keeps (the least recently used goes first).
const KEPT: usize = 8;

/// The most MiB of tables the engines one thread keeps may hold together (the least recently
/// used go first; the engine in use stays, whatever its size).
pub(crate) const KEPT_MIB: u64 = 256;

/// The solver table of Kamisado's `perfect` engine (its `max` too), in MiB.
const KAMISADO_SOLVER_MIB: u64 = kamisado_engine::perfect::SOLVER_TABLE_MIB as u64;
/// The endgame tables an Onitama engine with deal tables keeps (its last deals' 4-piece tables,
/// about 10 MB each), in MiB.
const ONITAMA_DEAL_TABLES_MIB: u64 = 10 * onitama_engine::tablebase::KEPT_TABLES as u64;

/// The memory of the tables an engine of `spec` for the game `game` holds, in MiB (an estimate
/// from what the spec asks for: the transposition table; Kamisado's solver table for `max` and
/// `perfect`; Onitama's deal tables and the second search that probes them for `max`,
/// `perfect` and `tablebase=auto`).
pub(crate) fn table_mib(game: &str, spec: &EngineSpec) -> u64 {
    let option = |key: &str| spec.options.iter().find(|(k, _)| k == key).map(|(_, v)| v);
    let tt = option("tt")
        .and_then(|v| v.parse::<u64>().ok())
        // Without a `tt` option: the default table, every level's.
        .unwrap_or(AlphaBetaConfig::default().tt_mib as u64);
    let level = match spec.kind {
        EngineKind::Level(level) => Some(level),
        EngineKind::AlphaBeta => None,
        _ => return 0,
    };
    let strongest = matches!(level, Some(Level::Max | Level::Perfect));
    let deal_tables =
        option("tablebase").is_some_and(|v| v == "auto") || option("tablebase-pieces").is_some();
    match game {
        "kamisado" if strongest => tt + KAMISADO_SOLVER_MIB,
        "onitama" if strongest || deal_tables => 2 * tt + ONITAMA_DEAL_TABLES_MIB,
        _ => tt,
    }
}

/// A kept engine: its game, its spec, the MiB of its tables, the engine.
type Kept = (&'static str, String, u64, Box<dyn Any>);

thread_local! {
    static ENGINES: RefCell<Vec<Kept>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` with this thread's engine of `spec` for the game `G`, built with `seed` if the
/// thread has none yet; `None` if the spec does not build or the server does not grant it
/// ([`crate::engine_policy::check`]).
pub(crate) fn with_engine<G: CatalogGame, T>(
    spec: &str,
    seed: u64,
    f: impl FnOnce(&mut BoxedEngine<G>) -> T,
) -> Option<T> {
    ENGINES.with(|cell| {
        let mut kept = cell.borrow_mut();
        let found = kept
            .iter()
            .position(|(game, s, _, _)| *game == G::NAME && s == spec);
        let entry = if let Some(i) = found {
            kept.remove(i)
        } else {
            let parsed: EngineSpec = spec.parse().ok()?;
            // Checked when the game was created; checked again here, where the engine is built,
            // for games stored before a rule was added.
            crate::engine_policy::check(&parsed).ok()?;
            let mib = table_mib(G::NAME, &parsed);
            // Room first: the engines that go free their tables before the new one is built.
            while !kept.is_empty()
                && (kept.len() >= KEPT || kept_mib(&kept).saturating_add(mib) > KEPT_MIB)
            {
                kept.remove(0);
            }
            let engine: BoxedEngine<G> = build::<G>(&parsed, seed).ok()?;
            (
                G::NAME,
                spec.to_owned(),
                mib,
                Box::new(engine) as Box<dyn Any>,
            )
        };
        kept.push(entry);
        let (_, _, _, engine) = kept.last_mut()?;
        let engine = engine.downcast_mut::<BoxedEngine<G>>()?;
        Some(f(engine))
    })
}

/// The MiB of tables that `kept` holds.
fn kept_mib(kept: &[Kept]) -> u64 {
    kept.iter().map(|(_, _, mib, _)| mib).sum()
}

#[cfg(test)]
mod tests {
    use game_catalog::engines::{EngineSpec, build};
    use game_catalog::games::{Kamisado, Onitama};

    use super::{ENGINES, KEPT_MIB, kept_mib, table_mib, with_engine};

    /// A spec the server does not grant builds no engine here either, even when it comes from a
    /// game stored before the rule (the creation of a game checks it first).
    #[test]
    fn specs_the_server_does_not_grant_build_no_engine() {
        // A weights file that reads: only the rule keeps it out.
        let dir = tempfile::tempdir().expect("a temporary directory");
        let text = onitama_engine::OnitamaEval::hand_set().to_weights_text("");
        let weights = dir.path().join("w.weights");
        std::fs::write(&weights, text).expect("write the weights");
        let weights = format!("alphabeta:weights={}", weights.display());
        let spec: EngineSpec = weights.parse().expect("a spec");
        assert!(build::<Onitama>(&spec, 1).is_ok(), "the file reads");
        for spec in [
            "external:cmd=/bin/true".to_owned(),
            weights,
            "alphabeta:threads=2".to_owned(),
        ] {
            assert!(
                with_engine::<Onitama, _>(&spec, 1, |_| ()).is_none(),
                "{spec}"
            );
        }
        assert!(with_engine::<Onitama, _>("easy", 1, |_| ()).is_some());
        assert!(with_engine::<Onitama, _>("alphabeta:weights=100/60/6/2/1", 1, |_| ()).is_some());
    }

    /// One client's games with sixteen specs that differ in one option (each an engine of its
    /// own, 64 MiB of transposition table and Kamisado's 64 MiB solver table) leave a thread
    /// with at most [`KEPT_MIB`] of tables, not eight engines of 128 MiB.
    #[test]
    fn the_engines_a_thread_keeps_are_bounded_by_their_tables() {
        let mut most = 0;
        for n in 0..16 {
            let spec = format!("max:tt=64:futility={n}");
            assert!(
                with_engine::<Kamisado, _>(&spec, 1, |_| ()).is_some(),
                "{spec}"
            );
            most = most.max(ENGINES.with(|cell| kept_mib(&cell.borrow())));
        }
        assert!(most <= KEPT_MIB, "{most} MiB kept");
        // The estimates: the table asked for, and the game's other tables.
        let mib = |game, spec: &str| table_mib(game, &spec.parse::<EngineSpec>().unwrap());
        assert_eq!(mib("kamisado", "max:tt=64:futility=3"), 128);
        assert_eq!(mib("kamisado", "hard"), 16);
        assert_eq!(mib("onitama", "max"), 72);
        assert_eq!(mib("onitama", "alphabeta:tt=8:tablebase=auto"), 56);
        assert_eq!(mib("onitama", "mcts"), 0);
    }
}
