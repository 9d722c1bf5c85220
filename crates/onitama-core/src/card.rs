//! The sixteen move cards of the base game and their destination tables.

use alloc::borrow::ToOwned;
use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use thiserror::Error;

use crate::bitboard::Bitboard;
use crate::side::Side;
use crate::square::Square;

/// One of the sixteen move cards of the base game, in alphabetical order.
///
/// A card lists offsets `(dx, dy)` from its owner's seat: `dx > 0` is to the owner's right and
/// `dy > 0` is forward, towards the opponent. Red's right is `+file` and forward is `+rank`; Blue
/// sits opposite, so for Blue both are negated (see [`Card::destinations`]).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[allow(missing_docs)] // the variants are the card names
pub enum Card {
    Boar = 0,
    Cobra,
    Crab,
    Crane,
    Dragon,
    Eel,
    Elephant,
    Frog,
    Goose,
    Horse,
    Mantis,
    Monkey,
    Ox,
    Rabbit,
    Rooster,
    Tiger,
}

const NAMES: [&str; 16] = [
    "boar", "cobra", "crab", "crane", "dragon", "eel", "elephant", "frog", "goose", "horse",
    "mantis", "monkey", "ox", "rabbit", "rooster", "tiger",
];

/// Offsets from the owner's seat, in the order of [`Card::ALL`]. Unused slots are `(0, 0)`.
const OFFSETS: [&[(i8, i8)]; 16] = [
    &[(0, 1), (-1, 0), (1, 0)],            // boar
    &[(1, 1), (1, -1), (-1, 0)],           // cobra
    &[(0, 1), (-2, 0), (2, 0)],            // crab
    &[(0, 1), (-1, -1), (1, -1)],          // crane
    &[(-2, 1), (2, 1), (-1, -1), (1, -1)], // dragon
    &[(-1, 1), (-1, -1), (1, 0)],          // eel
    &[(-1, 1), (1, 1), (-1, 0), (1, 0)],   // elephant
    &[(-1, 1), (-2, 0), (1, -1)],          // frog
    &[(-1, 1), (-1, 0), (1, 0), (1, -1)],  // goose
    &[(0, 1), (-1, 0), (0, -1)],           // horse
    &[(-1, 1), (1, 1), (0, -1)],           // mantis
    &[(-1, 1), (1, 1), (-1, -1), (1, -1)], // monkey
    &[(0, 1), (1, 0), (0, -1)],            // ox
    &[(1, 1), (2, 0), (-1, -1)],           // rabbit
    &[(1, 1), (-1, 0), (1, 0), (-1, -1)],  // rooster
    &[(0, 2), (0, -1)],                    // tiger
];

/// Stamp colours, in the order of [`Card::ALL`]: `true` for Red.
const RED_STAMP: [bool; 16] = [
    true, true, false, false, true, false, true, true, false, true, true, false, false, false,
    true, false,
];

/// `DESTINATIONS[card][side][square]`: the squares the card reaches from `square` for `side`.
/// Padded to 32 squares (the padding is empty) so that a bit index needs no bounds check.
pub(crate) const DESTINATIONS: [[[u32; 32]; 2]; 16] = {
    let mut table = [[[0u32; 32]; 2]; 16];
    let mut c = 0;
    while c < 16 {
        let offsets = OFFSETS[c];
        let mut side = 0;
        while side < 2 {
            let sign: i8 = if side == 0 { 1 } else { -1 };
            let mut sq = 0;
            while sq < 25 {
                let from = Square::ALL[sq];
                let mut mask = 0u32;
                let mut k = 0;
                while k < offsets.len() {
                    let (dx, dy) = offsets[k];
                    if let Some(to) = from.offset(sign * dx, sign * dy) {
                        mask |= 1 << to.index();
                    }
                    k += 1;
                }
                table[c][side][sq] = mask;
                sq += 1;
            }
            side += 1;
        }
        c += 1;
    }
    table
};

impl Card {
    /// The number of cards.
    pub const COUNT: usize = 16;

    /// All sixteen cards, alphabetically.
    pub const ALL: [Card; 16] = [
        Card::Boar,
        Card::Cobra,
        Card::Crab,
        Card::Crane,
        Card::Dragon,
        Card::Eel,
        Card::Elephant,
        Card::Frog,
        Card::Goose,
        Card::Horse,
        Card::Mantis,
        Card::Monkey,
        Card::Ox,
        Card::Rabbit,
        Card::Rooster,
        Card::Tiger,
    ];

    /// The card with this index in [`Card::ALL`], or `None` if `index >= 16`.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Card> {
        if index < 16 {
            Some(Card::ALL[index])
        } else {
            None
        }
    }

    /// The position of the card in [`Card::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase English name, as used in notation (`"tiger"`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        NAMES[self as usize]
    }

    /// The colour of the card's stamp: the side that starts when this is the side card of a deal.
    #[must_use]
    pub const fn stamp(self) -> Side {
        if RED_STAMP[self as usize] {
            Side::Red
        } else {
            Side::Blue
        }
    }

    /// The offsets `(dx, dy)` printed on the card, from its owner's seat (`dx > 0`: the owner's
    /// right; `dy > 0`: forward).
    #[must_use]
    pub const fn offsets(self) -> &'static [(i8, i8)] {
        OFFSETS[self as usize]
    }

    /// The squares this card reaches from `from` when `side` holds it (own pieces not excluded).
    ///
    /// ```
    /// use onitama_core::{Bitboard, Card, Side, Square};
    /// // The frog seen from Red: forward-left, two to the left, back-right.
    /// let red: Bitboard = [Square::B4, Square::A3, Square::D2].into_iter().collect();
    /// assert_eq!(Card::Frog.destinations(Side::Red, Square::C3), red);
    /// let blue: Bitboard = [Square::D2, Square::E3, Square::B4].into_iter().collect();
    /// assert_eq!(Card::Frog.destinations(Side::Blue, Square::C3), blue);
    /// ```
    pub const fn destinations(self, side: Side, from: Square) -> Bitboard {
        Bitboard::from_bits_truncate(DESTINATIONS[self as usize][side as usize][from.index()])
    }

    /// The card that is this one's left-right mirror image, if it is one of the four mirror pairs
    /// (frog/rabbit, goose/rooster, horse/ox, eel/cobra).
    #[must_use]
    pub const fn mirror(self) -> Option<Card> {
        match self {
            Card::Frog => Some(Card::Rabbit),
            Card::Rabbit => Some(Card::Frog),
            Card::Goose => Some(Card::Rooster),
            Card::Rooster => Some(Card::Goose),
            Card::Horse => Some(Card::Ox),
            Card::Ox => Some(Card::Horse),
            Card::Eel => Some(Card::Cobra),
            Card::Cobra => Some(Card::Eel),
            _ => None,
        }
    }
}

impl fmt::Display for Card {
    /// The lowercase name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Card {
    type Err = ParseCardError;

    /// Parses a card name, ignoring case.
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        Card::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseCardError { text: s.to_owned() })
    }
}

/// A card name that is not one of the sixteen base-game cards.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown card {text:?}: expected one of the sixteen base-game card names, like \"tiger\"")]
#[non_exhaustive]
pub struct ParseCardError {
    /// The rejected text.
    pub text: String,
}
