//! Zobrist keys: one random 64-bit key per (side, piece, square), per card in each hand, per side
//! card, and one for "Blue to move". A position's key is the xor of the keys of its features.

use abstract_game::rng::SplitMix64;

pub(crate) struct Keys {
    /// By side, piece kind (0 Master, 1 Student) and square; 32 squares wide, so that an index
    /// masked to 5 bits is in range (the last 7 are 0 and never used).
    piece: [[[u64; 32]; 2]; 2],
    pub(crate) hand: [[u64; 16]; 2],
    pub(crate) side_card: [u64; 16],
    pub(crate) blue_to_move: u64,
    /// By side, the card it plays and the side card it takes: the four card keys that change
    /// (the played card leaves the hand and becomes the side card, the old side card joins the
    /// hand), xored together.
    card_exchange: [[[u64; 16]; 16]; 2],
}

impl Keys {
    /// The key of a piece of `kind` (0 Master, 1 Student) of the side of index `side` on the
    /// square of index `square` (each index within its range: masked, never checked).
    #[inline(always)]
    pub(crate) fn piece(&self, side: usize, kind: usize, square: usize) -> u64 {
        self.piece[side & 1][kind & 1][square & 31]
    }

    /// The change of key when the side of index `side` plays the card of index `played` and
    /// takes the side card of index `taken` (each index masked, never checked).
    #[inline(always)]
    pub(crate) fn card_exchange(&self, side: usize, played: usize, taken: usize) -> u64 {
        self.card_exchange[side & 1][played & 15][taken & 15]
    }
}

pub(crate) static ZOBRIST: Keys = {
    let mut rng = SplitMix64::new(0x0E17_A3A0_2026_0001);
    let mut keys = Keys {
        piece: [[[0; 32]; 2]; 2],
        hand: [[0; 16]; 2],
        side_card: [0; 16],
        blue_to_move: 0,
        card_exchange: [[[0; 16]; 16]; 2],
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
    let mut s = 0;
    while s < 2 {
        let mut played = 0;
        while played < 16 {
            let mut taken = 0;
            while taken < 16 {
                keys.card_exchange[s][played][taken] = keys.hand[s][played]
                    ^ keys.hand[s][taken]
                    ^ keys.side_card[taken]
                    ^ keys.side_card[played];
                taken += 1;
            }
            played += 1;
        }
        s += 1;
    }
    keys
};
