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

use game_engines::{AlphaBeta, Engine, Level, Oracle, WithOracle};
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
/// about 2 s and 10 MB) on a background thread, and searches without it meanwhile; every
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
    plain: AlphaBeta<Position, OnitamaEval>,
    /// The engine probing the table of the card set of its key.
    probing: Option<(CardSet, TablebaseEngine)>,
    /// The tables built or being built, by card set.
    tables: std::collections::HashMap<CardSet, Arc<std::sync::OnceLock<Option<Arc<Tablebase>>>>>,
    /// The card sets of `tables`, oldest first.
    order: std::collections::VecDeque<CardSet>,
    earlier_positions: Vec<u64>,
}

/// How many card sets' tables [`DealTablebases`] keeps (the oldest goes first).
pub const KEPT_TABLES: usize = 4;

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
            .field("tables", &self.tables.len())
            .finish_non_exhaustive()
    }
}

impl DealTablebases {
    /// The engine with these alpha-beta settings and 4-piece tables.
    #[must_use]
    pub fn new(config: game_engines::AlphaBetaConfig) -> Self {
        DealTablebases {
            config,
            pieces: 4,
            plain: AlphaBeta::new(config, OnitamaEval::default()),
            probing: None,
            tables: std::collections::HashMap::new(),
            order: std::collections::VecDeque::new(),
            earlier_positions: Vec::new(),
        }
    }

    /// The piece limit of the tables it builds (even, 2 to 10; 6 takes about a minute on two
    /// cores and 1.2 GB).
    #[must_use]
    pub fn pieces(mut self, pieces: u8) -> Self {
        self.pieces = pieces;
        self
    }

    /// The table of `pos`'s card set, if it is built (`None` also when it could not be).
    fn ready(&self, cards: CardSet) -> Option<Arc<Tablebase>> {
        self.tables.get(&cards)?.get()?.clone()
    }

    /// Starts building the table of `cards` on a background thread, unless it is built or
    /// being built.
    fn start_building(&mut self, cards: CardSet) {
        if self.tables.contains_key(&cards) {
            return;
        }
        while self.order.len() >= KEPT_TABLES {
            if let Some(oldest) = self.order.pop_front() {
                self.tables.remove(&oldest);
            }
        }
        self.order.push_back(cards);
        let pieces = self.pieces;
        self.tables.entry(cards).or_insert_with(|| {
            let cell = Arc::new(std::sync::OnceLock::new());
            let done = Arc::clone(&cell);
            let spawned = std::thread::Builder::new()
                .name("deal-tablebase".into())
                .spawn(move || {
                    let table = onitama_tablebase::Generator::new(cards, pieces)
                        .and_then(|g| g.threads(1).generate(&|_| {}))
                        .ok()
                        .map(Arc::new);
                    let _ = done.set(table);
                });
            if spawned.is_err() {
                // No threads here (WebAssembly in a browser, a thread limit): this deal is
                // searched without its table, as when a build fails.
                let _ = cell.set(None);
            }
            cell
        });
    }

    /// Whether the table of `pos`'s card set is built.
    #[must_use]
    pub fn has_table(&self, pos: &Position) -> bool {
        self.ready(card_set(pos)).is_some()
    }

    /// Waits until the table of `pos`'s card set is built (or failed), starting it if needed.
    pub fn wait_for_table(&mut self, pos: &Position) {
        let cards = card_set(pos);
        self.start_building(cards);
        if let Some(cell) = self.tables.get(&cards) {
            while cell.get().is_none() {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
        }
    }

    /// The engine for `pos`: the probing one when its table is built, else the plain one
    /// (and the build is started).
    fn engine_for(&mut self, pos: &Position) -> &mut dyn Engine<Position> {
        let cards = card_set(pos);
        if self.probing.as_ref().is_none_or(|(c, _)| *c != cards) {
            if let Some(table) = self.ready(cards) {
                self.probing = Some((cards, AlphaBeta::new(self.config, evaluator(table))));
            } else {
                self.start_building(cards);
            }
        }
        let engine: &mut dyn Engine<Position> = match &mut self.probing {
            Some((c, engine)) if *c == cards => engine,
            _ => &mut self.plain,
        };
        engine.set_earlier_positions(&self.earlier_positions);
        engine
    }
}

impl Engine<Position> for DealTablebases {
    fn name(&self) -> String {
        format!("{}:tablebase=auto", self.plain.name())
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
