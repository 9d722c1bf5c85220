//! Engine presets by name: `random`, `mcts`, `alphabeta`, the strength levels `easy`, `medium`,
//! `hard` and `max`, with options after colons (`mcts:playouts=20000`, `alphabeta:depth=6`).
//!
//! A spec is an engine name, then options after colons, each `key=value`. Commas separate specs
//! where a front end takes several (`--engines mcts,random`), so options never contain one.
//!
//! `alphabeta` searches with the game's evaluator ([`EngineKnowledge::Evaluator`]). The levels
//! are [`Level`]s of `game-engines`: alpha-beta with a depth cap, ordered in strength as measured
//! by matches (`docs/engines.md`): `easy` 1 ply, `medium` 3, `hard` 5, `max` no cap (the time
//! limit decides), `perfect` the game's exact player where it has one
//! ([`EngineKnowledge::level_engine`]: Kamisado's `perfect` and `max` are
//! `kamisado_engine::Perfect`, whose alpha-beta fallback takes the level's options), else `max`.
//! `external:cmd=PATH` is another `games` program asked one position at a time
//! ([`crate::external`]). A spec is the catalog's text form of an engine: a program that knows its
//! game at compile time can build the same engines without the catalog, from the game's engine
//! crate (`kamisado_engine::alphabeta(Level::Hard)`).
//!
//! ```
//! use game_catalog::engines::{EngineSpec, build};
//! use game_catalog::games::Kamisado;
//! use game_engines::{Engine, Limits};
//!
//! let spec: EngineSpec = "mcts:playouts=300".parse()?;
//! let mut engine = build::<Kamisado>(&spec, 7)?;
//! assert_eq!(engine.name(), "mcts:playouts=300");
//! let best = engine.search(&Kamisado::start(), &Limits::none()).best;
//! assert!(best.is_some());
//! # Ok::<(), game_catalog::engines::EngineSpecError>(())
//! ```

use core::fmt;
use core::str::FromStr;

use game_engines::{
    AlphaBeta, AlphaBetaConfig, Engine, Level, Limits, Mcts, MctsConfig, RandomMover, SearchResult,
    TableMemoryError, WithOracle, ZeroEvaluator,
};

use abstract_game::Notation;

use crate::entry::CatalogEntry;
use crate::external::External;
use crate::knowledge::EngineKnowledge;

/// An engine of the catalog.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EngineKind {
    /// A uniformly random legal move.
    Random,
    /// Monte Carlo tree search with random playouts.
    Mcts,
    /// Alpha-beta with the game's evaluator.
    AlphaBeta,
    /// A strength level.
    Level(Level),
    /// Another `games` program, asked one position at a time ([`External`]).
    External,
}

/// The most threads an engine's `threads=N` may ask for (its error says "expected 1..=64
/// threads"); the command line bounds its other thread counts by it too.
pub const MAX_THREADS: usize = 64;

const MCTS_OPTIONS: &[(&str, &str)] = &[
    (
        "playouts",
        "playouts per move when no limit is given (default 10000)",
    ),
    (
        "exploration",
        "the UCT exploration constant (default 1.414)",
    ),
    (
        "max-plies",
        "a playout longer than this is a draw (default 400; max_plies is accepted too)",
    ),
];

const EXTERNAL_OPTIONS: &[(&str, &str)] = &[
    (
        "cmd",
        "the games program to run (required): CMD analyze GAME --position TEXT --time S --json",
    ),
    (
        "engine",
        "its --engine, a name without options such as max (default: its own default)",
    ),
];

const ALPHABETA_OPTIONS: &[(&str, &str)] = &[
    ("depth", "the deepest iteration (default 64)"),
    ("tt", "the transposition table in MiB (default 16)"),
    (
        "threads",
        "search threads, Lazy SMP (default 1: reproducible)",
    ),
    ("quiescence", "on or off (default on)"),
    ("reductions", "late-move reductions, on or off (default on)"),
    (
        "extensions",
        "check extensions (a threat to answer at once gets a ply more), on or off (default off)",
    ),
    (
        "iir",
        "internal iterative reduction: from this many plies left, a node without a table move is searched a ply shallower (default: the game's, 4 in Onitama; 0: off)",
    ),
    (
        "history-malus",
        "the history's malus for quiet moves searched before a quiet cut-off, with gravity, on or off (default: the game's, on in Onitama)",
    ),
    (
        "singular",
        "singular extensions: from this many plies left, a table move that no other move comes near (searched to half the depth) gets a ply more (default: the game's, 6 in Onitama; 0: off)",
    ),
    (
        "singular-margin",
        "how far below the table move's value the other moves must stay for the singular extension, per ply left, in the evaluation's units (default: the game's, 2 in Onitama)",
    ),
    (
        "futility",
        "reverse futility pruning: the margin per ply, in the evaluation's units (default: the game's, 30 in Onitama; 0: off)",
    ),
    (
        "reduction-scale",
        "how fast late-move reductions grow with depth and move number, in hundredths (default 100; 0: one ply)",
    ),
    (
        "time",
        "how a time limit is used: spend (the default: all of it, the best move of an unfinished depth) or predict (no depth that cannot finish)",
    ),
    (
        "eval",
        "the game's evaluator (its name, the default) or zero",
    ),
    (
        "weights",
        "the evaluator's weights, separated by slashes, or a weights file of games tune (see docs/engines.md)",
    ),
    (
        "tablebase",
        "an endgame tablebase file the search probes, or auto: each deal's 4-piece table, built in the background (Onitama, see docs/tablebases.md)",
    ),
    (
        "tablebase-pieces",
        "as tablebase=auto, and after each deal's 4-piece table its table of this many pieces (6, 8 or 10; 4: none larger), built in the background where the machine has two cores and the memory (Onitama)",
    ),
];

impl EngineKind {
    /// Every engine.
    pub const ALL: [EngineKind; 9] = [
        EngineKind::Random,
        EngineKind::Mcts,
        EngineKind::AlphaBeta,
        EngineKind::Level(Level::Easy),
        EngineKind::Level(Level::Medium),
        EngineKind::Level(Level::Hard),
        EngineKind::Level(Level::Max),
        EngineKind::Level(Level::Perfect),
        EngineKind::External,
    ];

    /// The name in a spec.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Random => "random",
            EngineKind::Mcts => "mcts",
            EngineKind::AlphaBeta => "alphabeta",
            EngineKind::Level(level) => level.name(),
            EngineKind::External => "external",
        }
    }

    /// The options the engine takes, with a line of help each.
    #[must_use]
    pub fn options(self) -> &'static [(&'static str, &'static str)] {
        match self {
            EngineKind::Random => &[],
            EngineKind::Mcts => MCTS_OPTIONS,
            EngineKind::AlphaBeta | EngineKind::Level(_) => ALPHABETA_OPTIONS,
            EngineKind::External => EXTERNAL_OPTIONS,
        }
    }

    /// The option `key` names, in its listed spelling: `max_plies`, MCTS's first spelling of
    /// `max-plies`, is still taken. `None` if the engine has no such option.
    fn option_key(self, key: &str) -> Option<&'static str> {
        let key = match (self, key) {
            (EngineKind::Mcts, "max_plies") => "max-plies",
            _ => key,
        };
        self.options().iter().map(|(k, _)| *k).find(|k| *k == key)
    }
}

/// A parsed engine spec: an engine and its options, not yet checked against the engine.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    /// The engine.
    pub kind: EngineKind,
    /// The options in the order given.
    pub options: Vec<(String, String)>,
}

/// Why an engine spec was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EngineSpecError {
    /// Not an engine of the catalog.
    #[error("unknown engine {name:?}: expected one of {}", engine_names())]
    UnknownEngine {
        /// The name given.
        name: String,
    },
    /// An option that is not `key=value`.
    #[error("engine option {text:?}: expected key=value, such as playouts=20000")]
    OptionSyntax {
        /// The option text.
        text: String,
    },
    /// An option the engine does not take.
    #[error("engine {engine} has no option {key:?}{}", known_options(.engine))]
    UnknownOption {
        /// The engine.
        engine: &'static str,
        /// The option's key.
        key: String,
    },
    /// An option value of the wrong kind or out of range.
    #[error("engine option {key}={value:?}: {why}")]
    OptionValue {
        /// The option's key.
        key: String,
        /// Its value.
        value: String,
        /// What is wrong.
        why: &'static str,
    },
    /// The `weights=a/b/..` option: not the number of weights of the game's evaluator.
    #[error("engine option weights={value:?}: {source}")]
    Weights {
        /// The value given.
        value: String,
        /// What is wrong.
        source: game_engines::WeightCountError,
    },
    /// The `weights=FILE` option: the file cannot be read, or it is not a weights file of the
    /// game's evaluator.
    #[error("engine option weights={path:?}: {why}")]
    WeightsFile {
        /// The file given.
        path: String,
        /// What is wrong.
        why: String,
    },
    /// The `tablebase=FILE` option: the game has no tablebases, or the file cannot be read.
    #[error("engine option tablebase={path:?}: {why}")]
    Tablebase {
        /// The file given.
        path: String,
        /// What is wrong.
        why: String,
    },
    /// The `tt=N` option (or, without it, the default size): the engine's transposition table
    /// cannot be allocated in this process (a size beyond the address space, or beyond a
    /// memory limit of the process). [`build`] makes the table with the fallible constructors
    /// ([`AlphaBeta::try_new`], [`EngineKnowledge::level_engine`]), so the spec is refused
    /// rather than the process aborted.
    #[error("engine option tt={value:?}: more memory than this process can allocate")]
    TableMemory {
        /// The value given (the default size in MiB when the spec has no `tt` option).
        value: String,
        /// The table that could not be made.
        source: TableMemoryError,
    },
}

fn engine_names() -> String {
    EngineKind::ALL.map(EngineKind::name).join(", ")
}

fn known_options(engine: &str) -> String {
    let Some(kind) = EngineKind::ALL.into_iter().find(|k| k.name() == engine) else {
        return String::new();
    };
    let keys: Vec<&str> = kind.options().iter().map(|(k, _)| *k).collect();
    if keys.is_empty() {
        " (it takes none)".to_owned()
    } else {
        format!(" (options: {})", keys.join(", "))
    }
}

impl FromStr for EngineSpec {
    type Err = EngineSpecError;

    /// Parses `name` or `name:key=value:key=value`.
    fn from_str(text: &str) -> Result<EngineSpec, EngineSpecError> {
        let mut parts = text.split(':');
        let name = parts.next().unwrap_or_default();
        let kind = EngineKind::ALL
            .into_iter()
            .find(|k| k.name() == name)
            .ok_or_else(|| EngineSpecError::UnknownEngine {
                name: name.to_owned(),
            })?;
        let mut options = Vec::new();
        for part in parts {
            let (key, value) = part
                .split_once('=')
                .filter(|(k, v)| !k.is_empty() && !v.is_empty())
                .ok_or_else(|| EngineSpecError::OptionSyntax {
                    text: part.to_owned(),
                })?;
            let key = kind
                .option_key(key)
                .ok_or_else(|| EngineSpecError::UnknownOption {
                    engine: kind.name(),
                    key: key.to_owned(),
                })?;
            options.push((key.to_owned(), value.to_owned()));
        }
        Ok(EngineSpec { kind, options })
    }
}

impl EngineSpec {
    /// The spec with one more option, or a changed one.
    ///
    /// # Errors
    /// [`EngineSpecError::UnknownOption`] if the engine does not take `key`.
    pub fn with_option(mut self, key: &str, value: &str) -> Result<EngineSpec, EngineSpecError> {
        let key = self
            .kind
            .option_key(key)
            .ok_or_else(|| EngineSpecError::UnknownOption {
                engine: self.kind.name(),
                key: key.to_owned(),
            })?;
        self.options.retain(|(k, _)| k != key);
        self.options.push((key.to_owned(), value.to_owned()));
        Ok(self)
    }

    /// The options that name something outside the process, as `(key, value)`: a file the
    /// engine reads (`weights=FILE`, `tablebase=FILE`) or the program `external` runs
    /// (`cmd=PATH`). Empty when the engine computes everything itself: weights given as
    /// numbers (`weights=100/60/6/2/1`) and `tablebase=auto` name nothing. A program that takes
    /// specs from people it does not trust (a server) refuses a spec that names anything, and
    /// `external` itself, which runs a program.
    ///
    /// ```
    /// use game_catalog::engines::EngineSpec;
    ///
    /// let spec: EngineSpec = "alphabeta:weights=/etc/passwd:depth=4".parse()?;
    /// assert_eq!(spec.named_paths(), [("weights", "/etc/passwd")]);
    /// let spec: EngineSpec = "alphabeta:weights=100/60/6/2/1:tablebase=auto".parse()?;
    /// assert!(spec.named_paths().is_empty());
    /// let spec: EngineSpec = "external:cmd=./games".parse()?;
    /// assert_eq!(spec.named_paths(), [("cmd", "./games")]);
    /// # Ok::<(), game_catalog::engines::EngineSpecError>(())
    /// ```
    #[must_use]
    pub fn named_paths(&self) -> Vec<(&str, &str)> {
        self.options
            .iter()
            .filter(|(key, value)| match key.as_str() {
                "weights" => !is_weight_list(value),
                "tablebase" => value != "auto",
                "cmd" => true,
                _ => false,
            })
            .map(|(key, value)| (key.as_str(), value.as_str()))
            .collect()
    }
}

impl fmt::Display for EngineSpec {
    /// The spec as given: `mcts:playouts=20000`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind.name())?;
        for (key, value) in &self.options {
            write!(f, ":{key}={value}")?;
        }
        Ok(())
    }
}

/// Whether a `weights=` value is a list of numbers (`100/60/6/2/1`) rather than a file.
fn is_weight_list(value: &str) -> bool {
    value
        .chars()
        .all(|c| c.is_ascii_digit() || c == '/' || c == '-' || c == '+')
}

fn number<T: FromStr>(key: &str, value: &str, why: &'static str) -> Result<T, EngineSpecError> {
    value.parse().map_err(|_| EngineSpecError::OptionValue {
        key: key.to_owned(),
        value: value.to_owned(),
        why,
    })
}

/// A whole number from 0 to `max`; `too_large` says the bound when it is above.
fn bounded(
    key: &str,
    value: &str,
    why: &'static str,
    max: u32,
    too_large: &'static str,
) -> Result<u32, EngineSpecError> {
    let n = number(key, value, why)?;
    if n > max {
        return Err(EngineSpecError::OptionValue {
            key: key.to_owned(),
            value: value.to_owned(),
            why: too_large,
        });
    }
    Ok(n)
}

/// A number of plies left, at most [`game_engines::alphabeta::MAX_DEPTH`] (`iir`, `singular`).
fn plies_left(key: &str, value: &str) -> Result<u32, EngineSpecError> {
    bounded(
        key,
        value,
        "expected a whole number of plies",
        game_engines::alphabeta::MAX_DEPTH,
        "at most 1000 plies",
    )
}

/// A margin in the evaluation's units, at most 100,000 (`futility`, `singular-margin`).
fn eval_margin(key: &str, value: &str) -> Result<u32, EngineSpecError> {
    bounded(
        key,
        value,
        "expected a whole number of evaluation units",
        100_000,
        "at most 100000",
    )
}

/// A boxed engine for any game of the catalog.
pub type BoxedEngine<G> = Box<dyn Engine<G> + Send>;

/// An engine that reports `name` (its spec as given) instead of its own description.
struct Named<E> {
    name: String,
    engine: E,
}

impl<G: abstract_game::Game, E: Engine<G>> Engine<G> for Named<E> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn search(&mut self, pos: &G, limits: &Limits) -> SearchResult<G::Move> {
        self.engine.search(pos, limits)
    }

    fn search_with_progress(
        &mut self,
        pos: &G,
        limits: &Limits,
        progress: &mut dyn FnMut(&SearchResult<G::Move>),
    ) -> SearchResult<G::Move> {
        self.engine.search_with_progress(pos, limits, progress)
    }

    fn set_earlier_positions(&mut self, history: &[u64]) {
        self.engine.set_earlier_positions(history);
    }
}

/// Builds the engine that `spec` names for the game `G`, seeded with `seed` where it draws random
/// numbers. The engine's [`Engine::name`] is the spec.
///
/// # Errors
/// [`EngineSpecError::OptionValue`] for an option value of the wrong kind or out of range;
/// [`EngineSpecError::TableMemory`] when the engine's transposition table cannot be allocated
/// (the engine is built with [`AlphaBeta::try_new`] and the fallible hooks of
/// [`EngineKnowledge`], so a table too large for the process is this error, not an abort); the
/// other variants for the options they name.
pub fn build<G: EngineKnowledge + Notation + CatalogEntry + 'static>(
    spec: &EngineSpec,
    seed: u64,
) -> Result<BoxedEngine<G>, EngineSpecError> {
    let name = spec.to_string();
    Ok(match spec.kind {
        EngineKind::Random => Box::new(Named {
            name,
            engine: RandomMover::new(seed),
        }),
        EngineKind::Mcts => Box::new(Named {
            name,
            engine: Mcts::new(mcts_config(spec, seed)?),
        }),
        EngineKind::External => Box::new(external(spec, name)?),
        EngineKind::AlphaBeta | EngineKind::Level(_) => {
            let mut config = match spec.kind {
                EngineKind::Level(level) => level.config(),
                _ => AlphaBetaConfig::default(),
            };
            let mut zero = false;
            // The `tt` option as given, for the error when its table cannot be had.
            let mut tt_value: Option<&str> = None;
            // The option that asked for the deal's tables (`tablebase=auto`, `tablebase-pieces=N`).
            let mut auto_tables: Option<(&str, &str)> = None;
            let mut larger_tables = None;
            let mut oracle = None;
            let mut evaluator = G::Evaluator::default();
            for (key, value) in &spec.options {
                let bad = |why| EngineSpecError::OptionValue {
                    key: key.clone(),
                    value: value.clone(),
                    why,
                };
                match key.as_str() {
                    "depth" => {
                        config.max_depth = number(key, value, "expected a whole number of plies")?;
                        if config.max_depth == 0
                            || config.max_depth > game_engines::alphabeta::MAX_DEPTH
                        {
                            return Err(bad("expected 1..=1000 plies"));
                        }
                    }
                    "tt" => {
                        config.tt_mib = number(key, value, "expected a size in MiB")?;
                        if config.tt_mib > 16 * 1024 {
                            return Err(bad("at most 16384 MiB"));
                        }
                        // Whether the process can have it is known when the table is made.
                        tt_value = Some(value);
                    }
                    "threads" => {
                        config.threads = number(key, value, "expected a number of threads")?;
                        if !(1..=MAX_THREADS).contains(&config.threads) {
                            return Err(bad("expected 1..=64 threads"));
                        }
                    }
                    "quiescence" => {
                        config.quiescence = match value.as_str() {
                            "on" => true,
                            "off" => false,
                            _ => return Err(bad("expected on or off")),
                        };
                    }
                    "reduction-scale" => {
                        config.reduction_scale = bounded(
                            key,
                            value,
                            "expected a whole number of hundredths",
                            1000,
                            "at most 1000",
                        )?;
                    }
                    "iir" => config.internal_reduction = Some(plies_left(key, value)?),
                    "history-malus" => {
                        config.history_malus = Some(match value.as_str() {
                            "on" => true,
                            "off" => false,
                            _ => return Err(bad("expected on or off")),
                        });
                    }
                    "singular" => config.singular_extension = Some(plies_left(key, value)?),
                    "singular-margin" => config.singular_margin = Some(eval_margin(key, value)?),
                    "futility" => config.futility_margin = Some(eval_margin(key, value)?),
                    "time" => {
                        config.spend_budget = match value.as_str() {
                            "spend" => true,
                            "predict" => false,
                            _ => return Err(bad("expected spend or predict")),
                        };
                    }
                    "extensions" => {
                        config.check_extension = match value.as_str() {
                            "on" => true,
                            "off" => false,
                            _ => return Err(bad("expected on or off")),
                        };
                    }
                    "reductions" => {
                        config.reductions = match value.as_str() {
                            "on" => true,
                            "off" => false,
                            _ => return Err(bad("expected on or off")),
                        };
                    }
                    "weights" if is_weight_list(value) => {
                        let weights: Vec<i32> = value
                            .split('/')
                            .map(str::parse)
                            .collect::<Result<_, _>>()
                            .map_err(|_| bad("expected whole numbers separated by slashes"))?;
                        if weights.iter().any(|w| w.abs() > game_engines::MAX_WEIGHT) {
                            return Err(bad("each weight at most 1000000 in absolute value"));
                        }
                        evaluator = G::evaluator_with_weights(&weights).map_err(|source| {
                            EngineSpecError::Weights {
                                value: value.clone(),
                                source,
                            }
                        })?;
                    }
                    "weights" => {
                        let file_error = |why: String| EngineSpecError::WeightsFile {
                            path: value.clone(),
                            why,
                        };
                        let text = std::fs::read_to_string(value)
                            .map_err(|e| file_error(format!("cannot read it: {e}")))?;
                        evaluator = G::evaluator_from_weights_text(&text).map_err(file_error)?;
                    }
                    "tablebase" if value == "auto" => auto_tables = Some((key, value)),
                    "tablebase-pieces" => {
                        let pieces: u8 = number(key, value, "expected 4, 6, 8 or 10 pieces")?;
                        if !matches!(pieces, 4 | 6 | 8 | 10) {
                            return Err(bad("expected 4, 6, 8 or 10 pieces"));
                        }
                        auto_tables = Some((key, value));
                        larger_tables = (pieces > 4).then_some(pieces);
                    }
                    "tablebase" => {
                        let path = std::path::Path::new(value);
                        oracle = Some(G::tablebase_oracle(path).map_err(|why| {
                            EngineSpecError::Tablebase {
                                path: value.clone(),
                                why,
                            }
                        })?);
                    }
                    "eval" => {
                        let own = game_engines::Evaluator::<G>::name(&G::Evaluator::default());
                        zero = match value.as_str() {
                            "zero" => true,
                            v if v == own => false,
                            _ => return Err(bad("expected the game's evaluator or zero")),
                        };
                    }
                    _ => {
                        return Err(EngineSpecError::UnknownOption {
                            engine: spec.kind.name(),
                            key: key.clone(),
                        });
                    }
                }
            }
            let memory = |source: TableMemoryError| EngineSpecError::TableMemory {
                value: tt_value.map_or_else(|| source.mib.to_string(), str::to_owned),
                source,
            };
            if let Some((key, value)) = auto_tables {
                let engine = G::deal_tablebase_engine(config, larger_tables)
                    .map_err(memory)?
                    .ok_or_else(|| {
                        let why = "the game has no endgame tablebases";
                        if key == "tablebase" {
                            EngineSpecError::Tablebase {
                                path: value.to_owned(),
                                why: why.to_owned(),
                            }
                        } else {
                            EngineSpecError::OptionValue {
                                key: key.to_owned(),
                                value: value.to_owned(),
                                why,
                            }
                        }
                    })?;
                return Ok(Box::new(Named { name, engine }));
            }
            if let EngineKind::Level(level) = spec.kind {
                if let Some(engine) = G::level_engine(level, config).map_err(memory)? {
                    return Ok(Box::new(Named { name, engine }));
                }
            }
            if let Some(oracle) = oracle {
                if zero {
                    let eval = WithOracle::shared(ZeroEvaluator, "zero+tablebase", oracle);
                    Box::new(Named {
                        name,
                        engine: AlphaBeta::try_new(config, eval).map_err(memory)?,
                    })
                } else {
                    let own = game_engines::Evaluator::<G>::name(&evaluator);
                    let eval = WithOracle::shared(evaluator, format!("{own}+tablebase"), oracle);
                    Box::new(Named {
                        name,
                        engine: AlphaBeta::try_new(config, eval).map_err(memory)?,
                    })
                }
            } else if zero {
                Box::new(Named {
                    name,
                    engine: AlphaBeta::<G, ZeroEvaluator>::try_new(config, ZeroEvaluator)
                        .map_err(memory)?,
                })
            } else {
                Box::new(Named {
                    name,
                    engine: AlphaBeta::<G, G::Evaluator>::try_new(config, evaluator)
                        .map_err(memory)?,
                })
            }
        }
    })
}

/// The [`External`] engine of a spec: `cmd=PATH` (required, an existing file) and `engine=NAME`.
fn external(spec: &EngineSpec, name: String) -> Result<External, EngineSpecError> {
    let mut cmd = None;
    let mut engine = None;
    for (key, value) in &spec.options {
        match key.as_str() {
            "cmd" => cmd = Some(std::path::PathBuf::from(value)),
            "engine" => engine = Some(value.clone()),
            _ => {
                return Err(EngineSpecError::UnknownOption {
                    engine: spec.kind.name(),
                    key: key.clone(),
                });
            }
        }
    }
    let Some(cmd) = cmd else {
        return Err(EngineSpecError::OptionValue {
            key: "cmd".to_owned(),
            value: String::new(),
            why: "external needs cmd=PATH, the games program to run",
        });
    };
    if !cmd.is_file() {
        return Err(EngineSpecError::OptionValue {
            key: "cmd".to_owned(),
            value: cmd.display().to_string(),
            why: "no such file",
        });
    }
    Ok(External::new(cmd, engine, name))
}

fn mcts_config(spec: &EngineSpec, seed: u64) -> Result<MctsConfig, EngineSpecError> {
    let mut config = MctsConfig {
        seed,
        ..MctsConfig::default()
    };
    for (key, value) in &spec.options {
        // A spec built field by field may still hold an option's first spelling.
        match EngineKind::Mcts.option_key(key).unwrap_or(key) {
            "playouts" => {
                config.playouts = number(key, value, "expected a whole number of playouts")?;
                if config.playouts == 0 {
                    return Err(EngineSpecError::OptionValue {
                        key: key.clone(),
                        value: value.clone(),
                        why: "at least 1 playout",
                    });
                }
            }
            "exploration" => {
                let c: f64 = number(key, value, "expected a number such as 1.4")?;
                if !(c.is_finite() && c >= 0.0) {
                    return Err(EngineSpecError::OptionValue {
                        key: key.clone(),
                        value: value.clone(),
                        why: "expected a finite number, 0 or more",
                    });
                }
                config.exploration = c;
            }
            "max-plies" => {
                config.max_playout_plies = number(key, value, "expected a whole number of plies")?;
            }
            _ => {
                return Err(EngineSpecError::UnknownOption {
                    engine: spec.kind.name(),
                    key: key.clone(),
                });
            }
        }
    }
    Ok(config)
}
