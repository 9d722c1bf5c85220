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
/// thread has none yet; `None` if the spec does not build.
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
