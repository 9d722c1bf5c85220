//! Zobrist keys: one random 64-bit key per (side, piece, square), per card in each hand, per side
//! card, and one for "Blue to move". A position's key is the xor of the keys of its features.

use abstract_game::rng::SplitMix64;

pub(crate) struct Keys {
    pub(crate) piece: [[[u64; 25]; 2]; 2],
    pub(crate) hand: [[u64; 16]; 2],
    pub(crate) side_card: [u64; 16],
    pub(crate) blue_to_move: u64,
}

pub(crate) const ZOBRIST: Keys = {
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
