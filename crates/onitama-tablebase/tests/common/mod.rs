//! Helpers shared by the integration tests.

use abstract_game::rng::SplitMix64;
use onitama_core::{Card, Piece, Position, Side};

/// A random position of `cards` (dealt in a random order) with 1 to `per_side` pieces a side
/// (the Master first), or `None` if the draw is no position or a finished game.
pub fn random_position(
    rng: &mut SplitMix64,
    cards: [Card; 5],
    per_side: usize,
) -> Option<Position> {
    let mut cards = cards;
    for i in 0..5 {
        let j = i + rng.below(5 - i);
        cards.swap(i, j);
    }
    let mut board = [None; 25];
    for side in Side::BOTH {
        let n = 1 + rng.below(per_side);
        for k in 0..n {
            let sq = rng.below(25);
            if board[sq].is_some() {
                continue;
            }
            let piece = if k == 0 {
                Piece::Master
            } else {
                Piece::Student
            };
            board[sq] = Some((side, piece));
        }
    }
    let to_move = Side::BOTH[rng.below(2)];
    let pos = Position::from_parts(
        &board,
        [cards[0], cards[1]],
        [cards[2], cards[3]],
        cards[4],
        to_move,
    )
    .ok()?;
    (!pos.is_over()).then_some(pos)
}
