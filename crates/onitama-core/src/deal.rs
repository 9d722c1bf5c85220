//! Deals: the five cards of a game.

use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::card::{Card, ParseCardError};
use crate::side::Side;
use abstract_game::rng::SplitMix64;
use thiserror::Error;

/// The five cards of a game: two for Red, two for Blue and the side card, whose stamp decides who
/// starts.
///
/// Text form: five comma-separated names in that order, `horse,elephant,ox,boar,crab`. The order
/// of the cards inside a hand is kept as given (it does not change the game).
///
/// ```
/// use onitama_core::{Card, Deal, Side};
/// let deal: Deal = "horse,elephant,ox,boar,crab".parse()?;
/// assert_eq!(deal, Deal::COMMUNITY_A);
/// assert_eq!(deal.side_card(), Card::Crab);
/// assert_eq!(deal.first_player(), Side::Blue);
/// assert_eq!(deal.to_string(), "horse,elephant,ox,boar,crab");
/// # Ok::<(), onitama_core::ParseDealError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Deal {
    red: [Card; 2],
    blue: [Card; 2],
    side: Card,
}

impl Deal {
    /// Community set A: Red horse, elephant; Blue ox, boar; side card crab (Blue starts).
    pub const COMMUNITY_A: Deal = Deal {
        red: [Card::Horse, Card::Elephant],
        blue: [Card::Ox, Card::Boar],
        side: Card::Crab,
    };
    /// Community set B: Red rooster, tiger; Blue rabbit, cobra; side card frog (Red starts).
    pub const COMMUNITY_B: Deal = Deal {
        red: [Card::Rooster, Card::Tiger],
        blue: [Card::Rabbit, Card::Cobra],
        side: Card::Frog,
    };
    /// Community set C: Red mantis, eel; Blue goose, dragon; side card crane (Blue starts).
    pub const COMMUNITY_C: Deal = Deal {
        red: [Card::Mantis, Card::Eel],
        blue: [Card::Goose, Card::Dragon],
        side: Card::Crane,
    };
    /// Community set D: Red crab, dragon; Blue monkey, tiger; side card mantis (Red starts).
    pub const COMMUNITY_D: Deal = Deal {
        red: [Card::Crab, Card::Dragon],
        blue: [Card::Monkey, Card::Tiger],
        side: Card::Mantis,
    };

    /// The deal of Red's two cards, Blue's two cards and the side card.
    ///
    /// # Errors
    /// [`DealError::DuplicateCard`] if a card appears twice.
    pub fn new(red: [Card; 2], blue: [Card; 2], side: Card) -> Result<Deal, DealError> {
        let cards = [red[0], red[1], blue[0], blue[1], side];
        let mut seen = 0u16;
        for card in cards {
            if seen & (1 << card.index()) != 0 {
                return Err(DealError::DuplicateCard { card });
            }
            seen |= 1 << card.index();
        }
        Ok(Deal { red, blue, side })
    }

    /// A random deal drawn from the sixteen cards with a seeded [`SplitMix64`]: the same seed
    /// gives the same deal on every platform.
    #[must_use]
    pub fn random(seed: u64) -> Deal {
        let mut rng = SplitMix64::new(seed);
        let mut cards = Card::ALL;
        for i in 0..5 {
            let j = i + rng.below(16 - i);
            cards.swap(i, j);
        }
        Deal {
            red: [cards[0], cards[1]],
            blue: [cards[2], cards[3]],
            side: cards[4],
        }
    }

    /// The cards of `side`, in the order given.
    #[must_use]
    pub const fn hand(self, side: Side) -> [Card; 2] {
        match side {
            Side::Red => self.red,
            Side::Blue => self.blue,
        }
    }

    /// The side card.
    #[must_use]
    pub const fn side_card(self) -> Card {
        self.side
    }

    /// The five cards: Red's two, Blue's two, the side card.
    #[must_use]
    pub const fn cards(self) -> [Card; 5] {
        [
            self.red[0],
            self.red[1],
            self.blue[0],
            self.blue[1],
            self.side,
        ]
    }

    /// The side that starts: the colour of the side card's stamp.
    #[must_use]
    pub const fn first_player(self) -> Side {
        self.side.stamp()
    }
}

impl fmt::Display for Deal {
    /// `horse,elephant,ox,boar,crab`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d, e] = self.cards();
        write!(f, "{a},{b},{c},{d},{e}")
    }
}

impl FromStr for Deal {
    type Err = ParseDealError;

    /// Parses five comma-separated card names (any case): Red's two, Blue's two, the side card.
    fn from_str(text: &str) -> Result<Deal, ParseDealError> {
        let names: Vec<&str> = text.split(',').collect();
        if names.len() != 5 {
            return Err(ParseDealError::CardCount {
                text: text.to_owned(),
                found: names.len(),
            });
        }
        let mut cards = [Card::Boar; 5];
        for (i, name) in names.iter().enumerate() {
            cards[i] = name.parse().map_err(|source| ParseDealError::Card {
                index: i + 1,
                source,
            })?;
        }
        Ok(Deal::new(
            [cards[0], cards[1]],
            [cards[2], cards[3]],
            cards[4],
        )?)
    }
}

/// Why a deal text (`horse,elephant,ox,boar,crab`) was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseDealError {
    /// Not exactly five comma-separated names.
    #[error(
        "invalid deal {text:?}: expected five comma-separated card names (Red's two, Blue's two, the side card), found {found}"
    )]
    CardCount {
        /// The whole deal text.
        text: String,
        /// How many names were found.
        found: usize,
    },
    /// A name that is not a card.
    #[error("invalid deal: card {index} of 5: {source}")]
    Card {
        /// The position of the bad name, 1-based.
        index: usize,
        /// What was wrong with it.
        source: ParseCardError,
    },
    /// The same card twice.
    #[error(transparent)]
    Deal(#[from] DealError),
}

/// Why five cards do not form a deal.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DealError {
    /// A card appears more than once among the five.
    #[error("the card {card} appears more than once; a deal needs five different cards")]
    DuplicateCard {
        /// The repeated card.
        card: Card,
    },
}
