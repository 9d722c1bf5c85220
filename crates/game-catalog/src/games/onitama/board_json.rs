//! Onitama's board as JSON for a graphical front end: the pieces, the five cards with their
//! moves, and the card just used.

use onitama_core::{Card, Move, Piece, Side, Square};
use serde_json::{Map, Value, json};

use super::super::Onitama;

/// `{"pieces": [{"square", "player", "kind"}], "cards": {"red": [C, C], "blue": [C, C],
/// "side": C}, "last_card": C | null, "card_moves": {C: [[dx, dy]...]}}`; `dx > 0` is to the
/// holder's right and `dy > 0` forward.
pub(crate) fn board_json(pos: &Onitama, last: Option<Move>) -> Value {
    let mut pieces = Vec::new();
    for index in 0..25 {
        let Some(sq) = Square::from_index(index) else {
            continue;
        };
        if let Some((side, piece)) = pos.piece_at(sq) {
            pieces.push(json!({
                "square": sq.to_string(),
                "player": side.id(),
                "kind": match piece { Piece::Master => "master", Piece::Student => "student" },
            }));
        }
    }
    let hand = |side: Side| {
        let mut cards = pos.hand(side).map(Card::name);
        cards.sort_unstable();
        cards
    };
    let mut in_play = vec![pos.side_card()];
    in_play.extend(pos.hand(Side::Red));
    in_play.extend(pos.hand(Side::Blue));
    let mut card_moves = Map::new();
    for card in in_play {
        let moves: Vec<[i8; 2]> = card.offsets().iter().map(|&(dx, dy)| [dx, dy]).collect();
        card_moves.insert(card.name().to_owned(), json!(moves));
    }
    json!({
        "pieces": pieces,
        "cards": {"red": hand(Side::Red), "blue": hand(Side::Blue), "side": pos.side_card().name()},
        "last_card": last.map(|mv| mv.card().name()),
        "card_moves": card_moves,
    })
}
