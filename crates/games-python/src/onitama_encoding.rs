//! Onitama's action space and observation planes (the [`Encoding`] of
//! [`onitama_core::Position`]).
//!
//! Everything is seen from a seat: Red's squares are the board's, Blue's are turned by 180
//! degrees, so that the side to move always moves "up" (towards higher ranks), as its cards
//! read.
//!
//! **Actions** (1252): a step is `(card * 25 + from) * 25 + to`, where `card` is 0 for the
//! mover's first card and 1 for its second (its two cards in alphabetical order) and `from`,
//! `to` are square indices (`rank * 5 + file`) in the mover's frame; the forced pass giving
//! card 0 or 1 away is `1250 + card`.
//!
//! **Observation** (10 planes of 5 × 5, `[plane][rank][file]` in the viewer's frame, rank 0
//! the viewer's home row): 0 the viewer's Master, 1 its Students, 2 the opponent's Master, 3
//! its Students, 4 and 5 the viewer's two cards (alphabetical) as move masks, 6 and 7 the
//! opponent's two cards as move masks, 8 the side card as a move mask, 9 all ones when the
//! viewer is to move. A card's move mask marks the squares its offsets reach from the centre
//! (c3) for the player who holds it, seen from the viewer's seat: the viewer's cards point up,
//! the opponent's point down, and the side card points up for the side to move, who takes it
//! next (down when the viewer is not to move).

use abstract_game::rng::SplitMix64;
use onitama_core::{Card, Move, Position, Side, Square};

use crate::encoding::{Cell, Encoding};

/// Squares of the board.
const SQUARES: usize = 25;
/// The first pass action.
const PASS: usize = 2 * SQUARES * SQUARES;

const PLANES: usize = 10;
const CARD_PLANES: usize = 4;
const TO_MOVE_PLANE: usize = 9;

/// The square `sq` in `side`'s frame (and back: the turn is its own inverse).
fn frame(side: Side, sq: Square) -> Square {
    match side {
        Side::Red => sq,
        Side::Blue => sq.rotated(),
    }
}

impl Encoding for Position {
    const NUM_ACTIONS: usize = PASS + 2;
    const OBSERVATION_SHAPE: [usize; 3] = [PLANES, 5, 5];

    fn action_of(&self, mv: Move) -> usize {
        let side = self.side_to_move();
        let slot = usize::from(self.hand(side)[1] == mv.card());
        match mv {
            Move::Step { from, to, .. } => {
                (slot * SQUARES + frame(side, from).index()) * SQUARES + frame(side, to).index()
            }
            Move::Pass { .. } => PASS + slot,
        }
    }

    fn move_of(&self, action: usize) -> Option<Move> {
        let side = self.side_to_move();
        let hand = self.hand(side);
        if action >= Self::NUM_ACTIONS {
            None
        } else if action >= PASS {
            Some(Move::pass(hand[action - PASS]))
        } else {
            let card = hand[action / (SQUARES * SQUARES)];
            let from = Square::from_index(action / SQUARES % SQUARES)?;
            let to = Square::from_index(action % SQUARES)?;
            Some(Move::step(card, frame(side, from), frame(side, to)))
        }
    }

    /// The k-th legal move of the rules' order (the cards alphabetically, then the origin, then
    /// the destination; the passes when no step exists), counted with the cards' destination
    /// sets instead of visiting every move: the same action as the default, found faster.
    fn random_legal_action(&self, rng: &mut SplitMix64) -> Option<usize> {
        let count = self.legal_move_count();
        if count == 0 {
            return None;
        }
        let mut k = rng.below(count);
        let side = self.side_to_move();
        let own = self.pieces(side);
        for (slot, card) in self.hand(side).into_iter().enumerate() {
            for from in own {
                let targets = card.destinations(side, from) & !own;
                if k < targets.len() {
                    let to = targets.iter().nth(k)?;
                    return Some(
                        (slot * SQUARES + frame(side, from).index()) * SQUARES
                            + frame(side, to).index(),
                    );
                }
                k -= targets.len();
            }
        }
        // No step at all: the two passes.
        Some(PASS + k)
    }

    fn write_mask(&self, out: &mut [bool]) {
        // As the default, with the hand and the seat looked up once.
        out.fill(false);
        let side = self.side_to_move();
        let second = self.hand(side)[1];
        let seat = |sq: Square| frame(side, sq).index();
        self.for_each_legal_move(|mv| {
            let slot = usize::from(mv.card() == second);
            let action = match mv {
                Move::Step { from, to, .. } => (slot * SQUARES + seat(from)) * SQUARES + seat(to),
                Move::Pass { .. } => PASS + slot,
            };
            out[action] = true;
        });
    }

    fn write_observation<T: Cell>(&self, viewer: Side, out: &mut [T]) {
        out.fill(T::ZERO);
        let mover = self.side_to_move();
        for (i, side) in [viewer, viewer.other()].into_iter().enumerate() {
            let masters = self.masters();
            for sq in self.pieces(side) {
                let plane = 2 * i + usize::from(!masters.contains(sq));
                out[plane * SQUARES + frame(viewer, sq).index()] = T::ONE;
            }
        }
        let mut card_plane = |plane: usize, card: Card, holder: Side| {
            // The offsets read from the holder's seat; turned when the viewer sits opposite.
            let sign: i8 = if holder == viewer { 1 } else { -1 };
            for &(dx, dy) in card.offsets() {
                if let Some(sq) = Square::C3.offset(sign * dx, sign * dy) {
                    out[plane * SQUARES + sq.index()] = T::ONE;
                }
            }
        };
        for (i, side) in [viewer, viewer.other()].into_iter().enumerate() {
            for (j, card) in self.hand(side).into_iter().enumerate() {
                card_plane(CARD_PLANES + 2 * i + j, card, side);
            }
        }
        card_plane(CARD_PLANES + 4, self.side_card(), mover);
        if mover == viewer {
            out[TO_MOVE_PLANE * SQUARES..(TO_MOVE_PLANE + 1) * SQUARES].fill(T::ONE);
        }
    }
}
