//! The bodies of the project's fuzz targets, as plain functions of a byte slice.
//!
//! `fuzz/` (cargo-fuzz, nightly) calls each of them from a `fuzz_target!`; the stable tests of this
//! crate call the same functions over the committed corpus (`fuzz/corpus/<target>/`) and over
//! thousands of proptest inputs, so CI exercises every target without nightly. A body panics
//! exactly when it finds a bug; it never panics on merely invalid input.
//!
//! Inputs are interpreted simply: text targets take the bytes as (lossy) UTF-8, game targets read
//! the bytes as a sequence of choices (which legal move to play, which arbitrary move to try).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod kamisado;
pub mod onitama;
pub mod records;

use abstract_game::Game;
use core::fmt::{Debug, Display};
use core::str::FromStr;

/// The body of a fuzz target.
pub type Body = fn(&[u8]);

/// Every target: its name (the file name under `fuzz/fuzz_targets/` and the corpus folder) and body.
pub const TARGETS: &[(&str, Body)] = &[
    ("kamisado_notation", kamisado::notation),
    ("kamisado_moves", kamisado::moves),
    ("kamisado_hash", kamisado::hash),
    ("kamisado_reference", kamisado::reference),
    ("kamisado_serde", kamisado::serde),
    ("kamisado_record", kamisado::record),
    ("onitama_notation", onitama::notation),
    ("onitama_moves", onitama::moves),
    ("onitama_hash", onitama::hash),
    ("onitama_reference", onitama::reference),
    ("onitama_serde", onitama::serde),
    ("onitama_record", onitama::record),
];

/// A cursor over fuzzer bytes that yields choices; after the end it yields `None`.
#[derive(Debug, Clone)]
pub struct Choices<'a> {
    bytes: &'a [u8],
}

impl<'a> Choices<'a> {
    /// Choices read from `bytes`.
    #[must_use]
    pub fn new(bytes: &'a [u8]) -> Self {
        Choices { bytes }
    }

    /// The next byte, if any.
    pub fn byte(&mut self) -> Option<u8> {
        let (&first, rest) = self.bytes.split_first()?;
        self.bytes = rest;
        Some(first)
    }

    /// An index below `n` (`n > 0`), from the next byte.
    pub fn index(&mut self, n: usize) -> Option<usize> {
        self.byte().map(|b| usize::from(b) % n.max(1))
    }

    /// The next eight bytes as a number (missing bytes count as zero).
    pub fn u64(&mut self) -> u64 {
        (0..8).fold(0, |acc, _| acc << 8 | u64::from(self.byte().unwrap_or(0)))
    }
}

/// If `text` parses as a `T`, its canonical form must parse back to an equal value and print
/// identically.
///
/// # Panics
/// When a parsed value does not round-trip.
pub fn round_trip<T>(text: &str)
where
    T: FromStr + Display + PartialEq + Debug,
    T::Err: Display,
{
    let Ok(value) = text.parse::<T>() else {
        return;
    };
    let canonical = value.to_string();
    match canonical.parse::<T>() {
        Ok(again) => {
            assert_eq!(
                again, value,
                "{text:?} -> {canonical:?} parses to another value"
            );
            assert_eq!(
                again.to_string(),
                canonical,
                "{canonical:?} is not canonical"
            );
        }
        Err(e) => panic!("{text:?} parsed, but its canonical form {canonical:?} does not: {e}"),
    }
}

/// Plays fuzzer-chosen legal moves from `start` (one choice per move) and calls `visit` on every
/// position met, the start included. Returns the last position.
pub fn drive<G: Game>(start: G, choices: &mut Choices<'_>, mut visit: impl FnMut(&G)) -> G {
    let mut pos = start;
    visit(&pos);
    loop {
        let moves = pos.legal_moves();
        let moves = moves.as_ref();
        if moves.is_empty() {
            return pos;
        }
        let Some(i) = choices.index(moves.len()) else {
            return pos;
        };
        pos.play_unchecked(moves[i]);
        visit(&pos);
    }
}

/// Checks one arbitrary move against a position: `play` accepts it exactly when it is in the legal
/// list (and then agrees with `play_unchecked`), and a rejected move leaves the position as it was.
/// Every listed move also passes `is_legal`.
///
/// # Panics
/// When the position and the legal list disagree.
pub fn check_arbitrary_move<G: Game>(pos: &G, mv: G::Move) {
    let legal = pos.legal_moves();
    let listed = legal.as_ref().contains(&mv);
    assert_eq!(
        pos.is_legal(mv),
        listed,
        "is_legal({mv:?}) disagrees with the list in {pos:?}"
    );
    let mut copy = pos.clone();
    if copy.play(mv).is_ok() {
        assert!(
            listed,
            "play accepted {mv:?}, which is not in the legal list of {pos:?}"
        );
        assert_eq!(
            copy,
            pos.after_unchecked(mv),
            "play and play_unchecked disagree"
        );
    } else {
        assert!(!listed, "play rejected the listed move {mv:?} in {pos:?}");
        assert_eq!(&copy, pos, "a rejected move {mv:?} changed the position");
    }
    for &m in legal.as_ref() {
        assert!(
            pos.is_legal(m),
            "listed move {m:?} fails is_legal in {pos:?}"
        );
    }
}

/// Plays a game driven by `choices` from `start`; before each move, checks one arbitrary move
/// built by `arbitrary` and every listed move with [`check_arbitrary_move`].
///
/// # Panics
/// When the move generator and `play` disagree.
pub fn check_moves_along_game<G: Game>(
    start: G,
    choices: &mut Choices<'_>,
    mut arbitrary: impl FnMut(&mut Choices<'_>) -> Option<G::Move>,
) {
    let mut pos = start;
    loop {
        if let Some(mv) = arbitrary(choices) {
            check_arbitrary_move(&pos, mv);
        }
        let moves = pos.legal_moves();
        for &mv in moves.as_ref() {
            check_arbitrary_move(&pos, mv);
        }
        let Some(i) = choices.index(moves.as_ref().len().max(1)) else {
            break;
        };
        let Some(&mv) = moves.as_ref().get(i) else {
            break;
        };
        if let Err(e) = pos.play(mv) {
            panic!("listed move {mv:?} rejected: {e}");
        }
    }
}

/// JSON round trip of a serde value: serialize, deserialize, compare.
///
/// # Panics
/// When the value does not come back equal.
pub fn json_round_trip<T>(value: &T)
where
    T: serde_json_bound::Json + PartialEq + Debug,
{
    let text = serde_json::to_string(value)
        .unwrap_or_else(|e| panic!("{value:?} does not serialize: {e}"));
    let back: T =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{text} does not deserialize: {e}"));
    assert_eq!(&back, value, "JSON {text} comes back different");
}

/// The serde bound of [`json_round_trip`], named once.
pub mod serde_json_bound {
    /// A type that goes to JSON and back.
    pub trait Json: serde::Serialize + for<'de> serde::Deserialize<'de> {}
    impl<T: serde::Serialize + for<'de> serde::Deserialize<'de>> Json for T {}
}
