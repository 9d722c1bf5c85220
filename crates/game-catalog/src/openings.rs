//! The openings of engine matches: [`MatchOpenings`], what a game says about them, and
//! [`openings`], the list a match plays.

use abstract_game::record::GameRecord;
use abstract_game::{Game, Notation};

use crate::entry::CatalogEntry;

/// How a game's engine matches open: a few random moves after a random start, or the lines of an
/// opening book. Both default to nothing (the start of [`CatalogEntry::random_start`] as it is).
pub trait MatchOpenings: Game {
    /// How many random moves an opening of a match plays after [`CatalogEntry::random_start`]
    /// when the game has no [`MatchOpenings::OPENING_BOOK`] (Onitama's random deal is opening
    /// enough).
    const OPENING_PLIES: usize = 0;

    /// The openings of a match, if the game chooses them: lines of move texts separated by
    /// spaces, played from [`CatalogEntry::random_start`]; a match uses each line in turn, in an
    /// order shuffled by its seed ([`openings`]), instead of [`MatchOpenings::OPENING_PLIES`]
    /// random moves. Kamisado's are the first moves after which no side can force a win within
    /// 20 plies (its one start makes every opening a forced win for one side, many of them
    /// within a few plies, and such an opening measures nothing). Empty by default.
    const OPENING_BOOK: &'static [&'static str] = &[];
}

/// The `count` openings of a match played with `seed`, each to be played twice with the sides
/// swapped.
///
/// For a game with an [`MatchOpenings::OPENING_BOOK`], every round of as many openings as the book
/// has lines plays each line once, in an order shuffled by the seed: the lines are used evenly
/// (the first `count % len` of the last round's order once more than the rest), which matters
/// when the engines are deterministic and a line drawn twice is the same game twice. For other
/// games the openings are [`opening`] of seeds derived from `seed`.
#[must_use]
pub fn openings<G: CatalogEntry + MatchOpenings + Notation>(
    seed: u64,
    count: usize,
) -> Vec<GameRecord<G>> {
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

/// [`CatalogEntry::random_start`] of `seed`, then the moves of `line` (a line of the game's
/// book).
fn book_opening<G: CatalogEntry + MatchOpenings + Notation>(
    seed: u64,
    line: &str,
) -> GameRecord<G> {
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

/// A match opening: [`CatalogEntry::random_start`] of the seed, then one line of
/// [`MatchOpenings::OPENING_BOOK`] drawn by the seed or, for a game without a book,
/// [`MatchOpenings::OPENING_PLIES`] random legal moves that do not end the game (fewer if none is
/// left), as a record so that the opening moves are part of each game's record. A match takes
/// its openings from [`openings`], which uses a book's lines evenly.
#[must_use]
pub fn opening<G: CatalogEntry + MatchOpenings + Notation>(seed: u64) -> GameRecord<G> {
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
