//! [`OnitamaEval`]: the evaluator, move order and quiescence moves of the alpha-beta search.

use game_engines::{Evaluator, WeightCountError};
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
/// incoming reach (the constants [`STUDENT`], [`MASTER_ATTACKED`], [`TEMPLE_DISTANCE`],
/// [`REACH`], [`INCOMING_REACH`] by default); matches compare other weights
/// (`alphabeta:weights=100/60/6/2/1` on the command line, [`OnitamaEval::from_weights`] here).
///
/// ```
/// use game_engines::Evaluator;
/// use onitama_core::Position;
/// use onitama_engine::OnitamaEval;
///
/// let eval = OnitamaEval::default();
/// let start = Position::start();
/// assert_eq!(start.to_string(), "ssmss/5/5/5/SSMSS elephant,horse boar,ox crab b");
/// // Blue, to move, without the Student on b5: about a Student less.
/// let down: Position = "s1mss/5/5/5/SSMSS elephant,horse boar,ox crab b".parse()?;
/// assert!(eval.evaluate(&down) < eval.evaluate(&start) - 50);
/// assert_eq!(OnitamaEval::from_weights(&[100, 60, 6, 2, 1]), Ok(eval));
/// assert!(OnitamaEval::from_weights(&[100]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnitamaEval(pub [i32; 5]);

impl OnitamaEval {
    /// The evaluator with these weights: Student, Master attacked, temple distance, reach,
    /// incoming reach.
    ///
    /// # Errors
    /// [`WeightCountError`] unless there are exactly five.
    pub fn from_weights(weights: &[i32]) -> Result<Self, WeightCountError> {
        <[i32; 5]>::try_from(weights)
            .map(OnitamaEval)
            .map_err(|_| WeightCountError::new("onitama", 5, weights.len()))
    }
}

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

/// `TEMPLE_STEPS[side][square]`: the king steps from `square` to the temple `side` attacks (the
/// opponent's), [`steps`] precomputed.
const TEMPLE_STEPS: [[i32; 25]; 2] = {
    let mut table = [[0; 25]; 2];
    let mut side = 0;
    while side < 2 {
        let temple = Side::BOTH[side].other().temple();
        let mut sq = 0;
        while sq < 25 {
            table[side][sq] = steps(Square::ALL[sq], temple);
            sq += 1;
        }
        side += 1;
    }
    table
};

/// The squares that the cards `a` and `b` of `side` reach from its pieces, own pieces *not*
/// excluded (the caller removes them where it needs to).
#[inline]
fn cover(pos: &Position, side: Side, [a, b]: [Card; 2]) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for sq in pos.pieces(side) {
        out |= a.destinations(side, sq) | b.destinations(side, sq);
    }
    out
}

/// [`cover`] of `side`'s two cards, and at the same time the squares the card `extra` reaches
/// from its pieces (own pieces not excluded).
#[inline]
fn cover_and_extra(
    pos: &Position,
    side: Side,
    [a, b]: [Card; 2],
    extra: Card,
) -> (Bitboard, Bitboard) {
    let mut out = Bitboard::EMPTY;
    let mut more = Bitboard::EMPTY;
    for sq in pos.pieces(side) {
        out |= a.destinations(side, sq) | b.destinations(side, sq);
        more |= extra.destinations(side, sq);
    }
    (out, more)
}

/// The sizes of two sets at once. The build has no population-count instruction, so
/// `count_ones` is a sequence of shifts and masks; one such sequence over a `u64` holding both
/// sets (`a` in the low half, `b` in the high half) counts both, and a single multiply adds up
/// each half's byte counts (byte 3 of the product for `a`, byte 7 for `b`: every byte count is at
/// most 8, so no sum carries into the next byte).
#[inline]
fn len2(a: Bitboard, b: Bitboard) -> (i32, i32) {
    let x = u64::from(a.bits()) | u64::from(b.bits()) << 32;
    let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    let x = (x + (x >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    let sums = x.wrapping_mul(0x0101_0101);
    (((sums >> 24) & 0xFF) as i32, (sums >> 56) as i32)
}

const fn steps(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    if df > dr { df } else { dr }
}

impl Evaluator<Position> for OnitamaEval {
    /// Each side's reach is computed once (the set of squares its cards reach from its pieces,
    /// own pieces included): minus its own pieces it is the side's reach term, and it contains
    /// the other Master exactly when that Master is attacked (a Master is never on a square of
    /// its opponent's pieces). The incoming card is looked up in the same loop over the side to
    /// move's pieces.
    fn evaluate(&self, pos: &Position) -> i32 {
        let me = pos.side_to_move();
        let them = me.other();
        let [
            student,
            master_attacked,
            temple_distance,
            reach_weight,
            incoming,
        ] = self.0;
        let masters = pos.masters();
        let (my_cover, incoming_cover) = cover_and_extra(pos, me, pos.hand(me), pos.side_card());
        let their_cover = cover(pos, them, pos.hand(them));
        let (my_pieces, their_pieces) = (pos.pieces(me), pos.pieces(them));
        let (my_students, their_students) = len2(my_pieces & !masters, their_pieces & !masters);
        let (my_reach, their_reach) = len2(my_cover & !my_pieces, their_cover & !their_pieces);
        let mut score = student * (my_students - their_students)
            + reach_weight * (my_reach - their_reach)
            + incoming * (incoming_cover & !my_pieces).len() as i32;
        // Each Master: its distance to the temple it attacks, and whether the other side's cards
        // reach it.
        if let Some(master) = (my_pieces & masters).first() {
            score -= temple_distance * TEMPLE_STEPS[me.index()][master.index()];
            if their_cover.contains(master) {
                score -= master_attacked;
            }
        }
        if let Some(master) = (their_pieces & masters).first() {
            score += temple_distance * TEMPLE_STEPS[them.index()][master.index()];
            if my_cover.contains(master) {
                score += master_attacked;
            }
        }
        score
    }

    fn name(&self) -> String {
        "onitama".to_owned()
    }

    /// Winning moves first, then captures, then Master moves towards the temple.
    ///
    /// Plain bit tests on the position's sets: the origin is the mover's own piece (the move is
    /// legal), so a Master there is the mover's Master, and the destination is never the mover's
    /// own piece, so an occupied destination is a capture.
    #[inline]
    fn move_order(&self, pos: &Position, mv: Move) -> i32 {
        let Move::Step { from, to, .. } = mv else {
            return 0;
        };
        let me = pos.side_to_move();
        let masters = pos.masters() & pos.occupied();
        let master_moves = (masters & pos.pieces(me)).contains(from);
        if pos.occupied().contains(to) {
            if masters.contains(to) || (master_moves && to == me.other().temple()) {
                100_000
            } else {
                1_000
            }
        } else if master_moves {
            if to == me.other().temple() {
                100_000
            } else {
                let steps = &TEMPLE_STEPS[me.index()];
                10 * (steps[from.index()] - steps[to.index()])
            }
        } else {
            0
        }
    }

    /// Captures and the Master's step onto the opposing temple.
    #[inline]
    fn is_noisy(&self, pos: &Position, mv: Move) -> bool {
        let Move::Step { from, to, .. } = mv else {
            return false;
        };
        let me = pos.side_to_move();
        pos.occupied().contains(to)
            || (to == me.other().temple() && (pos.masters() & pos.pieces(me)).contains(from))
    }

    /// The captures and the Master's steps onto the opposing temple, straight from the
    /// bitboards ([`Position::for_each_step_onto`]).
    #[inline]
    fn for_each_noisy_move(&self, pos: &Position, f: impl FnMut(Move)) {
        let them = pos.side_to_move().other();
        let targets = pos.pieces(them);
        pos.for_each_step_onto(targets, targets | them.temple().bitboard(), f);
    }
}

#[cfg(test)]
mod tests {
    //! The evaluator against a plain transcription of its definition (the code it replaced):
    //! the fast paths must compute the very same values.

    use super::*;
    use abstract_game::rng::SplitMix64;
    use onitama_core::{Deal, Piece};

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

    fn evaluate(weights: [i32; 5], pos: &Position) -> i32 {
        let me = pos.side_to_move();
        let [
            student,
            master_attacked,
            temple_distance,
            reach_weight,
            incoming,
        ] = weights;
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

    fn move_order(pos: &Position, mv: Move) -> i32 {
        let Move::Step { from, to, .. } = mv else {
            return 0;
        };
        let me = pos.side_to_move();
        let master_moves = pos.master(me) == Some(from);
        match pos.piece_at(to) {
            Some((_, Piece::Master)) => 100_000,
            _ if master_moves && to == me.other().temple() => 100_000,
            Some(_) => 1_000,
            None if master_moves => {
                let temple = me.other().temple();
                10 * (steps(from, temple) - steps(to, temple))
            }
            None => 0,
        }
    }

    fn is_noisy(pos: &Position, mv: Move) -> bool {
        let Move::Step { from, to, .. } = mv else {
            return false;
        };
        let me = pos.side_to_move();
        pos.piece_at(to).is_some() || (pos.master(me) == Some(from) && to == me.other().temple())
    }

    #[test]
    fn len2_counts_both_sets() {
        let mut rng = SplitMix64::new(3);
        for _ in 0..10_000 {
            let a = Bitboard::from_bits_truncate(rng.next_u64() as u32);
            let b = Bitboard::from_bits_truncate((rng.next_u64() >> 32) as u32);
            assert_eq!(len2(a, b), (a.len() as i32, b.len() as i32));
        }
        assert_eq!(len2(Bitboard::FULL, Bitboard::FULL), (25, 25));
        assert_eq!(len2(Bitboard::EMPTY, Bitboard::FULL), (0, 25));
    }

    #[test]
    fn fast_paths_match_the_definition() {
        let mut rng = SplitMix64::new(7);
        let weights = [[100, 60, 6, 2, 1], [3, 5, 7, 11, 13]];
        let mut positions = 0;
        for game in 0..300 {
            let mut pos = Position::from_deal(Deal::random(rng.next_u64()));
            while !pos.is_over() {
                for w in weights {
                    assert_eq!(
                        OnitamaEval(w).evaluate(&pos),
                        evaluate(w, &pos),
                        "{pos} (game {game})"
                    );
                }
                let moves = pos.legal_moves();
                for &mv in &moves {
                    let eval = OnitamaEval::default();
                    assert_eq!(
                        eval.move_order(&pos, mv),
                        move_order(&pos, mv),
                        "{pos} {mv}"
                    );
                    assert_eq!(eval.is_noisy(&pos, mv), is_noisy(&pos, mv), "{pos} {mv}");
                }
                let mut noisy = Vec::new();
                OnitamaEval::default().for_each_noisy_move(&pos, |mv| noisy.push(mv));
                let filtered: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|&mv| is_noisy(&pos, mv))
                    .collect();
                assert_eq!(noisy, filtered, "{pos}");
                let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
                pos.play_unchecked(mv);
                positions += 1;
            }
        }
        assert!(positions > 3000, "{positions}");
    }
}
