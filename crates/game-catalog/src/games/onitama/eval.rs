//! `OnitamaEval`: the Onitama knowledge of the search engines.

use game_engines::Evaluator;
use onitama_core::{Bitboard, Card, Move, Position, Side, Square};

/// Points per Student.
pub const STUDENT: i32 = 100;
/// Penalty for a Master attacked by the opponent's cards.
pub const MASTER_ATTACKED: i32 = 60;
/// Penalty per king step between a Master and the opposing temple.
pub const TEMPLE_DISTANCE: i32 = 6;
/// Points per square the side's cards reach.
pub const REACH: i32 = 2;
/// Points per square the incoming side card would reach.
pub const INCOMING_REACH: i32 = 1;

/// The Onitama evaluator.
///
/// Every term is from the side to move's point of view (its pieces count plus, the opponent's
/// minus):
///
/// - **Material** (`STUDENT` per Student): the Masters are not counted, since losing one ends the
///   game and the search sees it.
/// - **Master safety** (`MASTER_ATTACKED`): a Master that the opponent's two cards reach from one
///   of its pieces. For the side to move that is a threat to answer; for the opponent it is a win
///   on the next ply, which the search finds.
/// - **The way of the stream** (`TEMPLE_DISTANCE` per step): each Master's distance (in king
///   steps) to the opposing temple.
/// - **Piece-square values that depend on the cards** (`REACH` per square): the squares a side's
///   two cards let its pieces reach (own pieces excluded), so a piece is worth more where the
///   cards in play make it active.
/// - **Card flow** (`INCOMING_REACH` per square): the side card is what the side to move receives
///   after its move; the squares it would reach for the side to move count a little.
///
/// The weights are the field, in the order Student, Master attacked, temple distance, reach,
/// incoming reach (the constants `STUDENT`, `MASTER_ATTACKED`, `TEMPLE_DISTANCE`,
/// `REACH`, `INCOMING_REACH` by default); matches compare other weights
/// (`alphabeta:weights=100/60/6/2/1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnitamaEval(pub [i32; 5]);

impl Default for OnitamaEval {
    fn default() -> Self {
        OnitamaEval([
            STUDENT,
            MASTER_ATTACKED,
            TEMPLE_DISTANCE,
            REACH,
            INCOMING_REACH,
        ])
    }
}

/// The squares `side`'s pieces reach with `cards` (own pieces excluded).
fn reach(pos: &Position, side: Side, cards: &[Card]) -> Bitboard {
    let own = pos.pieces(side);
    let mut out = Bitboard::EMPTY;
    for sq in own {
        for &card in cards {
            out |= card.destinations(side, sq);
        }
    }
    out & !own
}

fn steps(a: Square, b: Square) -> i32 {
    let df = (i32::from(a.file()) - i32::from(b.file())).abs();
    let dr = (i32::from(a.rank()) - i32::from(b.rank())).abs();
    df.max(dr)
}

impl Evaluator<Position> for OnitamaEval {
    fn evaluate(&self, pos: &Position) -> i32 {
        let me = pos.side_to_move();
        let [
            student,
            master_attacked,
            temple_distance,
            reach_weight,
            incoming,
        ] = self.0;
        let mut score = 0;
        for side in Side::BOTH {
            let sign = if side == me { 1 } else { -1 };
            let students = pos.pieces(side).len() as i32 - i32::from(pos.master(side).is_some());
            let reached = reach(pos, side, &pos.hand(side));
            let mut value = student * students + reach_weight * reached.len() as i32;
            if let Some(master) = pos.master(side) {
                value -= temple_distance * steps(master, side.other().temple());
                let attackers = reach(pos, side.other(), &pos.hand(side.other()));
                if attackers.contains(master) {
                    value -= master_attacked;
                }
            }
            score += sign * value;
        }
        score += incoming * reach(pos, me, &[pos.side_card()]).len() as i32;
        score
    }

    fn name(&self) -> String {
        "onitama".to_owned()
    }

    /// Winning moves first, then captures, then Master moves towards the temple.
    fn move_order(&self, pos: &Position, mv: Move) -> i32 {
        let Move::Step { from, to, .. } = mv else {
            return 0;
        };
        let me = pos.side_to_move();
        let master_moves = pos.master(me) == Some(from);
        match pos.piece_at(to) {
            Some((_, onitama_core::Piece::Master)) => 100_000,
            _ if master_moves && to == me.other().temple() => 100_000,
            Some(_) => 1_000,
            None if master_moves => {
                let temple = me.other().temple();
                10 * (steps(from, temple) - steps(to, temple))
            }
            None => 0,
        }
    }

    /// Captures and the Master's step onto the opposing temple.
    fn is_noisy(&self, pos: &Position, mv: Move) -> bool {
        let Move::Step { from, to, .. } = mv else {
            return false;
        };
        let me = pos.side_to_move();
        pos.piece_at(to).is_some() || (pos.master(me) == Some(from) && to == me.other().temple())
    }
}
