//! [`KamisadoEval`]: the evaluator, move order and quiescence moves of the alpha-beta search.

use game_engines::{Evaluator, MAX_WEIGHT, WeightCountError};
use kamisado_core::{Bitboard, Move, Position, Side};

/// Points per rank a tower has advanced from its own home row.
pub const ADVANCE: i32 = 3;
/// Points for a tower with a clear path to the opponent's home row.
pub const OPEN_LINE: i32 = 60;
/// Points per safe move of the side to move's required tower.
pub const SAFE: i32 = 8;
/// The value of a position whose side to move wins with its next move.
pub const WIN_NEXT: i32 = 5_000;
/// The value of a position whose side to move has only moves that hand over a winning tower.
pub const LOSS_NEXT: i32 = -5_000;
/// Move-order penalty for naming an opponent tower that has an open line.
pub const HANDED_THREAT: i32 = 5000;

/// The Kamisado evaluator.
///
/// Every term is from the side to move's point of view (its towers count plus, the opponent's
/// minus):
///
/// - **Advance** (`ADVANCE` per rank): a tower nearer the opponent's home row has fewer squares to
///   cross.
/// - **Open lines** (`OPEN_LINE`): a tower that could reach the opponent's home row in one move as
///   the board stands (a clear straight or diagonal path). It wins the moment its colour is named.
/// - **The forced tower and the colour it hands over** (`SAFE` per safe move): the side to move
///   must play one tower, and each of its moves names the opponent's next tower by the colour of
///   the square it ends on. A move is *safe* when the tower it names has no open line afterwards.
///   A tower that can reach the home row wins now (`WIN_NEXT`); one with no safe move loses on the
///   opponent's next ply (`LOSS_NEXT`). This is the one link of the chain the evaluation looks
///   ahead, cheaply.
/// - **The link ahead** (`HANDED_THREAT`): the colour each move hands over decides the opponent's
///   tower. Move ordering looks one link ahead cheaply: a move that names an opponent tower with an
///   open line loses at once and is tried last; a move that leaves the opponent's forced tower few
///   replies comes early.
///
/// The weights are the field, in the order advance, open line, safe move (the constants
/// [`ADVANCE`], [`OPEN_LINE`], [`SAFE`] by default); matches compare other weights
/// (`alphabeta:weights=3/60/8` on the command line, [`KamisadoEval::from_weights`] here).
///
/// ```
/// use game_engines::Evaluator;
/// use kamisado_core::Position;
/// use kamisado_engine::KamisadoEval;
///
/// let eval = KamisadoEval::default();
/// // The start is symmetric: both sides' towers cancel out, Black's free first move counts.
/// let start = Position::start();
/// assert!(eval.evaluate(&start) > 0);
/// assert_eq!(KamisadoEval::from_weights(&[3, 60, 8]), Ok(eval));
/// assert!(KamisadoEval::from_weights(&[1, 2]).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KamisadoEval(pub [i32; 3]);

impl Default for KamisadoEval {
    fn default() -> Self {
        KamisadoEval([ADVANCE, OPEN_LINE, SAFE])
    }
}

impl KamisadoEval {
    /// The evaluator with these weights: advance, open line, safe move.
    ///
    /// # Errors
    /// [`WeightCountError`] unless there are exactly three.
    pub fn from_weights(weights: &[i32]) -> Result<Self, WeightCountError> {
        <[i32; 3]>::try_from(weights)
            .map(KamisadoEval)
            .map_err(|_| WeightCountError::new("kamisado", 3, weights.len()))
    }
}

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

/// Whether the opponent's tower that `next` requires can reach its target row.
fn hands_a_win(next: &Position) -> bool {
    next.required_tower()
        .is_some_and(|tower| open_line(next, tower.side, next.reach(next.square_of(tower))))
}

impl Evaluator<Position> for KamisadoEval {
    fn evaluate(&self, pos: &Position) -> i32 {
        let me = pos.side_to_move();
        // The forced tower: a win now, or the safe colours it can hand over.
        let mut safe = 0;
        let mut wins = false;
        pos.for_each_legal_move(|mv| {
            if !mv.is_zero_length() && me.target_row().contains(mv.to) {
                wins = true;
            } else if !hands_a_win(&pos.after_unchecked(mv)) {
                safe += 1;
            }
        });
        if wins {
            return WIN_NEXT;
        }
        if safe == 0 {
            return LOSS_NEXT;
        }
        // Clamped: the weights are a public field, and larger ones would overflow the sums.
        let [advance_weight, open_line_weight, safe_weight] =
            self.0.map(|w| w.clamp(-MAX_WEIGHT, MAX_WEIGHT));
        let mut score = safe_weight * safe;
        for (tower, sq) in pos.towers() {
            let reach = pos.reach(sq);
            let mut value = advance_weight * advance(tower.side, sq.rank());
            if open_line(pos, tower.side, reach) {
                value += open_line_weight;
            }
            score += if tower.side == me { value } else { -value };
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
            return if next.outcome().is_some_and(|o| o.winner() == Some(me)) {
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
