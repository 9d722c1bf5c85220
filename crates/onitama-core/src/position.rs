//! The position: pieces, cards, side to move; legal moves, playing moves and the outcome.

use crate::bitboard::Bitboard;
use crate::card::{Card, DESTINATIONS};
use crate::deal::Deal;
use crate::error::{IllegalMoveError, IllegalMoveReason, InvalidPositionError};
use crate::movegen::{count_steps, hand_cards, push_steps, visit_steps, visit_steps_onto};
use crate::moves::{Move, MoveList};
use crate::outcome::{Outcome, WinReason};
use crate::side::{Piece, Side};
use crate::square::Square;
use crate::zobrist::ZOBRIST;

const BOARD_BITS: u32 = (1 << 25) - 1;
const RED_TEMPLE: u32 = 1 << 2; // c1
const BLUE_TEMPLE: u32 = 1 << 22; // c5

/// A position of Onitama: where the pieces stand, each side's two cards, the side card and the side
/// to move. It is small (`Copy`, 32 bytes) and carries its Zobrist key, updated incrementally.
///
/// A position is always one that a game can reach (see [`InvalidPositionError`]): every
/// constructor checks it. When the game is over, the loser is "to move" and there are no legal
/// moves.
///
/// ```
/// use onitama_core::{Deal, Move, Position, Side};
/// let mut pos = Position::from_deal(Deal::COMMUNITY_A);
/// assert_eq!(pos.side_to_move(), Side::Blue);
/// assert_eq!(pos.legal_moves().len(), 10);
/// let mv: Move = "ox:c5c4".parse()?;
/// pos.play(mv)?;
/// assert_eq!(pos.to_string(), "ss1ss/2m2/5/5/SSMSS elephant,horse boar,crab ox r");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Position {
    /// All pieces of each side.
    pieces: [u32; 2],
    /// Both Masters.
    masters: u32,
    /// Each side's two cards as a set of card indices.
    hands: [u16; 2],
    side_card: Card,
    to_move: Side,
    /// Each side's number of steps with its pieces and cards (ignoring whose turn it is and
    /// whether the game is over), kept up to date by every move: counting the moves of a
    /// position, or of the position after a move, then costs almost nothing. [`UNCOUNTED`]
    /// after [`Position::after_unchecked_uncounted`]: counted again when needed. Not a feature
    /// of the position (it follows from the pieces and cards), so equality and hashing skip it.
    steps: [u8; 2],
    zobrist: u64,
    /// Whether the game is over, kept up to date by every move (a Master captured or on the
    /// opposing temple): [`Position::is_over`] is asked at every node of a search. Not a
    /// feature of the position (it follows from the pieces), so equality and hashing skip it.
    over: bool,
}

/// The value of [`Position::steps`] for a side whose steps were not counted (more than any side
/// can have: 5 pieces × 2 cards × at most 4 destinations).
const UNCOUNTED: u8 = u8::MAX;

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.pieces == other.pieces
            && self.masters == other.masters
            && self.hands == other.hands
            && self.side_card == other.side_card
            && self.to_move == other.to_move
            && self.zobrist == other.zobrist
    }
}

impl Eq for Position {}

impl core::hash::Hash for Position {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.pieces.hash(state);
        self.masters.hash(state);
        self.hands.hash(state);
        self.side_card.hash(state);
        self.to_move.hash(state);
        self.zobrist.hash(state);
    }
}

/// The default start position, [`Position::start`]: the start of community set A, Blue to move.
///
/// ```
/// use onitama_core::{Deal, Position};
/// assert_eq!(Position::default(), Position::from_deal(Deal::COMMUNITY_A));
/// ```
impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl Position {
    /// The start position of a deal: both home rows filled, Masters on their temples, the side
    /// named by the side card's stamp to move.
    #[must_use]
    pub fn from_deal(deal: Deal) -> Position {
        let mut board = [None; 25];
        for file in 0..5 {
            let piece = if file == 2 {
                Piece::Master
            } else {
                Piece::Student
            };
            board[file] = Some((Side::Red, piece));
            board[20 + file] = Some((Side::Blue, piece));
        }
        let pos = Position::build(
            &board,
            deal.hand(Side::Red),
            deal.hand(Side::Blue),
            deal.side_card(),
            deal.first_player(),
        );
        debug_assert!(pos.validate().is_ok());
        pos
    }

    /// The default start position: the start of community set A ([`Deal::COMMUNITY_A`]), Blue
    /// to move.
    ///
    /// ```
    /// use onitama_core::{Deal, Position};
    /// assert_eq!(Position::start(), Position::from_deal(Deal::COMMUNITY_A));
    /// ```
    #[must_use]
    pub fn start() -> Position {
        Position::from_deal(Deal::COMMUNITY_A)
    }

    /// The deal whose start position this is, if it is one: both home rows full with the
    /// Masters on their temples, and the side to move named by the side card's stamp. Each hand
    /// comes out in alphabetical order (the order inside a hand does not change the game).
    ///
    /// ```
    /// use onitama_core::{Deal, Position};
    ///
    /// let deal = Position::from_deal(Deal::COMMUNITY_A).deal().unwrap();
    /// assert_eq!(deal.to_string(), "elephant,horse,boar,ox,crab");
    /// assert_eq!(Position::from_deal(deal), Position::from_deal(Deal::COMMUNITY_A));
    /// let later = Position::start().after("ox:c5c4".parse()?)?;
    /// assert_eq!(later.deal(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn deal(&self) -> Option<Deal> {
        // The five cards of a position are always different, so they always form a deal.
        let deal = Deal::new(
            self.hand(Side::Red),
            self.hand(Side::Blue),
            self.side_card(),
        )
        .ok()?;
        (Position::from_deal(deal) == *self).then_some(deal)
    }

    /// A position from its parts: `board[square.index()]` is the piece on each square.
    ///
    /// # Errors
    /// [`InvalidPositionError`] if the cards are not five different cards, a side has too many
    /// pieces or Masters, or no game can reach the position (both Masters missing, both sides
    /// winning, or a finished game with the winner to move).
    pub fn from_parts(
        board: &[Option<(Side, Piece)>; 25],
        red_cards: [Card; 2],
        blue_cards: [Card; 2],
        side_card: Card,
        to_move: Side,
    ) -> Result<Position, InvalidPositionError> {
        let cards = [
            red_cards[0],
            red_cards[1],
            blue_cards[0],
            blue_cards[1],
            side_card,
        ];
        let mut seen = 0u16;
        for card in cards {
            if seen & (1 << card.index()) != 0 {
                return Err(InvalidPositionError::DuplicateCard { card });
            }
            seen |= 1 << card.index();
        }
        let pos = Position::build(board, red_cards, blue_cards, side_card, to_move);
        pos.validate()?;
        Ok(pos)
    }

    fn build(
        board: &[Option<(Side, Piece)>; 25],
        red_cards: [Card; 2],
        blue_cards: [Card; 2],
        side_card: Card,
        to_move: Side,
    ) -> Position {
        let mut pos = Position {
            pieces: [0; 2],
            masters: 0,
            hands: [
                (1 << red_cards[0].index()) | (1 << red_cards[1].index()),
                (1 << blue_cards[0].index()) | (1 << blue_cards[1].index()),
            ],
            side_card,
            to_move,
            steps: [0; 2],
            zobrist: 0,
            over: false,
        };
        for (i, cell) in board.iter().enumerate() {
            if let Some((side, piece)) = *cell {
                pos.pieces[side.index()] |= 1 << i;
                if piece == Piece::Master {
                    pos.masters |= 1 << i;
                }
            }
        }
        pos.zobrist = pos.zobrist_from_scratch();
        pos.over = pos.is_over_from_scratch();
        pos.steps = [
            pos.steps_from_scratch(Side::Red),
            pos.steps_from_scratch(Side::Blue),
        ];
        pos
    }

    fn validate(&self) -> Result<(), InvalidPositionError> {
        for side in Side::BOTH {
            let count = self.pieces[side.index()].count_ones() as usize;
            if count > 5 {
                return Err(InvalidPositionError::TooManyPieces { side, count });
            }
            let count = (self.pieces[side.index()] & self.masters).count_ones() as usize;
            if count > 1 {
                return Err(InvalidPositionError::TooManyMasters { side, count });
            }
            let count = (self.pieces[side.index()] & !self.masters).count_ones() as usize;
            if count > 4 {
                return Err(InvalidPositionError::TooManyStudents { side, count });
            }
        }
        let red_master = self.masters & self.pieces[0];
        let blue_master = self.masters & self.pieces[1];
        if red_master == 0 && blue_master == 0 {
            return Err(InvalidPositionError::BothMastersMissing);
        }
        let red_won = blue_master == 0 || red_master & BLUE_TEMPLE != 0;
        let blue_won = red_master == 0 || blue_master & RED_TEMPLE != 0;
        if red_won && blue_won {
            return Err(InvalidPositionError::BothWon);
        }
        if self.outcome().and_then(Outcome::winner) == Some(self.to_move) {
            return Err(InvalidPositionError::WinnerToMove {
                winner: self.to_move,
            });
        }
        Ok(())
    }

    /// The Zobrist key, kept up to date by every move.
    #[must_use]
    pub const fn zobrist(&self) -> u64 {
        self.zobrist
    }

    /// The Zobrist key computed from nothing but the position's features: pieces, each side's
    /// cards, the side card and the side to move. Always equal to [`Position::zobrist`]; the tests
    /// use it to check the incremental updates.
    #[must_use]
    pub fn zobrist_from_scratch(&self) -> u64 {
        let mut h = 0;
        for side in Side::BOTH {
            for sq in self.pieces(side) {
                let piece = if self.masters & (1 << sq.index()) != 0 {
                    Piece::Master
                } else {
                    Piece::Student
                };
                h ^= ZOBRIST.piece(side.index(), piece.index(), sq.index());
            }
            for card in self.hand(side) {
                h ^= ZOBRIST.hand[side.index()][card.index()];
            }
        }
        h ^= ZOBRIST.side_card[self.side_card.index()];
        if self.to_move == Side::Blue {
            h ^= ZOBRIST.blue_to_move;
        }
        h
    }

    fn steps_from_scratch(&self, side: Side) -> u8 {
        count_steps(side, self.pieces[side as usize], self.hands[side as usize]) as u8
    }

    /// The number of steps of `side` (ignoring whose turn it is and whether the game is over):
    /// the stored count, or a count from scratch if it was skipped.
    #[inline]
    fn steps_of(&self, side: Side) -> u8 {
        match self.steps[side as usize] {
            UNCOUNTED => self.steps_recounted(side),
            n => n,
        }
    }

    /// [`Position::steps_of`] for a side whose steps were not counted: out of line, since the
    /// paths that count moves (perft's) meet only counted positions.
    #[cold]
    #[inline(never)]
    fn steps_recounted(&self, side: Side) -> u8 {
        self.steps_from_scratch(side)
    }

    /// The side to move. In a finished game, the loser (the winning move handed over the turn).
    #[must_use]
    pub const fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// The two cards of `side`, in alphabetical order.
    #[must_use]
    pub const fn hand(&self, side: Side) -> [Card; 2] {
        let (a, b) = hand_cards(self.hands[side as usize]);
        // A hand always holds two cards: the indices are below 16 (the mask drops the check).
        [Card::ALL[a & 15], Card::ALL[b & 15]]
    }

    /// The positions in [`Card::ALL`] of the two cards `side` holds, lowest first: the
    /// [`Card::index`] of each card of [`Position::hand`], without making the cards (a table
    /// indexed by card pair needs only these).
    #[must_use]
    #[inline]
    pub const fn hand_indices(&self, side: Side) -> [usize; 2] {
        let (a, b) = hand_cards(self.hands[side as usize]);
        [a & 15, b & 15]
    }

    /// Whether `side` holds `card`.
    #[must_use]
    pub const fn holds(&self, side: Side, card: Card) -> bool {
        self.hands[side as usize] & (1 << card as usize) != 0
    }

    /// The side card (the card the next mover will receive).
    #[must_use]
    pub const fn side_card(&self) -> Card {
        self.side_card
    }

    /// The squares of `side`'s pieces.
    pub const fn pieces(&self, side: Side) -> Bitboard {
        Bitboard::from_bits_truncate(self.pieces[side as usize])
    }

    /// The squares of both Masters.
    pub const fn masters(&self) -> Bitboard {
        Bitboard::from_bits_truncate(self.masters)
    }

    /// All occupied squares.
    pub const fn occupied(&self) -> Bitboard {
        Bitboard::from_bits_truncate(self.pieces[0] | self.pieces[1])
    }

    /// The square of `side`'s Master, or `None` if it was captured.
    #[must_use]
    pub const fn master(&self, side: Side) -> Option<Square> {
        self.masters().bits_and(self.pieces[side as usize]).first()
    }

    /// The piece on `sq`, if any.
    #[must_use]
    pub const fn piece_at(&self, sq: Square) -> Option<(Side, Piece)> {
        let bit = 1 << sq.index();
        let side = if self.pieces[0] & bit != 0 {
            Side::Red
        } else if self.pieces[1] & bit != 0 {
            Side::Blue
        } else {
            return None;
        };
        let piece = if self.masters & bit != 0 {
            Piece::Master
        } else {
            Piece::Student
        };
        Some((side, piece))
    }

    /// Whether the game is over (a Master captured or on the opposing temple).
    #[must_use]
    #[inline]
    pub const fn is_over(&self) -> bool {
        self.over
    }

    /// [`Position::is_over`] from the pieces.
    const fn is_over_from_scratch(&self) -> bool {
        let red = self.masters & self.pieces[0];
        let blue = self.masters & self.pieces[1];
        red == 0 || blue == 0 || (red & BLUE_TEMPLE) | (blue & RED_TEMPLE) != 0
    }

    /// The outcome if the game is over: the winner and the reason. Capturing the Master (the Way
    /// of the Stone) is reported when both ways apply at once.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let red = self.masters & self.pieces[0];
        let blue = self.masters & self.pieces[1];
        let (winner, reason) = if blue == 0 {
            (Side::Red, WinReason::Stone)
        } else if red == 0 {
            (Side::Blue, WinReason::Stone)
        } else if red & BLUE_TEMPLE != 0 {
            (Side::Red, WinReason::Stream)
        } else if blue & RED_TEMPLE != 0 {
            (Side::Blue, WinReason::Stream)
        } else {
            return None;
        };
        Some(Outcome::Win { winner, reason })
    }

    /// The legal moves, in a fixed-capacity list: the steps card by card (alphabetical), then by
    /// origin and destination square; or the two forced passes when no step exists; empty when
    /// the game is over.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.is_over() {
            return list;
        }
        let s = self.to_move;
        let hand = self.hands[s as usize];
        push_steps(s, self.pieces[s as usize], hand, &mut list);
        if list.is_empty() {
            let (a, b) = hand_cards(hand);
            list.push(Move::Pass { card: Card::ALL[a] });
            list.push(Move::Pass { card: Card::ALL[b] });
        }
        list
    }

    /// Calls `f` on each legal move, in the order of [`Position::legal_moves`], without building
    /// a list: the fast path for search and perft.
    #[inline]
    pub fn for_each_legal_move(&self, mut f: impl FnMut(Move)) {
        if self.is_over() {
            return;
        }
        let s = self.to_move;
        let hand = self.hands[s as usize];
        let n = self.steps[s as usize];
        // One test for the two rare cases: no step (the two passes) and not counted.
        if n.wrapping_sub(1) < UNCOUNTED - 1 {
            visit_steps(s, self.pieces[s as usize], hand, f);
            return;
        }
        // Not counted (or no step): the steps are visited, and the passes follow if there was
        // none.
        let mut any = false;
        if n != 0 {
            visit_steps(s, self.pieces[s as usize], hand, |mv| {
                any = true;
                f(mv);
            });
        }
        if !any {
            let (a, b) = hand_cards(hand);
            f(Move::Pass { card: Card::ALL[a] });
            f(Move::Pass { card: Card::ALL[b] });
        }
    }

    /// Calls `f` on each legal step of the side to move onto a square of `targets`, or, for its
    /// Master, onto a square of `master_targets`: the moves of [`Position::for_each_legal_move`]
    /// with such a destination, in the same order, found without visiting the others. Passes
    /// are never included (a pass has no destination); nothing is called when the game is over.
    ///
    /// The captures and the winning steps onto the temple, for a quiescence search:
    ///
    /// ```
    /// use onitama_core::{Move, Position};
    /// let pos: Position = "ss1ss/5/2m2/2S2/SSM1S elephant,horse boar,crab ox b".parse()?;
    /// let them = pos.pieces(pos.side_to_move().other());
    /// let temple = pos.side_to_move().other().temple().bitboard();
    /// let mut noisy = Vec::new();
    /// pos.for_each_step_onto(them, them | temple, |mv| noisy.push(mv));
    /// let expected: Vec<Move> = vec!["boar:c3c2".parse()?, "crab:c3c2".parse()?];
    /// assert_eq!(noisy, expected);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn for_each_step_onto(
        &self,
        targets: Bitboard,
        master_targets: Bitboard,
        f: impl FnMut(Move),
    ) {
        self.visit_steps_onto::<false>(targets, master_targets, f);
    }

    /// [`Position::for_each_step_onto`], found from the destinations backwards (for each card,
    /// the pieces that reach a square of `targets | master_targets`, then their steps): the
    /// same steps in the same order. Cheaper when those squares are few, such as the opposing
    /// pieces or the ones a search knows to be in reach; dearer when they are many (the empty
    /// squares).
    #[inline]
    pub fn for_each_step_reaching(
        &self,
        targets: Bitboard,
        master_targets: Bitboard,
        f: impl FnMut(Move),
    ) {
        self.visit_steps_onto::<true>(targets, master_targets, f);
    }

    /// The side to move's steps onto `targets` (its Master's onto `master_targets`), forwards
    /// or `BACKWARD` ([`visit_steps_onto`]); none when the game is over.
    #[inline]
    fn visit_steps_onto<const BACKWARD: bool>(
        &self,
        targets: Bitboard,
        master_targets: Bitboard,
        f: impl FnMut(Move),
    ) {
        if self.is_over() {
            return;
        }
        let s = self.to_move as usize;
        visit_steps_onto::<BACKWARD>(
            self.to_move,
            self.pieces[s],
            self.hands[s],
            self.masters,
            targets.bits(),
            master_targets.bits(),
            f,
        );
    }

    /// The number of legal moves, without building the list: `0` when the game is over, `2` for
    /// the two forced passes when no step exists.
    #[must_use]
    #[inline]
    pub fn legal_move_count(&self) -> usize {
        if self.is_over() {
            return 0;
        }
        match self.steps_of(self.to_move) {
            0 => 2,
            n => n as usize,
        }
    }

    /// The number of legal moves after the legal move `mv`, without playing it: the opponent's
    /// count does not depend on where the mover's piece went, only on whether it captured and on
    /// whether the move won.
    ///
    /// The result is unspecified (but no panic) if `mv` is not legal here.
    #[must_use]
    #[inline]
    pub fn legal_move_count_after(&self, mv: Move) -> usize {
        let s = self.to_move;
        let o = s.other() as usize;
        let mut n = self.steps[o];
        if n == UNCOUNTED {
            return self.legal_move_count_after_recounted(mv);
        }
        if let Move::Step { from, to, .. } = mv {
            let tb = 1u32 << to.index();
            // A Master captured (only the opponent's can stand on `to`) or a Master on the temple.
            let temple = if s == Side::Red {
                BLUE_TEMPLE
            } else {
                RED_TEMPLE
            };
            if self.masters & tb != 0 || (tb == temple && self.masters & (1 << from.index()) != 0) {
                return 0;
            }
            if self.pieces[o] & tb != 0 {
                n = steps_after_capture(s.other(), self.pieces[o], self.hands[o], n, to);
            }
        }
        match n {
            0 => 2,
            n => n as usize,
        }
    }

    /// [`Position::legal_move_count_after`] when the opponent's steps were not counted: out of
    /// line, since perft (the path that counts after moves) meets only counted positions.
    #[cold]
    #[inline(never)]
    fn legal_move_count_after_recounted(&self, mv: Move) -> usize {
        let mut counted = *self;
        let o = self.to_move.other();
        counted.steps[o as usize] = self.steps_from_scratch(o);
        counted.legal_move_count_after(mv)
    }

    /// `Ok(())` if `mv` is legal here, or why not.
    ///
    /// # Errors
    /// [`IllegalMoveError`] with the move and the first rule it breaks ([`IllegalMoveReason`],
    /// checked in the order of its variants).
    pub fn check_move(&self, mv: Move) -> Result<(), IllegalMoveError> {
        self.illegal_reason(mv)
            .map_err(|reason| IllegalMoveError { mv, reason })
    }

    fn illegal_reason(&self, mv: Move) -> Result<(), IllegalMoveReason> {
        let side = self.to_move;
        if let Some(outcome) = self.outcome() {
            return Err(IllegalMoveReason::GameOver { outcome });
        }
        let card = mv.card();
        if !self.holds(side, card) {
            return Err(IllegalMoveReason::CardNotInHand { side, card });
        }
        let own = self.pieces[side as usize];
        match mv {
            Move::Step { from, to, .. } => {
                if own & (1 << from.index()) == 0 {
                    return Err(IllegalMoveReason::NoOwnPiece { side, square: from });
                }
                if DESTINATIONS[card as usize][side as usize][from.index()] & (1 << to.index()) == 0
                {
                    return Err(IllegalMoveReason::NotOnCard {
                        side,
                        card,
                        from,
                        to,
                    });
                }
                if own & (1 << to.index()) != 0 {
                    return Err(IllegalMoveReason::OwnPieceThere { side, square: to });
                }
                Ok(())
            }
            Move::Pass { .. } => {
                if self.steps_of(side) != 0 {
                    return Err(IllegalMoveReason::PassWhileMoveExists { side });
                }
                Ok(())
            }
        }
    }

    /// Whether `mv` is legal here (exactly when it is in [`Position::legal_moves`]).
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.illegal_reason(mv).is_ok()
    }

    /// Plays `mv` if it is legal.
    ///
    /// # Errors
    /// [`IllegalMoveError`] with the move and the reason; the position is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        self.check_move(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// The position after `mv`, if it is legal.
    ///
    /// # Errors
    /// [`IllegalMoveError`] with the move and the reason.
    pub fn after(&self, mv: Move) -> Result<Position, IllegalMoveError> {
        let mut next = *self;
        next.play(mv)?;
        Ok(next)
    }

    /// The position after `mv`, which must be legal (see [`Position::play_unchecked`]).
    #[must_use]
    #[inline]
    pub fn after_unchecked(&self, mv: Move) -> Position {
        let mut next = *self;
        next.play_unchecked(mv);
        next
    }

    /// Plays `mv`, which the caller guarantees to be legal: the fast path for search.
    ///
    /// A step moves the piece (capturing whatever opposing piece stands on the destination); then,
    /// unless the step won the game, the card used becomes the side card and the mover takes the
    /// old side card. A pass does only the exchange. The turn passes to the opponent in every case.
    /// An illegal move leaves an unspecified (but memory-safe) position.
    ///
    /// Besides the Zobrist key, a move updates the stored step counts (a full recount for the
    /// mover, a small correction for the opponent after a capture); that is what makes
    /// [`Position::legal_move_count`] and [`Position::legal_move_count_after`] nearly free.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        self.play_unchecked_counting::<true>(mv);
    }

    /// The position after `mv`, which must be legal, without counting the mover's steps again:
    /// the position is the same (`==`, same key, same moves and counts), but a later
    /// [`Position::legal_move_count`] or [`Position::legal_move_count_after`] that needs that
    /// count computes it. The fast path for a search, which plays far more moves than it counts;
    /// perft, which counts at the last ply, is faster with [`Position::after_unchecked`].
    ///
    /// ```
    /// use onitama_core::{Move, Position};
    /// let pos = Position::start();
    /// let mv: Move = "ox:c5c4".parse()?;
    /// let next = pos.after_unchecked_uncounted(mv);
    /// assert_eq!(next, pos.after_unchecked(mv));
    /// assert_eq!(next.legal_move_count(), pos.after_unchecked(mv).legal_move_count());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn after_unchecked_uncounted(&self, mv: Move) -> Position {
        let mut next = *self;
        next.play_unchecked_uncounted(mv);
        next
    }

    /// Plays `mv`, which must be legal, without counting the mover's steps again: the position
    /// becomes the one [`Position::after_unchecked_uncounted`] returns (in place, which spares
    /// a search the copy of the result).
    #[inline(always)]
    pub fn play_unchecked_uncounted(&mut self, mv: Move) {
        self.play_unchecked_counting::<false>(mv);
    }

    /// [`Position::play_unchecked`], counting the mover's steps again or marking them uncounted.
    #[inline(always)]
    fn play_unchecked_counting<const COUNT: bool>(&mut self, mv: Move) {
        let s = self.to_move as usize;
        let o = 1 - s;
        let card = mv.card();
        let mut won = false;
        if let Move::Step { from, to, .. } = mv {
            let fb = 1u32 << from.index();
            let tb = 1u32 << to.index();
            let kind = usize::from(self.masters & fb == 0);
            self.zobrist ^=
                ZOBRIST.piece(s, kind, from.index()) ^ ZOBRIST.piece(s, kind, to.index());
            if self.pieces[o] & tb != 0 {
                let captured = usize::from(self.masters & tb == 0);
                self.zobrist ^= ZOBRIST.piece(o, captured, to.index());
                if self.steps[o] != UNCOUNTED {
                    self.steps[o] = steps_after_capture(
                        self.to_move.other(),
                        self.pieces[o],
                        self.hands[o],
                        self.steps[o],
                        to,
                    );
                }
                self.pieces[o] ^= tb;
                won = captured == 0;
                self.masters &= !tb;
            }
            self.pieces[s] ^= fb | tb;
            if kind == 0 {
                self.masters ^= fb | tb;
                let temple = if s == 0 { BLUE_TEMPLE } else { RED_TEMPLE };
                won |= tb == temple;
            }
        }
        if !won {
            let old = self.side_card;
            self.hands[s] ^= (1 << card.index()) | (1 << old.index());
            self.zobrist ^= ZOBRIST.card_exchange(s, card.index(), old.index());
            self.side_card = card;
        }
        // The mover's pieces or cards changed: count its steps again.
        self.steps[s] = if COUNT {
            count_steps(self.to_move, self.pieces[s], self.hands[s]) as u8
        } else {
            UNCOUNTED
        };
        self.to_move = self.to_move.other();
        self.zobrist ^= ZOBRIST.blue_to_move;
        self.over = won;
        debug_assert_eq!(self.over, self.is_over_from_scratch());
        debug_assert_eq!(self.pieces[0] & self.pieces[1], 0);
        debug_assert_eq!((self.pieces[0] | self.pieces[1]) & !BOARD_BITS, 0);
    }
}

impl core::fmt::Debug for Position {
    /// `Position("<text>")`, the text form being far easier to read than the bitboards.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("Position")
            .field(&format_args!("{self}"))
            .finish()
    }
}

/// The number of steps of `side` (pieces `own`, cards `hand`, `steps` of them) once its piece on
/// `captured` is removed: that piece's own steps go, and each remaining piece that could not step
/// onto `captured` (its own piece stood there) now can.
#[inline]
fn steps_after_capture(side: Side, own: u32, hand: u16, steps: u8, captured: Square) -> u8 {
    let (c1, c2) = hand_cards(hand);
    let t = captured.index();
    let rest = own & !(1 << t);
    let (me, them) = (side as usize, 1 - side as usize);
    // The captured piece's destinations (for `side`), and the squares from which a piece of
    // `side` reaches `captured` (the same card seen from the other seat).
    let lost = u64::from(DESTINATIONS[c1 & 15][me][t] & !own)
        | u64::from(DESTINATIONS[c2 & 15][me][t] & !own) << 32;
    let gained = u64::from(DESTINATIONS[c1 & 15][them][t] & rest)
        | u64::from(DESTINATIONS[c2 & 15][them][t] & rest) << 32;
    (u32::from(steps) + gained.count_ones() - lost.count_ones()) as u8
}

impl Bitboard {
    const fn bits_and(self, other: u32) -> Bitboard {
        Bitboard::from_bits_truncate(self.bits() & other)
    }
}
