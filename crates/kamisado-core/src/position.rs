//! [`Position`]: the state of a game and the rules acting on it.

use core::fmt;

use arrayvec::ArrayVec;

use crate::bitboard::Bitboard;
use crate::colour::{Colour, SQUARE_COLOURS, SQUARE_COLOURS_256};
use crate::error::{IllegalMoveError, IllegalMoveReason, InvalidPositionError};
use crate::movegen::{all_rays, destinations, forward_count, forward_destinations, to_frame};
use crate::moves::{Move, MoveList};
use crate::outcome::{Outcome, WinReason};
use crate::side::{Side, Tower};
use crate::square::Square;
use crate::zobrist::ZOBRIST;

/// One state of a zero-length chain: whose turn it is and which colour must move.
///
/// See [`Position::chain`]. A deadlock is a zero-length move that repeats a state of the chain.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ChainState {
    /// The side to move in this state.
    pub side_to_move: Side,
    /// The colour of the tower that had to move.
    pub required: Colour,
}

/// A position: where the sixteen towers stand, whose turn it is, which tower must move, and the
/// zero-length chain since the last move of positive length (it decides deadlocks).
///
/// Positions are small `Copy` values (no history inside; see [`crate::GameRecord`] for that).
/// [`Position::play`] checks a move and explains a rejection; [`Position::play_unchecked`] is the
/// fast path for moves taken from [`Position::legal_moves`].
///
/// ```
/// use kamisado_core::{Colour, Move, Position, Side, Square};
///
/// let mut pos = Position::start();
/// assert_eq!(pos.legal_moves().len(), 102);
/// pos.play("c1a3".parse()?)?;
/// assert_eq!(pos.side_to_move(), Side::Gold);
/// assert_eq!(pos.required(), Some(Colour::Blue)); // a3 is a blue square
/// assert_eq!(pos.legal_sources().iter().collect::<Vec<_>>(), [Square::B8]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Occupied squares in each side's frame (`occ[1]` turned by 180 degrees), shifted down one
    /// rank (index − 8, so the own home row drops out: no forward ray reaches it) with the top
    /// byte set: a virtual, always occupied rank 9 that ends every ray (see `movegen`).
    occ: [u64; 2],
    /// The Zobrist key, kept up to date by `play_unchecked`.
    zobrist: u64,
    /// `towers[side][colour]`: the square index of every tower in its owner's frame (Gold's
    /// squares turned by 180 degrees, so that both sides move towards higher indices).
    towers: [[u8; 8]; 2],
    /// The side to move (in a finished game: the side that would move next).
    side: Side,
    /// The colour of the tower that must move; `None` only on the first move of the game.
    required: Option<Colour>,
    /// Bit `side * 8 + colour` for every state of the current chain, the current state included
    /// (empty on the first move of the game).
    chain_set: u16,
    /// The first state of the chain (`side * 8 + colour`): the state right after the last move of
    /// positive length. Equal to the current state when `chain_len == 0` (0 on the first move).
    chain_first: u8,
    /// How many states came before the current one in the chain (zero-length moves since the last
    /// move of positive length).
    chain_len: u8,
    /// Set once the game is over.
    outcome: Option<Outcome>,
}

#[inline(always)]
const fn state_index(side: Side, colour: Colour) -> usize {
    side.index() * 8 + colour.index()
}

#[inline(always)]
const fn bit(sq: usize) -> u64 {
    1 << sq
}

/// `occ` of one frame shifted down one rank, with the virtual rank 9 on top.
#[inline]
const fn shifted(occ: u64) -> u64 {
    (occ >> 8) | (0xFF << 56)
}

/// `FRAME_BITS[side][sq]`: the bit of absolute square `sq` in the frame of `side`.
///
/// Padded to 256 entries (zero beyond 63) so that a raw `u8` square needs no bounds check.
static FRAME_BITS: [[u64; 256]; 2] = {
    let mut t = [[0u64; 256]; 2];
    let mut sq = 0;
    while sq < 64 {
        t[0][sq] = 1 << sq;
        t[1][sq] = 1 << (63 - sq);
        sq += 1;
    }
    t
};

/// The default position is the start, [`Position::start`].
///
/// ```
/// assert_eq!(kamisado_core::Position::default(), kamisado_core::Position::start());
/// ```
impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl Position {
    /// The start position: every tower on the square of its own colour in its owner's home row,
    /// Black to move with a free choice of tower.
    #[must_use]
    pub fn start() -> Position {
        let mut towers = [[Square::A1; 8]; 2];
        for sq in Bitboard::RANK_1 {
            towers[Side::Black.index()][sq.colour().index()] = sq;
        }
        for sq in Bitboard::RANK_8 {
            towers[Side::Gold.index()][sq.colour().index()] = sq;
        }
        Position::assemble(towers, Side::Black, None)
    }

    /// The position with `board` (indexed by [`Square::index`]), `side_to_move`, the `required`
    /// colour (`None` for the free choice of the first move) and the zero-length `chain`: the
    /// required colours of the earlier states of the chain, oldest first, as listed by
    /// [`Position::chain`] (empty when the last move had positive length). The sides of the chain
    /// states alternate backwards from `side_to_move`.
    ///
    /// A finished game is a valid position: its outcome follows from the board (a tower on the
    /// opposing home row) or from the chain (the current state repeats one of the chain).
    ///
    /// ```
    /// use kamisado_core::{Colour, Position, Side};
    ///
    /// let pos = Position::start();
    /// let mut board = [None; 64];
    /// for (tower, sq) in pos.towers() {
    ///     board[sq.index()] = Some(tower);
    /// }
    /// assert_eq!(Position::from_parts(&board, Side::Black, None, &[])?, pos);
    /// assert!(Position::from_parts(&board, Side::Gold, Some(Colour::Red), &[Colour::Red]).is_err());
    /// # Ok::<(), kamisado_core::InvalidPositionError>(())
    /// ```
    ///
    /// # Errors
    /// When no game reaches the position: a tower on two squares, a side without exactly eight
    /// towers, a chain without a required colour, a free choice of tower anywhere but in the start
    /// position with Black to move, more than one tower on an opposing home row, a home-row win
    /// whose other parts are not those right after the winning move (the loser to move, the
    /// colour of the winning square required, no chain), or a chain that does not fit the board
    /// (a repeated earlier state, a state whose tower could move, or whose tower does not stand on
    /// a square of the next state's colour). The checks run in this order.
    pub fn from_parts(
        board: &[Option<Tower>; Square::COUNT],
        side_to_move: Side,
        required: Option<Colour>,
        chain: &[Colour],
    ) -> Result<Position, InvalidPositionError> {
        use InvalidPositionError as E;
        let mut found = [[None::<Square>; 8]; 2];
        for (sq, tower) in Square::ALL.into_iter().zip(board) {
            let Some(tower) = *tower else { continue };
            let slot = &mut found[tower.side.index()][tower.colour.index()];
            if let Some(first) = *slot {
                return Err(E::DuplicateTower {
                    tower,
                    first,
                    second: sq,
                });
            }
            *slot = Some(sq);
        }
        let mut towers = [[Square::A1; 8]; 2];
        for side in Side::BOTH {
            let count = found[side.index()].iter().flatten().count();
            if count != 8 {
                return Err(E::TowerCount { side, count });
            }
            for (c, sq) in found[side.index()].iter().enumerate() {
                towers[side.index()][c] = sq.unwrap_or(Square::A1);
            }
        }
        let side = side_to_move;
        let mut pos = Position::assemble(towers, side, required);
        let Some(current) = required else {
            if !chain.is_empty() {
                return Err(E::ChainWithoutRequired);
            }
            let start = Position::start();
            if pos.towers != start.towers || side != Side::Black {
                return Err(E::FreeChoiceNotAtStart);
            }
            return Ok(start);
        };
        // Home-row wins.
        let black_wins = pos.towers_of(Side::Black) & Side::Black.target_row();
        let gold_wins = pos.towers_of(Side::Gold) & Side::Gold.target_row();
        let winning = black_wins | gold_wins;
        if winning.len() > 1 {
            return Err(E::SeveralWinners);
        }
        if let Some(square) = winning.first() {
            let winner = if black_wins.is_empty() {
                Side::Gold
            } else {
                Side::Black
            };
            if side == winner {
                return Err(E::HomeRowSide { winner });
            }
            if current != square.colour() {
                return Err(E::HomeRowRequired {
                    square,
                    expected: square.colour(),
                });
            }
            if !chain.is_empty() {
                return Err(E::HomeRowChain);
            }
            pos.outcome = Some(Outcome::Win {
                winner,
                reason: WinReason::HomeRow,
            });
        }
        // The chain: earlier states alternate sides backwards from the side to move.
        let occ = pos.abs_occ();
        let len = chain.len();
        let first_side = if len % 2 == 0 { side } else { side.other() };
        let mut set = 0u16;
        let mut state_side = first_side;
        for (i, &colour) in chain.iter().enumerate() {
            let bit = 1u16 << state_index(state_side, colour);
            if set & bit != 0 {
                return Err(E::ChainRepeat {
                    index: i + 1,
                    side: state_side,
                    colour,
                });
            }
            set |= bit;
            let square = pos.tower_square(state_side, colour);
            if destinations(state_side, square.index(), occ) != 0 {
                return Err(E::ChainNotBlocked {
                    index: i + 1,
                    side: state_side,
                    colour,
                    square,
                });
            }
            let expected = chain.get(i + 1).copied().unwrap_or(current);
            if square.colour() != expected {
                return Err(E::ChainColour {
                    index: i + 1,
                    side: state_side,
                    colour,
                    square,
                    found: square.colour(),
                    expected,
                });
            }
            state_side = state_side.other();
        }
        let current_bit = 1u16 << state_index(side, current);
        if set & current_bit != 0 {
            pos.outcome = Some(Outcome::Win {
                winner: first_side,
                reason: WinReason::Deadlock,
            });
        }
        // At most 16 distinct earlier states (two sides, eight colours), checked above.
        pos.chain_set = set | current_bit;
        pos.chain_len = len as u8;
        let first_colour = chain.first().copied().unwrap_or(current);
        pos.chain_first = state_index(first_side, first_colour) as u8;
        pos.zobrist = pos.zobrist_from_scratch();
        Ok(pos)
    }

    /// A position with the towers on these (absolute) squares, no chain and no outcome, with its
    /// key computed. [`Position::from_parts`] fills in the chain and the outcome and recomputes
    /// the key.
    fn assemble(towers: [[Square; 8]; 2], side: Side, required: Option<Colour>) -> Position {
        let mut own = [[0u8; 8]; 2];
        let mut occ = 0u64;
        for (s, row) in towers.iter().enumerate() {
            for (c, sq) in row.iter().enumerate() {
                own[s][c] = to_frame(s, sq.index()) as u8;
                occ |= bit(sq.index());
            }
        }
        let mut pos = Position {
            occ: [shifted(occ), shifted(occ.reverse_bits())],
            zobrist: 0,
            towers: own,
            side,
            required,
            chain_set: 0,
            chain_first: 0,
            chain_len: 0,
            outcome: None,
        };
        pos.zobrist = pos.zobrist_from_scratch();
        pos
    }

    /// The side to move. In a finished game, the side that would move next (the loser of a
    /// home-row win).
    #[inline]
    #[must_use]
    pub const fn side_to_move(&self) -> Side {
        self.side
    }

    /// The colour of the tower that must move, or `None` on the first move of the game, when the
    /// mover may pick any tower.
    #[inline]
    #[must_use]
    pub const fn required(&self) -> Option<Colour> {
        self.required
    }

    /// The tower that must move, or `None` on the first move.
    #[must_use]
    pub const fn required_tower(&self) -> Option<Tower> {
        match self.required {
            Some(c) => Some(Tower::new(self.side, c)),
            None => None,
        }
    }

    /// The square of `tower`.
    #[inline]
    #[must_use]
    pub const fn square_of(&self, tower: Tower) -> Square {
        self.tower_square(tower.side, tower.colour)
    }

    /// The (absolute) square of a tower.
    #[inline(always)]
    pub(crate) const fn tower_square(&self, side: Side, colour: Colour) -> Square {
        let own = self.towers[side.index()][colour.index()] as usize;
        Square::from_index_unchecked(to_frame(side.index(), own) as u8)
    }

    /// The tower on `sq`, if any.
    #[must_use]
    pub fn tower_at(&self, sq: Square) -> Option<Tower> {
        for side in Side::BOTH {
            for colour in Colour::ALL {
                if self.tower_square(side, colour) == sq {
                    return Some(Tower::new(side, colour));
                }
            }
        }
        None
    }

    /// The occupied squares (absolute), from the tower squares.
    fn abs_occ(&self) -> u64 {
        let mut occ = 0;
        for s in 0..2 {
            for &sq in &self.towers[s] {
                occ |= bit(to_frame(s, usize::from(sq & 63)));
            }
        }
        occ
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        Bitboard::from_bits_truncate(self.abs_occ())
    }

    /// The squares of `side`'s towers.
    pub fn towers_of(&self, side: Side) -> Bitboard {
        Colour::ALL
            .into_iter()
            .map(|c| self.tower_square(side, c))
            .collect()
    }

    /// Every tower with its square: Black's brown .. orange, then Gold's.
    pub fn towers(&self) -> impl Iterator<Item = (Tower, Square)> + '_ {
        Side::BOTH.into_iter().flat_map(move |side| {
            Colour::ALL
                .into_iter()
                .map(move |c| (Tower::new(side, c), self.tower_square(side, c)))
        })
    }

    /// The Zobrist key of the position (kept up to date incrementally).
    #[inline]
    #[must_use]
    pub const fn zobrist(&self) -> u64 {
        self.zobrist
    }

    /// The Zobrist key computed from scratch from the other fields; always equals
    /// [`Position::zobrist`] (the tests check it).
    #[must_use]
    pub fn zobrist_from_scratch(&self) -> u64 {
        let mut key = 0;
        for side in Side::BOTH {
            for c in Colour::ALL {
                key ^= ZOBRIST.tower[side.index()][c.index()][self.tower_square(side, c).index()];
            }
        }
        if self.side == Side::Gold {
            key ^= ZOBRIST.gold_to_move;
        }
        if let Some(c) = self.required {
            key ^= ZOBRIST.required[c.index()];
        }
        key ^ ZOBRIST.chain[self.chain_first as usize & 15][(self.chain_len as usize).min(16)]
    }

    /// The earlier states of the zero-length chain, oldest first: the state right after the last
    /// move of positive length, then one per zero-length move since, not counting the current
    /// state (side to move, required colour). Empty when the last move had positive length.
    #[must_use]
    pub fn chain(&self) -> ArrayVec<ChainState, 16> {
        let mut out = ArrayVec::new();
        let mut side = if self.chain_first >= 8 {
            Side::Gold
        } else {
            Side::Black
        };
        let mut colour = Colour::ALL[(self.chain_first & 7) as usize];
        for _ in 0..self.chain_len.min(16) {
            out.push(ChainState {
                side_to_move: side,
                required: colour,
            });
            colour = self.tower_square(side, colour).colour();
            side = side.other();
        }
        out
    }

    /// The outcome, or `None` while the game goes on.
    #[inline]
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    #[inline]
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The positive-length destinations of the tower on `sq` as the board stands, whoever owns it
    /// and whether or not it may move now. Empty if `sq` is empty.
    pub fn reach(&self, sq: Square) -> Bitboard {
        match self.tower_at(sq) {
            Some(t) => {
                Bitboard::from_bits_truncate(destinations(t.side, sq.index(), self.abs_occ()))
            }
            None => Bitboard::EMPTY,
        }
    }

    /// The squares of the towers the side to move may move now: what a user interface highlights.
    ///
    /// On the first move, every tower that has a destination (all eight in the start position);
    /// afterwards the one required tower (even when it is blocked: it then makes a zero-length
    /// move). Empty when the game is over.
    pub fn legal_sources(&self) -> Bitboard {
        if self.outcome.is_some() {
            return Bitboard::EMPTY;
        }
        let s = self.side.index();
        match self.required {
            Some(c) => self.tower_square(self.side, c).bitboard(),
            None => Colour::ALL
                .into_iter()
                .filter(|c| forward_destinations(self.towers[s][c.index()], self.occ[s] << 8) != 0)
                .map(|c| self.tower_square(self.side, c))
                .collect(),
        }
    }

    /// The legal destinations of the tower on `from`: its reachable squares, or `{from}` itself
    /// when its only legal move is the zero-length move. Empty when `from` is not a legal source.
    pub fn destinations(&self, from: Square) -> Bitboard {
        if !self.legal_sources().contains(from) {
            return Bitboard::EMPTY;
        }
        match destinations(self.side, from.index(), self.abs_occ()) {
            0 => from.bitboard(),
            d => Bitboard::from_bits_truncate(d),
        }
    }

    /// The legal moves, in order of origin (tower colour) and destination index. Empty exactly when
    /// the game is over. When the required tower is blocked, the list is its zero-length move.
    ///
    /// The list lives on the stack and never allocates: at most [`crate::MAX_LEGAL_MOVES`] moves
    /// (the start position), at most [`crate::MAX_TOWER_MOVES`] in any other position.
    #[inline(always)]
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.for_each_legal_move(|mv| list.push(mv));
        list
    }

    /// Calls `f` on each legal move, in the order of [`Position::legal_moves`], without building
    /// a list: the fast path for search and perft.
    #[inline]
    pub fn for_each_legal_move(&self, mut f: impl FnMut(Move)) {
        if self.outcome.is_some() {
            return;
        }
        let s = self.side.index();
        let occ = self.occ[s] << 8;
        match self.required {
            Some(c) => {
                let from = self.towers[s][c.index()];
                visit_moves(&mut f, s, from, forward_destinations(from, occ));
            }
            None => {
                for &from in &self.towers[s] {
                    let dests = forward_destinations(from, occ);
                    if dests != 0 {
                        visit_moves(&mut f, s, from, dests);
                    }
                }
            }
        }
    }

    /// The number of legal moves, without building the list.
    #[inline]
    #[must_use]
    pub fn legal_move_count(&self) -> usize {
        if self.outcome.is_some() {
            return 0;
        }
        let s = self.side.index();
        let occ = self.occ[s];
        match self.required {
            Some(c) => {
                let n = forward_count(self.towers[s][c.index()], occ);
                (n + u32::from(n == 0)) as usize
            }
            None => self.towers[s]
                .iter()
                .map(|&sq| forward_count(sq, occ) as usize)
                .sum(),
        }
    }

    /// The number of legal moves after `mv`, which must be legal here: the same as
    /// `self.after_unchecked(mv).legal_move_count()`, but skips the hash and chain bookkeeping.
    /// Returns 0 when `mv` ends the game.
    #[inline]
    #[must_use]
    pub fn legal_move_count_after(&self, mv: Move) -> usize {
        let them = self.side.index() ^ 1;
        let from = mv.from.raw();
        let to = mv.to.raw();
        let colour = SQUARE_COLOURS_256[to];
        let mut occ = self.occ[them];
        if from == to {
            // A zero-length move: the game ends if the new state repeats one of the chain.
            if self.chain_set & (1 << (them * 8 + colour.index())) != 0 {
                return 0;
            }
        } else {
            // A positive move wins on the opponent's home row, which is rank 1 of the
            // opponent's frame: the low byte of the destination's bit there.
            let to_bit = FRAME_BITS[them][to];
            if to_bit & 0xFF != 0 {
                return 0;
            }
            occ ^= (FRAME_BITS[them][from] ^ to_bit) >> 8;
        }
        let n = forward_count(self.towers[them][colour.index()], occ);
        (n + u32::from(n == 0)) as usize
    }

    /// Whether `mv` is legal: exactly whether it is in [`Position::legal_moves`].
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        let s = self.side.index();
        let from = to_frame(s, mv.from.index()) as u8;
        let from_ok = match self.required {
            Some(c) => self.towers[s][c.index()] == from,
            None => self.towers[s].contains(&from),
        };
        if !from_ok {
            return false;
        }
        let dests = forward_destinations(from, self.occ[s] << 8);
        if mv.is_zero_length() {
            dests == 0 && self.required.is_some()
        } else {
            dests & bit(to_frame(s, mv.to.index())) != 0
        }
    }

    /// Checks `mv` and says why it is illegal.
    ///
    /// # Errors
    /// The first rule `mv` breaks, in the order of [`IllegalMoveReason`]'s variants.
    pub fn check_move(&self, mv: Move) -> Result<(), IllegalMoveError> {
        self.illegal_reason(mv)
            .map_or(Ok(()), |reason| Err(IllegalMoveError { mv, reason }))
    }

    fn illegal_reason(&self, mv: Move) -> Option<IllegalMoveReason> {
        use IllegalMoveReason as R;
        if let Some(outcome) = self.outcome {
            return Some(R::GameOver { outcome });
        }
        let Some(tower) = self.tower_at(mv.from) else {
            return Some(R::NoTower { square: mv.from });
        };
        if tower.side != self.side {
            return Some(R::NotYourTower {
                square: mv.from,
                owner: tower.side,
                to_move: self.side,
            });
        }
        if let Some(required) = self.required {
            if tower.colour != required {
                return Some(R::WrongTower {
                    required,
                    square: self.tower_square(self.side, required),
                    found: tower.colour,
                });
            }
        }
        let occ = self.abs_occ();
        let dests = destinations(self.side, mv.from.index(), occ);
        if mv.is_zero_length() {
            return if dests == 0 && self.required.is_some() {
                None
            } else {
                Some(R::ZeroLengthNotForced {
                    count: dests.count_ones() as usize,
                })
            };
        }
        let (from, to) = (mv.from, mv.to);
        let forward = match self.side {
            Side::Black => i32::from(to.rank()) - i32::from(from.rank()),
            Side::Gold => i32::from(from.rank()) - i32::from(to.rank()),
        };
        if forward <= 0 {
            return Some(R::NotForward { from, to });
        }
        let df = i32::from(to.file()) - i32::from(from.file());
        if df != 0 && df.abs() != forward {
            return Some(R::NotOnLine { from, to });
        }
        debug_assert!(all_rays(self.side, from.index()) & bit(to.index()) != 0);
        let (step_f, step_r) = (
            df.signum() as i8,
            if to.rank() > from.rank() { 1 } else { -1 },
        );
        let mut sq = from;
        while let Some(next) = sq.offset(step_f, step_r) {
            if next == to {
                break;
            }
            if occ & bit(next.index()) != 0 {
                return Some(R::PathBlocked { square: next });
            }
            sq = next;
        }
        if occ & bit(to.index()) != 0 {
            return Some(R::Occupied { square: to });
        }
        debug_assert!(dests & bit(to.index()) != 0);
        None
    }

    /// Plays `mv` if it is legal.
    ///
    /// # Errors
    /// Returns why `mv` is illegal; the position is then unchanged.
    ///
    /// ```
    /// use kamisado_core::{IllegalMoveReason, Position};
    ///
    /// let mut pos = Position::start();
    /// let err = pos.play("c1c1".parse()?).unwrap_err();
    /// assert_eq!(err.reason, IllegalMoveReason::ZeroLengthNotForced { count: 13 });
    /// assert_eq!(pos, Position::start());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        self.check_move(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// The position after `mv`, if it is legal.
    ///
    /// # Errors
    /// Returns why `mv` is illegal.
    pub fn after(&self, mv: Move) -> Result<Position, IllegalMoveError> {
        let mut next = *self;
        next.play(mv)?;
        Ok(next)
    }

    /// The position after `mv`, which must be legal (see [`Position::play_unchecked`]).
    #[inline]
    #[must_use]
    pub fn after_unchecked(&self, mv: Move) -> Position {
        let mut next = *self;
        next.play_unchecked(mv);
        next
    }

    /// Plays `mv` without checking it: the fast path for moves from [`Position::legal_moves`].
    ///
    /// An illegal move never causes undefined behaviour, but leaves a position that may be
    /// unreachable or inconsistent.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        let us = self.side;
        let them = us.other();
        let from = mv.from.index();
        let to = mv.to.index();
        let next = SQUARE_COLOURS[to];
        let old_chain =
            ZOBRIST.chain[self.chain_first as usize & 15][(self.chain_len as usize).min(16)];
        let mut key = self.zobrist ^ ZOBRIST.gold_to_move ^ ZOBRIST.required[next.index()];
        if let Some(old) = self.required {
            key ^= ZOBRIST.required[old.index()];
        }
        let state = state_index(them, next);
        if from == to {
            let len = self.chain_len as usize + 1;
            key ^= old_chain ^ ZOBRIST.chain[self.chain_first as usize & 15][len.min(16)];
            if self.chain_set & (1 << state) != 0 {
                let first_side = if self.chain_first >= 8 {
                    Side::Gold
                } else {
                    Side::Black
                };
                self.outcome = Some(Outcome::Win {
                    winner: first_side,
                    reason: WinReason::Deadlock,
                });
            }
            self.chain_set |= 1 << state;
            self.chain_len = self.chain_len.saturating_add(1).min(16);
        } else {
            let colour = match self.required {
                Some(c) => c,
                None => self.free_choice_colour(mv.from),
            };
            let t = &ZOBRIST.tower[us.index()][colour.index()];
            key ^= old_chain ^ t[from] ^ t[to];
            let own_to = to_frame(us.index(), to);
            self.towers[us.index()][colour.index()] = own_to as u8;
            self.occ[0] ^= (FRAME_BITS[0][from] ^ FRAME_BITS[0][to]) >> 8;
            self.occ[1] ^= (FRAME_BITS[1][from] ^ FRAME_BITS[1][to]) >> 8;
            self.chain_set = 1 << state;
            self.chain_first = state as u8;
            self.chain_len = 0;
            if own_to >= 56 {
                self.outcome = Some(Outcome::Win {
                    winner: us,
                    reason: WinReason::HomeRow,
                });
            }
        }
        self.zobrist = key;
        self.side = them;
        self.required = Some(next);
    }

    /// The colour of the mover's tower on `from` (first move only).
    fn free_choice_colour(&self, from: Square) -> Colour {
        let s = self.side.index();
        let own = to_frame(s, from.index()) as u8;
        let i = self.towers[s].iter().position(|&sq| sq == own);
        debug_assert!(i.is_some(), "no tower of the mover on {from}");
        Colour::ALL[i.unwrap_or(0)]
    }
}

/// Calls `f` on the moves from `from` to every square of `dests` (both in the frame of side index
/// `side`) in increasing order of absolute destination, or the zero-length move of `from` if
/// `dests` is empty.
#[inline(always)]
fn visit_moves(f: &mut impl FnMut(Move), side: usize, from: u8, mut dests: u64) {
    // Turning Gold's frame back is `sq ^ 63`; Black's frame is the board itself.
    let flip = if side == 0 { 0u8 } else { 63u8 };
    let origin = Square::from_index_unchecked(from ^ flip);
    if dests == 0 {
        f(Move::zero_length(origin));
    } else if side == 0 {
        while dests != 0 {
            let t = dests.trailing_zeros() as u8;
            f(Move::new(origin, Square::from_index_unchecked(t)));
            dests &= dests - 1;
        }
    } else {
        // Turned back to absolute squares (bit i becomes bit 63 - i), in increasing order.
        let mut abs = dests.reverse_bits();
        while abs != 0 {
            let t = abs.trailing_zeros() as u8;
            f(Move::new(origin, Square::from_index_unchecked(t)));
            abs &= abs - 1;
        }
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position(\"{self}\")")
    }
}
