//! Small games written for the tests: a subtraction game, in normal and misère play.

#![allow(dead_code)]

use abstract_game::tictactoe::Mark;
use abstract_game::{EndReason, Game, Outcome, Player};
use core::fmt;

/// Why a [`Pile`] game ended: the pile is empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Empty;

impl fmt::Display for Empty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("empty pile")
    }
}

impl EndReason for Empty {
    const ALL: &'static [Self] = &[Empty];
    fn index(self) -> usize {
        0
    }
    fn id(self) -> &'static str {
        "empty"
    }
}

/// A pile of stones; a move takes 1 to `max_take` stones. In normal play the player who takes
/// the last stone wins; in misère play that player loses, so the winner is the side to move at
/// the end (like a Kamisado deadlock: the side to move at a finished game is not always the
/// loser).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pile {
    pub stones: u32,
    pub max_take: u8,
    pub misere: bool,
    pub to_move: Mark,
}

impl Pile {
    pub fn normal(stones: u32, max_take: u8) -> Self {
        Pile {
            stones,
            max_take,
            misere: false,
            to_move: Mark::X,
        }
    }

    pub fn misere(stones: u32, max_take: u8) -> Self {
        Pile {
            misere: true,
            ..Pile::normal(stones, max_take)
        }
    }
}

/// A take of 0 stones, more than `max_take` or more than the pile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadTake;

impl fmt::Display for BadTake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("cannot take that many stones")
    }
}

impl std::error::Error for BadTake {}

impl Game for Pile {
    type Move = u8;
    type Player = Mark;
    type Reason = Empty;
    type Moves = Vec<u8>;
    type IllegalMove = BadTake;

    fn side_to_move(&self) -> Mark {
        self.to_move
    }

    fn legal_moves(&self) -> Vec<u8> {
        (1..=self.max_take)
            .filter(|&t| u32::from(t) <= self.stones)
            .collect()
    }

    fn play(&mut self, mv: u8) -> Result<(), BadTake> {
        if mv == 0 || mv > self.max_take || u32::from(mv) > self.stones {
            return Err(BadTake);
        }
        self.play_unchecked(mv);
        Ok(())
    }

    fn play_unchecked(&mut self, mv: u8) {
        self.stones -= u32::from(mv);
        self.to_move = self.to_move.other();
    }

    fn outcome(&self) -> Option<Outcome<Mark, Empty>> {
        (self.stones == 0).then(|| Outcome::Win {
            winner: if self.misere {
                self.to_move
            } else {
                self.to_move.other()
            },
            reason: Empty,
        })
    }
}
