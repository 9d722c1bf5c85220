//! The engines each engine thread keeps between searches, by game and spec: building an engine
//! allocates its transposition table, which costs more than a shallow search, so a thread
//! reuses the engine of its last searches (its table then also helps the next move).

use std::any::Any;
use std::cell::RefCell;

use game_catalog::CatalogGame;
use game_catalog::engines::{BoxedEngine, EngineSpec, build};

/// How many engines one thread keeps (the least recently used goes first).
const KEPT: usize = 8;

type Kept = (&'static str, String, Box<dyn Any>);

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
            .position(|(game, s, _)| *game == G::NAME && s == spec);
        let entry = if let Some(i) = found {
            kept.remove(i)
        } else {
            let parsed: EngineSpec = spec.parse().ok()?;
            // Checked when the game was created; checked again here, where the engine is built,
            // for games stored before a rule was added.
            crate::engine_policy::check(&parsed).ok()?;
            let engine: BoxedEngine<G> = build::<G>(&parsed, seed).ok()?;
            (G::NAME, spec.to_owned(), Box::new(engine) as Box<dyn Any>)
        };
        kept.push(entry);
        if kept.len() > KEPT {
            kept.remove(0);
        }
        let (_, _, engine) = kept.last_mut()?;
        let engine = engine.downcast_mut::<BoxedEngine<G>>()?;
        Some(f(engine))
    })
}

#[cfg(test)]
mod tests {
    use game_catalog::engines::{EngineSpec, build};
    use game_catalog::games::Onitama;

    use super::with_engine;

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
}
