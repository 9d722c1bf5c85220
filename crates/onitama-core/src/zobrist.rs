//! Zobrist keys: one random 64-bit key per (side, piece, square), per card in each hand, per side
//! card, and one for "Blue to move". A position's key is the xor of the keys of its features.

use crate::card::Card;
use crate::side::{Piece, Side};
use crate::square::Square;
use abstract_game::rng::SplitMix64;

pub(crate) struct Keys {
    pub(crate) piece: [[[u64; 25]; 2]; 2],
    pub(crate) hand: [[u64; 16]; 2],
    pub(crate) side_card: [u64; 16],
    pub(crate) blue_to_move: u64,
}

pub(crate) const KEYS: Keys = {
    let mut rng = SplitMix64::new(0x0E17_A3A0_2026_0001);
    let mut keys = Keys {
        piece: [[[0; 25]; 2]; 2],
        hand: [[0; 16]; 2],
        side_card: [0; 16],
        blue_to_move: 0,
    };
    let mut s = 0;
    while s < 2 {
        let mut p = 0;
        while p < 2 {
            let mut q = 0;
            while q < 25 {
                keys.piece[s][p][q] = rng.next_u64();
                q += 1;
            }
            p += 1;
        }
        let mut c = 0;
        while c < 16 {
            keys.hand[s][c] = rng.next_u64();
            c += 1;
        }
        s += 1;
    }
    let mut c = 0;
    while c < 16 {
        keys.side_card[c] = rng.next_u64();
        c += 1;
    }
    keys.blue_to_move = rng.next_u64();
    keys
};

/// The key of a piece of `side` and kind `piece` on `square`.
#[must_use]
pub const fn piece_key(side: Side, piece: Piece, square: Square) -> u64 {
    KEYS.piece[side.index()][piece.index()][square.index()]
}

/// The key of `card` in `side`'s hand.
#[must_use]
pub const fn hand_key(side: Side, card: Card) -> u64 {
    KEYS.hand[side.index()][card.index()]
}

/// The key of `card` as the side card.
#[must_use]
pub const fn side_card_key(card: Card) -> u64 {
    KEYS.side_card[card.index()]
}

/// The key xored in when Blue is to move.
#[must_use]
pub const fn blue_to_move_key() -> u64 {
    KEYS.blue_to_move
}
