//! [`FuzzGame`]: what the generic fuzz bodies need of a game.

use abstract_game::{Game, Notation, ZobristHash};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::choices::Choices;

/// A game the fuzz bodies can drive: the rules traits, serde, and a few game-specific hooks.
pub trait FuzzGame:
    Notation + ZobristHash + Serialize + DeserializeOwned + Game<Move: Serialize + DeserializeOwned>
{
    /// The slow, obviously correct implementation of the rules that the fast one is checked
    /// against.
    type Reference: ReferenceModel<Self>;

    /// A start position chosen by the input (the usual start, a rare corner, a random deal...).
    fn start(choices: &mut Choices<'_>) -> Self;

    /// An arbitrary move built from the input, usually illegal, or `None` when the input ran out.
    fn arbitrary_move(choices: &mut Choices<'_>) -> Option<Self::Move>;

    /// The Zobrist hash computed from nothing but the position's features.
    fn zobrist_from_scratch(&self) -> u64;

    /// Runs [`crate::bodies::round_trip`] for every text type of the game's vocabulary
    /// (squares, moves, sides...) on `text`.
    fn vocabulary_round_trips(text: &str);
}

/// The slow reference implementation of a game, played alongside the fast one.
pub trait ReferenceModel<G>: Sized {
    /// The reference's copy of the start position `start`.
    fn start(start: &G) -> Self;

    /// Plays a move given in the game's notation.
    fn play(&mut self, move_text: &str);

    /// Asserts that `pos` agrees with the reference: the same legal moves, count and outcome.
    ///
    /// # Panics
    /// When they disagree.
    fn check(&self, pos: &G);
}
