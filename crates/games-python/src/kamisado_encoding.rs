//! Kamisado's action space and observation planes (the [`Encoding`] of
//! [`kamisado_core::Position`]).
//!
//! Everything is seen from a seat: Black's squares are the board's, Gold's are turned by 180
//! degrees, so that the side to move always moves "up" (towards higher ranks). The board's
//! colours are unchanged by that turn, so the square colours look the same from both seats.
//!
//! **Actions** (176): `colour * 22 + k`, where `colour` is the moving tower's colour (its index
//! in brown, green, red, yellow, pink, purple, blue, orange) and `k` is `0` for the zero-length
//! move, or `1 + direction * 7 + (distance - 1)` with `direction` 0 for the diagonal to the
//! mover's left, 1 straight ahead, 2 the diagonal to the mover's right, and `distance` 1..=7
//! ranks.
//!
//! **Observation** (28 planes of 8 × 8, `[plane][rank][file]` in the viewer's frame, rank 0 the
//! viewer's home row): 0..8 the viewer's towers by colour, 8..16 the opponent's towers by
//! colour, 16..24 the squares of each colour, 24 the tower that must move now (empty on the
//! free first move), 25 all ones on the free first move, 26 the towers whose state (their side
//! to move, their colour required) is in the zero-length chain (the earlier states since the
//! last move of positive length: repeating one is a deadlock), 27 all ones when the viewer is
//! to move.

use kamisado_core::{Colour, Move, Position, Side, Square, Tower};

use crate::encoding::{Cell, Encoding};

/// Actions per tower colour: the zero-length move and 3 directions × 7 distances.
const PER_COLOUR: usize = 22;

/// File steps of the three directions in the mover's frame.
const DIRECTIONS: [i8; 3] = [-1, 0, 1];

/// The observation's planes.
const PLANES: usize = 28;
const SQUARE_COLOUR_PLANES: usize = 16;
const REQUIRED_PLANE: usize = 24;
const FREE_CHOICE_PLANE: usize = 25;
const CHAIN_PLANE: usize = 26;
const TO_MOVE_PLANE: usize = 27;

/// The square `sq` in `side`'s frame (and back: the turn is its own inverse).
fn frame(side: Side, sq: Square) -> Square {
    match side {
        Side::Black => sq,
        Side::Gold => sq.rotated(),
    }
}

/// The action of `mv` within its tower's 22: 0 for the zero-length move, else
/// `1 + direction * 7 + (distance - 1)` in `side`'s frame.
fn step_of(side: Side, mv: Move) -> usize {
    if mv.is_zero_length() {
        return 0;
    }
    let (from, to) = (frame(side, mv.from), frame(side, mv.to));
    let distance = usize::from(to.rank().saturating_sub(from.rank()).clamp(1, 7));
    let direction = match to.file().cmp(&from.file()) {
        core::cmp::Ordering::Less => 0,
        core::cmp::Ordering::Equal => 1,
        core::cmp::Ordering::Greater => 2,
    };
    1 + direction * 7 + (distance - 1)
}

impl Encoding for Position {
    const NUM_ACTIONS: usize = Colour::ALL.len() * PER_COLOUR;
    const OBSERVATION_SHAPE: [usize; 3] = [PLANES, 8, 8];

    fn action_of(&self, mv: Move) -> usize {
        let side = self.side_to_move();
        let colour = match self.required() {
            Some(colour) => colour,
            None => Colour::ALL
                .into_iter()
                .find(|&c| self.square_of(Tower::new(side, c)) == mv.from)
                .unwrap_or(Colour::ALL[0]),
        };
        colour.index() * PER_COLOUR + step_of(side, mv)
    }

    fn move_of(&self, action: usize) -> Option<Move> {
        if action >= Self::NUM_ACTIONS {
            return None;
        }
        let side = self.side_to_move();
        let colour = Colour::ALL[action / PER_COLOUR];
        let from = self.square_of(Tower::new(side, colour));
        let k = action % PER_COLOUR;
        if k == 0 {
            return Some(Move::zero_length(from));
        }
        let (direction, distance) = ((k - 1) / 7, (k - 1) % 7 + 1);
        let distance = distance as i8;
        let to = frame(side, from).offset(DIRECTIONS[direction] * distance, distance)?;
        Some(Move::new(from, frame(side, to)))
    }

    /// As the default, with the colour of each origin looked up in a table made once (on the
    /// free first move, where any of the eight towers may move).
    fn write_mask(&self, out: &mut [bool]) {
        out.fill(false);
        let side = self.side_to_move();
        let mut colour_on = [0u8; 64];
        if self.required().is_none() {
            for colour in Colour::ALL {
                colour_on[self.square_of(Tower::new(side, colour)).index()] = colour.index() as u8;
            }
        }
        let required = self.required().map(Colour::index);
        self.for_each_legal_move(|mv| {
            let colour = required.unwrap_or(usize::from(colour_on[mv.from.index()]));
            out[colour * PER_COLOUR + step_of(side, mv)] = true;
        });
    }

    fn write_observation<T: Cell>(&self, viewer: Side, out: &mut [T]) {
        // The square colours, the same from both seats, come from a table; the rest is empty.
        for (cell, &set) in out.iter_mut().zip(&SQUARE_COLOUR_TEMPLATE) {
            *cell = if set { T::ONE } else { T::ZERO };
        }
        let mut set = |plane: usize, sq: Square| {
            out[plane * 64 + frame(viewer, sq).index()] = T::ONE;
        };
        for (i, side) in [viewer, viewer.other()].into_iter().enumerate() {
            for colour in Colour::ALL {
                set(
                    i * 8 + colour.index(),
                    self.square_of(Tower::new(side, colour)),
                );
            }
        }
        match self.required_tower() {
            Some(tower) => set(REQUIRED_PLANE, self.square_of(tower)),
            None => out[FREE_CHOICE_PLANE * 64..(FREE_CHOICE_PLANE + 1) * 64].fill(T::ONE),
        }
        let mut set = |plane: usize, sq: Square| {
            out[plane * 64 + frame(viewer, sq).index()] = T::ONE;
        };
        for state in self.chain() {
            set(
                CHAIN_PLANE,
                self.square_of(Tower::new(state.side_to_move, state.required)),
            );
        }
        if self.side_to_move() == viewer {
            out[TO_MOVE_PLANE * 64..].fill(T::ONE);
        }
    }
}

/// The observation with only the square-colour planes set: the same from both seats, since
/// the board's colours are unchanged by a turn of 180 degrees (a test of the rules crate
/// checks that symmetry; the pytest suite checks these planes from both seats).
const SQUARE_COLOUR_TEMPLATE: [bool; PLANES * 64] = {
    let mut cells = [false; PLANES * 64];
    let mut i = 0;
    while i < 64 {
        let colour = Colour::of_square(Square::ALL[i]);
        cells[(SQUARE_COLOUR_PLANES + colour.index()) * 64 + i] = true;
        i += 1;
    }
    cells
};
