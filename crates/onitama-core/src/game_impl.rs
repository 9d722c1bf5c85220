//! The `abstract-game` traits: a thin adapter over [`Position`]'s own methods.

use abstract_game::{EndReason, Game, Notation, PassMove, Player, ZobristHash};
use alloc::string::String;
use alloc::string::ToString;

use crate::error::{IllegalMoveError, ParsePositionError};
use crate::moves::{Move, MoveList, ParseMoveError};
use crate::outcome::{Outcome, WinReason};
use crate::position::Position;
use crate::side::Side;

impl Player for Side {
    const BOTH: [Side; 2] = [Side::Red, Side::Blue];

    fn other(self) -> Side {
        Side::other(self)
    }

    fn id(self) -> &'static str {
        Side::id(self)
    }

    fn index(self) -> usize {
        Side::index(self)
    }
}

impl EndReason for WinReason {
    const ALL: &'static [WinReason] = &WinReason::ALL;

    fn index(self) -> usize {
        self as usize
    }

    fn id(self) -> &'static str {
        WinReason::id(self)
    }
}

impl Game for Position {
    type Move = Move;
    type Player = Side;
    type Reason = WinReason;
    type Moves = MoveList;
    type IllegalMove = IllegalMoveError;

    fn side_to_move(&self) -> Side {
        Position::side_to_move(self)
    }

    fn legal_moves(&self) -> MoveList {
        Position::legal_moves(self)
    }

    #[inline]
    fn for_each_legal_move(&self, f: impl FnMut(Move)) {
        Position::for_each_legal_move(self, f);
    }

    #[inline]
    fn legal_move_count(&self) -> usize {
        Position::legal_move_count(self)
    }

    #[inline]
    fn legal_move_count_after(&self, mv: Move) -> usize {
        Position::legal_move_count_after(self, mv)
    }

    fn is_legal(&self, mv: Move) -> bool {
        Position::is_legal(self, mv)
    }

    fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        Position::play(self, mv)
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        Position::play_unchecked(self, mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    #[inline]
    fn is_over(&self) -> bool {
        Position::is_over(self)
    }

    #[inline]
    fn after_unchecked(&self, mv: Move) -> Position {
        Position::after_unchecked(self, mv)
    }

    #[inline(always)]
    fn play_unchecked_for_search(&mut self, mv: Move) {
        Position::play_unchecked_uncounted(self, mv);
    }

    /// Every move, a forced one included, hands the turn over.
    const TURNS_ALTERNATE: bool = true;

    const MOVE_INDEX_BOUND: usize = Move::INDEX_BOUND;

    #[inline(always)]
    fn move_index(mv: Move) -> usize {
        mv.index()
    }
}

impl ZobristHash for Position {
    fn zobrist(&self) -> u64 {
        self.zobrist()
    }
}

impl PassMove for Position {
    fn is_pass(&self, mv: Move) -> bool {
        mv.is_pass()
    }
}

impl Notation for Position {
    type ParsePositionError = ParsePositionError;
    type ParseMoveError = ParseMoveError;
    const POSITION_FIELDS: usize = 5;

    fn parse_position(text: &str) -> Result<Position, ParsePositionError> {
        text.parse()
    }

    fn position_text(&self) -> String {
        self.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        text.parse()
    }

    fn move_text(&self, mv: Move) -> String {
        mv.to_string()
    }

    /// The deal of a start position ([`Position::deal`]), otherwise the position text.
    fn start_text(&self) -> String {
        self.deal()
            .map_or_else(|| self.to_string(), |deal| deal.to_string())
    }

    /// A deal (one token without `/`) or the five position fields.
    fn parse_start(tokens: &[&str]) -> Result<(Position, usize), ParsePositionError> {
        match tokens.first() {
            Some(first) if !first.contains('/') => Ok((Position::from_deal(first.parse()?), 1)),
            _ => {
                let n = tokens.len().min(Self::POSITION_FIELDS);
                Ok((tokens[..n].join(" ").parse()?, n))
            }
        }
    }
}
