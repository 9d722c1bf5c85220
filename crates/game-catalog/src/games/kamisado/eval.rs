//! [`KamisadoEval`]: the Kamisado knowledge of the search engines.
//!
//! Every term is from the side to move's point of view (its towers count plus, the opponent's
//! minus):
//!
//! - **Advance** (`ADVANCE` per rank): a tower nearer the opponent's home row has fewer squares to
//!   cross.
//! - **Open lines** (`OPEN_LINE`): a tower that could reach the opponent's home row in one move as
//!   the board stands (a clear straight or diagonal path). It wins the moment its colour is named.
//! - **The forced tower** (`MOBILITY` per destination): the tower the side to move must play, and
//!   how many moves it has; a blocked tower hands its square's colour on without choice.
//! - **The link ahead** (`HANDED_THREAT`): the colour each move hands over decides the opponent's
//!   tower. Move ordering looks one link ahead cheaply: a move that names an opponent tower with an
//!   open line loses at once and is tried last; a move that leaves the opponent's forced tower few
//!   replies comes early.

use game_engines::Evaluator;
use kamisado_core::{Bitboard, Move, Position, Side};

/// Points per rank a tower has advanced from its own home row.
pub const ADVANCE: i32 = 3;
/// Points for a tower with a clear path to the opponent's home row.
pub const OPEN_LINE: i32 = 60;
/// Points per destination of the side to move's required tower.
pub const MOBILITY: i32 = 2;
/// Move-order penalty for naming an opponent tower that has an open line.
pub const HANDED_THREAT: i32 = 5000;

/// The Kamisado evaluator; see the [module](self) for its terms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KamisadoEval;

fn advance(side: Side, rank: u8) -> i32 {
    match side {
        Side::Black => i32::from(rank),
        Side::Gold => 7 - i32::from(rank),
    }
}

fn open_line(pos: &Position, side: Side, reach: Bitboard) -> bool {
    let _ = pos;
    !(reach & side.target_row()).is_empty()
}

impl Evaluator<Position> for KamisadoEval {
    fn evaluate(&self, pos: &Position) -> i32 {
        let me = pos.side_to_move();
        let mut score = 0;
        for (tower, sq) in pos.towers() {
            let reach = pos.reach(sq);
            let mut value = ADVANCE * advance(tower.side, sq.rank());
            if open_line(pos, tower.side, reach) {
                value += OPEN_LINE;
            }
            score += if tower.side == me { value } else { -value };
        }
        if let Some(tower) = pos.required_tower() {
            score += MOBILITY * pos.reach(pos.square_of(tower)).len() as i32;
        }
        score
    }

    fn name(&self) -> String {
        "kamisado".to_owned()
    }

    /// Wins first; then by the opponent's forced tower after the move: naming a tower with an open
    /// line last, fewer replies earlier.
    fn move_order(&self, pos: &Position, mv: Move) -> i32 {
        let me = pos.side_to_move();
        if !mv.is_zero_length() && me.target_row().contains(mv.to) {
            return 100_000;
        }
        let next = pos.after_unchecked(mv);
        if next.is_over() {
            return if next.outcome().is_some_and(|o| o.winner == me) {
                100_000
            } else {
                -100_000
            };
        }
        let Some(tower) = next.required_tower() else {
            return 0;
        };
        let reach = next.reach(next.square_of(tower));
        let mut key = -(reach.len() as i32);
        if open_line(&next, tower.side, reach) {
            key -= HANDED_THREAT;
        }
        key
    }

    /// Moves onto the home row, and moves after which the opponent's forced tower has an open
    /// line (a threat the search must see through).
    fn is_noisy(&self, pos: &Position, mv: Move) -> bool {
        let me = pos.side_to_move();
        if !mv.is_zero_length() && me.target_row().contains(mv.to) {
            return true;
        }
        let next = pos.after_unchecked(mv);
        next.required_tower()
            .is_some_and(|tower| open_line(&next, tower.side, next.reach(next.square_of(tower))))
    }
}
