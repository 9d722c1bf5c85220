//! Endgame tablebases as the exact oracle of the alpha-beta search: a position the table covers
//! gets its exact value and distance, and the search goes no further below it.
//!
//! ```
//! use std::sync::Arc;
//! use game_engines::{Engine, Level, Limits, Score};
//! use onitama_core::{Deal, Position};
//! use onitama_tablebase::Generator;
//!
//! // The 2-piece table of community set A: the two Masters alone.
//! let table = Arc::new(Generator::new(Deal::COMMUNITY_A.cards(), 2)?.generate(&|_| {})?);
//! let mut engine = onitama_engine::tablebase::alphabeta(Level::Easy, table);
//! let pos: Position = "2m2/5/5/5/2M2 elephant,horse boar,ox crab r".parse()?;
//! // One ply and the table's values below it prove the exact result.
//! let result = engine.search(&pos, &Limits::none());
//! assert!(result.score.exact().is_some(), "{}", result.score);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::Arc;

use game_engines::{AlphaBeta, Engine, Level, Oracle, TableMemoryError, WithOracle};
use onitama_core::Position;
use onitama_tablebase::Tablebase;

use crate::eval::OnitamaEval;

/// The engine of [`alphabeta`]: alpha-beta with [`OnitamaEval`] behind a tablebase.
pub type TablebaseEngine = AlphaBeta<Position, WithOracle<Position, OnitamaEval>>;

/// `table` as an oracle of the search: the exact value of the positions it covers, for the
/// side to move ([`Tablebase::probe`]). The table is shared, not copied.
#[must_use]
pub fn oracle(table: Arc<Tablebase>) -> Oracle<Position> {
    Arc::new(move |pos: &Position| table.probe(pos))
}

/// [`OnitamaEval`] with `table` as its oracle; its name is `onitama+tablebase`.
#[must_use]
pub fn evaluator(table: Arc<Tablebase>) -> WithOracle<Position, OnitamaEval> {
    WithOracle::shared(OnitamaEval::default(), "onitama+tablebase", oracle(table))
}

/// The alpha-beta engine of `level` (as [`crate::alphabeta`]) that probes `table`.
#[must_use]
pub fn alphabeta(level: Level, table: Arc<Tablebase>) -> TablebaseEngine {
    AlphaBeta::new(level.config(), evaluator(table))
}

/// The alpha-beta engine that builds the endgame tablebase of each deal it meets and probes it
/// once built: the Onitama `max` and `perfect` levels of the catalog, and `alphabeta:tablebase=auto`.
///
/// A game keeps its five cards, so the first search of a position with a new card set starts
/// building that set's table with at most [`DealTablebases::pieces`] pieces (4 by default:
/// about 2 s and 10 MB) on a background thread, and searches without it meanwhile (when the
/// process already builds its [`limit_background_builds`] tables at once, the build waits for a
/// later search that finds a free place, and the searches meanwhile go without it); every
/// search after the build has finished probes the table: the positions it covers get their
/// exact value and distance. The tables of the last [`KEPT_TABLES`] card sets are kept, so a
/// match that returns to a deal (its second game, sides swapped) finds it built. Where no
/// thread can be started (WebAssembly in a browser), it searches every deal without a table.
///
/// Because the table arrives after a time that depends on the machine, a search at a fixed
/// depth may differ from one run to the next while a build is under way; matches that must be
/// reproducible use the plain engine ([`crate::alphabeta`]).
///
/// ```no_run
/// use game_engines::{Engine, Level, Limits};
/// use onitama_core::Position;
/// use onitama_engine::tablebase::DealTablebases;
///
/// let mut engine = DealTablebases::new(Level::Max.config());
/// let pos = Position::start();
/// engine.search(&pos, &Limits::depth(4)); // starts building this deal's table
/// engine.wait_for_table(&pos); // for the example: until it is there
/// assert!(engine.has_table(&pos));
/// ```
pub struct DealTablebases {
    config: game_engines::AlphaBetaConfig,
    pieces: u8,
    /// The piece limit of the larger tables built after the first ones, if any.
    larger: Option<u8>,
    plain: AlphaBeta<Position, OnitamaEval>,
    /// The engine probing the table of the card set of its key, and that table.
    probing: Option<(CardSet, Arc<Tablebase>, TablebaseEngine)>,
    /// The tables built or being built, by card set.
    tables: std::collections::HashMap<CardSet, Arc<DealTables>>,
    /// The card sets of `tables`, oldest first.
    order: std::collections::VecDeque<CardSet>,
    earlier_positions: Vec<u64>,
    /// The process's limit of builds at once (another one in the tests).
    builds: &'static BuildLimit,
}

/// The places among the tables built at once in the background, by every [`DealTablebases`]
/// of the process together.
#[derive(Debug)]
struct BuildLimit {
    running: std::sync::atomic::AtomicUsize,
    most: std::sync::atomic::AtomicUsize,
}

impl BuildLimit {
    const fn new(most: usize) -> BuildLimit {
        BuildLimit {
            running: std::sync::atomic::AtomicUsize::new(0),
            most: std::sync::atomic::AtomicUsize::new(most),
        }
    }

    /// A place for one more build, if the limit leaves one; it is given back when dropped.
    fn take(&'static self) -> Option<BuildPlace> {
        use std::sync::atomic::Ordering;
        let most = self.most.load(Ordering::SeqCst);
        self.running
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |running| {
                (running < most).then_some(running + 1)
            })
            .ok()
            .map(|_| BuildPlace(self))
    }
}

/// One build's place among [`BuildLimit`]'s.
struct BuildPlace(&'static BuildLimit);

impl Drop for BuildPlace {
    fn drop(&mut self) {
        self.0
            .running
            .fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
    }
}

/// The limit of the process's background builds: none until [`limit_background_builds`].
static BUILDS: BuildLimit = BuildLimit::new(usize::MAX);

/// Sets the most tables that the [`DealTablebases`] engines of this process build at once in the
/// background, all engines together (no limit by default: `games play` and matches build the
/// tables of the deal they play). A server with many games sets it (`games serve`: 1), so that
/// its clients cannot start a build per engine and card set: beyond the limit, a search that
/// would start a build searches without the table and leaves the build to a later search.
/// Builds under way go on when the limit is lowered.
pub fn limit_background_builds(most: usize) {
    BUILDS.most.store(most, std::sync::atomic::Ordering::SeqCst);
}

/// How many tables the [`DealTablebases`] engines of this process are building now.
#[must_use]
pub fn background_builds() -> usize {
    BUILDS.running.load(std::sync::atomic::Ordering::SeqCst)
}

/// How many card sets' tables [`DealTablebases`] keeps (the oldest goes first). Only the newest
/// card set keeps its larger table ([`DealTablebases::then_larger`]).
pub const KEPT_TABLES: usize = 4;

/// The tables of one card set: the first (set once, `None` when it could not be built) and the
/// larger one, if asked for and built.
#[derive(Default)]
struct DealTables {
    first: std::sync::OnceLock<Option<Arc<Tablebase>>>,
    larger: std::sync::Mutex<Option<Arc<Tablebase>>>,
    /// Whether the larger table is still wanted: no longer once a newer card set has started.
    larger_wanted: std::sync::atomic::AtomicBool,
}

impl DealTables {
    /// The best table built: the larger one if it is there, else the first.
    fn best(&self) -> Option<Arc<Tablebase>> {
        let larger = self.larger.lock().map_or(None, |t| t.clone());
        larger.or_else(|| self.first.get().cloned().flatten())
    }
}

/// Whether this machine has room to build a table whose generation needs `bytes`: at least two
/// cores (the build takes one thread beside the search) and `bytes` at most half of the memory
/// the system reports available (Linux's `MemAvailable`; elsewhere the answer is no).
#[must_use]
pub fn machine_has_room_for(bytes: u64) -> bool {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    cores >= 2 && available_memory().is_some_and(|available| bytes <= available / 2)
}

/// The memory the system reports available, in bytes (Linux's `MemAvailable` in
/// `/proc/meminfo`), or `None` where it cannot be read.
fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// A deal's five cards, sorted: the key of its tables.
type CardSet = [onitama_core::Card; 5];

fn card_set(pos: &Position) -> CardSet {
    let [a, b] = pos.hand(onitama_core::Side::Red);
    let [c, d] = pos.hand(onitama_core::Side::Blue);
    let mut cards = [a, b, c, d, pos.side_card()];
    cards.sort();
    cards
}

impl core::fmt::Debug for DealTablebases {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("DealTablebases")
            .field("config", &self.config)
            .field("pieces", &self.pieces)
            .field("larger", &self.larger)
            .field("tables", &self.tables.len())
            .finish_non_exhaustive()
    }
}

impl DealTablebases {
    /// The engine with these alpha-beta settings and 4-piece tables.
    ///
    /// Like any allocation, its transposition table ([`game_engines::AlphaBetaConfig::tt_mib`])
    /// aborts the process when the memory cannot be had; [`DealTablebases::try_new`] returns an
    /// error instead.
    #[must_use]
    pub fn new(config: game_engines::AlphaBetaConfig) -> Self {
        Self::with_plain(config, AlphaBeta::new(config, OnitamaEval::default()))
    }

    /// [`DealTablebases::new`], or an error when its transposition table cannot be allocated (a
    /// size beyond the address space or a memory limit of the process).
    ///
    /// The search that probes a deal's table, made once the table is built, takes a second
    /// table of the same size: where that one cannot be allocated, the deal is searched without
    /// its tablebase (and the next search tries again).
    ///
    /// ```
    /// use game_engines::{AlphaBetaConfig, Level};
    /// use onitama_engine::tablebase::DealTablebases;
    ///
    /// let huge = AlphaBetaConfig { tt_mib: usize::MAX >> 20, ..Level::Max.config() };
    /// assert_eq!(DealTablebases::try_new(huge).unwrap_err().mib, usize::MAX >> 20);
    /// assert!(DealTablebases::try_new(Level::Max.config()).is_ok());
    /// ```
    ///
    /// # Errors
    ///
    /// [`TableMemoryError`] with the size asked for.
    pub fn try_new(config: game_engines::AlphaBetaConfig) -> Result<Self, TableMemoryError> {
        Ok(Self::with_plain(
            config,
            AlphaBeta::try_new(config, OnitamaEval::default())?,
        ))
    }

    fn with_plain(
        config: game_engines::AlphaBetaConfig,
        plain: AlphaBeta<Position, OnitamaEval>,
    ) -> Self {
        DealTablebases {
            config,
            pieces: 4,
            larger: None,
            plain,
            probing: None,
            tables: std::collections::HashMap::new(),
            order: std::collections::VecDeque::new(),
            earlier_positions: Vec::new(),
            builds: &BUILDS,
        }
    }

    /// The piece limit of the tables it builds (even, 2 to 10; 6 takes about 2.5 minutes on one
    /// core, 3.4 GB while it is built and 1.2 GB after).
    #[must_use]
    pub fn pieces(mut self, pieces: u8) -> Self {
        self.pieces = pieces;
        self
    }

    /// After each deal's first table, builds its table of `pieces` pieces as well (6: about 2.5
    /// minutes on one core, 3.4 GB while it is built and 1.2 GB after; the generator announces
    /// 4.35 GiB), on the same background thread, when the machine has
    /// room for it ([`machine_has_room_for`] the generation's memory); the searches probe it
    /// once it is built. Only the newest card set keeps a larger table. `games play` asks for 6
    /// (`tablebase-pieces=6`); a server with many games does not.
    #[must_use]
    pub fn then_larger(mut self, pieces: u8) -> Self {
        self.larger = (pieces > self.pieces).then_some(pieces);
        self
    }

    /// The best table of `pos`'s card set that is built (`None` also when it could not be).
    fn ready(&self, cards: CardSet) -> Option<Arc<Tablebase>> {
        self.tables.get(&cards)?.best()
    }

    /// The piece limit of the table the searches of `pos` probe now, if any.
    #[must_use]
    pub fn table_pieces(&self, pos: &Position) -> Option<u8> {
        self.ready(card_set(pos)).map(|t| t.pieces())
    }

    /// Starts building the table of `cards` on a background thread, unless it is built or
    /// being built, or the process builds its limit of tables ([`limit_background_builds`]: a
    /// later call tries again).
    fn start_building(&mut self, cards: CardSet) {
        if self.tables.contains_key(&cards) {
            return;
        }
        let Some(place) = self.builds.take() else {
            return;
        };
        while self.order.len() >= KEPT_TABLES {
            if let Some(oldest) = self.order.pop_front() {
                self.tables.remove(&oldest);
            }
        }
        self.order.push_back(cards);
        // A newer card set: the older ones give up their larger tables (memory).
        for older in self.tables.values() {
            older
                .larger_wanted
                .store(false, std::sync::atomic::Ordering::Relaxed);
            if let Ok(mut larger) = older.larger.lock() {
                *larger = None;
            }
        }
        let pieces = self.pieces;
        let larger = self.larger.filter(|&larger| larger > pieces);
        let tables = Arc::new(DealTables::default());
        tables
            .larger_wanted
            .store(larger.is_some(), std::sync::atomic::Ordering::Relaxed);
        let done = Arc::clone(&tables);
        let spawned = std::thread::Builder::new()
            .name("deal-tablebase".into())
            .spawn(move || {
                let _place = place; // given back when the thread is done
                let build = |pieces: u8| {
                    onitama_tablebase::Generator::new(cards, pieces)
                        .and_then(|g| g.threads(1).generate(&|_| {}))
                        .ok()
                        .map(Arc::new)
                };
                let _ = done.first.set(build(pieces));
                let Some(larger) = larger else {
                    return;
                };
                let room = onitama_tablebase::Generator::new(cards, larger)
                    .is_ok_and(|g| machine_has_room_for(g.memory_bytes()));
                let wanted = || {
                    done.larger_wanted
                        .load(std::sync::atomic::Ordering::Relaxed)
                };
                if room && wanted() {
                    let table = build(larger);
                    if wanted() {
                        if let Ok(mut slot) = done.larger.lock() {
                            *slot = table;
                        }
                    }
                }
            });
        if spawned.is_err() {
            // No threads here (WebAssembly in a browser, a thread limit): this deal is
            // searched without its table, as when a build fails.
            let _ = tables.first.set(None);
        }
        self.tables.insert(cards, tables);
    }

    /// Whether the table of `pos`'s card set is built.
    #[must_use]
    pub fn has_table(&self, pos: &Position) -> bool {
        self.ready(card_set(pos)).is_some()
    }

    /// Waits until the table of `pos`'s card set is built (or failed), starting it if needed
    /// (once the process builds fewer than its limit of tables, [`limit_background_builds`]).
    pub fn wait_for_table(&mut self, pos: &Position) {
        let cards = card_set(pos);
        loop {
            self.start_building(cards);
            if let Some(tables) = self.tables.get(&cards) {
                while tables.first.get().is_none() {
                    std::thread::sleep(std::time::Duration::from_millis(10));
                }
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }

    /// The engine for `pos`: the probing one when its table is built, else the plain one
    /// (and the build is started).
    fn engine_for(&mut self, pos: &Position) -> &mut dyn Engine<Position> {
        let cards = card_set(pos);
        self.start_building(cards);
        if self.probing.as_ref().is_some_and(|(c, _, _)| *c != cards) {
            // Another deal: its engine goes, and with it its hold on that deal's tables.
            self.probing = None;
        }
        if let Some(table) = self.ready(cards) {
            // A new card set, or its larger table has arrived.
            let current = self
                .probing
                .as_ref()
                .is_some_and(|(c, t, _)| *c == cards && Arc::ptr_eq(t, &table));
            if !current {
                // The engine it replaces goes first, its table with it. Where the new one's
                // table cannot be had, the plain engine searches without the tablebase (the
                // next search tries again): not an abort in the middle of a game.
                self.probing = None;
                self.probing = AlphaBeta::try_new(self.config, evaluator(Arc::clone(&table)))
                    .ok()
                    .map(|engine| (cards, table, engine));
            }
        }
        let engine: &mut dyn Engine<Position> = match &mut self.probing {
            Some((c, _, engine)) if *c == cards => engine,
            _ => &mut self.plain,
        };
        engine.set_earlier_positions(&self.earlier_positions);
        engine
    }
}

impl Engine<Position> for DealTablebases {
    fn name(&self) -> String {
        match self.larger {
            Some(larger) => format!(
                "{}:tablebase=auto:tablebase-pieces={larger}",
                self.plain.name()
            ),
            None => format!("{}:tablebase=auto", self.plain.name()),
        }
    }

    fn search(
        &mut self,
        pos: &Position,
        limits: &game_engines::Limits,
    ) -> game_engines::SearchResult<onitama_core::Move> {
        self.engine_for(pos).search(pos, limits)
    }

    fn search_with_progress(
        &mut self,
        pos: &Position,
        limits: &game_engines::Limits,
        progress: &mut dyn FnMut(&game_engines::SearchResult<onitama_core::Move>),
    ) -> game_engines::SearchResult<onitama_core::Move> {
        self.engine_for(pos)
            .search_with_progress(pos, limits, progress)
    }

    fn set_earlier_positions(&mut self, keys: &[u64]) {
        self.earlier_positions = keys.to_vec();
    }
}

#[cfg(test)]
mod tests {
    use game_engines::{Engine, Level, Limits};
    use onitama_core::Position;

    use super::{BuildLimit, DealTablebases};

    /// While the process builds its limit of tables, a search of a new card set starts no build
    /// (no thread): it searches without the table, and a later search starts the build once a
    /// place is free.
    #[test]
    fn builds_beyond_the_limit_wait_for_a_free_place() {
        static LIMIT: BuildLimit = BuildLimit::new(1);
        let mut engine = DealTablebases::new(Level::Easy.config()).pieces(2);
        engine.builds = &LIMIT;
        let pos: Position = "2m2/5/5/5/2M2 elephant,horse boar,ox crab r"
            .parse()
            .unwrap();
        let held = LIMIT.take().expect("the one place");
        assert!(LIMIT.take().is_none(), "one place only");
        assert!(engine.search(&pos, &Limits::depth(2)).best.is_some());
        assert!(
            engine.tables.is_empty(),
            "no build started beyond the limit"
        );
        assert!(!engine.has_table(&pos));
        drop(held);
        engine.wait_for_table(&pos);
        assert!(engine.has_table(&pos), "built once a place was free");
        // The build gives its place back when its thread is done.
        for _ in 0..500 {
            if LIMIT.running.load(std::sync::atomic::Ordering::SeqCst) == 0 {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        panic!("the build kept its place");
    }

    /// Where the table of the search that probes a deal's tablebase cannot be had (the
    /// process's memory limit all but reached), the plain search answers instead of the process
    /// aborting, and a later search makes the probing one once there is room. Run in a child
    /// process under `ulimit -v` (Linux).
    #[cfg(target_os = "linux")]
    #[test]
    fn a_probing_table_that_cannot_be_had_leaves_the_move_to_the_plain_search() {
        const NAME: &str = "tablebase::tests::a_probing_table_that_cannot_be_had_leaves_the_move_to_the_plain_search";
        if std::env::var_os("ONITAMA_ENGINE_LIMITED_CHILD").is_none() {
            let run = std::process::Command::new("sh")
                .arg("-c")
                .arg("ulimit -v 2000000 && exec \"$0\" \"$@\"")
                .arg(std::env::current_exe().expect("the test binary"))
                .args([NAME, "--exact", "--test-threads=1"])
                .env("ONITAMA_ENGINE_LIMITED_CHILD", "1")
                .output()
                .expect("sh runs");
            let stdout = String::from_utf8_lossy(&run.stdout);
            let stderr = String::from_utf8_lossy(&run.stderr);
            assert!(run.status.success(), "{}:\n{stdout}\n{stderr}", run.status);
            assert!(stdout.contains("1 passed"), "{stdout}\n{stderr}");
            return;
        }
        let config = game_engines::AlphaBetaConfig {
            tt_mib: 64,
            ..Level::Easy.config()
        };
        let mut engine = DealTablebases::new(config).pieces(2);
        let pos: Position = "2m2/5/5/5/2M2 elephant,horse boar,ox crab r"
            .parse()
            .unwrap();
        engine.wait_for_table(&pos);
        assert!(engine.has_table(&pos));
        // All the address space the limit leaves, but 8 MiB (reserved, never touched).
        let free_mib = (0..=12).rev().fold(0_usize, |mib, bit| {
            let more = mib + (1 << bit);
            let fits = Vec::<u8>::new().try_reserve_exact(more << 20).is_ok();
            if fits { more } else { mib }
        });
        assert!(free_mib > 64, "{free_mib} MiB free");
        let mut ballast = Vec::<u8>::new();
        ballast
            .try_reserve_exact((free_mib - 8) << 20)
            .expect("the room just measured");
        let result = engine.search(&pos, &Limits::depth(1));
        assert!(engine.probing.is_none(), "no room for the probing search");
        assert!(pos.is_legal(result.best.expect("the plain search's move")));
        drop(ballast);
        let result = engine.search(&pos, &Limits::depth(1));
        assert!(engine.probing.is_some(), "made once there is room");
        assert!(result.score.exact().is_some(), "{}", result.score);
    }
}
