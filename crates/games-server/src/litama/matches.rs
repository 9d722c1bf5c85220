//! One Litama match: its players, and once the second has joined, the game.

use game_sessions::{Session, SessionResult};
use onitama_core::{Card, Position, Side};

use super::coords::{board_string, move_to_litama};
use super::messages::{ByColour, CardsJson, GameStateJson, WaitingState, to_json};

/// A player of a match: the name they gave and the token that lets them move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Player {
    pub(crate) username: String,
    pub(crate) token: String,
}

/// The five cards in Litama's order: Blue's two, Red's two, the side card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cards {
    pub(crate) blue: [Card; 2],
    pub(crate) red: [Card; 2],
    pub(crate) side: Card,
}

impl Cards {
    pub(crate) fn hand(self, side: Side) -> [Card; 2] {
        match side {
            Side::Blue => self.blue,
            Side::Red => self.red,
        }
    }

    fn json(self) -> CardsJson<'static> {
        CardsJson {
            blue: self.blue.map(Card::name),
            red: self.red.map(Card::name),
            side: self.side.name(),
        }
    }
}

/// A match once both players are in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Game {
    pub(crate) joiner: Player,
    /// The colour of the creator (index 0); the joiner (index 1) has the other.
    pub(crate) creator_colour: Side,
    /// The deal, in the order it was dealt (a position keeps each hand as a set).
    pub(crate) starting: Cards,
    /// The game itself; its participants are the usernames, by our side index.
    pub(crate) session: Session<Position>,
}

/// A match, waiting for its second player or being played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Match {
    pub(crate) creator: Player,
    pub(crate) game: Option<Game>,
    /// The time of the last create, join or move, in the glue's milliseconds.
    pub(crate) last_active_ms: u64,
}

/// The hand `now` (a set) in the order of `before`: a card still held keeps its place, a new
/// card takes the place of the one that left. This reproduces Litama's in-place exchange.
fn keep_order(before: [Card; 2], now: [Card; 2]) -> [Card; 2] {
    let other = |card: Card| if now[0] == card { now[1] } else { now[0] };
    match (now.contains(&before[0]), now.contains(&before[1])) {
        (true, true) => before,
        (true, false) => [before[0], other(before[0])],
        (false, true) => [other(before[1]), before[1]],
        (false, false) => now,
    }
}

impl Game {
    /// The player of `side`.
    pub(crate) fn player<'a>(&'a self, creator: &'a Player, side: Side) -> &'a Player {
        if side == self.creator_colour {
            creator
        } else {
            &self.joiner
        }
    }

    /// The current cards in Litama's order, following the exchanges from the deal on.
    pub(crate) fn cards(&self) -> Cards {
        let positions = self.session.record().positions();
        let mut cards = self.starting;
        for pos in positions.iter().skip(1) {
            cards.blue = keep_order(cards.blue, pos.hand(Side::Blue));
            cards.red = keep_order(cards.red, pos.hand(Side::Red));
            cards.side = pos.side_card();
        }
        cards
    }
}

impl Match {
    /// The state object of this match.
    pub(crate) fn state_json(&self, match_id: &str) -> String {
        let Some(game) = &self.game else {
            let name = self.creator.username.as_str();
            return to_json(&WaitingState {
                message_type: "state",
                match_id,
                game_state: "waiting for player",
                usernames: ByColour {
                    blue: name,
                    red: name,
                },
            });
        };
        let session = &game.session;
        let position = session.position();
        let index = |side: Side| u8::from(side != game.creator_colour);
        let winner = match session.result().and_then(SessionResult::winner) {
            Some(side) => side.id(),
            None => "none",
        };
        to_json(&GameStateJson {
            message_type: "state",
            match_id,
            usernames: ByColour {
                blue: &game.player(&self.creator, Side::Blue).username,
                red: &game.player(&self.creator, Side::Red).username,
            },
            indices: ByColour {
                blue: index(Side::Blue),
                red: index(Side::Red),
            },
            current_turn: position.side_to_move().id(),
            cards: game.cards().json(),
            starting_cards: game.starting.json(),
            moves: session
                .record()
                .moves()
                .iter()
                .map(|&mv| move_to_litama(mv))
                .collect(),
            board: board_string(position),
            game_state: if session.is_over() {
                "ended"
            } else {
                "in progress"
            },
            winner,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::keep_order;
    use onitama_core::Card::{Boar, Crab, Ox, Tiger};

    #[test]
    fn exchange_keeps_the_place() {
        assert_eq!(keep_order([Ox, Boar], [Boar, Ox]), [Ox, Boar]);
        assert_eq!(keep_order([Ox, Boar], [Boar, Crab]), [Crab, Boar]);
        assert_eq!(keep_order([Ox, Boar], [Crab, Ox]), [Ox, Crab]);
        assert_eq!(keep_order([Ox, Boar], [Crab, Tiger]), [Crab, Tiger]);
    }
}
