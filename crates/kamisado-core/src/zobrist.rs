//! Zobrist keys: fixed pseudo-random 64-bit numbers, one per feature of a position, computed at
//! compile time. A position's key is the XOR of the keys of its features; [`crate::Position`]
//! updates it incrementally and [`crate::Position::zobrist_from_scratch`] recomputes it.
//!
//! Features: each tower on each square; Gold to move; the required colour; the zero-length
//! chain, identified by its first state and its length (together with the board these decide the
//! whole set of states, and so every future deadlock).

use abstract_game::rng::SplitMix64;

/// All keys, generated in one sequence so that they are all distinct draws.
pub(crate) struct Keys {
    /// `tower[side][colour][square]`.
    pub tower: [[[u64; 64]; 8]; 2],
    /// Mixed in when Gold is to move.
    pub gold_to_move: u64,
    /// `required[colour]`; the free choice of the first move has no key (0).
    pub required: [u64; 8],
    /// `chain[first_state][len]`, `first_state = side * 8 + colour`; `len == 0` has key 0.
    pub chain: [[u64; 17]; 16],
}

pub(crate) static ZOBRIST: Keys = {
    let mut rng = SplitMix64::new(0x4B41_4D49_5341_444F); // "KAMISADO"
    let mut keys = Keys {
        tower: [[[0; 64]; 8]; 2],
        gold_to_move: 0,
        required: [0; 8],
        chain: [[0; 17]; 16],
    };
    let mut s = 0;
    while s < 2 {
        let mut c = 0;
        while c < 8 {
            let mut sq = 0;
            while sq < 64 {
                keys.tower[s][c][sq] = rng.next_u64();
                sq += 1;
            }
            c += 1;
        }
        s += 1;
    }
    keys.gold_to_move = rng.next_u64();
    let mut c = 0;
    while c < 8 {
        keys.required[c] = rng.next_u64();
        c += 1;
    }
    let mut first = 0;
    while first < 16 {
        let mut len = 1;
        while len < 17 {
            keys.chain[first][len] = rng.next_u64();
            len += 1;
        }
        first += 1;
    }
    keys
};
