//! [`CatalogGame`]: a game of the catalog, every job at once.

use abstract_game::{Notation, PassMove, ZobristHash};

use crate::entry::CatalogEntry;
use crate::knowledge::EngineKnowledge;
use crate::openings::MatchOpenings;
use crate::presentation::Presentation;
use crate::proof::Provable;
use crate::solvable::Solvable;

/// A game of the catalog: the rules traits of `abstract-game` and the catalog's six jobs, one
/// trait each:
///
/// - [`CatalogEntry`]: the name and the starts;
/// - [`EngineKnowledge`]: the evaluator and the tablebases of the engine specs;
/// - [`MatchOpenings`]: the openings of engine matches;
/// - [`Solvable`]: what the exact solver needs;
/// - [`Provable`]: the proof verifier;
/// - [`Presentation`]: the boards and words people read.
///
/// It has no items of its own and every type that has all of these is one (a blanket
/// implementation): front ends are written once, generically over it, and reach the games
/// through [`crate::GameName::visit`]. Each game of the workspace implements the six traits in
/// its module of [`crate::games`].
pub trait CatalogGame:
    Notation
    + PassMove
    + ZobristHash
    + CatalogEntry
    + EngineKnowledge
    + MatchOpenings
    + Solvable
    + Provable
    + Presentation
    + 'static
{
}

impl<G> CatalogGame for G where
    G: Notation
        + PassMove
        + ZobristHash
        + CatalogEntry
        + EngineKnowledge
        + MatchOpenings
        + Solvable
        + Provable
        + Presentation
        + 'static
{
}
