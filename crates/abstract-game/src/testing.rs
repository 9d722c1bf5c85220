//! The conformance kit: checks that any [`Game`] implementation runs in its own tests
//! (feature `testing`).
//!
//! Every check panics with a message naming the position and the broken convention, so it can be
//! called straight from a `#[test]` or a proptest body. The driver [`check_random_games`] plays
//! seeded random games and runs every check on every position it meets.
//!
//! ```
//! use abstract_game::testing::{check_random_games, Candidates};
//! use abstract_game::tictactoe::TicTacToe;
//!
//! // Candidate moves to try on each position: every square number, legal or not, and some junk.
//! let candidates: Candidates<TicTacToe> = &|_pos| (0..12).collect();
//! let report = check_random_games(&TicTacToe::new(), 1, 50, 20, candidates);
//! assert!(report.positions > 50);
//! ```

use crate::game::{Game, Notation, ZobristHash};
use crate::rng::SplitMix64;
use alloc::collections::BTreeMap;
use alloc::vec::Vec;
use core::fmt::Debug;

/// A function giving, for a position, moves to try on it: legal and illegal ones mixed.
pub type Candidates<'a, G> = &'a dyn Fn(&G) -> Vec<<G as Game>::Move>;

/// Checks the legal-move conventions on one position:
/// - the legal moves are pairwise distinct;
/// - [`Game::legal_move_count`] equals the list's length, and [`Game::for_each_legal_move`]
///   walks the same moves in the same order;
/// - [`Game::outcome`] is `Some` exactly when there are no legal moves, and agrees with
///   [`Game::is_over`];
/// - each legal move passes [`Game::is_legal`], plays with [`Game::play`] without error, gives
///   the same position as [`Game::play_unchecked`], and
///   [`Game::legal_move_count_after`] equals the child's count; [`Game::play_unchecked_for_search`]
///   makes the same child, with the same moves and count; where [`Game::TURNS_ALTERNATE`]
///   says so, the child's side to move is not the mover;
/// - [`Game::play`] on a finished game is rejected and changes nothing;
/// - the legal moves' indices pass [`check_move_indices`].
///
/// # Panics
/// On the first broken convention, with a message naming it.
pub fn check_position<G: Game>(pos: &G) {
    let moves = pos.legal_moves();
    let moves = moves.as_ref();
    check_move_indices::<G>(moves.iter().copied());
    for (i, a) in moves.iter().enumerate() {
        assert!(
            !moves[i + 1..].contains(a),
            "move {a:?} is listed twice in {pos:?}"
        );
    }
    assert_eq!(
        pos.legal_move_count(),
        moves.len(),
        "legal_move_count disagrees with legal_moves in {pos:?}"
    );
    let mut walked = Vec::with_capacity(moves.len());
    pos.for_each_legal_move(|mv| walked.push(mv));
    assert_eq!(
        walked, moves,
        "for_each_legal_move disagrees with legal_moves in {pos:?}"
    );
    let outcome = pos.outcome();
    assert_eq!(
        outcome.is_some(),
        moves.is_empty(),
        "outcome is {outcome:?} but there are {} legal moves in {pos:?}",
        moves.len()
    );
    assert_eq!(
        pos.is_over(),
        outcome.is_some(),
        "is_over disagrees with outcome in {pos:?}"
    );
    for &mv in moves {
        assert!(
            pos.is_legal(mv),
            "listed move {mv:?} fails is_legal in {pos:?}"
        );
        let mut checked = pos.clone();
        if let Err(e) = checked.play(mv) {
            panic!("listed move {mv:?} is rejected by play ({e}) in {pos:?}");
        }
        let unchecked = pos.after_unchecked(mv);
        assert_eq!(
            checked, unchecked,
            "play and play_unchecked disagree on {mv:?} in {pos:?}"
        );
        if G::TURNS_ALTERNATE {
            assert!(
                unchecked.side_to_move() != pos.side_to_move(),
                "TURNS_ALTERNATE, but {mv:?} leaves the turn with its player in {pos:?}"
            );
        }
        assert_eq!(
            pos.legal_move_count_after(mv),
            unchecked.legal_move_count(),
            "legal_move_count_after({mv:?}) disagrees with the child in {pos:?}"
        );
        let mut for_search = pos.clone();
        for_search.play_unchecked_for_search(mv);
        assert_eq!(
            for_search, unchecked,
            "play_unchecked_for_search and play_unchecked disagree on {mv:?} in {pos:?}"
        );
        assert_eq!(
            for_search.legal_moves().as_ref(),
            unchecked.legal_moves().as_ref(),
            "the child of play_unchecked_for_search({mv:?}) has other moves in {pos:?}"
        );
        assert_eq!(
            for_search.legal_move_count(),
            unchecked.legal_move_count(),
            "the child of play_unchecked_for_search({mv:?}) counts its moves wrong in {pos:?}"
        );
    }
}

/// Checks that every candidate move that is not in the legal list is rejected by [`Game::play`]
/// and [`Game::is_legal`] and leaves the position unchanged, that every candidate in the list
/// is accepted, and that the candidates' indices pass [`check_move_indices`].
///
/// # Panics
/// On the first candidate that is treated wrongly.
pub fn check_rejects<G: Game>(pos: &G, candidates: impl IntoIterator<Item = G::Move>) {
    let legal = pos.legal_moves();
    let legal = legal.as_ref();
    let candidates: Vec<G::Move> = candidates.into_iter().collect();
    check_move_indices::<G>(candidates.iter().copied());
    for mv in candidates {
        let mut copy = pos.clone();
        let result = copy.play(mv);
        if legal.contains(&mv) {
            assert!(result.is_ok(), "legal move {mv:?} rejected in {pos:?}");
            assert!(
                pos.is_legal(mv),
                "legal move {mv:?} fails is_legal in {pos:?}"
            );
        } else {
            assert!(
                result.is_err(),
                "illegal move {mv:?} accepted by play in {pos:?}"
            );
            assert!(
                !pos.is_legal(mv),
                "illegal move {mv:?} passes is_legal in {pos:?}"
            );
            assert_eq!(
                &copy, pos,
                "a rejected move {mv:?} changed the position {pos:?}"
            );
        }
    }
}

/// Checks [`Game::move_index`] on `moves` when the game numbers its moves
/// ([`Game::MOVE_INDEX_BOUND`] not 0): every index is below the bound, and two of the moves have
/// the same index only if they are the same move. Nothing to check otherwise.
///
/// # Panics
/// On an index out of range, or two different moves with the same index.
pub fn check_move_indices<G: Game>(moves: impl IntoIterator<Item = G::Move>) {
    if G::MOVE_INDEX_BOUND == 0 {
        return;
    }
    let mut by_index: BTreeMap<usize, G::Move> = BTreeMap::new();
    for mv in moves {
        let index = G::move_index(mv);
        assert!(
            index < G::MOVE_INDEX_BOUND,
            "move {mv:?} has index {index}, not below MOVE_INDEX_BOUND {}",
            G::MOVE_INDEX_BOUND
        );
        let first = *by_index.entry(index).or_insert(mv);
        assert_eq!(
            first, mv,
            "moves {first:?} and {mv:?} share the index {index}"
        );
    }
}

/// Checks that the position and each legal move's text round-trip through [`Notation`]: the
/// text parses to an equal value, and the value prints to the same text.
///
/// # Panics
/// On the first text that does not round-trip.
pub fn check_notation<G: Notation>(pos: &G) {
    let text = pos.position_text();
    match G::parse_position(&text) {
        Ok(back) => {
            assert_eq!(
                &back, pos,
                "position text {text:?} parses to another position"
            );
            assert_eq!(back.position_text(), text, "position text is not canonical");
        }
        Err(e) => panic!("position text {text:?} does not parse: {e}"),
    }
    for mv in pos.legal_moves() {
        let text = pos.move_text(mv);
        match pos.parse_move(&text) {
            Ok(back) => assert_eq!(back, mv, "move text {text:?} parses to another move"),
            Err(e) => panic!("move text {text:?} does not parse in {pos:?}: {e}"),
        }
    }
}

/// Checks that each child's hash differs from the parent's (a move always changes at least the
/// player to move). Equal positions having equal hashes is checked across games by
/// [`check_random_games`].
///
/// # Panics
/// When a move leaves the hash unchanged.
pub fn check_hash<G: ZobristHash>(pos: &G) {
    for mv in pos.legal_moves() {
        let child = pos.after_unchecked(mv);
        assert_ne!(
            child.zobrist(),
            pos.zobrist(),
            "{mv:?} does not change the hash of {pos:?}"
        );
    }
}

/// What [`check_random_games`] looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ConformanceReport {
    /// Games played.
    pub games: usize,
    /// Positions checked (with repetitions).
    pub positions: usize,
    /// Games that ended before the ply limit.
    pub finished: usize,
    /// Distinct positions met more than once (by equality), whose hashes were compared.
    pub transpositions: usize,
}

/// Plays `games` seeded random games of at most `max_plies` plies from `start` and runs every
/// check of this module on every position: [`check_position`] (with [`check_move_indices`] on
/// the legal moves), [`check_rejects`] (with [`check_move_indices`] on the candidates) with
/// `candidates(pos)`, [`check_notation`], [`check_hash`], and across all positions met, that equal
/// positions have equal hashes and equal hashes belong to equal positions (a 64-bit collision among a
/// few thousand positions would be a broken hash, not bad luck).
///
/// # Panics
/// On the first broken convention.
pub fn check_random_games<G>(
    start: &G,
    seed: u64,
    games: usize,
    max_plies: usize,
    candidates: Candidates<'_, G>,
) -> ConformanceReport
where
    G: Notation + ZobristHash,
{
    let mut rng = SplitMix64::new(seed);
    let mut report = ConformanceReport::default();
    let mut seen: BTreeMap<u64, (G, usize)> = BTreeMap::new();
    for _ in 0..games {
        report.games += 1;
        let mut pos = start.clone();
        for ply in 0..=max_plies {
            check_one(&pos, candidates, &mut seen, &mut report);
            if ply == max_plies {
                break;
            }
            let Some(mv) = rng.choose(pos.legal_moves().as_ref()) else {
                report.finished += 1;
                break;
            };
            pos.play_unchecked(mv);
        }
    }
    report.transpositions = seen.values().filter(|(_, n)| *n > 1).count();
    report
}

fn check_one<G: Notation + ZobristHash>(
    pos: &G,
    candidates: Candidates<'_, G>,
    seen: &mut BTreeMap<u64, (G, usize)>,
    report: &mut ConformanceReport,
) {
    report.positions += 1;
    check_position(pos);
    check_rejects(pos, candidates(pos));
    check_notation(pos);
    check_hash(pos);
    let entry = seen
        .entry(pos.zobrist())
        .or_insert_with(|| (pos.clone(), 0));
    assert_eq!(
        &entry.0,
        pos,
        "two different positions share the hash {:#x}",
        pos.zobrist()
    );
    entry.1 += 1;
}

/// Asserts that two positions reached by different move orders are equal and hash equally.
/// Useful with known transpositions of a game.
///
/// # Panics
/// If the move orders do not give equal positions with equal hashes, or a move is illegal.
pub fn check_transposition<G: ZobristHash + Debug>(
    start: &G,
    first: &[G::Move],
    second: &[G::Move],
) {
    let reach = |moves: &[G::Move]| {
        let mut pos = start.clone();
        for &mv in moves {
            if let Err(e) = pos.play(mv) {
                panic!("{mv:?} is illegal in {pos:?}: {e}");
            }
        }
        pos
    };
    let (a, b) = (reach(first), reach(second));
    assert_eq!(a, b, "the move orders reach different positions");
    assert_eq!(
        a.zobrist(),
        b.zobrist(),
        "equal positions with different hashes"
    );
}
