//! Position set-up: a position text or a game's start option, then moves, with one error type.

use abstract_game::record::{GameRecord, PlayError};

use crate::game::CatalogGame;

/// Where a game starts, as a front end receives it: text, not yet checked.
///
/// At most one of `position` and `option` is used: a position text wins over a start option
/// only if the caller allows both; [`setup`] rejects the pair.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// A position in the game's text format.
    pub position: Option<String>,
    /// A start option of the game and its value, such as Onitama's `("cards", "horse,elephant,ox,boar,crab")`.
    pub option: Option<(String, String)>,
    /// Moves played from that position first, separated by whitespace.
    pub moves: Option<String>,
}

/// Why a [`Setup`] was rejected: which input and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The position text is invalid.
    #[error("position {text:?}: {message}")]
    Position {
        /// The text (shortened if long).
        text: String,
        /// What is wrong with it.
        message: String,
    },
    /// The game has no such start option.
    #[error("{game} has no start option {option:?}")]
    UnknownOption {
        /// The game.
        game: &'static str,
        /// The option.
        option: String,
    },
    /// Both a position and a start option were given.
    #[error("a position and the start option {option:?} were both given; give one")]
    PositionAndOption {
        /// The option.
        option: String,
    },
    /// The value of a start option is invalid.
    #[error("{option} {value:?}: {message}")]
    OptionValue {
        /// The option.
        option: String,
        /// Its value (shortened if long).
        value: String,
        /// What is wrong with it.
        message: String,
    },
    /// A move text is malformed.
    #[error("move {index}: {message}")]
    MoveText {
        /// The move's number in the list, from 1.
        index: usize,
        /// The move's text (shortened if long).
        text: String,
        /// What is wrong with it (the parser's message quotes the text).
        message: String,
    },
    /// A move is illegal in the position reached by the moves before it.
    #[error("move {index} ({text:?}): {message}")]
    IllegalMove {
        /// The move's number in the list, from 1.
        index: usize,
        /// The move's text (shortened if long).
        text: String,
        /// Why it is illegal.
        message: String,
    },
}

/// Input quoted in an error: at most 80 characters, then `...`.
fn shortened(text: &str) -> String {
    const MAX: usize = 80;
    if text.chars().count() <= MAX {
        text.to_owned()
    } else {
        let head: String = text.chars().take(MAX).collect();
        format!("{head}...")
    }
}

/// The start position that `setup` names, without its moves.
///
/// # Errors
/// [`SetupError`] naming the bad input.
pub fn start_position<G: CatalogGame>(setup: &Setup) -> Result<G, SetupError> {
    match (&setup.position, &setup.option) {
        (Some(_), Some((option, _))) => Err(SetupError::PositionAndOption {
            option: option.clone(),
        }),
        (Some(text), None) => G::parse_position(text).map_err(|e| SetupError::Position {
            text: shortened(text),
            message: e.to_string(),
        }),
        (None, Some((option, value))) => {
            if !G::START_OPTIONS.iter().any(|o| o.name == option) {
                return Err(SetupError::UnknownOption {
                    game: G::NAME,
                    option: option.clone(),
                });
            }
            G::start_from_option(option, value).map_err(|message| SetupError::OptionValue {
                option: option.clone(),
                value: shortened(value),
                message,
            })
        }
        (None, None) => Ok(G::default_start()),
    }
}

/// The game that `setup` describes: its start position, then its moves played in order, as a
/// record (so a front end can undo them).
///
/// ```
/// use game_catalog::games::Onitama;
/// use game_catalog::{setup, Setup};
///
/// let game = setup::<Onitama>(&Setup {
///     option: Some(("cards".into(), "horse,elephant,ox,boar,crab".into())),
///     moves: Some("ox:c5c4 horse:c1c2".into()),
///     ..Setup::default()
/// })?;
/// assert_eq!(game.ply(), 2);
/// # Ok::<(), game_catalog::SetupError>(())
/// ```
///
/// # Errors
/// [`SetupError`] naming the bad input: the position, the option or the first bad move.
pub fn setup<G: CatalogGame>(setup: &Setup) -> Result<GameRecord<G>, SetupError> {
    let mut record = GameRecord::new(start_position::<G>(setup)?);
    for (i, token) in setup
        .moves
        .as_deref()
        .unwrap_or_default()
        .split_whitespace()
        .enumerate()
    {
        let index = i + 1;
        let mv = record
            .position()
            .parse_move(token)
            .map_err(|e| SetupError::MoveText {
                index,
                text: shortened(token),
                message: e.to_string(),
            })?;
        record.play(mv).map_err(|e| SetupError::IllegalMove {
            index,
            text: shortened(token),
            message: match e {
                PlayError::Illegal(e) => e.to_string(),
                other => other.to_string(),
            },
        })?;
    }
    Ok(record)
}

/// The position that `setup` describes (see [`setup`]).
///
/// # Errors
/// [`SetupError`] naming the bad input.
pub fn position<G: CatalogGame>(setup: &Setup) -> Result<G, SetupError> {
    self::setup::<G>(setup).map(|record| record.position().clone())
}

/// The `count` openings of a match played with `seed`, each to be played twice with the sides
/// swapped.
///
/// For a game with an [`CatalogGame::OPENING_BOOK`], every round of as many openings as the book
/// has lines plays each line once, in an order shuffled by the seed: the lines are used evenly
/// (the first `count % len` of the last round's order once more than the rest), which matters
/// when the engines are deterministic and a line drawn twice is the same game twice. For other
/// games the openings are [`opening`] of seeds derived from `seed`.
#[must_use]
pub fn openings<G: CatalogGame>(seed: u64, count: usize) -> Vec<GameRecord<G>> {
    let seeds = (0..count as u64).map(|i| seed.wrapping_mul(0x9E37_79B9).wrapping_add(i));
    let book = G::OPENING_BOOK;
    if book.is_empty() {
        return seeds.map(opening::<G>).collect();
    }
    let mut rng = abstract_game::rng::SplitMix64::new(seed);
    let mut order: Vec<&str> = Vec::with_capacity(count);
    while order.len() < count {
        let mut round = book.to_vec();
        // Fisher-Yates.
        for i in (1..round.len()).rev() {
            round.swap(i, rng.below(i + 1));
        }
        order.extend(round);
    }
    seeds
        .zip(order)
        .map(|(seed, line)| book_opening(seed, line))
        .collect()
}

/// [`CatalogGame::random_start`] of `seed`, then the moves of `line` (a line of the game's
/// book).
fn book_opening<G: CatalogGame>(seed: u64, line: &str) -> GameRecord<G> {
    let mut record = GameRecord::new(G::random_start(seed));
    // The book's lines are legal (each game's tests check them); a move that did not parse or
    // play would only end the line early.
    for text in line.split_whitespace() {
        let Ok(mv) = record.position().parse_move(text) else {
            break;
        };
        if record.play(mv).is_err() {
            break;
        }
    }
    record
}

/// A match opening: [`CatalogGame::random_start`] of the seed, then one line of
/// [`CatalogGame::OPENING_BOOK`] drawn by the seed or, for a game without a book,
/// [`CatalogGame::OPENING_PLIES`] random legal moves that do not end the game (fewer if none is
/// left), as a record so that the opening moves are part of each game's record. A match takes
/// its openings from [`openings`], which uses a book's lines evenly.
#[must_use]
pub fn opening<G: CatalogGame>(seed: u64) -> GameRecord<G> {
    let mut rng = abstract_game::rng::SplitMix64::new(seed);
    let start_seed = rng.next_u64();
    if let Some(line) = rng.choose(G::OPENING_BOOK) {
        return book_opening(start_seed, line);
    }
    let mut record = GameRecord::new(G::random_start(start_seed));
    for _ in 0..G::OPENING_PLIES {
        let pos = record.position().clone();
        let quiet: Vec<G::Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|&mv| !pos.after_unchecked(mv).is_over())
            .collect();
        let Some(mv) = rng.choose(&quiet) else {
            break;
        };
        if record.play(mv).is_err() {
            break;
        }
    }
    record
}
