//! The saved form of a match: one compact JSON object with everything needed to go on after a
//! restart (see the module documentation of [`crate::litama`] for its shape).

use game_sessions::Session;
use onitama_core::{Position, Side};
use serde::{Deserialize, Serialize};

use super::LitamaError;
use super::coords::card_from_name;
use super::matches::{Cards, Game, Match, Player};
use super::validate::{is_match_id, is_token, is_username};

/// The value of the `format` key.
const FORMAT: &str = "litama-match";
/// The value of the `version` key.
const VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct StoredMatch {
    format: String,
    version: u32,
    match_id: String,
    /// The last `create`, `join` or `move`, on the glue's clock: the server's wall clock
    /// (milliseconds since the Unix epoch).
    last_active_ms: u64,
    creator: StoredPlayer,
    #[serde(default)]
    joiner: Option<StoredPlayer>,
    #[serde(default)]
    creator_colour: Option<String>,
    #[serde(default)]
    starting_cards: Option<StoredCards>,
    #[serde(default)]
    session: Option<serde_json::Value>,
}

#[derive(Serialize, Deserialize)]
struct StoredPlayer {
    username: String,
    token: String,
}

#[derive(Serialize, Deserialize)]
struct StoredCards {
    blue: [String; 2],
    red: [String; 2],
    side: String,
}

impl StoredPlayer {
    fn of(player: &Player) -> StoredPlayer {
        StoredPlayer {
            username: player.username.clone(),
            token: player.token.clone(),
        }
    }

    fn player(self, role: &str) -> Result<Player, String> {
        if !is_username(&self.username) {
            return Err(format!("the {role}'s username is not acceptable"));
        }
        if !is_token(&self.token) {
            return Err(format!("the {role}'s token is not 64 lowercase hex digits"));
        }
        Ok(Player {
            username: self.username,
            token: self.token,
        })
    }
}

impl StoredCards {
    fn of(cards: Cards) -> StoredCards {
        let names = |hand: [onitama_core::Card; 2]| hand.map(|c| c.name().to_owned());
        StoredCards {
            blue: names(cards.blue),
            red: names(cards.red),
            side: cards.side.name().to_owned(),
        }
    }

    fn cards(&self) -> Result<Cards, String> {
        let card = |name: &str| card_from_name(name).ok_or(format!("unknown card {name:?}"));
        Ok(Cards {
            blue: [card(&self.blue[0])?, card(&self.blue[1])?],
            red: [card(&self.red[0])?, card(&self.red[1])?],
            side: card(&self.side)?,
        })
    }
}

/// The saved JSON of a match.
pub(crate) fn encode(match_id: &str, m: &Match) -> String {
    let game = m.game.as_ref();
    let stored = StoredMatch {
        format: FORMAT.to_owned(),
        version: VERSION,
        match_id: match_id.to_owned(),
        last_active_ms: m.last_active_ms,
        creator: StoredPlayer::of(&m.creator),
        joiner: game.map(|g| StoredPlayer::of(&g.joiner)),
        creator_colour: game.map(|g| g.creator_colour.id().to_owned()),
        starting_cards: game.map(|g| StoredCards::of(g.starting)),
        session: game
            .map(|g| serde_json::from_str(&g.session.to_json()).unwrap_or(serde_json::Value::Null)),
    };
    serde_json::to_string(&stored).unwrap_or_default()
}

/// Reads [`encode`]'s JSON back, checking that it is consistent.
pub(crate) fn decode(match_id: &str, json: &str) -> Result<Match, LitamaError> {
    let invalid = |reason: String| LitamaError::Invalid {
        match_id: match_id.to_owned(),
        reason,
    };
    if !is_match_id(match_id) {
        return Err(LitamaError::BadMatchId(match_id.to_owned()));
    }
    let stored: StoredMatch =
        serde_json::from_str(json).map_err(|e| invalid(format!("not a saved match: {e}")))?;
    if stored.format != FORMAT || stored.version != VERSION {
        return Err(invalid(format!(
            "format {:?} version {}, expected {FORMAT:?} version {VERSION}",
            stored.format, stored.version
        )));
    }
    if stored.match_id != match_id {
        return Err(invalid(format!(
            "the JSON is of the match {:?}",
            stored.match_id
        )));
    }
    let creator = stored.creator.player("creator").map_err(invalid)?;
    let game = match (
        stored.joiner,
        stored.creator_colour,
        stored.starting_cards,
        stored.session,
    ) {
        (None, None, None, None) => None,
        (Some(joiner), Some(colour), Some(starting), Some(session)) => {
            Some(decode_game(&creator, joiner, &colour, &starting, &session).map_err(invalid)?)
        }
        _ => {
            return Err(invalid(
                "joiner, creatorColour, startingCards and session must be all given or all null"
                    .to_owned(),
            ));
        }
    };
    Ok(Match {
        creator,
        game,
        last_active_ms: stored.last_active_ms,
    })
}

fn decode_game(
    creator: &Player,
    joiner: StoredPlayer,
    colour: &str,
    starting: &StoredCards,
    session: &serde_json::Value,
) -> Result<Game, String> {
    let joiner = joiner.player("joiner")?;
    if joiner.token == creator.token {
        return Err("both players have the same token".to_owned());
    }
    let creator_colour = match colour {
        "blue" => Side::Blue,
        "red" => Side::Red,
        _ => {
            return Err(format!(
                "creatorColour {colour:?} is not \"blue\" or \"red\""
            ));
        }
    };
    let starting = starting.cards()?;
    let session: Session<Position> =
        Session::from_json(&session.to_string()).map_err(|e| format!("session: {e}"))?;
    if session.game() != "onitama" {
        return Err(format!(
            "the session is a game of {:?}, not onitama",
            session.game()
        ));
    }
    let start = session.record().start();
    let same_hand =
        |a: [onitama_core::Card; 2], b: [onitama_core::Card; 2]| a == b || a == [b[1], b[0]];
    if !Side::BOTH
        .into_iter()
        .all(|side| same_hand(starting.hand(side), start.hand(side)))
        || starting.side != start.side_card()
    {
        return Err("startingCards differ from the cards of the session's start".to_owned());
    }
    let game = Game {
        joiner,
        creator_colour,
        starting,
        session,
    };
    for side in Side::BOTH {
        let name = game.player(creator, side).username.as_str();
        if game.session.participant(side).name() != name {
            return Err(format!("the session's {side} seat is not {name:?}"));
        }
    }
    Ok(game)
}
