//! The JSON objects the endpoint sends, as structs so that the keys come out in the order the
//! clients expect (a map would sort them), written compactly.

use serde::Serialize;

/// A pair of values under the keys `blue` then `red`.
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ByColour<T> {
    pub(crate) blue: T,
    pub(crate) red: T,
}

/// The five cards: each player's two and the side card.
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CardsJson<'a> {
    pub(crate) blue: [&'a str; 2],
    pub(crate) red: [&'a str; 2],
    pub(crate) side: &'a str,
}

/// The answer to `create` and `join`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Seated<'a> {
    pub(crate) message_type: &'static str,
    pub(crate) match_id: &'a str,
    pub(crate) token: &'a str,
    pub(crate) index: u8,
}

/// The answer to `spectate` and `move`: the message type and the match.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Ack<'a> {
    pub(crate) message_type: &'static str,
    pub(crate) match_id: &'a str,
}

/// An error, sent to the sender only.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ErrorJson<'a> {
    pub(crate) message_type: &'static str,
    pub(crate) match_id: &'a str,
    pub(crate) error: &'a str,
    pub(crate) command: &'a str,
}

/// The state of a match whose second player has not come yet.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct WaitingState<'a> {
    pub(crate) message_type: &'static str,
    pub(crate) match_id: &'a str,
    pub(crate) game_state: &'static str,
    pub(crate) usernames: ByColour<&'a str>,
}

/// The state of a match with both players.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct GameStateJson<'a> {
    pub(crate) message_type: &'static str,
    pub(crate) match_id: &'a str,
    pub(crate) usernames: ByColour<&'a str>,
    pub(crate) indices: ByColour<u8>,
    pub(crate) current_turn: &'static str,
    pub(crate) cards: CardsJson<'a>,
    pub(crate) starting_cards: CardsJson<'a>,
    pub(crate) moves: Vec<String>,
    pub(crate) board: String,
    pub(crate) game_state: &'static str,
    pub(crate) winner: &'static str,
}

/// Compact JSON of a message. Serializing these structs of strings and numbers cannot fail; if
/// it ever did, the empty string is sent rather than a panic.
pub(crate) fn to_json<T: Serialize>(message: &T) -> String {
    serde_json::to_string(message).unwrap_or_default()
}
